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

    /// A copy of the color (Apple's `copy()`; colors are immutable, so it equals `self`).
    public func copy() -> CGColor? {
        guard let c = components, let space = colorSpace else { return nil }
        return CGColor(space: space, components: c)
    }

    /// The color in `space` (Apple's `converted(to:intent:options:)`), through linear-light
    /// sRGB-primaries RGB: gray expands to three equal channels, RGB to gray takes the Rec. 709
    /// luminance, Display P3 converts with its primaries. Values out of the target gamut are
    /// kept (extended range), whatever `intent`; `options` is ignored.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent,
                          options: CFDictionary?) -> CGColor? {
        guard let c = components, let from = colorSpace, !c.isEmpty else { return nil }
        let a = c[c.count - 1]
        var (r, g, b) = linearSRGB(of: c, in: from)
        if space.model == .monochrome {
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let v = space.isLinear ? y : CGColor.srgbEncodeExtended(y)
            return CGColor(space: space, components: [CGFloat(v), a])
        }
        if space.isDisplayP3 {
            (r, g, b) = (0.822_462_1 * r + 0.177_538_0 * g,
                         0.033_194_2 * r + 0.966_805_8 * g,
                         0.017_082_7 * r + 0.072_397_4 * g + 0.910_519_9 * b)
        }
        let linear = space.isLinear
        func encode(_ v: Double) -> Double { linear ? v : CGColor.srgbEncodeExtended(v) }
        return CGColor(space: space, components: [CGFloat(encode(r)), CGFloat(encode(g)), CGFloat(encode(b)), a])
    }

    /// Linear-light red, green, blue with sRGB primaries.
    private func linearSRGB(of c: [CGFloat], in space: CGColorSpace) -> (Double, Double, Double) {
        let linear = space.isLinear
        func decode(_ v: Double) -> Double { linear ? v : CGColor.srgbDecodeExtended(v) }
        if space.model == .monochrome {
            let v = decode(Double(c[0]))
            return (v, v, v)
        }
        let r = decode(Double(c[0])), g = decode(Double(c[1])), b = decode(Double(c[2]))
        guard space.isDisplayP3 else { return (r, g, b) }
        return (1.224_940_1 * r - 0.224_940_4 * g,
                -0.042_056_9 * r + 1.042_057_1 * g,
                -0.019_637_6 * r - 0.078_636_1 * g + 1.098_273_5 * b)
    }

    /// The sRGB curve, encoded to linear, odd-symmetric for extended values.
    package static func srgbDecodeExtended(_ v: Double) -> Double {
        let m = abs(v)
        let l = m <= 0.040_45 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// The sRGB curve, linear to encoded, odd-symmetric for extended values.
    package static func srgbEncodeExtended(_ v: Double) -> Double {
        let m = abs(v)
        let e = m <= 0.003_130_8 ? 12.92 * m : 1.055 * pow(m, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

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
        if space.isDisplayP3, let srgb = converted(to: CGColorSpace.srgbSpace, intent: .defaultIntent, options: nil),
           let s = srgb.components {
            return (Double(s[0]), Double(s[1]), Double(s[2]), Double(s[3]))
        }
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
