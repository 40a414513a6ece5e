import Testing
import UIKit

/// Issue #22's hostile cases: nothing crashes, hangs or animates nonsense.
@Suite struct BadInputTests {
    @Test @MainActor func nonFiniteDurationsDelaysAndKeyframesChangeWithoutAnimation() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        var done: [Bool] = []
        UIView.animate(withDuration: .nan, animations: { v.alpha = 0.5 }, completion: { done.append($0) })
        UIView.animate(withDuration: .infinity, animations: { v.alpha = 0.4 }, completion: { done.append($0) })
        UIView.animate(withDuration: -1, animations: { v.alpha = 0.3 }, completion: { done.append($0) })
        UIView.animate(withDuration: 1, delay: .nan, options: [], animations: { v.center = CGPoint(x: 1, y: 1) })
        #expect(v.layer.animation(forKey: "position")?.beginTime == 0)   // the NaN delay became 0
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 2) { v.alpha = 0.1 }
            UIView.addKeyframe(withRelativeStartTime: -3, relativeDuration: .infinity) { v.alpha = 0.2 }
        })
        let k = v.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
        #expect(k?.keyTimes?.allSatisfy { (0...1).contains($0.doubleValue) } == true)
        #expect(v.alpha == CGFloat(Float(0.2)))
        await drainMainQueue()
        #expect(done == [true, true, true])
        window.isHidden = true
    }

    @Test @MainActor func blockAPIMisuseIsIgnored() {
        UIView.commitAnimations()                            // no begin: ignored with a message
        UIView.setAnimationDuration(3)                       // outside a block: nothing
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(.nan)
        UIView.setAnimationRepeatCount(.nan)
        UIView.setAnimationDelay(-.infinity)
        UIView.commitAnimations()
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    @Test @MainActor func aViewRemovedInsideItsOwnBlockAndCompletionChainsStayCalm() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(v)
            var log: [String] = []
            UIView.animate(withDuration: 1, animations: {
                v.alpha = 0
                v.removeFromSuperview()
            }, completion: { finished in
                log.append("first \(finished)")
                window.addSubview(v)
                UIView.animate(withDuration: 0.5, animations: { v.alpha = 1 }, completion: { log.append("second \($0)") })
            })
            turn(clock)
            for _ in 0..<10 { turn(clock, advancingBy: 0.2) }
            #expect(log.count == 2)
            #expect(log.last == "second true")
            #expect(v.alpha == 1)
        }
    }

    @Test @MainActor func gesturesOnRemovedViewsAndHostileWheelStepsAreHarmless() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: window.bounds)
            window.addSubview(v)
            var count = 0
            let pan = UIPanGestureRecognizer { _ in count += 1 }
            v.addGestureRecognizer(pan)
            pan.setTranslation(CGPoint(x: CGFloat.nan, y: 0), in: v)
            let tap = UITapGestureRecognizer { _ in v.removeFromSuperview() }
            v.addGestureRecognizer(tap)
            window.sendPointerEvent(.init(phase: .down, location: CGPoint(x: 5, y: 5), button: 1, timestamp: 0))
            window.sendPointerEvent(.init(phase: .up, location: CGPoint(x: 5, y: 5), button: 1, timestamp: 0))
            #expect(v.superview == nil)
            window.sendPointerEvent(.init(phase: .scroll, location: CGPoint(x: CGFloat.nan, y: 5), button: 0,
                                          scrollDelta: .nan, timestamp: 0))
            window.sendPointerEvent(.init(phase: .moved, location: CGPoint(x: 5, y: 5), button: 0, timestamp: 0))
            window.sendPointerEvent(.init(phase: .up, location: CGPoint(x: 5, y: 5), button: 1, timestamp: 0))
            #expect(count == 0)
        }
    }
}
