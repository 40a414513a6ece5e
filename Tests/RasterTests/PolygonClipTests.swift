import Testing
@testable import Raster

/// Raster's clippers are one Sutherland–Hodgman loop (`clipPolygon`) over a boundary each; on
/// random polygons (with points exactly on the boundaries, far out, and NaN) every one gives
/// exactly, bit for bit, what the clipper it replaced gave (`OldClippers`, copied from 0a098a0).
@Suite struct PolygonClipTests {
    /// A coordinate: small integers (so points fall exactly on boundaries), fractions, far
    /// values (past the guard square and 1e150), and now and then NaN or ±∞.
    static func coordinate(_ g: inout SplitMix64) -> Double {
        switch g.next() % 16 {
        case 0...5: return Double(Int(g.next() % 9) - 4)
        case 6...10: return (g.unit() - 0.5) * 20
        case 11: return (g.unit() - 0.5) * 4e8
        case 12: return (g.unit() < 0.5 ? -1 : 1) * 1e20 * (1 + g.unit())
        case 13: return (g.unit() < 0.5 ? -1 : 1) * 1e200 * (1 + g.unit())
        case 14: return g.next() % 4 == 0 ? .nan : (g.unit() - 0.5) * 2
        default: return g.next() % 4 == 0 ? (g.unit() < 0.5 ? -.infinity : .infinity) : 0.5
        }
    }

    static func polygon(_ g: inout SplitMix64, maxCount: Int = 9) -> [SIMD2<Double>] {
        (0..<Int(g.next() % UInt64(maxCount + 1))).map { _ in SIMD2(coordinate(&g), coordinate(&g)) }
    }

    static func same(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern }
    }

    /// Whether `a` is `b` started at another of its points.
    static func sameCycle(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return (0..<b.count).contains { k in same(a, Array(b[k...] + b[..<k])) }
    }

    @Test func theEyePlaneOutlineIsTheOldOne() {
        var g = SplitMix64(seed: 23)
        var cut = 0, alternating = 0
        for _ in 0..<20_000 {
            // A rectangle's corners under a random projective map (W near the plane often,
            // exactly on it sometimes), or now and then four unrelated points.
            let h: [SIMD3<Double>]
            if g.next() % 8 == 0 {
                h = (0..<4).map { _ in SIMD3(Self.coordinate(&g), Self.coordinate(&g), Self.coordinate(&g)) }
            } else {
                let m = Projective(m11: Self.coordinate(&g), m12: Self.coordinate(&g), m13: (g.unit() - 0.5) * 0.02,
                                   m21: Self.coordinate(&g), m22: Self.coordinate(&g), m23: (g.unit() - 0.5) * 0.02,
                                   m31: Self.coordinate(&g), m32: Self.coordinate(&g), m33: Double(Int(g.next() % 3)) * 0.5)
                let x0 = Self.coordinate(&g), y0 = Self.coordinate(&g), x1 = x0 + g.unit() * 200, y1 = y0 + g.unit() * 200
                h = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { m.applyHomogeneous(x: $0.0, y: $0.1) }
            }
            let eps = g.next() % 2 == 0 ? 1e-7 : 0.5
            let new = PreparedScene.eyeClippedOutline((h[0], h[1], h[2], h[3]), eps: eps)
            let newSegments = (0..<new.count).map { new[$0] }
            let inside = h.map { $0.z > eps }
            if (0..<4).filter({ inside[$0] != inside[($0 + 1) & 3] }).count == 4 {
                // In front and behind in turn: the old cut kept one exit and one entry of the
                // four (a crossed outline); now nothing is drawn.
                #expect(newSegments.isEmpty)
                alternating += 1
                continue
            }
            let old = OldClippers.eyeOutline(h, eps: eps)
            #expect(newSegments.count == old.count)
            for (a, b) in zip(newSegments, old) {
                #expect(Self.same([a.p, a.q], [b.p, b.q]) && a.side == b.side)
            }
            if old.contains(where: { $0.side == 16 }) { cut += 1 }
        }
        #expect(cut > 1_000 && alternating > 0)
    }

    @Test func theEyePlanePathCutIsTheOldOne() {
        var g = SplitMix64(seed: 24)
        for _ in 0..<20_000 {
            let sub = (0..<Int(g.next() % 9)).map { _ in SIMD3(Self.coordinate(&g), Self.coordinate(&g), Self.coordinate(&g)) }
            let eps = g.next() % 2 == 0 ? 1e-7 : 1
            var new: [SIMD2<Double>] = []
            _ = clipPolygon(sub.count, { sub[$0] }, to: EyePlane(eps: eps)) { new.append(SIMD2($0.x / $0.z, $0.y / $0.z)); return true }
            #expect(Self.same(new, OldClippers.eyePath(sub, eps: eps)))
        }
    }

    @Test func theGuardSquareIsTheOldOne() {
        var g = SplitMix64(seed: 25)
        var changed = 0
        let g0 = PathFlattener.guardBand
        for _ in 0..<20_000 {
            let poly = Self.polygon(&g)
            // `clipToGuardBand` clips only polygons reaching past the square.
            guard poly.contains(where: { abs($0.x) > g0 || abs($0.y) > g0 }) else { continue }
            let old = OldClippers.guardBand(poly)
            #expect(Self.same(PathFlattener.clippedToGuardSquare(poly), old))
            if !Self.same(old, poly) { changed += 1 }
        }
        #expect(changed > 500)
    }

    @Test func theLocalWindowIsTheOldOne() {
        var g = SplitMix64(seed: 26)
        for _ in 0..<20_000 {
            let poly = Self.polygon(&g)
            // A convex window of either orientation: a rotated, scaled square, sometimes huge.
            let s = g.next() % 4 == 0 ? 1e180 : 1 + g.unit() * 100
            let d = SIMD2(g.unit() - 0.5, g.unit() - 0.5), u = d / max(1e-3, (d * d).sum().squareRoot())
            var window = [s * u, s * SIMD2(-u.y, u.x), -s * u, s * SIMD2(u.y, -u.x)]
            if g.next() % 2 == 0 { window.reverse() }
            #expect(Self.same(PathFlattener.clip(poly, to: window), OldClippers.window(poly, to: window)))
        }
    }

    @Test func theHalfPlaneIsTheOldOneStartedElsewhere() {
        var g = SplitMix64(seed: 27)
        var overflowed = 0
        let src = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 64)
        let dst = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: cornerClipCapacity)
        defer { src.deallocate(); dst.deallocate() }
        for _ in 0..<20_000 {
            let poly = Self.polygon(&g, maxCount: 16)
            for (i, p) in poly.enumerated() { src[i] = p }
            let (a, b, c) = (Self.coordinate(&g), Self.coordinate(&g), Self.coordinate(&g))
            let n = clipToHalfPlane(src, poly.count, dst, a, b, c)
            let old = OldClippers.halfPlane(poly, a, b, c, capacity: cornerClipCapacity)
            if let old {
                #expect(n >= 0 && Self.sameCycle(Array(UnsafeBufferPointer(start: dst, count: max(n, 0))), old))
            } else {
                #expect(n == -1)
                overflowed += 1
            }
        }
        #expect(overflowed > 5)
    }

    /// A square clipped by hand: the guard square's sides at x = ±10⁸ cut one reaching ±2·10⁸.
    @Test func aSquarePastTheGuardSquareIsCutAtItsSides() {
        let g = PathFlattener.guardBand
        let square = [SIMD2(-2 * g, -1.0), SIMD2(2 * g, -1.0), SIMD2(2 * g, 1.0), SIMD2(-2 * g, 1.0)]
        #expect(PathFlattener.clippedToGuardSquare(square) == [SIMD2(-g, -1), SIMD2(g, -1), SIMD2(g, 1), SIMD2(-g, 1)])
    }
}
