import Foundation

/// Apple's Core Text `CTFramesetter`: lays an attributed string out into frames (wrapped lines
/// in a shape), with the same fonts, advances and line breaking as a wrapped `CATextLayer`.
public final class CTFramesetter: @unchecked Sendable {
    package let string: NSAttributedString

    package init(string: NSAttributedString) { self.string = string }

    /// The runs of `range` (length 0: to the end; clamped to the string).
    package func runs(in range: CFRange) -> (runs: [TextRun], styles: [TextStyle], range: CFRange) {
        let length = string.length
        let lo = max(0, min(range.location, length))
        let hi = range.length <= 0 ? length : max(lo, min(length, lo &+ min(range.length, length)))
        let sub = string.attributedSubstring(from: NSRange(location: lo, length: hi - lo))
        let source = TextSource.attributedRuns(sub, defaultSize: 12, defaultColor: CGColor.black)
        return (source.runs, source.styles, CFRange(location: lo, length: hi - lo))
    }
}

/// Apple's Core Text `CTFrame`: the lines of a framesetter's string that fit in a path.
///
/// Differs from Apple: the lines fill the path's bounding box (a path that is not a rectangle
/// wraps as its bounds); no frame attributes (progression, fill rule) are read; paragraph styles
/// (alignment, line spacing) are not read, lines are left-aligned.
public final class CTFrame: @unchecked Sendable {
    package let layout: TextLayout
    /// The lines that fit (a prefix of the layout's).
    package let visibleLineCount: Int
    /// The path's bounding box.
    package let box: CGRect
    package let path: CGPath
    package let stringRange: CFRange

    package init(layout: TextLayout, visibleLineCount: Int, box: CGRect, path: CGPath, stringRange: CFRange) {
        self.layout = layout
        self.visibleLineCount = visibleLineCount
        self.box = box
        self.path = path
        self.stringRange = stringRange
    }

    /// Line `i`'s origin relative to the box's origin (y up, the first line at the top).
    package func lineOrigin(_ i: Int) -> CGPoint {
        let l = layout.lines[i]
        return CGPoint(x: l.x, y: Double(box.height) - l.baseline)
    }
}

/// A framesetter for `attrString` (fonts and colours read as `CTLineCreateWithAttributedString` does).
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    // `copy()`: an immutable string is kept as it is (Foundation on Linux never frees an
    // attributed string's attribute storage, so each needless copy would stay for good).
    CTFramesetter(string: attrString.copy() as? NSAttributedString ?? NSAttributedString(attributedString: attrString))
}

/// Lays `stringRange` of the string (length 0: all of it) out in `path`'s bounding box: lines
/// wrap at spaces to its width, and those whose descent fits in its height are in the frame.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    let box = path.boundingBoxOfPath.standardized
    let finite = !box.isNull && [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite)
    let size = finite ? box.size : .zero
    let (runs, styles, range) = framesetter.runs(in: stringRange)
    let layout = TextLayout(runs: runs, styles: styles,
                            TextLayout.Parameters(width: Double(size.width), height: Double(size.height), wrapped: true))
    let visible = layout.lines.prefix { $0.baseline + $0.descent <= Double(size.height) + 1e-9 }.count
    return CTFrame(layout: layout, visibleLineCount: visible, box: finite ? box : .zero, path: path, stringRange: range)
}

/// The size the text of `stringRange` needs when wrapped to `constraints.width` (its height
/// at most `constraints.height`, a non-positive or infinite constraint meaning none).
///
/// Differs from Apple: `fitRange` gets the whole requested range even when lines were cut.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: CFDictionary?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let width = constraints.width.isFinite && constraints.width > 0 ? Double(constraints.width) : .infinity
    let (runs, styles, range) = framesetter.runs(in: stringRange)
    let layout = TextLayout(runs: runs, styles: styles, TextLayout.Parameters(width: width, height: .infinity, wrapped: true))
    let limit = constraints.height.isFinite && constraints.height > 0 ? Double(constraints.height) : .infinity
    let shown = layout.lines.prefix { $0.baseline + $0.descent <= limit + 1e-9 }
    fitRange?.pointee = range
    let w = shown.map(\.width).max() ?? 0
    return CGSize(width: w, height: shown.last.map { $0.baseline + $0.descent } ?? 0)
}

/// Draws the frame's lines, each at its origin (from the path's bounding box, the first at the
/// top, in a y-up user space as on Apple), through the text matrix's linear part, in the text
/// drawing mode.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let lines = Array(0..<frame.visibleLineCount)
    let origins = lines.map { i -> CGPoint in
        let o = frame.lineOrigin(i)
        return CGPoint(x: frame.box.minX + o.x, y: frame.box.minY + o.y)
    }
    context.drawText(frame.layout, lines: lines, origins: origins)
}

/// The frame's path.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// The range of the string the frame was asked to lay out.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The origins of lines `range` (length 0: all), relative to the path's bounding box (y up),
/// written to `origins`, which must have room for them.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let n = frame.visibleLineCount
    let lo = max(0, min(range.location, n))
    let hi = range.length <= 0 ? n : min(n, lo + range.length)
    for (k, i) in (lo..<hi).enumerated() { origins[k] = frame.lineOrigin(i) }
}

/// The frame's lines, first to last, each a `CTLine` (Apple returns a `CFArray` of them; the
/// usual `as! [CTLine]` cast compiles against this too).
public func CTFrameGetLines(_ frame: CTFrame) -> [CTLine] {
    (0..<frame.visibleLineCount).map { i in
        var one = frame.layout
        var line = one.lines[i]
        line.baseline = 0
        line.x = 0
        one.lines = [line]
        return CTLine(layout: one)
    }
}
