import Foundation
import Raster

/// The outline of a rounded rectangle whose corners are `CALayerCornerCurve.continuous`, as a
/// path of lines and cubic Béziers (Strata's own construction, not Apple's control points).
///
/// A corner of radius r, seen from the corner with the incoming edge along X (y = 0, X < 0) and
/// the outgoing edge along Y (X = 0, Y > 0):
/// - the curve leaves the edge `e = r × 1.528665` from the corner (Apple's
///   `cornerCurveExpansionFactor(.continuous)`); the straight edge is untouched beyond that;
/// - a cubic `P0 P1 P2 B` eases from the edge into a circular arc: P0, P1, P2 on the edge line
///   make its curvature 0 where it leaves the edge, P2 on the arc's tangent at B and
///   `|P1 P2| = 3 c² / (2 R sin θ)` (c = |P2 B|) make its curvature 1/R at B, so the outline is
///   G2 (continuous curvature) at both joins; with the constants below the curvature rises
///   monotonically from 0 to 1/R along the cubic;
/// - an arc of radius `R = 0.8 r` spans the middle 90° − 2θ (θ = 20°), one cubic;
/// - the mirror image of the easing cubic (about the corner's diagonal) meets the other edge.
/// The arc's centre sits on the diagonal so that its apex is the circular corner's apex
/// (`r (1 − 1/√2)` from each edge); everywhere else the continuous corner lies inside the
/// circular one.
///
/// Clamping (Apple shrinks the smoothing of a corner too large for its rect): `r` is first
/// clamped exactly as `RoundedRect` clamps it (never more than half the shorter side). When
/// `e` would pass half the shorter side, the smoothing `s` (1 = full) shrinks until it fits:
/// `e = r (1 + 0.528665 s)`, `R = r (1 − 0.2 s^2.5)`, `θ = 20° s`, so at `r` = half the shorter side
/// the corner is exactly circular (a capsule stays a capsule). Strata uses half the shorter
/// side for every corner, even when a neighbouring corner is square (`maskedCorners`).
package enum ContinuousCornerPath {
    /// Apple's `cornerCurveExpansionFactor(.continuous)`.
    package static let expansion = 1.528665
    /// The arc's radius as a fraction of the corner radius (full smoothing).
    static let arcRadiusRatio = 0.8
    /// The angle each easing cubic takes from the corner's 90° (full smoothing), in radians.
    static let easingAngle = 20.0 * Double.pi / 180

    /// The closed outline of `shape` with continuous corners (clockwise on a y-down screen).
    package static func path(_ shape: RoundedRect) -> PathGeometry {
        var path = PathGeometry()
        append(shape, to: &path)
        return path
    }

    /// Appends `shape`'s outline as a closed subpath (nothing when `shape` is empty).
    package static func append(_ shape: RoundedRect, to path: inout PathGeometry) {
        guard !shape.isEmpty else { return }
        let limit = min(shape.maxX - shape.minX, shape.maxY - shape.minY) / 2
        // Corners in clockwise order, each with its incoming (u) and outgoing (v) directions.
        let corners: [(corner: SIMD2<Double>, u: SIMD2<Double>, v: SIMD2<Double>, r: Double)] = [
            (SIMD2(shape.minX, shape.minY), SIMD2(0, -1), SIMD2(1, 0), shape.topLeft),
            (SIMD2(shape.maxX, shape.minY), SIMD2(1, 0), SIMD2(0, 1), shape.topRight),
            (SIMD2(shape.maxX, shape.maxY), SIMD2(0, 1), SIMD2(-1, 0), shape.bottomRight),
            (SIMD2(shape.minX, shape.maxY), SIMD2(-1, 0), SIMD2(0, -1), shape.bottomLeft),
        ]
        for (i, c) in corners.enumerated() {
            let local = corner(radius: c.r, limit: limit)
            // Canonical (X, Y) → plane: corner + X·u + Y·v.
            func place(_ p: SIMD2<Double>) -> SIMD2<Double> { c.corner + p.x * c.u + p.y * c.v }
            if i == 0 { path.move(to: place(local.first!)) } else { path.line(to: place(local.first!)) }
            var k = 1
            while k + 2 < local.count {
                path.cubic(control1: place(local[k]), control2: place(local[k + 1]), to: place(local[k + 2]))
                k += 3
            }
        }
        path.close()
    }

    /// One corner in canonical coordinates: its start on the incoming edge, then three points
    /// per cubic. A square corner is the single point (0, 0).
    static func corner(radius r: Double, limit: Double) -> [SIMD2<Double>] {
        guard r > 0, r.isFinite else { return [SIMD2(0, 0)] }
        let smoothing = max(0, min(1, (limit / r - 1) / (expansion - 1)))
        let e = r * (1 + (expansion - 1) * smoothing)
        // R approaches r faster than θ approaches 0 (power 2.5): with a linear blend the easing
        // cubic's handle outgrows the edge; 2.5 keeps P1 ahead of P0 and the curvature along the
        // cubic rising monotonically for every smoothing (checked numerically at steps of 0.1).
        let radius = r * (1 - (1 - arcRadiusRatio) * pow(smoothing, 2.5))
        let theta = easingAngle * smoothing
        // The arc's centre (−cx, cx): its apex at 45° is the circular corner's apex.
        let apex = r * (1 - 1 / 2.0.squareRoot())
        let cx = apex + radius / 2.0.squareRoot()
        func onArc(_ a: Double) -> SIMD2<Double> { SIMD2(-cx + radius * sin(a), cx - radius * cos(a)) }
        func mirror(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-p.y, -p.x) }
        let b = onArc(theta), bMirror = mirror(b)
        var points: [SIMD2<Double>] = [SIMD2(-e, 0)]
        var easing: [SIMD2<Double>] = []
        if theta > 1e-9 {
            let c = b.y / sin(theta)                                  // |P2 B|, P2 on the edge
            let p2 = SIMD2(b.x - c * cos(theta), 0.0)
            let p1 = SIMD2(p2.x - 3 * c * c / (2 * radius * sin(theta)), 0.0)
            easing = [p1, p2, b]
            points += easing
        }
        // The arc from θ to 90° − θ as one cubic (k = 4/3 tan(φ/4), φ ≤ 90°: error < 0.03 % of R).
        let phi = Double.pi / 2 - 2 * theta
        let k = 4.0 / 3.0 * tan(phi / 4) * radius
        let tangentB = SIMD2(cos(theta), sin(theta)), tangentEnd = SIMD2(sin(theta), cos(theta))
        points += [b + k * tangentB, bMirror - k * tangentEnd, bMirror]
        if !easing.isEmpty {
            points += [mirror(easing[1]), mirror(easing[0]), SIMD2(0, e)]
        }
        return points
    }
}
