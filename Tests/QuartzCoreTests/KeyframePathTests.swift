import Testing
@testable import QuartzCore

private func near(_ p: CGPoint?, _ x: Double, _ y: Double, _ tol: Double = 0.01) -> Bool {
    guard let p else { return false }
    return abs(Double(p.x) - x) <= tol && abs(Double(p.y) - y) <= tol
}

/// The ellipse in (0, 0, 200, 100): four cubics from (200, 50) through (100, 100), (0, 50), (100, 0).
private func ellipseAnimation(_ mode: CAAnimationCalculationMode) -> CAKeyframeAnimation {
    let a = CAKeyframeAnimation(keyPath: "position")
    a.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil)
    a.calculationMode = mode
    a.duration = 1
    return a
}

@Test func pacedAlongAnEllipseMovesAtConstantSpeed() {
    // Expected: python3, 200 000 samples per cubic, arc length 484.4916 in all.
    let a = ellipseAnimation(.paced)
    let rows: [(Double, Double, Double)] = [
        (0, 200, 50), (0.1, 170.574699, 85.423199), (0.25, 100, 100), (0.3, 75.835398, 98.530359),
        (0.5, 0, 50), (0.8, 124.164602, 1.469641), (1, 200, 50),
    ]
    for (t, x, y) in rows {
        let p = a.presentationValue(atLocalTime: t, current: CGPoint.zero) as? CGPoint
        #expect(near(p, x, y), "t=\(t): \(String(describing: p))")
    }
}

@Test func linearAlongAPathGivesEachSegmentEqualTime() {
    // 4 segments (the close draws nothing): u = 0.125 is the middle (s = 0.5) of the first cubic,
    // u = 0.6 is s = 0.4 of the third.
    let a = ellipseAnimation(.linear)
    #expect(near(a.presentationValue(atLocalTime: 0.125, current: CGPoint.zero) as? CGPoint, 170.710678, 85.355339, 1e-6))
    #expect(near(a.presentationValue(atLocalTime: 0.6, current: CGPoint.zero) as? CGPoint, 19.294199, 20.470649, 1e-6))
    #expect(near(a.presentationValue(atLocalTime: 0.25, current: CGPoint.zero) as? CGPoint, 100, 100, 1e-9))
    // Key times for the 5 keyframes (start + 4 segment ends).
    a.keyTimes = [0, 0.1, 0.2, 0.3, 1].map { NSNumber(value: $0) }
    #expect(near(a.presentationValue(atLocalTime: 0.1, current: CGPoint.zero) as? CGPoint, 100, 100, 1e-9))
    #expect(near(a.presentationValue(atLocalTime: 0.65, current: CGPoint.zero) as? CGPoint, 170.710678, 14.644661, 1e-6))
}

@Test func discreteAlongAPathJumpsBetweenSegmentEnds() {
    let a = ellipseAnimation(.discrete)
    // 5 keyframes, each holding for a fifth.
    #expect(near(a.presentationValue(atLocalTime: 0.1, current: nil) as? CGPoint, 200, 50, 1e-9))
    #expect(near(a.presentationValue(atLocalTime: 0.3, current: nil) as? CGPoint, 100, 100, 1e-9))
    #expect(near(a.presentationValue(atLocalTime: 0.9, current: nil) as? CGPoint, 200, 50, 1e-9))
}

@Test func linesQuadsAndClosesAreSegments() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 0))
    path.closeSubpath()  // line back to (0, 0)
    let a = CAKeyframeAnimation(keyPath: "position")
    a.path = path
    a.duration = 3
    // Middle of the quad: 0.25·(10,0) + 0.5·(20,0) + 0.25·(10,10) = (15, 2.5).
    #expect(near(a.presentationValue(atLocalTime: 1.5, current: nil) as? CGPoint, 15, 2.5, 1e-9))
    #expect(near(a.presentationValue(atLocalTime: 2.5, current: nil) as? CGPoint, 5, 5, 1e-9))
    // The path wins over values; mutating the original path later does not change a copy.
    a.values = [CGPoint(x: 99, y: 99)]
    let copy = a.copy() as! CAKeyframeAnimation
    path.addLine(to: CGPoint(x: 500, y: 500))
    #expect(near(copy.presentationValue(atLocalTime: 2.5, current: nil) as? CGPoint, 5, 5, 1e-9))
    #expect(copy.keyframes.count == 4)
}

@Test func rotateAutoFollowsThePathTangent() {
    let a = ellipseAnimation(.paced)
    a.rotationMode = .rotateAuto
    // At (200, 50) the curve heads +y; at (100, 100) −x; at (0, 50) −y.
    let rows: [(Double, Double)] = [(0, .pi / 2), (0.25, .pi), (0.5, -.pi / 2)]
    for (u, angle) in rows {
        let got = a.rotationAngle(atFraction: u)
        #expect(got.map { abs(remainder($0 - angle, 2 * .pi)) < 1e-3 } == true, "u=\(u): \(String(describing: got))")
    }
    a.rotationMode = .rotateAutoReverse
    #expect(a.rotationAngle(atFraction: 0.25).map { abs(remainder($0, 2 * .pi)) < 1e-3 } == true)
}

@Test func seedPathAnimationAlongACurve() {
    // Seed 000 "Animation along a path": from the current position (50, 80) to (+100, −50) by a
    // curve with both controls at (150, 80), paced, filled forwards.
    let start = CGPoint(x: 50, y: 80), end = CGPoint(x: 150, y: 30)
    let path = CGMutablePath()
    path.move(to: start)
    path.addCurve(to: end, control1: CGPoint(x: end.x, y: start.y), control2: CGPoint(x: end.x, y: start.y))
    let a = CAKeyframeAnimation(keyPath: "position")
    a.duration = 1
    a.calculationMode = .paced
    a.path = path
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    var store: [String: Any] = ["position": NSValue(point: start)]
    a.apply(atParentTime: 0.5, get: { store[$0] }, set: { store[$0] = $1 })
    #expect(near((store["position"] as? NSValue)?.pointValue, 118.132314, 78.407948))
    a.apply(atParentTime: 5, get: { store[$0] }, set: { store[$0] = $1 })
    #expect(near((store["position"] as? NSValue)?.pointValue, 150, 30, 1e-9))
}

@Test func emptyPathLeavesTheCurrentValue() {
    let a = CAKeyframeAnimation(keyPath: "position")
    a.path = CGMutablePath()
    a.duration = 1
    #expect(a.presentationValue(atLocalTime: 0.5, current: CGPoint(x: 3, y: 4)) as? CGPoint == CGPoint(x: 3, y: 4))
    let single = CGMutablePath()
    single.move(to: CGPoint(x: 7, y: 8))
    a.path = single
    #expect(a.presentationValue(atLocalTime: 0.5, current: CGPoint.zero) as? CGPoint == CGPoint(x: 7, y: 8))
}
