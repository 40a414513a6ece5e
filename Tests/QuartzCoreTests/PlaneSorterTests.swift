import Testing
@testable import QuartzCore
import StrataDemos

// `PlaneSorter.sort` (on-screen overlap, splitting only planes that meet) against the reference
// BSP (`PlaneSorter.bspSort`): same pictures, far fewer fragments.

@Test func intersectingPlanesStillSplitAndRenderAsWithTheBSP() {
    let scene = DemoScene.intersectingPlanes
    let sorted = PlaneSorter.sort(PlaneSorterSupport.contextPolygons(of: scene.make(scene.defaultSize)))
    #expect(sorted.count >= 3, "the X is split: \(sorted.count) polygons")
    #expect(sorted.allSatisfy { $0.isFragment } || sorted.contains { $0.isFragment })
    #expect(PlaneSorterSupport.painterViolations(sorted) == 0)
    let image = Golden.render(scene)
    let reference = PlaneSorter.$usesReferenceBSP.withValue(true) { Golden.render(scene) }
    PlaneSorterSupport.expectSimilar(image, reference, maxDifferentFraction: 0.001)
    // Left of the centre line red is nearer, right of it blue (as the BSP drew it).
    #expect(Golden.pixel(image, 140, 120) == Golden.pixel(reference, 140, 120))
    #expect(Golden.pixel(image, 180, 120) == Golden.pixel(reference, 180, 120))
}

@Test func planesApartOnScreenAreNeverSplitAndKeepSiblingOrder() {
    // Three tilted quads side by side: the first one's plane cuts the second, but their
    // projections do not overlap.
    let polygons = (0..<3).map { i in
        PlaneSorterSupport.quad(SIMD3(Double(i) * 100, 0, Double(i) * 75), SIMD3(40, 0, Double(i % 2 == 0 ? 30 : -30)),
                                SIMD3(0, 40, 0), item: i)
    }
    let sorted = PlaneSorter.sort(polygons)
    #expect(sorted.map { $0.item } == [0, 1, 2])
    #expect(!sorted.contains { $0.isFragment })
    #expect(PlaneSorter.bspSort(polygons).contains { $0.isFragment }, "the BSP does split this scene")
    // Overlapping but one in front of the other: ordered back to front, still unsplit.
    let front = PlaneSorterSupport.quad(SIMD3(0, 0, 50), SIMD3(40, 0, 0), SIMD3(0, 40, 0), item: 0)
    let back = PlaneSorterSupport.quad(SIMD3(10, 0, 0), SIMD3(40, 0, 20), SIMD3(0, 40, 0), item: 1)
    let pair = PlaneSorter.sort([front, back])
    #expect(pair.map { $0.item } == [1, 0])
    #expect(!pair.contains { $0.isFragment })
    // Coplanar overlapping ones keep sibling order.
    let a = PlaneSorterSupport.quad(SIMD3(0, 0, 0), SIMD3(40, 0, 10), SIMD3(0, 40, 0), item: 0)
    let b = PlaneSorterSupport.quad(SIMD3(20, 0, 5), SIMD3(40, 0, 10), SIMD3(0, 40, 0), item: 1)
    #expect(PlaneSorter.sort([a, b]).map { $0.item } == [0, 1])
    #expect(PlaneSorter.sort([b, a]).map { $0.item } == [1, 0])
}

@Test func cyclicOverlapOfThreeSticksIsResolved() {
    // Three sticks along a triangle's sides, each sloping down from its start to its end, so at
    // every corner the next one's high start lies over the previous one's low end: A < B < C < A.
    let corners = [SIMD2<Double>(0, 0), SIMD2(100, 0), SIMD2(50, 86.6)]
    let sticks = (0..<3).map { i -> PlaneSorter.Polygon in
        let s = corners[i], e = corners[(i + 1) % 3]
        let d = (e - s) / ((e - s) * (e - s)).sum().squareRoot()
        let n = SIMD2(-d.y, d.x) * 5
        let a = s - d * 15, b = e + d * 15
        return PlaneSorter.Polygon(points: [SIMD3(a.x - n.x, a.y - n.y, 10), SIMD3(b.x - n.x, b.y - n.y, 0),
                                            SIMD3(b.x + n.x, b.y + n.y, 0), SIMD3(a.x + n.x, a.y + n.y, 10)],
                                   item: i, isFragment: false)
    }
    #expect(PlaneSorterSupport.painterViolations(sticks) > 0, "no order of the unsplit sticks is right")
    let sorted = PlaneSorter.sort(sticks)
    #expect(sorted.count > 3)
    #expect(sorted.count <= 6, "one or two splits break the cycle: \(sorted.count) polygons")
    #expect(PlaneSorterSupport.painterViolations(sorted) == 0)
    #expect(Set(sorted.map { $0.item }) == [0, 1, 2])
}

@Test func randomPolygonSetsComeOutBackToFront() {
    var rng = PlaneSorterSupport.SplitMix(seed: 7)
    for _ in 0..<40 {
        let count = Int(rng.next() % 12) + 2
        let polygons = (0..<count).map { i -> PlaneSorter.Polygon in
            let c = SIMD3(rng.unit() * 200, rng.unit() * 200, rng.unit() * 60 - 30)
            let u = SIMD3(rng.unit() * 80 - 40, rng.unit() * 30 - 15, rng.unit() * 80 - 40)
            let v = SIMD3(rng.unit() * 30 - 15, rng.unit() * 80 - 40, rng.unit() * 80 - 40)
            return PlaneSorterSupport.quad(c, u, v, item: i)
        }
        let sorted = PlaneSorter.sort(polygons)
        #expect(PlaneSorterSupport.painterViolations(sorted, steps: 60) == 0)
        #expect(sorted.filter { $0.isFragment }.count <= PlaneSorter.bspSort(polygons).filter { $0.isFragment }.count + 2)
        // Every unsplit polygon comes back unchanged, as a plain (unclipped) layer.
        for p in sorted where !p.isFragment { #expect(p.points == polygons[p.item].points) }
    }
}

@Test func randomScenesRenderAsWithTheBSP() {
    var rng = PlaneSorterSupport.SplitMix(seed: 11)
    for _ in 0..<6 {
        let root = PlaneSorterSupport.randomScene(&rng, layers: 10)
        let image = Golden.render(root, width: 320, height: 240)
        let reference = PlaneSorter.$usesReferenceBSP.withValue(true) {
            Golden.render(PlaneSorterSupport.randomScene(&rng, layers: 10, replaying: root), width: 320, height: 240)
        }
        PlaneSorterSupport.expectSimilar(image, reference, maxDifferentFraction: 0.003)
    }
}

@Test func benchmarkSceneHasFarFewerFragments() {
    for t in [0.0, 1.3, 4.1] {
        let polygons = PlaneSorterSupport.benchmarkPolygons(layers: 100, time: t)
        let sorted = PlaneSorter.sort(polygons)
        let reference = PlaneSorter.bspSort(polygons)
        let fragments = PlaneSorterSupport.fragmentCount(sorted), referenceFragments = PlaneSorterSupport.fragmentCount(reference)
        #expect(fragments * 3 <= referenceFragments * 2, "t = \(t): \(fragments) fragments vs the BSP's \(referenceFragments)")
        #expect(sorted.count < reference.count)
        #expect(PlaneSorterSupport.painterViolations(sorted, steps: 80) == 0, "t = \(t)")
    }
}
