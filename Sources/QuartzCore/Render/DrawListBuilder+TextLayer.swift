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
        // What can show, in layout coordinates: the bounds, and (for flat maps) the part of the
        // layer's plane inside the device clip. A glyph's ink stays within about an em of its
        // origin, so glyphs and lines farther out are skipped.
        var visible = CGRect(x: 0, y: 0, width: b.width, height: b.height)
        if let local = Self.localRect(of: clip.rect, map) {
            visible = visible.intersection(local.offsetBy(dx: -b.minX, dy: -b.minY))
        }
        guard !visible.isNull, !visible.isEmpty else { return }
        let deviceScale = Self.textDeviceScale(map)
        var paths: [Int: PathGeometry] = [:]
        var drawn = 0
        for line in layout.lines where drawn < Self.maximumDrawnGlyphs {
            guard line.baseline + line.descent > Double(visible.minY), line.baseline - line.ascent < Double(visible.maxY) else { continue }
            var byFace: [ObjectIdentifier: (face: FontFace, glyphs: [TextLayout.Glyph])] = [:]
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
                byFace[ObjectIdentifier(style.face), default: (style.face, [])].glyphs.append(g)
            }
            appendLine(byFace, layout: layout, baseline: line.baseline, origin: b.origin, to: &paths)
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

    /// The most glyphs one text layer draws per frame (what a 1024 × 768 layer of 12 pt text
    /// shows); the path rasteriser's work stays bounded whatever the string.
    static let maximumDrawnGlyphs = 8_000
    static let glyphLimitReport = DiagnosticOnce()

    /// Appends one line's glyphs (grouped by face, so each face's outlines come in one call),
    /// to the path of each glyph's style.
    private func appendLine(_ byFace: [ObjectIdentifier: (face: FontFace, glyphs: [TextLayout.Glyph])], layout: TextLayout,
                            baseline: Double, origin: CGPoint, to paths: inout [Int: PathGeometry]) {
        for (_, entry) in byFace {
            let outlines = entry.face.outlines(entry.glyphs.map(\.id))
            for (g, outline) in zip(entry.glyphs, outlines) where !outline.isEmpty {
                let k = layout.styles[g.style].scale
                paths[g.style, default: PathGeometry()].append(outline, scaledBy: k,
                                                                offsetBy: SIMD2(Double(origin.x) + g.x, Double(origin.y) + baseline))
            }
        }
    }

    /// The part of the plane that `map` shows inside device rectangle `r`, for a flat (affine)
    /// map; nil otherwise (perspective: no culling beyond the bounds).
    static func localRect(of r: IntRect, _ map: Projective) -> CGRect? {
        guard map.isAffine, let inverse = map.inverted() else { return nil }
        let corners = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)].map {
            inverse.apply(x: Double($0.0), y: Double($0.1))
        }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
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
