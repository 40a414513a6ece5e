import Dispatch
import Foundation
import Raster
import Testing
@testable import QuartzCore

/// `CATextLayer` under a device similarity draws its glyphs from `GlyphCoverageCache` (one
/// masked rectangle per glyph, its origin on the nearest quarter pixel); under any other map it
/// fills the outlines. Both must draw the same ink: a mask sits at most 1/8 pixel from the
/// outline in x and in y, so no pixel's coverage moves by more than about a quarter of its range
/// (64 levels, 72 with rounding), and the ink totals agree within 0.5 %.
@Suite(.serialized)
struct GlyphCacheTextTests {
    static let text = "The quick brown fox jumps over the lazy dog. 0123456789 — Sphinx of black quartz, judge my vow!"

    /// A white-on-black wrapped text layer at (10.3, 7.6), `size` pt, under `transform`.
    static func render(size: CGFloat, transform: CATransform3D = CATransform3DIdentity, width: Int = 320, height: Int = 160) -> CGImage {
        let layer = TextFixture.layer(text, width: 300, height: 140, size: size) {
            $0.position = CGPoint(x: 10.3, y: 7.6)
            $0.isWrapped = true
            $0.transform = transform
        }
        return Golden.render(TextFixture.root(layer, width: CGFloat(width), height: CGFloat(height)), width: width, height: height)
    }

    /// The commands a text layer emits (the root's background first).
    static func commands(size: CGFloat, transform: CATransform3D = CATransform3DIdentity) -> [FillCommand] {
        let layer = TextFixture.layer(text, width: 300, height: 140, size: size) { $0.isWrapped = true; $0.transform = transform }
        let renderer = CARenderer(width: 320, height: 160)
        renderer.layer = TextFixture.root(layer, width: 320, height: 160)
        CATransaction.flush()
        let frame = renderer.prepareFrame(atTime: 0)
        renderer.draw(frame)
        return frame.passes.last?.commands ?? []
    }

    static func isMask(_ c: FillCommand) -> Bool {
        if case .alphaMask = c.paint { return true }
        return false
    }

    @Test(.manualClock) func similarityTextDrawsOneMaskPerGlyphAndOtherMapsFillOutlines() {
        let cached = Self.commands(size: 13)
        let masks = cached.filter(Self.isMask).count
        // 95 scalars, 17 of them spaces (no ink): 78 glyphs with ink, each one rectangle.
        #expect(masks == 78, "\(masks) mask commands")
        #expect(!cached.contains { if case .path = $0.geometry { return true } else { return false } })
        // Skewed: outlines, one path for the one colour, no mask.
        var skew = CATransform3DIdentity
        skew.m21 = 0.2
        let skewed = Self.commands(size: 13, transform: skew)
        #expect(skewed.filter(Self.isMask).isEmpty)
        #expect(skewed.filter { if case .path = $0.geometry { return true } else { return false } }.count == 1)
        // Too big for masks (13 pt × 16 = 208 device pixels per em): outlines.
        let huge = Self.commands(size: 13, transform: CATransform3DMakeScale(16, 16, 1))
        #expect(huge.filter(Self.isMask).isEmpty)
    }

    @Test(.manualClock) func masksAndOutlinesDrawTheSameInk() {
        // A y scale of 1 + 1e-9 is not a similarity (outlines) and moves nothing by a pixel.
        for size in [9.0, 13.0, 21.5] as [CGFloat] {
            let cached = Self.render(size: size)
            let outlined = Self.render(size: size, transform: CATransform3DMakeScale(1, 1 + 1e-9, 1))
            var inkA = 0, inkB = 0, far = 0, worst = 0
            for y in 0..<cached.height {
                for x in 0..<cached.width {
                    let a = Int(cached.surface[x, y] >> 8 & 0xFF), b = Int(outlined.surface[x, y] >> 8 & 0xFF)
                    inkA += a; inkB += b
                    worst = max(worst, abs(a - b))
                    if abs(a - b) > 72 { far += 1 }
                }
            }
            #expect(inkB > 100_000, "\(size) pt: the text has ink (\(inkB))")
            #expect(abs(Double(inkA) / Double(max(inkB, 1)) - 1) < 0.005, "\(size) pt: ink \(inkA) vs \(inkB)")
            #expect(far == 0, "\(size) pt: \(far) pixels differ by more than 72 (worst \(worst))")
        }
    }

    /// The surfaces of the glyph masks a frame of `size` pt text draws from (held, so no
    /// address is reused while the caller compares them).
    static func maskSurfaces(size: CGFloat) -> [Surface] {
        commands(size: size).compactMap { c -> Surface? in
            if case .alphaMask(let surface, _, _) = c.paint { return surface }
            return nil
        }
    }

    @Test(.manualClock) func aSecondFrameMakesNoMask() {
        // The second frame draws from the very masks the first one made: the same surfaces, so
        // none was made again. (Counting `GlyphCoverageCache.shared.made` instead would see the
        // masks other tests make at the same time in a parallel run.)
        let first = Self.maskSurfaces(size: 11.71)
        let second = Self.maskSurfaces(size: 11.71)
        let firstIDs = Set(first.map(ObjectIdentifier.init)), secondIDs = Set(second.map(ObjectIdentifier.init))
        #expect(firstIDs.count > 20, "the first frame drew from \(firstIDs.count) masks")
        #expect(secondIDs == firstIDs, "the second frame drew from \(secondIDs.subtracting(firstIDs).count) new masks")
    }

    @Test(.manualClock) func hostileMapsAndSizesDrawWithoutCrashing() {
        for t in [CATransform3DMakeScale(1e-12, 1e-12, 1), CATransform3DMakeScale(1e9, 1e9, 1),
                  CATransform3DMakeTranslation(1e15, -1e15, 0), CATransform3DMakeTranslation(.nan, 0, 0),
                  CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeScale(.infinity, .infinity, 1)] {
            let image = Self.render(size: 13, transform: t, width: 64, height: 48)
            #expect(image.width == 64)
        }
    }
}

/// The cache itself: bounded bytes, least recently used dropped first, safe from many threads.
struct GlyphCoverageCacheTests {
    static var face: FontFace? { FontLibrary.shared.defaultFace }

    @Test func masksStayWithinTheByteBudgetAndRecentOnesSurvive() throws {
        let face = try #require(Self.face)
        let cache = GlyphCoverageCache(byteBudget: 40_000)
        var made = false
        func touch(_ glyph: UInt32) -> GlyphCoverageCache.Lookup {
            cache.mask(face: face, pixelSize: 24, glyph: glyph, step: SIMD2(1, 2), mayMake: true, made: &made)
        }
        _ = touch(36)
        for g in UInt32(37)..<UInt32(137) {
            _ = touch(g)
            _ = touch(36)   // kept in use
            #expect(cache.bytes <= 40_000)
        }
        #expect(cache.made > 100)
        #expect(cache.count < 100, "old masks were dropped (\(cache.count) held)")
        made = false
        if case .mask = touch(36) {} else { Issue.record("glyph 36 has ink") }
        #expect(!made, "the mask in use survived every eviction")
        made = false
        _ = touch(40)
        #expect(made, "an old mask was dropped and is made again")
    }

    @Test func aMaskHoldsTheGlyphsCoverageAtItsSubpixelStep() throws {
        let face = try #require(Self.face)
        let cache = GlyphCoverageCache(byteBudget: 1 << 20)
        var made = false
        // DejaVu Sans "I" (stem 201…403 units) at 20.48 px: x 2.01…4.03 from the origin; at step
        // 2 (half a pixel) 2.51…4.53: pixel 2 covered 0.49, pixels 3 full, 4 covered 0.53.
        let glyph = face.glyphsAndAdvances(["I"]).glyphs[0]
        guard case .mask(let m) = cache.mask(face: face, pixelSize: 20.48, glyph: glyph, step: SIMD2(2, 0), mayMake: true, made: &made)
        else { Issue.record("no mask"); return }
        let row = -m.dy - 5   // five pixels above the baseline: inside the stem
        let alpha = { (x: Int) in Int(m.surface[x - m.dx, row] >> 24) }
        #expect(abs(alpha(2) - 125) <= 1, "\(alpha(2))")
        #expect(alpha(3) == 255)
        #expect(abs(alpha(4) - 135) <= 1, "\(alpha(4))")
        #expect(alpha(1) == 0 && alpha(5) == 0)
        let space = face.glyphsAndAdvances([" "]).glyphs[0]
        if case .empty = cache.mask(face: face, pixelSize: 20.48, glyph: space, step: .zero, mayMake: true, made: &made) {} else {
            Issue.record("a space has no mask")
        }
        if case .missing = cache.mask(face: face, pixelSize: 20.48, glyph: glyph, step: SIMD2(3, 0), mayMake: false, made: &made) {} else {
            Issue.record("not made when not allowed")
        }
    }

    @Test func manyThreadsShareOneCache() throws {
        let face = try #require(Self.face)
        let cache = GlyphCoverageCache(byteBudget: 200_000)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var made = false
            for i in 0..<400 {
                let glyph = UInt32(36 + (i * 7 + worker) % 60)
                _ = cache.mask(face: face, pixelSize: 14, glyph: glyph, step: SIMD2(i & 3, worker & 3), mayMake: true, made: &made)
            }
        }
        #expect(cache.bytes <= 200_000)
        #expect(cache.count > 0)
    }

    @Test func snappingRoundsToTheNearestQuarterAndRefusesHugeOrigins() {
        let a = GlyphCoverageCache.snap(SIMD2(10.3, -7.6))
        #expect(a?.pixel == SIMD2(10, -8) && a?.step == SIMD2(1, 2))
        #expect(GlyphCoverageCache.snap(SIMD2(1e15, 0)) == nil)
        #expect(GlyphCoverageCache.snap(SIMD2(.nan, 0)) == nil)
        #expect(GlyphCoverageCache.similarity(.scale(2, 2)) != nil)
        #expect(GlyphCoverageCache.similarity(.scale(2, 2.0000001)) == nil)
        #expect(GlyphCoverageCache.similarity(.rotation(0.1)) == nil)
        #expect(GlyphCoverageCache.similarity(.scale(-1, -1)) == nil)
    }
}

/// `CGContext` text (`CTLineDraw`) under a similarity draws from the same cache, with the same
/// ink as its outlines (same tolerance as the text layer's).
struct ContextGlyphCacheTests {
    static func draw(size: CGFloat, textMatrix: CGAffineTransform = .identity) throws -> (CGContext, Int) {
        let ctx = try #require(CGContext(data: nil, width: 240, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Sphinx of black quartz, judge my vow",
                                                                       attributes: [.font: font]))
        let before = GlyphCoverageCache.shared.made
        ctx.textMatrix = textMatrix
        ctx.textPosition = CGPoint(x: 4.3, y: 12.6)
        CTLineDraw(line, ctx)
        return (ctx, GlyphCoverageCache.shared.made - before)
    }

    @Test func contextTextDrawsFromMasksWithTheOutlinesInk() throws {
        let (cached, made) = try Self.draw(size: 13.37)
        // Counted by size: the process-wide `made` counter also counts other tests' masks.
        let ownSize = 13.3...13.45, held = GlyphCoverageCache.shared.count(pixelSizes: ownSize)
        let (outlined, _) = try Self.draw(size: 13.37, textMatrix: CGAffineTransform(a: 1, b: 0, c: 0, d: 1 + 1e-9, tx: 0, ty: 0))
        #expect(made > 15, "the first draw at this size made \(made) masks")
        #expect(held > 15)
        #expect(GlyphCoverageCache.shared.count(pixelSizes: ownSize) <= held, "a map that is not a similarity makes no mask")
        let a = cached.data!.assumingMemoryBound(to: UInt8.self), b = outlined.data!.assumingMemoryBound(to: UInt8.self)
        var inkA = 0, inkB = 0, far = 0
        for y in 0..<cached.height {
            for x in 0..<cached.width {
                let i = y * cached.bytesPerRow + x * 4 + 3
                inkA += Int(a[i]); inkB += Int(b[i])
                if abs(Int(a[i]) - Int(b[i])) > 72 { far += 1 }
            }
        }
        #expect(inkB > 20_000, "the line has ink (\(inkB))")
        #expect(abs(Double(inkA) / Double(max(inkB, 1)) - 1) < 0.005, "ink \(inkA) vs \(inkB)")
        #expect(far == 0, "\(far) pixels differ by more than 72")
    }
}
