/// How the inside of a path is decided where its subpaths overlap or cross themselves.
public enum FillRule: Sendable, Equatable {
    /// A point is inside when the signed count of crossings (winding number) is not zero.
    case nonZero
    /// A point is inside when the number of crossings is odd.
    case evenOdd
}

/// A path as the rasteriser sees it: subpaths of straight lines and quadratic and cubic
/// Béziers, in the plane-local coordinates a command's `localToDevice` maps to device pixels.
///
/// Every subpath is closed for filling. Points are stored flat (`points`), each verb using
/// the next 1 (move, line), 2 (quad) or 3 (cubic) of them. A non-finite point makes the whole
/// path undrawable (the command draws nothing): callers validate and report first.
public struct PathGeometry: Sendable, Equatable {
    /// One drawing instruction.
    public enum Verb: UInt8, Sendable {
        case move, line, quad, cubic, close
    }
    /// The instructions, in order.
    public private(set) var verbs: [Verb] = []
    /// Their points, in order: a quad's control point before its end point, a cubic's two
    /// control points before its end point.
    public private(set) var points: [SIMD2<Double>] = []

    /// An empty path.
    public init() {}

    /// Starts a subpath at `p`.
    public mutating func move(to p: SIMD2<Double>) {
        verbs.append(.move); points.append(p)
    }

    /// A straight line from the current point to `p` (a subpath starts at `p` when none is open).
    public mutating func line(to p: SIMD2<Double>) {
        verbs.append(.line); points.append(p)
    }

    /// A quadratic Bézier from the current point through control point `c` to `p`.
    public mutating func quad(control c: SIMD2<Double>, to p: SIMD2<Double>) {
        verbs.append(.quad); points.append(c); points.append(p)
    }

    /// A cubic Bézier from the current point through `c1`, `c2` to `p`.
    public mutating func cubic(control1 c1: SIMD2<Double>, control2 c2: SIMD2<Double>, to p: SIMD2<Double>) {
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }

    /// Closes the current subpath (back to its first point).
    public mutating func close() {
        verbs.append(.close)
    }

    /// Appends `other`'s subpaths with every point scaled by `k` and then offset by `offset`
    /// (a glyph outline in font units placed at its origin on the page).
    public mutating func append(_ other: PathGeometry, scaledBy k: Double, offsetBy offset: SIMD2<Double>) {
        // No reserveCapacity here: asked for the exact size on every call (a page appends
        // thousands of glyphs), it reallocates each time instead of growing geometrically.
        // A loop, not `append(contentsOf:)` of a lazy map: the map's closure context was an
        // allocation per glyph.
        verbs.append(contentsOf: other.verbs)
        for p in other.points { points.append(offset + p * k) }
    }

    /// Makes room for `points` more points and `verbs` more verbs (a caller that knows about how
    /// large the path will be saves the arrays' regrowing).
    public mutating func reserveCapacity(points: Int, verbs: Int) {
        self.points.reserveCapacity(self.points.count + Swift.max(0, points))
        self.verbs.reserveCapacity(self.verbs.count + Swift.max(0, verbs))
    }

    /// Empties the path, keeping its arrays' room (a path rebuilt from one use to the next, as
    /// a `CGContext` batch reuses the geometry of the commands it has drawn).
    package mutating func removeAll() {
        verbs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    /// Whether the path has no points.
    public var isEmpty: Bool { points.isEmpty }

    /// Whether every point is finite.
    public var isFinite: Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    /// The bounds of every point (control points included), or nil when empty.
    public var controlBounds: (min: SIMD2<Double>, max: SIMD2<Double>)? {
        guard var lo = points.first else { return nil }
        var hi = lo
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        return (lo, hi)
    }

    /// A rectangle as a closed path (clockwise on a y-down screen).
    public init(rect minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        move(to: SIMD2(minX, minY)); line(to: SIMD2(maxX, minY)); line(to: SIMD2(maxX, maxY))
        line(to: SIMD2(minX, maxY)); close()
    }
}
