import Foundation
import Testing
@testable import Raster

// Paths: hand-computed coverage, fill rules, differential tests against the reference
// (winding number, 16×16 supersampling, curves as 256 chords), thread identity, bad input.

/// A closed polygon path.
func polygonPath(_ points: [SIMD2<Double>]) -> PathGeometry {
    var p = PathGeometry()
    p.move(to: points[0])
    for q in points.dropFirst() { p.line(to: q) }
    p.close()
    return p
}

/// White, opaque, non-zero, identity map.
func whiteFill(_ path: PathGeometry, rule: FillRule = .nonZero, map: Projective = .identity) -> FillCommand {
    FillCommand(path: path, rule: rule, localToDevice: map, paint: .solid(0xFFFF_FFFF))
}

@Test func squareOnHalfPixelsHasQuarterAndHalfCoverage() {
    let s = Surface(width: 16, height: 16)
    execute([whiteFill(PathGeometry(rect: 2.5, 2.5, 12.5, 12.5))], on: s, threads: 1)
    // Corner pixel (2, 2): a quarter covered → 0.25 × 255 = 63.75, rounded half up 64.
    #expect(s[2, 2] == 0x4040_4040)
    // Edge pixel (5, 2): half covered → 127.5 → 128.
    #expect(s[5, 2] == 0x8080_8080)
    #expect(s[2, 7] == 0x8080_8080)
    #expect(s[12, 7] == 0x8080_8080)
    // Interior full, outside empty.
    #expect(s[7, 7] == 0xFFFF_FFFF)
    #expect(s[1, 7] == 0 && s[13, 7] == 0 && s[7, 1] == 0 && s[7, 13] == 0)
}

@Test func diagonalEdgeCoversHalfOfEachPixelItCrosses() {
    // Triangle (0,0) (8,8) (0,8): the diagonal halves pixels (i, i).
    let s = Surface(width: 8, height: 8)
    execute([whiteFill(polygonPath([SIMD2(0, 0), SIMD2(8, 8), SIMD2(0, 8)]))], on: s, threads: 1)
    for i in 0..<8 { #expect(s[i, i] >> 24 == 128) }
    #expect(s[0, 7] >> 24 == 255)
    #expect(s[7, 0] == 0)
}

@Test func evenOddLeavesTheOverlapOfTwoSquaresEmptyNonZeroFillsIt() {
    var p = PathGeometry(rect: 2, 2, 10, 10)
    p.move(to: SIMD2(6, 6)); p.line(to: SIMD2(14, 6)); p.line(to: SIMD2(14, 14)); p.line(to: SIMD2(6, 14)); p.close()
    let nz = Surface(width: 16, height: 16), eo = Surface(width: 16, height: 16)
    execute([whiteFill(p, rule: .nonZero)], on: nz, threads: 1)
    execute([whiteFill(p, rule: .evenOdd)], on: eo, threads: 1)
    #expect(nz[7, 7] == 0xFFFF_FFFF)
    #expect(eo[7, 7] == 0)
    #expect(eo[3, 3] == 0xFFFF_FFFF && eo[12, 12] == 0xFFFF_FFFF)
    // Opposite windings cancel under non-zero too.
    var q = PathGeometry(rect: 2, 2, 10, 10)
    q.move(to: SIMD2(6, 6)); q.line(to: SIMD2(6, 14)); q.line(to: SIMD2(14, 14)); q.line(to: SIMD2(14, 6)); q.close()
    let hole = Surface(width: 16, height: 16)
    execute([whiteFill(q, rule: .nonZero)], on: hole, threads: 1)
    #expect(hole[7, 7] == 0)
}

@Test func circleAreaMatchesPiRSquared() {
    // Coverage summed over the pixels is the area (within the 8-bit rounding of each pixel).
    var p = PathGeometry()
    let r = 20.0, k = 0.5522847498 * r, c = SIMD2<Double>(32, 32)
    p.move(to: c + SIMD2(0, -r))
    p.cubic(control1: c + SIMD2(k, -r), control2: c + SIMD2(r, -k), to: c + SIMD2(r, 0))
    p.cubic(control1: c + SIMD2(r, k), control2: c + SIMD2(k, r), to: c + SIMD2(0, r))
    p.cubic(control1: c + SIMD2(-k, r), control2: c + SIMD2(-r, k), to: c + SIMD2(-r, 0))
    p.cubic(control1: c + SIMD2(-r, -k), control2: c + SIMD2(-k, -r), to: c + SIMD2(0, -r))
    p.close()
    let s = Surface(width: 64, height: 64)
    execute([whiteFill(p)], on: s, threads: 1)
    var sum = 0.0
    for y in 0..<64 { for x in 0..<64 { sum += Double(s[x, y] >> 24) / 255 } }
    // The 4-cubic circle's area is π r² within 0.03 %; chords lie inside the curve by at most
    // 0.1 px (about 2/3 of that on average), so the area is short by less than 0.1 × 2πr.
    let deficit = Double.pi * r * r - sum
    #expect(deficit > 0 && deficit < 0.1 * 2 * Double.pi * r)
}

/// A random path: polygons and curves, often self-intersecting, in a size × size box.
func randomPath(_ rng: inout SeededRandom, size: Double, curves: Bool) -> PathGeometry {
    var p = PathGeometry()
    func point() -> SIMD2<Double> { SIMD2(Double.random(in: 2...(size - 2), using: &rng), Double.random(in: 2...(size - 2), using: &rng)) }
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
        p.move(to: point())
        for _ in 0..<Int.random(in: 2...7, using: &rng) {
            switch curves ? Int.random(in: 0...2, using: &rng) : 0 {
            case 0: p.line(to: point())
            case 1: p.quad(control: point(), to: point())
            default: p.cubic(control1: point(), control2: point(), to: point())
            }
        }
        if Bool.random(using: &rng) { p.close() }
    }
    return p
}

/// Worst channel difference between `execute` and the reference, and how many pixels differ by more than `loose`.
func pathDifference(_ commands: [FillCommand], size: Int, loose: Int) -> (worst: Int, overLoose: Int, edgePixels: Int) {
    let fast = Surface(width: size, height: size), slow = Surface(width: size, height: size)
    fast.clear(0xFF20_3040); slow.clear(0xFF20_3040)
    execute(commands, on: fast, threads: 2)
    ReferenceRasterizer.execute(commands, on: slow)
    var worst = 0, over = 0, edges = 0
    for y in 0..<size {
        for x in 0..<size {
            let d = channelDifference(fast[x, y], slow[x, y])
            worst = max(worst, d)
            if d > loose { over += 1 }
            if d > 0 { edges += 1 }
        }
    }
    return (worst, over, edges)
}

// Simple polygons without crossings: analytic area against 256 sub-samples (±1/512 of area,
// and each side rounding to 8 bits) stays within 3 levels everywhere.
@Test(arguments: [1, 2, 3, 4] as [UInt64])
func convexPolygonsMatchTheReferenceWithinThree(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for _ in 0..<4 {
        // A convex polygon: points on a circle in angle order.
        let c = SIMD2(Double.random(in: 12...36, using: &rng), Double.random(in: 12...36, using: &rng))
        let n = Int.random(in: 3...9, using: &rng)
        var angles = (0..<n).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
        if Bool.random(using: &rng) { angles.reverse() }
        let r = Double.random(in: 4...12, using: &rng)
        let pts = angles.map { c + r * SIMD2(cosine($0), sine($0)) }
        commands.append(FillCommand(path: polygonPath(pts), rule: .nonZero, localToDevice: .identity,
                                    paint: .solid(randomPremultiplied(&rng)), opacity: Float.random(in: 0.3...1, using: &rng)))
    }
    let d = pathDifference(commands, size: 48, loose: 3)
    #expect(d.worst <= 3)
}

// Random self-intersecting paths with curves, both rules, affine and perspective maps. Curve
// chords may stray 0.1 px from the curve (up to 26 levels in an edge pixel); where two edges
// cross inside one pixel the accumulated area is not the exact coverage (the method's known
// limit, shared with font-rs and stb_truetype: windings of opposite sign cancel inside the
// pixel). So at most a fifth of the differing pixels — those at crossings — may differ by more.
@Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
func randomPathsMatchTheReference(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for _ in 0..<2 {
        let path = randomPath(&rng, size: 24, curves: true)
        let map = randomMap(&rng, size: 40, perspective: Bool.random(using: &rng))
        commands.append(FillCommand(path: path, rule: Bool.random(using: &rng) ? .nonZero : .evenOdd, localToDevice: map,
                                    paint: .solid(randomPremultiplied(&rng)), opacity: Float.random(in: 0.3...1, using: &rng)))
    }
    let d = pathDifference(commands, size: 40, loose: 26)
    print("random paths \(seed): \(d)")
    #expect(d.overLoose * 5 <= max(d.edgePixels, 5))
}

@Test func pathsAreTheSameWithOneAndTwoThreads() {
    var rng = SeededRandom(seed: 99)
    var commands: [FillCommand] = []
    for _ in 0..<40 {
        commands.append(FillCommand(path: randomPath(&rng, size: 200, curves: true), rule: .evenOdd,
                                    localToDevice: randomMap(&rng, size: 40, perspective: true).concatenating(.translation(20, 30)),
                                    paint: .solid(randomPremultiplied(&rng))))
    }
    let a = Surface(width: 240, height: 240), b = Surface(width: 240, height: 240)
    execute(commands, on: a, threads: 1)
    execute(commands, on: b, threads: 2)
    #expect(pixels(a) == pixels(b))
}

@Test func pathOutsideBandBoundariesIsUnchangedByAVerticalShiftOfSixteenRows() {
    // Bands are 16 rows: the same path 16 rows lower lands in other bands, rows unchanged.
    var rng = SeededRandom(seed: 5)
    let path = randomPath(&rng, size: 40, curves: true)
    let a = Surface(width: 64, height: 96), b = Surface(width: 64, height: 96)
    execute([whiteFill(path, map: .translation(3, 7))], on: a, threads: 2)
    execute([whiteFill(path, map: .translation(3, 7 + 16))], on: b, threads: 2)
    for y in 0..<64 { for x in 0..<64 { #expect(a[x, y] == b[x, y + 16]) } }
}

@Test func pathInsideABSPPieceIsCutByTheHardEdge() {
    // The piece keeps x < 8 (pixel centres), hard: column 7 is full, column 8 empty.
    var clip = Clip()
    clip.polygon = [SIMD2(0, 0), SIMD2(8, 0), SIMD2(8, 16), SIMD2(0, 16)]
    let s = Surface(width: 16, height: 16)
    execute([FillCommand(path: PathGeometry(rect: 2, 2, 14, 14), rule: .nonZero, localToDevice: .identity,
                         paint: .solid(0xFFFF_FFFF), clip: clip)], on: s, threads: 1)
    #expect(s[7, 7] == 0xFFFF_FFFF)
    #expect(s[8, 7] == 0)
}

@Test func aliasedPathsAreAllOrNothing() {
    var c = whiteFill(PathGeometry(rect: 2.5, 2.5, 12.25, 12.75))
    c.antialias = false
    let s = Surface(width: 16, height: 16)
    execute([c], on: s, threads: 1)
    for y in 0..<16 { for x in 0..<16 { #expect(s[x, y] == 0 || s[x, y] == 0xFFFF_FFFF) } }
    // Half-covered column 2 is in (≥ 0.5), the quarter-covered column 12 is out.
    #expect(s[2, 7] == 0xFFFF_FFFF && s[12, 7] == 0)
}

@Test func nonFiniteAndHugePathsAreBounded() {
    let s = Surface(width: 32, height: 32)
    // NaN: nothing drawn.
    execute([whiteFill(polygonPath([SIMD2(1, 1), SIMD2(.nan, 5), SIMD2(20, 20)]))], on: s, threads: 2)
    #expect(pixels(s).allSatisfy { $0 == 0 })
    // ±1e9: a huge triangle covering the surface draws it full, quickly.
    execute([whiteFill(polygonPath([SIMD2(-1e9, -1e9), SIMD2(1e9, -1e9), SIMD2(0, 1e9)]))], on: s, threads: 2)
    #expect(s[16, 16] == 0xFFFF_FFFF)
    // 10⁶ segments: a zigzag within the surface.
    var p = PathGeometry()
    p.move(to: SIMD2(0, 0))
    for i in 0..<1_000_000 { p.line(to: SIMD2(Double(i % 32), i % 2 == 0 ? 31 : 0)) }
    p.close()
    let t = Surface(width: 32, height: 32)
    execute([whiteFill(p, rule: .evenOdd)], on: t, threads: 2)
    #expect(pixels(t).allSatisfy { $0 >> 24 >= ($0 & 255) })
}

@Test func appendingPlacesAPathAndKeepsItsVerbs() {
    // A unit square scaled by 4 and moved to (10, 6): exactly the square (10, 6)–(14, 10).
    var placed = PathGeometry(rect: 1, 1, 2, 2)
    placed.append(PathGeometry(rect: 0, 0, 1, 1), scaledBy: 4, offsetBy: SIMD2(10, 6))
    var expected = PathGeometry(rect: 1, 1, 2, 2)
    expected.move(to: SIMD2(10, 6)); expected.line(to: SIMD2(14, 6)); expected.line(to: SIMD2(14, 10))
    expected.line(to: SIMD2(10, 10)); expected.close()
    #expect(placed == expected)
    let s = Surface(width: 16, height: 16)
    execute([whiteFill(placed)], on: s, threads: 1)
    #expect(s[11, 7] == 0xFFFF_FFFF && s[9, 7] == 0 && s[14, 7] == 0)
    // A NaN scale or offset makes the path non-finite: it draws nothing. Huge ones stay bounded.
    for (k, o) in [(Double.nan, SIMD2<Double>(0, 0)), (1, SIMD2(.infinity, 0))] {
        var bad = PathGeometry()
        bad.append(PathGeometry(rect: 0, 0, 8, 8), scaledBy: k, offsetBy: o)
        #expect(!bad.isFinite)
        let t = Surface(width: 16, height: 16)
        execute([whiteFill(bad)], on: t, threads: 1)
        #expect(pixels(t).allSatisfy { $0 == 0 })
    }
    var huge = PathGeometry()
    huge.append(PathGeometry(rect: -1, -1, 1, 1), scaledBy: 1e12, offsetBy: SIMD2(8, 8))
    let u = Surface(width: 16, height: 16)
    execute([whiteFill(huge)], on: u, threads: 1)
    #expect(u[8, 8] == 0xFFFF_FFFF)
}

@Test func curvesUnderStrongPerspectiveMatchTheReference() {
    var p = PathGeometry()
    p.move(to: SIMD2(0, 0)); p.cubic(control1: SIMD2(40, -10), control2: SIMD2(50, 50), to: SIMD2(0, 40)); p.close()
    let map = Projective(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0.012, m31: 4, m32: 4, m33: 1)
    let d = pathDifference([whiteFill(p, map: map)], size: 48, loose: 26)
    // Chords within 0.1 px: no pixel is off by more than 10 % of full scale.
    #expect(d.overLoose == 0)
}

/// cos and sin for tests, from the standard library only (Raster imports no Foundation).
func cosine(_ a: Double) -> Double { sine(a + .pi / 2) }
func sine(_ a: Double) -> Double {
    var x = a.truncatingRemainder(dividingBy: 2 * .pi)
    if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
    var term = x, sum = x
    for n in 1..<20 { term *= -x * x / Double((2 * n) * (2 * n + 1)); sum += term }
    return sum
}

/// A 10-point star (outer radius `r`, inner 0.4 r) around `c`, turned by `turn`, starting at vertex `first`.
private func star(_ c: SIMD2<Double>, _ r: Double, turn: Double, first: Int = 0) -> [SIMD2<Double>] {
    (0..<10).map { k in
        let j = (k + first) % 10, phi = turn + Double(j) * Double.pi / 5, radius = j % 2 == 0 ? r : 0.4 * r
        return c + SIMD2(radius * cos(phi), radius * sin(phi))
    }
}

/// Distance from `p` to the segment `a`–`b`.
private func segmentDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = b - a, t = max(0, min(1, ((p - a) * d).sum() / (d * d).sum()))
    let q = a + t * d - p
    return (q * q).sum().squareRoot()
}

/// Whether `p` is inside the closed polygon (crossing count).
private func inside(_ p: SIMD2<Double>, _ poly: [SIMD2<Double>]) -> Bool {
    var odd = false
    for i in poly.indices {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { odd.toggle() }
    }
    return odd
}

// Accumulation in whole units: the pieces of a row's rim sum to the winding number exactly, so
// every pixel wholly inside a path gets the fill's full scale, however the rim's areas add up.
// At opacity 0.5 the full scale is 128 (127.5 rounded up): a sum a hair under 1 (0.3 + 0.7 in
// doubles) gave 127 to the pixels just inside the rim.
@Test func everyPixelWhollyInsideARotatedStarHasTheFullScale() {
    var wrong = 0, checked = 0
    for k in 0..<24 {
        let poly = star(SIMD2(40, 40), 36, turn: Double(k) * 0.1309 + 0.01)
        let s = Surface(width: 80, height: 80)
        execute([FillCommand(path: polygonPath(poly), rule: .nonZero, localToDevice: .identity,
                             paint: .solid(0xFFFF_FFFF), opacity: 0.5)], on: s, threads: 1)
        for y in 0..<80 {
            for x in 0..<80 {
                let c = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                guard inside(c, poly),
                      poly.indices.allSatisfy({ segmentDistance(c, poly[$0], poly[($0 + 1) % 10]) > 0.75 }) else { continue }
                checked += 1
                if s[x, y] != 0x8080_8080 { wrong += 1 }
            }
        }
    }
    #expect(checked > 24 * 1000)
    #expect(wrong == 0)
}

// Integer sums do not depend on their order: the same star started at each of its vertices (its
// edges bucketed in another order) and run backwards (every winding negated) gives the same pixels.
@Test func aPathsPixelsDoNotDependOnTheOrderOrDirectionOfItsEdges() {
    func draw(_ poly: [SIMD2<Double>]) -> [UInt32] {
        let s = Surface(width: 70, height: 70)
        s.clear(0xFF20_2430)
        execute([FillCommand(path: polygonPath(poly), rule: .nonZero, localToDevice: .identity,
                             paint: .solid(0xB0C0_6020), opacity: 0.7)], on: s, threads: 1)
        return pixels(s)
    }
    for turn in [0.1, 0.7, 1.3] {
        let first = draw(star(SIMD2(35.3, 34.9), 31.7, turn: turn))
        for start in 1..<10 {
            let poly = star(SIMD2(35.3, 34.9), 31.7, turn: turn, first: start)
            #expect(draw(poly) == first)
            #expect(draw(poly.reversed()) == first)
        }
    }
}

/// Curves wholly beyond the guard band (10¹² px out) flatten to their chords: one point each,
/// not 1,024 (fuzz seed 4503618 spent 18 s cutting such curves and clipping the pieces away).
/// 5,000 of them beside a visible square once flattened to 5.1 M points, over the 4 M limit, and
/// the path drew nothing; now it draws the square, and the same pixels as the path with the far
/// curves written as lines, under a plain and a perspective map.
@Test func curvesBeyondTheGuardBandFlattenToTheirChords() throws {
    func path(curves: Bool) -> PathGeometry {
        var p = PathGeometry()
        p.move(to: SIMD2(8, 8)); p.line(to: SIMD2(24, 8)); p.line(to: SIMD2(24, 24)); p.line(to: SIMD2(8, 24)); p.close()
        // A subpath that also reaches the screen: a wedge from the square's corner out to the far curves.
        p.move(to: SIMD2(4, 30)); p.line(to: SIMD2(1e12, 30))
        for k in 0..<5_000 {
            let x = 1e12 + Double(k) * 1e9, end = SIMD2(x + 1e9, 30 + Double(k % 7) * 1e10)
            if curves { p.quad(control: SIMD2(x + 5e8, 5e11), to: end) } else { p.line(to: end) }
        }
        p.line(to: SIMD2(4, 31)); p.close()
        return p
    }
    let maps: [Projective] = [.identity, Projective(m11: 1, m12: 0, m13: 1e-15, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)]
    for map in maps {
        let flattened = try #require(PathFlattener.polygons(path(curves: true), map), "drawn at all")
        #expect(flattened.points.count < 100)
        func drawn(_ p: PathGeometry) -> [UInt32] {
            let s = Surface(width: 40, height: 40)
            execute([FillCommand(path: p, rule: .nonZero, localToDevice: map, paint: .solid(0xFF20_4080))], on: s, threads: 1)
            return (0..<40).flatMap { y in (0..<40).map { s[$0, y] } }
        }
        let curved = drawn(path(curves: true))
        #expect(curved == drawn(path(curves: false)))
        #expect(curved[16 * 40 + 16] == 0xFF20_4080 && curved[4 * 40 + 4] == 0 && curved[30 * 40 + 20] != 0)
    }
}
