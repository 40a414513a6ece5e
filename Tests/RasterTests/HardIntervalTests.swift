import Testing
@testable import Raster

/// Raster solves a hard edge's columns in one place (`hardInterval`): decided from the
/// crossing estimate when that is clear of every pixel centre by the edge's margin, else by
/// `inside` pixel by pixel. The general rows and paths used only the pixel-by-pixel solve
/// before, the projective rows and bands the estimate; on random clip polygons (many edges
/// through pixel centres, where the estimate and `inside` round differently) both give the
/// same columns on every row.
@Suite struct HardIntervalTests {
    /// A polygon clip as `appendHardEdges` and `setHardEdgeMargins` prepare it.
    static func edges(_ polygon: [SIMD2<Double>], _ bounds: IntRect) -> [HardEdge] {
        var scene = PreparedScene()
        var b = bounds
        guard let range = scene.appendHardEdges(polygon, outline: 0..<0, bounds: &b) else { return [] }
        scene.setHardEdgeMargins(range, b)
        return Array(scene.hardEdges[range])
    }

    @Test func theDecidedColumnsAreThePixelByPixelOnes() {
        var g = SplitMix64(seed: 2323)
        var decided = 0, undecided = 0
        for _ in 0..<3_000 {
            let scale = [1.0, 64, 4096, 1e6][Int(g.next() % 4)]
            // Corners at pixel centres half the time (edges through centres), else anywhere.
            let polygon = (0..<3 + Int(g.next() % 4)).map { _ -> SIMD2<Double> in
                let p = SIMD2((g.unit() - 0.5) * scale, (g.unit() - 0.5) * scale)
                return g.next() % 2 == 0 ? (p - 0.5).rounded(.down) + 0.5 : p
            }
            let bounds = IntRect(x0: -Int(scale), y0: -Int(scale), x1: Int(scale) + 1, y1: Int(scale) + 1)
            var hard = Self.edges(polygon, bounds)
            hard.withUnsafeMutableBufferPointer { hard in
                for k in hard.indices {
                    let e = hard.baseAddress! + k
                    for _ in 0..<40 {
                        let py = Double(Int(g.next() % UInt64(2 * Int(scale) + 1)) - Int(scale)) + 0.5
                        // As the callers pass them: lo ≤ hi.
                        let lo = bounds.x0 + Int(g.next() % 8), hi = max(lo, bounds.x1 - Int(g.next() % 8))
                        if e.pointee.decidedCrossing(py) == nil { undecided += 1 } else { decided += 1 }
                        #expect(hardInterval(e, py, lo, hi) == hardIntervalExact(e, py, lo, hi))
                    }
                }
            }
        }
        #expect(decided > 100_000 && undecided > 1_000)
    }

    /// By hand: the edge from (0.5, 0) to (10.5, 10) (x = y + 0.5, inside to its right) holds
    /// on row 4 (centre 4.5) from column 5 on, whose centre 5.5 is past x = 5; the centre
    /// 4.5 of column 4 is not (d < 0, while the edge's right of its line).
    @Test func aDiagonalEdgeStartsPastItsCrossing() {
        let e = Self.edges([SIMD2(0.5, 0), SIMD2(10.5, 10), SIMD2(10.5, 0)], IntRect(x0: 0, y0: 0, x1: 16, y1: 16))
        var diagonal = e.first { $0.a != 0 && $0.b != 0 }!
        #expect(withUnsafePointer(to: &diagonal) { hardInterval($0, 4.5, 0, 16) } == (5, 16))
    }
}
