import Testing
@testable import QuartzCore

// A translucent layer whose own parts overlap (background under contents) is one group at its
// opacity when `allowsGroupOpacity` (the default): the background does not show through the
// contents. Hand-computed: opacity 0.5 → scale round(0.5·255 + 0.5) = 128; over white,
// dst·(255 − 128)/255 = 127 per channel.

private func scene(groupOpacity: Bool = true, transform: CATransform3D = CATransform3DIdentity) -> CALayer {
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
    layer.contents = try! CGImage(width: 40, height: 40, premultipliedBGRA: [UInt32](repeating: 0xFF00_00FF, count: 1600))
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
    let root = scene()
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
