import Testing
import CRasterKernels
@testable import Raster

// CRasterKernels runs its kernels at the best instruction set the CPU has (AVX2 or the
// baseline); every level must draw exactly the same pixels, and the same as the Swift code the
// kernels mirror (which arm64 runs). Levels are process-wide: other tests running meanwhile
// draw the same pixels whichever level they get, so switching is safe.

/// The levels this machine can run, lowest first.
private var levels: ClosedRange<Int32> { 0...strata_kernel_best_level() }

/// FNV-1a over the pixels.
private func fingerprint(_ p: [UInt32]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for v in p { h = (h ^ UInt64(v)) &* 0x100_0000_01b3 }
    return h
}

/// Serialized: each test sets the process-wide level and checks it.
@Suite(.serialized) struct KernelLevelTests {
    /// Similarity, projective and textured fills (Raster's fast paths) at every level: identical
    /// pixels, and the fingerprint recorded from this scene (so a level that drifts from the Swift
    /// arithmetic fails even on a machine with one level).
    @Test(arguments: [(UInt64(31), UInt64(0xe9fe_167d_c04d_6e7c)), (32, 0x096f_583f_9d21_60a9), (33, 0x7d82_3e40_e7e0_927a)])
    func everyKernelLevelDrawsTheSamePixels(seed: UInt64, expected: UInt64) {
        let size = 120
        let commands = randomScene(seed: seed, size: size, count: 60, textures: true)
        var seen: Set<UInt64> = []
        for level in levels {
            strata_set_kernel_level(level)
            let s = Surface(width: size, height: size)
            s.clear(0xFF20_2020)
            execute(commands, on: s, threads: 1)
            seen.insert(fingerprint(pixels(s)))
        }
        strata_set_kernel_level(strata_kernel_best_level())
        #expect(seen.count == 1)
        #expect(seen.first == expected, "fingerprint \(String(seen.first ?? 0, radix: 16))")
    }

    /// The span kernels at every level against their one-pixel arithmetic: solid spans (plain
    /// and padded) and bilinear spans with coverage, underlay and masked tails.
    @Test func spanKernelsAtEveryLevelMatchOnePixelArithmetic() {
        var rng = SeededRandom(seed: 76)
        let tex = Surface(width: 41, height: 23)
        for y in 0..<23 { for x in 0..<41 { tex[x, y] = randomPremultiplied(&rng) } }
        let view = TextureView(tex)
        for level in levels {
            strata_set_kernel_level(level)
            #expect(strata_kernel_level() == level)
            for trial in 0..<150 {
                let count = Int.random(in: 0...45, using: &rng), src = randomPremultiplied(&rng)
                let row = (0..<(count + 7)).map { _ in randomPremultiplied(&rng) }
                var a = row, b = row, c = row
                a.withUnsafeMutableBufferPointer { over_solid($0.baseAddress!, count, src, lanes: true) }
                b.withUnsafeMutableBufferPointer { over_solid_padded($0.baseAddress!, count, src, lanes: true) }
                c.withUnsafeMutableBufferPointer { over_solid($0.baseAddress!, count, src, lanes: false) }
                #expect(a == c && b == c, "level \(level) solid trial \(trial)")

                let n = Int.random(in: 1...45, using: &rng)
                let before = Int.random(in: 0...9, using: &rng), after = Int.random(in: 0...9, using: &rng)
                let r = Projective.rotation(Double.random(in: 0..<(2 * .pi), using: &rng))
                let scale = Double.random(in: 0.2...2.5, using: &rng)
                let step = SIMD3(r.m11 * scale, r.m12 * scale, 0)
                let start = SIMD3(Double.random(in: -6...47, using: &rng), Double.random(in: -6...29, using: &rng), 1)
                let coverage: [UInt32]? = trial % 2 == 0 ? nil : (0..<n).map { _ in UInt32.random(in: 0...255, using: &rng) }
                let s = UInt32.random(in: 0...255, using: &rng)
                let underlay = trial % 3 == 0 ? randomPremultiplied(&rng) : 0
                let pixels = (0..<(before + n + after)).map { _ in randomPremultiplied(&rng) }
                var fast = pixels, slow = pixels
                fast.withUnsafeMutableBufferPointer { buffer in
                    let dst = buffer.baseAddress! + before
                    if let coverage {
                        coverage.withUnsafeBufferPointer {
                            over_bilinear_affine(dst, n, view, start: start, step: step, scale: s, coverage: $0.baseAddress!,
                                                 underlay: underlay, room: (before, after), lanes: true)
                        }
                    } else {
                        over_bilinear_affine(dst, n, view, start: start, step: step, scale: s, coverage: nil,
                                             underlay: underlay, room: (before, after), lanes: true)
                    }
                }
                slow.withUnsafeMutableBufferPointer {
                    bilinearAffineReference($0.baseAddress! + before, n, tex, start: start, step: step, scale: s,
                                            coverage: coverage, underlay: underlay)
                }
                #expect(fast == slow, "level \(level) bilinear trial \(trial)")
            }
        }
        strata_set_kernel_level(strata_kernel_best_level())
    }

    /// A level above what the CPU supports is clamped; below 0 means the baseline.
    @Test func kernelLevelsAreClampedToTheCPU() {
        strata_set_kernel_level(99)
        #expect(strata_kernel_level() == strata_kernel_best_level())
        strata_set_kernel_level(-3)
        #expect(strata_kernel_level() == 0)
        strata_set_kernel_level(strata_kernel_best_level())
    }
}
