/// A color space: how color components are interpreted.
///
/// Strata knows only gray and RGB spaces, each with either the sRGB transfer curve or a linear
/// one, with sRGB primaries or (Display P3) P3 primaries. Names are `String` where Apple has `CFString`; the values are Apple's.
/// Gray Gamma 2.2 and generic RGB are treated as sRGB-encoded when rendering.
public final class CGColorSpace: Equatable, Hashable, Sendable {
    /// The color space's name, e.g. `CGColorSpace.sRGB`.
    public let name: String?
    /// The family of the space.
    public let model: CGColorSpaceModel
    /// Whether components are linear light (else sRGB-encoded).
    package let isLinear: Bool
    /// Whether the primaries are Display P3's (else sRGB's).
    package var isDisplayP3: Bool { name == CGColorSpace.displayP3 }

    /// The number of color components, not counting alpha.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    /// The sRGB color space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The sRGB primaries with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Extended-range sRGB (components may leave 0...1).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// Gray with a gamma of 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray with a linear transfer function.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Generic RGB with a linear transfer function.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Display P3: the P3 primaries, D65 white and the sRGB transfer curve.
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Extended-range sRGB with a linear transfer function.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Extended-range gray with the sRGB curve.
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    package static let genericRGBName = "kCGColorSpaceGenericRGB"
    package static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    package static let deviceGrayName = "kCGColorSpaceDeviceGray"

    /// Creates the named color space, or `nil` for a name Strata does not know.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.genericRGBName,
             CGColorSpace.deviceRGBName, CGColorSpace.displayP3:
            self.init(name: name, model: .rgb, isLinear: false)
        case CGColorSpace.linearSRGB, CGColorSpace.genericRGBLinear, CGColorSpace.extendedLinearSRGB:
            self.init(name: name, model: .rgb, isLinear: true)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.deviceGrayName, CGColorSpace.extendedGray:
            self.init(name: name, model: .monochrome, isLinear: false)
        case CGColorSpace.linearGray:
            self.init(name: name, model: .monochrome, isLinear: true)
        default:
            return nil
        }
    }

    private init(name: String, model: CGColorSpaceModel, isLinear: Bool) {
        self.name = name
        self.model = model
        self.isLinear = isLinear
    }

    package static let srgbSpace = CGColorSpace(name: sRGB, model: .rgb, isLinear: false)
    package static let genericRGBSpace = CGColorSpace(name: genericRGBName, model: .rgb, isLinear: false)
    package static let genericGraySpace = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome, isLinear: false)
    package static let deviceRGBSpace = CGColorSpace(name: deviceRGBName, model: .rgb, isLinear: false)
    package static let deviceGraySpace = CGColorSpace(name: deviceGrayName, model: .monochrome, isLinear: false)

    /// Two spaces are equal when they have the same name.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model
    }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

/// The device-dependent RGB color space (treated as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.deviceRGBSpace }

/// The device-dependent gray color space (treated as sRGB-encoded gray).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.deviceGraySpace }
