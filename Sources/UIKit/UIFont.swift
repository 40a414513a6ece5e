import Foundation
import Raster

/// UIKit's font: a face found through fontconfig (by `CGFont`'s lookup) at a size in points.
///
/// Names are looked up as `CGFont(_:)` looks them up (family, PostScript or full name). Names of
/// fonts that every iOS device has but Linux usually lacks (Helvetica Neue, Avenir, Menlo,
/// Courier, Georgia, Times…) and that fontconfig does not know resolve to the closest installed
/// face of DejaVu Sans, Serif or Sans Mono with the weight and slant the name says (see
/// `AppleFontNames`); any other unknown name gives nil, as on iOS. The system font is DejaVu Sans.
///
/// Differs from Apple: `fontName` and `familyName` are those of the face drawn (the PostScript
/// name "DejaVuSans-Bold" for "HelveticaNeue-Bold"); no font descriptors, no Dynamic Type
/// scaling (`preferredFont(forTextStyle:)` gives the default Large sizes).
open class UIFont: NSObject, @unchecked Sendable {
    /// The Core Text font drawn (Strata: the same object `CATextLayer` and `CTLine` take).
    public let ctFont: CTFont
    /// The size in points.
    public let pointSize: CGFloat

    package init(face: FontFace?, size: CGFloat) {
        pointSize = size
        ctFont = CTFont(face: face, size: size)
        super.init()
    }

    /// The font named `fontName` at `fontSize` points, or nil when no installed font has that
    /// name and it is not one of the Apple font names Strata substitutes.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let size = UIFont.usableSize(fontSize, "UIFont(name: \"\(fontName.prefix(80))\", size: \(fontSize))")
        if let face = CGFont(fontName)?.face {
            self.init(face: face, size: size)
        } else if let face = AppleFontNames.substitute(for: fontName) {
            self.init(face: face, size: size)
        } else {
            return nil
        }
    }

    /// The system font (DejaVu Sans) at `fontSize` points, regular weight.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at `fontSize` points, in the installed face closest to `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let size = usableSize(fontSize, "UIFont.systemFont(ofSize: \(fontSize))")
        return UIFont(face: AppleFontNames.face(.sans, weight: weight.cssWeight, italic: false), size: size)
    }

    /// The bold system font at `fontSize` points.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The italic (oblique) system font at `fontSize` points.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        let size = usableSize(fontSize, "UIFont.italicSystemFont(ofSize: \(fontSize))")
        return UIFont(face: AppleFontNames.face(.sans, weight: 400, italic: true), size: size)
    }

    /// The monospaced system font (DejaVu Sans Mono) at `fontSize` points and `weight`.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let size = usableSize(fontSize, "UIFont.monospacedSystemFont(ofSize: \(fontSize))")
        return UIFont(face: AppleFontNames.face(.mono, weight: weight.cssWeight, italic: false), size: size)
    }

    /// The system font with digits of equal width: the system font (DejaVu's digits already are).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The system font at the size iOS uses for `style` at the default (Large) content size.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(face: ctFont.face, size: UIFont.usableSize(fontSize, "UIFont.withSize(\(fontSize))"))
    }

    /// The standard system font size: 14.
    public class var systemFontSize: CGFloat { 14 }
    /// The small system font size: 12.
    public class var smallSystemFontSize: CGFloat { 12 }
    /// The label font size: 17.
    public class var labelFontSize: CGFloat { 17 }
    /// The button font size: 18.
    public class var buttonFontSize: CGFloat { 18 }

    // MARK: Names and metrics

    /// The PostScript name of the face drawn ("DejaVuSans-Bold").
    open var fontName: String { ctFont.face?.postScriptName ?? "" }
    /// The family of the face drawn ("DejaVu Sans").
    open var familyName: String { ctFont.face?.familyName ?? "" }
    /// Points per font unit.
    private var unitScale: CGFloat { ctFont.face.map { pointSize / $0.unitsPerEm } ?? 0 }
    /// The top of the line above the baseline, in points (the face's hhea ascender).
    open var ascender: CGFloat { CGFloat(ctFont.face?.ascent ?? 0) * unitScale }
    /// The bottom of the line below the baseline, in points: negative, as on Apple.
    open var descender: CGFloat { -CGFloat(ctFont.face?.descent ?? 0) * unitScale }
    /// The line gap, in points.
    open var leading: CGFloat { CGFloat(ctFont.face?.leading ?? 0) * unitScale }
    /// The distance between baselines of consecutive lines: `ascender − descender + leading`,
    /// the line spacing Strata's text layout (and `CATextLayer`) uses.
    open var lineHeight: CGFloat { ascender - descender + leading }
    /// The height of capital letters above the baseline: the top of the "H" glyph.
    open var capHeight: CGFloat { inkTop(of: "H") }
    /// The height of lowercase letters above the baseline: the top of the "x" glyph.
    open var xHeight: CGFloat { inkTop(of: "x") }

    private func inkTop(of scalar: Unicode.Scalar) -> CGFloat {
        guard let face = ctFont.face else { return 0 }
        let glyph = face.glyph(for: scalar)
        guard glyph != 0, let box = face.outlines([glyph]).first?.controlBounds else { return 0 }
        return CGFloat(-box.min.y) * unitScale   // outlines are y down
    }

    /// Equal when the face and the size are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.ctFont.face === ctFont.face && other.pointSize == pointSize
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(ctFont.face.map(ObjectIdentifier.init))
        h.combine(pointSize)
        return h.finalize()
    }

    open override var description: String {
        "<UIFont> font-family: \"\(familyName)\"; font-name: \"\(fontName)\"; font-size: \(pointSize)"
    }

    /// `size` when positive and finite; otherwise 12 (as Core Text), with a message for anything
    /// but 0.
    static func usableSize(_ size: CGFloat, _ call: @autoclosure () -> String) -> CGFloat {
        if size > 0, size.isFinite { return size }
        if size != 0 { StrataDiagnostics.report("\(call()): not a positive finite size; using 12") }
        return 12
    }
}

extension UIFont {
    /// A font weight, as Apple's (−1 lightest … 1 heaviest).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The CSS/OpenType weight class (100…900) of the nearest named weight.
        var cssWeight: Int {
            let table: [(CGFloat, Int)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500),
                                           (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900)]
            guard rawValue.isFinite else { return 400 }
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// Dynamic Type text styles.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// iOS's sizes at the Large (default) content size; headline is semibold.
        var defaultSizeAndWeight: (CGFloat, UIFont.Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)
            }
        }
    }
}

/// `CATextLayer.font` and attributed strings drawn by Core Animation take a `UIFont` as they
/// take a `CTFont` (Apple bridges the two toll-free).
extension UIFont: CTFontConvertible {
    package var strataCTFont: CTFont { ctFont }
}
