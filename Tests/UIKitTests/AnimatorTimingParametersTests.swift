import Testing
import UIKit

/// `UIViewPropertyAnimator`'s timing parameters and `continueAnimation(withTimingParameters:
/// durationFactor:)`: how iOS code ends an interaction (scrub with a pan, then let the rest run
/// with a spring or a curve). Neither existed: such code did not compile.
@Suite struct AnimatorTimingParametersTests {
    /// A 100 × 100 view at x = 50 animated to x = 250 by `animator`'s block.
    @MainActor private func slide(_ window: UIWindow, _ make: (@escaping () -> Void) -> UIViewPropertyAnimator) -> (UIView, UIViewPropertyAnimator) {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        let animator = make { v.center = CGPoint(x: 250, y: 50) }
        return (v, animator)
    }

    @MainActor private func x(_ v: UIView) -> CGFloat { v.layer.presentation()?.position.x ?? .nan }

    /// Scrubbed to half, continued linearly with the time it had left: the rest takes 0.5 s
    /// and `fractionComplete` runs on from 0.5.
    @Test @MainActor func continuingRunsTheRestInTheTimeLeft() {
        withVisibleWindow { window, clock in
            let (v, animator) = slide(window) { UIViewPropertyAnimator(duration: 1, curve: .linear, animations: $0) }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            turn(clock)
            #expect(abs(x(v) - 150) < 1e-9)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            #expect(animator.isRunning && animator.state == .active)
            turn(clock); turn(clock, advancingBy: 0.25)
            #expect(abs(animator.fractionComplete - 0.75) < 1e-9)
            #expect(abs(x(v) - 200) < 1e-6)
            turn(clock, advancingBy: 0.3)
            #expect(ended == [.end])
            #expect(v.center.x == 250)
            #expect(v.layer.animationKeys() == nil)
        }
    }

    /// New timing from where the view is shown: no jump when the curve changes, and the rest
    /// lasts `durationFactor` × `duration` seconds.
    @Test @MainActor func newTimingGoesOnFromWhatIsShown() {
        withVisibleWindow { window, clock in
            let (v, animator) = slide(window) { UIViewPropertyAnimator(duration: 1, curve: .easeIn, animations: $0) }
            animator.scrubsLinearly = false                 // scrubbed on the curve
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            turn(clock)
            let shown = x(v)
            #expect(shown > 50 && shown < 110, "ease-in at 0.3 is behind the linear 110: \(shown)")
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
            turn(clock)
            #expect(abs(x(v) - shown) < 1e-6, "continuing does not move the view")
            turn(clock, advancingBy: 1)
            #expect(abs(x(v) - (shown + (250 - shown) / 2)) < 1e-6, "half of the rest in half of 2 s")
            #expect(abs(animator.fractionComplete - 0.65) < 1e-9)
            #expect(animator.timingParameters?.timingCurveType == .builtin)
            turn(clock, advancingBy: 1.1)
            #expect(animator.state == .inactive && v.center.x == 250)
        }
    }

    /// Reversed, the rest runs back to the start and completes there; reversing again after a
    /// continue goes back on the animation as added.
    @Test @MainActor func continuingReversedEndsAtTheStart() {
        withVisibleWindow { window, clock in
            let (v, animator) = slide(window) { UIViewPropertyAnimator(duration: 1, curve: .linear, animations: $0) }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.6
            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0.5)
            turn(clock); turn(clock, advancingBy: 0.1)
            #expect(x(v) < 170 && x(v) > 50)
            #expect(animator.fractionComplete < 0.6 && animator.fractionComplete > 0)
            animator.isReversed = false                          // towards the end again, from here
            let f = animator.fractionComplete
            turn(clock)
            #expect(abs(animator.fractionComplete - f) < 1e-6)
            turn(clock, advancingBy: 1.2)
            #expect(ended == [.end])
            #expect(v.center.x == 250)
        }
    }

    /// A spring given by its physics runs until it settles, whatever the duration says.
    @Test @MainActor func aPhysicalSpringTakesItsOwnTime() {
        withVisibleWindow { window, clock in
            let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: CGVector(dx: 0, dy: 0))
            let (v, animator) = slide(window) { block in
                let animator = UIViewPropertyAnimator(duration: 0.1, timingParameters: spring)
                animator.addAnimations(block)
                return animator
            }
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            #expect(v.layer.animation(forKey: "position") is CASpringAnimation)
            turn(clock); turn(clock, advancingBy: 0.2)
            #expect(ended.isEmpty, "still settling after twice the duration")
            #expect(x(v) > 50 && x(v) < 250)
            turn(clock, advancingBy: 5)
            #expect(ended == [.end])
            #expect(v.center.x == 250)
        }
    }

    /// The named curves' control points are Core Animation's; hostile values get a message.
    @Test @MainActor func parametersAndHostileValues() {
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.controlPoint1 == CGPoint(x: CGFloat(Float(0.42)), y: 0))
        #expect(easeIn.controlPoint2 == CGPoint(x: 1, y: 1))
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: 0.2, y: 1))
        #expect(custom.timingCurveType == .cubic && custom.springTimingParameters == nil)
        let messages = StrataDiagnostics.capture {
            _ = UISpringTimingParameters(dampingRatio: .nan, initialVelocity: CGVector(dx: CGFloat.infinity, dy: 0))
            _ = UISpringTimingParameters(mass: -1, stiffness: .nan, damping: 1, initialVelocity: CGVector(dx: 0, dy: 0))
            withVisibleWindow { window, clock in
                let (v, animator) = slide(window) { UIViewPropertyAnimator(duration: 1, curve: .linear, animations: $0) }
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)   // inactive: nothing
                #expect(animator.state == .inactive)
                animator.pauseAnimation()
                animator.continueAnimation(withTimingParameters: nil, durationFactor: .nan)  // the time left
                turn(clock); turn(clock, advancingBy: 1.1)
                #expect(animator.state == .inactive && v.center.x == 250)
            }
        }
        #expect(messages.count == 5, "\(messages)")
    }
}
