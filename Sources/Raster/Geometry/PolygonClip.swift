// Polygon clipping, Sutherland–Hodgman: one boundary at a time, each edge of the closed polygon
// keeps its start when that is inside and adds the crossing when it leaves or enters. Every
// clipper of Raster (the eye plane, the path flattener's guard square and local window, the
// half-planes of the projective corner rows) is this one loop over a boundary of its own,
// which decides what "inside" means and where an edge crosses.

/// One side of a convex clip region.
package protocol ClipBoundary {
    associatedtype Point
    /// Whether `p` is kept.
    func inside(_ p: Point) -> Bool
    /// The point where the edge `p` → `q` crosses the boundary, given that exactly one of them
    /// is inside; nil to add nothing (the boundary judges the crossing degenerate).
    func crossing(_ p: Point, _ q: Point) -> Point?
}

/// The closed polygon `point(0)`, …, `point(count − 1)` clipped to `boundary`, each output
/// point passed to `emit` in order: for each edge (i, i + 1), point i when it is inside, then
/// the crossing when the edge leaves or enters. Returns false as soon as `emit` does (a full
/// buffer), else true.
@inline(__always)
package func clipPolygon<B: ClipBoundary>(_ count: Int, _ point: (Int) -> B.Point, to boundary: B,
                                          _ emit: (B.Point) -> Bool) -> Bool {
    guard count > 0 else { return true }
    var p = point(0)
    var pIn = boundary.inside(p)
    for i in 0..<count {
        let q = i &+ 1 == count ? point(0) : point(i &+ 1)
        let qIn = boundary.inside(q)
        if pIn && !emit(p) { return false }
        if pIn != qIn, let r = boundary.crossing(p, q), !emit(r) { return false }
        p = q; pIn = qIn
    }
    return true
}

/// `polygon` clipped to each of `boundaries` in turn (the sides of a convex region).
package func clipPolygon<B: ClipBoundary, S: Sequence<B>>(_ polygon: [B.Point], toAll boundaries: S) -> [B.Point] {
    var poly = polygon, next: [B.Point] = []
    next.reserveCapacity(polygon.count + 4)
    for boundary in boundaries {
        guard !poly.isEmpty else { break }
        next.removeAll(keepingCapacity: true)
        _ = clipPolygon(poly.count, { poly[$0] }, to: boundary) { next.append($0); return true }
        swap(&poly, &next)
    }
    return poly
}

/// The plane W = ε of homogeneous device points: points with W > ε are kept (in front of the
/// eye), and an edge crossing it is cut where W = ε exactly.
struct EyePlane: ClipBoundary {
    let eps: Double

    @inline(__always) func inside(_ p: SIMD3<Double>) -> Bool { p.z > eps }

    @inline(__always) func crossing(_ p: SIMD3<Double>, _ q: SIMD3<Double>) -> SIMD3<Double>? {
        let t = (p.z - eps) / (p.z - q.z)
        var r = p + (q - p) * t
        r.z = eps
        return r
    }
}

/// `EyePlane` for an outline whose points carry the side of the edge that starts at them:
/// the cut where an edge leaves the plane starts the eye-plane edge (side 16), the cut where
/// one enters continues the side it cuts.
struct LabelledEyePlane: ClipBoundary {
    let plane: EyePlane

    @inline(__always) func inside(_ p: (h: SIMD3<Double>, side: UInt8)) -> Bool { plane.inside(p.h) }

    @inline(__always)
    func crossing(_ p: (h: SIMD3<Double>, side: UInt8), _ q: (h: SIMD3<Double>, side: UInt8)) -> (h: SIMD3<Double>, side: UInt8)? {
        guard let r = plane.crossing(p.h, q.h) else { return nil }
        return (r, plane.inside(p.h) ? 16 : p.side)
    }
}

/// The half-plane a·x + b·y + c ≥ 0. An edge is cut only where its ends lie strictly on
/// either side: an end on the line is itself the crossing (kept when inside), and an edge
/// with a NaN end is not cut.
struct HalfPlane: ClipBoundary {
    let a: Double, b: Double, c: Double

    @inline(__always) func inside(_ p: SIMD2<Double>) -> Bool { a * p.x + b * p.y + c >= 0 }

    @inline(__always) func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double>? {
        let dp = a * p.x + b * p.y + c, dq = a * q.x + b * q.y + c
        guard (dp > 0 && dq < 0) || (dp < 0 && dq > 0) else { return nil }
        return p + (q - p) * (dp / (dp - dq))
    }
}

/// One side of the path flattener's guard square: `sign · p[axis] ≤ bound`, cut by
/// `PathFlattener.crossing` (accurate for points far beyond the square).
struct GuardSide: ClipBoundary {
    let axis: Int, sign: Double, bound: Double

    @inline(__always) func inside(_ p: SIMD2<Double>) -> Bool { sign * p[axis] <= bound }

    @inline(__always) func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double>? {
        PathFlattener.crossing(p, q, axis: axis, at: sign * bound)
    }
}

/// The side `a` → `b` of a convex window whose orientation is `orient` (+1 counter-clockwise
/// in y-up terms, −1 the other way): points on or left of it are kept (by the sign of the
/// cross product alone, scaled to stay finite near ±1e308), cut by
/// `PathFlattener.intersection` (accurate far out).
struct WindowSide: ClipBoundary {
    let a: SIMD2<Double>, b: SIMD2<Double>, orient: Double

    @inline(__always) func inside(_ p: SIMD2<Double>) -> Bool {
        let d = b - a
        var v = p - a
        // Only the sign counts: scaled by a power of two, a point near ±1e308 does not
        // overflow the cross product to infinity (or NaN).
        let m = Swift.max(Swift.abs(v.x), Swift.abs(v.y))
        if m > 1e150, m.isFinite { v *= Double(sign: .plus, exponent: -m.exponent, significand: 1) }
        return orient * (d.x * v.y - d.y * v.x) >= 0
    }

    @inline(__always) func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double>? {
        PathFlattener.intersection(p, q, a, b)
    }
}
