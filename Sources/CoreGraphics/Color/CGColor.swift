/// An immutable color: components in a color space, alpha last.
///
/// As Apple, `CGColor(red:green:blue:alpha:)` is in generic RGB, `CGColor(gray:alpha:)` in
/// Gray Gamma 2.2 and the constants `black`, `white`, `clear` are gray. Strata renders every
/// non-linear space as sRGB.
public final class CGColor: Equatable, Hashable, Sendable {
    /// The color space of the components.
    public let colorSpace: CGColorSpace?
    /// The color components followed by alpha.
    public let components: [CGFloat]?

    private init(space: CGColorSpace, components: [CGFloat]) {
        self.colorSpace = space
        self.components = components
    }

    /// Creates a color in generic RGB.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.genericRGBSpace, components: [red, green, blue, alpha])
    }

    /// Creates a color in sRGB.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.srgbSpace, components: [red, green, blue, alpha])
    }

    /// Creates a gray color in Gray Gamma 2.2.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.genericGraySpace, components: [gray, alpha])
    }

    /// Creates a gray color in Gray Gamma 2.2.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Creates a color from `space.numberOfComponents + 1` components (alpha last).
    ///
    /// Returns `nil` for a space Strata cannot render (none today).
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let n = space.numberOfComponents + 1
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: n)))
    }

    /// Opaque black (gray 0).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white (gray 1).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black (gray 0, alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The number of components, alpha included.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The same color with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var c = components, let space = colorSpace else { return nil }
        c[c.count - 1] = alpha
        return CGColor(space: space, components: c)
    }

    /// Equal when the color spaces and all components are equal.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components
    }

    /// Hashes the space and components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }
}

extension CGColor {
    /// Straight (non-premultiplied) sRGB-encoded red, green, blue and alpha; gray expands to
    /// three equal channels, linear spaces are encoded with the sRGB curve. Not clamped.
    package var rgba: (r: Double, g: Double, b: Double, a: Double) {
        guard let c = components, let space = colorSpace else { return (0, 0, 0, 1) }
        let linear = space.isLinear
        func encode(_ v: Double) -> Double { linear ? CGColor.srgbEncode(v) : v }
        let a = Double(c[c.count - 1])
        if space.model == .monochrome {
            let g = encode(Double(c[0]))
            return (g, g, g, a)
        }
        return (encode(Double(c[0])), encode(Double(c[1])), encode(Double(c[2])), a)
    }

    /// The color as one premultiplied `0xAARRGGBB` pixel: components clamped to 0...1
    /// (NaN as 0), each channel `round(value · alpha · 255)`.
    package var premultipliedARGB32: UInt32 {
        let (r, g, b, a) = rgba
        let alpha = CGColor.clamp01(a)
        func channel(_ v: Double) -> UInt32 { UInt32((CGColor.clamp01(v) * alpha * 255).rounded()) }
        return UInt32((alpha * 255).rounded()) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
    }

    private static func clamp01(_ v: Double) -> Double {
        v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
    }

    /// The sRGB transfer function, linear light to encoded, odd-symmetric for extended values.
    private static func srgbEncode(_ v: Double) -> Double {
        let m = abs(v)
        let e = m <= 0.003_130_8 ? 12.92 * m : 1.055 * pow(m, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }
}
