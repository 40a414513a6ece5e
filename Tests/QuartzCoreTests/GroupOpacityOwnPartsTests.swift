import Testing
@testable import QuartzCore

// A translucent layer whose own parts overlap (background under contents) is one group at its
// opacity when `allowsGroupOpacity` (the default): the background does not show through the
// contents. Hand-computed: opacity 0.5 → scale round(0.5·255 + 0.5) = 128; over white,
// dst·(255 − 128)/255 = 127 per channel.

/// 40 × 40 texels: opaque blue, or (`clearCorners`) blue inside the disc of radius 18 and
/// transparent outside it.
private func blueImage(clearCorners: Bool = false) -> CGImage {
    let texels = (0..<1600).map { i -> UInt32 in
        let dx = Double(i % 40) + 0.5 - 20, dy = Double(i / 40) + 0.5 - 20
        return !clearCorners || dx * dx + dy * dy <= 18 * 18 ? 0xFF00_00FF : 0
    }
    return try! CGImage(width: 40, height: 40, premultipliedBGRA: texels)
}

private func scene(groupOpacity: Bool = true, transform: CATransform3D = CATransform3DIdentity,
                   cornerRadius: CGFloat = 0, image: CGImage = blueImage(), masksToBounds: Bool = false) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.backgroundColor = CGColor.white
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    layer.position = CGPoint(x: 50, y: 50)
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.contents = image
    layer.cornerRadius = cornerRadius
    layer.masksToBounds = masksToBounds
    layer.opacity = 0.5
    layer.allowsGroupOpacity = groupOpacity
    layer.transform = transform
    root.addSublayer(layer)
    return root
}

@Test(.manualClock) func translucentBackgroundAndContentsCompositeAsOneGroup() {
    let image = Golden.render(scene(), width: 100, height: 100)
    // Blue at 128 over white: (127, 127, 128 + 127).
    Golden.expectPixel(image, 50, 50, 0xFF7F_7FFF, "blue over white only: the red background is inside the group")
    Golden.expectPixel(image, 31, 31, 0xFF7F_7FFF, "near the corner too")
    Golden.expectPixel(image, 10, 10, 0xFFFF_FFFF, "outside")
}

@Test(.manualClock) func withoutGroupOpacityTheBackgroundShowsThroughTheContents() {
    let image = Golden.render(scene(groupOpacity: false), width: 100, height: 100)
    // Red at 128 over white: (255, 127, 127); then blue at 128: (127, 63, 128 + 63).
    Golden.expectPixel(image, 50, 50, 0xFF7F_3FBF, "red then blue, each at half opacity")
}

@Test(.manualClock) func magnifiedAndRotatedGroupsGiveTheSameInterior() {
    // Scale 2 takes the exact offscreen path (a cached texture would blur); a rotation takes the cache.
    for t in [CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 6, 0, 0, 1)] {
        let image = Golden.render(scene(transform: t), width: 100, height: 100)
        Golden.expectPixel(image, 50, 50, 0xFF7F_7FFF, tolerance: 1, "interior of \(t.m11)")
    }
}

@Test(.manualClock) func theGroupTextureIsRenderedOnceForAMovingLayer() {
    // Rounded corners with opaque contents beyond them: not a plain image over a colour, so
    // the group comes from the cache.
    let root = scene(cornerRadius: 8)
    let layer = root.sublayers![0]
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 30.0; move.toValue = 70.0; move.duration = 1
    layer.add(move, forKey: "move")
    CATransaction.flush()
    let renderer = CARenderer(width: 100, height: 100)
    renderer.layer = root
    for k in 0..<5 {
        renderer.beginFrame(atTime: CACurrentMediaTime() + Double(k) * 0.2)
        renderer.render()
        renderer.endFrame()
        #expect(renderer.lastFrameStatistics.didDraw)
    }
    #expect(renderer.contentCacheMisses == 1)
}

@Test(.manualClock) func contentsOverABackgroundNeedNoTextureOfTheirOwn() {
    // Contents transparent outside the rounded background: one fill of the image over the
    // colour, nothing cached. Hand-computed as above.
    let root = scene(cornerRadius: 10, image: blueImage(clearCorners: true))
    let renderer = CARenderer(width: 100, height: 100)
    renderer.layer = root
    renderer.beginFrame(atTime: CACurrentMediaTime())
    renderer.render()
    renderer.endFrame()
    #expect(renderer.contentCacheMisses == 0)
    #expect(renderer.lastFrameStatistics.commandCount == 2)   // the root, and the layer's one fill
    let image = renderer.makeImage()
    Golden.expectPixel(image, 50, 50, 0xFF7F_7FFF, "blue at half over white: the background stays under it")
    Golden.expectPixel(image, 31, 50, 0xFFFF_7F7F, "red at half where the contents are clear, inside the shape")
    Golden.expectPixel(image, 31, 31, 0xFFFF_FFFF, "outside the rounded corner: nothing")
}

@Test(.manualClock) func contentsReachingBeyondRoundedCornersStillShowThere() {
    // Opaque contents in the corners, outside the rounded background: the group keeps them
    // (through the cache), as Core Animation draws contents unclipped without masksToBounds.
    let root = scene(cornerRadius: 10)
    let renderer = CARenderer(width: 100, height: 100)
    renderer.layer = root
    renderer.beginFrame(atTime: CACurrentMediaTime())
    renderer.render()
    renderer.endFrame()
    #expect(renderer.contentCacheMisses == 1)
    let image = renderer.makeImage()
    Golden.expectPixel(image, 30, 30, 0xFF7F_7FFF, tolerance: 1, "the contents' corner texel, at half over white")
    Golden.expectPixel(image, 50, 50, 0xFF7F_7FFF, tolerance: 1, "interior")
    // With masksToBounds the corner is clipped, and the image-over-colour fill serves it.
    let masked = scene(cornerRadius: 10, masksToBounds: true)
    let clipped = Golden.render(masked, width: 100, height: 100)
    Golden.expectPixel(clipped, 30, 30, 0xFFFF_FFFF, "clipped away")
    Golden.expectPixel(clipped, 50, 50, 0xFF7F_7FFF, "interior")
}

/// A translucent group with sublayers is drawn offscreen over what its subtree draws, not over
/// the whole clip: a fading 40 × 40 card in a 400 × 300 window allocated and composited a
/// window-sized surface every frame (a to-do app's row fading in cost 30–100 ms a frame). A
/// sublayer reaching outside the card's bounds (not clipped) still shows.
@Test(.manualClock) func aTranslucentGroupWithSublayersIsDrawnOverItsSubtreesExtentOnly() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
    root.backgroundColor = CGColor.white
    let card = CALayer()
    card.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
    card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    card.opacity = 0.5
    let inside = CALayer()
    inside.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
    inside.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let overhang = CALayer()
    overhang.frame = CGRect(x: 30, y: 0, width: 30, height: 10)   // 20 points past the card's right edge
    overhang.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    card.addSublayer(inside)
    card.addSublayer(overhang)
    root.addSublayer(card)
    CATransaction.commit()
    let r = CARenderer(width: 400, height: 300)
    r.layer = root
    r.beginFrame(atTime: 0); r.render(); r.endFrame()
    let stats = r.lastFrameStatistics
    // The subtree spans x 100…160, y 100…140, plus a pixel of margin each side: 62 × 42.
    #expect(stats.offscreenPixels <= 62 * 42, "offscreen pixels \(stats.offscreenPixels)")
    let image = r.makeImage()
    // Blue at 128 over white inside the group (the red background is under it in the group).
    Golden.expectPixel(image, 120, 120, 0xFF7F_7FFF, "the inner sublayer")
    Golden.expectPixel(image, 105, 135, 0xFFFF_7F7F, "the card's red at half opacity")
    Golden.expectPixel(image, 155, 105, 0xFF7F_7FFF, "the overhanging sublayer, outside the card's bounds")
    Golden.expectPixel(image, 155, 115, 0xFFFF_FFFF, "below the overhang: nothing")
    Golden.expectPixel(image, 50, 50, 0xFFFF_FFFF, "far outside")
}
