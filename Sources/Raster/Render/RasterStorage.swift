/// Storage that `execute` keeps from call to call, so that drawing a frame like the last one
/// allocates nothing (BENCHMARK.md: no allocation per frame in steady state): each worker's row
/// buffers, and prepared scenes whose arrays are emptied and filled again.
///
/// Shared by every caller behind a lock taken once per worker and once per scene, never per
/// band or pixel. It holds at most `maximumSpares` of each: as many as run at once.
final class RasterStorage: Sendable {
    static let shared = RasterStorage()
    private static let maximumSpares = 4

    private let rows = LockedState<[RowBuffers]>([])
    private let scenes = LockedState<[PreparedScene]>([])

    init() {
        rows.withLock { $0.reserveCapacity(Self.maximumSpares) }
        scenes.withLock { $0.reserveCapacity(Self.maximumSpares) }
    }

    /// Row buffers for a surface `width` pixels wide, spare ones when there are.
    func rowBuffers(width: Int) -> RowBuffers {
        let spare = rows.withLock { $0.popLast() }
        if let spare, spare.width >= width {
            spare.clear()
            return spare
        }
        return RowBuffers(width: width)
    }

    /// Gives row buffers back.
    func recycle(_ buffers: RowBuffers) {
        rows.withLock { if $0.count < Self.maximumSpares { $0.append(buffers) } }
    }

    /// An empty scene, with room from an earlier one when there is one.
    func scene() -> PreparedScene {
        scenes.withLock { $0.popLast() } ?? PreparedScene()
    }

    /// Takes `scene`'s arrays back (emptied, their room kept), leaving it empty.
    func recycle(_ scene: inout PreparedScene) {
        var spare = PreparedScene()
        swap(&spare, &scene)
        spare.removeAll()
        scenes.withLock { if $0.count < Self.maximumSpares { $0.append(spare) } }
    }
}

/// One worker's row buffers (`BandRasterizer.withRowBuffers`).
final class RowBuffers: @unchecked Sendable {
    let width: Int
    let coverage: UnsafeMutablePointer<UInt32>
    let scratch: UnsafeMutablePointer<UInt32>
    let accumulation: UnsafeMutablePointer<Int32>
    let pathBits: UnsafeMutablePointer<UInt64>
    let clipRows: UnsafeMutablePointer<CachedClipRow>

    init(width: Int) {
        self.width = width
        // + 8: the similarity path's chunks may run up to 7 entries past a span.
        coverage = .allocate(capacity: width + 8)
        scratch = .allocate(capacity: width + 8)
        // Zero between rows: each path row clears the cells it touched.
        accumulation = .allocate(capacity: (width + 2) * bandHeight)
        accumulation.initialize(repeating: 0, count: (width + 2) * bandHeight)
        let words = (width + 2 + 63) / 64 * bandHeight
        pathBits = .allocate(capacity: words)
        pathBits.initialize(repeating: 0, count: words)
        clipRows = .allocate(capacity: bandHeight)
        clipRows.initialize(repeating: CachedClipRow(), count: bandHeight)
    }

    /// Clears what a worker expects to start from as new buffers had it: the path
    /// accumulation and its bitmap zero (each path row clears the cells it touched, so this
    /// is a safeguard of a few kB), no cached clip rows.
    func clear() {
        accumulation.update(repeating: 0, count: (width + 2) * bandHeight)
        pathBits.update(repeating: 0, count: (width + 2 + 63) / 64 * bandHeight)
        clipRows.update(repeating: CachedClipRow(), count: bandHeight)
    }

    deinit {
        coverage.deallocate(); scratch.deallocate(); accumulation.deallocate()
        pathBits.deallocate(); clipRows.deallocate()
    }
}
