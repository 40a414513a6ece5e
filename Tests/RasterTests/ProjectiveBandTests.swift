import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

// The projective path's band shortcuts (ProjectiveFill.swift: `bandColumns`, `bandRims`,
// `middleColumns`) against the same path solving every row on its own: pixel for pixel
// identical, on planes like the `3d` benchmark's (turned about y only, so their sides and
// the split lines between planes are vertical) cut into vertical strips, and on the random
// tilted, spun and obliquely split planes of ProjectivePathTests.

/// Planes turned about y (no spin) cut into 1...4 strips by vertical lines (some exactly
/// vertical, some off by a hair, some through pixel centres), as the 3D sorter emits them.
func stripScene(seed: UInt64, size: Int, count: Int) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var out: [FillCommand] = []
    for i in 0..<count {
        let w = Double.random(in: 40...128, using: &rng), h = Double.random(in: 40...128, using: &rng)
        let radius = i % 6 == 0 ? 0 : Double.random(in: 4...24, using: &rng)
        let angle = i % 7 == 3 ? Double.random(in: 1.45...1.55, using: &rng) : Double.random(in: -1.3...1.3, using: &rng)
        let map = perspectivePlane(w: w, h: h, angle: angle, eye: 500, spin: 0,
                                   cx: Double.random(in: 40...Double(size - 40), using: &rng),
                                   cy: Double.random(in: 40...Double(size - 40), using: &rng))
        let whole = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: radius), localToDevice: map,
                                paint: .solid(randomPremultiplied(&rng)), opacity: Float.random(in: 0.2...1, using: &rng))
        let left = map.apply(x: 0, y: h / 2).x, right = map.apply(x: w, y: h / 2).x
        var cuts = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            Double.random(in: Swift.min(left, right)...Swift.max(left, right), using: &rng)
        }
        cuts.sort()
        if i % 4 == 1 { cuts = cuts.map { $0.rounded(.down) + 0.5 } }
        let tilt = i % 3 == 2 ? 1e-3 : 0
        let edges = [-Double(size)] + cuts + [2 * Double(size)]
        if cuts.isEmpty { out.append(whole); continue }
        for k in 0..<(edges.count - 1) where edges[k] < edges[k + 1] {
            let a = edges[k], b = edges[k + 1], lo = -Double(size), hi = 2 * Double(size)
            var piece = whole
            piece.clip = Clip(polygon: [SIMD2(a - tilt * lo, lo), SIMD2(b - tilt * lo, lo), SIMD2(b - tilt * hi, hi),
                                        SIMD2(a - tilt * hi, hi)])
            out.append(piece)
        }
    }
    return out
}

/// How many pixels differ (a count, not the arrays: a failure stays readable).
func differingPixels(_ a: [UInt32], _ b: [UInt32]) -> Int {
    a.count != b.count ? Swift.max(a.count, b.count) : zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}

/// The commands drawn through `execute` (bands of 16 rows, band shortcuts) and row by row.
func bandAndRowByRow(_ commands: [FillCommand], size: Int, threads: Int = 1) -> ([UInt32], [UInt32]) {
    let banded = Surface(width: size, height: size), rows = Surface(width: size, height: size)
    banded.clear(0xFF1E_1E24); rows.clear(0xFF1E_1E24)
    execute(commands, on: banded, threads: threads)
    PreparedScene(commands, surface: rows).renderRowByRow(on: rows)
    return (pixels(banded), pixels(rows))
}

@Test(arguments: [UInt64(81), 82, 83, 84])
func stripPiecesMatchRowByRowExactly(seed: UInt64) {
    let commands = stripScene(seed: seed, size: 200, count: 12)
    #expect(PreparedScene(commands, surface: Surface(width: 200, height: 200)).fills.allSatisfy { isProjective($0) })
    for command in commands {
        let (banded, rows) = bandAndRowByRow([command], size: 200)
        #expect(differingPixels(banded, rows) == 0)
    }
    let (banded, rows) = bandAndRowByRow(commands, size: 200)
    #expect(differingPixels(banded, rows) == 0)
    #expect(differingPixels(bandAndRowByRow(commands, size: 200, threads: 2).0, banded) == 0)
}

@Test(arguments: [UInt64(85), 86])
func stripPiecesAddUpToTheWholePlane(seed: UInt64) {
    // Strips of one plane split its pixels exactly: drawn alone, the pieces give the whole.
    var rng = SeededRandom(seed: seed)
    for _ in 0..<6 {
        let map = perspectivePlane(w: 128, h: 128, angle: Double.random(in: -1.2...1.2, using: &rng), eye: 500, spin: 0,
                                   cx: 100, cy: 100)
        let whole = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 128, maxY: 128, cornerRadius: 16),
                                localToDevice: map, paint: .solid(0xC060_3020), opacity: 0.7)
        let l = map.apply(x: 0, y: 64).x, r = map.apply(x: 128, y: 64).x
        let cuts = [Swift.min(l, r) + 0.3 * abs(r - l), Swift.min(l, r) + 0.6 * abs(r - l)]
        let edges = [-200.0] + cuts + [400.0]
        var pieces: [FillCommand] = []
        for k in 0..<3 {
            var piece = whole
            piece.clip = Clip(polygon: [SIMD2(edges[k], -200), SIMD2(edges[k + 1], -200), SIMD2(edges[k + 1], 400),
                                        SIMD2(edges[k], 400)])
            pieces.append(piece)
        }
        #expect(differingPixels(render([whole], size: 200), render(pieces, size: 200)) == 0)
    }
}

@Test(arguments: [UInt64(87), 88])
func randomProjectivePlanesMatchRowByRowExactly(seed: UInt64) {
    for (whole, pieces) in perspectiveScene(seed: seed, size: 160, count: 12) {
        for command in [whole] + pieces {
            let (banded, rows) = bandAndRowByRow([command], size: 160)
            #expect(differingPixels(banded, rows) == 0)
        }
    }
}

@Test func stripPiecesMatchPerPixelCoverageWithinOne() {
    for command in stripScene(seed: 89, size: 200, count: 12) {
        let walked = Surface(width: 200, height: 200), perPixel = Surface(width: 200, height: 200)
        walked.clear(0xFF1E_1E24); perPixel.clear(0xFF1E_1E24)
        execute([command], on: walked, threads: 1)
        PreparedScene([command], surface: perPixel).renderPerPixel(on: perPixel)
        #expect(worstDifference(pixels(walked), pixels(perPixel)) <= 1)
    }
}
