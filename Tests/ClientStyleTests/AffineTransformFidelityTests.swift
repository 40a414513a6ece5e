// CATransform3DGetAffineTransform / CALayer.affineTransform() of a transform with no affine form
// is the identity, as on Apple (Apple's documentation leaves it undefined; Apple's framework and
// Apple-verified tests give the identity). CALayer.defaultValue(forKey:) is nil for bounds and
// position, as on Apple.
import QuartzCore
import Testing

@Test func affineTransformOfANonAffineTransformIsTheIdentity() {
    let scaled = CATransform3DMakeScale(2, 3, 4)
    #expect(!CATransform3DIsAffine(scaled))
    #expect(CATransform3DGetAffineTransform(scaled) == .identity)
    let tilted = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)
    #expect(CATransform3DGetAffineTransform(tilted) == .identity)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    #expect(CATransform3DGetAffineTransform(perspective) == .identity)

    let layer = CALayer()
    layer.transform = scaled
    #expect(layer.affineTransform() == .identity)
    layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    #expect(layer.affineTransform() == .identity)
}

@Test func affineTransformOfAnAffineTransformIsExact() {
    let t = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 4, 5, 0)
    #expect(CATransform3DGetAffineTransform(t) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 8, ty: 15))
    let layer = CALayer()
    layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(layer.affineTransform() == CGAffineTransform(rotationAngle: .pi / 2))
    // NaN entries: not equal to 1/0, so not affine, so the identity; never a trap.
    var bad = CATransform3DIdentity
    bad.m33 = .nan
    #expect(CATransform3DGetAffineTransform(bad) == .identity)
}

@Test func defaultValueOfBoundsAndPositionIsNil() {
    #expect(CALayer.defaultValue(forKey: "bounds") == nil)
    #expect(CALayer.defaultValue(forKey: "position") == nil)
    #expect(CAShapeLayer.defaultValue(forKey: "bounds") == nil)
    // Other keys keep their defaults (Apple's: opacity 1).
    #expect((CALayer.defaultValue(forKey: "opacity") as? NSNumber)?.floatValue == 1)
    #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
    // A fresh layer still has Apple's zero geometry.
    #expect(CALayer().bounds == .zero && CALayer().position == .zero)
}
