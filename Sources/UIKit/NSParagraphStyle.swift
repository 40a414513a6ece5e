import Foundation

/// How lines of text are aligned (UIKit's values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// What happens to a line too long for its width (UIKit's values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The underline and strikethrough styles (the line patterns and `byWord` are stored; Strata
/// draws every style as one line, two for `double`, thicker for `thick`).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A paragraph's layout attributes, the value of `NSAttributedString.Key.paragraphStyle`.
///
/// Strata's text layout uses `alignment`, `lineBreakMode`, `lineSpacing` and `paragraphSpacing`
/// (between paragraphs); the others are stored.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    fileprivate(set) var _alignment: NSTextAlignment = .natural
    fileprivate(set) var _lineBreakMode: NSLineBreakMode = .byWordWrapping
    fileprivate(set) var _lineSpacing: CGFloat = 0
    fileprivate(set) var _paragraphSpacing: CGFloat = 0
    fileprivate(set) var _paragraphSpacingBefore: CGFloat = 0
    fileprivate(set) var _firstLineHeadIndent: CGFloat = 0
    fileprivate(set) var _headIndent: CGFloat = 0
    fileprivate(set) var _tailIndent: CGFloat = 0
    fileprivate(set) var _minimumLineHeight: CGFloat = 0
    fileprivate(set) var _maximumLineHeight: CGFloat = 0
    fileprivate(set) var _lineHeightMultiple: CGFloat = 0

    public override init() { super.init() }

    /// The default style: natural alignment, word wrapping, no extra spacing.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open var alignment: NSTextAlignment { _alignment }
    open var lineBreakMode: NSLineBreakMode { _lineBreakMode }
    open var lineSpacing: CGFloat { _lineSpacing }
    open var paragraphSpacing: CGFloat { _paragraphSpacing }
    open var paragraphSpacingBefore: CGFloat { _paragraphSpacingBefore }
    open var firstLineHeadIndent: CGFloat { _firstLineHeadIndent }
    open var headIndent: CGFloat { _headIndent }
    open var tailIndent: CGFloat { _tailIndent }
    open var minimumLineHeight: CGFloat { _minimumLineHeight }
    open var maximumLineHeight: CGFloat { _maximumLineHeight }
    open var lineHeightMultiple: CGFloat { _lineHeightMultiple }

    open func copy(with zone: NSZone? = nil) -> Any { fill(NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { fill(NSMutableParagraphStyle()) }

    private func fill<T: NSParagraphStyle>(_ c: T) -> T {
        c._alignment = _alignment
        c._lineBreakMode = _lineBreakMode
        c._lineSpacing = _lineSpacing
        c._paragraphSpacing = _paragraphSpacing
        c._paragraphSpacingBefore = _paragraphSpacingBefore
        c._firstLineHeadIndent = _firstLineHeadIndent
        c._headIndent = _headIndent
        c._tailIndent = _tailIndent
        c._minimumLineHeight = _minimumLineHeight
        c._maximumLineHeight = _maximumLineHeight
        c._lineHeightMultiple = _lineHeightMultiple
        return c
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? NSParagraphStyle else { return false }
        return o._alignment == _alignment && o._lineBreakMode == _lineBreakMode && o._lineSpacing == _lineSpacing
            && o._paragraphSpacing == _paragraphSpacing && o._paragraphSpacingBefore == _paragraphSpacingBefore
            && o._firstLineHeadIndent == _firstLineHeadIndent && o._headIndent == _headIndent && o._tailIndent == _tailIndent
            && o._minimumLineHeight == _minimumLineHeight && o._maximumLineHeight == _maximumLineHeight
            && o._lineHeightMultiple == _lineHeightMultiple
    }

    open override var hash: Int { _alignment.rawValue &* 31 &+ _lineBreakMode.rawValue }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { _alignment }
        set { _alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { _lineBreakMode }
        set { _lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { _lineSpacing }
        set { _lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { _paragraphSpacing }
        set { _paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { _paragraphSpacingBefore }
        set { _paragraphSpacingBefore = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { _firstLineHeadIndent }
        set { _firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { _headIndent }
        set { _headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { _tailIndent }
        set { _tailIndent = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { _minimumLineHeight }
        set { _minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { _maximumLineHeight }
        set { _maximumLineHeight = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { _lineHeightMultiple }
        set { _lineHeightMultiple = newValue }
    }
}

/// A shadow for text (`NSAttributedString.Key.shadow`); stored, not drawn by Strata's text.
open class NSShadow: NSObject, @unchecked Sendable {
    open var shadowOffset: CGSize = .zero
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor` (nil: black at 1/3 alpha).
    open var shadowColor: Any?
    public override init() { super.init() }
}

extension NSAttributedString.Key {
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A `UIColor` filling the text's line boxes behind the glyphs.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Extra space after each character, in points (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// Extra space after each character, in points (a number); drawn as `kern`.
    public static let tracking = NSAttributedString.Key("NSTracking")
    /// A `UIColor` for the glyph outlines (default: the foreground colour).
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The outline width in percent of the font size: positive strokes only, negative fills and
    /// strokes, 0 fills only.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// An `NSUnderlineStyle` raw value (a number).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` for the underline (default: the foreground colour).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `NSUnderlineStyle` raw value (a number) for a line through the text.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `UIColor` for the strikethrough (default: the foreground colour).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// An `NSShadow` (stored, not drawn).
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// Points to raise the baseline (a number).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// Ligature use (a number; Strata draws no ligatures).
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// A link (`URL` or `String`; drawn as plain text).
    public static let link = NSAttributedString.Key("NSLink")
    /// Skew (a number; stored, not drawn).
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// Horizontal stretch (a number; stored, not drawn).
    public static let expansion = NSAttributedString.Key("NSExpansion")
}

extension NSString {
    /// Options for `boundingRect(with:options:attributes:context:)`.
    public struct DrawingOptions: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let usesLineFragmentOrigin = DrawingOptions(rawValue: 1 << 0)
        public static let usesFontLeading = DrawingOptions(rawValue: 1 << 1)
        public static let usesDeviceMetrics = DrawingOptions(rawValue: 1 << 3)
        public static let truncatesLastVisibleLine = DrawingOptions(rawValue: 1 << 5)
    }
}

/// Extra parameters and results of string drawing (`minimumScaleFactor` is stored; Strata
/// never shrinks text, so `actualScaleFactor` stays 1).
open class NSStringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
    open private(set) var actualScaleFactor: CGFloat = 1
    open internal(set) var totalBounds: CGRect = .zero
    public override init() { super.init() }
}
