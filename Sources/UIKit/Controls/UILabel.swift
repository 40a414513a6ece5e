import Foundation

/// A view showing text, drawn through Strata's text layout (the one `CATextLayer` uses) from
/// its `draw(_:)`, centred vertically as on iOS.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The text (nil: none).
    open var text: String? { didSet { textDidChange() } }
    /// The font (the system font at 17 points by default).
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { textDidChange() } }
    /// The text colour (black by default here: iOS's `.label` in light mode).
    open var textColor: UIColor! = .black { didSet { setNeedsDisplay() } }
    /// The colour when `isHighlighted`.
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the highlighted colour is used.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    /// Horizontal alignment.
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// How lines break or truncate (tail truncation by default).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }
    /// Lines at most (0: as many as fit); 1 by default.
    open var numberOfLines = 1 { didSet { textDidChange() } }
    /// Styled text; setting it replaces `text`.
    open var attributedText: NSAttributedString? {
        get { _attributedText ?? text.map { NSAttributedString(string: $0, attributes: attributes) } }
        set { _attributedText = newValue; text = newValue?.string }
    }
    /// Whether the label is dimmed when disabled.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    private var _attributedText: NSAttributedString?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
        layer.needsDisplayOnBoundsChange = true
    }

    public required init?(coder: NSCoder) { return nil }

    private func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The attributes of plain `text`.
    private var attributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        // Several lines wrap by words; the truncation applies to a single line (Strata's text
        // layout truncates every line it breaks, so the last-line truncation of iOS is not kept).
        style.lineBreakMode = numberOfLines == 1 ? lineBreakMode : .byWordWrapping
        var color: UIColor = (isHighlighted ? highlightedTextColor : nil) ?? textColor ?? .black
        if !isEnabled { color = color.withAlphaComponent(0.44) }
        return [.font: font ?? .systemFont(ofSize: 17), .foregroundColor: color, .paragraphStyle: style]
    }

    /// The string drawn: `attributedText` as given, or `text` with the label's attributes (no
    /// `NSAttributedString` made for it: see `TextDrawing.Source`).
    private var drawnString: TextDrawing.Source? {
        if let a = _attributedText, a.string == text { return .attributed(a) }
        return text.map { .plain($0, attributes) }
    }

    /// The height `numberOfLines` lines take (infinite for 0).
    private var linesHeight: CGFloat {
        numberOfLines > 0 ? CGFloat(numberOfLines) * (font ?? .systemFont(ofSize: 17)).lineHeight : .greatestFiniteMagnitude
    }

    /// The rectangle the text takes within `bounds`, at most `numberOfLines` lines.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let s = drawnString, s.length > 0 else { return CGRect(origin: bounds.origin, size: .zero) }
        let maxHeight = min(bounds.height, numberOfLines > 0 ? linesHeight : bounds.height)
        let width = numberOfLines == 1 ? CGFloat.greatestFiniteMagnitude : bounds.width
        let r = TextDrawing.boundingRect(s, size: CGSize(width: width, height: .greatestFiniteMagnitude),
                                         options: .usesLineFragmentOrigin)
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(ceil(r.width), bounds.width), height: min(ceil(r.height), maxHeight))
    }

    /// Draws the text in `rect`.
    open func drawText(in rect: CGRect) {
        guard let s = drawnString else { return }
        TextDrawing.draw(s, at: nil, in: rect, options: .usesLineFragmentOrigin)
    }

    open override func draw(_ rect: CGRect) {
        let r = textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
        // Vertically centred, full width so alignment applies.
        let y = bounds.minY + (bounds.height - r.height) / 2
        drawText(in: CGRect(x: bounds.minX, y: y, width: bounds.width, height: r.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let s = drawnString, s.length > 0 else { return .zero }
        let width = numberOfLines == 1 || size.width <= 0 ? CGFloat.greatestFiniteMagnitude : size.width
        let r = TextDrawing.boundingRect(s, size: CGSize(width: width, height: .greatestFiniteMagnitude),
                                         options: .usesLineFragmentOrigin)
        return CGSize(width: ceil(r.width), height: ceil(min(r.height, linesHeight)))
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(CGSize(width: 0, height: 0)) }

    /// The intrinsic size changed (kept for Auto Layout compatibility; nothing to do here).
    open func invalidateIntrinsicContentSize() {}
}
