/// What one frame drew into the framebuffer: its fill commands, in order, and the device pixels
/// each may touch (as prepared: clip, shape and surface applied). Comparing two of them gives
/// the damage between the frames (`changes(from:)`).
///
/// Strata extension (Core Animation's damage tracking is private).
package struct DrawnCommands: Sendable {
    package let commands: [FillCommand]
    /// Per command, the pixels it may touch; empty for a command that draws nothing.
    package let bounds: [IntRect]
    package let width: Int, height: Int
    /// Per command, `drawingHash`: computed once, used as the new list now and as the old one
    /// when the next frame is compared with this one.
    let hashes: [Int]
    /// Per command, the address of its `RetainedCommand` (0 for none): two kept copies of one
    /// command match without comparing values. The commands hold the tokens, so while this
    /// list lives no other token can take an address in it.
    let tokens: [UInt]
    /// What the framebuffer pass loads before its commands.
    package let load: PassLoad
    /// How the frame's offscreen surfaces were drawn.
    let offscreen: OffscreenHistory

    package init(commands: [FillCommand], bounds: [IntRect], width: Int, height: Int, load: PassLoad,
                 offscreenPasses: [RenderPass] = []) {
        self.commands = commands
        hashes = commands.map(\.drawingHash)
        tokens = commands.map { c in c.retained.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0 }
        self.bounds = bounds
        self.width = width
        self.height = height
        self.load = load
        offscreen = OffscreenHistory(offscreenPasses)
    }

    /// The whole framebuffer.
    package var fullRect: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// The damage against `old` twice: `redraw`, the device rectangles (disjoint, at most
    /// `maximumRects`, inside the framebuffer) outside which this frame's pixels equal `old`'s
    /// (a few boxes: what a redraw rasterises), and `changed`, the same unmatched commands'
    /// bounds rounded out to 8-px tiles (`DamageTiles`) when that covers fewer pixels in at most
    /// `maximumChangedRects` rectangles, else `redraw` again: what a presenter sends. Both hold
    /// every pixel that differs; `changed` lies inside `redraw`'s pixels or is it.
    ///
    /// Why it is exact: commands are matched in order (a common subsequence of the two lists, by
    /// `FillCommand.drawsSame`); a pixel outside the bounds of every unmatched command is touched
    /// by the same commands in the same order in both frames, over the same loaded value, so
    /// it comes out the same. The unmatched commands' bounds (old and new) are the damage.
    /// The matching is Myers' shortest edit script after trimming the common prefix and suffix;
    /// past `maximumEdits` edits the whole unmatched middle counts as damaged.
    package func changes(from old: DrawnCommands, maximumRects: Int = 8, maximumEdits: Int = 512,
                         maximumChangedRects: Int = 1024) -> (redraw: [IntRect], changed: [IntRect]) {
        guard old.width == width, old.height == height, old.load.sameLoad(as: load) else { return ([fullRect], [fullRect]) }
        let oldHashes = old.hashes, newHashes = hashes, oldTokens = old.tokens, newTokens = tokens
        // Offscreen surfaces are new each frame: they match when drawn the same way (remembered).
        var known: [Pair: Bool] = [:]
        let surfaces = { (new: Surface, previous: Surface) -> Bool in
            if new === previous { return true }
            let key = Pair(new: ObjectIdentifier(new), old: ObjectIdentifier(previous))
            if let k = known[key] { return k }
            let same = offscreen.sameContent(new, as: previous, in: old.offscreen)
            known[key] = same
            return same
        }
        // Through buffer pointers: subscripting the arrays in the closure copied each command.
        let matching = commands.withUnsafeBufferPointer { newCommands in
            old.commands.withUnsafeBufferPointer { oldCommands in
                CommandMatching(old: oldCommands.count, new: newCommands.count, maximumEdits: maximumEdits,
                                keys: (oldHashes, newHashes), givesUp: { a, b in
                                    surelyDamagesNearlyAll(old, oldRange: a, newRange: b, maximumRects: maximumRects)
                                }) { i, j in
                    oldHashes[i] == newHashes[j] && ((oldTokens[i] != 0 && oldTokens[i] == newTokens[j])
                        || newCommands[j].drawsSame(as: oldCommands[i], surfaces: surfaces))
                }
            }
        }
        var region = DamageRegion(clip: fullRect, maximumRects: maximumRects)
        var tiles = DamageTiles(width: width, height: height)
        for i in 0..<old.commands.count where !matching.oldMatched[i] {
            region.add(old.bounds[i])
            tiles.add(old.bounds[i])
        }
        for j in 0..<commands.count where !matching.newMatched[j] {
            region.add(bounds[j])
            tiles.add(bounds[j])
        }
        // The tiles inside the boxes (both disjoint: so are their intersections).
        guard let tiled = tiles.rects(maximum: maximumChangedRects) else { return (region.rects, region.rects) }
        var finer: [IntRect] = []
        finer.reserveCapacity(Swift.min(maximumChangedRects + 1, tiled.count * region.rects.count))
        for t in tiled {
            for r in region.rects {
                let i = t.intersection(r)
                if !i.isEmpty { finer.append(i) }
            }
        }
        guard finer.count <= maximumChangedRects, finer.reduce(0, { $0 + $1.area }) < region.area
        else { return (region.rects, region.rects) }
        return (region.rects, finer)
    }
}

extension DrawnCommands {
    /// Whether the middles left after trimming the common prefix and suffix surely damage at
    /// least 90 % of the frame: a command whose hash the other middle lacks is unmatched by any
    /// matching, so its bounds are damage whatever the search finds. Then the search (Myers',
    /// O((N + M)·D): a 2D scene whose 100 layers all move ran it to D = 200 every frame) could
    /// spare at most a tenth of the pixels, and the damage is taken as the whole middle.
    func surelyDamagesNearlyAll(_ old: DrawnCommands, oldRange a: Range<Int>, newRange b: Range<Int>, maximumRects: Int) -> Bool {
        guard a.count + b.count >= 32 else { return false }
        let oldKeys = Set(old.hashes[a]), newKeys = Set(hashes[b])
        var sure = DamageRegion(clip: fullRect, maximumRects: maximumRects)
        for i in a where !newKeys.contains(old.hashes[i]) { sure.add(old.bounds[i]) }
        for j in b where !oldKeys.contains(hashes[j]) { sure.add(bounds[j]) }
        return sure.area * 10 >= fullRect.area * 9
    }
}

private struct Pair: Hashable {
    let new: ObjectIdentifier, old: ObjectIdentifier
}

extension PassLoad {
    /// Whether two loads put the same pixels in the framebuffer (a copy never counts as same:
    /// its source may have changed).
    func sameLoad(as other: PassLoad) -> Bool {
        switch (self, other) {
        case (.keep, .keep): true
        case (.clear(let a), .clear(let b)): a == b
        default: false
        }
    }
}
