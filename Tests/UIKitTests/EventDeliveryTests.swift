import StrataApp
import Testing
import UIKit

/// A view that logs the touches it gets.
@MainActor
final class TouchLog: UIView {
    var log: [String] = []
    var name = ""
    var forwards = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) began \(touches.first!.location(in: self))")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        let t = touches.first!
        log.append("\(name) moved \(t.previousLocation(in: self)) -> \(t.location(in: self))")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) ended tapCount \(touches.first!.tapCount)")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name) cancelled") }
}

@MainActor
func press(_ w: UIWindow, _ x: CGFloat, _ y: CGFloat, t: Double = 0, clicks: Int = 1) {
    w.sendPointerEvent(PointerEvent(phase: .down, location: CGPoint(x: x, y: y), button: 1, clickCount: clicks, timestamp: t))
}
@MainActor
func move(_ w: UIWindow, _ x: CGFloat, _ y: CGFloat, t: Double = 0) {
    w.sendPointerEvent(PointerEvent(phase: .moved, location: CGPoint(x: x, y: y), button: 1, timestamp: t))
}
@MainActor
func release(_ w: UIWindow, _ x: CGFloat, _ y: CGFloat, t: Double = 0, clicks: Int = 1) {
    w.sendPointerEvent(PointerEvent(phase: .up, location: CGPoint(x: x, y: y), button: 1, clickCount: clicks, timestamp: t))
}

@Suite struct HitTestingTests {
    @Test @MainActor func frontmostVisibleInteractiveViewIsHit() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back); root.addSubview(front); front.addSubview(inner)
        #expect(root.hitTest(CGPoint(x: 140, y: 140), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === inner)
        #expect(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 190, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 10), with: nil) == nil)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.009
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        front.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === inner)
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)   // subviews skipped too
    }

    @Test @MainActor func subviewsOutsideTheirSuperviewsBoundsAreNotHit() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let small = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let sticking = UIView(frame: CGRect(x: 40, y: 40, width: 50, height: 50))
        root.addSubview(small); small.addSubview(sticking)
        #expect(root.hitTest(CGPoint(x: 45, y: 45), with: nil) === sticking)
        #expect(root.hitTest(CGPoint(x: 80, y: 80), with: nil) === root)    // iOS: outside small
    }

    @Test @MainActor func overridesOfPointInsideAndHitTestAreHonoured() {
        final class BigTarget: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        final class PassThrough: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let big = BigTarget(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        let overlay = PassThrough(frame: root.bounds)
        root.addSubview(big); root.addSubview(overlay)
        #expect(root.hitTest(CGPoint(x: 85, y: 85), with: nil) === big)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
    }

    @Test @MainActor func hitTestingUsesModelValuesAndSkipsViewsAnimatingWithoutInteraction() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(v)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: {
                v.center = CGPoint(x: 200, y: 200)
            })
            turn(clock); turn(clock, advancingBy: 0.5)
            #expect(window.hitTest(CGPoint(x: 200, y: 200), with: nil) === v)   // the model position
            UIView.animate(withDuration: 1, animations: { v.alpha = 0.5 })
            #expect(window.hitTest(CGPoint(x: 200, y: 200), with: nil) === window)
            turn(clock)
            turn(clock, advancingBy: 1.1)
            #expect(window.hitTest(CGPoint(x: 200, y: 200), with: nil) === v)
        }
    }
}

@Suite struct ResponderChainTests {
    @Test @MainActor func touchesGoToTheHitViewAndUpTheChain() {
        withVisibleWindow { window, clock in
            let parent = TouchLog(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = TouchLog(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            parent.name = "parent"; child.name = "child"; child.forwards = true
            window.addSubview(parent); parent.addSubview(child)
            #expect(child.next === parent)
            #expect(parent.next === window)
            #expect(window.next === UIApplication.shared)
            press(window, 110, 120, clicks: 2)
            move(window, 130, 125)
            release(window, 130, 125, clicks: 2)
            #expect(child.log == ["child began CGPoint(x: 10.0, y: 20.0)", "child moved CGPoint(x: 10.0, y: 20.0) -> CGPoint(x: 30.0, y: 25.0)", "child ended tapCount 2"])
            // child forwards began and ended (super), not moved.
            #expect(parent.log == ["parent began CGPoint(x: 110.0, y: 120.0)", "parent ended tapCount 2"])
        }
    }
}

@Suite struct GestureRecognizerTests {
    @Test @MainActor func tapRecognizesOnReleaseAndCancelsTheViewsTouches() {
        withVisibleWindow { window, clock in
            let v = TouchLog(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            v.name = "v"
            window.addSubview(v)
            var states: [UIGestureRecognizer.State] = []
            let tap = UITapGestureRecognizer { states.append($0.state) }
            v.addGestureRecognizer(tap)
            #expect(tap.view === v)
            press(window, 10, 10)
            release(window, 12, 11)
            #expect(states == [.ended])
            #expect(v.log == ["v began CGPoint(x: 10.0, y: 10.0)", "v cancelled"])
            #expect(tap.state == .possible)                     // reset after the sequence
            press(window, 10, 10)
            move(window, 40, 10)                                 // moved too far: fails
            release(window, 40, 10)
            #expect(states == [.ended])
        }
    }

    /// Apple's "Attaching gesture recognizers to UIKit controls": a single tap on a button is
    /// the button's, even with a tap recogniser on its superview (an app's "Share" button under
    /// a view that also handled taps never fired: the recogniser took the tap and cancelled the
    /// button's touch). Elsewhere the recogniser still fires; one on the button itself wins;
    /// a disabled button leaves the tap to the superview.
    @Test @MainActor func aButtonKeepsItsSingleTapFromItsSuperviewsTapRecognizer() {
        withVisibleWindow { window, clock in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(container)
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
            container.addSubview(button)
            var pressed = 0, tapped = 0, onButton = 0
            button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
            container.addGestureRecognizer(UITapGestureRecognizer { _ in tapped += 1 })
            press(window, 150, 120); release(window, 150, 120)
            #expect(pressed == 1 && tapped == 0)
            press(window, 20, 20); release(window, 20, 20)
            #expect(pressed == 1 && tapped == 1)
            button.isEnabled = false
            press(window, 150, 120); release(window, 150, 120)
            #expect(pressed == 1 && tapped == 2)
            button.isEnabled = true
            let own = UITapGestureRecognizer { _ in onButton += 1 }
            button.addGestureRecognizer(own)
            press(window, 150, 120); release(window, 150, 120)
            #expect(onButton == 1 && pressed == 1 && tapped == 2)
        }
    }

    @Test @MainActor func doubleTapNeedsTheSecondClick() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(v)
            var count = 0
            let tap = UITapGestureRecognizer { _ in count += 1 }
            tap.numberOfTapsRequired = 2
            v.addGestureRecognizer(tap)
            press(window, 10, 10, clicks: 1); release(window, 10, 10, clicks: 1)
            #expect(count == 0)
            press(window, 10, 10, clicks: 2); release(window, 10, 10, clicks: 2)
            #expect(count == 1)
        }
    }

    @Test @MainActor func panReportsTranslationAndVelocity() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(v)
            var seen: [(UIGestureRecognizer.State, CGPoint)] = []
            let pan = UIPanGestureRecognizer { pan in                 // typed: no cast
                seen.append((pan.state, pan.translation(in: v)))
            }
            v.addGestureRecognizer(pan)
            press(window, 10, 10, t: 0)
            move(window, 15, 10, t: 0.01)                        // under 10 points: still possible
            #expect(seen.isEmpty)
            move(window, 30, 10, t: 0.02)
            move(window, 50, 30, t: 0.05)
            #expect(pan.velocity(in: v) == CGPoint(x: 800, y: 400)) // (50−10, 30−10) over the last 0.05 s
            pan.setTranslation(.zero, in: v)
            move(window, 60, 30, t: 0.06)
            release(window, 60, 30, t: 0.06)
            #expect(seen.map(\.0) == [.began, .changed, .changed, .ended])
            #expect(seen.map(\.1) == [CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 20), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0)])
        }
    }

    /// A drag that rests before the release ends with no velocity; one released while moving
    /// keeps the speed of its last 0.1 s.
    @Test @MainActor func panVelocityAtTheReleaseIsTheMotionJustBeforeIt() {
        withVisibleWindow { window, clock in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(v)
            var ended: [CGPoint] = []
            let pan = UIPanGestureRecognizer { g in
                if g.state == .ended { ended.append(g.velocity(in: v)) }
            }
            v.addGestureRecognizer(pan)
            press(window, 10, 200, t: 1)
            move(window, 10, 150, t: 1.05)
            move(window, 10, 100, t: 1.1)
            release(window, 10, 100, t: 1.3)                    // held still for 0.2 s
            press(window, 10, 200, t: 2)
            move(window, 10, 150, t: 2.05)
            move(window, 10, 100, t: 2.1)
            release(window, 10, 95, t: 2.11)                    // let go while moving
            #expect(ended.count == 2)
            #expect(ended.first == CGPoint(x: 0, y: 0))
            #expect(ended.last == CGPoint(x: 0, y: (95 - 150) / (2.11 - 2.05)))   // from the sample at 2.05
        }
    }

    @Test @MainActor func pinchFollowsTheWheel() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let v = UIView(frame: window.bounds)
        window.addSubview(v)
        var log: [(UIGestureRecognizer.State, CGFloat)] = []
        let pinch = UIPinchGestureRecognizer { g in log.append((g.state, g.scale)) }
        v.addGestureRecognizer(pinch)
        for _ in 0..<2 {
            window.sendPointerEvent(PointerEvent(phase: .scroll, location: CGPoint(x: 5, y: 5), button: 0, scrollDelta: 1, timestamp: 0))
        }
        window.sendPointerEvent(PointerEvent(phase: .scroll, location: CGPoint(x: 5, y: 5), button: 0, scrollDelta: -1, timestamp: 0))
        #expect(log.map(\.0) == [.began, .changed, .changed])
        #expect(abs(log[0].1 - 1.1) < 1e-12 && abs(log[1].1 - 1.21) < 1e-12 && abs(log[2].1 - 1.1) < 1e-12)
        try? await Task.sleep(for: .milliseconds(400))
        #expect(log.map(\.0) == [.began, .changed, .changed, .ended])
        #expect(pinch.state == .possible)
        window.isHidden = true
    }

    @Test @MainActor func longPressBeginsAfterTheMinimumDuration() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let v = UIView(frame: window.bounds)
        window.addSubview(v)
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        press.minimumPressDuration = 0.05
        v.addGestureRecognizer(press)
        UIKitTests.press(window, 10, 10)
        #expect(states.isEmpty)
        try? await Task.sleep(for: .milliseconds(200))
        #expect(states == [.began])
        move(window, 14, 10)
        release(window, 14, 10)
        #expect(states == [.began, .changed, .ended])
        window.isHidden = true
    }
}
