import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CATextLayer`'s text, in the layer's plane. Under a device
    /// similarity (translation and uniform scale, the usual case) each glyph is one pixel-aligned
    /// rectangle painted from `GlyphCoverageCache` (its origin on a quarter pixel); otherwise (and
    /// for glyphs past the cache's per-draw budget or too big for it) one path fill per colour
    /// made of the glyph outlines, flattened in device space so it stays sharp under any scale or
    /// perspective. Clipped to the bounds (to the rounded bounds with `masksToBounds`) only where
    /// the ink reaches past them.
    func emitTextContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        guard let layout = TextLayoutCache.shared.layout(for: s),
              let visible = Self.visibleTextRect(s, clip: clip, map: map) else { return }
        var ink = TextInk(similarity: GlyphCoverageCache.similarity(map))
        let deviceScale = ink.similarity?.scale ?? Self.textDeviceScale(map)
        var drawn = 0
        // One buffer for every line's shown glyphs (an array a line before).
        var shown: [TextLayout.Glyph] = []
        for line in layout.lines where drawn < Self.maximumDrawnGlyphs {
            guard line.baseline + line.descent > Double(visible.minY), line.baseline - line.ascent < Double(visible.maxY) else { continue }
            shown.removeAll(keepingCapacity: true)
            for g in line.glyphs {
                let style = layout.styles[g.style]
                // Text under a device pixel per em shows as nothing but a smudge: not drawn.
                guard style.size * deviceScale >= 1, style.color.map({ $0.alpha > 0 }) ?? false else { continue }
                guard g.x < Double(visible.maxX) + style.size, g.x + g.advance > Double(visible.minX) - style.size else { continue }
                guard drawn < Self.maximumDrawnGlyphs else {
                    Self.glyphLimitReport.report("CATextLayer: more than \(Self.maximumDrawnGlyphs) glyphs show in one layer; the rest are not drawn")
                    break
                }
                drawn += 1
                shown.append(g)
            }
            let origin = SIMD2(Double(s.bounds.standardized.minX), Double(s.bounds.standardized.minY) + line.baseline)
            ink.appendLine(shown, styles: layout.styles, origin: origin)
        }
        emitTextInk(ink, s, styles: layout.styles, map: map, clip: clip, opacity: opacity)
    }

    /// What can show of a text layer, in layout coordinates: the bounds, and (for flat maps) the
    /// part of the layer's plane inside the device clip; nil when nothing. A glyph's ink stays
    /// within about an em of its origin, so glyphs and lines farther out are skipped.
    private static func visibleTextRect(_ s: LayerState, clip: Clip, map: Projective) -> CGRect? {
        let b = s.bounds.standardized
        var visible = CGRect(x: 0, y: 0, width: b.width, height: b.height)
        if let local = localRect(of: clip.rect, map) {
            visible = visible.intersection(local.offsetBy(dx: -b.minX, dy: -b.minY))
        }
        return visible.isNull || visible.isEmpty ? nil : visible
    }

    /// Appends the commands of a text layer's glyphs: the cached masks first, then one outline
    /// path per colour, all under the text's clip.
    private func emitTextInk(_ ink: TextInk, _ s: LayerState, styles: [TextStyle], map: Projective, clip: Clip, opacity: Float) {
        guard let box = ink.localBounds(map: map) else { return }
        let b = s.bounds.standardized
        let inside = box.min.x >= Double(b.minX) && box.min.y >= Double(b.minY) && box.max.x <= Double(b.maxX) && box.max.y <= Double(b.maxY)
        let textClip: Clip
        if s.masksToBounds {
            textClip = Self.boundsClip(clip, s, shape: Self.roundedBounds(s), map: map)
        } else if inside {
            textClip = clip
        } else {
            textClip = Self.clip(clip, adding: RoundedRect(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY), map: map)
        }
        for m in ink.masks {
            guard let color = styles[m.style].color else { continue }
            appendCommand(m.mask.command(at: m.pixel, color: color.premultipliedARGB32, opacity: opacity, clip: textClip))
        }
        for style in ink.paths.keys.sorted() {
            guard let color = styles[style].color, let path = ink.paths[style] else { continue }
            appendCommand(FillCommand(path: path, rule: .nonZero, localToDevice: map,
                                      paint: .solid(color.premultipliedARGB32), opacity: opacity, clip: textClip))
        }
    }

    /// The most glyphs one text layer draws per frame (what a 1024 × 768 layer of 12 pt text
    /// shows); the path rasteriser's work stays bounded whatever the string.
    static let maximumDrawnGlyphs = 8_000
    static let glyphLimitReport = DiagnosticOnce()

    /// The part of the plane that `map` shows inside device rectangle `r`, for a flat (affine)
    /// map; nil otherwise (perspective: no culling beyond the bounds).
    static func localRect(of r: IntRect, _ map: Projective) -> CGRect? {
        guard map.isAffine, let inverse = map.inverted() else { return nil }
        // The four corners, without arrays (this runs for every text layer each frame).
        let c0 = inverse.apply(x: Double(r.x0), y: Double(r.y0)), c1 = inverse.apply(x: Double(r.x1), y: Double(r.y0))
        let c2 = inverse.apply(x: Double(r.x1), y: Double(r.y1)), c3 = inverse.apply(x: Double(r.x0), y: Double(r.y1))
        func finite(_ c: SIMD2<Double>) -> Bool { c.x.isFinite && c.y.isFinite }
        guard finite(c0), finite(c1), finite(c2), finite(c3) else { return nil }
        let lo = pointwiseMin(pointwiseMin(c0, c1), pointwiseMin(c2, c3))
        let hi = pointwiseMax(pointwiseMax(c0, c1), pointwiseMax(c2, c3))
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// Device pixels per point of the plane (the geometric mean of the map's two scales; at the
    /// plane's origin under perspective).
    static func textDeviceScale(_ map: Projective) -> Double {
        let det = abs(map.m11 * map.m22 - map.m12 * map.m21) / max(1e-300, map.m33 * map.m33)
        return det.isFinite ? det.squareRoot() : 1
    }

    /// The overlapping parts a `CATextLayer` draws: its text, when it has any (0 for other layers).
    static func textPartCount(_ s: LayerState) -> Int {
        guard let t = s.text, let string = t.string else { return 0 }
        if let a = string as? NSAttributedString { return a.length > 0 ? 1 : 0 }
        return (string as? String).map { $0.isEmpty ? 0 : 1 } ?? 0
    }
}
