import Testing
@testable import QuartzCore

private func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }
private func number(_ any: Any?) -> Double? { AnimatableValue(any).flatMap { if case .number(let n) = $0 { n } else { nil } } }

private func values(of animation: CAAnimation, at t: Double, base: [String: Any]) -> [String: Any] {
    var store = base
    animation.apply(atParentTime: t, get: { store[$0] }, set: { store[$0] = $1 })
    return store
}

@Test func groupClipsChildrenToItsDuration() {
    // A: opacity 0 → 1 over 2 s (clipped at 1 s, i.e. 0.5); B: x 0 → 100 from 0.5 s for 0.25 s.
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0.0; a.toValue = 1.0; a.duration = 2
    let b = CABasicAnimation(keyPath: "position.x")
    b.fromValue = 0.0; b.toValue = 100.0; b.duration = 0.25; b.beginTime = 0.5
    let group = CAAnimationGroup()
    group.animations = [a, b]
    group.duration = 1
    let base: [String: Any] = ["opacity": -1.0, "position.x": -1.0]
    // (t, opacity, x): -1 means "not written".
    let rows: [(Double, Double, Double)] = [
        (0.25, 0.125, -1), (0.6, 0.3, 40), (0.9, 0.45, -1), (1.5, -1, -1),
    ]
    for (t, opacity, x) in rows {
        let v = values(of: group, at: t, base: base)
        #expect(close(number(v["opacity"]), opacity), "t=\(t) opacity \(String(describing: v["opacity"]))")
        #expect(close(number(v["position.x"]), x), "t=\(t) x \(String(describing: v["position.x"]))")
    }
    group.fillMode = .forwards
    #expect(close(number(values(of: group, at: 1.5, base: base)["opacity"]), 0.5))
}

@Test func groupTimingFunctionWarpsChildTime() {
    let child = CABasicAnimation(keyPath: "opacity")
    child.fromValue = 0.0; child.toValue = 1.0; child.duration = 1
    let group = CAAnimationGroup()
    group.animations = [child]
    group.duration = 1
    group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    #expect(close(number(values(of: group, at: 0.25, base: [:])["opacity"]), 0.129161939))
    let children = group.children(atParentTime: 0.25)
    #expect(children.count == 1 && children[0].animation === child && close(children[0].parentTime, 0.129161939))
    #expect(group.children(atParentTime: 5).isEmpty)
}

@Test func childWithZeroDurationRunsForTheGroupsDuration() {
    // As on Apple (the seeds' groups rely on it): a child without a duration spans the group.
    let child = CABasicAnimation(keyPath: "opacity")
    child.fromValue = 0.0; child.toValue = 1.0
    let group = CAAnimationGroup()
    group.animations = [child]
    group.duration = 2
    #expect(close(number(values(of: group, at: 0.5, base: [:])["opacity"]), 0.25))
    #expect(close(number(values(of: group, at: 2, base: [:])["opacity"]), 1))
    #expect(values(of: group, at: 2.5, base: [:])["opacity"] == nil)
}

@Test func cardFlipSeedGroup() {
    // Seed 003: rotation.y 0 → −π and scale → 0.8 over half the time, autoreversed; the group
    // eases in and out, fills forwards and stays.
    let flip = CABasicAnimation(keyPath: "transform.rotation.y")
    flip.fromValue = NSNumber(value: 0.0); flip.toValue = NSNumber(value: -Double.pi)
    let shrink = CABasicAnimation(keyPath: "transform.scale")
    shrink.toValue = NSNumber(value: Float(0.8)); shrink.duration = 0.5; shrink.autoreverses = true
    let group = CAAnimationGroup()
    group.animations = [flip, shrink]
    group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    group.duration = 1
    flip.duration = 1
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    let base: [String: Any] = ["transform.rotation.y": 0.0, "transform.scale": 1.0]
    let mid = values(of: group, at: 0.5, base: base)
    #expect(close(number(mid["transform.rotation.y"]), -Double.pi / 2, 1e-6))
    #expect(close(number(mid["transform.scale"]), 0.8, 1e-6))
    let end = values(of: group, at: 3, base: base)
    #expect(close(number(end["transform.rotation.y"]), -Double.pi))
    #expect(close(number(end["transform.scale"]), 1))
}

@Test func copyingAGroupCopiesItsChildren() {
    let child = CABasicAnimation(keyPath: "opacity")
    child.toValue = 1.0
    let group = CAAnimationGroup()
    group.animations = [child]
    let copy = group.copy() as! CAAnimationGroup
    child.toValue = 0.0
    group.animations?.append(CABasicAnimation())
    #expect(copy.animations?.count == 1)
    #expect((copy.animations?.first as? CABasicAnimation)?.toValue as? Double == 1)
    #expect(copy.animations?.first !== child)
}
