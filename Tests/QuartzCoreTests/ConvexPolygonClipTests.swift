import Testing
@testable import QuartzCore
import Raster

/// `ConvexPolygon.intersect` is Raster's one Sutherland–Hodgman loop with a side of its own;
/// on random polygons it gives exactly what its own loop gave (copied below from 0a098a0).
@Suite struct ConvexPolygonClipTests {
    /// `ConvexPolygon.intersect` before it used `clipPolygon`.
    static func oldIntersect(_ subject: [SIMD2<Double>], _ clip: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard clip.count >= 3 else { return subject }
        var area = 0.0
        for i in 0..<clip.count { let a = clip[i], b = clip[(i + 1) % clip.count]; area += a.x * b.y - b.x * a.y }
        let sign: Double = area >= 0 ? 1 : -1
        var output = subject
        for i in 0..<clip.count {
            guard !output.isEmpty else { break }
            let a = clip[i], b = clip[(i + 1) % clip.count]
            func side(_ p: SIMD2<Double>) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = output
            output = []
            for j in 0..<input.count {
                let p = input[j], q = input[(j + 1) % input.count]
                let sp = side(p), sq = side(q)
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    output.append(p + (q - p) * t)
                }
            }
        }
        return output
    }

    @Test func randomPolygonsClipAsBefore() {
        var g = SplitMix64(seed: 2311)
        func c() -> Double { g.next() % 3 == 0 ? Double(Int(g.next() % 7) - 3) : (g.unit() - 0.5) * 8 }
        var cut = 0
        for _ in 0..<20_000 {
            let subject = (0..<Int(g.next() % 9)).map { _ in SIMD2(c(), c()) }
            let clip = (0..<Int(g.next() % 7)).map { _ in SIMD2(c(), c()) }
            let new = ConvexPolygon.intersect(subject, clip), old = Self.oldIntersect(subject, clip)
            #expect(new.count == old.count && zip(new, old).allSatisfy {
                $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern
            })
            if old.count != subject.count { cut += 1 }
        }
        #expect(cut > 5_000)
    }
}
