import Foundation
import Testing
@testable import QuartzCore

// Core Animation's private transition types (cube, oglFlip/flip, pageCurl, pageUnCurl): their
// motions, hand-computed pixels, and goldens of flips, a cube and curls (looked at by eye).

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
private let opaqueRed: UInt32 = 0xFFFF_0000
private let opaqueBlue: UInt32 = 0xFF00_00FF

private func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> CATransition {
    let t = CATransition()
    t.type = type
    t.subtype = subtype
    t.duration = 1
    t.timingFunction = CAMediaTimingFunction(name: .linear)
    return t
}

@Test func flipMotionTurnsHalfATurnShowingTheBackHalfWay() {
    let left = transition(.oglFlip, .fromLeft)
    #expect(left.frame(atProgress: 0.25).motion == .flip(vertical: false, old: .pi / 4, new: nil))
    #expect(left.frame(atProgress: 0.75).motion == .flip(vertical: false, old: nil, new: -.pi / 4))
    #expect(left.frame(atProgress: 1).motion == .flip(vertical: false, old: nil, new: 0))
    #expect(transition(.flip, .fromRight).frame(atProgress: 0.25).motion == .flip(vertical: false, old: -.pi / 4, new: nil))
    #expect(transition(.oglFlip, .fromTop).frame(atProgress: 0.5).motion == .flip(vertical: true, old: nil, new: .pi / 2))
    #expect(transition(.oglFlip, .fromBottom).frame(atProgress: 0.25).motion == .flip(vertical: true, old: .pi / 4, new: nil))
    #expect(transition(.cube, .fromLeft).frame(atProgress: 0.5).motion == .cube(vertical: false, old: .pi / 4, new: -.pi / 4))
    #expect(transition(.cube, .fromBottom).frame(atProgress: 0).motion == .cube(vertical: true, old: 0, new: -.pi / 2))
    #expect(transition(.pageCurl, .fromRight).frame(atProgress: 0.3).motion == .curl(edge: .right, amount: 0.3, curledIsNew: false))
    #expect(transition(.pageUnCurl, .fromBottom).frame(atProgress: 0.25).motion == .curl(edge: .bottom, amount: 0.75, curledIsNew: true))
    #expect(transition(.pageCurl, nil).frame(atProgress: .nan).motion == .curl(edge: .left, amount: 0, curledIsNew: false))
    // The sliding types keep their motion.
    #expect(transition(.push, .fromRight).frame(atProgress: 0.5).motion == .slide)
}

@Test func unknownTypesFadeAndSaySoOnce() {
    let name = "rippleEffect-\(UUID().uuidString)"
    let t = transition(CATransitionType(rawValue: name), nil)
    var frames: [TransitionFrame] = []
    let messages = StrataDiagnostics.capture {
        frames = [t.frame(atProgress: 0.25), t.frame(atProgress: 0.5)]
    }
    #expect(frames[0] == TransitionFrame(oldOpacity: 0.75, newOpacity: 0.25, oldOffset: .zero, newOffset: .zero, newOnTop: true))
    #expect(messages.count == 1 && messages[0].contains("rippleEffect"))
    #expect(StrataDiagnostics.capture { _ = transition(.fade, nil).frame(atProgress: 0.5) }.isEmpty)
}

/// A 200 × 40 root with a 100 × 40 red card at x 50…150 turning blue under `t`, rendered at `time`.
private func renderCard(_ t: CATransition, at time: CFTimeInterval, width: Int = 200, height: Int = 40) -> CGImage {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = CALayer(), card = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        card.frame = CGRect(x: 50, y: 0, width: 100, height: 40)
        card.backgroundColor = red
        root.addSublayer(card)
        CATransaction.commit()
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.add(t, forKey: kCATransition)
        card.backgroundColor = blue
        CATransaction.commit()
        return Golden.render(root, width: width, height: height, time: time, threads: 1)
    }
}

private func row(_ image: CGImage, _ xs: [Int], y: Int = 20) -> [UInt32] { xs.map { Golden.pixel(image, $0, y) } }
private func hex(_ p: [UInt32]) -> String { p.map { String($0, radix: 16) }.joined(separator: " ") }

@Test func flipFromLeftPixelsUnderPerspective() {
    // Eye 200 in front (twice the 100-wide card). At 0.25 the old card is turned 45°, left side
    // forward: its left edge at 100 − 35.36/(1 − 35.36/200) = 57.05, its right edge at
    // 100 + 35.36/(1 + 35.36/200) = 130.05.
    let quarter = renderCard(transition(.oglFlip, .fromLeft), at: 0.25)
    let q = row(quarter, [55, 58, 100, 129, 131, 145])
    #expect(q == [0, opaqueRed, opaqueRed, opaqueRed, 0, 0], "\(hex(q))")
    // At 0.75 the new card shows, turned −45°: right side forward, from 69.95 to 142.95, so
    // pixel 69 is 5 % covered (alpha 13) and pixel 142 95 % (alpha 242).
    let threeQuarters = renderCard(transition(.oglFlip, .fromLeft), at: 0.75)
    let t = row(threeQuarters, [60, 68, 71, 100, 141, 144])
    #expect(t == [0, 0, opaqueBlue, opaqueBlue, opaqueBlue, 0], "\(hex(t))")
    #expect(abs(Int(Golden.pixel(threeQuarters, 69, 20) >> 24) - 13) <= 3)
    #expect(abs(Int(Golden.pixel(threeQuarters, 142, 20) >> 24) - 242) <= 3)
    // Half way the card is edge-on: nothing away from the centre line.
    let half = renderCard(transition(.oglFlip, .fromLeft), at: 0.5)
    #expect(row(half, [60, 90, 110, 140]) == [0, 0, 0, 0])
    // From the right it mirrors: at 0.25 the right side comes forward.
    let right = renderCard(transition(.flip, .fromRight), at: 0.25)
    #expect(row(right, [68, 71, 141, 144]) == [0, opaqueRed, opaqueRed, 0], "\(hex(row(right, [68, 71, 141, 144])))")
    #expect(abs(Int(Golden.pixel(right, 69, 20) >> 24) - 13) <= 3 && abs(Int(Golden.pixel(right, 142, 20) >> 24) - 242) <= 3)
}

@Test func cubeFromLeftPixelsHalfWay() {
    // Half way the faces are each turned 45° about the cube's axis 50 behind the card: the old
    // (red) face from 100 to 100 + 70.71/1.25 = 156.57, the new (blue) one from 43.43 to 100.
    let image = renderCard(transition(.cube, .fromLeft), at: 0.5)
    let r = row(image, [42, 45, 90, 110, 155, 158])
    #expect(r == [0, opaqueBlue, opaqueBlue, opaqueRed, opaqueRed, 0], "\(hex(r))")
}

@Test func pageCurlFromRightPixelsHalfWay() {
    // L = 100, R = 12.5, a = 0.5 · (100 + 12.5π) = 69.63. The page lifts off the right edge
    // (x = 150): the new content shows from 150 − (a − R) = 92.87 on, shadowed over half a radius
    // (to 99.12); the still-flat old page is left of 150 − a = 80.37; the part folded back over
    // it shows its back (red under a 70 % white veil: 255, 178, 178), magnified by the lift.
    let image = renderCard(transition(.pageCurl, .fromRight), at: 0.5)
    #expect(row(image, [120, 140, 149]) == [opaqueBlue, opaqueBlue, opaqueBlue])
    let shadowed = Golden.pixel(image, 97, 20)
    #expect(shadowed >> 24 == 0xFF && shadowed & 0xFF < 250 && shadowed & 0xFF > 150, "\(String(shadowed, radix: 16))")
    let back = Golden.pixel(image, 60, 20)
    let (r, g, b) = (Int(back >> 16 & 0xFF), Int(back >> 8 & 0xFF), Int(back & 0xFF))
    #expect(r == 255 && abs(g - 178) <= 2 && abs(b - 178) <= 2, "\(String(back, radix: 16))")
    // Nothing outside the card: the curl is clipped to the layer.
    #expect(row(image, [40, 49, 151, 190]) == [0, 0, 0, 0])
    // At the start the old page lies flat; at the end only the new content shows.
    #expect(row(renderCard(transition(.pageCurl, .fromRight), at: 0), [55, 100, 145]) == [opaqueRed, opaqueRed, opaqueRed])
    #expect(row(renderCard(transition(.pageCurl, .fromRight), at: 1), [55, 100, 145]) == [opaqueBlue, opaqueBlue, opaqueBlue])
    // Uncurl is the curl run backwards with the roles swapped: the new page comes down over the old.
    let un = renderCard(transition(.pageUnCurl, .fromRight), at: 0.5)
    #expect(row(un, [120, 140]) == [opaqueRed, opaqueRed])
    #expect(Golden.pixel(un, 70, 20) >> 8 & 0xFF > 150)   // the new page's back: blue under white
}

// MARK: Goldens

/// A 160 × 120 card: old look red with a yellow square top-left, new look blue with a green bar
/// at the bottom (so turns, mirroring and curls read at a glance), on a gray root of 240 × 180.
private func goldenScene(_ t: CATransition) -> CALayer {
    let root = CALayer(), card = CALayer(), mark = CALayer(), bar = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 240, height: 180)
    root.backgroundColor = CGColor(gray: 0.85, alpha: 1)
    card.frame = CGRect(x: 40, y: 30, width: 160, height: 120)
    card.backgroundColor = red
    mark.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
    mark.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    card.addSublayer(mark)
    root.addSublayer(card)
    CATransaction.commit()
    CATransaction.flush()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    card.add(t, forKey: kCATransition)
    card.backgroundColor = blue
    mark.removeFromSuperlayer()
    bar.frame = CGRect(x: 0, y: 100, width: 160, height: 20)
    bar.backgroundColor = CGColor(red: 0, green: 0.8, blue: 0, alpha: 1)
    card.addSublayer(bar)
    CATransaction.commit()
    return root
}

private func golden(_ type: CATransitionType, _ subtype: CATransitionSubtype?, at time: Double, named name: String) {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = goldenScene(transition(type, subtype))
        Golden.check(Golden.render(root, width: 240, height: 180, time: time, threads: 1), named: name)
    }
}

@Test func flipGoldens() {
    golden(.oglFlip, .fromLeft, at: 0.25, named: "transition-flip-left-025")
    golden(.oglFlip, .fromLeft, at: 0.5, named: "transition-flip-left-050")
    golden(.oglFlip, .fromLeft, at: 0.75, named: "transition-flip-left-075")
    golden(.oglFlip, .fromTop, at: 0.25, named: "transition-flip-top-025")
}

@Test func cubeGoldens() {
    golden(.cube, .fromRight, at: 0.35, named: "transition-cube-right-035")
    golden(.cube, .fromBottom, at: 0.5, named: "transition-cube-bottom-050")
}

@Test func curlGoldens() {
    golden(.pageCurl, .fromBottom, at: 0.25, named: "transition-curl-bottom-025")
    golden(.pageCurl, .fromBottom, at: 0.5, named: "transition-curl-bottom-050")
    golden(.pageCurl, .fromBottom, at: 0.75, named: "transition-curl-bottom-075")
    golden(.pageUnCurl, .fromRight, at: 0.4, named: "transition-uncurl-right-040")
}

@Test func transitionTypesSurviveHostileLayers() {
    // Zero-size, NaN-bounded and huge layers under every new type draw without trapping.
    for type in [CATransitionType.cube, .oglFlip, .pageCurl, .pageUnCurl] {
        for bounds in [CGRect.zero, CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), CGRect(x: 0, y: 0, width: 1e12, height: 1e12),
                       CGRect(x: 0, y: 0, width: 0.001, height: 50)] {
            CAMediaClock.withManualClock(startingAt: 0) { _ in
                let root = CALayer(), card = CALayer()
                _ = StrataDiagnostics.capture {
                    CATransaction.begin(); CATransaction.setDisableActions(true)
                    root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                    card.bounds = bounds
                    card.position = CGPoint(x: 10, y: 10)
                    card.backgroundColor = red
                    root.addSublayer(card)
                    CATransaction.commit()
                    CATransaction.flush()
                    CATransaction.begin(); CATransaction.setDisableActions(true)
                    card.add(transition(type, .fromTop), forKey: nil)
                    card.backgroundColor = blue
                    CATransaction.commit()
                    _ = Golden.render(root, width: 20, height: 20, time: 0.5, threads: 1)
                }
            }
        }
    }
}
