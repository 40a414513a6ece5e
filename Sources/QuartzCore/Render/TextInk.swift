import Foundation
import Raster

/// The glyphs of one text layer's frame, gathered before any command is made (the clip depends
/// on where all of them reach): glyphs drawn from `GlyphCoverageCache` masks, in layout order,
/// and the rest as one outline path per style, in the layer's plane.
struct TextInk {
    struct PlacedMask {
        var mask: GlyphCoverageCache.Mask
        var pixel: SIMD2<Int>
        var style: Int
    }

    /// The layer's map when it is a device similarity (then glyphs may draw from masks).
    let similarity: (scale: Double, tx: Double, ty: Double)?
    var masks: [PlacedMask] = []
    var paths: [Int: PathGeometry] = [:]
    /// Masks this frame may still make (`GlyphCoverageCache.missesPerDraw`).
    var budget = GlyphCoverageCache.missesPerDraw
    /// The device box of the masks' ink (their pixel of margin removed).
    private var maskLo = SIMD2<Double>(repeating: .infinity), maskHi = SIMD2<Double>(repeating: -.infinity)

    init(similarity: (scale: Double, tx: Double, ty: Double)?) { self.similarity = similarity }

    /// Adds one line's glyphs, in layout order (the masks draw in that order), whose
    /// baseline's left end is at `origin` in the layer's plane; the glyphs that draw from
    /// outlines are grouped by face, so each face's outlines come in one call.
    mutating func appendLine(_ glyphs: [TextLayout.Glyph], styles: [TextStyle], origin: SIMD2<Double>) {
        var byFace: [ObjectIdentifier: (face: FontFace, glyphs: [TextLayout.Glyph])] = [:]
        for g in glyphs where !appendMask(g, style: styles[g.style], origin: origin) {
            byFace[ObjectIdentifier(styles[g.style].face), default: (styles[g.style].face, [])].glyphs.append(g)
        }
        for (_, entry) in byFace {
            let outlines = entry.face.outlines(entry.glyphs.map(\.id))
            for (g, outline) in zip(entry.glyphs, outlines) where !outline.isEmpty {
                paths[g.style, default: PathGeometry()].append(outline, scaledBy: styles[g.style].scale,
                                                               offsetBy: SIMD2(origin.x + g.x, origin.y))
            }
        }
    }

    /// Places glyph `g` from the cache; false when it must draw from its outline (no
    /// similarity, too big, out of budget).
    private mutating func appendMask(_ g: TextLayout.Glyph, style: TextStyle, origin: SIMD2<Double>) -> Bool {
        guard let sim = similarity else { return false }
        let pixelSize = style.size * sim.scale
        guard pixelSize <= GlyphCoverageCache.maximumPixelSize,
              let snapped = GlyphCoverageCache.snap(SIMD2(origin.x + g.x, origin.y) * sim.scale + SIMD2(sim.tx, sim.ty)) else { return false }
        var made = false
        switch GlyphCoverageCache.shared.mask(face: style.face, pixelSize: pixelSize, glyph: g.id, step: snapped.step,
                                              mayMake: budget > 0, made: &made) {
        case .missing: return false
        case .empty: break
        case .mask(let m):
            masks.append(PlacedMask(mask: m, pixel: snapped.pixel, style: g.style))
            let lo = SIMD2(Double(snapped.pixel.x + m.dx + 1), Double(snapped.pixel.y + m.dy + 1))
            let hi = lo + SIMD2(Double(m.surface.width - 2), Double(m.surface.height - 2))
            maskLo = pointwiseMin(maskLo, lo)
            maskHi = pointwiseMax(maskHi, hi)
        }
        if made { budget -= 1 }
        return true
    }

    /// The box of all the ink in the layer's plane; nil when nothing draws.
    func localBounds(map: Projective) -> (min: SIMD2<Double>, max: SIMD2<Double>)? {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for box in paths.values.compactMap(\.controlBounds) { lo = pointwiseMin(lo, box.min); hi = pointwiseMax(hi, box.max) }
        if !masks.isEmpty, let sim = similarity {
            let t = SIMD2(sim.tx, sim.ty)
            lo = pointwiseMin(lo, (maskLo - t) / sim.scale)
            hi = pointwiseMax(hi, (maskHi - t) / sim.scale)
        }
        guard !paths.isEmpty || !masks.isEmpty else { return nil }
        return (lo, hi)
    }
}
