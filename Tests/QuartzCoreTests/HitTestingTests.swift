import Testing
@testable import QuartzCore

private func square(_ x: CGFloat, _ y: CGFloat, _ s: CGFloat = 100) -> CALayer {
    let l = CALayer()
    l.bounds = CGRect(x: 0, y: 0, width: s, height: s)
    l.position = CGPoint(x: x, y: y)
    return l
}

@Test func lastSiblingWinsEvenWhenAnEarlierOneIsNearer() {
    let root = square(200, 200, 400)
    let near = square(200, 200), far = square(200, 200)
    near.zPosition = 100      // nearer to the eye
    far.zPosition = -100
    root.addSublayer(near)
    root.addSublayer(far)     // later in order: Apple's hitTest returns it
    #expect(root.hitTest(CGPoint(x: 200, y: 200)) === far)
}

@Test func hiddenSkippedMasksClipTransformLayersPassThrough() {
    let root = square(200, 200, 400)
    let a = square(100, 100), b = square(100, 100)
    root.addSublayer(a)
    root.addSublayer(b)
    b.isHidden = true
    #expect(root.hitTest(CGPoint(x: 100, y: 100)) === a)
    #expect(root.hitTest(CGPoint(x: 390, y: 390)) === root)
    #expect(root.hitTest(CGPoint(x: 500, y: 500)) == nil)

    let clip = square(300, 300)             // covers 250…350
    let overhang = square(100, 100)         // inside clip: 50…150 → root 300…400
    clip.addSublayer(overhang)
    root.addSublayer(clip)
    #expect(root.hitTest(CGPoint(x: 370, y: 370)) === overhang)
    clip.masksToBounds = true
    #expect(root.hitTest(CGPoint(x: 370, y: 370)) === root)

    let t = CATransformLayer()
    t.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
    t.position = CGPoint(x: 200, y: 200)
    let inside = square(50, 50, 20)
    t.addSublayer(inside)
    root.addSublayer(t)
    #expect(root.hitTest(CGPoint(x: 50, y: 50)) === inside)
    #expect(root.hitTest(CGPoint(x: 10, y: 390)) === root)  // the transform layer itself is never hit
}

@Test func backFacingSingleSidedLayerIsStillHit() {
    let root = square(200, 200, 400)
    let back = square(200, 200)
    back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    back.isDoubleSided = false
    root.addSublayer(back)
    #expect(root.hitTest(CGPoint(x: 220, y: 200)) === back)
}

@Test func hitTestThroughPerspectiveUsesTheProjectedShape() {
    let root = square(300, 300, 600)
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    root.sublayerTransform = p
    let face = square(300, 300, 200)
    face.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
    root.addSublayer(face)
    // Rotated 60° about y, the face spans about ±100·cos60°/(1 ± 100·sin60°/500) ≈ −59.8…+43.0.
    #expect(root.hitTest(CGPoint(x: 300 + 40, y: 300)) === face)
    #expect(root.hitTest(CGPoint(x: 300 + 50, y: 300)) === root)
    #expect(root.hitTest(CGPoint(x: 300 - 58, y: 300)) === face)
}
