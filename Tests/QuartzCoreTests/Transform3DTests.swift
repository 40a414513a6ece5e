import Testing
@testable import QuartzCore

private func close(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }
private func close(_ a: CATransform3D, _ b: CATransform3D, _ eps: CGFloat = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= eps }
}
private func map(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat = 0) -> (CGFloat, CGFloat, CGFloat) {
    let p = t.apply(x: x, y: y, z: z)
    return (p.x / p.w, p.y / p.w, p.z / p.w)
}

@Test func defaultInitIsZeroAndIdentityIsIdentity() {
    #expect(CATransform3D().entries == [CGFloat](repeating: 0, count: 16))
    #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(!CATransform3DIsIdentity(CATransform3D()))
    #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 1), CATransform3DIdentity))
}

@Test func rotationAboutZMapsXToY() {
    let (x, y, _) = map(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1, 0)
    #expect(close(x, 0) && close(y, 1))
}

@Test func rotationAxisNeedNotBeNormalised() {
    #expect(close(CATransform3DMakeRotation(0.7, 0, 0, 5), CATransform3DMakeRotation(0.7, 0, 0, 1)))
    // About y by 90°: x goes to −z (m13 = −sin), z goes to x (m31 = sin).
    let r = CATransform3DMakeRotation(.pi / 2, 0, 3, 0)
    let (x, _, z) = map(r, 1, 0, 0)
    #expect(close(x, 0) && close(z, -1))
    let (x2, _, z2) = map(r, 0, 0, 1)
    #expect(close(x2, 1) && close(z2, 0))
}

@Test func zeroAxisLeavesTransformUnchanged() {
    let t = CATransform3DMakeTranslation(3, 4, 5)
    #expect(CATransform3DRotate(t, 1, 0, 0, 0) == t)
}

@Test func translateScaleRotatePreMultiply() {
    // The new operation acts first, in the local space: scale 2 then translate 10 → x = 1 maps to 12.
    let t = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)
    #expect(close(map(t, 1, 0).0, 12))
    let u = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
    #expect(close(map(u, 1, 0).0, 22))
    let v = CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 0, 1)
    let (x, y, _) = map(v, 1, 0)
    #expect(close(x, 100) && close(y, 1))
}

@Test func concatIsAThenB() {
    let a = CATransform3DMakeScale(2, 2, 2)
    let b = CATransform3DMakeTranslation(5, 0, 0)
    #expect(close(map(CATransform3DConcat(a, b), 1, 0).0, 7))
    #expect(close(map(CATransform3DConcat(b, a), 1, 0).0, 12))
}

@Test func bookCompoundTransformMovesPointAsTheBookSays() {
    // Seed 001 listing 5.2: scale 0.5, rotate 30°, translate 200 along the *rotated, scaled* x axis.
    var t = CATransform3DIdentity
    t = CATransform3DScale(t, 0.5, 0.5, 1)
    t = CATransform3DRotate(t, .pi / 6, 0, 0, 1)
    t = CATransform3DTranslate(t, 200, 0, 0)
    // The origin moves by 200 along x, then rotated by 30° and scaled by 0.5:
    // (100·cos30°, 100·sin30°) = (86.6025…, 50).
    let (x, y, _) = map(t, 0, 0)
    #expect(close(x, 86.60254037844386, 1e-9) && close(y, 50, 1e-9))
}

@Test func invertRoundTripsAndReturnsSingularUnchanged() {
    var t = CATransform3DMakeRotation(0.3, 1, 2, 3)
    t = CATransform3DTranslate(t, 4, -5, 6)
    t.m34 = -1.0 / 500
    #expect(close(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity, 1e-12))
    let singular = CATransform3DMakeScale(1, 0, 1)
    #expect(CATransform3DInvert(singular) == singular)
    #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
}

@Test func isAffine() {
    #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, 1)))
    #expect(CATransform3DIsAffine(CATransform3DMakeTranslation(1, 2, 0)))
    #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(1, 2, 3)))
    #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 1, 0)))
    var p = CATransform3DIdentity; p.m34 = -0.002
    #expect(!CATransform3DIsAffine(p))
}

@Test func perspectiveShrinksFarPoints() {
    // m34 = −1/500: a point at z = −500 (away from the eye) is drawn at half its distance from the centre.
    var p = CATransform3DIdentity; p.m34 = -1.0 / 500
    let (x, y, _) = map(p, 100, 50, -500)
    #expect(close(x, 50) && close(y, 25))
}

@Test func decompositionRoundTrips() {
    var t = CATransform3DMakeScale(2, 3, 0.5)
    t = CATransform3DRotate(t, 0.9, 1, -2, 0.5)
    t = CATransform3DConcat(t, CATransform3DMakeTranslation(10, -20, 30))
    var p = CATransform3DIdentity; p.m34 = -1.0 / 500
    let cases = [t, CATransform3DConcat(t, p), CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeRotation(3.0, 0, 0, 1)]
    for m in cases {
        let d = try! #require(m.decomposed())
        // The decomposition normalises by m44 (the same projective map).
        let normalised = CATransform3D(entries: m.entries.map { $0 / m.m44 })
        #expect(close(CATransform3D(d), normalised, 1e-9), "\(m)")
    }
    #expect(CATransform3DMakeScale(0, 1, 1).decomposed() == nil)
    let d = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).decomposed()!
    #expect(close(d.quaternion.z, sin(CGFloat.pi / 4)) && close(d.quaternion.w, cos(CGFloat.pi / 4)))
}

@Test func interpolationTakesTheShortestRotation() {
    // From +170° to −170° about z: the short way passes through 180°, not through 0°.
    let a = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1)
    let b = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
    let mid = CATransform3D.interpolated(from: a, to: b, fraction: 0.5)
    #expect(close(mid, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-9))
    let s = CATransform3D.interpolated(from: CATransform3DMakeScale(1, 1, 1), to: CATransform3DMakeScale(3, 5, 1), fraction: 0.25)
    #expect(close(s, CATransform3DMakeScale(1.5, 2, 1)))
    let tr = CATransform3D.interpolated(from: CATransform3DIdentity, to: CATransform3DMakeTranslation(100, 0, 0), fraction: 0.3)
    #expect(close(tr, CATransform3DMakeTranslation(30, 0, 0)))
}
