import Dispatch
import Synchronization

/// Rows per band: small enough that two workers interleave well, large enough that the
/// per-band cost of walking the command list stays negligible.
let bandHeight = 16

/// Draws fill commands onto a surface, source-over, in order, on `threads` workers.
///
/// The surface is split into horizontal bands of 16 rows; workers take the next band not yet
/// taken and run all commands on it, so the band stays in cache. The result is
/// pixel-identical whatever `threads` is. Commands that cannot draw anything (empty shape,
/// NaN, a singular map, entirely behind the eye) are skipped.
///
/// With `profile`, the time of each fill is added to its kernel's total (`RasterProfile`).
public func execute(_ commands: [FillCommand], on surface: Surface, threads: Int = 2, profile: RasterProfile? = nil) {
    guard surface.width > 0, surface.height > 0, !commands.isEmpty else { return }
    if profile == nil, threads >= 2, commands.count >= 2 * pipelineChunk, surface.height > bandHeight {
        return executePipelined(commands, on: surface, threads: threads)
    }
    // Prepared in a scene whose arrays an earlier call used (`RasterStorage`).
    let start = DispatchTime.now().uptimeNanoseconds
    var scene = RasterStorage.shared.scene()
    scene.prepare(commands[...], surfaceRect: IntRect(surface))
    rasterise(scene, on: surface, rows: 0..<surface.height, threads: threads,
              prepareNanoseconds: DispatchTime.now().uptimeNanoseconds &- start, profile: profile)
    RasterStorage.shared.recycle(&scene)
}

/// Commands per chunk of a pipelined `execute`: a few frames of a scene of shapes, prepared in a
/// fraction of the time its bands take.
let pipelineChunk = 256

/// `execute` of a long list (a `CGContext` batch of thousands of strokes and fills) in chunks,
/// so that preparing overlaps drawing: while the other workers draw chunk k, the calling thread
/// prepares chunk k + 1 and then joins them on chunk k's remaining bands. Chunk k is drawn in
/// full before chunk k + 1 starts, so every pixel sees the commands in their order: the same
/// pixels as one pass (a fill's pixels depend only on the fill and the pixels below it).
func executePipelined(_ commands: [FillCommand], on surface: Surface, threads: Int) {
    let rect = IntRect(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
    let chunks = (commands.count + pipelineChunk - 1) / pipelineChunk
    // Each chunk is prepared in a scene whose arrays an earlier chunk (or call) used.
    @Sendable func prepare(_ k: Int) -> PreparedScene {
        let lo = k * pipelineChunk
        var scene = RasterStorage.shared.scene()
        scene.prepare(commands[lo..<Swift.min(commands.count, lo + pipelineChunk)], surfaceRect: rect)
        return scene
    }
    var scene = prepare(0)
    let next = PreparedSlot()
    for k in 0..<chunks {
        guard k + 1 < chunks else {
            rasterise(scene, on: surface, rows: 0..<surface.height, threads: threads, prepareNanoseconds: 0, profile: nil)
            return RasterStorage.shared.recycle(&scene)
        }
        if scene.fills.isEmpty {
            next.scene = prepare(k + 1)
        } else {
            rasterise(scene, on: surface, rows: 0..<surface.height, threads: threads, prepareNanoseconds: 0, profile: nil,
                      callerFirst: { next.scene = prepare(k + 1) })
        }
        RasterStorage.shared.recycle(&scene)
        swap(&scene, &next.scene)
    }
}

/// Hands the scene the calling worker prepared back to the loop (written by that worker before
/// the band workers' join, read after it).
private final class PreparedSlot: @unchecked Sendable {
    var scene = PreparedScene()
}

/// Fill commands prepared for one surface size: the per-fill setup (edges, corners, fast-path
/// constants) that `execute` otherwise does serially before any pixel. A compositor prepares
/// frame k + 1 on the thread that builds it while frame k rasterises. Strata extension.
public struct PreparedCommands: Sendable {
    let commands: [FillCommand]
    /// The prepared fills; empty when `isDeferred` (a redraw prepares the commands it reaches).
    let scene: PreparedScene
    /// The surface size the commands were prepared for.
    public let width: Int, height: Int
    let prepareNanoseconds: UInt64
    /// Per command, the device pixels it may touch (empty for a command that draws nothing).
    package let commandBounds: [IntRect]
    /// Per command, whether one of its fills steps along rows (`PreparedFill.stepsAlongRows`).
    let commandSteps: [Bool]
    /// Whether `scene` was left unprepared: the commands' places are known (kept commands whose
    /// `RetainedCommand` had them), and a draw prepares only the commands its region reaches.
    let isDeferred: Bool

    /// Prepares `commands` for a `width` × `height` surface.
    public init(_ commands: [FillCommand], width: Int, height: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        self.commands = commands
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        scene = PreparedScene(commands, surfaceRect: IntRect(x0: 0, y0: 0, x1: self.width, y1: self.height))
        commandBounds = scene.commandBounds
        commandSteps = scene.commandSteps
        isDeferred = false
        prepareNanoseconds = DispatchTime.now().uptimeNanoseconds &- start
    }

    /// Prepares `commands` as `init(_:width:height:)` does, except that kept commands whose
    /// place on a surface of this size is already known (`RetainedCommand`) are not prepared:
    /// then the whole list is deferred, its bounds known, and a redraw prepares only the
    /// commands that reach what it redraws. Kept commands prepared here learn their place.
    /// Only the thread that prepares frames may call this (it writes the tokens).
    package init(_ commands: [FillCommand], width: Int, height: Int, defersKnown: Bool) {
        let w = Swift.max(0, width), h = Swift.max(0, height)
        var known = 0
        if defersKnown {
            for c in commands {
                if let p = c.retained?.placement, p.width == w, p.height == h { known += 1 }
            }
        }
        guard known > 0 else {
            self.init(commands, width: width, height: height)
            if defersKnown { Self.teachPlacements(commands, commandBounds, commandSteps, width: w, height: h) }
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var bounds = [IntRect](repeating: IntRect(x0: 0, y0: 0, x1: 0, y1: 0), count: commands.count)
        var steps = [Bool](repeating: false, count: commands.count)
        var fresh: [FillCommand] = [], freshIndex: [Int] = []
        fresh.reserveCapacity(commands.count - known)
        freshIndex.reserveCapacity(commands.count - known)
        for (i, c) in commands.enumerated() {
            if let p = c.retained?.placement, p.width == w, p.height == h {
                bounds[i] = p.bounds
                steps[i] = p.steps
            } else {
                fresh.append(c)
                freshIndex.append(i)
            }
        }
        if !fresh.isEmpty {
            let s = PreparedScene(fresh, surfaceRect: IntRect(x0: 0, y0: 0, x1: w, y1: h))
            for (k, i) in freshIndex.enumerated() {
                bounds[i] = s.commandBounds[k]
                steps[i] = s.commandSteps[k]
            }
            Self.teachPlacements(fresh, s.commandBounds, s.commandSteps, width: w, height: h)
        }
        self.init(deferred: commands, width: w, height: h, bounds: bounds, steps: steps,
                  nanoseconds: DispatchTime.now().uptimeNanoseconds &- start)
    }

    private init(deferred commands: [FillCommand], width: Int, height: Int, bounds: [IntRect], steps: [Bool], nanoseconds: UInt64) {
        self.commands = commands
        self.width = width
        self.height = height
        scene = PreparedScene()
        commandBounds = bounds
        commandSteps = steps
        isDeferred = true
        prepareNanoseconds = nanoseconds
    }

    /// Records where kept commands land on a `width` × `height` surface.
    private static func teachPlacements(_ commands: [FillCommand], _ bounds: [IntRect], _ steps: [Bool], width: Int, height: Int) {
        for (i, c) in commands.enumerated() {
            guard let r = c.retained else { continue }
            r.placement = (width, height, bounds[i], steps[i])
        }
    }

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { isDeferred ? commandBounds.allSatisfy(\.isEmpty) : scene.fills.isEmpty }

    /// These commands prepared in full (the same when they are not deferred).
    var complete: PreparedCommands {
        isDeferred ? PreparedCommands(commands, width: width, height: height) : self
    }

    /// The commands whose pixels meet `region`, prepared (all of them when not deferred): the
    /// ones a redraw inside `region` needs, in order. A command that touches no pixel of the
    /// region changes none of them, so leaving it out leaves every pixel there as it was.
    func reaching(_ region: [IntRect]) -> PreparedCommands {
        guard isDeferred else { return self }
        var subset: [FillCommand] = []
        forEachCommand(meeting: region) { subset.append($0) }
        return PreparedCommands(subset, width: width, height: height)
    }

    /// Calls `body` with each command, in order, whose pixels meet `region`.
    func forEachCommand(meeting region: [IntRect], _ body: (FillCommand) -> Void) {
        for (i, b) in commandBounds.enumerated() where region.contains(where: { !$0.intersection(b).isEmpty }) {
            body(commands[i])
        }
    }
}

/// Draws prepared commands onto a surface inside `region` only: every fill is clipped to the
/// region and pixels outside it are not touched. Inside, the pixels are exactly those of
/// `execute(_:on:threads:profile:)` (every decision is per row or per pixel, made from the same
/// prepared constants; only the range of pixels visited shrinks). Damage redraws use this.
package func execute(_ prepared: PreparedCommands, on surface: Surface, within region: IntRect, threads: Int = 2,
                     profile: RasterProfile? = nil) {
    let region = region.intersection(IntRect(surface))
    guard !region.isEmpty, !prepared.commands.isEmpty else { return }
    guard prepared.width == surface.width, prepared.height == surface.height else {
        return execute(PreparedCommands(prepared.commands, width: surface.width, height: surface.height), on: surface,
                       within: region, threads: threads, profile: profile)
    }
    let prepared = prepared.reaching([region])
    rasterise(prepared.scene.restricted(to: region), on: surface, rows: region.y0..<region.y1, threads: threads,
              prepareNanoseconds: 0, profile: profile)
}

extension PreparedCommands {
    /// `region` widened so that a redraw inside it is exact: every fill that steps along its
    /// rows from where its span starts (textures and gradients step texel positions in fixed
    /// point, paths accumulate coverage from the left end of their bounds) and meets a rectangle
    /// gets the rectangle widened to its whole columns, so its rows start where a full redraw
    /// starts them. Solid rounded rects and BSP pieces compute each pixel on its own and clip
    /// anywhere. Overlapping rectangles are merged; the result is disjoint.
    package func widenedForExactRedraw(_ region: [IntRect], clip: IntRect) -> [IntRect] {
        var rects = region.map { $0.intersection(clip) }.filter { !$0.isEmpty }
        while true {
            let widened = rects.map { isDeferred ? widenedByCommands($0) : scene.widenedForExactRedraw($0) }
            var merged = DamageRegion(clip: clip, maximumRects: Swift.max(1, widened.count))
            merged.add(widened)
            if merged.rects == rects { return rects }
            rects = merged.rects
        }
    }
}

/// `rect` widened to the whole columns of every stepping extent (`bounds(i)` where `steps(i)`,
/// for i in 0..<count) it meets, again until none reaches past it (`widenedForExactRedraw`).
private func widenedToSteppingColumns(_ rect: IntRect, count: Int, bounds: (Int) -> IntRect, steps: (Int) -> Bool) -> IntRect {
    var r = rect
    var changed = true
    while changed {
        changed = false
        for i in 0..<count where steps(i) {
            let b = bounds(i)
            guard !b.intersection(r).isEmpty, b.x0 < r.x0 || b.x1 > r.x1 else { continue }
            r.x0 = Swift.min(r.x0, b.x0); r.x1 = Swift.max(r.x1, b.x1)
            changed = true
        }
    }
    return r
}

extension PreparedCommands {
    /// `rect` widened to the columns of every stepping command it meets, by the commands' bounds
    /// (which hold their fills': at least the widening the fills would give).
    fileprivate func widenedByCommands(_ rect: IntRect) -> IntRect {
        widenedToSteppingColumns(rect, count: commandBounds.count, bounds: { commandBounds[$0] }, steps: { commandSteps[$0] })
    }
}

extension PreparedScene {
    /// `rect` widened to the columns of every stepping fill it meets (`widenedForExactRedraw`).
    func widenedForExactRedraw(_ rect: IntRect) -> IntRect {
        fills.withUnsafeBufferPointer { f in
            widenedToSteppingColumns(rect, count: f.count, bounds: { f[$0].bounds }, steps: { f[$0].stepsAlongRows })
        }
    }

    /// The same scene with every fill's bounds narrowed to `region` (fills outside it dropped);
    /// the edges, corners and fast-path constants are shared, unchanged.
    func restricted(to region: IntRect) -> PreparedScene {
        var copy = self
        copy.fills = fills.compactMap { f in
            let b = f.bounds.intersection(region)
            guard !b.isEmpty else { return nil }
            var g = f
            g.bounds = b
            return g
        }
        return copy
    }
}

/// Draws prepared commands onto a surface, as `execute(_:on:threads:profile:)` draws the
/// commands they came from (same pixels). A surface of another size than the one they were
/// prepared for prepares them again.
public func execute(_ prepared: PreparedCommands, on surface: Surface, threads: Int = 2, profile: RasterProfile? = nil) {
    guard surface.width > 0, surface.height > 0, !prepared.commands.isEmpty else { return }
    guard prepared.width == surface.width, prepared.height == surface.height else {
        return execute(prepared.commands, on: surface, threads: threads, profile: profile)
    }
    let complete = prepared.complete
    rasterise(complete.scene, on: surface, rows: 0..<surface.height, threads: threads,
              prepareNanoseconds: prepared.prepareNanoseconds, profile: profile)
}

/// The bands of a prepared scene covering `rows`, on `threads` workers.
///
/// `callerFirst`, when given, runs on the calling worker before it takes any band (the others
/// start on the bands at once).
func rasterise(_ scene: PreparedScene, on surface: Surface, rows: Range<Int>, threads: Int,
               prepareNanoseconds: UInt64, profile: RasterProfile?, callerFirst: @Sendable () -> Void = {}) {
    if let profile {
        profile.add(.prepare, nanoseconds: prepareNanoseconds)
        profile.count(scene)
    }
    guard !scene.fills.isEmpty, !rows.isEmpty else { return }
    let firstRow = rows.lowerBound, height = rows.upperBound
    let bands = (rows.count + bandHeight - 1) / bandHeight
    let workers = Swift.max(1, Swift.min(threads, bands))
    let width = surface.width
    scene.withRasterizer(pixels: surface.pixels, stride: surface.stride) { template in
        // Not escaping (`BandWorkers.run` returns when every worker has): no closure context
        // or counter to allocate per call.
        let counter = Atomic<Int>(0)
        BandWorkers.shared.run(workers) { worker in
            if worker == 0 { callerFirst() }
            template.withRowBuffers(width: width) { r in
                let slots: UnsafeMutableBufferPointer<UInt64>? = profile.map { _ in
                    let b = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: RasterProfile.Kernel.allCases.count)
                    b.initialize(repeating: 0)
                    return b
                }
                r.profileSlots = slots?.baseAddress
                defer { if let slots, let profile { profile.add(UnsafeBufferPointer(slots)); slots.deallocate() } }
                // Bands are handed out one at a time, so a worker that loses its core for a while
                // (to another process, or to the thread preparing the next frame) leaves its share
                // to the others instead of holding up the frame.
                while true {
                    let band = counter.wrappingAdd(1, ordering: .relaxed).oldValue
                    if band >= bands { break }
                    r.render(rows: firstRow + band * bandHeight, Swift.min(height, firstRow + (band + 1) * bandHeight))
                }
            }
        }
    }
}

extension PreparedScene {
    /// Calls `body` with a rasteriser over this scene's arrays and the given pixels; the
    /// rasteriser (and its copies) is valid only inside `body`. Bands are disjoint rows of the
    /// surface, so workers never write the same pixel; the scene is read-only while they run.
    func withRasterizer<R>(pixels: UnsafeMutablePointer<UInt32>, stride: Int, _ body: (BandRasterizer) -> R) -> R {
        fills.withUnsafeBufferPointer { fills in
        edges.withUnsafeBufferPointer { edges in
        hardEdges.withUnsafeBufferPointer { hardEdges in
        corners.withUnsafeBufferPointer { corners in
        cornerExtents.withUnsafeBufferPointer { cornerExtents in
        clipShapes.withUnsafeBufferPointer { clipShapes in
        rims.withUnsafeBufferPointer { rims in
        similarities.withUnsafeBufferPointer { similarities in
        projectives.withUnsafeBufferPointer { projectives in
        paths.withUnsafeBufferPointer { paths in
        pathBandOffsets.withUnsafeBufferPointer { pathBandOffsets in
        pathBandEdges.withUnsafeBufferPointer { pathBandEdges in
        gradients.withUnsafeBufferPointer { gradients in
        gradientTables.withUnsafeBufferPointer { gradientTables in
            body(BandRasterizer(fills: fills, edges: base(edges), hardEdges: base(hardEdges), corners: base(corners),
                                cornerExtents: base(cornerExtents), clipShapes: base(clipShapes), rims: base(rims),
                                similarities: base(similarities), projectives: base(projectives), paths: base(paths),
                                pathBandOffsets: base(pathBandOffsets),
                                pathBandEdges: base(pathBandEdges), gradients: base(gradients),
                                gradientTables: base(gradientTables), pixels: pixels, stride: stride,
                                coverage: UnsafeMutablePointer(mutating: placeholder()),
                                scratch: UnsafeMutablePointer(mutating: placeholder()),
                                accumulation: UnsafeMutablePointer(mutating: placeholder()),
                                pathBits: UnsafeMutablePointer(mutating: placeholder()),
                                clipRows: UnsafeMutablePointer(mutating: placeholder())))
        }}}}}}}}}}}}}}
    }
}

extension BandRasterizer {
    /// Runs `body` with a copy that has row buffers of its own for a surface `width` pixels
    /// wide (coverage, scratch, and the path accumulation, zeroed), kept for the next call
    /// (`RasterStorage`).
    func withRowBuffers(width: Int, _ body: (inout BandRasterizer) -> Void) {
        var r = self
        let buffers = RasterStorage.shared.rowBuffers(width: width)
        defer { RasterStorage.shared.recycle(buffers) }
        r.coverage = buffers.coverage
        r.scratch = buffers.scratch
        r.accumulation = buffers.accumulation
        r.pathBits = buffers.pathBits
        r.clipRows = buffers.clipRows
        body(&r)
    }
}

/// The base of an array's buffer, or a never-read placeholder for an empty one.
@inline(__always)
private func base<T>(_ b: UnsafeBufferPointer<T>) -> UnsafePointer<T> {
    b.baseAddress ?? placeholder()
}


/// A pointer never read: stands in for the base of an empty array (ranges into it are empty).
@inline(__always)
private func placeholder<T>() -> UnsafePointer<T> {
    UnsafePointer(bitPattern: MemoryLayout<T>.alignment)!
}
