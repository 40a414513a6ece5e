import Testing
@testable import QuartzCore

private func near(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps }
private func near(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= eps && abs(a.minY - b.minY) <= eps && abs(a.width - b.width) <= eps && abs(a.height - b.height) <= eps
}

@Test func frameDerivesFromPositionAnchorAndBounds() {
    let l = CALayer()
    l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    l.position = CGPoint(x: 200, y: 100)
    #expect(l.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
    l.anchorPoint = .zero
    #expect(l.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
    l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(l.position == CGPoint(x: 10, y: 20) && l.bounds.size == CGSize(width: 30, height: 40))
}

@Test func frameOfARotatedLayerIsItsBoundingBox() {
    let l = CALayer()
    l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    l.position = CGPoint(x: 100, y: 100)
    l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
    let half = 50 * 2.0.squareRoot()
    #expect(near(l.frame, CGRect(x: 100 - half, y: 100 - half, width: 2 * half, height: 2 * half)))
}

/// Under a translation or scale the frame set is the frame read back, so `frame = frame` and
/// `frame.origin.y += 10` on a translated layer (a row nudged sideways, then laid out again) do
/// not drift (they moved it by the translation each time).
@Test func frameSetUnderATranslationOrScaleReadsBackTheSame() {
    let l = CALayer()
    l.frame = CGRect(x: 20, y: 64, width: 300, height: 54)
    l.transform = CATransform3DMakeTranslation(12, 0, 0)
    #expect(l.frame == CGRect(x: 32, y: 64, width: 300, height: 54))
    for _ in 0..<3 { l.frame = l.frame }
    #expect(l.position == CGPoint(x: 170, y: 91))
    l.frame.origin.y = 128
    #expect(l.frame == CGRect(x: 32, y: 128, width: 300, height: 54))
    #expect(l.position == CGPoint(x: 170, y: 155))
    // Scaled 2 × and −0.5 × (a flip) about the anchor: the bounds are the frame over the scale.
    l.transform = CATransform3DMakeScale(2, -0.5, 1)
    l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    #expect(l.bounds.size == CGSize(width: 50, height: 200))
    #expect(near(l.frame, CGRect(x: 0, y: 0, width: 100, height: 100)))
    #expect(near(l.position, CGPoint(x: 50, y: 50)))
}

@Test func affineTransformRoundTrips() {
    let l = CALayer()
    l.setAffineTransform(CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
    #expect(l.transform.m11 == 2 && l.transform.m22 == 3 && l.transform.m41 == 4 && l.transform.m42 == 5)
    let t = l.affineTransform()
    #expect(t.a == 2 && t.d == 3 && t.tx == 4 && t.ty == 5)
}

@Test func convertThroughPositionAndBoundsOrigin() {
    let parent = CALayer(), child = CALayer()
    parent.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
    parent.position = CGPoint(x: 200, y: 200)
    child.bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
    child.position = CGPoint(x: 100, y: 100)
    parent.addSublayer(child)
    // Child's top-left (10, 10) sits at 100 − 50 = 50 in the parent.
    #expect(near(child.convert(CGPoint(x: 10, y: 10), to: parent), CGPoint(x: 50, y: 50)))
    #expect(near(parent.convert(CGPoint(x: 50, y: 50), to: child), CGPoint(x: 10, y: 10)))
    #expect(near(child.convert(CGRect(x: 10, y: 10, width: 20, height: 20), to: parent), CGRect(x: 50, y: 50, width: 20, height: 20)))
}

@Test func convertRoundTripsThroughPerspective() {
    let root = CALayer(), container = CALayer(), face = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 600, height: 600)
    root.position = CGPoint(x: 300, y: 300)
    container.bounds = root.bounds
    container.position = CGPoint(x: 300, y: 300)
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    container.sublayerTransform = p
    face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    face.position = CGPoint(x: 300, y: 300)
    face.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
    root.addSublayer(container)
    container.addSublayer(face)
    for q in [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 37, y: 151)] {
        let inRoot = face.convert(q, to: root)
        #expect(near(root.convert(inRoot, to: face), q, 1e-7))
    }
    // Hand-computed: the face's right edge (x = +100 from the anchor) rotated 45° about y goes to
    // (70.71, 0, −70.71); perspective divides by w = 1 + 70.71/500 = 1.14142; on screen
    // x = 300 + 70.71/1.14142 = 361.95.
    let edge = face.convert(CGPoint(x: 200, y: 100), to: root)
    #expect(abs(edge.x - (300 + 70.71067811865476 / 1.1414213562373094)) < 1e-9 && abs(edge.y - 300) < 1e-9)
}

@Test func pointBehindTheEyeIsNotConvertible() {
    let root = CALayer(), container = CALayer(), face = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.addSublayer(container)
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    container.sublayerTransform = p
    face.bounds = CGRect(x: 0, y: 0, width: 2000, height: 100)
    face.anchorPoint = CGPoint(x: 0, y: 0.5)
    face.transform = CATransform3DMakeRotation(-.pi / 2 + 0.1, 0, 1, 0) // swings towards the eye
    container.addSublayer(face)
    // A point far along the face passes behind the eye plane (w ≤ 0).
    #expect(face.convertIfPossible(CGPoint(x: 1900, y: 50), to: root) == nil)
    let nanPoint = face.convert(CGPoint(x: 1900, y: 50), to: root)
    #expect(nanPoint.x.isNaN)
}

@Test func geometryFlippedMeasuresSublayerPositionsFromTheBottom() {
    let parent = CALayer(), child = CALayer()
    parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    parent.position = CGPoint(x: 50, y: 50)
    child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    child.position = CGPoint(x: 20, y: 10)
    parent.addSublayer(child)
    #expect(child.convert(CGPoint(x: 5, y: 5), to: parent) == CGPoint(x: 20, y: 10))
    parent.isGeometryFlipped = true
    // Flipped about the parent's middle: y = 10 from the bottom is y = 90 from the top.
    let p = child.convert(CGPoint(x: 5, y: 5), to: parent)
    #expect(abs(p.x - 20) < 1e-12 && abs(p.y - 90) < 1e-12)
    #expect(parent.hitTest(CGPoint(x: 20, y: 90)) === child)
}
