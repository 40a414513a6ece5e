import Testing
import Raster
@testable import QuartzCore

/// The geometry of `ContinuousCornerPath`: where it leaves the edges, G2 joins, clamping.
private func curvatureAtStart(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>) -> Double {
    // κ(0) = (2/3) |(P1 − P0) × (P2 − P1)| / |P1 − P0|³.
    let a = p1 - p0, b = p2 - p1
    return 2.0 / 3.0 * abs(a.x * b.y - a.y * b.x) / pow((a * a).sum().squareRoot(), 3)
}

@Test func continuousCornerLeavesTheEdgeAtTheExpansionFactor() {
    let points = ContinuousCornerPath.corner(radius: 30, limit: 50)
    #expect(points.count == 10)                                        // start + 3 cubics
    #expect(abs(points[0].x + 30 * 1.528665) < 1e-12 && points[0].y == 0)
    #expect(abs(points[9].y - 30 * 1.528665) < 1e-12 && points[9].x == 0)
    #expect(Double(CALayer.cornerCurveExpansionFactor(.continuous)) == ContinuousCornerPath.expansion)
    // Every control point stays within the corner's square (−e…0, 0…e).
    for p in points { #expect(p.x <= 1e-12 && p.x >= -45.86 && p.y >= -1e-12 && p.y <= 45.86) }
}

@Test func continuousCornerIsG2AtEveryJoin() {
    let r = 30.0, pts = ContinuousCornerPath.corner(radius: r, limit: 50)
    let arcRadius = 0.8 * r
    // Easing cubic (pts 0…3): curvature 0 leaving the edge (P0, P1, P2 on y = 0), 1/R at the arc.
    #expect(pts[1].y == 0 && pts[2].y == 0)
    #expect(abs(curvatureAtStart(pts[3], pts[2], pts[1]) - 1 / arcRadius) < 1e-12)
    // The arc cubic (pts 3…6) starts and ends with curvature close to 1/R (one-cubic arc).
    #expect(abs(curvatureAtStart(pts[3], pts[4], pts[5]) * arcRadius - 1) < 0.02)
    #expect(abs(curvatureAtStart(pts[6], pts[5], pts[4]) * arcRadius - 1) < 0.02)
    // Tangents continue across each join (G1): P2, B, arc's first control point collinear.
    let d1 = pts[3] - pts[2], d2 = pts[4] - pts[3]
    #expect(abs(d1.x * d2.y - d1.y * d2.x) < 1e-9)
    // The apex on the diagonal is the circular corner's apex, r (1 − 1/√2) from each edge.
    let mid = 0.125 * pts[3] + 0.375 * pts[4] + 0.375 * pts[5] + 0.125 * pts[6]
    #expect(abs(mid.x + r * (1 - 1 / 2.0.squareRoot())) < 1e-9 && abs(mid.y - r * (1 - 1 / 2.0.squareRoot())) < 1e-9)
}

@Test func continuousCornerClampsTowardsACircle() {
    // Half the side: no smoothing, a quarter circle of radius r from (−r, 0) to (0, r).
    let circle = ContinuousCornerPath.corner(radius: 50, limit: 50)
    #expect(circle.count == 4)
    #expect(circle[0] == SIMD2(-50, 0) && abs(circle[3].x) < 1e-12 && abs(circle[3].y - 50) < 1e-12)
    // Between: the corner grows only up to the limit.
    let partial = ContinuousCornerPath.corner(radius: 40, limit: 50)
    #expect(abs(partial[0].x + 50) < 1e-12)
    for radius in stride(from: 33.0, through: 49.0, by: 1) {
        let p = ContinuousCornerPath.corner(radius: radius, limit: 50)
        #expect(p[1].x >= p[0].x, "P1 behind the start at radius \(radius)")
        #expect(p[2].x >= p[1].x, "P2 behind P1 at radius \(radius)")
    }
    // A square corner and bad radii are the single corner point.
    #expect(ContinuousCornerPath.corner(radius: 0, limit: 50) == [SIMD2(0, 0)])
    #expect(ContinuousCornerPath.corner(radius: .nan, limit: 50) == [SIMD2(0, 0)])
}
