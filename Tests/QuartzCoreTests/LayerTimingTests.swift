import Foundation
import Testing
@testable import QuartzCore

// Layer timing composes down the tree: a layer's speed, timeOffset, beginTime and duration change
// the time its sublayers' animations see, in presentation() and in delegate callbacks alike.

private final class TimingRecorder: CAAnimationDelegate, @unchecked Sendable {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}

private func x(_ layer: CALayer) -> CGFloat? { layer.presentation()?.position.x }
private func near(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

/// position.x 0 → 100 over `duration` s, linear, with a recorder.
private func move(_ duration: CFTimeInterval, _ recorder: TimingRecorder) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 0.0; a.toValue = 100.0; a.duration = duration
    a.delegate = recorder
    return a
}

/// Apple's Technical Q&A QA1673, unchanged.
private func pauseLayer(_ layer: CALayer) {
    let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0.0
    layer.timeOffset = pausedTime
}

private func resumeLayer(_ layer: CALayer) {
    let pausedTime = layer.timeOffset
    layer.speed = 1.0
    layer.timeOffset = 0.0
    layer.beginTime = 0.0
    let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    layer.beginTime = timeSincePause
}

@Test func layerQA1673PausesAndResumesASubtree() {
    CAMediaClock.withManualClock(startingAt: 10) { clock in
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        let recorder = TimingRecorder()
        child.add(move(2, recorder), forKey: "move")
        CATransaction.flush()

        clock.set(10.5); CATransaction.flush()
        #expect(near(x(child), 25))
        pauseLayer(parent)
        #expect(parent.timeOffset == 10.5)
        CATransaction.flush()
        for t in [10.5, 11.5, 12.5, 30.0] {          // 12 was the original end
            clock.set(t); CATransaction.flush()
            #expect(near(x(child), 25), "t=\(t): \(String(describing: x(child)))")
        }
        #expect(recorder.events == ["start"])          // no animationDidStop while paused
        #expect(child.animationKeys() == ["move"])

        resumeLayer(parent)
        #expect(parent.beginTime == 19.5)
        CATransaction.flush()
        #expect(near(x(child), 25))
        clock.set(31); CATransaction.flush()
        #expect(near(x(child), 75))
        #expect(recorder.events == ["start"])
        clock.set(31.6); CATransaction.flush()
        #expect(recorder.events == ["start", "stop true"])
        #expect(child.animationKeys() == nil)
    }
}

@Test func layerQA1673PausesTheAnimatedLayerItself() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let layer = CALayer()
        let recorder = TimingRecorder()
        layer.add(move(1, recorder), forKey: "move")
        CATransaction.flush()
        clock.set(0.2); CATransaction.flush()
        pauseLayer(layer)
        CATransaction.flush()
        clock.set(5); CATransaction.flush()
        #expect(near(x(layer), 20))
        #expect(recorder.events == ["start"])
        resumeLayer(layer)
        CATransaction.flush()
        clock.set(5.4); CATransaction.flush()
        #expect(near(x(layer), 60))
        clock.set(5.9); CATransaction.flush()
        #expect(recorder.events == ["start", "stop true"])
    }
}

@Test func layerPausedBeforeAnAnimationIsAddedHoldsItAtItsStart() {
    CAMediaClock.withManualClock(startingAt: 3) { clock in
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        CATransaction.flush()
        pauseLayer(parent)
        let recorder = TimingRecorder()
        child.add(move(1, recorder), forKey: "move")
        CATransaction.flush()
        clock.set(9); CATransaction.flush()
        #expect(near(x(child), 0))
        resumeLayer(parent)
        CATransaction.flush()
        clock.set(9.5); CATransaction.flush()
        #expect(near(x(child), 50))
    }
}

@Test func layerSpeedAndTimeOffsetScaleSublayerTime() {
    CAMediaClock.withManualClock(startingAt: 100) { clock in
        let root = CALayer(), mid = CALayer(), leaf = CALayer()
        root.addSublayer(mid); mid.addSublayer(leaf)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.speed = 2
        mid.speed = 0.5
        mid.timeOffset = 3
        CATransaction.commit()
        // leaf time = (100·2)·0.5 + 3 = 103, and the conversions invert each other.
        #expect(leaf.convertTime(100, from: nil) == 103)
        #expect(leaf.convertTime(103, to: nil) == 100)
        #expect(leaf.convertTime(200, from: root) == 103)
        #expect(root.convertTime(103, from: leaf) == 200)

        let recorder = TimingRecorder()
        root.speed = 4           // leaf runs at 4 · 0.5 = 2× the media clock
        root.beginTime = 100     // root local = (t − 100) · 4
        leaf.add(move(1, recorder), forKey: "move")
        CATransaction.flush()
        #expect(leaf.animation(forKey: "move")?.beginTime == 3)
        clock.set(100.25); CATransaction.flush()
        #expect(near(x(leaf), 50))
        clock.set(100.5); CATransaction.flush()
        #expect(recorder.events == ["start"])       // exactly at its end: still active
        clock.set(100.51); CATransaction.flush()
        #expect(recorder.events == ["start", "stop true"])
    }
}

@Test func layerDurationAndRepeatCountLoopSublayerTime() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.duration = 1
        parent.repeatCount = .infinity
        parent.autoreverses = true
        CATransaction.commit()
        let recorder = TimingRecorder()
        child.add(move(1, recorder), forKey: "move")
        CATransaction.flush()
        #expect(child.animation(forKey: "move")?.beginTime == 0)
        // Parent time goes 0 → 1 → 0 every 2 s; the child's animation follows it forever.
        let rows: [(CFTimeInterval, CGFloat)] = [(0.25, 25), (1, 100), (1.25, 75), (2.5, 50), (5.75, 25), (100.1, 10)]
        for (t, expected) in rows {
            clock.set(t); CATransaction.flush()
            #expect(near(x(child), expected, 1e-6), "t=\(t): \(String(describing: x(child)))")
        }
        #expect(recorder.events == ["start"])
        // A finite layer holds its end: repeat 1.5 times (no autoreverse), then stop at 0.5.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.autoreverses = false
        parent.repeatCount = 1.5
        CATransaction.commit()
        clock.set(1.25); CATransaction.flush()
        #expect(near(x(child), 25, 1e-6))
        clock.set(7); CATransaction.flush()
        #expect(near(x(child), 50, 1e-6))
    }
}
