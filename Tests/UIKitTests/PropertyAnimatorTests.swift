import Testing
import UIKit

/// `UIViewPropertyAnimator`: start, pause, scrub, reverse, stop and finish.
@Suite struct PropertyAnimatorTests {
    @Test @MainActor func runsToTheEndAndCompletesAtEnd() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            #expect(v.alpha == 0)
            #expect(animator.state == .inactive)
            animator.startAnimation()
            #expect(animator.state == .active && animator.isRunning)
            turn(clock); turn(clock, advancingBy: 0.25)
            #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 0.75) < 1e-6)
            turn(clock, advancingBy: 0.8)
            #expect(ended == [.end])
            #expect(animator.state == .inactive)
            #expect(v.alpha == 0)
            #expect(v.layer.animationKeys() == nil)
        }
    }

    /// As on iOS (a CAAnimation retains its delegate), a running animator lives until it
    /// completes even when the app keeps no reference: the common `let animator = …;
    /// animator.startAnimation()` inside a function. It is freed afterwards.
    @Test @MainActor func aRunningAnimatorNobodyKeepsStillCompletesAndIsThenFreed() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var ended: [UIViewAnimatingPosition] = []
            weak var weakAnimator: UIViewPropertyAnimator?
            do {
                let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.6) { v.alpha = 0.4 }
                animator.addCompletion { ended.append($0) }
                animator.startAnimation()
                weakAnimator = animator
            }
            #expect(weakAnimator != nil)
            turn(clock); turn(clock, advancingBy: 0.25)
            turn(clock, advancingBy: 0.4)
            #expect(ended == [.end])
            #expect(abs(v.alpha - 0.4) < 1e-6)
            #expect(v.layer.animationKeys() == nil)
            turn(clock)
            #expect(weakAnimator == nil)
            // The class method's result is discardable: it must complete too.
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.3, delay: 0, options: [],
                                                            animations: { v.alpha = 1 },
                                                            completion: { ended.append($0) })
            turn(clock); turn(clock, advancingBy: 0.5)
            #expect(ended == [.end, .end])
            #expect(v.layer.animationKeys() == nil)
        }
    }

    /// A running animator whose view leaves the window, with nobody keeping either, does not
    /// keep them alive for ever (the animator holds its layers while it runs).
    @Test @MainActor func aRunningAnimatorDoesNotOutliveItsRemovedViewForEver() throws {
        try withVisibleWindow { window, clock in
            weak var weakView: UIView?
            weak var weakAnimator: UIViewPropertyAnimator?
            do {
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.addSubview(v)
                let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { v.alpha = 0 }
                animator.startAnimation()
                turn(clock); turn(clock, advancingBy: 0.1)
                v.removeFromSuperview()
                weakView = v
                weakAnimator = animator
            }
            for _ in 0..<4 { turn(clock, advancingBy: 0.25) }
            #expect(weakAnimator == nil)
            #expect(weakView == nil)
        }
    }

    @Test @MainActor func pausesAndScrubs() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { v.center = CGPoint(x: 250, y: 50) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            turn(clock, advancingBy: 3)                         // frozen: time does not move it
            #expect(v.layer.presentation()?.position == CGPoint(x: 150, y: 50))
            animator.fractionComplete = 0.1
            turn(clock)
            #expect(abs((v.layer.presentation()?.position.x ?? 0) - 70) < 1e-9)
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 1)           // 0.1 + 0.5
            #expect(abs((v.layer.presentation()?.position.x ?? 0) - 170) < 1e-6)
        }
    }

    /// With `pausesOnCompletion` the animator stays active at the end, showing the end values,
    /// and can be reversed and run back (a sheet's header scrubbed by a pan, found by an app).
    @Test(arguments: [UIView.AnimationCurve.linear, .easeInOut])
    @MainActor func pausesOnCompletionHoldsTheEndAndRunsBack(curve: UIView.AnimationCurve) {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: curve) { v.alpha = 0.3 }
            animator.pausesOnCompletion = true
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.6
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 0.3); turn(clock, advancingBy: 0.1)
            #expect(animator.state == .active && !animator.isRunning)
            #expect(animator.fractionComplete == 1)
            #expect(ended.isEmpty)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 0.3) < 1e-6, "the end is shown")
            turn(clock, advancingBy: 2)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 0.3) < 1e-6, "and stays")
            animator.isReversed = true
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 0.6); turn(clock, advancingBy: 0.1)
            #expect(animator.state == .active && animator.fractionComplete == 0)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 1) < 1e-6, "the start is shown")
            #expect(ended.isEmpty)
        }
    }

    @Test @MainActor func reversedRunsBackAndCompletesAtStart() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 0.6)
            animator.isReversed = true
            turn(clock); turn(clock, advancingBy: 0.3)
            #expect(abs(animator.fractionComplete - 0.3) < 1e-6)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 0.7) < 1e-6)
            turn(clock, advancingBy: 0.4)
            #expect(ended == [.start])
            #expect(v.alpha == 1)
        }
    }

    @Test @MainActor func stopThenFinishAtCurrentKeepsWhatIsShown() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 0.4)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped)
            #expect(abs(v.alpha - 0.6) < 1e-6)
            #expect(ended.isEmpty)
            animator.finishAnimation(at: .current)
            #expect(ended == [.current])
            #expect(animator.state == .inactive)

            let other = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { v.alpha = 1 }
            other.startAnimation()
            #expect(v.layer.animation(forKey: "opacity") is CASpringAnimation)
            other.stopAnimation(true)
            #expect(other.state == .inactive)
            #expect(v.layer.animationKeys() == nil)
        }
    }

    @Test @MainActor func hostileValuesAreRefused() {
        let animator = UIViewPropertyAnimator(duration: .nan, curve: .linear, animations: nil)
        #expect(animator.duration == 0)
        animator.fractionComplete = .nan
        #expect(animator.fractionComplete == 0)
        animator.finishAnimation(at: .end)                     // not stopped: ignored
        #expect(animator.state == .inactive)
    }
}
