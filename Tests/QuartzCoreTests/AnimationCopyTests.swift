import Testing
@testable import QuartzCore

private final class Recorder: CAAnimationDelegate {
    var stops: [Bool] = []
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

@Test func copyKeepsTheTypeAndEveryProperty() {
    let delegate = Recorder()
    let a = CABasicAnimation(keyPath: "position.y")
    a.fromValue = 1.0
    a.toValue = 2.0
    a.byValue = 3.0
    a.duration = 5
    a.beginTime = 1
    a.speed = 2
    a.timeOffset = 0.5
    a.repeatCount = 2.5
    a.repeatDuration = 4
    a.autoreverses = true
    a.fillMode = .both
    a.timingFunction = CAMediaTimingFunction(name: .easeOut)
    a.isRemovedOnCompletion = false
    a.isAdditive = true
    a.isCumulative = true
    a.delegate = delegate
    a.setValue("view", forKey: "imageViewBeingAnimated")
    guard let c = a.copy() as? CABasicAnimation else {
        Issue.record("copy is not a CABasicAnimation")
        return
    }
    #expect(c !== a)
    #expect(c.keyPath == "position.y")
    #expect(c.fromValue as? Double == 1 && c.toValue as? Double == 2 && c.byValue as? Double == 3)
    #expect(c.duration == 5 && c.beginTime == 1 && c.speed == 2 && c.timeOffset == 0.5)
    #expect(c.repeatCount == 2.5 && c.repeatDuration == 4 && c.autoreverses && c.fillMode == .both)
    #expect(c.timingFunction == CAMediaTimingFunction(name: .easeOut))
    #expect(!c.isRemovedOnCompletion && c.isAdditive && c.isCumulative)
    #expect(c.delegate === delegate)  // the delegate is shared (strong), as on Apple
    #expect(c.value(forKey: "imageViewBeingAnimated") as? String == "view")
}

@Test func mutatingTheOriginalAfterCopyDoesNotTouchTheCopy() {
    let a = CABasicAnimation(keyPath: "opacity")
    a.toValue = 1.0
    a.duration = 1
    let c = a.copy() as! CABasicAnimation
    a.toValue = 0.0
    a.duration = 9
    a.keyPath = "position"
    a.setValue(1, forKey: "k")
    #expect(c.toValue as? Double == 1 && c.duration == 1 && c.keyPath == "opacity")
    #expect(c.value(forKey: "k") == nil)
}

@Test func delegateIsStrongAndCallbacksAreOptional() {
    final class Quiet: CAAnimationDelegate {}
    let a = CABasicAnimation()
    a.delegate = Quiet()
    #expect(a.delegate != nil)  // retained: no other reference exists
    a.delegate?.animationDidStart(a)
    a.delegate?.animationDidStop(a, finished: true)
    let r = Recorder()
    a.delegate = r
    a.delegate?.animationDidStop(a, finished: false)
    #expect(r.stops == [false])
}

@Test func defaultsAreApples() {
    let a = CABasicAnimation()
    #expect(a.duration == 0 && a.speed == 1 && a.repeatCount == 0 && a.fillMode == .removed)
    #expect(a.isRemovedOnCompletion && a.timingFunction == nil && a.keyPath == nil)
    #expect((CAAnimation.defaultValue(forKey: "speed") as? NSNumber)?.floatValue == 1)
    #expect((CAAnimation.defaultValue(forKey: "removedOnCompletion") as? NSNumber)?.boolValue == true)
    #expect(CAAnimation.defaultValue(forKey: "nonsense") == nil)
}

@Test func nullIsAnActionThatDoesNothing() {
    let action: any CAAction = NSNull()
    action.run(forKey: "position", object: NSObject(), arguments: nil)
}

@Test func runningAnAnimationAddsItToItsTarget() {
    final class Target: CAAnimationTarget {
        var added: [(CAAnimation, String?)] = []
        func add(_ anim: CAAnimation, forKey key: String?) { added.append((anim, key)) }
    }
    let target = Target()
    let a = CABasicAnimation(keyPath: "opacity")
    a.run(forKey: "opacity", object: target, arguments: nil)
    #expect(target.added.count == 1 && target.added.first?.0 === a && target.added.first?.1 == "opacity")
}
