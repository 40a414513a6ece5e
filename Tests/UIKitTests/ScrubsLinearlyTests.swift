import Testing
import UIKit

/// `UIViewPropertyAnimator.scrubsLinearly` (Apple: "true … causes the animator to use a linear
/// timing function during scrubbing. Setting the property to false causes the animator to use
/// its specified timing curve."). The property existed but did nothing: a paused curved
/// animator always showed its curve; and reversing a running curved animator jumped to the
/// mirrored curve.
@Suite struct ScrubsLinearlyTests {
    /// easeIn (0.42, 0, 1, 1) at a time fraction of ½, solved by hand (bisection on the
    /// Bézier's x, 200 steps): 0.3153568125725.
    static let easeInAtHalf = 0.3153568125725
    /// easeIn at 0.3, the same way: 0.1295767608454.
    static let easeInAt03 = 0.1295767608454

    @MainActor private func slide(_ window: UIWindow, curve: UIView.AnimationCurve) -> (UIView, UIViewPropertyAnimator) {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        let animator = UIViewPropertyAnimator(duration: 1, curve: curve) { v.center = CGPoint(x: 250, y: 50) }
        return (v, animator)
    }

    @MainActor private func x(_ v: UIView) -> CGFloat { v.layer.presentation()?.position.x ?? .nan }

    /// Scrubbed to ½: the straight mix (x = 150) by default, the curve's (x = 50 + 200 × 0.31536)
    /// with `scrubsLinearly` false; switching it while paused re-shows the same fraction.
    @Test @MainActor func aPausedAnimatorScrubsOnAStraightLineUnlessToldOtherwise() {
        withVisibleWindow { window, clock in
            let (v, animator) = slide(window, curve: .easeIn)
            #expect(animator.scrubsLinearly)
            animator.fractionComplete = 0.5
            turn(clock)
            #expect(abs(x(v) - 150) < 1e-6)
            animator.scrubsLinearly = false
            turn(clock)
            #expect(abs(animator.fractionComplete - 0.5) < 1e-12)
            #expect(abs(x(v) - (50 + 200 * Self.easeInAtHalf)) < 1e-4)
            animator.scrubsLinearly = true
            turn(clock)
            #expect(abs(x(v) - 150) < 1e-6)
        }
    }

    /// Pausing a running curved animator (forward, or reversed mid-way) shows what it showed:
    /// its fraction becomes the progress shown. Scrubbed on from there, it resumes from what it
    /// shows and ends at the end in the time its curve has left.
    @Test(arguments: [false, true])
    @MainActor func pausingACurvedAnimationNeitherJumpsNorJumpsWhenResumed(reversed: Bool) {
        withVisibleWindow { window, clock in
            let (v, animator) = slide(window, curve: .easeIn)
            var ended: [UIViewAnimatingPosition] = []
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            turn(clock); turn(clock, advancingBy: 0.5)
            #expect(abs(x(v) - (50 + 200 * Self.easeInAtHalf)) < 1e-4)
            if reversed {
                // "causes the animation to reverse direction from its current position": the
                // curve runs back in time (it jumped to the mirrored curve's 1 − 0.31536).
                animator.isReversed = true
                turn(clock)
                #expect(abs(x(v) - (50 + 200 * Self.easeInAtHalf)) < 1e-4)
                turn(clock, advancingBy: 0.2)               // back at a time fraction of 0.3
            }
            let shown = x(v)
            #expect(abs(shown - (50 + 200 * (reversed ? Self.easeInAt03 : Self.easeInAtHalf))) < 1e-4)
            animator.pauseAnimation()
            turn(clock)
            // The curve is solved to 1e-6 (of 200 points); a jump would be tens of points.
            #expect(abs(x(v) - shown) < 1e-4)
            #expect(abs(animator.fractionComplete - (shown - 50) / 200) < 1e-6)
            turn(clock, advancingBy: 5)                     // paused: time does not move it
            #expect(abs(x(v) - shown) < 1e-4)
            animator.fractionComplete = 0.8
            turn(clock)
            #expect(abs(x(v) - 210) < 1e-6)
            animator.isReversed = false
            animator.startAnimation()
            turn(clock)
            #expect(abs(x(v) - 210) < 1e-3)                 // resumed where it was scrubbed to
            turn(clock, advancingBy: 0.1)
            #expect(x(v) > 210 && x(v) < 250)
            turn(clock, advancingBy: 0.3)                   // easeIn reaches 0.8 at t ≈ 0.887
            #expect(ended == [.end])
            #expect(v.center.x == 250)
        }
    }
}
