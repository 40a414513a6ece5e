/// The family of a color space, with Apple's raw values.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown model.
    case unknown = -1
    /// One gray component.
    case monochrome = 0
    /// Red, green and blue components.
    case rgb = 1
    /// Cyan, magenta, yellow and black components (named only; Strata creates none).
    case cmyk = 2
    /// CIE L*a*b* (named only).
    case lab = 3
    /// DeviceN (named only).
    case deviceN = 4
    /// Indexed (named only).
    case indexed = 5
    /// Pattern (named only).
    case pattern = 6
    /// CIE XYZ (named only).
    case XYZ = 7
}
