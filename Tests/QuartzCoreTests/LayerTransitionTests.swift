import Foundation
import Testing
@testable import QuartzCore

// CATransition on layers: stored under kCATransition, run as the kCATransition action, and drawn
// by the renderer as the layer's old committed look transitioning to the new one.

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
private let opaqueRed: UInt32 = 0xFFFF_0000
private let opaqueBlue: UInt32 = 0xFF00_00FF

/// A 200 × 40 root with a 100 × 40 red card at x 50…150, committed.
private func scene() -> (root: CALayer, card: CALayer) {
    let root = CALayer(), card = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
    card.frame = CGRect(x: 50, y: 0, width: 100, height: 40)
    card.backgroundColor = red
    root.addSublayer(card)
    CATransaction.commit()
    return (root, card)
}

private func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> CATransition {
    let t = CATransition()
    t.type = type
    t.subtype = subtype
    t.duration = 1
    return t
}

/// Renders `root` at media time `t` and returns the pixels at the given x on row 20.
private func render(_ root: CALayer, at t: CFTimeInterval, xs: [Int]) -> [UInt32] {
    let renderer = CARenderer(width: 200, height: 40)
    renderer.threads = 1
    renderer.layer = root
    renderer.beginFrame(atTime: t)
    renderer.render()
    renderer.endFrame()
    return xs.map { renderer.surface[$0, 20] }
}

private func hex(_ p: [UInt32]) -> String { p.map { String($0, radix: 16) }.joined(separator: " ") }

@Test func layerTransitionIsStoredUnderTheTransitionKey() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (_, card) = scene()
        card.add(transition(.fade, nil), forKey: "anything")
        #expect(card.animationKeys() == [kCATransition])
        #expect(card.animation(forKey: kCATransition) is CATransition)
        CATransaction.flush()
    }
}

@Test func layerPushFromRightDrawsOldAndNewSideBySideMidway() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let (root, card) = scene()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(transition(.push, .fromRight), forKey: kCATransition)
        card.backgroundColor = blue
        CATransaction.commit()
        // Half way: the old (red) card has moved 50 left, the new (blue) one comes from 50 right;
        // neither is clipped to the card's bounds.
        let mid = render(root, at: 0.5, xs: [25, 75, 99, 100, 125, 175])
        #expect(mid == [opaqueRed, opaqueRed, opaqueRed, opaqueBlue, opaqueBlue, opaqueBlue], "\(hex(mid))")
        // Before it starts nothing moved yet is impossible (it starts at commit); after the end
        // only the new look remains, where the card is.
        let end = render(root, at: 1.5, xs: [25, 75, 125, 175])
        #expect(end == [0, opaqueBlue, opaqueBlue, 0], "\(hex(end))")
        _ = clock
    }
}

@Test func layerMoveInFromTopAndRevealFromLeft() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(transition(.reveal, .fromLeft), forKey: nil)
        card.backgroundColor = blue
        CATransaction.commit()
        // Reveal from the left at 0.25: the old card slides right by 25 on top of the new one.
        let reveal = render(root, at: 0.25, xs: [60, 74, 76, 160, 170, 176])
        #expect(reveal == [opaqueBlue, opaqueBlue, opaqueRed, opaqueRed, opaqueRed, 0], "\(hex(reveal))")

        let (root2, card2) = scene()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card2.add(transition(.moveIn, .fromTop), forKey: nil)
        card2.backgroundColor = blue
        CATransaction.commit()
        // Move in from the top at 0.75: the new card is 10 above its place, over the old one.
        let renderer = CARenderer(width: 200, height: 40)
        renderer.threads = 1
        renderer.layer = root2
        renderer.beginFrame(atTime: 0.75); renderer.render(); renderer.endFrame()
        let column = [5, 25, 29, 31, 35].map { renderer.surface[100, $0] }
        #expect(column == [opaqueBlue, opaqueBlue, opaqueBlue, opaqueRed, opaqueRed], "\(hex(column))")
    }
}

@Test func layerFadeTransitionCrossesOpacities() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(transition(.fade, nil), forKey: kCATransition)
        card.backgroundColor = blue
        CATransaction.commit()
        // At 0.25: old red at 0.75, then new blue at 0.25 over it (premultiplied source-over):
        // a = 0.25 + 0.75·0.75 = 0.8125 (207), r = 0.75·0.75 = 0.5625 (143), b = 0.25 (64).
        let p = render(root, at: 0.25, xs: [100])[0]
        let a = Int(p >> 24), r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
        #expect(abs(a - 207) <= 1 && abs(r - 143) <= 1 && g == 0 && abs(b - 64) <= 1, "\(String(p, radix: 16))")
        #expect(render(root, at: 0, xs: [100]) == [opaqueRed])
    }
}

@Test func layerTransitionActionRunsWhenSublayersAreReplaced() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        let oldChild = CALayer(), newChild = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        oldChild.frame = card.bounds; oldChild.backgroundColor = red
        newChild.frame = card.bounds; newChild.backgroundColor = blue
        card.backgroundColor = nil
        card.addSublayer(oldChild)
        CATransaction.commit()
        card.actions = [kCATransition: transition(.push, .fromLeft)]
        CATransaction.begin()
        card.sublayers = [newChild]
        CATransaction.commit()
        #expect(card.animationKeys() == [kCATransition])
        #expect(oldChild.superlayer == nil && newChild.superlayer === card)
        // Push from the left at 0.5: the new sublayer enters from the left, the old leaves right.
        let mid = render(root, at: 0.5, xs: [25, 75, 125, 175])
        #expect(mid == [opaqueBlue, opaqueBlue, opaqueRed, opaqueRed], "\(hex(mid))")
    }
}

@Test func layerTransitionReturnedForAPropertyKeyAnimatesThatChange() {
    final class Delegate: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            guard event == "backgroundColor" else { return nil }
            let t = CATransition()
            t.duration = 1
            t.type = .push
            t.subtype = .fromRight
            return t
        }
    }
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        attachToRenderer(root)
        let delegate = Delegate()
        card.delegate = delegate
        card.backgroundColor = blue
        CATransaction.flush()
        #expect(card.animationKeys() == [kCATransition])
        let mid = render(root, at: 0.5, xs: [75, 125])
        #expect(mid == [opaqueRed, opaqueBlue], "\(hex(mid))")
    }
}

@Test func layerHiddenWithAFadeTransitionFadesOut() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(transition(.fade, nil), forKey: nil)
        card.isHidden = true
        CATransaction.commit()
        // At 0.25 the old (visible) card is drawn at 0.75: premultiplied 0xBF (191) red, alpha 191.
        let p = render(root, at: 0.25, xs: [100])[0]
        #expect(abs(Int(p >> 24) - 191) <= 1 && abs(Int(p >> 16 & 0xFF) - 191) <= 1 && p & 0xFFFF == 0, "\(String(p, radix: 16))")
        #expect(render(root, at: 1.5, xs: [100]) == [0])
        #expect(card.presentation()?.isHidden == true)
    }
}

@Test func layerPushInsideAMaskingSuperlayerIsClippedToIt() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = CALayer(), container = CALayer(), card = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        container.frame = CGRect(x: 50, y: 0, width: 100, height: 40)
        container.masksToBounds = true                // the usual way to keep a push inside
        card.frame = container.bounds
        card.backgroundColor = red
        container.addSublayer(card)
        root.addSublayer(container)
        CATransaction.commit()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(transition(.push, .fromRight), forKey: nil)
        card.backgroundColor = blue
        CATransaction.commit()
        let mid = render(root, at: 0.5, xs: [25, 75, 125, 175])
        #expect(mid == [0, opaqueRed, opaqueBlue, 0], "\(hex(mid))")
    }
}

@Test func layerReplaceSublayerRunsTheTransitionAction() {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let (root, card) = scene()
        let old = CALayer(), new = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.backgroundColor = nil
        old.frame = card.bounds; old.backgroundColor = red
        new.frame = card.bounds; new.backgroundColor = blue
        card.addSublayer(old)
        CATransaction.commit()
        CATransaction.flush()
        card.actions = [kCATransition: transition(.fade, nil)]
        card.replaceSublayer(old, with: new)
        CATransaction.flush()
        #expect(card.animationKeys() == [kCATransition])
        #expect(card.sublayers?.count == 1 && card.sublayers?.first === new)
        // Half way through the fade: red at 0.5 under blue at 0.5.
        let p = render(root, at: 0.5, xs: [100])[0]
        #expect(abs(Int(p >> 24) - 191) <= 1 && abs(Int(p >> 16 & 0xFF) - 64) <= 1 && abs(Int(p & 0xFF) - 128) <= 1,
                "\(String(p, radix: 16))")
    }
}
