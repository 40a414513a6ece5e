import Foundation
import Testing
@testable import QuartzCore
@testable import Raster

// Cheap shadows: a shadow whose shape is known (a `shadowPath`, or an opaque layer's rounded
// bounds) is computed in closed form or from its path's hull, kept across frames, and needs no
// offscreen pass; a still subtree's shadow from its pixels is drawn once and kept.

private func spin(_ l: CALayer) {
    let a = CABasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = 0.0; a.toValue = 2 * Double.pi; a.duration = 1; a.repeatCount = .infinity
    l.add(a, forKey: "spin")
}

/// A white 200 × 220 root with a 100 × 140 card (corner 14, shadow radius 8, offset (3, 6),
/// opacity 0.5) whose background is opaque, or 0.999 opaque (the same pixels, but not known to
/// be opaque: its shadow then comes from its drawn alpha, blurred).
private func cardScene(nearlyOpaque: Bool = false, spinningChild: Bool = false) -> (root: CALayer, card: CALayer) {
    withoutActions {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 220)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 30, width: 100, height: 140)
        card.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.8, alpha: nearlyOpaque ? 0.999 : 1)
        card.cornerRadius = 14
        card.shadowOpacity = 0.5
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 3, height: 6)
        let child = CALayer()
        child.frame = CGRect(x: 30, y: 40, width: 40, height: 40)
        child.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
        if spinningChild { spin(child) }
        card.addSublayer(child)
        root.addSublayer(card)
        return (root, card)
    }
}

private func render(_ root: CALayer, width: Int = 200, height: Int = 220) -> (CGImage, CARenderer.FrameStatistics) {
    let r = CARenderer(width: width, height: height)
    r.layer = root
    r.beginFrame(atTime: 0); r.render(); r.endFrame()
    return (r.makeImage(), r.lastFrameStatistics)
}

private func worstDifference(_ a: CGImage, _ b: CGImage) -> Int {
    var worst = 0
    for y in 0..<a.height { for x in 0..<a.width { worst = max(worst, Golden.channelDifference(a.surface[x, y], b.surface[x, y])) } }
    return worst
}

@Test(.manualClock) func anOpaqueRoundedLayersShadowNeedsNoPassAndMatchesTheBlurredOne() {
    let (analytic, stats) = render(cardScene().root)
    #expect(stats.offscreenPixels == 0, "no offscreen surface: \(stats.offscreenPixels) pixels")
    #expect(stats.shadowsDrawn == 1)
    let (blurred, blurredStats) = render(cardScene(nearlyOpaque: true).root)
    #expect(blurredStats.offscreenPixels > 0, "the reference goes through the layer's alpha")
    // Closed form against three box passes: within 4 levels (the box passes only approximate a Gaussian).
    let worst = worstDifference(analytic, blurred)
    #expect(worst <= 4, "worst channel difference \(worst)")
    // The shadow shows below the card (offset 6, radius 8) and is gone 3σ + 6 below it.
    #expect(analytic.surface[100, 172] != 0xFFFF_FFFF)
    #expect(analytic.surface[100, 205] == 0xFFFF_FFFF)
}

@Test(.manualClock) func aShadowPathRoundedRectIsComputedAndMatchesItsHullBlurred() {
    func scene(hull: Bool) -> CALayer {
        withoutActions {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let l = CALayer()   // draws nothing itself
            l.frame = CGRect(x: 30, y: 20, width: 90, height: 70)
            l.shadowOpacity = 0.8
            l.shadowRadius = 5
            let path = CGMutablePath()
            path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 90, height: 70), cornerWidth: 16, cornerHeight: 16)
            // An extra point inside: the same hull, but no longer a rounded rect path.
            if hull { path.move(to: CGPoint(x: 45, y: 35)) }
            l.shadowPath = path
            root.addSublayer(l)
            return root
        }
    }
    let (analytic, stats) = render(scene(hull: false), width: 160, height: 120)
    let (hullImage, hullStats) = render(scene(hull: true), width: 160, height: 120)
    #expect(stats.offscreenPixels == 0 && hullStats.offscreenPixels == 0, "\(stats.offscreenPixels) \(hullStats.offscreenPixels)")
    #expect(stats.shadowsDrawn == 1 && hullStats.shadowsDrawn == 1)
    let worst = worstDifference(analytic, hullImage)
    #expect(worst <= 4, "worst channel difference \(worst)")
    // The middle: white under black at 0.8 → 51.
    #expect(analytic.surface[75, 55] == 0xFF33_3333)
}

@Test(.manualClock) func aLargeShadowIsItsColourTimesOpacityInsideNothingFarOutAndHalfAtTheEdge() {
    let root = withoutActions {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        l.frame = CGRect(x: 50, y: 50, width: 200, height: 200)
        l.shadowOpacity = 0.6
        l.shadowRadius = 10
        l.shadowOffset = .zero
        l.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        root.addSublayer(l)
        return root
    }
    let (image, _) = render(root, width: 300, height: 300)
    // Red at 0.6 over white: (255, 102, 102).
    Golden.expectPixel(image, 150, 150, 0xFFFF_6666, "the centre: colour × opacity")
    Golden.expectPixel(image, 5, 150, 0xFFFF_FFFF, "4.5σ outside: nothing")
    // The pixel just inside the left edge holds 0.52 of the shadow (Φ averaged over [50, 51]):
    // 255 − 0.6 · 0.52 · 255 = 175.4; the one just outside 0.48: 181.5.
    Golden.expectPixel(image, 50, 150, 0xFFFF_AFAF, tolerance: 1, "at the edge, inside")
    Golden.expectPixel(image, 49, 150, 0xFFFF_B5B5, tolerance: 1, "at the edge, outside")
}

@Test(.manualClock) func aCardsShadowIsComputedOnceWhileItsChildrenAnimate() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = cardScene(spinningChild: true)
        CATransaction.flush()
        let r = CARenderer(width: 200, height: 220)
        r.layer = s.root
        var drawn: [Int] = []
        for k in 0..<8 {
            let t = Double(k) / 60
            clock.set(t)
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            drawn.append(r.lastFrameStatistics.shadowsDrawn)
            #expect(r.lastFrameStatistics.offscreenPixels == 0, "frame \(k): \(r.lastFrameStatistics.offscreenPixels) offscreen pixels")
        }
        #expect(drawn == [1, 0, 0, 0, 0, 0, 0, 0], "shadows drawn per frame: \(drawn)")
        // Moved by whole pixels, the same mask serves. Off the pixel grid the region is a pixel
        // wider, so one more mask is made (on whole pixels, drawn at the fraction); every other
        // fraction then reuses it, as a layer animating by fractions does each frame.
        withoutActions { s.card.position.x += 7 }
        r.beginFrame(atTime: 8 / 60); r.render(); r.endFrame()
        #expect(r.lastFrameStatistics.shadowsDrawn == 0)
        withoutActions { s.card.position.x += 0.5 }
        r.beginFrame(atTime: 9 / 60); r.render(); r.endFrame()
        #expect(r.lastFrameStatistics.shadowsDrawn == 1)
        for (k, step) in [0.25, 0.125, 0.0625].enumerated() {
            withoutActions { s.card.position.x += step }
            r.beginFrame(atTime: Double(10 + k) / 60); r.render(); r.endFrame()
            #expect(r.lastFrameStatistics.shadowsDrawn == 0, "a move by \(step)")
        }
    }
}

/// A shadow drawn at a fraction of a pixel from a mask made on whole pixels matches the shadow
/// blurred from the layer's alpha where it is (within the 4 levels the box passes allow), and
/// moves with the layer: a card 0.37 px right and 0.61 px down differs from the unmoved one.
@Test(.manualClock) func aShadowAtAFractionOfAPixelMatchesTheBlurredOne() {
    func moved(_ scene: (root: CALayer, card: CALayer)) -> CALayer {
        withoutActions { scene.card.position.x += 0.37; scene.card.position.y += 0.61 }
        return scene.root
    }
    let (analytic, stats) = render(moved(cardScene()))
    #expect(stats.offscreenPixels == 0 && stats.shadowsDrawn == 1)
    let (blurred, _) = render(moved(cardScene(nearlyOpaque: true)))
    let worst = worstDifference(analytic, blurred)
    #expect(worst <= 4, "worst channel difference \(worst)")
    let (unmoved, _) = render(cardScene().root)
    #expect(worstDifference(analytic, unmoved) >= 2, "the shadow moved with the card")
}

/// A shadow drawn at a fraction of a pixel keeps damage redraws over it small: its map stays exact in
/// fixed point (the fraction in 256ths), so a redraw clips it anywhere, as at a whole-pixel
/// offset (at an arbitrary fraction a redraw took the shadow's whole columns: the app bench's
/// frames cost 1.5 x as much).
@Test(.manualClock) func aSpinnerOverAShadowAtAFractionRedrawsAsLittleAsOnWholePixels() {
    func redrawn(dx: CGFloat, dy: CGFloat) -> Int {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let s = cardScene()
            withoutActions {
                s.card.position.x += dx; s.card.position.y += dy
                // A small spinner over the shadow below the card (its damage meets the shadow).
                let spinner = CALayer()
                spinner.frame = CGRect(x: 64, y: 178, width: 10, height: 10)
                spinner.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 1)
                spin(spinner)
                s.root.addSublayer(spinner)
            }
            CATransaction.flush()
            let r = CARenderer(width: 200, height: 220)
            r.layer = s.root
            var last = 0
            for k in 0..<4 {
                clock.set(Double(k) / 60)
                r.beginFrame(atTime: Double(k) / 60); r.render(); r.endFrame()
                last = r.lastFrameStatistics.redrawnPixels
            }
            return last
        }
    }
    let whole = redrawn(dx: 0, dy: 0), fraction = redrawn(dx: 0.37, dy: 0.61)
    #expect(whole > 0)
    #expect(Double(fraction) <= 1.2 * Double(whole), "redrawn pixels: \(fraction) at a fraction, \(whole) on whole pixels")
}

/// A still layer whose shadow comes from its drawn alpha (a translucent background, a child
/// sticking out), beside a spinner.
private func stillShadowScene() -> (root: CALayer, shadowed: CALayer, child: CALayer) {
    withoutActions {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 20, y: 20, width: 90, height: 80)
        shadowed.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.6)
        shadowed.cornerRadius = 10
        shadowed.shadowOpacity = 0.7
        shadowed.shadowRadius = 6
        shadowed.shadowOffset = CGSize(width: 4, height: 5)
        let child = CALayer()
        child.frame = CGRect(x: 60, y: 50, width: 45, height: 40)   // reaches outside
        child.backgroundColor = CGColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 1)
        shadowed.addSublayer(child)
        root.addSublayer(shadowed)
        let spinner = CALayer()
        spinner.frame = CGRect(x: 150, y: 100, width: 30, height: 30)
        spinner.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        spin(spinner)
        root.addSublayer(spinner)
        return (root, shadowed, child)
    }
}

@Test(.manualClock) func aStillSubtreesBlurredShadowIsKeptWhileAnotherLayerAnimates() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = stillShadowScene()
        CATransaction.flush()
        let r = CARenderer(width: 200, height: 150)
        r.layer = s.root
        let full = CARenderer(width: 200, height: 150)
        full.redrawsDamageOnly = false
        full.layer = s.root
        for k in 0..<10 {
            let t = Double(k) / 60
            clock.set(t)
            for x in [r, full] { x.beginFrame(atTime: t); x.render(); x.endFrame() }
            let stats = r.lastFrameStatistics
            if k < 2 {
                // A commit's first frame keeps nothing; its second draws the shadow once more and keeps it.
                #expect(stats.shadowsDrawn == 1, "frame \(k)")
            } else {
                #expect(stats.shadowsDrawn == 0 && stats.offscreenPixels == 0,
                        "frame \(k): \(stats.shadowsDrawn) shadows drawn, \(stats.offscreenPixels) offscreen pixels")
                #expect(stats.keptCommandCount > 0)
            }
            #expect(worstDifference(r.makeImage(), full.makeImage()) == 0, "frame \(k): kept equals a full redraw")
        }
        // A change to the shadow's source (the child's colour; then the offset) draws it again.
        withoutActions { s.child.backgroundColor = CGColor(red: 0.1, green: 0.9, blue: 0.4, alpha: 0.5) }
        for k in 10..<13 {
            let t = Double(k) / 60
            clock.set(t)
            for x in [r, full] { x.beginFrame(atTime: t); x.render(); x.endFrame() }
            if k == 10 { #expect(r.lastFrameStatistics.shadowsDrawn == 1) }
            #expect(worstDifference(r.makeImage(), full.makeImage()) == 0, "frame \(k) after the change")
        }
        withoutActions { s.shadowed.shadowOffset = CGSize(width: -6, height: 2) }
        clock.set(13 / 60)
        for x in [r, full] { x.beginFrame(atTime: 13 / 60); x.render(); x.endFrame() }
        #expect(r.lastFrameStatistics.shadowsDrawn == 1)
        #expect(!r.lastFrameStatistics.damage.isEmpty)
        #expect(worstDifference(r.makeImage(), full.makeImage()) == 0, "after the offset changed")
    }
}

@Test(.manualClock) func aChangedCardShadowRedrawsExactlyWhereItChanged() {
    CAMediaClock.withManualClock(startingAt: 0) { clock in
        let s = cardScene(spinningChild: true)
        CATransaction.flush()
        let r = CARenderer(width: 200, height: 220)
        r.layer = s.root
        for k in 0..<3 { clock.set(Double(k) / 60); r.beginFrame(atTime: Double(k) / 60); r.render(); r.endFrame() }
        withoutActions { s.card.shadowRadius = 3; s.card.shadowOffset = CGSize(width: -4, height: 2) }
        clock.set(3 / 60)
        r.beginFrame(atTime: 3 / 60); r.render(); r.endFrame()
        #expect(r.lastFrameStatistics.shadowsDrawn == 1)
        let fresh = CARenderer(width: 200, height: 220)
        fresh.layer = s.root
        fresh.beginFrame(atTime: 3 / 60); fresh.render(); fresh.endFrame()
        #expect(worstDifference(r.makeImage(), fresh.makeImage()) == 0)
    }
}

@Test func roundedRectShadowPathsAreRecognisedAndOthersAreNot() {
    let rect = CGRect(x: 3, y: 4, width: 50, height: 30)
    let rr = DrawListBuilder.roundedRectShape(of: CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 8, transform: nil))
    #expect(rr == RoundedRect(minX: 3, minY: 4, maxX: 53, maxY: 34, cornerRadius: 8))
    #expect(DrawListBuilder.roundedRectShape(of: CGPath(rect: rect, transform: nil)) == RoundedRect(minX: 3, minY: 4, maxX: 53, maxY: 34))
    #expect(DrawListBuilder.roundedRectShape(of: CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 5, transform: nil)) == nil)
    #expect(DrawListBuilder.roundedRectShape(of: CGPath(ellipseIn: rect, transform: nil)) == nil)
    #expect(DrawListBuilder.roundedRectShape(of: CGMutablePath()) == nil)
    let nan = CGMutablePath()
    nan.addRoundedRect(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), cornerWidth: 2, cornerHeight: 2)
    #expect(DrawListBuilder.roundedRectShape(of: nan) == nil)
}

@Test(.manualClock) func hostileShadowsOfKnownShapesDrawWithoutCrashing() {
    for (radius, offset, scale) in [(CGFloat.nan, CGSize(width: 2, height: 2), 1.0), (.infinity, .zero, 1.0),
                                    (1e9, CGSize(width: 1e12, height: -1e12), 1.0), (5, .zero, 1e-9), (5, .zero, 1e6),
                                    (-3, CGSize(width: CGFloat.nan, height: 0), 1.0)] {
        let root = withoutActions {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let l = CALayer()
            l.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
            l.backgroundColor = CGColor(gray: 0, alpha: 1)
            l.cornerRadius = 1e300
            l.shadowOpacity = 1
            l.shadowRadius = radius
            l.shadowOffset = offset
            l.transform = CATransform3DMakeScale(scale, scale, 1)
            root.addSublayer(l)
            return root
        }
        _ = render(root, width: 60, height: 60)
    }
}

/// Where an opaque card covers its own shadow, the shadow is not drawn (issue #21: every
/// damaged pixel under a card paid for the shadow's mask first). The hole is whole pixels one
/// in from the rim, in the larger band the corners leave; the shadow is the bands around it.
@Test func anOpaqueCardsShadowLeavesOutThePixelsTheCardCovers() {
    let card = RoundedRect(minX: 50.25, minY: 30, maxX: 150.25, maxY: 170, cornerRadius: 14)
    // Wide band: y 44…156 inside, x 51…150 whole pixels, one in: x 52…149, y 45…155.
    // Tall band: x 64.25…136.25 → 66…135, y 31…169 → 66…135 × 31…169 (69 × 138 = 9,522 <
    // 97 × 110 = 10,670): the wide one.
    #expect(DrawListBuilder.opaqueInterior(of: card) == IntRect(x0: 52, y0: 45, x1: 149, y1: 155))
    #expect(DrawListBuilder.opaqueInterior(of: RoundedRect(minX: 0, minY: 0, maxX: 2.5, maxY: 40)) == nil)
    let region = IntRect(x0: 20, y0: 10, x1: 180, y1: 200)
    let bands = DrawListBuilder.bands(of: region, around: IntRect(x0: 52, y0: 45, x1: 149, y1: 155))
    #expect(bands == [IntRect(x0: 20, y0: 10, x1: 180, y1: 45), IntRect(x0: 20, y0: 155, x1: 180, y1: 200),
                      IntRect(x0: 20, y0: 45, x1: 52, y1: 155), IntRect(x0: 149, y0: 45, x1: 180, y1: 155)])
    #expect(bands.reduce(0) { $0 + $1.area } == region.area - 97 * 110)
    #expect(DrawListBuilder.bands(of: region, around: nil) == [region])
    #expect(DrawListBuilder.bands(of: region, around: IntRect(x0: 300, y0: 0, x1: 310, y1: 10)) == [region])
    // And the frame is the one drawn with the shadow under the card: inside the card the pixels
    // are exactly those of the card without a shadow; below it the shadow shows.
    let (image, _) = render(cardScene().root)
    let plainScene = cardScene()
    withoutActions { plainScene.card.shadowOpacity = 0 }
    let (plain, _) = render(plainScene.root)
    for y in 45..<155 { for x in 52..<149 where image.surface[x, y] != plain.surface[x, y] { Issue.record("(\(x), \(y))"); return } }
    #expect(image.surface[100, 172] != 0xFFFF_FFFF && plain.surface[100, 172] == 0xFFFF_FFFF)
}

/// A card turned in 3D hides its shadow too: the shadow, drawn through the card's plane, carries
/// the card's rounded bounds as its occluder (`Clip.occluder`), so its rows skip what the card
/// covers. Only an opaque card hides it: a translucent one, or a shadow path, shows it through.
@Test(.manualClock) func aTurnedOpaqueCardsShadowSkipsWhatTheCardCovers() {
    func shadowOccluder(_ change: (CALayer) -> Void) -> (shape: RoundedRect, deviceToLocal: Projective)?? {
        let scene = cardScene()
        withoutActions {
            var t = CATransform3DMakeRotation(0.6, 0, 1, 0)
            t.m34 = -1.0 / 500
            scene.card.transform = t
            change(scene.card)
        }
        let r = CARenderer(width: 200, height: 220)
        r.layer = scene.root
        let passes = r.prepareFrame(atTime: 0).passes
        // The shadow is the alpha-mask command of the framebuffer pass.
        let shadow = passes.last?.commands.first { if case .alphaMask = $0.paint { true } else { false } }
        return shadow.map { $0.clip.occluder }
    }
    let opaque = shadowOccluder { _ in }
    #expect(opaque??.shape == RoundedRect(minX: 0, minY: 0, maxX: 100, maxY: 140, cornerRadius: 14))
    #expect((shadowOccluder { $0.opacity = 0.9 } ?? nil) == nil)
    #expect((shadowOccluder { $0.shadowPath = CGPath(rect: $0.bounds, transform: nil) } ?? nil) == nil)
    // And the frame equals the card over its whole shadow wherever the card is: checked pixel
    // by pixel in Raster's OccluderTests; here, the card's middle shows the card's colour.
    let scene = cardScene()
    withoutActions { var t = CATransform3DMakeRotation(0.6, 0, 1, 0); t.m34 = -1.0 / 500; scene.card.transform = t }
    let (image, _) = render(scene.root)
    let plain = cardScene()
    withoutActions {
        var t = CATransform3DMakeRotation(0.6, 0, 1, 0); t.m34 = -1.0 / 500; plain.card.transform = t
        plain.card.shadowOpacity = 0
    }
    let (noShadow, _) = render(plain.root)
    #expect(image.surface[100, 60] == noShadow.surface[100, 60])
}
