import Foundation
import Testing
@testable import QuartzCore

// Issue #21: `transform.rotation.y` animated 0 → π on a layer whose model transform is a half turn
// about y started from the back face and turned the wrong way, then snapped: the model rotation
// was decomposed as x = π, y = 0, z = π and the animated y replaced the 0.

private func expectClose(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-12,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let d = zip(a.entries, b.entries).map { abs(Double($0) - Double($1)) }.max() ?? 0
    #expect(d <= tolerance, "\(a) differs from \(b) by \(d)", sourceLocation: sourceLocation)
}

@Test func aSingleAxisRotationDecomposesOntoItsAxis() {
    for (axis, v) in [("x", SIMD3<Double>(1, 0, 0)), ("y", SIMD3<Double>(0, 1, 0)), ("z", SIMD3<Double>(0, 0, 1))] {
        for angle in [Double.pi, 0.75 * .pi, -0.75 * .pi, 0.5 * .pi, 2.0, -2.5, 0.3] {
            let layer = CALayer()
            layer.transform = CATransform3DMakeRotation(angle, v.x, v.y, v.z)
            for other in ["x", "y", "z"] {
                let value = layer.value(forKeyPath: "transform.rotation.\(other)") as? CGFloat ?? .nan
                let expected = other == axis ? angle : 0
                #expect(abs(value - expected) < 1e-12, "rotation(\(angle), \(axis)): rotation.\(other) = \(value)")
            }
        }
    }
}

@Test func eulerAnglesRebuildTheRotation() {
    // Mixed rotations: whichever of the two angle triples is chosen, it rebuilds the same matrix.
    let rotations = [CATransform3DMakeRotation(2.2, 1, 2, 3), CATransform3DMakeRotation(-3, 0.2, 1, 0),
                     CATransform3DMakeRotation(.pi, 1, 1, 0), CATransform3DMakeRotation(1.2, 0, 1, 0).concatenating(CATransform3DMakeRotation(2.9, 1, 0, 0))]
    for r in rotations {
        let a = TransformComponents.eulerAngles(of: r)
        var m = CATransform3DMakeRotation(a.x, 1, 0, 0)
        m = m.concatenating(CATransform3DMakeRotation(a.y, 0, 1, 0)).concatenating(CATransform3DMakeRotation(a.z, 0, 0, 1))
        expectClose(m, r, 1e-12)
    }
}

@Test func rotationYAnimationFromAHalfTurnModelTurnsAboutY() throws {
    try CAMediaClock.withManualClock(startingAt: 10) { clock in
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        CATransaction.commit()
        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0
        flip.toValue = Double.pi
        flip.duration = 1
        flip.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(flip, forKey: "flip")
        CATransaction.flush()   // begins at 10
        for (t, angle) in [(10.0, 0.0), (10.25, 0.25 * .pi), (10.5, 0.5 * .pi), (10.75, 0.75 * .pi), (10.999, 0.999 * .pi)] {
            clock.set(t)
            let p = try #require(layer.presentation())
            // The presentation transform is the rotation about y by the animated angle, nothing else.
            expectClose(p.transform, CATransform3DMakeRotation(angle, 0, 1, 0), 1e-9)
            let y = try #require(p.value(forKeyPath: "transform.rotation.y") as? CGFloat)
            #expect(abs(y - angle) < 1e-9, "at \(t): rotation.y \(y), expected \(angle)")
            #expect(abs((p.value(forKeyPath: "transform.rotation.x") as? CGFloat ?? .nan)) < 1e-9)
        }
        // At t = 0 the front face shows (m33 = 1): no back face, and no snap at the end.
        clock.set(11.5)
        let end = try #require(layer.presentation())
        expectClose(end.transform, CATransform3DMakeRotation(.pi, 0, 1, 0), 1e-12)
    }
}

@Test func rotationZAnimationKeepsTheModelsOtherParts() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeScale(2, 3, 1).concatenating(CATransform3DMakeRotation(.pi, 0, 0, 1))
        CATransaction.commit()
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? .nan) - .pi) < 1e-12)
        #expect(abs((layer.value(forKeyPath: "transform.rotation.x") as? CGFloat ?? .nan)) < 1e-12)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi / 2
        spin.duration = 1
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(spin, forKey: "spin")
        CATransaction.flush()
        clock.set(0.5)
        let p = try #require(layer.presentation())
        expectClose(p.transform, CATransform3DMakeScale(2, 3, 1).concatenating(CATransform3DMakeRotation(.pi / 4, 0, 0, 1)), 1e-9)
    }
}
