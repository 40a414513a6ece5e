import Foundation
import Testing
@testable import QuartzCore

// Implicit animations on layers: every animatable property of a standalone layer animates over
// the transaction's duration (0.25 s by default); nested transactions, disabled actions, order
// events, and hit testing the presentation tree.

private func close(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { a.map { abs($0 - b) <= tol } ?? false }
private func components(_ c: Any?) -> [CGFloat]? { (c as! CGColor?)?.components }
private func close(_ a: [CGFloat]?, _ b: [CGFloat]) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
}

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

@Test func layerImplicitlyAnimatesEveryAnimatableProperty() throws {
    let image = try CGImage(width: 1, height: 1, premultipliedBGRA: [0xFF00_FF00])
    let path = CGMutablePath()
    path.move(to: .zero); path.addLine(to: CGPoint(x: 5, y: 5))
    var base = CATransform3DIdentity
    base.m41 = 10
    // key, new value, check of the presentation at 0.1 s (fraction 0.4, linear); values that do
    // not interpolate switch half way, so they still show the old value (but from nil contents or
    // shadowPath there is nothing to show: the new value appears at once).
    typealias Row = (key: String, value: Any, mid: (CALayer) -> Bool)
    let rows: [Row] = [
        ("bounds", CGRect(x: 0, y: 0, width: 100, height: 50), { $0.bounds == CGRect(x: 0, y: 0, width: 40, height: 20) }),
        ("position", CGPoint(x: 100, y: 40), { close($0.position.x, 40) && close($0.position.y, 16) }),
        ("zPosition", CGFloat(10), { close($0.zPosition, 4) }),
        ("anchorPoint", CGPoint(x: 0, y: 0), { close($0.anchorPoint.x, 0.3) && close($0.anchorPoint.y, 0.3) }),
        ("anchorPointZ", CGFloat(5), { close($0.anchorPointZ, 2) }),
        ("transform", CATransform3DMakeScale(3, 3, 1), { close($0.transform.m11, 1.8, 1e-9) && close($0.transform.m33, 1, 1e-9) }),
        ("sublayerTransform", base, { close($0.sublayerTransform.m41, 4, 1e-9) }),
        ("hidden", true, { $0.isHidden == false }),
        ("doubleSided", false, { $0.isDoubleSided == true }),
        ("masksToBounds", true, { $0.masksToBounds == false }),
        ("opacity", Float(0), { abs($0.opacity - 0.6) < 1e-6 }),
        ("backgroundColor", red, { close(components($0.backgroundColor), [0.4, 0, 0, 0.4]) }),   // nil is clear
        ("cornerRadius", CGFloat(10), { close($0.cornerRadius, 4) }),
        ("borderWidth", CGFloat(5), { close($0.borderWidth, 2) }),
        ("borderColor", red, { close(components($0.borderColor), [0.4, 0, 0, 1]) }),
        ("contents", image, { $0.contents as? CGImage === image }),              // nothing to start from
        ("contentsRect", CGRect(x: 0, y: 0, width: 0.5, height: 0.5), { close($0.contentsRect.width, 0.8) && close($0.contentsRect.height, 0.8) }),
        ("contentsCenter", CGRect(x: 0.5, y: 0, width: 0, height: 1), { close($0.contentsCenter.minX, 0.2) && close($0.contentsCenter.width, 0.6) }),
        ("contentsScale", CGFloat(2), { close($0.contentsScale, 1.4) }),
        ("shadowColor", blue, { close(components($0.shadowColor), [0, 0, 0.4, 1]) }),
        ("shadowOpacity", Float(1), { abs($0.shadowOpacity - 0.4) < 1e-6 }),
        ("shadowOffset", CGSize(width: 10, height: 7), { close($0.shadowOffset.width, 4) && close($0.shadowOffset.height, 1) }),
        ("shadowRadius", CGFloat(8), { close($0.shadowRadius, 5) }),
        ("shadowPath", path, { $0.shadowPath == path }),
        ("maskedCorners", CACornerMask.layerMinXMinYCorner, { $0.maskedCorners.contains(.layerMaxXMaxYCorner) }),
    ]
    #expect(Set(rows.map(\.key)) == CALayer.animatableKeys)
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        for row in rows {
            clock.set(0)
            let layer = CALayer()
            attachToRenderer(layer)
            layer.setValue(row.value, forKey: row.key)
            CATransaction.flush()
            let animation = try #require(layer.animation(forKey: row.key) as? CABasicAnimation, "\(row.key)")
            #expect(animation.keyPath == row.key && animation.duration == 0.25)
            clock.set(0.1)
            let mid = try #require(layer.presentation())
            #expect(row.mid(mid), "\(row.key) at 0.1 s: \(String(describing: mid.value(forKey: row.key)))")
            clock.set(0.2)
            // Past half way every value shows the new one's side.
            if row.key == "hidden" { #expect(layer.presentation()?.isHidden == true) }
            clock.set(0.3)
            CATransaction.flush()
            #expect(layer.animationKeys() == nil, "\(row.key)")
        }
    }
}

@Test func layerNestedTransactionsGiveTheirOwnDurations() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        attachToRenderer(a, b, c, d)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        a.opacity = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        b.opacity = 0
        CATransaction.begin()                        // sets nothing: inherits 0.5
        c.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        d.opacity = 0                                // back in the outer one: 2 s again
        CATransaction.commit()
        #expect(a.animation(forKey: "opacity")?.duration == 2)
        #expect(b.animation(forKey: "opacity")?.duration == 0.5)
        #expect(c.animation(forKey: "opacity")?.duration == 0.5)
        #expect(d.animation(forKey: "opacity")?.duration == 2)
        // All four began together at the outer commit.
        clock.set(0.25)
        #expect(abs(Double(a.presentation()!.opacity) - 0.875) < 1e-6)
        #expect(abs(Double(b.presentation()!.opacity) - 0.5) < 1e-6)
        #expect(CATransaction.animationDuration() == 0.25)   // no transaction open: the default
    }
}

@Test func layerDisabledActionsAndTimingFunctionOfATransaction() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let layer = CALayer()
        attachToRenderer(layer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.begin()
        layer.opacity = 0.5                          // inner levels inherit disableActions
        CATransaction.commit()
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()?.position.x == 100)
        #expect(layer.presentation()?.opacity == 0.5)

        CATransaction.begin()
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)   // the seed's spelling
        layer.position = CGPoint(x: 0, y: 0)
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)

        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        clock.set(0.125)
        // easeIn(0.5) = 0.315356819 (bisection on (0.42, 0) (1, 1)).
        #expect(close(layer.presentation()?.position.x, 31.5356819, 1e-5))
    }
}

@Test func layerOrderInAndOrderOutActionsRun() {
    final class Recorder: NSObject, CAAction {
        var runs: [(String, CALayer?)] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append((event, anObject as? CALayer))
        }
    }
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let parent = CALayer(), child = CALayer(), other = CALayer()
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0.0; fadeIn.toValue = 1.0; fadeIn.duration = 1
        let out = Recorder()
        child.actions = [kCAOnOrderIn: fadeIn, kCAOnOrderOut: out]
        parent.addSublayer(child)
        CATransaction.flush()
        #expect(child.animationKeys() == [kCAOnOrderIn])
        clock.set(0.25)
        #expect(abs(Double(child.presentation()!.opacity) - 0.25) < 1e-6)
        parent.addSublayer(child)                    // already a sublayer: not ordered in again
        #expect(child.animationKeys() == [kCAOnOrderIn])
        child.removeFromSuperlayer()
        #expect(out.runs.count == 1 && out.runs[0].0 == kCAOnOrderOut && out.runs[0].1 === child)

        parent.addSublayer(child)
        other.actions = [kCAOnOrderIn: NSNull()]
        parent.sublayers = [other, child]            // child stays: no order events for it
        #expect(out.runs.count == 1)
        parent.sublayers = [other]
        #expect(out.runs.count == 2)

        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.addSublayer(child)
        child.removeFromSuperlayer()
        CATransaction.commit()
        #expect(out.runs.count == 2)
        CATransaction.flush()
    }
}

@Test func layerPresentationHitTestFindsTheModelUnderAnAnimatedPosition() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        CATransaction.flush()
        let root = CALayer(), ball = CALayer()
        attachToRenderer(root)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        root.position = CGPoint(x: 200, y: 50)
        ball.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        ball.position = CGPoint(x: 20, y: 50)
        root.addSublayer(ball)
        CATransaction.commit()

        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        ball.position = CGPoint(x: 380, y: 50)       // the model is there at once...
        CATransaction.commit()
        clock.set(0.5)                                // ...but on screen the ball is at x = 200
        let p = CGPoint(x: 200, y: 50)                // in root's superlayer space
        #expect(root.presentation()?.hitTest(p)?.model() === ball)
        #expect(root.hitTest(p) === root)             // the model tree has it elsewhere
        #expect(root.presentation()?.hitTest(CGPoint(x: 380, y: 50))?.model() === root)
        #expect(ball.presentation()?.superlayer?.model() === root)
        CATransaction.flush()
    }
}

@Test func layerHidingRunsOrderOutAndShowingRunsOrderIn() {
    final class Recorder: NSObject, CAAction {
        var events: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
    }
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        CATransaction.flush()
        let layer = CALayer()
        attachToRenderer(layer)
        let r = Recorder()
        layer.actions = [kCAOnOrderIn: r, kCAOnOrderOut: r, "hidden": r]
        layer.isHidden = true
        layer.isHidden = true                            // no change: no order event
        layer.setValue(false, forKey: "hidden")          // key-value coding too
        #expect(r.events == ["hidden", kCAOnOrderOut, "hidden", "hidden", kCAOnOrderIn])
        CATransaction.flush()
    }
}
