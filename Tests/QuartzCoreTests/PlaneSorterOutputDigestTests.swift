import Testing
@testable import QuartzCore

// `overlapSort`'s output, bit for bit, is pinned by a digest recorded from the sorter before its
// speed-ups: order, items, fragment flags and every coordinate of every piece. A change that
// makes the sorter faster must not change what it returns (the BSP reference test only checks
// rendered pixels within a tolerance).

/// FNV-1a over the sorted polygons: item, fragment flag, point count, coordinates' bits.
private func digest(_ sorted: [PlaneSorter.Polygon], into h: inout UInt64) {
    @inline(__always) func mix(_ v: UInt64) {
        for i in 0..<8 { h = (h ^ ((v >> (8 * UInt64(i))) & 0xff)) &* 0x100_0000_01b3 }
    }
    mix(UInt64(sorted.count))
    for p in sorted {
        mix(UInt64(p.item)); mix(p.isFragment ? 1 : 0); mix(UInt64(p.points.count))
        for q in p.points { mix(q.x.bitPattern); mix(q.y.bitPattern); mix(q.z.bitPattern) }
    }
}

@Test func overlapSortOfRandomPolygonSetsIsUnchanged() {
    var rng = PlaneSorterSupport.SplitMix(seed: 2026)
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    var fragments = 0
    for _ in 0..<80 {
        // Crowded sets: many overlaps, interpenetrations and cycles.
        let count = Int(rng.next() % 40) + 2
        let polygons = (0..<count).map { i -> PlaneSorter.Polygon in
            let c = SIMD3(rng.unit() * 160, rng.unit() * 160, rng.unit() * 60 - 30)
            let u = SIMD3(rng.unit() * 100 - 50, rng.unit() * 30 - 15, rng.unit() * 100 - 50)
            let v = SIMD3(rng.unit() * 30 - 15, rng.unit() * 100 - 50, rng.unit() * 100 - 50)
            return PlaneSorterSupport.quad(c, u, v, item: i)
        }
        let sorted = PlaneSorter.overlapSort(polygons)
        fragments += PlaneSorterSupport.fragmentCount(sorted)
        digest(sorted, into: &h)
    }
    #expect(fragments > 500, "the sets must exercise splitting: \(fragments) fragments")
    #expect(h == 0x8df6_7248_f9bb_1177, "digest \(String(h, radix: 16))")
}

@Test func overlapSortOfTheBenchmarkSceneIsUnchanged() {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    var fragments = 0
    for (layers, t) in [(200, 0.7), (300, 2.3)] {
        let sorted = PlaneSorter.overlapSort(PlaneSorterSupport.benchmarkPolygons(layers: layers, time: t))
        fragments += PlaneSorterSupport.fragmentCount(sorted)
        digest(sorted, into: &h)
    }
    #expect(fragments > 500, "the scene must exercise splitting: \(fragments) fragments")
    #expect(h == 0x610a_1ee8_75a1_a5da, "digest \(String(h, radix: 16))")
}
