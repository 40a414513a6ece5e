import Testing
@testable import QuartzCore

private func same(_ a: CATransform3D?, _ b: CATransform3D, _ tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return zip(a.entries, b.entries).allSatisfy { abs(Double($0 - $1)) <= tol }
}

private func rotation(_ angle: Double) -> CATransform3D { CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) }

@Test func transformsInterpolateByDecompositionAlongTheShortestArc() {
    let half = ValueInterpolation.interpolate(CATransform3DIdentity, rotation(.pi / 2), fraction: 0.5) as? CATransform3D
    #expect(same(half, rotation(.pi / 4)))
    // 270° is −90° the short way round (seed 000: "animate in the opposite direction").
    let short = ValueInterpolation.interpolate(CATransform3DIdentity, rotation(1.5 * .pi), fraction: 0.5) as? CATransform3D
    #expect(same(short, rotation(-.pi / 4)))
    let scaled = ValueInterpolation.interpolate(CATransform3DIdentity, CATransform3DMakeScale(3, 5, 1), fraction: 0.5) as? CATransform3D
    #expect(same(scaled, CATransform3DMakeScale(2, 3, 1)))
}

@Test func transformKeyframesAndCumulativeMatrices() {
    let k = CAKeyframeAnimation(keyPath: "transform")
    k.values = [CATransform3DIdentity, rotation(.pi / 2), rotation(.pi)]
    k.duration = 1
    #expect(same(k.presentationValue(atLocalTime: 0.25, current: CATransform3DIdentity) as? CATransform3D, rotation(.pi / 4)))
    // Cubic falls back to linear for matrices.
    k.calculationMode = .cubic
    #expect(same(k.presentationValue(atLocalTime: 0.25, current: CATransform3DIdentity) as? CATransform3D, rotation(.pi / 4)))
    let b = CABasicAnimation(keyPath: "transform")
    b.fromValue = CATransform3DIdentity
    b.toValue = rotation(.pi / 2)
    b.isCumulative = true
    b.duration = 1
    // Repeat 1, half way: 45° plus one whole 90°.
    #expect(same(b.presentationValue(atLocalTime: 0.5, iteration: 1, current: nil) as? CATransform3D, rotation(.pi * 0.75)))
}

@Test func valueFunctionsBuildTransformsFromNumbers() {
    // rotateZ 0 → 2π: half way is π, not the identity a matrix interpolation would give.
    let spin = CABasicAnimation(keyPath: "transform")
    spin.valueFunction = CAValueFunction(name: .rotateZ)
    spin.fromValue = 0.0
    spin.toValue = 2 * Double.pi
    spin.duration = 1
    #expect(same(spin.presentationValue(atLocalTime: 0.5, current: CATransform3DIdentity) as? CATransform3D, rotation(.pi)))
    let rows: [(CAValueFunctionName, Any, CATransform3D)] = [
        (.rotateX, 1.0, CATransform3DMakeRotation(1, 1, 0, 0)),
        (.rotateY, 1.0, CATransform3DMakeRotation(1, 0, 1, 0)),
        (.scale, [2.0, 3.0, 4.0], CATransform3DMakeScale(2, 3, 4)),
        (.scaleX, 2.0, CATransform3DMakeScale(2, 1, 1)),
        (.scaleY, 2.0, CATransform3DMakeScale(1, 2, 1)),
        (.scaleZ, 2.0, CATransform3DMakeScale(1, 1, 2)),
        (.translate, [1.0, 2.0, 3.0], CATransform3DMakeTranslation(1, 2, 3)),
        (.translateX, 5.0, CATransform3DMakeTranslation(5, 0, 0)),
        (.translateY, 5.0, CATransform3DMakeTranslation(0, 5, 0)),
        (.translateZ, 5.0, CATransform3DMakeTranslation(0, 0, 5)),
    ]
    for (name, input, expected) in rows {
        #expect(same(CAValueFunction(name: name)?.transform(for: input), expected), "\(name.rawValue)")
    }
    #expect(CAValueFunction(name: .translate)?.transform(for: 1.0) == nil)
    #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "warp")) == nil)
}

@Test func additiveTransformsApplyTheAnimationFirst() {
    let a = CABasicAnimation(keyPath: "transform")
    a.valueFunction = CAValueFunction(name: .translateX)
    a.fromValue = 0.0
    a.toValue = 10.0
    a.isAdditive = true
    a.duration = 1
    let base = CATransform3DMakeScale(2, 2, 1)
    // translate 5 first, then the model's scale by 2: x translation 10.
    let v = a.presentationValue(atLocalTime: 0.5, current: base) as? CATransform3D
    #expect(same(v, CATransform3DConcat(CATransform3DMakeTranslation(5, 0, 0), base)))
    #expect(v.map { $0.m41 == 10 } == true)
}

@Test func cumulativeRotationKeyPathSpinsTwice() {
    // Seed 000 "Rotation around a circle": transform.rotation.z to 2π, cumulative, repeated.
    let a = CABasicAnimation(keyPath: "transform.rotation.z")
    a.toValue = NSNumber(value: Float.pi * 2)
    a.duration = 1
    a.isCumulative = true
    a.repeatCount = 2
    var store: [String: Any] = ["transform.rotation.z": CGFloat(0)]
    a.apply(atParentTime: 1.5, get: { store[$0] }, set: { store[$0] = $1 })
    // 2π from the first turn plus half of the second: 3π, kept as CGFloat like the current value.
    #expect((store["transform.rotation.z"] as? CGFloat).map { abs(Double($0) - 3 * Double(Float.pi)) < 1e-6 } == true)
}

@Test func colorsInterpolateInSRGBWithAlpha() {
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)
    let c = ValueInterpolation.interpolate(red, blue, fraction: 0.25) as? CGColor
    let rgba = c?.rgba
    #expect(rgba.map { $0.r == 0.75 && $0.g == 0 && $0.b == 0.25 && $0.a == 0.875 } == true)
    let gray = CGColor(gray: 0.5, alpha: 1)
    let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    let g = (ValueInterpolation.interpolate(gray, white, fraction: 0.5) as? CGColor)?.rgba
    #expect(g.map { $0.r == 0.75 && $0.g == 0.75 && $0.b == 0.75 && $0.a == 1 } == true)
    // borderColor from the presentation value (seed 002): from-only animation to the current color.
    let anim = CABasicAnimation(keyPath: "borderColor")
    anim.fromValue = red
    anim.duration = 1
    let mid = (anim.presentationValue(atLocalTime: 0.5, current: white) as? CGColor)?.rgba
    #expect(mid.map { $0.r == 1 && $0.g == 0.5 && $0.b == 0.5 } == true)
}

@Test func pathsInterpolatePointWiseWhenTheirElementsMatch() {
    let a = CGMutablePath()
    a.move(to: CGPoint(x: 0, y: 0))
    a.addLine(to: CGPoint(x: 10, y: 0))
    a.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 20, y: 0), control2: CGPoint(x: 20, y: 10))
    a.closeSubpath()
    let b = CGMutablePath()
    b.move(to: CGPoint(x: 100, y: 0))
    b.addLine(to: CGPoint(x: 110, y: 20))
    b.addCurve(to: CGPoint(x: 10, y: 30), control1: CGPoint(x: 40, y: 0), control2: CGPoint(x: 20, y: 50))
    b.closeSubpath()
    let mid = ValueInterpolation.interpolate(a, b, fraction: 0.5) as? CGPath
    let expected = CGPath(elements: [
        .move(to: CGPoint(x: 50, y: 0)), .line(to: CGPoint(x: 60, y: 10)),
        .curve(to: CGPoint(x: 10, y: 20), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 20, y: 30)),
        .closeSubpath,
    ])
    #expect(mid?.elements == expected.elements)
    // Different elements cannot be interpolated: the value switches half way.
    let c = CGMutablePath()
    c.move(to: .zero)
    #expect(ValueInterpolation.interpolate(a, c, fraction: 0.4) as? CGPath === a)
    #expect(ValueInterpolation.interpolate(a, c, fraction: 0.6) as? CGPath === c)
}

@Test func distancesForPacing() {
    #expect(ValueInterpolation.distance(CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 4)) == 5)
    #expect(ValueInterpolation.distance(2.0, NSNumber(value: -1)) == 3)
    #expect(ValueInterpolation.distance(CGPoint.zero, 1.0) == nil)
}
