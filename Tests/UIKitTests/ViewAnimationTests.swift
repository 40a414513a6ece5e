import Testing
import UIKit

/// What `UIView.animate` adds to the backing layers, and what the screen shows mid-way.
@Suite struct ViewAnimationTests {
    @Test @MainActor func outsideABlockAViewChangesAtOnceAndItsLayerHasNoAction() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            turn(clock)
            #expect(v.layer.action(forKey: "opacity") == nil)
            v.alpha = 0.5
            #expect(v.layer.animationKeys() == nil)
            // A plain layer in the same tree animates implicitly (0.25 s), a view's does not.
            let plain = CALayer()
            window.layer.addSublayer(plain)
            turn(clock)
            plain.opacity = 0.5
            #expect(plain.animationKeys() == ["opacity"])
        }
    }

    @Test @MainActor func aBlockAddsBasicAnimationsWithItsDurationCurveAndValues() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                v.alpha = 0.25
                v.center = CGPoint(x: 150, y: 250)
            })
            #expect(v.alpha == 0.25)                       // model values change at once
            #expect(v.center == CGPoint(x: 150, y: 250))
            #expect(Set(v.layer.animationKeys() ?? []) == ["opacity", "position"])
            let opacity = try #require(v.layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(opacity.keyPath == "opacity")
            #expect(opacity.duration == 2)
            #expect(opacity.timingFunction == CAMediaTimingFunction(name: .linear))
            #expect((opacity.fromValue as? Float) == 1)
            #expect((opacity.toValue as? Float) == 0.25)
            let position = try #require(v.layer.animation(forKey: "position") as? CABasicAnimation)
            #expect((position.fromValue as? CGPoint) == CGPoint(x: 50, y: 50))
            #expect((position.toValue as? CGPoint) == CGPoint(x: 150, y: 250))

            turn(clock)                                     // committed: begins now
            turn(clock, advancingBy: 0.5)
            let p = try #require(v.layer.presentation())
            #expect(abs(p.opacity - 0.8125) < 1e-6)         // 1 + (0.25 − 1) · 0.25
            #expect(abs(p.position.x - 75) < 1e-9)
            #expect(abs(p.position.y - 100) < 1e-9)
        }
    }

    @Test @MainActor func theDefaultCurveIsEaseInOutAndFrameAnimatesPositionAndBounds() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 0.3) {
                v.frame = CGRect(x: 10, y: 20, width: 200, height: 50)
            }
            #expect(Set(v.layer.animationKeys() ?? []) == ["position", "bounds"])
            let bounds = try #require(v.layer.animation(forKey: "bounds") as? CABasicAnimation)
            #expect(bounds.duration == 0.3)
            #expect(bounds.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            #expect((bounds.fromValue as? CGRect) == CGRect(x: 0, y: 0, width: 100, height: 100))
            #expect((bounds.toValue as? CGRect) == CGRect(x: 0, y: 0, width: 200, height: 50))
            let position = try #require(v.layer.animation(forKey: "position") as? CABasicAnimation)
            #expect((position.toValue as? CGPoint) == CGPoint(x: 110, y: 45))
        }
    }

    @Test @MainActor func transformAndBackgroundColorAnimate() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 1) {
                v.transform = CGAffineTransform(rotationAngle: .pi / 2)
                v.layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                v.layer.cornerRadius = 12
            }
            #expect(Set(v.layer.animationKeys() ?? []) == ["transform", "backgroundColor", "cornerRadius"])
            let t = try #require(v.layer.animation(forKey: "transform") as? CABasicAnimation)
            #expect((t.fromValue as? CATransform3D).map(CATransform3DIsIdentity) == true)
        }
    }

    @Test @MainActor func aZeroDurationChangesWithoutAnimationAndCompletesNextTurn() async {
        await CAMediaClock.withManualClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.makeKeyAndVisible()
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(v)
            var result: Bool?
            UIView.animate(withDuration: 0, animations: { v.alpha = 0 }, completion: { result = $0 })
            #expect(v.layer.animationKeys() == nil)
            #expect(result == nil)                         // not during the call
            await drainMainQueue()
            #expect(result == true)
            window.isHidden = true
        }
    }

    @Test @MainActor func completionRunsWhenTheAnimationsEndWithFinishedTrue() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var log: [String] = []
            UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { log.append("a \($0)") })
            UIView.animate(withDuration: 0.5, animations: { v.center = .zero }, completion: { log.append("b \($0)") })
            turn(clock)
            turn(clock, advancingBy: 0.4)
            #expect(log.isEmpty)
            turn(clock, advancingBy: 0.2)
            #expect(log == ["b true"])
            turn(clock, advancingBy: 0.5)
            #expect(log == ["b true", "a true"])
            #expect(v.layer.animationKeys() == nil)        // removed on completion
        }
    }

    @Test @MainActor func aReplacedAnimationCompletesWithFinishedFalse() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var log: [String] = []
            UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { log.append("first \($0)") })
            turn(clock)
            turn(clock, advancingBy: 0.5)
            UIView.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { log.append("second \($0)") })
            #expect(log.isEmpty)                          // delivered at the end of the turn, as on Apple
            turn(clock)
            #expect(log == ["first false"])
            // Without .beginFromCurrentState the new one starts from the old model value (0).
            let a = try #require(v.layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect((a.fromValue as? Float) == 0)
            turn(clock, advancingBy: 1.1)
            #expect(log == ["first false", "second true"])
        }
    }

    @Test @MainActor func beginFromCurrentStateStartsFromThePresentationValue() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 })
            turn(clock)
            turn(clock, advancingBy: 0.25)
            UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: { v.alpha = 1 })
            let a = try #require(v.layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(abs((a.fromValue as? Float ?? -1) - 0.75) < 1e-6)
        }
    }

    @Test @MainActor func removingAViewMidAnimationCompletesWithFinishedFalse() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var result: Bool?
            UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { result = $0 })
            turn(clock)
            turn(clock, advancingBy: 0.3)
            v.removeFromSuperview()
            turn(clock)
            #expect(result == false)
            #expect(v.layer.animationKeys() == nil)
        }
    }

    @Test @MainActor func aCompletionMayStartTheNextAnimationOnTheSameView() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var steps: [Bool] = []
            @MainActor func step(_ n: Int) {
                guard n > 0 else { return }
                UIView.animate(withDuration: 0.1, animations: { v.alpha = v.alpha == 1 ? 0 : 1 },
                               completion: { steps.append($0); step(n - 1) })
            }
            step(5)
            for _ in 0..<30 { turn(clock, advancingBy: 0.06) }
            #expect(steps == [true, true, true, true, true])
        }
    }

    @Test @MainActor func nestedBlocksInheritDurationAndCurveUnlessOverridden() throws {
        try withVisibleWindow { window, clock in
            let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let c = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            for v in [a, b, c] { window.addSubview(v) }
            UIView.animate(withDuration: 2, delay: 0, options: [.curveEaseIn, .repeat, .autoreverse], animations: {
                UIView.animate(withDuration: 0.5) { a.alpha = 0 }
                UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve,
                                                                       .overrideInheritedOptions, .curveLinear]) { b.alpha = 0 }
                c.alpha = 0
            })
            let x = try #require(a.layer.animation(forKey: "opacity"))
            #expect(x.duration == 2)
            #expect(x.timingFunction == CAMediaTimingFunction(name: .easeIn))
            #expect(x.repeatCount == .infinity)
            #expect(x.autoreverses)
            let y = try #require(b.layer.animation(forKey: "opacity"))
            #expect(y.duration == 0.5)
            #expect(y.timingFunction == CAMediaTimingFunction(name: .linear))
            #expect(y.repeatCount == 0)
            #expect(!y.autoreverses)
            #expect(UIView.inheritedAnimationDuration == 0)
        }
    }

    @Test @MainActor func delayedAnimationsHoldTheOldValueUntilTheyStart() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { v.alpha = 0 })
            let a = try #require(v.layer.animation(forKey: "opacity"))
            #expect(a.fillMode == .backwards)
            turn(clock)
            turn(clock, advancingBy: 0.25)
            #expect(v.layer.presentation()?.opacity == 1)
            turn(clock, advancingBy: 0.75)
            #expect(abs((v.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
        }
    }

    @Test @MainActor func springBlocksAddSpringAnimations() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2,
                           options: [], animations: { v.center = CGPoint(x: 200, y: 50) })
            let s = try #require(v.layer.animation(forKey: "position") as? CASpringAnimation)
            #expect(s.duration == 0.5)
            #expect(s.mass == 1)
            #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
            #expect(abs(s.damping - 4 * .pi * 0.5 / 0.5) < 1e-9)
            #expect(s.initialVelocity == 2)
        }
    }

    @Test @MainActor func performWithoutAnimationAndDisabledAnimationsChangeAtOnce() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animate(withDuration: 1) {
                UIView.performWithoutAnimation { v.alpha = 0.5 }
                #expect(UIView.areAnimationsEnabled)
            }
            #expect(v.layer.animationKeys() == nil)
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1) { v.alpha = 0.2 }
            UIView.setAnimationsEnabled(true)
            #expect(v.layer.animationKeys() == nil)
            #expect(v.alpha == CGFloat(Float(0.2)))   // stored as the layer's Float opacity
        }
    }

    @Test @MainActor func keyframesBecomeOneKeyframeAnimationPerProperty() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [.calculationModeCubic], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { v.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0 }
            })
            let k = try #require(v.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            #expect(k.duration == 2)
            #expect(k.calculationMode == .cubic)
            #expect(k.keyTimes?.map(\.doubleValue) == [0, 0.25, 0.5, 1])
            #expect(k.values?.compactMap { $0 as? Float } == [1, 0.5, 0.5, 0])
        }
    }

    @Test @MainActor func theSeedsBeginCommitBlockWithClosureCallbacks() throws {
        try withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var log: [String] = []
            var token = 7
            UIView.beginAnimations("pulse", context: &token)
            v.alpha = 0.5                                  // settings after a change still apply
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.easeOut)
            UIView.setAnimationRepeatCount(2)
            UIView.setAnimationRepeatAutoreverses(true)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationWillStart { id, context in log.append("start \(id ?? "-")") }
            UIView.setAnimationDidStop { id, finished, context in
                log.append("stop \(id ?? "-") \(finished) \(context?.load(as: Int.self) ?? 0)")
            }
            UIView.commitAnimations()
            let a = try #require(v.layer.animation(forKey: "opacity"))
            #expect(a.duration == 1)
            #expect(a.timingFunction == CAMediaTimingFunction(name: .easeOut))
            #expect(a.repeatCount == 2)
            #expect(a.autoreverses)
            turn(clock, advancingBy: 0.4)
            #expect(log.isEmpty)
            turn(clock, advancingBy: 0.2)
            #expect(log == ["start pulse"])
            turn(clock, advancingBy: 4)
            #expect(log == ["start pulse", "stop pulse true 7"])
        }
    }

    @Test @MainActor func transitionsAddCATransitionsWithApplesTypeStrings() throws {
        try withVisibleWindow { window, clock in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let front = UIView(frame: container.bounds), back = UIView(frame: container.bounds)
            window.addSubview(container)
            container.addSubview(front)
            turn(clock)
            let cases: [(UIView.AnimationOptions, String, CATransitionSubtype?)] = [
                (.transitionFlipFromLeft, "oglFlip", .fromLeft), (.transitionFlipFromRight, "oglFlip", .fromRight),
                (.transitionFlipFromTop, "oglFlip", .fromTop), (.transitionFlipFromBottom, "oglFlip", .fromBottom),
                (.transitionCurlUp, "pageCurl", .fromBottom), (.transitionCurlDown, "pageUnCurl", .fromBottom),
                (.transitionCrossDissolve, "fade", nil),
            ]
            for (options, type, subtype) in cases {
                UIView.transition(with: container, duration: 0.7, options: options, animations: {})
                let t = try #require(container.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(t.type.rawValue == type)
                #expect(t.subtype == subtype)
                #expect(t.duration == 0.7)
            }
            var done: Bool?
            UIView.transition(from: front, to: back, duration: 1, options: .transitionFlipFromLeft) { done = $0 }
            #expect(front.superview == nil)
            #expect(back.superview === container)
            turn(clock)
            turn(clock, advancingBy: 1.1)
            #expect(done == true)
            UIView.transition(from: back, to: front, duration: 1, options: [.transitionCurlUp, .showHideTransitionViews])
            #expect(back.isHidden && !front.isHidden)
        }
    }

    @Test @MainActor func aTransitionOnAViewWithNoSuperviewJustChanges() async {
        let lone = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let other = UIView()
        var done: Bool?
        UIView.transition(from: lone, to: other, duration: 1, options: .transitionFlipFromLeft) { done = $0 }
        UIView.transition(with: lone, duration: 1, options: .transitionCurlUp, animations: { lone.alpha = 0.5 })
        #expect(lone.alpha == 0.5)
        await drainMainQueue()
        #expect(done == true)
    }
}
