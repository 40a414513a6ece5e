import Testing
@testable import QuartzCore

private func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }
private func number(_ any: Any?) -> Double? { AnimatableValue(any).flatMap { if case .number(let n) = $0 { n } else { nil } } }

private func keyframes(_ values: [Any], mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
    let a = CAKeyframeAnimation(keyPath: "opacity")
    a.values = values
    a.calculationMode = mode
    a.duration = 1
    return a
}

@Test func popInSeedKeyframesWithKeyTimesAndTimingFunctions() {
    // Seed 000 "Pop-in": bounds.size 0 → 120% → 80% → 100% of (100, 50), key times 0/.5/.9/1,
    // segments easeOut, easeInEaseOut, easeInEaseOut.
    let a = CAKeyframeAnimation(keyPath: "bounds.size")
    a.values = [CGSize.zero, CGSize(width: 120, height: 60), CGSize(width: 80, height: 40), CGSize(width: 100, height: 50)]
        .map { NSValue(size: $0) }
    a.keyTimes = [0, 0.5, 0.9, 1].map { NSNumber(value: $0) }
    a.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
                         CAMediaTimingFunction(name: .easeInEaseOut)]
    a.duration = 1
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    // (t, width, height): easeOut(0.5) = 0.684643195; easeInEaseOut(0.5) = 0.5.
    let rows: [(Double, Double, Double)] = [
        (0, 0, 0), (0.25, 120 * 0.684643195, 60 * 0.684643195), (0.5, 120, 60),
        (0.7, 100, 50), (0.9, 80, 40), (0.95, 90, 45), (1, 100, 50),
    ]
    for (t, w, h) in rows {
        let v = a.presentationValue(atLocalTime: t, current: CGSize(width: 100, height: 50)) as? CGSize
        #expect(close(v.map { Double($0.width) }, w, 1e-5) && close(v.map { Double($0.height) }, h, 1e-5), "t=\(t): \(String(describing: v))")
    }
}

@Test func linearWithoutKeyTimesSpacesEvenlyAndOverallTimingComesFirst() {
    let a = keyframes([0.0, 10.0, 30.0])
    #expect(close(number(a.presentationValue(atLocalTime: 0.25, current: nil)), 5))
    #expect(close(number(a.presentationValue(atLocalTime: 0.75, current: nil)), 20))
    // The animation's own timing function maps time before the keyframes see it.
    let b = keyframes([0.0, 10.0])
    b.timingFunction = CAMediaTimingFunction(name: .easeIn)
    #expect(close(number(b.presentationValue(atLocalTime: 0.5, current: nil)), 3.15356819))
    // Key times of the wrong length are ignored rather than trusted.
    let c = keyframes([0.0, 10.0, 30.0])
    c.keyTimes = [0, 1].map { NSNumber(value: $0) }
    #expect(close(number(c.presentationValue(atLocalTime: 0.75, current: nil)), 20))
}

@Test func discreteHoldsEachValueUntilTheNextKeyTime() {
    let a = keyframes(["a", "b", "c"], mode: .discrete)
    let rows: [(Double, String)] = [(0, "a"), (0.2, "a"), (0.34, "b"), (0.5, "b"), (0.9, "c"), (1, "c")]
    for (t, expected) in rows {
        #expect(a.presentationValue(atLocalTime: t, current: nil) as? String == expected, "t=\(t)")
    }
    // n + 1 key times: value i holds over [keyTimes[i], keyTimes[i+1]).
    a.keyTimes = [0, 0.1, 0.2, 1].map { NSNumber(value: $0) }
    #expect(a.presentationValue(atLocalTime: 0.05, current: nil) as? String == "a")
    #expect(a.presentationValue(atLocalTime: 0.15, current: nil) as? String == "b")
    #expect(a.presentationValue(atLocalTime: 0.5, current: nil) as? String == "c")
}

@Test func pacedMovesAtConstantSpeedIgnoringKeyTimes() {
    // (0,0) → (30,0) → (30,10): 40 points in all, so half time is 20 points along.
    let a = keyframes([CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)], mode: .paced)
    a.keyTimes = [0, 0.9, 1].map { NSNumber(value: $0) }
    a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
    #expect(a.presentationValue(atLocalTime: 0.5, current: nil) as? CGPoint == CGPoint(x: 20, y: 0))
    #expect(a.presentationValue(atLocalTime: 0.875, current: nil) as? CGPoint == CGPoint(x: 30, y: 5))
    #expect(a.presentationValue(atLocalTime: 0.75, current: nil) as? CGPoint == CGPoint(x: 30, y: 0))
}

@Test func cubicIsAKochanekBartelsSpline() {
    // values 0, 10, 0, 10 at key times 0, 1/3, 2/3, 1. With T = C = B = 0 (Catmull–Rom, end
    // keyframes duplicated): segment 0 has tangents 5 and 0, so at s = 0.5
    // p = h10·5 + h01·10 = 0.125·5 + 0.5·10 = 5.625.
    let a = keyframes([0.0, 10.0, 0.0, 10.0], mode: .cubic)
    #expect(close(number(a.presentationValue(atLocalTime: 1.0 / 6, current: nil)), 5.625))
    #expect(close(number(a.presentationValue(atLocalTime: 1.0 / 3, current: nil)), 10))
    #expect(close(number(a.presentationValue(atLocalTime: 1, current: nil)), 10))
    // Tension 1: zero tangents; s = 0.25 gives h01 = 0.15625, so 1.5625.
    a.tensionValues = [1, 1, 1, 1].map { NSNumber(value: $0) }
    #expect(close(number(a.presentationValue(atLocalTime: 1.0 / 12, current: nil)), 1.5625))
    // Continuity −1: both tangents are the chord, so the segment is a straight line: 2.5.
    a.tensionValues = nil
    a.continuityValues = [-1, -1, -1, -1].map { NSNumber(value: $0) }
    #expect(close(number(a.presentationValue(atLocalTime: 1.0 / 12, current: nil)), 2.5))
    // ... in the middle segment too (10 → 0): s = 0.25 gives 7.5.
    #expect(close(number(a.presentationValue(atLocalTime: 5.0 / 12, current: nil)), 7.5))
    // Bias 1: tangents lean on the incoming chord: 0 at keyframe 0, 10 at keyframe 1;
    // s = 0.5: h01·10 + h11·10 = 5 − 1.25 = 3.75.
    a.continuityValues = nil
    a.biasValues = [1, 1, 1, 1].map { NSNumber(value: $0) }
    #expect(close(number(a.presentationValue(atLocalTime: 1.0 / 6, current: nil)), 3.75))
}

@Test func cubicPacedTravelsTheSplineAtConstantSpeed() {
    // 0 → 10 → 30 in one dimension: the spline is monotonic (derivatives 10s + 5 and
    // −45s² + 40s + 15 stay positive), so distance along it equals the value: u · 30.
    let a = keyframes([0.0, 10.0, 30.0], mode: .cubicPaced)
    a.keyTimes = [0, 0.9, 1].map { NSNumber(value: $0) }
    for (t, expected) in [(0.25, 7.5), (0.5, 15.0), (0.8, 24.0), (1.0, 30.0)] {
        #expect(close(number(a.presentationValue(atLocalTime: t, current: nil)), expected, 1e-3), "t=\(t)")
    }
}

@Test func rotationModeFollowsTheDirectionOfTravel() {
    let a = CAKeyframeAnimation(keyPath: "position")
    a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)].map { NSValue(point: $0) }
    a.duration = 1
    a.rotationMode = .rotateAuto
    var store: [String: Any] = ["position": CGPoint.zero, "transform.rotation.z": 0.0]
    a.apply(atParentTime: 0.25, get: { store[$0] }, set: { store[$0] = $1 })
    #expect(store["position"] as? CGPoint == CGPoint(x: 5, y: 0))
    #expect(close(number(store["transform.rotation.z"]), 0))
    store["transform.rotation.z"] = 0.0
    a.apply(atParentTime: 0.75, get: { store[$0] }, set: { store[$0] = $1 })
    #expect(close(number(store["transform.rotation.z"]), .pi / 2))
    a.rotationMode = .rotateAutoReverse
    #expect(close(a.rotationAngle(atFraction: 0.75), .pi * 1.5))
    a.rotationMode = nil
    #expect(a.rotationAngle(atFraction: 0.75) == nil)
}

@Test func cumulativeKeyframesAddTheLastValueEachRepeat() {
    let a = keyframes([0.0, 1.0, 3.0])
    a.isCumulative = true
    #expect(close(number(a.presentationValue(atLocalTime: 0.5, iteration: 1, current: nil)), 4))
    #expect(close(number(a.presentationValue(atLocalTime: 1, iteration: 2, current: nil)), 9))
}

@Test func missingValuesLeaveTheCurrentValue() {
    let a = CAKeyframeAnimation(keyPath: "opacity")
    a.duration = 1
    #expect(number(a.presentationValue(atLocalTime: 0.5, current: Float(0.7))) == Double(Float(0.7)))
    a.values = [Float(0.25)]
    #expect(a.presentationValue(atLocalTime: 0.5, current: Float(1)) as? Float == 0.25)
}
