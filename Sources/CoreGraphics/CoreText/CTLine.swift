import Foundation

/// Core Foundation's attributed string type: `NSAttributedString` (toll-free bridged on Apple).
public typealias CFAttributedString = NSAttributedString

/// Apple's Core Text `CTLine`: one line of attributed text, laid out as `CATextLayer` lays it
/// out (same fonts, same advances).
///
/// Differs from Apple: pair kerning only (no ligatures or bidirectional text); line breaks in
/// the string do not break the line (as on Apple's `CTLine`) and measure as spaces.
public final class CTLine: @unchecked Sendable {
    package let layout: TextLayout

    package init(layout: TextLayout) { self.layout = layout }
}

/// A line of `attrString`, its fonts from `kCTFontAttributeName` / `NSAttributedString.Key.font`
/// (a `CTFont`, a `CGFont` or a font name; default DejaVu Sans 12).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let source = TextSource.attributedRuns(attrString, defaultSize: 12, defaultColor: CGColor.black)
    // One line: no wrapping, no width.
    let runs = source.runs.map { run in
        TextRun(scalars: run.scalars.map { TextLayout.isLineBreak($0) ? " " : $0 }, style: run.style)
    }
    let layout = TextLayout(runs: runs, styles: source.styles,
                            TextLayout.Parameters(width: .infinity, height: .infinity))
    return CTLine(layout: layout)
}

/// The line's typographic width (trailing spaces included), with its ascent, descent and
/// leading (the largest of its fonts') written where pointers are given.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let l = line.layout.lines.first
    ascent?.pointee = l?.ascent ?? 0
    descent?.pointee = l?.descent ?? 0
    leading?.pointee = l?.leading ?? 0
    return l?.advanceWidth ?? 0
}

/// Draws `line` with its origin (the left end of its baseline) at the context's `textPosition`,
/// its glyphs through the text matrix, in the text drawing mode: the same glyph outlines, fonts
/// and advances as `CATextLayer`. Runs without a colour attribute draw black, as on Apple.
///
/// Differs from Apple: the text position is not advanced past the line.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    guard !line.layout.lines.isEmpty else { return }
    context.drawText(line.layout, lines: [0], origins: [context.textPosition])
}

/// The number of glyphs in the line (one per Unicode scalar in Strata).
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.layout.lines.first?.glyphs.count ?? 0 }
