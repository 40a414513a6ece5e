import Foundation

/// UIKit's colour: a `CGColor` with UIKit's initializers, named colours and component getters.
///
/// As on iOS 10 and later, RGB and white components are in the extended range (not clamped:
/// values outside 0...1 are outside the sRGB gamut) and alpha is clamped to 0...1. RGB colours
/// are in extended sRGB, white colours in extended gray; `init(displayP3Red:…)` keeps a Display
/// P3 colour, which `getRed` reports converted to extended sRGB, as Apple does.
///
/// Differs from Apple: a NaN or infinite component is stored as 0 (alpha NaN as 1), with a message
/// (Apple stores it and draws garbage); there are no dynamic (trait-dependent) colours, pattern
/// colours or asset-catalog colours: the semantic colours (`label`, `systemBackground`…) have
/// their light-mode values.
open class UIColor: NSObject, @unchecked Sendable {
    private let color: CGColor
    /// Extended sRGB red, green, blue and alpha (white expanded to three equal channels).
    private let srgb: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)
    /// Whether the colour was made from a white level (a gray colour space).
    private let isGray: Bool

    /// A colour from extended sRGB components; alpha is clamped to 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = UIColor.sanitized([red, green, blue], alpha: alpha, call: "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))")
        color = UIColor.make(UIColor.extendedSRGB, c)
        srgb = (c[0], c[1], c[2], c[3])
        isGray = false
        super.init()
    }

    /// A gray colour from an extended white level; alpha is clamped to 0...1.
    public init(white: CGFloat, alpha: CGFloat) {
        let c = UIColor.sanitized([white], alpha: alpha, call: "UIColor(white: \(white), alpha: \(alpha))")
        color = UIColor.make(UIColor.extendedGray, c)
        srgb = (c[0], c[0], c[0], c[1])
        isGray = true
        super.init()
    }

    /// A colour from hue, saturation and brightness (HSB, also called HSV) in sRGB. Hue wraps
    /// around (1 is red again, as 0), saturation and brightness are clamped to 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let c = UIColor.sanitized([hue, saturation, brightness], alpha: alpha,
                                  call: "UIColor(hue: \(hue), saturation: \(saturation), brightness: \(brightness), alpha: \(alpha))")
        let (r, g, b) = HSB.rgb(hue: c[0], saturation: c[1], brightness: c[2])
        self.init(red: r, green: g, blue: b, alpha: c[3])
    }

    /// A colour in the Display P3 space (Strata converts it to sRGB to draw it, as it does any
    /// P3 `CGColor`); `getRed` reports its extended sRGB components.
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = UIColor.sanitized([red, green, blue], alpha: alpha,
                                  call: "UIColor(displayP3Red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))")
        let p3 = UIColor.make(CGColorSpace(name: CGColorSpace.displayP3)!, c)
        color = p3
        let s = p3.converted(to: UIColor.extendedSRGB, intent: .defaultIntent, options: nil)?.components ?? c
        srgb = (s[0], s[1], s[2], c[3])
        isGray = false
        super.init()
    }

    /// The colour of a `CGColor` (any space Strata renders: RGB, gray, Display P3, linear).
    public init(cgColor: CGColor) {
        color = cgColor
        let space = cgColor.colorSpace
        let comps = cgColor.components ?? [0, 1]
        isGray = space?.model == .monochrome
        if isGray, space?.isLinear == false {
            srgb = (comps[0], comps[0], comps[0], comps[comps.count - 1])
        } else if space?.isLinear == false, space?.isDisplayP3 == false, comps.count == 4 {
            srgb = (comps[0], comps[1], comps[2], comps[3])
        } else {
            let s = cgColor.converted(to: UIColor.extendedSRGB, intent: .defaultIntent, options: nil)?.components
                ?? [0, 0, 0, cgColor.alpha]
            srgb = (s[0], s[1], s[2], s[3])
        }
        super.init()
    }

    /// The colour as a Core Graphics colour (extended sRGB, extended gray or the space it was
    /// made in).
    open var cgColor: CGColor { color }

    /// The same colour with alpha `alpha` (clamped to 0...1).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        let a = alpha.isNaN ? srgb.a : min(max(alpha, 0), 1)
        return UIColor(cgColor: color.copy(alpha: a) ?? color)
    }

    /// The extended sRGB components; always true (every colour converts to RGB).
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = srgb.r
        green?.pointee = srgb.g
        blue?.pointee = srgb.b
        alpha?.pointee = srgb.a
        return true
    }

    /// Hue (0..<1), saturation and brightness of the sRGB components; always true. A gray has hue
    /// and saturation 0.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b) = (srgb.r, srgb.g, srgb.b)
        let hi = max(r, g, b), lo = min(r, g, b), delta = hi - lo
        var h: CGFloat = 0
        if delta > 0 {
            if hi == r { h = (g - b) / delta } else if hi == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = hi > 0 ? delta / hi : 0
        brightness?.pointee = hi
        alpha?.pointee = srgb.a
        return true
    }

    /// The white level and alpha of a gray colour (made with `init(white:alpha:)`, a gray named
    /// colour or a gray `CGColor`): true. For an RGB colour the parameters are left unchanged
    /// and the result is false (as UIKit does for colours not in a compatible space).
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard isGray else { return false }
        white?.pointee = srgb.r
        alpha?.pointee = srgb.a
        return true
    }

    /// Makes this the fill colour of the current UIGraphics context (none: does nothing).
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(color) }
    /// Makes this the stroke colour of the current UIGraphics context (none: does nothing).
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(color) }
    /// Makes this both the fill and the stroke colour of the current UIGraphics context.
    open func set() {
        setFill()
        setStroke()
    }

    /// Equal when the colour spaces and components are equal (so `UIColor(white: 1, alpha: 1)`
    /// differs from `UIColor(red: 1, green: 1, blue: 1, alpha: 1)`, as on iOS).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return other === self || other.color == color
    }

    /// Consistent with `isEqual(_:)`.
    open override var hash: Int { color.hashValue }

    /// "UIExtendedSRGBColorSpace 1 0 0 1", "UIExtendedGrayColorSpace 0.5 1", as iOS prints them.
    open override var description: String {
        let name: String
        switch color.colorSpace?.name {
        case CGColorSpace.extendedSRGB?: name = "UIExtendedSRGBColorSpace"
        case CGColorSpace.extendedGray?: name = "UIExtendedGrayColorSpace"
        case CGColorSpace.displayP3?: name = "UIDisplayP3ColorSpace"
        case let other: name = other ?? "UnknownColorSpace"
        }
        let parts = (color.components ?? []).map { "\($0 == $0.rounded() ? String(Int($0)) : String(describing: $0))" }
        return ([name] + parts).joined(separator: " ")
    }

    // MARK: Helpers

    static let extendedSRGB = CGColorSpace(name: CGColorSpace.extendedSRGB)!
    static let extendedGray = CGColorSpace(name: CGColorSpace.extendedGray)!

    private static func make(_ space: CGColorSpace, _ components: [CGFloat]) -> CGColor {
        components.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!)! }
    }

    /// Components with NaN and infinities replaced by 0 (alpha NaN by 1) and alpha clamped, with
    /// one message for the call when anything was replaced.
    private static func sanitized(_ components: [CGFloat], alpha: CGFloat, call: String) -> [CGFloat] {
        var out = components.map { $0.isFinite ? $0 : 0 }
        let a: CGFloat = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
        if out != components || alpha.isNaN {
            StrataDiagnostics.report("\(call): a component is not a finite number; it is taken as \(alpha.isNaN ? "1 (alpha)" : "0")")
        }
        out.append(a)
        return out
    }

}

/// Attributed strings drawn by Core Animation (`CATextLayer.string`) take `UIColor`
/// foreground colours as they take `CGColor`s.
extension UIColor: CGColorConvertible {
    package var strataCGColor: CGColor { cgColor }
}
