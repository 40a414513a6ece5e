import Testing
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
