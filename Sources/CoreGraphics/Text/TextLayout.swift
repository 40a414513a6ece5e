import Foundation

/// Lines of positioned glyphs: Core Animation's text layout, in a layer's coordinates (origin at
/// the top left of the bounds, y down, the first baseline one ascent below the top).
///
/// One glyph per Unicode scalar, advances from the font with its 'kern' table's pair kerning
/// (no ligatures, GPOS or complex-script shaping); lines break at "\n", "\r", "\r\n", U+0085, U+2028 and U+2029 and, when wrapped, at
/// spaces (or anywhere in a word wider than the line). At most `maximumScalars` scalars are laid
/// out: a longer text is cut there (its caller reports it).
package struct TextLayout: @unchecked Sendable {
    /// The most scalars one layout takes.
    package static let maximumScalars = 20_000

    /// One drawn glyph.
    package struct Glyph: Sendable, Equatable {
        /// The font's glyph index.
        package var id: UInt32
        /// Its origin on the baseline, in points from the bounds' left edge.
        package var x: Double
        /// Its advance in points (with any justification space).
        package var advance: Double
        /// Index into `styles`.
        package var style: Int
    }

    /// One line.
    package struct Line: Sendable {
        package var glyphs: [Glyph]
        /// The baseline, in points below the top of the bounds.
        package var baseline: Double
        package var ascent: Double
        package var descent: Double
        package var leading: Double
        /// Where the line starts (its alignment offset).
        package var x: Double
        /// Its width without trailing spaces.
        package var width: Double
        /// Its width with trailing spaces (Core Text's typographic width).
        package var advanceWidth: Double
    }

    /// What a layout fits into.
    package struct Parameters: Sendable, Hashable {
        package var width: Double
        package var height: Double
        package var wrapped: Bool
        package var truncation: TextTruncation
        package var alignment: TextAlignment
        /// Backing-store pixels per point when glyph origins snap to those pixels, else 0.
        package var quantization: Double

        package init(width: Double, height: Double, wrapped: Bool = false, truncation: TextTruncation = .none,
                     alignment: TextAlignment = .natural, quantization: Double = 0) {
            self.width = width
            self.height = height
            self.wrapped = wrapped
            self.truncation = truncation
            self.alignment = alignment
            self.quantization = quantization
        }
    }

    package var styles: [TextStyle]
    package var lines: [Line] = []

    /// One scalar as laid out.
    struct Item {
        var scalar: Unicode.Scalar
        var glyph: UInt32
        var advance: Double
        var style: Int
    }

    /// A paragraph: its items and the style of its terminator (for the height of an empty one).
    struct Paragraph {
        var items: [Item] = []
        var style: Int
    }

    /// Lays `runs` out in `styles` (a run's style indexes it) within `p`.
    package init(runs: [TextRun], styles: [TextStyle], _ p: Parameters) {
        self.styles = styles
        guard !styles.isEmpty else { return }
        let paragraphs = Self.paragraphs(runs, styles)
        var built: [(items: [Item], style: Int, softBreak: Bool)] = []
        for para in paragraphs {
            if p.wrapped {
                let ranges = Self.wrap(para.items, width: p.width)
                for (k, r) in ranges.enumerated() {
                    built.append((Array(para.items[r]), para.style, k < ranges.count - 1))
                }
            } else {
                var items = para.items
                if p.truncation != .none, Self.width(items) > p.width {
                    items = truncate(items, width: p.width, mode: p.truncation, force: false)
                }
                built.append((items, para.style, false))
            }
        }
        if p.wrapped, p.truncation != .none {
            built = truncateLastVisibleLine(built, paragraphs: paragraphs, p)
        }
        var y = 0.0
        for (k, line) in built.enumerated() {
            var l = place(line.items, style: line.style, softBreak: line.softBreak, p)
            y += k == 0 ? l.ascent : lines[k - 1].descent + lines[k - 1].leading + l.ascent
            l.baseline = p.quantization > 0 ? (y * p.quantization).rounded() / p.quantization : y
            lines.append(l)
        }
    }

    /// The total height of the lines (ascent of the first to descent of the last, with leading
    /// between).
    package var height: Double {
        guard let last = lines.last else { return 0 }
        return last.baseline + last.descent
    }

    // MARK: Steps

    /// Splits the runs into paragraphs of items, mapping scalars to glyphs (tabs draw as spaces;
    /// other control characters draw nothing).
    static func paragraphs(_ runs: [TextRun], _ styles: [TextStyle]) -> [Paragraph] {
        var out: [Paragraph] = [Paragraph(style: runs.first?.style ?? 0)]
        var previousWasCR = false
        var budget = maximumScalars
        for run in runs where budget > 0 {
            let style = styles.indices.contains(run.style) ? run.style : 0
            let scalars = Array(run.scalars.prefix(budget))
            budget -= scalars.count
            let shown = scalars.map { $0 == "\t" ? " " : $0 }
            let (glyphs, plain) = styles[style].face.glyphsAndAdvances(shown)
            // Pair kerning from the font's 'kern' table, folded into the first glyph's advance.
            let kerns = styles[style].face.kerning(glyphs)
            let advances = zip(plain, kerns).map { $0 + $1 }
            let k = styles[style].scale
            for (i, s) in scalars.enumerated() {
                if s == "\n" && previousWasCR { previousWasCR = false; continue }
                previousWasCR = s == "\r"
                if isLineBreak(s) {
                    out[out.count - 1].style = style
                    out.append(Paragraph(style: style))
                    continue
                }
                if s.value < 0x20 && s != "\t" || (0x7F...0x9F).contains(s.value) { continue }
                out[out.count - 1].items.append(Item(scalar: shown[i], glyph: glyphs[i], advance: advances[i] * k, style: style))
            }
        }
        return out
    }

    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        s == "\n" || s == "\r" || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }

    /// A space a line may break after (and which hangs past the line's end).
    static func isBreakSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s.value == 0x3000 || (0x2000...0x200A).contains(s.value)
    }

    /// The width of `items` without trailing spaces.
    static func width<C: Collection>(_ items: C) -> Double where C.Element == Item {
        var w = 0.0, pending = 0.0
        for it in items {
            if isBreakSpace(it.scalar) { pending += it.advance } else { w += pending + it.advance; pending = 0 }
        }
        return w
    }

    /// Greedy line breaking: each line takes as many words as fit in `width` (trailing spaces
    /// hang); a word wider than a line breaks between scalars; every line takes at least one.
    static func wrap(_ items: [Item], width: Double) -> [Range<Int>] {
        guard !items.isEmpty else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        let limit = width + 1e-9
        while start < items.count {
            var x = 0.0, i = start, end = items.count
            var lastBreak: Int?
            while i < items.count {
                let it = items[i]
                if isBreakSpace(it.scalar) {
                    x += it.advance
                    i += 1
                    if i < items.count, !isBreakSpace(items[i].scalar) { lastBreak = i }
                    continue
                }
                if x + it.advance > limit, i > start {
                    end = lastBreak.map { $0 > start ? $0 : i } ?? i
                    break
                }
                x += it.advance
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// The ellipsis in the style of `style`: "…", or "..." where the font lacks it.
    func ellipsis(style: Int) -> [Item] {
        let face = styles[style].face, k = styles[style].scale
        let (g, a) = face.glyphsAndAdvances(["\u{2026}"])
        if g[0] != 0 { return [Item(scalar: "\u{2026}", glyph: g[0], advance: a[0] * k, style: style)] }
        let (d, da) = face.glyphsAndAdvances(["."])
        return Array(repeating: Item(scalar: ".", glyph: d[0], advance: da[0] * k, style: style), count: 3)
    }

    /// `items` shortened to `width` with an ellipsis at the start, middle or end (always, when
    /// `force`, as for a last visible line with text after it).
    func truncate(_ items: [Item], width: Double, mode: TextTruncation, force: Bool) -> [Item] {
        guard !items.isEmpty else { return items }
        if !force, Self.width(items) <= width + 1e-9 { return items }
        switch mode {
        case .none:
            return items
        case .end:
            let e = ellipsis(style: items.last!.style)
            let available = width - e.reduce(0) { $0 + $1.advance }
            var kept: [Item] = [], x = 0.0
            for it in items {
                guard x + it.advance <= available + 1e-9 else { break }
                kept.append(it); x += it.advance
            }
            while let last = kept.last, Self.isBreakSpace(last.scalar) { kept.removeLast() }
            return kept + e
        case .start:
            let e = ellipsis(style: items.first!.style)
            let available = width - e.reduce(0) { $0 + $1.advance }
            var kept: [Item] = [], x = 0.0
            for it in items.reversed() {
                guard x + it.advance <= available + 1e-9 else { break }
                kept.append(it); x += it.advance
            }
            while let last = kept.last, Self.isBreakSpace(last.scalar) { kept.removeLast() }
            return e + kept.reversed()
        case .middle:
            let e = ellipsis(style: items[items.count / 2].style)
            let available = width - e.reduce(0) { $0 + $1.advance }
            var head: [Item] = [], x = 0.0
            for it in items {
                guard x + it.advance <= available / 2 + 1e-9 else { break }
                head.append(it); x += it.advance
            }
            var tail: [Item] = []
            for it in items[head.count...].reversed() {
                guard x + it.advance <= available + 1e-9 else { break }
                tail.append(it); x += it.advance
            }
            while let last = head.last, Self.isBreakSpace(last.scalar) { head.removeLast() }
            while let first = tail.last, Self.isBreakSpace(first.scalar) { tail.removeLast() }
            return head + e + tail.reversed()
        }
    }

    /// Wrapped text taller than the bounds: the last line that fits takes the rest of its
    /// paragraph, truncated (with an ellipsis when more text follows), and later lines go.
    func truncateLastVisibleLine(_ built: [(items: [Item], style: Int, softBreak: Bool)], paragraphs: [Paragraph],
                                 _ p: Parameters) -> [(items: [Item], style: Int, softBreak: Bool)] {
        var y = 0.0, keep = 0
        var previous: (descent: Double, leading: Double)?
        for line in built {
            let m = metrics(line.items, style: line.style)
            y += previous.map { $0.descent + $0.leading } ?? 0
            y += m.ascent
            if y + m.descent > p.height + 1e-9, keep > 0 { break }
            keep += 1
            previous = (m.descent, m.leading)
        }
        guard keep < built.count else { return built }
        // The rest of the kept line's paragraph: this line and the soft-wrapped lines after it.
        let lastIndex = keep - 1
        var rest = built[lastIndex].items
        var j = lastIndex
        while j < built.count - 1, built[j].softBreak { j += 1; rest += built[j].items }
        var out = Array(built[..<lastIndex])
        out.append((truncate(rest, width: p.width, mode: p.truncation, force: p.truncation == .end),
                    built[lastIndex].style, false))
        return out
    }

    func metrics(_ items: [Item], style: Int) -> (ascent: Double, descent: Double, leading: Double) {
        var a = 0.0, d = 0.0, l = 0.0
        var seen = Set<Int>()
        for it in items where seen.insert(it.style).inserted {
            let s = styles[it.style]
            a = max(a, s.ascent); d = max(d, s.descent); l = max(l, s.leading)
        }
        if seen.isEmpty { let s = styles[style]; a = s.ascent; d = s.descent; l = s.leading }
        return (a, d, l)
    }

    /// One line's glyph positions, aligned in `p.width`.
    func place(_ items: [Item], style: Int, softBreak: Bool, _ p: Parameters) -> Line {
        let m = metrics(items, style: style)
        let width = Self.width(items)
        let advanceWidth = items.reduce(0) { $0 + $1.advance }
        var offset = 0.0
        var extraPerSpace = 0.0
        switch p.alignment {
        case .natural, .left: offset = 0
        case .right: offset = p.width - width
        case .center: offset = (p.width - width) / 2
        case .justified:
            // Soft-wrapped lines stretch their inner spaces to the full width (the last line of a
            // paragraph stays left-aligned, as Core Text's justification does).
            if softBreak, width < p.width {
                var inner = items.count
                while inner > 0, Self.isBreakSpace(items[inner - 1].scalar) { inner -= 1 }
                let spaces = items[..<inner].filter { Self.isBreakSpace($0.scalar) }.count
                if spaces > 0 { extraPerSpace = (p.width - width) / Double(spaces) }
            }
        }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(items.count)
        var x = offset
        var inner = items.count
        while inner > 0, Self.isBreakSpace(items[inner - 1].scalar) { inner -= 1 }
        for (i, it) in items.enumerated() {
            let extra = i < inner && Self.isBreakSpace(it.scalar) ? extraPerSpace : 0
            let gx = p.quantization > 0 ? (x * p.quantization).rounded() / p.quantization : x
            glyphs.append(Glyph(id: it.glyph, x: gx, advance: it.advance + extra, style: it.style))
            x += it.advance + extra
        }
        return Line(glyphs: glyphs, baseline: 0, ascent: m.ascent, descent: m.descent, leading: m.leading,
                    x: offset, width: width + (extraPerSpace > 0 ? p.width - width : 0), advanceWidth: advanceWidth)
    }
}
