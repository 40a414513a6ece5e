import Testing
@testable import Raster

/// The eight-lane perspective kernels (`PerspectiveLanes` positions, `BilinearLanes` texels)
/// must give exactly the pixels of the one-pixel-at-a-time kernels, for any projective map
/// (including spans that cross the horizon, NaN and far-away positions), texture size,
/// opacity, coverage row and destination.
struct PerspectiveLanesTests {
    /// A random premultiplied texture, some texels transparent.
    static func texture(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> Surface {
        let tex = Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = rng.next() % 4 == 0 ? 0 : UInt32(rng.next() % 256)
                tex[x, y] = mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, a)
            }
        }
        return tex
    }

    /// A random projective walk along a span: mostly gentle perspective over the texture,
    /// sometimes steep (W crosses 0 inside the span), sometimes hostile.
    static func walk(_ trial: Int, _ tex: Surface, _ rng: inout SplitMix64) -> (SIMD3<Double>, SIMD3<Double>) {
        func r(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000 }
        let w0 = r(0.5, 2)
        var start = SIMD3(r(-3, Double(tex.width) + 3) * w0, r(-3, Double(tex.height) + 3) * w0, w0)
        var step = SIMD3(r(-1.5, 1.5), r(-1.5, 1.5), r(-0.004, 0.004))
        switch trial % 10 {
        case 7: step.z = -w0 / r(4, 40)                          // the horizon inside the span
        case 8: start.x = [Double.nan, 1e300, -1e300][trial % 3] // hostile positions
        case 9: step = SIMD3(0.3 / 65536, 1.0 / 3, 1e-7)          // sub-texel steps near weight boundaries
        default: break
        }
        return (start, step)
    }

    /// `kernel(dst, coverage, lanes)` run with its lanes and one pixel at a time over the same
    /// random opaque destination of `n` pixels, with `coverage` as its row or none: both results.
    static func bothWays(_ n: Int, coverage: [UInt32], useCoverage: Bool, _ rng: inout SplitMix64,
                         _ kernel: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>?, Bool) -> Void) -> ([UInt32], [UInt32]) {
        var lanes = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
        var single = lanes
        coverage.withUnsafeBufferPointer { cov in
            let c = useCoverage ? cov.baseAddress : nil
            lanes.withUnsafeMutableBufferPointer { kernel($0.baseAddress!, c, true) }
            single.withUnsafeMutableBufferPointer { kernel($0.baseAddress!, c, false) }
        }
        return (lanes, single)
    }

    @Test func bilinearPerspectiveLanesMatchOnePixelAtATime() {
        var rng = SplitMix64(seed: 31)
        for trial in 0..<400 {
            let tex = Self.texture(2 + Int(rng.next() % 40), 2 + Int(rng.next() % 30), &rng)
            let view = TextureView(tex)
            let (start, step) = Self.walk(trial, tex, &rng)
            let n = 1 + Int(rng.next() % 70)
            let scale = trial % 3 == 0 ? 255 : UInt32(rng.next() % 256)
            let underlay: UInt32 = trial % 4 == 1 ? 0xFF20_4060 : 0
            let coverage = (0..<n).map { _ in rng.next() % 3 == 0 ? 0 : UInt32(rng.next() % 256) }
            let (lanes, single) = Self.bothWays(n, coverage: coverage, useCoverage: trial % 2 == 0, &rng) { dst, c, lanes in
                over_bilinear_perspective(dst, n, view, start: start, step: step, scale: scale,
                                          coverage: c, underlay: underlay, lanes: lanes)
            }
            #expect(lanes == single, "trial \(trial): \(zip(lanes, single).filter { $0 != $1 }.count) pixels differ")
        }
    }

    @Test func alphaMaskPerspectiveLanesMatchOnePixelAtATime() {
        var rng = SplitMix64(seed: 37)
        for trial in 0..<400 {
            let tex = Self.texture(2 + Int(rng.next() % 60), 2 + Int(rng.next() % 30), &rng)
            let view = TextureView(tex)
            let (start, step) = Self.walk(trial, tex, &rng)
            let n = 1 + Int(rng.next() % 70)
            let color = mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, UInt32(rng.next() % 256))
            let scale = UInt32(rng.next() % 256)
            let coverage = (0..<n).map { _ in UInt32(rng.next() % 256) }
            let (lanes, single) = Self.bothWays(n, coverage: coverage, useCoverage: trial % 2 == 0, &rng) { dst, c, lanes in
                over_solid_alpha_mask(dst, n, view, color: color, start: start, step: step,
                                      perspective: true, scale: scale, coverage: c, lanes: lanes)
            }
            #expect(lanes == single, "trial \(trial): \(zip(lanes, single).filter { $0 != $1 }.count) pixels differ")
        }
    }
}

/// The eight-lane fetch of a linear gradient, affine or under perspective, gives exactly the
/// colours of the one-pixel loop, with and without extension at either end, across the horizon.
@Test func linearGradientPerspectiveLanesMatchOnePixelAtATime() {
    var rng = SplitMix64(seed: 41)
    func r(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000 }
    for trial in 0..<300 {
        let gradient = Gradient(kind: .linear(start: SIMD2(r(-20, 20), r(-20, 20)), end: SIMD2(r(-60, 60), r(-60, 60))),
                                stops: [GradientStop(location: 0, color: SIMD4(1, 0.2, 0, 1)),
                                        GradientStop(location: r(0, 1), color: SIMD4(0, 0.5, 1, 0.5)),
                                        GradientStop(location: 1, color: SIMD4(0.3, 1, 0.1, 0.9))],
                                extendsBefore: trial % 2 == 0, extendsAfter: trial % 3 != 0)
        var m13 = r(-0.02, 0.02), m33 = r(0.5, 2)
        if trial % 7 == 3 { m13 = -0.08; m33 = 1 }                      // the horizon at x ≈ 12
        if trial % 11 == 5 { m13 = .nan }                               // hostile
        var m23 = r(-0.01, 0.01)
        if trial % 4 == 1 { m33 = 1; m13 = 0; m23 = 0 }               // affine: t steps along the row
        let map = Projective(m11: r(-2, 2), m12: r(-2, 2), m13: m13, m21: r(-2, 2), m22: r(-2, 2), m23: m23,
                             m31: r(-30, 30), m32: r(-30, 30), m33: m33)
        guard var prepared = PreparedGradient(gradient, deviceToGradient: map, tableOffset: 0) else { continue }
        var table: [UInt32] = [0xDEAD_BEEF]   // the table at offset 1, as the bands see many
        prepared.table = 1
        PreparedGradient.appendTable(gradient, to: &table)
        let n = 1 + Int(rng.next() % 60), x0 = Int(rng.next() % 100) - 30, y = Int(rng.next() % 80) - 20
        let scale = trial % 4 == 0 ? 255 : UInt32(rng.next() % 256)
        var lanes = [UInt32](repeating: 1, count: n), single = lanes
        withUnsafePointer(to: prepared) { g in
            table.withUnsafeBufferPointer { t in
                lanes.withUnsafeMutableBufferPointer {
                    fetch_gradient($0.baseAddress!, n, g, t.baseAddress!, x0: x0, y: y, scale: scale, lanes: true)
                }
                single.withUnsafeMutableBufferPointer {
                    fetch_gradient($0.baseAddress!, n, g, t.baseAddress!, x0: x0, y: y, scale: scale, lanes: false)
                }
            }
        }
        #expect(lanes == single, "trial \(trial): \(zip(lanes, single).filter { $0 != $1 }.count) pixels differ")
    }
}
