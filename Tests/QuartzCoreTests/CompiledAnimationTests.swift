import Testing
@testable import QuartzCore

// The typed fast path (`CompiledAnimation`) against the general `Any`-based path: same state,
// bit for bit, for every property it handles, over many times including before, after and at
// iteration boundaries.

/// The state after the general path applies `animation` at `time`.
private func general(_ animation: CAAnimation, _ base: LayerState, _ time: Double) -> LayerState {
    var working = base
    animation.apply(atParentTime: time, get: { working.value(forKeyPath: $0) },
                    set: { path, value in if let value { working.setValue(value, forKeyPath: path) } })
    return working
}

private func compiled(_ c: CompiledAnimation, _ base: LayerState, _ time: Double) -> LayerState {
    var s = base
    c.apply(to: &s, layerTime: time)
    return s
}

private func sameGeometry(_ a: LayerState, _ b: LayerState) -> Bool {
    a.position == b.position && a.transform == b.transform && a.opacity == b.opacity
        && a.zPosition == b.zPosition && a.cornerRadius == b.cornerRadius && a.anchorPoint == b.anchorPoint
        && a.borderWidth == b.borderWidth && a.shadowRadius == b.shadowRadius && a.shadowOpacity == b.shadowOpacity
        && a.anchorPointZ == b.anchorPointZ
}

private let times: [Double] = [-1, 0, 0.1, 0.25, 0.5, 0.999, 1, 1.5, 2, 2.75, 3, 7.3, 100.01]

private func base() -> LayerState {
    var s = LayerState()
    s.position = CGPoint(x: 10, y: 20)
    s.transform = CATransform3DMakeScale(2, 2, 1)
    return s
}

@Test func compiledBasicAnimationsMatchTheGeneralPathExactly() throws {
    let cases: [(String, Any, Any)] = [
        ("opacity", NSNumber(value: 0.2), NSNumber(value: 0.9)),
        ("zPosition", CGFloat(-5), CGFloat(40)),
        ("cornerRadius", 0.0, 24.0),
        ("position", NSValue(point: CGPoint(x: 0, y: 0)), NSValue(point: CGPoint(x: 300, y: -40))),
        ("position", CGPoint(x: 5, y: 6), CGPoint(x: 50, y: 60)),
        ("position.x", NSNumber(value: 3), NSNumber(value: 90)),
        ("position.y", Float(3), Float(-90)),
        ("anchorPoint", CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5)),
        ("transform.rotation.z", NSNumber(value: 0), NSNumber(value: 2 * Double.pi)),
        ("transform.rotation", 0.0, Double.pi),
        ("transform.rotation.y", NSNumber(value: -1), NSNumber(value: 4)),
        ("transform.rotation.x", 0.5, 1.0),
        ("transform.scale", 1.0, 3.0),
        ("transform.scale.y", 1.0, 0.5),
        ("transform.translation.x", 0.0, 30.0),
        ("transform.translation.z", 0.0, -30.0),
    ]
    let functions: [CAMediaTimingFunction?] = [nil, CAMediaTimingFunction(name: .easeInEaseOut),
                                               CAMediaTimingFunction(controlPoints: 0.3, -0.5, 0.7, 1.6)]
    for (path, from, to) in cases {
        for (k, function) in functions.enumerated() {
            let a = CABasicAnimation(keyPath: path)
            a.fromValue = from; a.toValue = to
            a.duration = 1.5; a.beginTime = 0.25; a.timingFunction = function
            a.repeatCount = k == 1 ? .infinity : 2
            a.autoreverses = k == 2
            a.timeOffset = k == 1 ? 0.4 : 0
            a.fillMode = k == 0 ? .both : .removed
            let c = try #require(CompiledAnimation(a), "\(path) compiles")
            for t in times {
                #expect(sameGeometry(compiled(c, base(), t), general(a, base(), t)), "\(path) function \(k) at \(t)")
            }
        }
    }
}

@Test func compiledKeyframeAnimationsMatchTheGeneralPathExactly() throws {
    let circle = (0...36).map { j -> Any in
        let angle = 2 * Double.pi * Double(j) / 36
        return NSValue(point: CGPoint(x: 500 + 400 * cos(angle), y: 380 + 280 * sin(angle)))
    }
    let a = CAKeyframeAnimation(keyPath: "position")
    a.values = circle
    a.duration = 6; a.repeatCount = .infinity; a.timeOffset = 1.7
    let b = CAKeyframeAnimation(keyPath: "opacity")
    b.values = [0.0, 1.0, 0.25, 0.5]
    b.keyTimes = [0, 0.2, 0.2, 1].map { NSNumber(value: $0) }
    b.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear),
                         CAMediaTimingFunction(name: .easeOut)]
    b.duration = 2; b.fillMode = .forwards
    let r = CAKeyframeAnimation(keyPath: "transform.rotation.z")
    r.values = [0, Double.pi, 0.5].map { NSNumber(value: $0) }
    r.duration = 3; r.autoreverses = true; r.repeatCount = 3
    r.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    for animation in [a, b, r] {
        let c = try #require(CompiledAnimation(animation))
        for t in times + (0..<50).map({ Double($0) * 0.173 }) {
            #expect(sameGeometry(compiled(c, base(), t), general(animation, base(), t)), "\(animation.keyPath!) at \(t)")
        }
    }
}

@Test func animationsOutsideTheFastPathAreNotCompiled() {
    let additive = CABasicAnimation(keyPath: "position.x")
    additive.fromValue = 0.0; additive.toValue = 10.0; additive.isAdditive = true
    let byValue = CABasicAnimation(keyPath: "opacity")
    byValue.byValue = 0.5
    let colour = CABasicAnimation(keyPath: "backgroundColor")
    colour.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1); colour.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let paced = CAKeyframeAnimation(keyPath: "position")
    paced.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]; paced.calculationMode = .paced
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.fromValue = 0.0; spring.toValue = 1.0
    let wrongType = CABasicAnimation(keyPath: "position")
    wrongType.fromValue = 1.0; wrongType.toValue = 2.0
    let unknownPath = CABasicAnimation(keyPath: "myCustomKey")
    unknownPath.fromValue = 1.0; unknownPath.toValue = 2.0
    for a in [additive, byValue, colour, paced, spring, wrongType, unknownPath] {
        #expect(CompiledAnimation(a) == nil, "\(a.keyPath ?? "") should take the general path")
    }
}

@Test func aCommittedLayerEvaluatesThroughTheCompiledFormAndSeesLaterBeginTimes() {
    CAMediaClock.withManualClock(startingAt: 10) { clock in
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0; a.toValue = 100.0; a.duration = 1
        layer.add(a, forKey: "x")
        CATransaction.flush()
        #expect(layer.attachedAnimations.first?.compiled != nil)
        clock.advance(by: 0.25)
        #expect(abs(Double(layer.presentation()!.position.x) - 25) < 1e-9)
    }
}

/// `transform` between two whole matrices (what `UIView.animate` adds for a view's `transform`):
/// compiled, its endpoints split once, the same matrices as the general path every frame.
@Test func compiledTransformAnimationsMatchTheGeneralPathExactly() throws {
    var perspective = CATransform3DMakeRotation(0.7, 0, 1, 0)
    perspective.m34 = -1 / 500
    let cases: [(Any, Any)] = [
        (NSValue(caTransform3D: CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.3))),
         NSValue(caTransform3D: CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.3 + .pi / 2)))),
        (CATransform3DIdentity, CATransform3DRotate(CATransform3DMakeScale(2, 0.5, 1), 2.5, 0, 0, 1)),
        (CATransform3DMakeTranslation(10, -20, 5), perspective),
        (CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeRotation(.pi, 1, 1, 0)),
        // Singular: cannot be split, so the entries interpolate linearly.
        (CATransform3DMakeScale(0, 1, 1), CATransform3DMakeTranslation(40, 0, 0)),
    ]
    for (i, (from, to)) in cases.enumerated() {
        for k in 0..<3 {
            let a = CABasicAnimation(keyPath: "transform")
            a.fromValue = from; a.toValue = to
            a.duration = 1.5; a.beginTime = 0.25
            a.timingFunction = k == 0 ? nil : CAMediaTimingFunction(controlPoints: 0.3, -0.5, 0.7, 1.6)
            a.repeatCount = k == 1 ? .infinity : 2
            a.autoreverses = k == 2
            a.fillMode = k == 0 ? .both : .removed
            let c = try #require(CompiledAnimation(a), "case \(i) compiles")
            for t in times + (0..<40).map({ Double($0) * 0.0917 }) {
                #expect(sameGeometry(compiled(c, base(), t), general(a, base(), t)), "case \(i), variant \(k) at \(t)")
            }
        }
    }
}

@Test func transformAnimationsTheFastPathCannotTakeStayGeneral() {
    let byValue = CABasicAnimation(keyPath: "transform")
    byValue.byValue = CATransform3DMakeScale(2, 2, 1)
    let additive = CABasicAnimation(keyPath: "transform")
    additive.fromValue = CATransform3DIdentity; additive.toValue = CATransform3DMakeScale(2, 2, 1)
    additive.isAdditive = true
    let keyframes = CAKeyframeAnimation(keyPath: "transform")
    keyframes.values = [CATransform3DIdentity, CATransform3DMakeScale(2, 2, 1)]
    let notAMatrix = CABasicAnimation(keyPath: "transform")
    notAMatrix.fromValue = 1.0; notAMatrix.toValue = 2.0
    let spring = CASpringAnimation(keyPath: "transform")
    spring.fromValue = CATransform3DIdentity; spring.toValue = CATransform3DMakeScale(2, 2, 1)
    for a in [byValue, additive, keyframes, notAMatrix, spring] {
        #expect(CompiledAnimation(a) == nil, "\(type(of: a)) \(a.isAdditive) should take the general path")
    }
}

@Test func aCompiledTransformAnimationThatOverflowsKeepsTheValue() throws {
    let a = CABasicAnimation(keyPath: "transform")
    a.fromValue = CATransform3DIdentity
    a.toValue = CATransform3DMakeTranslation(1e308, 0, 0)
    a.duration = 1
    // At half time this curve is at 2.375: the translation overflows to infinity.
    a.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, 3, 0.5, 3)
    let c = try #require(CompiledAnimation(a))
    var s = base()
    #expect(c.apply(to: &s, layerTime: 0.5) == false)
    #expect(s.transform == base().transform)
    #expect(c.apply(to: &s, layerTime: 1.0 / 64))
    #expect(s.transform.m41 > 0 && s.transform.m41.isFinite)
}
