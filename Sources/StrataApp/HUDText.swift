import QuartzCore

/// The HUD's lines as one string for a `CATextLayer`, and the size that shows them all,
/// measured with Core Text as the layer lays them out.
struct HUDText {
    /// A monospaced face, so that changing figures do not make the panel jitter.
    static let fontName = "DejaVu Sans Mono"
    static let fontSize: CGFloat = 13
    /// Space between the panel's edge and its text, in points.
    static let padding: CGFloat = 6

    let string: String
    let size: CGSize

    init(_ lines: [String]) {
        string = lines.joined(separator: "\n")
        let font = CTFontCreateWithName(Self.fontName as CFString, Self.fontSize, nil)
        var width: CGFloat = 0
        for line in lines {
            let measured = CTLineCreateWithAttributedString(NSAttributedString(string: line, attributes: [.font: font]))
            width = max(width, CGFloat(CTLineGetTypographicBounds(measured, nil, nil, nil)))
        }
        let lineHeight = CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)
        size = CGSize(width: width.rounded(.up), height: (lineHeight * CGFloat(max(1, lines.count))).rounded(.up))
    }
}
