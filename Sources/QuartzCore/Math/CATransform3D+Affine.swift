/// The 3D transform equal to an affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// The affine transform `t` represents, or the identity when `CATransform3DIsAffine(t)` is false.
///
/// Apple documents the result for a transform that is not affine as undefined; Apple's
/// implementation returns the identity (a scale with z ≠ 1, a rotation about x or y, any
/// perspective), and so does Strata, rather than a flattened copy of the x/y rows.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    guard CATransform3DIsAffine(t) else { return .identity }
    return CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D {
    /// The x/y rows and translation of the matrix whatever its other entries: the flattening
    /// `render(in:)` draws a 3D-transformed layer with (Apple's `render(in:)` ignores 3D too).
    package var flattenedAffine: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
