extension CGPath {
    /// One subpath flattened to straight segments (Strata only).
    package struct Polyline: Equatable, Sendable {
        /// The vertices; consecutive duplicates removed, and a closed polyline does not repeat
        /// its first point at the end.
        package var points: [CGPoint]
        /// Whether the subpath ended with `closeSubpath` (a segment joins last to first).
        package var isClosed: Bool
    }

    /// The most segments one curve is split into, whatever the tolerance.
    package static let maximumSegmentsPerCurve = 4_096

    /// The subpaths as polylines whose distance from the true curves is at most `tolerance`.
    ///
    /// Curves are split uniformly into the segment count of Wang's formula, which bounds the
    /// distance between a Bézier and its chords. A non-positive or non-finite tolerance is
    /// taken as 0.25. A lone move gives a one-point polyline.
    /// `maximumSegments` caps each curve's segments below `maximumSegmentsPerCurve` where a
    /// caller needs less (a shadow's hull), trading the tolerance on huge curves for time.
    package func polylines(tolerance: CGFloat, maximumSegments: Int = CGPath.maximumSegmentsPerCurve) -> [Polyline] {
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.25
        let cap = CGFloat(Swift.max(1, Swift.min(maximumSegments, CGPath.maximumSegmentsPerCurve)))
        var result: [Polyline] = []
        var line: Polyline?
        func add(_ p: CGPoint) {
            if line?.points.last != p { line?.points.append(p) }
        }
        func segments(_ secondDifference: CGFloat, _ factor: CGFloat) -> Int {
            let n = (factor * secondDifference / tol).squareRoot().rounded(.up)
            guard n.isFinite, n >= 1 else { return 1 }
            return Int(Swift.min(n, cap))
        }
        func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
        walk(begin: { p in
            if let done = line { result.append(done) }
            line = Polyline(points: [p], isClosed: false)
        }, segment: { segment in
            switch segment {
            case let .line(_, b):
                add(b)
            case let .quad(a, c, b):
                // Wang: n = ⌈√(|a − 2c + b| / (4·tol))⌉.
                let n = segments(length(a.x - 2 * c.x + b.x, a.y - 2 * c.y + b.y), 0.25)
                for i in 1..<n { add(Bezier.quad(a, c, b, CGFloat(i) / CGFloat(n))) }
                add(b)
            case let .cubic(a, c1, c2, b):
                // Wang: n = ⌈√(3/4 · max second difference / tol)⌉.
                let m = Swift.max(length(a.x - 2 * c1.x + c2.x, a.y - 2 * c1.y + c2.y),
                                  length(c1.x - 2 * c2.x + b.x, c1.y - 2 * c2.y + b.y))
                let n = segments(m, 0.75)
                for i in 1..<n { add(Bezier.cubic(a, c1, c2, b, CGFloat(i) / CGFloat(n))) }
                add(b)
            }
        }, close: {
            guard var done = line else { return }
            if done.points.count > 1, done.points.last == done.points.first { done.points.removeLast() }
            done.isClosed = true
            result.append(done)
            line = nil
        })
        if let done = line { result.append(done) }
        return result
    }

    /// One polyline per subpath, within `tolerance` of the curves; see `polylines(tolerance:)`.
    package func flattened(tolerance: CGFloat, maximumSegments: Int = CGPath.maximumSegmentsPerCurve) -> [[CGPoint]] {
        polylines(tolerance: tolerance, maximumSegments: maximumSegments).map(\.points)
    }
}
