import Foundation
import Testing
@testable import QuartzCore

private final class Recorder: CAAnimationDelegate, @unchecked Sendable {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}

@Test func explicitAnimationDrivesThePresentationNotTheModel() {
    CAMediaClock.withManualClock(startingAt: 100) { clock in
        let layer = CALayer()
        layer.position = CGPoint(x: 0, y: 0)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        layer.add(a, forKey: "move")
        CATransaction.flush()
        #expect(layer.animation(forKey: "move")?.beginTime == 100)
        clock.advance(by: 0.5)
        #expect(abs(layer.presentation()!.position.x - 50) < 1e-9)
        #expect(layer.position.x == 0)                 // the model never changes
        clock.advance(by: 0.6)
        CATransaction.flush()                           // delivers the end: removed on completion
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()!.position.x == 0)
    }
}

@Test func implicitAnimationFromTheOldValueOverATransactionDuration() {
    CAMediaClock.withManualClock(startingAt: 10) { clock in
        let layer = CALayer()
        attachToRenderer(layer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)

        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.opacity = 0
        CATransaction.commit()
        #expect(layer.animationKeys() == ["opacity"])
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        clock.advance(by: 0.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.75) < 1e-6)
        #expect(layer.opacity == 0)
    }
}

@Test func actionLookupOrderAndNSNull() {
    final class Delegate: CALayerDelegate {
        var answer: CAAction?
        func action(for layer: CALayer, forKey event: String) -> CAAction? { answer }
    }
    let layer = CALayer()
    let d = Delegate()
    layer.delegate = d
    let fromActions = CABasicAnimation(keyPath: "opacity")
    let fromStyle = CABasicAnimation(keyPath: "opacity")
    layer.style = ["style": ["actions": ["opacity": fromStyle]]]
    #expect(layer.action(forKey: "opacity") === fromStyle)
    layer.actions = ["opacity": fromActions]
    #expect(layer.action(forKey: "opacity") === fromActions)
    d.answer = NSNull()
    #expect(layer.action(forKey: "opacity") == nil)
    d.answer = nil
    layer.actions = ["opacity": NSNull()]
    #expect(layer.action(forKey: "opacity") == nil)
    layer.actions = nil
    layer.style = nil
    #expect(layer.action(forKey: "opacity") is CABasicAnimation)   // built-in implicit animation
    #expect(layer.action(forKey: "name") == nil)                     // not animatable
}

@Test func completionBlockRunsOnceAfterTheLastAnimation() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let a = CALayer(), b = CALayer()
        var fired = 0
        let recorder = Recorder()
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired += 1 }
        let short = CABasicAnimation(keyPath: "opacity"); short.fromValue = 0; short.toValue = 1; short.duration = 1
        short.delegate = recorder
        let long = CABasicAnimation(keyPath: "opacity"); long.fromValue = 0; long.toValue = 1; long.duration = 2
        a.add(short, forKey: "s")
        b.add(long, forKey: "l")
        CATransaction.commit()
        clock.set(0.5); CATransaction.flush()
        #expect(recorder.events == ["start"])
        clock.set(1.5); CATransaction.flush()
        #expect(fired == 0)
        #expect(recorder.events == ["start", "stop true"])
        clock.set(2.5); CATransaction.flush()
        #expect(fired == 1)
        clock.set(3.5); CATransaction.flush()
        #expect(fired == 1)
    }
}

@Test func removingEarlyReportsNotFinished() {
    let layer = CALayer()
    let r = Recorder()
    let a = CABasicAnimation(keyPath: "opacity"); a.delegate = r
    layer.add(a, forKey: "x")
    layer.removeAnimation(forKey: "x")
    CATransaction.flush()
    #expect(r.events.last == "stop false")
}
