import Foundation
import Testing
@testable import QuartzCore

// What happens to explicit animations on a layer over their life: delegate callbacks, removal or
// holding at the end, completion blocks, key order and default durations.

private final class LifeRecorder: CAAnimationDelegate, @unchecked Sendable {
    var events: [String] = []
    let name: String
    init(_ name: String = "") { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { events.append("\(name)start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("\(name)stop \(flag)") }
}

private func fade(_ duration: CFTimeInterval, _ delegate: CAAnimationDelegate? = nil) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0.0; a.toValue = 1.0; a.duration = duration
    a.delegate = delegate
    return a
}

private func opacity(_ l: CALayer) -> Double? { l.presentation().map { Double($0.opacity) } }

@Test func layerDelegateHearsStartOnceThenStopWithFinished() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let layer = CALayer()
        let natural = LifeRecorder(), removed = LifeRecorder(), replaced = LifeRecorder(), all = LifeRecorder()
        layer.add(fade(1, natural), forKey: "natural")
        layer.add(fade(5, removed), forKey: "removed")
        layer.add(fade(5, replaced), forKey: "replaced")
        layer.add(fade(5, all), forKey: "all")
        CATransaction.flush()
        clock.set(0.5); CATransaction.flush()
        #expect(natural.events == ["start"])
        layer.removeAnimation(forKey: "removed")
        #expect(removed.events == ["start"], "delivered later, not from inside removeAnimation (Apple)")
        layer.add(fade(5), forKey: "replaced")
        #expect(replaced.events == ["start"])
        CATransaction.flush()
        #expect(removed.events == ["start", "stop false"])
        #expect(replaced.events == ["start", "stop false"])
        clock.set(1.01); CATransaction.flush()
        #expect(natural.events == ["start", "stop true"])
        layer.removeAllAnimations()
        CATransaction.flush()
        #expect(all.events == ["start", "stop false"])
        clock.set(9); CATransaction.flush()
        #expect(natural.events == ["start", "stop true"] && all.events == ["start", "stop false"])
    }
}

@Test func layerAnimationNotYetStartedHearsNoStartUntilItsBeginTime() {
    CAMediaClock.withManualClock(startingAt: 10) { clock in
        CATransaction.flush()
        let layer = CALayer()
        let r = LifeRecorder()
        let a = fade(1, r)
        a.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
        a.fillMode = .backwards
        layer.add(a, forKey: "later")
        CATransaction.flush()
        clock.set(10.5); CATransaction.flush()
        #expect(r.events.isEmpty)
        #expect(opacity(layer) == 0)                  // filled backwards: the from value
        clock.set(11.5); CATransaction.flush()
        #expect(r.events == ["start"])
        #expect(opacity(layer).map { abs($0 - 0.5) < 1e-9 } == true)
        clock.set(12.5); CATransaction.flush()
        #expect(r.events == ["start", "stop true"])
        #expect(opacity(layer) == 1)                  // removed: the model value
    }
}

@Test func layerKeepsAFinishedAnimationHeldWhenNotRemovedOnCompletion() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.opacity = 0.2
        CATransaction.commit()
        let held = fade(1)
        held.toValue = 0.8
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        let kept = CABasicAnimation(keyPath: "position.x")
        kept.fromValue = 0.0; kept.toValue = 50.0; kept.duration = 1
        kept.isRemovedOnCompletion = false          // fill .removed: kept, but no effect after its end
        layer.add(held, forKey: "held")
        layer.add(kept, forKey: "kept")
        CATransaction.flush()
        for t in [1.5, 10.0] {
            clock.set(t); CATransaction.flush()
            #expect(layer.animationKeys() == ["held", "kept"])
            #expect(opacity(layer).map { abs($0 - 0.8) < 1e-6 } == true)
            #expect(layer.presentation()?.position.x == 0)
        }
        #expect(layer.opacity == 0.2)
        layer.removeAnimation(forKey: "held")
        CATransaction.flush()
        #expect(opacity(layer).map { abs($0 - 0.2) < 1e-6 } == true)
    }
}

@Test func layerAnimationKeysKeepInsertionOrder() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let layer = CALayer()
        for key in ["b", "a", "c"] { layer.add(fade(1), forKey: key) }
        layer.add(fade(1), forKey: nil)               // unnamed: attached but not listed
        #expect(layer.animationKeys() == ["b", "a", "c"])
        layer.add(fade(2), forKey: "a")               // a replacement goes to the end
        #expect(layer.animationKeys() == ["b", "c", "a"])
        layer.removeAnimation(forKey: "b")
        #expect(layer.animationKeys() == ["c", "a"])
        #expect(layer.animation(forKey: "a")?.duration == 2)
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
        CATransaction.flush()
    }
}

@Test func layerZeroDurationTakesTheTransactionsDuration() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0
        layer.add(a, forKey: "default")
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        layer.add(a, forKey: "four")
        CATransaction.commit()
        #expect(a.duration == 0)                      // the caller's object is not changed
        #expect(layer.animation(forKey: "default")?.duration == 0.25)
        #expect(layer.animation(forKey: "four")?.duration == 4)
        clock.set(1)
        #expect(opacity(layer).map { abs($0 - 0.25) < 1e-9 } == true)   // "four" applies last
        CATransaction.flush()
    }
}

@Test func layerCompletionBlocksFireOnceAfterTheirLastAnimation() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let a = CALayer(), b = CALayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        a.add(fade(3), forKey: "slow")
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        b.add(fade(1), forKey: "fast")
        let early = fade(10)
        b.add(early, forKey: "early")
        CATransaction.commit()
        CATransaction.commit()
        clock.set(1.5); CATransaction.flush()
        #expect(log.isEmpty)                           // "early" still runs
        b.removeAnimation(forKey: "early")             // removal ends it too, delivered at the flush
        #expect(log.isEmpty)
        CATransaction.flush()
        #expect(log == ["inner"])
        clock.set(2.9); CATransaction.flush()
        #expect(log == ["inner"])
        clock.set(3.1); CATransaction.flush()
        #expect(log == ["inner", "outer"])
        clock.set(20); CATransaction.flush()
        #expect(log == ["inner", "outer"])

        // A transaction without animations completes at its commit.
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("empty") }
        a.name = "renamed"
        CATransaction.commit()
        #expect(log == ["inner", "outer", "empty"])
    }
}

@Test func layerDeallocatedMidAnimationEndsItUnfinished() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let r = LifeRecorder()
        var completed = 0
        weak var gone: CALayer?
        do {
            let layer = CALayer()
            gone = layer
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed += 1 }
            layer.add(fade(5, r), forKey: "f")
            CATransaction.commit()
        }
        #expect(gone == nil)
        #expect(AnimationLifecycle.hasLiveAnimations(on: CAMediaClock.current))
        clock.set(1); CATransaction.flush()
        #expect(r.events == ["start", "stop false"])
        #expect(completed == 1)
        #expect(!AnimationLifecycle.hasLiveAnimations(on: CAMediaClock.current))
    }
}

@Test func layerAtAReusedAddressDoesNotInheritACommittedTree() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        // Commit and drop many roots; fresh layers (often at reused addresses) have no tree.
        for _ in 0..<50 {
            do {
                let old = CALayer()
                old.opacity = 0.5
                CATransaction.flush()
            }
            let fresh = CALayer()
            #expect(fresh.presentation() == nil)
            #expect(CommittedTrees.snapshot(for: fresh) == nil)
        }
    }
}

/// Apple delivers `animationDidStop` after the call that removed the animation returns, on the
/// main thread's run loop: state the caller sets after `removeAnimation(forKey:)` is seen by the
/// callback, and a delegate that removes another animation from inside its callback is not
/// re-entered (its second callback follows the first). It used to run inside the removal.
@Test func stopCallbacksComeAfterTheRemovalAndNeverReenter() {
    final class Chain: CAAnimationDelegate, @unchecked Sendable {
        var state = "before"
        var log: [String] = []
        var depth = 0
        weak var layer: CALayer?
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            depth += 1
            defer { depth -= 1 }
            log.append("stop \(anim.duration) seen \(state) depth \(depth)")
            if anim.duration == 5 { layer?.removeAnimation(forKey: "second") }
        }
    }
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let layer = CALayer()
        let chain = Chain()
        chain.layer = layer
        layer.add(fade(5, chain), forKey: "first")
        layer.add(fade(6, chain), forKey: "second")
        CATransaction.flush()
        clock.set(0.5); CATransaction.flush()
        layer.removeAnimation(forKey: "first")
        chain.state = "after"
        #expect(chain.log.isEmpty)
        CATransaction.flush()
        #expect(chain.log == ["stop 5.0 seen after depth 1", "stop 6.0 seen after depth 1"])
    }
}
