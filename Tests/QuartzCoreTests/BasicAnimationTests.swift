import Testing
@testable import QuartzCore

private func number(_ any: Any?) -> Double? { AnimatableValue(any).flatMap { if case .number(let n) = $0 { n } else { nil } } }

private func basic(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = 1
    return a
}

@Test func sixCombinationsOfFromToBy() {
    // current value 10, a quarter of the way through a linear 1 s animation.
    let rows: [(CABasicAnimation, Double, String)] = [
        (basic(from: 2.0, to: 6.0), 3, "from+to: 2→6"),
        (basic(from: 2.0, by: 4.0), 3, "from+by: 2→6"),
        (basic(to: 6.0, by: 4.0), 3, "to+by: 2→6"),
        (basic(from: 2.0), 4, "from: 2→current 10"),
        (basic(to: 6.0), 9, "to: current 10→6"),
        (basic(by: 4.0), 11, "by: current 10→14"),
        (basic(), 10, "none: current"),
    ]
    for (animation, expected, label) in rows {
        let value = animation.presentationValue(atLocalTime: 0.25, current: 10.0)
        #expect(number(value) == expected, "\(label): \(String(describing: value))")
    }
}

@Test func pointsInterpolateComponentWiseAndKeepTheCurrentType() {
    let a = CABasicAnimation(keyPath: "position")
    a.fromValue = NSValue(point: CGPoint(x: 0, y: 100))
    a.toValue = NSValue(point: CGPoint(x: 100, y: 0))
    a.duration = 2
    let v = a.presentationValue(atLocalTime: 0.5, current: CGPoint(x: 7, y: 7))
    #expect(v as? CGPoint == CGPoint(x: 25, y: 75))
    // Without a current value the result keeps the animation's NSValue type.
    let w = a.presentationValue(atLocalTime: 1, current: nil)
    #expect((w as? NSValue)?.pointValue == CGPoint(x: 50, y: 50))
}

@Test func everyScalarTypeBridges() {
    let a = basic(from: NSNumber(value: 0), to: NSNumber(value: 1))
    #expect(a.presentationValue(atLocalTime: 0.5, current: Float(3)) as? Float == 0.5)
    #expect(a.presentationValue(atLocalTime: 0.5, current: CGFloat(3)) as? CGFloat == 0.5)
    #expect(a.presentationValue(atLocalTime: 0.5, current: 3.0) as? Double == 0.5)
    #expect((a.presentationValue(atLocalTime: 0.5, current: NSNumber(value: 3)) as? NSNumber)?.doubleValue == 0.5)
    let b = basic(from: 0, to: 10)  // Int
    #expect(b.presentationValue(atLocalTime: 0.26, current: 4) as? Int == 3)  // 2.6 rounds to 3
    let sizes = basic(from: CGSize(width: 0, height: 10), to: CGSize(width: 20, height: 30))
    #expect(sizes.presentationValue(atLocalTime: 0.5, current: nil) as? CGSize == CGSize(width: 10, height: 20))
    let rects = basic(from: CGRect(x: 0, y: 0, width: 10, height: 10), to: CGRect(x: 10, y: 20, width: 30, height: 50))
    #expect(rects.presentationValue(atLocalTime: 0.5, current: nil) as? CGRect == CGRect(x: 5, y: 10, width: 20, height: 30))
    let arrays = basic(from: [0.0, 1.0, 2.0], to: [NSNumber(value: 4), NSNumber(value: 5), NSNumber(value: 6)])
    #expect(arrays.presentationValue(atLocalTime: 0.25, current: nil) as? [Double] == [1, 2, 3])
}

@Test func mismatchedValuesSwitchHalfWayInsteadOfCrashing() {
    let a = basic(from: "red", to: CGPoint(x: 1, y: 1))
    #expect(a.presentationValue(atLocalTime: 0.4, current: nil) as? String == "red")
    #expect(a.presentationValue(atLocalTime: 0.6, current: nil) as? CGPoint == CGPoint(x: 1, y: 1))
}

@Test func timingFunctionShapesProgress() {
    let a = basic(from: 0.0, to: 100.0)
    a.timingFunction = CAMediaTimingFunction(name: .easeIn)
    let v = number(a.presentationValue(atLocalTime: 0.5, current: nil))!
    #expect(abs(v - 31.5356819) < 1e-4)  // easeIn(0.5) from TimingFunctionTests' table
}

@Test func additiveAddsToTheCurrentValue() {
    let a = basic(from: 0.0, to: 4.0)
    a.isAdditive = true
    #expect(number(a.presentationValue(atLocalTime: 0.25, current: 10.0)) == 11)
    // A missing end of an additive animation is zero, not the current value.
    let b = basic(to: 4.0)
    b.isAdditive = true
    #expect(number(b.presentationValue(atLocalTime: 0.5, current: 10.0)) == 12)
    let p = CABasicAnimation(keyPath: "position")
    p.byValue = CGPoint(x: 10, y: -10)
    p.isAdditive = true
    p.duration = 1
    #expect(p.presentationValue(atLocalTime: 0.5, current: CGPoint(x: 100, y: 100)) as? CGPoint == CGPoint(x: 105, y: 95))
}

@Test func cumulativeAddsTheEndValueEachRepeat() {
    // from 0 to 1 over 1 s, three repeats: repeat n shows n + fraction (SMIL accumulate="sum").
    let a = basic(from: 0.0, to: 1.0)
    a.isCumulative = true
    a.repeatCount = 3
    a.fillMode = .forwards
    var store: [String: Any] = ["opacity": 0.0]
    func value(at t: Double) -> Double? {
        a.apply(atParentTime: t, get: { store[$0] }, set: { store[$0] = $1 })
        return number(store["opacity"])
    }
    #expect(value(at: 0.25) == 0.25)
    #expect(value(at: 1.25) == 1.25)
    #expect(value(at: 2.5) == 2.5)
    #expect(value(at: 9) == 3)  // filled forwards at the end of the third repeat
    // Points accumulate component-wise.
    let p = CABasicAnimation(keyPath: "position")
    p.fromValue = CGPoint.zero
    p.toValue = CGPoint(x: 10, y: 20)
    p.isCumulative = true
    p.duration = 1
    #expect(p.presentationValue(atLocalTime: 0.5, iteration: 2, current: nil) as? CGPoint == CGPoint(x: 25, y: 50))
}

@Test func applyWritesNothingWhenInactive() {
    let a = basic(from: 0.0, to: 1.0)
    a.beginTime = 5
    var writes = 0
    a.apply(atParentTime: 4, get: { _ in 0.0 }, set: { _, _ in writes += 1 })
    a.apply(atParentTime: 7, get: { _ in 0.0 }, set: { _, _ in writes += 1 })
    #expect(writes == 0)
    a.apply(atParentTime: 5.5, get: { _ in 0.0 }, set: { _, _ in writes += 1 })
    #expect(writes == 1)
    #expect(a.isFinished(atParentTime: 6.01))
    #expect(!a.isFinished(atParentTime: 6))  // the active interval is closed
}

@Test func seedMoveAnimationEndsHundredPointsRightAndStays() {
    // Seed 000 "Simple movement": toValue = current + (100, 0), easeInEaseOut, fill forwards.
    let current = CGPoint(x: 50, y: 80)
    let move = CABasicAnimation(keyPath: "position")
    move.duration = 1
    move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    move.isRemovedOnCompletion = false
    move.fillMode = .forwards
    move.toValue = NSValue(point: CGPoint(x: current.x + 100, y: current.y))
    var store: [String: Any] = ["position": current]
    move.apply(atParentTime: 0.5, get: { store[$0] }, set: { store[$0] = $1 })
    let mid = store["position"] as? CGPoint
    #expect(mid.map { abs($0.x - 100) < 1e-5 && $0.y == 80 } == true)
    store["position"] = current
    move.apply(atParentTime: 3, get: { store[$0] }, set: { store[$0] = $1 })
    #expect(store["position"] as? CGPoint == CGPoint(x: 150, y: 80))
}

/// Drives `animation` (0 → 10 over 1 s) through `apply` at each parent time; nil = not written.
private func drive(_ animation: CABasicAnimation, _ times: [Double]) -> [Double?] {
    times.map { t in
        var store: [String: Any] = [:]
        animation.apply(atParentTime: t, get: { store[$0] }, set: { store[$0] = $1 })
        return number(store["opacity"])
    }
}

@Test func valuesThroughRepeatCountTwoAndAHalfWithAutoreverses() {
    let a = basic(from: 0.0, to: 10.0)
    a.repeatCount = 2.5
    a.autoreverses = true
    a.fillMode = .forwards
    #expect(drive(a, [0.25, 1.25, 2.5, 3.75, 4.5, 6]) == [2.5, 7.5, 5, 2.5, 5, 10])
}

@Test func valuesAtSpeedTwoMinusOneAndWithTimeOffset() {
    let fast = basic(from: 0.0, to: 10.0)
    fast.speed = 2
    #expect(drive(fast, [0.1, 0.25, 0.6]) == [2, 5, nil])
    let backwards = basic(from: 0.0, to: 10.0)
    backwards.speed = -1
    backwards.beginTime = 1
    #expect(drive(backwards, [0.25, 0.75, 1.5]) == [7.5, 2.5, nil])
    let offset = basic(from: 0.0, to: 10.0)
    offset.timeOffset = 0.5
    #expect(drive(offset, [0, 0.25, 0.75]) == [5, 7.5, 2.5])
}

@Test func fillModesThroughValues() {
    // begins at 1, lasts 1: before (0.5), during (1.5), after (3).
    let rows: [(CAMediaTimingFillMode, [Double?])] = [
        (.removed, [nil, 5, nil]), (.forwards, [nil, 5, 10]), (.backwards, [0, 5, nil]), (.both, [0, 5, 10]),
    ]
    for (mode, expected) in rows {
        let a = basic(from: 0.0, to: 10.0)
        a.beginTime = 1
        a.fillMode = mode
        #expect(drive(a, [0.5, 1.5, 3]) == expected, "\(mode.rawValue)")
        #expect(a.hasStarted(atParentTime: 1) && !a.hasStarted(atParentTime: 0.99))
    }
}

/// With no model value to take a type from, integer endpoints interpolate as Apple's do: the
/// numbers are doubles (an NSNumber), not rounded to Int, which made `fromValue = 0`,
/// `toValue = 1` on a custom property jump at half way.
@Test func integerEndpointsWithNoModelValueGiveFractions() {
    let a = basic(from: 0, to: 1)  // Int literals, as `anim.fromValue = 0` writes them
    #expect((a.presentationValue(atLocalTime: 0.25, current: nil) as? NSNumber)?.doubleValue == 0.25)
    #expect((a.presentationValue(atLocalTime: 0.5, current: nil) as? NSNumber)?.doubleValue == 0.5)
}
