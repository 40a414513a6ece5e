import Testing
import CRasterKernels
@testable import Raster

/// `blend_span`'s eight-lane source-over gives exactly the one-pixel loop's pixels, for any
/// span length, coverage row (zeros included), scale, transparent sources and destination.
@Test func normalBlendSpanLanesMatchOnePixelAtATime() {
    var rng = SplitMix64(seed: 43)
    for trial in 0..<500 {
        let n = Int(rng.next() % 50)
        let src = (0..<n).map { _ in rng.next() % 5 == 0 ? 0 : mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, UInt32(rng.next() % 256)) }
        var coverage = (0..<n).map { _ in rng.next() % 4 == 0 ? 0 : UInt32(rng.next() % 256) }
        let scale = trial % 3 == 0 ? 255 : UInt32(rng.next() % 256)
        var lanes = (0..<n).map { _ in mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, UInt32(rng.next() % 256)) }
        var single = lanes
        let useCoverage = trial % 2 == 0
        src.withUnsafeBufferPointer { s in
            coverage.withUnsafeMutableBufferPointer { cov in
                let c: UnsafePointer<UInt32>? = useCoverage ? UnsafePointer(cov.baseAddress!) : nil
                lanes.withUnsafeMutableBufferPointer {
                    blend_span(.normal, $0.baseAddress!, s.baseAddress!, n, coverage: c, scale: scale, lanes: true)
                }
                single.withUnsafeMutableBufferPointer {
                    blend_span(.normal, $0.baseAddress!, s.baseAddress!, n, coverage: c, scale: scale, lanes: false)
                }
            }
        }
        #expect(lanes == single, "trial \(trial)")
    }
}

/// The blend modes' eight-lane kernel (`strata_blend_modes_span`, at every kernel level) gives
/// exactly the one-pixel loop's pixels (`blendPixel` + `lerpBlend`, the definition), for every
/// mode it covers: random span lengths (tails included), valid premultiplied and arbitrary
/// pixels (colour above alpha, alpha 0 with colour), transparent and opaque pixels, coverage
/// rows with zeros, and scales 0, 255 and between.
@Test func blendModeSpanLanesMatchOnePixelAtATime() {
    let modes = BlendMode.allCases.filter { $0.laneKernelCode != nil }
    #expect(modes.count == 21)
    var rng = SplitMix64(seed: 2511)
    func pixel() -> UInt32 {
        switch rng.next() % 6 {
        case 0: return 0
        case 1: return 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next())
        case 2: return UInt32(truncatingIfNeeded: rng.next())   // not premultiplied
        default: return mul255(UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000, UInt32(rng.next() % 256))
        }
    }
    for level in 0...strata_kernel_best_level() {
        strata_set_kernel_level(level)
        for mode in modes {
            for trial in 0..<60 {
                let n = Int(rng.next() % 41)
                let src = (0..<n).map { _ in pixel() }
                let coverage = (0..<n).map { _ in rng.next() % 4 == 0 ? 0 : UInt32(rng.next() % 256) }
                let scale: UInt32 = [0, 255, UInt32(rng.next() % 256)][trial % 3]
                let useCoverage = trial % 2 == 0
                var lanes = (0..<n).map { _ in pixel() }
                var single = lanes
                src.withUnsafeBufferPointer { s in
                    coverage.withUnsafeBufferPointer { cov in
                        let c = useCoverage ? cov.baseAddress : nil
                        lanes.withUnsafeMutableBufferPointer {
                            blend_span_modes(mode, $0.baseAddress!, s.baseAddress!, n, coverage: c, scale: scale, lanes: true)
                        }
                        single.withUnsafeMutableBufferPointer {
                            blend_span_modes(mode, $0.baseAddress!, s.baseAddress!, n, coverage: c, scale: scale, lanes: false)
                        }
                    }
                }
                #expect(lanes == single, "level \(level) \(mode) trial \(trial) n \(n)")
            }
        }
    }
    strata_set_kernel_level(strata_kernel_best_level())
}
