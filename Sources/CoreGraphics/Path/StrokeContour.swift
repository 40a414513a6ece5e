/// One subpath flattened for stroking or dashing: its vertices, which of them are the path's own
/// corners (where the line join applies), and whether it is closed.
///
/// Vertices inside a flattened curve are not corners: the stroker joins them with a round join
/// drawn to the flattening tolerance, so the outline stays within that tolerance of the true
/// offset curve.
struct StrokeContour {
    /// The vertices, no two consecutive equal; a closed contour does not repeat its first point.
    var points: [CGPoint] = []
    /// `corners[i]` is true when the path's line join applies at `points[i]`.
    var corners: [Bool] = []
    /// Whether the subpath ended with `closeSubpath`.
    var isClosed = false
    /// Whether the subpath has a drawing element (a lone move has none: it strokes nothing, but
    /// `move` then `addLine` to the same point strokes a dot with round or square caps).
    var hasSegment = false

    init() {}

    /// An empty contour with room for `capacity` vertices: a dash's piece grew its two arrays
    /// from 1 to 2 to 4 (three allocations each) for a few vertices.
    init(capacity: Int) {
        points.reserveCapacity(capacity)
        corners.reserveCapacity(capacity)
    }

    /// Makes room for `extra` more vertices in both arrays at once, growing geometrically.
    mutating func reserve(_ extra: Int) {
        let needed = points.count + extra
        guard needed > points.capacity || needed > corners.capacity else { return }
        let size = Swift.max(needed, 2 * points.count)
        points.reserveCapacity(size)
        corners.reserveCapacity(size)
    }

    mutating func add(_ p: CGPoint, corner: Bool) {
        if let last = points.last, last == p {
            corners[corners.count - 1] = corners[corners.count - 1] || corner
            return
        }
        points.append(p)
        corners.append(corner)
    }
}

/// Contours kept from one stroke to the next: `count` of the `slots` are in use, and a slot
/// past them keeps its arrays' room for the next contour put there. Flattening and dashing a
/// stroke into pools that a thread reuses (`StrokeScratch`) makes no allocation once the slots
/// have grown to the strokes' sizes.
struct ContourPool {
    private(set) var slots: [StrokeContour] = []
    private(set) var count = 0

    /// The contours in use.
    var contours: ArraySlice<StrokeContour> { slots[..<count] }

    /// Forgets every contour, keeping the slots and their arrays.
    mutating func removeAll() { count = 0 }

    /// Starts a new empty contour with room for `capacity` vertices; returns its index.
    mutating func begin(capacity: Int) -> Int {
        if count == slots.count {
            slots.append(StrokeContour(capacity: capacity))
        } else {
            slots[count].removeAll()
            slots[count].reserve(capacity)
        }
        count += 1
        return count - 1
    }

    /// Appends a copy of `contour` (into a slot's own arrays when it has one).
    mutating func append(_ contour: StrokeContour) {
        let k = begin(capacity: contour.points.count)
        slots[k].points.append(contentsOf: contour.points)
        slots[k].corners.append(contentsOf: contour.corners)
        slots[k].isClosed = contour.isClosed
        slots[k].hasSegment = contour.hasSegment
    }

    /// Drops the last contour.
    mutating func removeLast() { count -= 1 }

    /// Puts the contour at `i` last (and the last one at `i`).
    mutating func swapWithLast(_ i: Int) { slots.swapAt(i, count - 1) }

    subscript(i: Int) -> StrokeContour {
        get { slots[i] }
        _modify { yield &slots[i] }
    }
}

/// What one thread reuses from stroke to stroke when it makes outlines (`PendingStroke`):
/// the flattened contours, their dashes, and the stroker's polygon.
final class StrokeScratch: @unchecked Sendable {
    var contours = ContourPool()
    var dashes = ContourPool()
    /// Whether the planned contours are the dashes (else the flattened contours).
    var usesDashes = false
    var polygon: [CGPoint] = []

    /// The contours the last `strokePlan(…scratch:)` planned.
    var planned: ArraySlice<StrokeContour> { usesDashes ? dashes.contours : contours.contours }
}

extension StrokeContour {
    /// Empties the contour, keeping its arrays' room.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        isClosed = false
        hasSegment = false
    }
}

extension CGPath {
    /// The subpaths flattened to within `tolerance`, corners marked; non-finite points dropped
    /// (Strata reports them when the path is built or drawn, not here).
    ///
    /// Flattening stops once the contours hold `maximumPoints` points (`overflow` is then set):
    /// a stroke that large is not drawn, and 10⁶ curves must not allocate gigabytes first.
    func strokeContours(tolerance: CGFloat, maximumPoints: Int = .max, overflow: UnsafeMutablePointer<Bool>? = nil) -> [StrokeContour] {
        var pool = ContourPool()
        let over = flatten(tolerance: tolerance, maximumPoints: maximumPoints, into: &pool)
        overflow?.pointee = over
        return over ? [] : Array(pool.contours)
    }

    /// `strokeContours` into `pool` (emptied first); returns whether it overflowed (the pool's
    /// contours are then not to be used).
    func flatten(tolerance: CGFloat, maximumPoints: Int, into pool: inout ContourPool) -> Bool {
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.05
        pool.removeAll()
        // The contour being built is the pool's last when `open`.
        var open = false
        var total = 0, over = false
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        func segments(_ secondDifference: CGFloat, _ factor: CGFloat) -> Int {
            let n = (factor * secondDifference / tol).squareRoot().rounded(.up)
            guard n.isFinite, n >= 1 else { return 1 }
            return Int(Swift.min(n, CGFloat(CGPath.maximumSegmentsPerCurve)))
        }
        func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
        /// The inner parameters of `n` equal pieces, plus one a sixteenth of a piece from each
        /// end: the first and last chords then point along the curve's end tangents (within
        /// 1/16 of a piece's turn), so caps and corner joins at curve ends sit where they should.
        /// (`parameter(k, n)` for k in 0...n, without building an array per curve.)
        func parameter(_ k: Int, _ n: Int) -> CGFloat {
            let edge = 1 / (16 * CGFloat(n))
            return k == 0 ? edge : k == n ? 1 - edge : CGFloat(k) / CGFloat(n)
        }
        walk(begin: { p in
            guard !over else { return }
            if open { total += pool[pool.count - 1].points.count }
            let c = pool.begin(capacity: 8)
            open = true
            if finite(p) { pool[c].add(p, corner: true) }
        }, segment: { segment in
            guard !over, open else { return }
            let c = pool.count - 1
            if total + pool[c].points.count > maximumPoints { over = true; pool.removeLast(); open = false; return }
            pool[c].hasSegment = true
            switch segment {
            // Only the new points are checked: the start is the last point kept.
            case let .line(_, b):
                guard finite(b) else { return }
                pool[c].add(b, corner: true)
            case let .quad(_, q, b):
                guard finite(q), finite(b), let a = pool[c].points.last else { return }
                // Wang: n = ⌈√(|a − 2c + b| / (4·tol))⌉ keeps the chords within tol.
                let n = segments(length(a.x - 2 * q.x + b.x, a.y - 2 * q.y + b.y), 0.25)
                pool[c].reserve(n + 2)
                for k in 0...n { pool[c].add(Bezier.quad(a, q, b, parameter(k, n)), corner: false) }
                pool[c].add(b, corner: true)
            case let .cubic(_, c1, c2, b):
                guard finite(c1), finite(c2), finite(b), let a = pool[c].points.last else { return }
                let m = Swift.max(length(a.x - 2 * c1.x + c2.x, a.y - 2 * c1.y + c2.y),
                                  length(c1.x - 2 * c2.x + b.x, c1.y - 2 * c2.y + b.y))
                let n = segments(m, 0.75)
                pool[c].reserve(n + 2)
                for k in 0...n { pool[c].add(Bezier.cubic(a, c1, c2, b, parameter(k, n)), corner: false) }
                pool[c].add(b, corner: true)
            }
        }, close: {
            guard open else { return }
            open = false
            let c = pool.count - 1
            pool[c].hasSegment = true
            if pool[c].points.count > 1, pool[c].points.last == pool[c].points.first {
                pool[c].points.removeLast()
                pool[c].corners.removeLast()
            }
            if !pool[c].points.isEmpty { pool[c].corners[0] = true }
            pool[c].isClosed = true
            total += pool[c].points.count
        })
        return over
    }
}
