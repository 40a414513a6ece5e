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
    execute(commands, on: surface, threads: threads, similarityPath: true, profile: profile)
}

/// `execute`, optionally without the similarity fast path (tests compare both paths).
func execute(_ commands: [FillCommand], on surface: Surface, threads: Int, similarityPath: Bool,
             profile: RasterProfile? = nil) {
    guard surface.width > 0, surface.height > 0, !commands.isEmpty else { return }
    let prepareStart = profile == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    let scene = PreparedScene(commands, surface: surface, similarityPath: similarityPath)
    if let profile {
        profile.add(.prepare, nanoseconds: DispatchTime.now().uptimeNanoseconds &- prepareStart)
        profile.count(scene)
    }
    guard !scene.fills.isEmpty else { return }
    let bands = (surface.height + bandHeight - 1) / bandHeight
    let workers = Swift.max(1, Swift.min(threads, bands))
    let width = surface.width, height = surface.height
    scene.fills.withUnsafeBufferPointer { fills in
    scene.edges.withUnsafeBufferPointer { edges in
    scene.hardEdges.withUnsafeBufferPointer { hardEdges in
    scene.corners.withUnsafeBufferPointer { corners in
    scene.cornerExtents.withUnsafeBufferPointer { cornerExtents in
    scene.clipShapes.withUnsafeBufferPointer { clipShapes in
    scene.rims.withUnsafeBufferPointer { rims in
    scene.similarities.withUnsafeBufferPointer { similarities in
    scene.projectives.withUnsafeBufferPointer { projectives in
        // Bands are disjoint rows of the surface, so workers never write the same pixel;
        // the prepared scene is read-only while they run.
        let template = BandRasterizer(fills: fills, edges: edges.baseAddress ?? placeholder(),
                                      hardEdges: hardEdges.baseAddress ?? placeholder(),
                                      corners: corners.baseAddress ?? placeholder(),
                                      cornerExtents: cornerExtents.baseAddress ?? placeholder(),
                                      clipShapes: clipShapes.baseAddress ?? placeholder(),
                                      rims: rims.baseAddress ?? placeholder(),
                                      similarities: similarities.baseAddress ?? placeholder(),
                                      projectives: projectives.baseAddress ?? placeholder(),
                                      pixels: surface.pixels, stride: surface.stride,
                                      coverage: UnsafeMutablePointer(mutating: placeholder()))
        let counter = BandCounter()
        let work: @Sendable (Int) -> Void = { _ in
            var r = template
            // + 8: the similarity path's chunks may run up to 7 entries past a span.
            r.coverage = .allocate(capacity: width + 8)
            defer { r.coverage.deallocate() }
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
                let band = counter.next.wrappingAdd(1, ordering: .relaxed).oldValue
                if band >= bands { break }
                r.render(rows: band * bandHeight, Swift.min(height, (band + 1) * bandHeight))
            }
        }
        BandWorkers.shared.run(workers, work)
    }}}}}}}}}
}

/// The next band to render, shared by the workers of one `execute`.
private final class BandCounter: Sendable {
    let next = Atomic<Int>(0)
}

/// A pointer never read: stands in for the base of an empty array (ranges into it are empty).
@inline(__always)
private func placeholder<T>() -> UnsafePointer<T> {
    UnsafePointer(bitPattern: MemoryLayout<T>.alignment)!
}
