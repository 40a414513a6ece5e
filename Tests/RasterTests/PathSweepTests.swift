import Testing
@testable import Raster

// The path sweep (BandRasterizer+Path.swift): rows accumulated a bucket of 16 rows at a time,
// touched cells found from a bitmap, solid rims blended eight pixels at a time. Pixels must be
// what the one-cell-at-a-time sweep and the one-pixel kernel gave.

@Test func eightLaneRimBlendMatchesTheOnePixelKernel() {
    var rng = SeededRandom(seed: 230)
    for n in 0...40 {
        for _ in 0..<20 {
            let color = randomPremultiplied(&rng)
            var dst = (0..<(n + 1)).map { _ in randomPremultiplied(&rng) }
            var cov = (0..<(n + 1)).map { _ in UInt32.random(in: 0...255, using: &rng) }
            // Runs of zero scales (skipped groups) and of full ones.
            if n >= 16, Bool.random(using: &rng) { for k in 0..<8 { cov[k] = 0 } }
            if n >= 16, Bool.random(using: &rng) { for k in 8..<16 { cov[k] = 255 } }
            var expected = dst
            over_solid_coverage(&expected, n, color, cov)
            dst.withUnsafeMutableBufferPointer { d in
                cov.withUnsafeMutableBufferPointer { c in
                    over_solid_coverage8(d.baseAddress!, n, color, c.baseAddress!, lanes: true)
                }
            }
            #expect(dst == expected, "n \(n) colour \(String(color, radix: 16))")
        }
    }
}

/// The padded tail: the last partial group of eight runs as eight lanes, reading the scales
/// and pixels past the span; the pixels there (which hold other values, and scales that are
/// not zero) must come back unchanged and the span's own pixels be the one-pixel kernel's.
@Test func paddedRimTailBlendsOnlyItsSpan() {
    var rng = SeededRandom(seed: 231)
    for n in 1...40 {
        for _ in 0..<20 {
            let color = randomPremultiplied(&rng)
            var dst = (0..<(n + 8)).map { _ in randomPremultiplied(&rng) }
            var cov = (0..<(n + 8)).map { _ in UInt32.random(in: 1...255, using: &rng) }
            var expected = dst
            over_solid_coverage(&expected, n, color, cov)
            dst.withUnsafeMutableBufferPointer { d in
                cov.withUnsafeMutableBufferPointer { c in
                    over_solid_coverage8(d.baseAddress!, n, color, c.baseAddress!, padded: true, lanes: true)
                }
            }
            #expect(dst == expected, "n \(n) colour \(String(color, radix: 16))")
        }
    }
}

@Test func cellsWhoseEdgesCancelStayInsideAFullRun() {
    // A 40 × 40 square with a slit of zero width cut into it and back (two coincident edges of
    // opposite direction at x = 20.3): the slit's cells are touched but sum to zero, so the
    // square is drawn exactly as without the slit, full inside, half-covered columns nowhere.
    let square = polygonPath([SIMD2(4, 4), SIMD2(44, 4), SIMD2(44, 44), SIMD2(4, 44)])
    let slit = polygonPath([SIMD2(4, 4), SIMD2(20.3, 4), SIMD2(20.3, 34), SIMD2(20.3, 4), SIMD2(44, 4),
                            SIMD2(44, 44), SIMD2(4, 44)])
    let a = Surface(width: 48, height: 48), b = Surface(width: 48, height: 48)
    a.clear(0xFF00_0000); b.clear(0xFF00_0000)
    execute([whiteFill(square)], on: a, threads: 2)
    execute([whiteFill(slit)], on: b, threads: 2)
    #expect(pixels(a) == pixels(b))
    #expect(b[20, 20] == 0xFFFF_FFFF && b[21, 10] == 0xFFFF_FFFF && b[3, 20] == 0xFF00_0000 && b[44, 20] == 0xFF00_0000)
}

@Test func aPathTallerThanABucketDrawsEveryRow() {
    // A thin slanted band 200 rows tall crosses 13 buckets of 16 rows; each row holds exactly
    // one pixel-wide run: x from 10 + y/4 to 14 + y/4 (hand-computed coverage at row y: the
    // pixels fully inside the run are white).
    let band = polygonPath([SIMD2(10, 0), SIMD2(14, 0), SIMD2(64, 200), SIMD2(60, 200)])
    let s = Surface(width: 80, height: 200)
    execute([whiteFill(band)], on: s, threads: 2)
    for y in stride(from: 0, to: 200, by: 4) {
        // At row y (centre y + 0.5) the band spans [10 + (y + 0.5)/4, 14 + (y + 0.5)/4]; pixel
        // 11 + y/4 … 12 + y/4 lie inside for every y in the row.
        let x = 11 + y / 4
        #expect(s[x, y] == 0xFFFF_FFFF && s[x + 1, y] == 0xFFFF_FFFF, "row \(y)")
        #expect(s[x - 3, y] == 0 && s[x + 4, y] == 0, "row \(y)")
    }
}
