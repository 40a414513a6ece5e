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

extension CGPath {
    /// The subpaths flattened to within `tolerance`, corners marked; non-finite points dropped
    /// (Strata reports them when the path is built or drawn, not here).
    ///
    /// Flattening stops once the contours hold `maximumPoints` points (`overflow` is then set):
    /// a stroke that large is not drawn, and 10⁶ curves must not allocate gigabytes first.
    func strokeContours(tolerance: CGFloat, maximumPoints: Int = .max, overflow: UnsafeMutablePointer<Bool>? = nil) -> [StrokeContour] {
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.05
        var result: [StrokeContour] = []
        var contour: StrokeContour?
        var total = 0, over = false
        defer { overflow?.pointee = over }
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
            if let done = contour { total += done.points.count; result.append(done) }
            contour = StrokeContour(capacity: 8)
            if finite(p) { contour?.add(p, corner: true) }
        }, segment: { segment in
            guard !over else { return }
            if let c = contour, total + c.points.count > maximumPoints { over = true; contour = nil; return }
            contour?.hasSegment = true
            switch segment {
            // Only the new points are checked: the start is the last point kept.
            case let .line(_, b):
                guard finite(b) else { return }
                contour?.add(b, corner: true)
            case let .quad(_, c, b):
                guard finite(c), finite(b), let a = contour?.points.last else { return }
                // Wang: n = ⌈√(|a − 2c + b| / (4·tol))⌉ keeps the chords within tol.
                let n = segments(length(a.x - 2 * c.x + b.x, a.y - 2 * c.y + b.y), 0.25)
                contour?.reserve(n + 2)
                for k in 0...n { contour?.add(Bezier.quad(a, c, b, parameter(k, n)), corner: false) }
                contour?.add(b, corner: true)
            case let .cubic(_, c1, c2, b):
                guard finite(c1), finite(c2), finite(b), let a = contour?.points.last else { return }
                let m = Swift.max(length(a.x - 2 * c1.x + c2.x, a.y - 2 * c1.y + c2.y),
                                  length(c1.x - 2 * c2.x + b.x, c1.y - 2 * c2.y + b.y))
                let n = segments(m, 0.75)
                contour?.reserve(n + 2)
                for k in 0...n { contour?.add(Bezier.cubic(a, c1, c2, b, parameter(k, n)), corner: false) }
                contour?.add(b, corner: true)
            }
        }, close: {
            guard var done = contour else { return }
            // Released before `done` changes (a second reference made it copy both arrays).
            contour = nil
            done.hasSegment = true
            if done.points.count > 1, done.points.last == done.points.first {
                done.points.removeLast()
                done.corners.removeLast()
            }
            if !done.points.isEmpty { done.corners[0] = true }
            done.isClosed = true
            total += done.points.count
            result.append(done)
            contour = nil
        })
        if let done = contour, !over { result.append(done) }
        return over ? [] : result
    }
}
