/// How a layer's `contents` image is placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred, at its natural size (not scaled).
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Centred horizontally along the top edge, not scaled.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Centred horizontally along the bottom edge, not scaled.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Centred vertically along the left edge, not scaled.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Centred vertically along the right edge, not scaled.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// In the top-left corner, not scaled.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// In the top-right corner, not scaled.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// In the bottom-left corner, not scaled.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// In the bottom-right corner, not scaled.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretch to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scale keeping the aspect ratio, fitting inside the bounds.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scale keeping the aspect ratio, filling the bounds (may be clipped).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The filter used to scale `contents`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear interpolation (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel: hard edges, for pixel art.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear between mipmap levels when minifying on Apple; Strata has no mipmaps and samples as `.linear`.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
