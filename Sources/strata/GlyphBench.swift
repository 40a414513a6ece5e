import ArgumentParser
import CoreGraphics
import Dispatch
import Foundation
import Raster

/// `strata bench --variant glyphs`: the question issue #13 left open for `CATextLayer`. Is text
/// faster drawn from its glyph outlines through the path rasteriser (what Strata does: sharp
/// under any transform), or from a glyph-coverage cache (an alpha mask per glyph and quarter-pixel
/// offset, drawn as a masked rectangle; valid only under similarity transforms)?
///
/// Both draw the same page: DejaVu Sans 12 px, 1024 × 768, ≈ 7,000 glyphs, white on black. The
/// page is drawn in full every frame. The outline mode builds the page's outline path every
/// frame, as the text layer does, and fills it once. The cached mode keeps one mask per (glyph,
/// quarter-pixel x offset), rasterised once through the same path rasteriser, and draws one
/// `alphaMask` rectangle per glyph every frame.
enum GlyphBench {
    static let width = 1024, height = 768
    static let pixelSize = 12.0
    static let line = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. 0123456789 "

    struct Placed { var id: UInt32; var x: Double; var baseline: Double }

    /// The page's glyphs, left to right and top to bottom, with the font's advances (no kerning).
    static func page(_ face: FontFace) -> [Placed] {
        let scalars = Array(String(repeating: line, count: 3).unicodeScalars)
        let (glyphs, advances) = face.glyphsAndAdvances(scalars)
        let k = pixelSize / face.unitsPerEm
        var out: [Placed] = []
        var baseline = 14.0, row = 0
        while baseline < Double(height) - 4 {
            var x = 4.0, i = row * 7 % line.unicodeScalars.count
            while i < glyphs.count, x + advances[i] * k < Double(width) - 4 {
                out.append(Placed(id: glyphs[i], x: x, baseline: baseline))
                x += advances[i] * k
                i += 1
            }
            baseline += 15
            row += 1
        }
        return out
    }

    /// Outline mode: one path for the whole page, built from the (font-cached) outlines.
    static func outlineCommands(_ face: FontFace, _ page: [Placed]) -> [FillCommand] {
        let outlines = face.outlines(page.map(\.id))
        let k = pixelSize / face.unitsPerEm
        var path = PathGeometry()
        for (g, outline) in zip(page, outlines) {
            path.append(outline, scaledBy: k, offsetBy: SIMD2(g.x, g.baseline))
        }
        return [FillCommand(path: path, rule: .nonZero, localToDevice: .identity, paint: .solid(0xFFFF_FFFF))]
    }

    /// A glyph's coverage at one quarter-pixel offset: the mask and where its texel (0, 0) sits
    /// relative to the glyph's origin rounded down to a whole pixel.
    struct Mask { var surface: Surface; var dx: Int; var dy: Int }

    /// The coverage cache: masks by glyph and quarter-pixel offset, made on first use.
    final class Cache {
        var masks: [UInt64: Mask] = [:]
        let face: FontFace
        init(face: FontFace) { self.face = face }

        func mask(_ id: UInt32, quarter: Int) -> Mask? {
            let key = UInt64(id) << 2 | UInt64(quarter)
            if let m = masks[key] { return m }
            guard let outline = face.outlines([id]).first, let box = outline.controlBounds else { return nil }
            let k = pixelSize / face.unitsPerEm, shift = Double(quarter) / 4
            let x0 = Int((box.min.x * k + shift).rounded(.down)) - 1, y0 = Int((box.min.y * k).rounded(.down)) - 1
            let x1 = Int((box.max.x * k + shift).rounded(.up)) + 1, y1 = Int((box.max.y * k).rounded(.up)) + 1
            let surface = Surface(width: max(1, x1 - x0), height: max(1, y1 - y0))
            var path = PathGeometry()
            path.append(outline, scaledBy: k, offsetBy: SIMD2(shift - Double(x0), -Double(y0)))
            execute([FillCommand(path: path, rule: .nonZero, localToDevice: .identity, paint: .solid(0xFFFF_FFFF))],
                    on: surface, threads: 1)
            let m = Mask(surface: surface, dx: x0, dy: y0)
            masks[key] = m
            return m
        }
    }

    /// Cached mode: one masked rectangle per glyph.
    static func cachedCommands(_ cache: Cache, _ page: [Placed]) -> [FillCommand] {
        var commands: [FillCommand] = []
        commands.reserveCapacity(page.count)
        for g in page {
            let whole = g.x.rounded(.down), quarter = Int(((g.x - whole) * 4).rounded(.down))
            guard let m = cache.mask(g.id, quarter: quarter) else { continue }
            let left = Double(Int(whole) + m.dx), top = g.baseline + Double(m.dy)
            let rect = RoundedRect(minX: left, minY: top, maxX: left + Double(m.surface.width), maxY: top + Double(m.surface.height))
            commands.append(FillCommand(shape: rect, localToDevice: .identity,
                                        paint: .alphaMask(m.surface, map: .translation(-left, -top), color: 0xFFFF_FFFF)))
        }
        return commands
    }

    /// Times `frames` frames of one mode; returns frames per second (and writes the last frame
    /// to `out` when given).
    static func run(cached: Bool, frames: Int, warmup: Int, threads: Int, out: String?) throws -> (fps: Double, glyphs: Int) {
        guard let face = FontLibrary.shared.defaultFace else { throw ValidationError("no font: install fonts-dejavu-core") }
        let page = page(face)
        let cache = Cache(face: face)
        let surface = Surface(width: width, height: height)
        func frame() {
            surface.clear(0xFF00_0000)
            execute(cached ? cachedCommands(cache, page) : outlineCommands(face, page), on: surface, threads: threads)
        }
        for _ in 0..<warmup { frame() }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<frames { frame() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        if let out { try CGImage(surface: surface).writePNG(to: URL(fileURLWithPath: out)) }
        return (Double(frames) / seconds, page.count)
    }
}
