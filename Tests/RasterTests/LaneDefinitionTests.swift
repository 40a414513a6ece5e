import Testing
@testable import Raster

// Swift kernels with eight-lane code take `lanes:` (default: the build's `vectorKernels`,
// off in the unoptimised builds tests run). Each lane path must give its one-pixel loop's
// values exactly, and the tests must run both: here, the projective fill's Float coverage and
// its 0...255 scales, which the band-cached rims use in every release build.

@Test(arguments: [UInt64(71), 72, 73])
func projectiveCoverageLanesMatchTheOnePixelLoop(seed: UInt64) {
    let commands = perspectiveScene(seed: seed, size: 160, count: 10).map { $0.0 }
    let scene = PreparedScene(commands, surface: Surface(width: 160, height: 160))
    #expect(scene.projectives.count >= 8)
    var compared = 0, partial = 0
    for (k, f) in scene.fills.enumerated() {
        guard case .projective(let i) = f.path else { continue }
        let p = scene.projectives[i]
        for y in stride(from: f.bounds.y0, to: f.bounds.y1, by: 3) {
            let r = p.row(Double(y) + 0.5)
            for x in stride(from: f.bounds.x0 - 8, to: f.bounds.x1, by: 5) {
                for arcs in [false, true] {
                    let a = p.coverage8(r, x, arcs: arcs, lanes: true), b = p.coverage8(r, x, arcs: arcs, lanes: false)
                    #expect(a == b, "fill \(k) row \(y) x \(x) arcs \(arcs)")
                    #expect(p.scales(a, lanes: true) == p.scales(b, lanes: false))
                    compared += 1
                    if a.min() < 1 && a.max() > 0 { partial += 1 }
                }
            }
        }
    }
    // Rims were among the chunks (coverage strictly between 0 and 1 in some lane).
    #expect(compared > 1000 && partial > 100, "\(compared) chunks, \(partial) with a rim")
}

@Test func coverageScalesLanesMatchTheOnePixelLoop() {
    var rng = SeededRandom(seed: 74)
    for _ in 0..<2000 {
        var c = SIMD8<Float>(repeating: 0)
        for i in 0..<8 { c[i] = [0, 1, Float.random(in: 0...1, using: &rng)][Int.random(in: 0...2, using: &rng)] }
        let o8 = UInt32.random(in: 0...255, using: &rng)
        let o255 = Float(o8)
        #expect(coverageScales(c, opacity255: o255, opacity8: o8, lanes: true)
                == coverageScales(c, opacity255: o255, opacity8: o8, lanes: false))
    }
}
