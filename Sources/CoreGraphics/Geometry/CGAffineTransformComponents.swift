import Foundation

/// An affine transform split into scale, horizontal shear, rotation and translation, applied in
/// that order (Apple's `CGAffineTransformComponents`, macOS 13 / iOS 16):
/// `M = scale · shear · rotation · translation` in the row-vector convention.
public struct CGAffineTransformComponents: Equatable, Sendable {
    /// The initial scaling (a negative width or height is a reflection).
    public var scale: CGSize
    /// The shear of x by y applied after scaling.
    public var horizontalShear: CGFloat
    /// The rotation in radians (counter-clockwise in a y-up space), after shearing.
    public var rotation: CGFloat
    /// The final translation.
    public var translation: CGVector

    /// Components of the identity by default, as Apple's initializer.
    public init(scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0,
                rotation: CGFloat = 0, translation: CGVector = .zero) {
        self.scale = scale
        self.horizontalShear = horizontalShear
        self.rotation = rotation
        self.translation = translation
    }
}

extension CGAffineTransform {
    /// The transform's scale, shear, rotation and translation (Apple's `decomposed()`).
    ///
    /// The x scale is never negative: a reflection shows as a negative y scale. A transform
    /// that collapses x (`a = b = 0`) gives rotation 0.
    public func decomposed() -> CGAffineTransformComponents {
        let sx = (a * a + b * b).squareRoot()
        let angle = sx == 0 ? 0 : atan2(b, a)
        let cosA = cos(angle), sinA = sin(angle)
        // Undo the rotation of the second row: (c, d)·Rᵀ = (sy·shear, sy).
        let sy = d * cosA - c * sinA
        let shearTimesSy = c * cosA + d * sinA
        let shear = sy == 0 ? 0 : shearTimesSy / sy
        return CGAffineTransformComponents(scale: CGSize(width: sx, height: sy), horizontalShear: shear,
                                           rotation: angle, translation: CGVector(dx: tx, dy: ty))
    }

    /// The transform made of `components` (Apple's `init(_:)` with components).
    public init(_ components: CGAffineTransformComponents) {
        let c = components
        let cosA = cos(c.rotation), sinA = sin(c.rotation)
        let sx = c.scale.width, sy = c.scale.height
        self.init(a: sx * cosA, b: sx * sinA,
                  c: sy * (c.horizontalShear * cosA - sinA), d: sy * (c.horizontalShear * sinA + cosA),
                  tx: c.translation.dx, ty: c.translation.dy)
    }
}
