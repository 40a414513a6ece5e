import Foundation
import Testing
@testable import Raster

/// A row's interior under a rounded-rect clip (`BandRasterizer.fullCoverageColumns`) claims
/// only columns whose coverage (`roundedRectCoverage`, what the per-pixel path multiplies by)
/// is exactly 1, under similarity, affine and steep perspective maps, and claims most of
/// them where the map is gentle.
struct ClipInteriorTests {
    static func map(_ trial: Int, _ rng: inout SplitMix64) -> Projective {
        func r(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000 }
        // Local → device: rotate, scale, tilt in 3D (perspective), translate; the clip stores the inverse.
        let angle = r(-3.2, 3.2), scale = r(0.3, 3)
        var forward = Projective(m11: cos(angle) * scale, m12: sin(angle) * scale, m13: 0,
                                 m21: -sin(angle) * scale * r(0.5, 1.5), m22: cos(angle) * scale, m23: 0,
                                 m31: r(-50, 250), m32: r(-50, 250), m33: 1)
        if trial % 3 != 0 {
            let steep = trial % 3 == 2 ? 0.006 : 0.0015
            forward = forward.concatenating(Projective(m11: 1, m12: 0, m13: r(-steep, steep), m21: 0, m22: 1,
                                                       m23: r(-steep, steep), m31: 0, m32: 0, m33: 1))
        }
        return normalised(forward.inverted() ?? .identity)
    }

    @Test func claimedColumnsAreFullyCovered() {
        var rng = SplitMix64(seed: 47)
        var claimed = 0
        for trial in 0..<300 {
            let w = 20 + Double(rng.next() % 300), h = 20 + Double(rng.next() % 300)
            let radius = Double(rng.next() % 40)
            let clip = ClipShape(shape: RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: radius),
                                 map: Self.map(trial, &rng))
            for y in stride(from: -20, to: 420, by: 3) {
                let py = Double(y) + 0.5
                guard let (a, b) = BandRasterizer.fullCoverageColumns(clip, py, -50, 450) else { continue }
                #expect(a >= -50 && b <= 450)
                for x in a..<b {
                    let c = roundedRectCoverage(clip.shape, clip.map, Double(x) + 0.5, py)
                    if c != 1 { Issue.record("trial \(trial) row \(y) column \(x): coverage \(c)"); return }
                }
                claimed += b - a
            }
        }
        #expect(claimed > 500_000, "\(claimed) columns claimed")
    }

    @Test func aGentleClipLeavesOnlyItsRimToThePixels() {
        // A 200 × 100 clip with 12 px corners at (10, 10), 1 : 1: row 60 is fully covered from
        // column 10 to 209. The bound on a pixel's local length is √2 here (the Jacobian's
        // Frobenius norm), so the interior starts 0.71 px in (column 11), less one column for
        // rounding at each end: 12..<208.
        let clip = ClipShape(shape: RoundedRect(minX: 0, minY: 0, maxX: 200, maxY: 100, cornerRadius: 12),
                             map: Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: -10, m32: -10, m33: 1))
        let row = BandRasterizer.fullCoverageColumns(clip, 60.5, 0, 300)
        #expect(row.map { $0.0 } == 12 && row.map { $0.1 } == 208)
        // Inside a corner's rows (row 12: local y 2.5) the arc inset by the bound counts: a
        // radius of 12 − 0.7071 about (12, 12) meets y = 2.5 at local x 12 ∓ 6.1057, device
        // centres 15.894 and 204.106; columns 16...203, less one at each end.
        let corner = BandRasterizer.fullCoverageColumns(clip, 12.5, 0, 300)
        #expect(corner.map { $0.0 } == 17 && corner.map { $0.1 } == 203)
        // A NaN map, a map behind the eye: no interior.
        var bad = clip
        bad.map.m31 = .nan
        #expect(BandRasterizer.fullCoverageColumns(bad, 60.5, 0, 300) == nil)
        bad.map = Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
        #expect(BandRasterizer.fullCoverageColumns(bad, 60.5, 0, 300) == nil)
    }
}
