import ArgumentParser
import CoreGraphics
import Dispatch
import Foundation
import Raster

/// `strata bench --variant glyphs`: text drawn from its glyph outlines through the path
/// rasteriser (what `CATextLayer` does under rotation, skew, perspective or huge sizes) against
/// text drawn from the glyph-coverage cache (an alpha mask per glyph and quarter-pixel offset,
/// drawn as a masked rectangle: what it does under a similarity).
///
/// Both draw the same page: DejaVu Sans 12 px, 1024 × 768, ≈ 7,000 glyphs, white on black. The
/// page is drawn in full every frame. The outline mode builds the page's outline path every
/// frame, as the text layer does under a map that is not a similarity, and fills it once. The
/// cached mode (what the text layer does under a similarity, the default) draws one `alphaMask`
/// rectangle per glyph every frame from `GlyphCoverageCache` (one mask per glyph and
/// quarter-pixel offset, rasterised once through the same path rasteriser).
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

    /// Cached mode, what `CATextLayer` does under a similarity: one `GlyphCoverageCache` mask
    /// rectangle per glyph, its origin on the nearest quarter pixel (the masks are made on the
    /// first frame).
    static func cachedCommands(_ cache: GlyphCoverageCache, _ face: FontFace, _ page: [Placed]) -> [FillCommand] {
        var commands: [FillCommand] = []
        commands.reserveCapacity(page.count)
        var made = false
        for g in page {
            guard let snapped = GlyphCoverageCache.snap(SIMD2(g.x, g.baseline)),
                  case .mask(let m) = cache.mask(face: face, pixelSize: pixelSize, glyph: g.id, step: snapped.step,
                                                  mayMake: true, made: &made) else { continue }
            commands.append(m.command(at: snapped.pixel, color: 0xFFFF_FFFF))
        }
        return commands
    }

    /// Times `frames` frames of one mode; returns frames per second (and writes the last frame
    /// to `out` when given), the glyphs a page has and, when `countsAllocations`, the heap
    /// allocations per measured frame.
    static func run(cached: Bool, frames: Int, warmup: Int, threads: Int, out: String?,
                    countsAllocations: Bool = false) throws -> (fps: Double, glyphs: Int, allocations: Double?) {
        guard let face = FontLibrary.shared.defaultFace else { throw ValidationError("no font: install fonts-dejavu-core") }
        let page = page(face)
        let cache = GlyphCoverageCache.shared
        let surface = Surface(width: width, height: height)
        func frame() {
            surface.clear(0xFF00_0000)
            execute(cached ? cachedCommands(cache, face, page) : outlineCommands(face, page), on: surface, threads: threads)
        }
        for _ in 0..<warmup { frame() }
        let counting = AllocationCount.begin(if: countsAllocations)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<frames { frame() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        let allocations = counting?.end(frames: frames)
        if let out { try CGImage(surface: surface).writePNG(to: URL(fileURLWithPath: out)) }
        return (Double(frames) / seconds, page.count, allocations)
    }
}
