import Testing
@testable import Raster

/// A glyph mask drawn where it was rasterised (pixel centres on texel centres) reads its texels
/// directly (`over_solid_aligned_mask`): it must give exactly what the bilinear-sampling kernel
/// gives there, for any colour, opacity, coverage row and destination.
@Test func alignedMaskKernelMatchesTheSampledKernelExactly() {
    var rng = SplitMix64(seed: 23)
    let tex = Surface(width: 37, height: 5)
    // Premultiplied white with a random alpha, as the glyph cache stores coverage.
    for y in 0..<5 {
        for x in 0..<37 {
            let a = UInt32(rng.next() % 256)
            tex[x, y] = a << 24 | a << 16 | a << 8 | a
        }
    }
    let view = TextureView(tex)
    for trial in 0..<200 {
        let n = 1 + Int(rng.next() % 30), u0 = Int(rng.next() % UInt64(37 - n + 1)), v = Int(rng.next() % 5)
        let a = UInt32(rng.next() % 256)
        let color = mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, a)
        let scale = UInt32(rng.next() % 256)
        var coverage = (0..<n).map { _ in UInt32(rng.next() % 256) }
        var sampled = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
        var direct = sampled
        let useCoverage = trial % 2 == 0
        coverage.withUnsafeMutableBufferPointer { cov in
            let c: UnsafePointer<UInt32>? = useCoverage ? UnsafePointer(cov.baseAddress!) : nil
            sampled.withUnsafeMutableBufferPointer {
                over_solid_alpha_mask($0.baseAddress!, n, view, color: color, start: SIMD3(Double(u0) + 0.5, Double(v) + 0.5, 1),
                                      step: SIMD3(1, 0, 0), perspective: false, scale: scale, coverage: c)
            }
            direct.withUnsafeMutableBufferPointer {
                over_solid_aligned_mask($0.baseAddress!, n, UnsafePointer(tex.pixels + v * tex.stride + u0),
                                        color: color, scale: scale, coverage: c)
            }
        }
        #expect(sampled == direct, "trial \(trial)")
    }
}
