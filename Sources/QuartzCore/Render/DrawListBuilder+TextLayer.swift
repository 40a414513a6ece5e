import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CATextLayer`'s text: one path fill per colour, made of the
    /// glyph outlines of the lines that show, in the layer's plane (so the rasteriser flattens
    /// them in device space: sharp under any scale or perspective). Clipped to the bounds (to
    /// the rounded bounds with `masksToBounds`) only where the ink reaches past them.
    func emitTextContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        guard let layout = TextLayoutCache.shared.layout(for: s) else { return }
        let b = s.bounds.standardized
        var paths: [Int: PathGeometry] = [:]
        for line in layout.lines {
            // Lines wholly above or below the bounds are clipped away: skip them.
            guard line.baseline + line.descent > 0, line.baseline - line.ascent < Double(b.height) else { continue }
            var byFace: [ObjectIdentifier: (face: FontFace, glyphs: [TextLayout.Glyph])] = [:]
            for g in line.glyphs {
                let style = layout.styles[g.style]
                guard style.size > 0, style.color.map({ $0.alpha > 0 }) ?? false else { continue }
                // Glyphs far outside the width never show (a glyph's ink stays within about an
                // em of its origin).
                guard g.x < Double(b.width) + style.size, g.x + g.advance > -style.size else { continue }
                byFace[ObjectIdentifier(style.face), default: (style.face, [])].glyphs.append(g)
            }
            for (_, entry) in byFace {
                let outlines = entry.face.outlines(entry.glyphs.map(\.id))
                for (g, outline) in zip(entry.glyphs, outlines) where !outline.isEmpty {
                    let k = layout.styles[g.style].scale
                    Self.appendGlyph(outline, scale: k, origin: SIMD2(Double(b.minX) + g.x, Double(b.minY) + line.baseline),
                                     to: &paths[g.style, default: PathGeometry()])
                }
            }
        }
        guard !paths.isEmpty else { return }
        let all = paths.values.compactMap(\.controlBounds)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for box in all { lo = pointwiseMin(lo, box.min); hi = pointwiseMax(hi, box.max) }
        let inside = lo.x >= Double(b.minX) && lo.y >= Double(b.minY) && hi.x <= Double(b.maxX) && hi.y <= Double(b.maxY)
        let shape = Self.roundedBounds(s)
        let textClip: Clip
        if s.masksToBounds {
            textClip = Self.boundsClip(clip, s, shape: shape, map: map)
        } else if inside {
            textClip = clip
        } else {
            textClip = Self.clip(clip, adding: RoundedRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), map: map)
        }
        for style in paths.keys.sorted() {
            guard let color = layout.styles[style].color, let path = paths[style] else { continue }
            appendCommand(FillCommand(path: path, rule: .nonZero, localToDevice: map,
                                      paint: .solid(color.premultipliedARGB32), opacity: opacity, clip: textClip))
        }
    }

    /// Appends `outline` (font units, y down) scaled by `k` and moved to `origin`.
    static func appendGlyph(_ outline: PathGeometry, scale k: Double, origin: SIMD2<Double>, to path: inout PathGeometry) {
        var i = 0
        let pts = outline.points
        for verb in outline.verbs {
            switch verb {
            case .move: path.move(to: origin + pts[i] * k); i += 1
            case .line: path.line(to: origin + pts[i] * k); i += 1
            case .quad: path.quad(control: origin + pts[i] * k, to: origin + pts[i + 1] * k); i += 2
            case .cubic:
                path.cubic(control1: origin + pts[i] * k, control2: origin + pts[i + 1] * k, to: origin + pts[i + 2] * k); i += 3
            case .close: path.close()
            }
        }
    }

    /// The overlapping parts a `CATextLayer` draws: its text, when it has any (0 for other layers).
    static func textPartCount(_ s: LayerState) -> Int {
        guard let t = s.text, let string = t.string else { return 0 }
        if let a = string as? NSAttributedString { return a.length > 0 ? 1 : 0 }
        return (string as? String).map { $0.isEmpty ? 0 : 1 } ?? 0
    }
}
