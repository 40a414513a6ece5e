import Raster

/// What a batching `CGContext` keeps from one batch to the next, so that drawing the same kind
/// of frame again allocates nothing: the geometry arrays of the commands it drew (emptied, their
/// room kept), the user-space copies of stroked paths, the outline slots the raster threads
/// write, and each thread's stroking scratch (`StrokeScratch`).
///
/// Geometries are pooled by size: fills (a few points) and stroke outlines (hundreds) each take
/// one that already has about their room.
final class BatchStorage: @unchecked Sendable {
    /// Emptied geometries with room for fewer than `largePoints` points, and the others.
    private var small: [PathGeometry] = [], large: [PathGeometry] = []
    private static let largePoints = 64
    /// The most room an outline of the last batches took: every outline slot is given as much,
    /// so that outlines of different sizes (a star's, a dashed circle's) share the geometries
    /// without regrowing them.
    private var outlineRoom = 0
    /// Emptied user-space paths of drawn strokes.
    private var paths: [CGPath] = []
    /// The path `CGContext.basePath` builds shapes in (`fill(_ rect:)`, …).
    private var shapePath = CGMutablePath()
    /// One per raster thread.
    private(set) var scratch: [StrokeScratch] = []
    /// Where the raster threads put the outlines of a batch, one slot per stroke.
    private(set) var slots = UnsafeMutableBufferPointer<PathGeometry>(start: nil, count: 0)

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// An empty geometry, with room from an earlier batch when there is one.
    func geometry(large wantsLarge: Bool = false) -> PathGeometry {
        if wantsLarge { return large.popLast() ?? small.popLast() ?? PathGeometry() }
        return small.popLast() ?? large.popLast() ?? PathGeometry()
    }

    /// An empty path for a stroke's user-space copy, from an earlier batch when one is free.
    func path() -> CGPath {
        while var p = paths.popLast() {
            guard isKnownUniquelyReferenced(&p) else { continue }
            p.removeAllElements()
            return p
        }
        return CGPath(elements: [])
    }

    /// An empty path to build a shape in, which the caller lets go of before the next call
    /// (one still held elsewhere is left to its holder).
    func scratchPath() -> CGMutablePath {
        if isKnownUniquelyReferenced(&shapePath) {
            shapePath.removeAllElements()
        } else {
            shapePath = CGMutablePath()
        }
        return shapePath
    }

    /// Room for `count` items: at least 16, rounded up to a power of two, so that paths of
    /// about the same size share pooled storage without regrowing it.
    static func room(_ count: Int) -> Int {
        count <= 16 ? 16 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// Makes `count` slots, each holding an empty geometry, and a scratch for each of `threads`.
    func prepare(slots count: Int, threads: Int) {
        while scratch.count < threads { scratch.append(StrokeScratch()) }
        if slots.count < count {
            slots.deinitialize()
            slots.deallocate()
            slots = .allocate(capacity: Swift.max(count, 2 * slots.count))
            slots.initialize(repeating: PathGeometry())
        }
        for k in 0..<count {
            slots[k] = geometry(large: true)
            slots[k].reserveCapacity(points: outlineRoom, verbs: outlineRoom)
        }
    }

    /// The outline in slot `k`, leaving the slot empty (the command then holds its only copy).
    func take(_ k: Int) -> PathGeometry {
        var outline = PathGeometry()
        swap(&outline, &slots[k])
        return outline
    }

    /// Takes back the geometry of every path command and the user-space paths of the strokes
    /// (each now held only here), then empties both lists, keeping their room.
    func recycle(_ commands: inout [FillCommand], _ strokes: inout [(index: Int, stroke: PendingStroke)]) {
        for i in commands.indices {
            guard case .path(var g, _) = commands[i].geometry else { continue }
            commands[i].geometry = .path(PathGeometry(), .nonZero)
            g.removeAll()
            if g.points.capacity >= Self.largePoints {
                outlineRoom = Swift.max(outlineRoom, Swift.min(g.points.capacity, g.verbs.capacity))
                large.append(g)
            } else {
                small.append(g)
            }
        }
        commands.removeAll(keepingCapacity: true)
        for s in strokes { paths.append(s.stroke.path) }
        strokes.removeAll(keepingCapacity: true)
    }
}
