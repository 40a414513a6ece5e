/// How colors outside a destination gamut are mapped, with Apple's raw values (Strata ignores it).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The default intent.
    case defaultIntent = 0
    /// Absolute colorimetric.
    case absoluteColorimetric = 1
    /// Relative colorimetric.
    case relativeColorimetric = 2
    /// Perceptual.
    case perceptual = 3
    /// Saturation.
    case saturation = 4
}
