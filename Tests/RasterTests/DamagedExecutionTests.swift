import Testing
@testable import Raster

extension DrawnCommands {
    /// The boxes a redraw rasterises: `changes(from:).redraw`.
    func damage(from old: DrawnCommands, maximumRects: Int = 8) -> [IntRect] {
        changes(from: old, maximumRects: maximumRects).redraw
    }
}

// Redrawing a rectangle of a frame (`execute(_:on:within:)`, what damage tracking runs) gives
// exactly the full frame's pixels inside it and touches nothing outside it, for every kind of
// fill: textures, perspective, polygon and rounded clips (busyScene), paths with curves,
// gradients. Exact, not within a tolerance: a damaged frame must equal a full redraw.

private func scene(seed: UInt64, width: Int, height: Int) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var commands = busyScene(seed: seed, width: width, height: height)
    for i in 0..<4 {
        var path = randomPath(&rng, size: 40, curves: i % 2 == 0)
        if path.verbs.isEmpty { path = polygonPath([SIMD2(0, 0), SIMD2(30, 5), SIMD2(10, 35)]) }
        let map = Projective.rotation(Double.random(in: 0...6, using: &rng))
            .concatenating(.translation(Double.random(in: 0...Double(width), using: &rng), Double.random(in: 0...Double(height), using: &rng)))
        commands.append(FillCommand(path: path, rule: i % 2 == 0 ? .nonZero : .evenOdd, localToDevice: map,
                                    paint: .solid(randomPremultiplied(&rng)), opacity: 0.8))
    }
    let gradient = Gradient(kind: .radial(startCenter: SIMD2(10, 10), startRadius: 2, endCenter: SIMD2(20, 20), endRadius: 30),
                            stops: [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(0, 0, 1, 0.5))])
    commands.append(FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 50, maxY: 40, cornerRadius: 8),
                                localToDevice: .rotation(0.3).concatenating(.translation(30, 20)),
                                paint: .gradient(gradient, map: .identity), opacity: 0.9))
    return commands
}

/// Redraws `rect` of `full` (scribbled over first, as a stale frame would hold it) from
/// `prepared`; records the first pixel that differs from the full frame. False if one did.
private func redrawsExactly(_ prepared: PreparedPasses, _ rect: IntRect, of full: Surface, seed: UInt64) -> Bool {
    let (w, h) = (full.width, full.height)
    let partial = Surface(width: w, height: h)
    partial.copy(IntRect(partial), from: full)
    partial.clear(rect, to: 0xFF00_FF00)
    execute(prepared, on: partial, within: [rect], clear: 0xFF20_2020, threads: 2)
    for y in 0..<h {
        for x in 0..<w where partial[x, y] != full[x, y] {
            Issue.record("seed \(seed) rect \(rect): (\(x), \(y)) is \(String(partial[x, y], radix: 16)), full \(String(full[x, y], radix: 16))")
            return false
        }
    }
    return true
}

@Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
func aRedrawnRectangleHoldsExactlyTheFullFramesPixels(seed: UInt64) {
    let (w, h) = (120, 100)
    let commands = scene(seed: seed, width: w, height: h)
    let full = Surface(width: w, height: h)
    full.clear(0xFF20_2020)
    execute(commands, on: full, threads: 2)
    var rng = SeededRandom(seed: seed &+ 100)
    let prepared = PreparedPasses([RenderPass(target: .framebuffer, commands: commands)], framebufferWidth: w, framebufferHeight: h)
    for _ in 0..<12 {
        let x0 = Int.random(in: -10..<w, using: &rng), y0 = Int.random(in: -10..<h, using: &rng)
        let rect = IntRect(x0: x0, y0: y0, x1: x0 + Int.random(in: 1...70, using: &rng), y1: y0 + Int.random(in: 1...70, using: &rng))
        guard redrawsExactly(prepared, rect, of: full, seed: seed) else { return }
    }
}

@Test func unmatchedCommandsAreTheDamageAndReStackingDamagesOnlyTheMovedLayer() {
    func square(_ x: Double, _ color: UInt32) -> FillCommand {
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 10, maxY: 10, cornerRadius: 0),
                    localToDevice: .translation(x, 5), paint: .solid(color))
    }
    func drawn(_ commands: [FillCommand]) -> DrawnCommands {
        let prepared = PreparedPasses([RenderPass(target: .framebuffer, commands: commands)], framebufferWidth: 100, framebufferHeight: 20)
        return prepared.drawnCommands!
    }
    let a = square(0, 0xFFFF_0000), b = square(20, 0xFF00_FF00), c = square(40, 0xFF00_00FF), d = square(60, 0xFFFF_FFFF)
    // Nothing changed: no damage.
    #expect(drawn([a, b, c, d]).damage(from: drawn([a, b, c, d])) == [])
    // c moved by 5 px: its old and new bounds (the pixels it covers, no anti-aliased rim
    // beyond a pixel-aligned square: the prepared bounds are one pixel wider each side).
    #expect(drawn([a, b, square(45, 0xFF00_00FF), d]).damage(from: drawn([a, b, c, d])) == [IntRect(x0: 39, y0: 4, x1: 56, y1: 16)])
    // d brought from the top to the bottom of the stack: only d's pixels.
    #expect(drawn([d, a, b, c]).damage(from: drawn([a, b, c, d])) == [IntRect(x0: 59, y0: 4, x1: 71, y1: 16)])
    // Two separate changes stay two rectangles.
    let two = drawn([square(1, 0xFFFF_0000), b, c, square(61, 0xFFFF_FFFF)]).damage(from: drawn([a, b, c, d]))
    #expect(two.sorted { $0.x0 < $1.x0 } == [IntRect(x0: 0, y0: 4, x1: 12, y1: 16), IntRect(x0: 59, y0: 4, x1: 72, y1: 16)])
}

/// Kept commands (tokens whose place is known) are prepared only when a redraw reaches them:
/// the redraw still holds exactly the full frame's pixels, widened by the commands' bounds where
/// textures, gradients and paths step along rows, and the deferred list knows every bound.
@Test(arguments: [UInt64(1), 2, 3, 4])
func deferredKeptCommandsRedrawExactlyTheFullFrame(seed: UInt64) {
    let (w, h) = (120, 100)
    var commands = scene(seed: seed, width: w, height: h)
    // All but every fifth command kept (as still layers' are), the others fresh each frame.
    for i in commands.indices where i % 5 != 0 { commands[i].retained = RetainedCommand(for: commands[i]) }
    let full = Surface(width: w, height: h)
    full.clear(0xFF20_2020)
    execute(commands, on: full, threads: 2)
    let pass = [RenderPass(target: .framebuffer, commands: commands)]
    // The first preparation prepares everything and teaches the tokens their places.
    let first = PreparedPasses(pass, framebufferWidth: w, framebufferHeight: h, defersKnown: true)
    #expect(!first.prepared[0].isDeferred)
    let eager = PreparedCommands(commands, width: w, height: h)
    let deferred = PreparedPasses(pass, framebufferWidth: w, framebufferHeight: h, defersKnown: true)
    #expect(deferred.prepared[0].isDeferred)
    #expect(deferred.prepared[0].commandBounds == eager.commandBounds)
    #expect(deferred.drawnCommands!.bounds == eager.commandBounds)
    // Another surface size knows nothing: prepared in full.
    #expect(!PreparedPasses(pass, framebufferWidth: w + 1, framebufferHeight: h, defersKnown: true).prepared[0].isDeferred)
    var rng = SeededRandom(seed: seed &+ 200)
    for _ in 0..<12 {
        let x0 = Int.random(in: -10..<w, using: &rng), y0 = Int.random(in: -10..<h, using: &rng)
        let rect = IntRect(x0: x0, y0: y0, x1: x0 + Int.random(in: 1...50, using: &rng), y1: y0 + Int.random(in: 1...50, using: &rng))
        // Widened by bounds: at least what the prepared fills would widen it to.
        let byFills = eager.widenedForExactRedraw([rect], clip: IntRect(full))
        let byBounds = deferred.prepared[0].widenedForExactRedraw([rect], clip: IntRect(full))
        for r in byFills { #expect(byBounds.contains { $0.intersection(r) == r }, "\(r) not inside \(byBounds)") }
        guard redrawsExactly(deferred, rect, of: full, seed: seed) else { return }
    }
    // Drawn whole, a deferred list is prepared in full.
    let whole = Surface(width: w, height: h)
    whole.clear(0xFF20_2020)
    execute(deferred, on: whole, threads: 2)
    #expect((0..<h).allSatisfy { y in (0..<w).allSatisfy { whole[$0, y] == full[$0, y] } })
}

/// When the commands that surely changed (their hash is not in the other frame) already damage
/// 90 % of the frame, the matching search is skipped; the damage still covers every change.
@Test func aFrameWhereEverythingMovedSkipsTheSearchAndStillRedrawsExactly() {
    let (w, h) = (160, 120)
    func frame(_ t: Double, moving: Bool) -> [FillCommand] {
        var commands = [FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h)),
                                    localToDevice: .identity, paint: .solid(0xFF10_1010))]
        for i in 0..<60 {
            let x = Double((i * 37) % w), y = Double((i * 53) % h)
            let dx = moving ? 3 * (t + Double(i)).truncatingRemainder(dividingBy: 2) : 0
            commands.append(FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 40, maxY: 30, cornerRadius: 4),
                                        localToDevice: .rotation(moving ? t * 0.1 : 0).concatenating(.translation(x + dx - 10, y - 10)),
                                        paint: .solid(0xC000_0000 | UInt32(i * 4) << 8 | 0x40), opacity: 0.8))
        }
        return commands
    }
    func drawn(_ c: [FillCommand]) -> DrawnCommands {
        PreparedPasses([RenderPass(target: .framebuffer, commands: c)], framebufferWidth: w, framebufferHeight: h).drawnCommands!
    }
    let still = drawn(frame(0, moving: false))
    let moved = drawn(frame(1, moving: true))
    // Everything but the background moved: the search is skipped (the background matches as
    // the common prefix); two frames alike, or one small change, still search.
    #expect(moved.surelyDamagesNearlyAll(still, oldRange: 1..<61, newRange: 1..<61, maximumRects: 8))
    #expect(!still.surelyDamagesNearlyAll(still, oldRange: 1..<61, newRange: 1..<61, maximumRects: 8))
    var one = frame(0, moving: false)
    one[30].paint = .solid(0xFFFF_FFFF)
    #expect(!drawn(one).surelyDamagesNearlyAll(still, oldRange: 1..<61, newRange: 1..<61, maximumRects: 8))
    #expect(drawn(one).damage(from: still).reduce(0) { $0 + $1.area } < w * h / 4)
    // Frames that all move, redrawn in part, equal full redraws.
    let target = Surface(width: w, height: h)
    execute(frame(0, moving: true), on: target, threads: 2)
    var previous = drawn(frame(0, moving: true))
    for k in 1..<8 {
        let commands = frame(Double(k) * 0.7, moving: true)
        let prepared = PreparedPasses([RenderPass(target: .framebuffer, commands: commands)], framebufferWidth: w, framebufferHeight: h)
        let now = prepared.drawnCommands!
        execute(prepared, on: target, within: now.damage(from: previous), clear: nil, threads: 2)
        previous = now
        let full = Surface(width: w, height: h)
        execute(commands, on: full, threads: 2)
        #expect((0..<h).allSatisfy { y in (0..<w).allSatisfy { target[$0, y] == full[$0, y] } }, "frame \(k)")
    }
}

/// A rect less another: the bands above and below, then left and right of the overlap; the pieces
/// are disjoint and cover exactly the pixels outside the cut (counted pixel by pixel).
@Test func subtractingARectLeavesExactlyThePixelsOutsideIt() {
    let r = IntRect(x0: 0, y0: 0, x1: 10, y1: 8)
    #expect(r.subtracting(IntRect(x0: 3, y0: 2, x1: 6, y1: 5)) == [
        IntRect(x0: 0, y0: 0, x1: 10, y1: 2), IntRect(x0: 0, y0: 5, x1: 10, y1: 8),
        IntRect(x0: 0, y0: 2, x1: 3, y1: 5), IntRect(x0: 6, y0: 2, x1: 10, y1: 5)])
    #expect(r.subtracting(IntRect(x0: 20, y0: 0, x1: 30, y1: 8)) == [r])
    #expect(r.subtracting(IntRect(x0: -1, y0: -1, x1: 11, y1: 9)) == [])
    var g = SystemRandomNumberGenerator()
    for _ in 0..<200 {
        func random() -> IntRect {
            let x = Int.random(in: -4...12, using: &g), y = Int.random(in: -4...12, using: &g)
            return IntRect(x0: x, y0: y, x1: x + Int.random(in: 0...10, using: &g), y1: y + Int.random(in: 0...10, using: &g))
        }
        let cuts = [random(), random()], rects = [random()]
        let pieces = IntRect.subtracting(cuts, from: rects)
        for y in -5..<25 {
            for x in -5..<25 {
                let inside = rects.contains { $0.contains(x, y) } && !cuts.contains { $0.contains(x, y) }
                #expect(pieces.filter { $0.contains(x, y) }.count == (inside ? 1 : 0), "(\(x), \(y)) \(rects) − \(cuts)")
            }
        }
    }
}

private extension IntRect {
    func contains(_ x: Int, _ y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}
