import Foundation
import Raster

/// String drawing (`NSString`/`String`/`NSAttributedString` `draw(at:)`, `draw(in:)`,
/// `size(withAttributes:)`, `boundingRect`) through Strata's text layout, the one `CATextLayer`
/// and `CTLine` use: same fonts, advances, kerning, wrapping, truncation and alignment.
///
/// Attributes drawn: `.font` (`UIFont`, or what `CATextLayer` takes), `.foregroundColor`
/// (`UIColor` or `CGColor`), `.backgroundColor`, `.paragraphStyle` (alignment, line break mode,
/// line spacing), `.kern`, `.strokeColor`/`.strokeWidth`, `.underlineStyle`/
/// `.strikethroughStyle` and their colours, `.baselineOffset`. The default font is the system
/// font at 12 points, the default colour black, as in UIKit.
///
/// Differs from Apple: one paragraph style for the whole string (the first run's); `paragraphSpacing`
/// and indents are stored but not laid out; kerning shifts glyphs after the lines are broken (a kerned line may
/// overflow its width); lines that do not fit in the rect's height are clipped, not dropped;
/// no shadows, ligatures or attachments.
struct TextDrawing {
    /// What is laid out: an attributed string's runs, or a plain string with one set of
    /// attributes. Plain strings never become an `NSAttributedString`: Foundation on Linux never
    /// frees one's attribute storage (its run array), so a label showing new text every frame
    /// grew by about 1 KB a frame.
    enum Source {
        case attributed(NSAttributedString)
        case plain(String, [NSAttributedString.Key: Any]?)

        /// The UTF-16 length.
        var length: Int {
            switch self {
            case .attributed(let a): a.length
            case .plain(let s, _): s.utf16.count
            }
        }

        var string: String {
            switch self {
            case .attributed(let a): a.string
            case .plain(let s, _): s
            }
        }

        /// Calls `body` with each run's attributes and range within the first `length` units.
        func enumerateRuns(length: Int, _ body: ([NSAttributedString.Key: Any], NSRange) -> Void) {
            switch self {
            case .attributed(let a):
                a.enumerateAttributes(in: NSRange(location: 0, length: length)) { attributes, range, _ in body(attributes, range) }
            case .plain(_, let attributes):
                body(attributes ?? [:], NSRange(location: 0, length: length))
            }
        }
    }

    /// One attribute run's drawing attributes beyond font and colour (index = style index).
    struct Decoration {
        var background: CGColor?
        var kern: Double = 0
        var strokeColor: CGColor?
        var strokeWidth: Double = 0
        var underline: (Int, CGColor?)?
        var strikethrough: (Int, CGColor?)?
        var baselineOffset: Double = 0
    }

    let layout: TextLayout
    let decorations: [Decoration]
    /// The first run's paragraph style (TextKit too takes a paragraph's style from its first character).
    let paragraph: NSParagraphStyle
    /// Each line's baseline after line and paragraph spacing.
    let baselines: [Double]

    static let defaultFontSize: CGFloat = 12

    /// Lays `string` out within `width` (infinite: one line per paragraph, alignment ignored).
    init(_ string: Source, width: CGFloat, height: CGFloat, options: NSString.DrawingOptions = .usesLineFragmentOrigin) {
        var runs: [TextRun] = []
        var styles: [TextStyle] = []
        var decorations: [Decoration] = []
        var firstParagraph: NSParagraphStyle?
        let length = min(string.length, TextLayout.maximumScalars * 2)
        let units = Array(string.string.utf16.prefix(length))
        if length > 0 {
            string.enumerateRuns(length: length) { attributes, range in
                guard let (style, decoration) = Self.style(attributes) else { return }
                if firstParagraph == nil { firstParagraph = attributes[.paragraphStyle] as? NSParagraphStyle }
                let lo = max(0, min(range.location, units.count)), hi = max(lo, min(range.location + range.length, units.count))
                let text = String(decoding: units[lo..<hi], as: UTF16.self)
                runs.append(TextRun(scalars: Array(text.unicodeScalars), style: styles.count))
                styles.append(style)
                decorations.append(decoration)
            }
        }
        let p = firstParagraph ?? NSParagraphStyle.default
        paragraph = p
        var params = TextLayout.Parameters(width: width.isFinite ? Double(max(width, 0)) : .infinity,
                                           height: height.isFinite ? Double(max(height, 0)) : .infinity)
        if width.isFinite {
            switch p.lineBreakMode {
            case .byWordWrapping, .byCharWrapping: params.wrapped = options.contains(.usesLineFragmentOrigin)
            case .byClipping: params.wrapped = false
            case .byTruncatingHead: params.truncation = .start
            case .byTruncatingTail: params.truncation = .end
            case .byTruncatingMiddle: params.truncation = .middle
            }
            if params.wrapped, options.contains(.truncatesLastVisibleLine) { params.truncation = .end }
            switch p.alignment {
            case .left, .natural: params.alignment = .left
            case .center: params.alignment = .center
            case .right: params.alignment = .right
            case .justified: params.alignment = .justified
            }
        } else {
            params.alignment = .left
        }
        if styles.isEmpty, let face = FontLibrary.shared.defaultFace {
            styles = [TextStyle(face: face, size: Double(Self.defaultFontSize), color: CGColor.black)]
            decorations = [Decoration()]
        }
        layout = TextLayout(runs: runs, styles: styles, params)
        self.decorations = decorations
        baselines = Self.spacedBaselines(layout, p)
    }

    /// Font, colour and decorations of one attribute run; nil when no font is installed.
    private static func style(_ attributes: [NSAttributedString.Key: Any]) -> (TextStyle, Decoration)? {
        var face: FontFace?
        var size = Double(defaultFontSize)
        switch attributes[.font] {
        case let font as UIFont:
            face = font.ctFont.face
            size = Double(font.pointSize)
        case let other?:
            let resolved = TextSource.resolve(font: other, context: "NSAttributedString font")
            face = resolved.face
            size = resolved.size ?? size
        case nil:
            face = UIFont.systemFont(ofSize: defaultFontSize).ctFont.face
        }
        guard let face else { return nil }
        let color = cgColor(attributes[.foregroundColor]) ?? CGColor.black
        var d = Decoration()
        d.background = cgColor(attributes[.backgroundColor])
        d.kern = finiteNumber(attributes[.kern] ?? attributes[.tracking]) ?? 0
        d.strokeColor = cgColor(attributes[.strokeColor])
        d.strokeWidth = finiteNumber(attributes[.strokeWidth]) ?? 0
        if let u = finiteNumber(attributes[.underlineStyle]), u != 0 {
            d.underline = (Int(u), cgColor(attributes[.underlineColor]))
        }
        if let s = finiteNumber(attributes[.strikethroughStyle]), s != 0 {
            d.strikethrough = (Int(s), cgColor(attributes[.strikethroughColor]))
        }
        d.baselineOffset = finiteNumber(attributes[.baselineOffset]) ?? 0
        return (TextStyle(face: face, size: size, color: color), d)
    }

    static func cgColor(_ value: Any?) -> CGColor? {
        switch value {
        case let c as UIColor: return c.cgColor
        case let c as CGColor: return c
        default: return nil
        }
    }

    static func finiteNumber(_ value: Any?) -> Double? {
        let v: Double?
        switch value {
        case let n as NSNumber: v = n.doubleValue
        case let d as Double: v = d
        case let f as CGFloat: v = Double(f)
        case let i as Int: v = Double(i)
        case let u as NSUnderlineStyle: v = Double(u.rawValue)
        default: v = nil
        }
        return v.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Baselines with `lineSpacing` added after every line.
    private static func spacedBaselines(_ layout: TextLayout, _ p: NSParagraphStyle) -> [Double] {
        let lineSpacing = p.lineSpacing.isFinite ? max(Double(p.lineSpacing), 0) : 0
        return layout.lines.enumerated().map { $0.element.baseline + Double($0.offset) * lineSpacing }
    }

    /// The laid-out size: the widest line and the last line's bottom (with spacing).
    var size: CGSize {
        let width = layout.lines.map { $0.width + kernWidth($0) }.max() ?? 0
        guard let last = layout.lines.indices.last else { return .zero }
        return CGSize(width: width, height: baselines[last] + layout.lines[last].descent)
    }

    private func kernWidth(_ line: TextLayout.Line) -> Double {
        guard decorations.contains(where: { $0.kern != 0 }) else { return 0 }
        return line.glyphs.reduce(0) { $0 + decorations[$1.style].kern }
    }
}

extension TextDrawing {
    /// Draws the lines with their top-left at `origin` in `ctx` (UIKit's y-down space).
    func draw(at origin: CGPoint, in ctx: CGContext) {
        guard origin.x.isFinite, origin.y.isFinite else {
            return StrataDiagnostics.report("string drawing at \(origin): not a finite point; ignored")
        }
        let ox = Double(origin.x), oy = Double(origin.y)
        var fills: [Int: CGMutablePath] = [:]
        for (k, line) in layout.lines.enumerated() {
            let baseline = oy + baselines[k]
            var shift = 0.0
            var positions: [(glyph: TextLayout.Glyph, x: Double)] = []
            for g in line.glyphs {
                positions.append((g, ox + g.x + shift))
                shift += decorations[g.style].kern
            }
            drawBackgrounds(positions, line: line, baseline: baseline, ctx)
            appendOutlines(positions, baseline: baseline, to: &fills)
            drawLines(positions, baseline: baseline, ctx)
        }
        for style in fills.keys.sorted() {
            guard let path = fills[style] else { continue }
            paint(path, style: style, ctx)
        }
    }

    private func drawBackgrounds(_ positions: [(glyph: TextLayout.Glyph, x: Double)], line: TextLayout.Line,
                                 baseline: Double, _ ctx: CGContext) {
        for (g, x) in positions {
            guard let color = decorations[g.style].background else { continue }
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: x, y: baseline - line.ascent, width: g.advance + decorations[g.style].kern,
                            height: line.ascent + line.descent))
        }
    }

    /// Each glyph's outline (font units, y down) scaled and placed on the baseline, per style.
    private func appendOutlines(_ positions: [(glyph: TextLayout.Glyph, x: Double)], baseline: Double,
                                to fills: inout [Int: CGMutablePath]) {
        var byStyle: [Int: [(TextLayout.Glyph, Double)]] = [:]
        for (g, x) in positions { byStyle[g.style, default: []].append((g, x)) }
        for (style, glyphs) in byStyle {
            let s = layout.styles[style]
            let outlines = s.face.outlines(glyphs.map(\.0.id))
            let path = fills[style] ?? CGMutablePath()
            let k = s.scale
            let y = baseline - decorations[style].baselineOffset
            for ((_, x), outline) in zip(glyphs, outlines) where !outline.isEmpty {
                path.addPath(CGPath(elements: Self.elements(outline, scale: k, x: x, y: y)))
            }
            fills[style] = path
        }
    }

    /// A Raster outline as path elements, scaled by `scale` and moved to (`x`, `y`).
    static func elements(_ g: PathGeometry, scale k: Double, x: Double, y: Double) -> [CGPath.Element] {
        var out: [CGPath.Element] = []
        out.reserveCapacity(g.verbs.count)
        var i = 0
        func pt() -> CGPoint {
            let p = g.points[i]
            i += 1
            return CGPoint(x: x + p.x * k, y: y + p.y * k)
        }
        for verb in g.verbs {
            switch verb {
            case .move: out.append(.move(to: pt()))
            case .line: out.append(.line(to: pt()))
            case .quad:
                let c = pt()
                out.append(.quadCurve(to: pt(), control: c))
            case .cubic:
                let c1 = pt(), c2 = pt()
                out.append(.curve(to: pt(), control1: c1, control2: c2))
            case .close: out.append(.closeSubpath)
            }
        }
        return out
    }

    /// Fills (unless the stroke width is positive) and strokes (unless it is 0) one style's glyphs.
    private func paint(_ path: CGPath, style: Int, _ ctx: CGContext) {
        let s = layout.styles[style], d = decorations[style]
        if d.strokeWidth <= 0, let color = s.color {
            ctx.setFillColor(color)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.fillPath()
        }
        if d.strokeWidth != 0, let color = d.strokeColor ?? s.color {
            ctx.setStrokeColor(color)
            ctx.setLineWidth(CGFloat(abs(d.strokeWidth) / 100 * s.size))
            ctx.setLineJoin(.round)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.strokePath()
        }
    }

    /// Underlines (0.1 em below the baseline) and strikethroughs (0.3 em above it), 1/14 em thick
    /// (twice for `.thick`; two lines for `.double`), under each run of glyphs that has them.
    private func drawLines(_ positions: [(glyph: TextLayout.Glyph, x: Double)], baseline: Double, _ ctx: CGContext) {
        for (g, x) in positions {
            let d = decorations[g.style], s = layout.styles[g.style]
            let width = g.advance + d.kern
            for (line, offset) in [(d.underline, 0.1), (d.strikethrough, -0.3)] {
                guard let (style, color) = line, let c = color ?? s.color else { continue }
                let thickness = s.size / 14 * (style & NSUnderlineStyle.thick.rawValue != 0 ? 2 : 1)
                let y = baseline - d.baselineOffset + offset * s.size
                ctx.setFillColor(c)
                ctx.fill(CGRect(x: x, y: y, width: width, height: thickness))
                if style & 0x0F == NSUnderlineStyle.double.rawValue & 0x0F {
                    ctx.fill(CGRect(x: x, y: y + 2 * thickness, width: width, height: thickness))
                }
            }
        }
    }

    /// Draws into the current UIGraphics context: at a point (one line per paragraph) or within
    /// a rect (wrapped by the paragraph style, clipped to the rect).
    static func draw(_ string: Source, at point: CGPoint?, in rect: CGRect?, options: NSString.DrawingOptions) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        if let rect {
            guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else {
                return StrataDiagnostics.report("string drawing in \(rect): not a finite rectangle; ignored")
            }
            let r = rect.standardized
            let text = TextDrawing(string, width: r.width, height: r.height, options: options)
            ctx.saveGState()
            ctx.clip(to: r)
            text.draw(at: r.origin, in: ctx)
            ctx.restoreGState()
        } else if let point {
            let text = TextDrawing(string, width: .infinity, height: .infinity)
            ctx.saveGState()
            text.draw(at: point, in: ctx)
            ctx.restoreGState()
        }
    }

    /// Apple's `boundingRect`: with `.usesLineFragmentOrigin`, the lines wrapped in `size.width`
    /// from the origin; without it, one line whose origin is on the baseline (y = −ascent).
    static func boundingRect(_ string: Source, size: CGSize, options: NSString.DrawingOptions) -> CGRect {
        if options.contains(.usesLineFragmentOrigin) {
            let text = TextDrawing(string, width: size.width, height: size.height, options: options)
            return CGRect(origin: .zero, size: text.size)
        }
        let text = TextDrawing(string, width: .infinity, height: .infinity, options: options)
        let first = text.layout.lines.first
        let s = text.size
        return CGRect(x: 0, y: -(first?.ascent ?? 0), width: s.width, height: (first?.ascent ?? 0) + (first?.descent ?? 0))
    }
}

extension NSAttributedString {
    /// Draws the string with the top-left of its first line at `point` in the current context.
    public func draw(at point: CGPoint) { TextDrawing.draw(.attributed(self), at: point, in: nil, options: []) }
    /// Draws the string wrapped within `rect` (clipped to it) in the current context.
    public func draw(in rect: CGRect) { TextDrawing.draw(.attributed(self), at: nil, in: rect, options: .usesLineFragmentOrigin) }
    /// Draws the string within `rect` with drawing `options`.
    public func draw(with rect: CGRect, options: NSString.DrawingOptions, context: NSStringDrawingContext?) {
        TextDrawing.draw(.attributed(self), at: nil, in: rect, options: options)
    }
    /// The size the string takes drawn at a point (one line per paragraph).
    public func size() -> CGSize { TextDrawing(.attributed(self), width: .infinity, height: .infinity).size }
    /// The rectangle the string takes in `size` (see `boundingRect` on `NSString`).
    public func boundingRect(with size: CGSize, options: NSString.DrawingOptions, context: NSStringDrawingContext?) -> CGRect {
        let r = TextDrawing.boundingRect(.attributed(self), size: size, options: options)
        context?.totalBounds = r
        return r
    }
}

extension NSString {
    private func plain(_ attributes: [NSAttributedString.Key: Any]?) -> TextDrawing.Source {
        .plain(String(self), attributes)
    }
    /// Draws the string with the top-left of its first line at `point` in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(plain(attrs), at: point, in: nil, options: [])
    }
    /// Draws the string wrapped within `rect` (clipped to it) in the current context.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(plain(attrs), at: nil, in: rect, options: .usesLineFragmentOrigin)
    }
    /// Draws the string within `rect` with drawing `options`.
    public func draw(with rect: CGRect, options: NSString.DrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        TextDrawing.draw(plain(attributes), at: nil, in: rect, options: options)
    }
    /// The size the string takes drawn at a point with `attrs`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextDrawing(plain(attrs), width: .infinity, height: .infinity).size
    }
    /// The rectangle the string takes: with `.usesLineFragmentOrigin`, wrapped in `size.width`
    /// from the origin; otherwise one line with its origin on the baseline.
    public func boundingRect(with size: CGSize, options: NSString.DrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        let r = TextDrawing.boundingRect(plain(attributes), size: size, options: options)
        context?.totalBounds = r
        return r
    }
}

extension String {
    /// `NSString.draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: self).draw(at: point, withAttributes: attrs)
    }
    /// `NSString.draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: self).draw(in: rect, withAttributes: attrs)
    }
    /// `NSString.draw(with:options:attributes:context:)`.
    public func draw(with rect: CGRect, options: NSString.DrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        NSString(string: self).draw(with: rect, options: options, attributes: attributes, context: context)
    }
    /// `NSString.size(withAttributes:)`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSString(string: self).size(withAttributes: attrs)
    }
    /// `NSString.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSString.DrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        NSString(string: self).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
