import Raster

extension CGContext {
    /// Where `CTLineDraw` puts the line's origin (the left end of its baseline), in user space:
    /// the text matrix's translation, as on Apple.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tx, y: textMatrix.ty) }
        set { textMatrix.tx = newValue.x; textMatrix.ty = newValue.y }
    }

    /// Sets how text draws: filled (default), stroked, both or neither, and whether its glyphs
    /// are added to the clip.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) {
        state.textDrawingMode = mode
    }

    /// Draws lines of `layout` (the first line's glyph origins on its baseline), line `i`
    /// with its baseline's left end at `origins[i]` in user space, its glyphs through the text
    /// matrix's linear part, in each run's colour (fill and stroke alike, as Core Text does
    /// without a stroke colour attribute), in the text drawing mode. Filled, anti-aliased text
    /// whose glyph space maps to device pixels by a similarity draws from `GlyphCoverageCache`
    /// (one masked rectangle per glyph); the rest fills and strokes the outlines.
    package func drawText(_ layout: TextLayout, lines: [Int], origins: [CGPoint]) {
        let mode = state.textDrawingMode
        guard ctmIsInvertible, mode != .invisible || mode.clips else { return }
        let linear = CGAffineTransform(a: textMatrix.a, b: textMatrix.b, c: textMatrix.c, d: textMatrix.d, tx: 0, ty: 0)
        var byStyle: [Int: CGMutablePath] = [:]
        var masks: [FillCommand] = []
        var budget = GlyphCoverageCache.missesPerDraw
        for (line, origin) in zip(lines, origins) where layout.lines.indices.contains(line) {
            guard origin.x.isFinite, origin.y.isFinite else { continue }
            let toBase = linear.concatenating(CGAffineTransform(translationX: origin.x, y: origin.y)).concatenating(state.ctm)
            let deviceScale = mode == .fill && state.antialias ? Self.glyphDeviceScale(toBase.concatenating(baseToDevice)) : nil
            for g in layout.lines[line].glyphs {
                let style = layout.styles[g.style]
                if let deviceScale, appendMask(g, style, toDevice: toBase.concatenating(baseToDevice), scale: deviceScale,
                                               budget: &budget, to: &masks) { continue }
                guard let outline = style.face.outlines([g.id]).first, !outline.isEmpty else { continue }
                let k = style.scale
                // Font units, y down → text space, y up, at the glyph's origin.
                let glyphToBase = CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: g.x, ty: 0).concatenating(toBase)
                let path = byStyle[g.style] ?? CGMutablePath()
                byStyle[g.style] = path
                Self.append(outline, transform: glyphToBase, to: path)
            }
        }
        render(masks)
        drawGlyphPaths(byStyle, styles: layout.styles, mode: mode)
    }

    /// Device pixels per text-space unit when text space (y up) maps to device pixels (y down)
    /// by a translation and a uniform scale: then glyphs may draw from cached masks.
    private static func glyphDeviceScale(_ t: CGAffineTransform) -> Double? {
        let a = Double(t.a)
        guard t.b == 0, t.c == 0, a > 0, a.isFinite, Double(t.d) == -a else { return nil }
        return a
    }

    /// Appends the masked rectangle drawing glyph `g` of a line mapped to device pixels by
    /// `toDevice` (text space, scale `scale`); false when it must draw from its outline.
    private func appendMask(_ g: TextLayout.Glyph, _ style: TextStyle, toDevice: CGAffineTransform, scale: Double,
                            budget: inout Int, to out: inout [FillCommand]) -> Bool {
        let pixelSize = style.size * scale
        guard pixelSize <= GlyphCoverageCache.maximumPixelSize else { return false }
        let p = CGPoint(x: g.x, y: 0).applying(toDevice)
        guard let snapped = GlyphCoverageCache.snap(SIMD2(Double(p.x), Double(p.y))) else { return false }
        var made = false
        switch GlyphCoverageCache.shared.mask(face: style.face, pixelSize: pixelSize, glyph: g.id, step: snapped.step,
                                              mayMake: budget > 0, made: &made) {
        case .missing: return false
        case .empty: break
        case .mask(let m):
            if let color = style.color {
                out.append(m.command(at: snapped.pixel, color: color.premultipliedARGB32, opacity: Float(state.alpha),
                                     clip: rasterClip, blendMode: state.blendMode.raster))
            }
        }
        if made { budget -= 1 }
        return true
    }

    private func drawGlyphPaths(_ byStyle: [Int: CGMutablePath], styles: [TextStyle], mode: CGTextDrawingMode) {
        let clipPath = CGMutablePath()
        for (index, path) in byStyle.sorted(by: { $0.key < $1.key }) where !path.isEmpty {
            if let color = styles[index].color, mode.fills || mode.strokes {
                let paint = Paint.solid(color.premultipliedARGB32)
                if mode.fills { fill(geometry(path), rule: .nonZero, localToDevice: baseToDeviceMap, paint: paint) }
                if mode.strokes { fill(strokeGeometry(path), rule: .nonZero, localToDevice: baseToDeviceMap, paint: paint) }
            }
            if mode.clips { clipPath.addPath(path) }
        }
        if mode.clips { addClip(clipPath, rule: .winding) }
    }

    /// Appends a glyph outline (Raster geometry) to `path`, every point through `transform`.
    private static func append(_ outline: PathGeometry, transform t: CGAffineTransform, to path: CGMutablePath) {
        var i = 0
        func next() -> CGPoint { defer { i += 1 }; return CGPoint(x: outline.points[i].x, y: outline.points[i].y) }
        for verb in outline.verbs {
            switch verb {
            case .move: path.move(to: next(), transform: t)
            case .line: path.addLine(to: next(), transform: t)
            case .quad: let c = next(); path.addQuadCurve(to: next(), control: c, transform: t)
            case .cubic: let c1 = next(), c2 = next(); path.addCurve(to: next(), control1: c1, control2: c2, transform: t)
            case .close: path.closeSubpath()
            }
        }
    }
}
