import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

// The projective fast path (ProjectiveFill.swift): against the general path on random
// perspective planes cut by random split lines, its row walk against per-pixel coverage,
// seams between pieces, thread counts, and a hand-computed pixel.

/// A `w`×`h` plane turned by `angle` about its vertical axis under perspective (eye at
/// distance `eye`), its centre at (cx, cy), then turned by `spin` in the screen plane: what
/// `CATransform3D` gives a layer rotating about y, flattened to a plane map.
func perspectivePlane(w: Double, h: Double, angle: Double, eye: Double, spin: Double, cx: Double, cy: Double) -> Projective {
    let c = cos(angle), s = sin(angle), k = s / eye
    // Local (x, y) → (X, Y, W): X = (x − w/2)·cos + cx·W, Y = (y − h/2) + cy·W, W = 1 − (x − w/2)·sin/eye.
    let plane = Projective(m11: c - cx * k, m12: -cy * k, m13: -k,
                           m21: 0, m22: 1, m23: 0,
                           m31: -w / 2 * c + cx * (1 + w / 2 * k), m32: -h / 2 + cy * (1 + w / 2 * k), m33: 1 + w / 2 * k)
    return plane.concatenating(.translation(-cx, -cy)).concatenating(.rotation(spin)).concatenating(.translation(cx, cy))
}

/// The two convex pieces of a big square on either side of the line through `p` along `d`,
/// in device space (a BSP split).
func splitPieces(_ p: SIMD2<Double>, _ d: SIMD2<Double>, size: Double) -> ([SIMD2<Double>], [SIMD2<Double>]) {
    let square: [SIMD2<Double>] = [SIMD2(-size, -size), SIMD2(2 * size, -size), SIMD2(2 * size, 2 * size), SIMD2(-size, 2 * size)]
    func side(_ q: SIMD2<Double>) -> Double { d.x * (q.y - p.y) - d.y * (q.x - p.x) }
    var a: [SIMD2<Double>] = [], b: [SIMD2<Double>] = []
    for i in 0..<4 {
        let q = square[i], r = square[(i + 1) % 4]
        let sq = side(q), sr = side(r)
        if sq >= 0 { a.append(q) }
        if sq <= 0 { b.append(q) }
        if (sq > 0 && sr < 0) || (sq < 0 && sr > 0) {
            let x = q + (r - q) * (sq / (sq - sr))
            a.append(x); b.append(x)
        }
    }
    return (a, b)
}

/// Random tilted planes (some nearly edge-on), each split in two by a random line (through
/// pixel centres for some), as the 3D sorter emits them: `(whole, pieces)`.
func perspectiveScene(seed: UInt64, size: Int, count: Int) -> [(FillCommand, [FillCommand])] {
    var rng = SeededRandom(seed: seed)
    var out: [(FillCommand, [FillCommand])] = []
    for i in 0..<count {
        let w = Double.random(in: 20...120, using: &rng), h = Double.random(in: 20...120, using: &rng)
        let radius = i % 5 == 0 ? 0 : Double.random(in: 0...30, using: &rng)
        let angle = i % 7 == 3 ? Double.random(in: 1.53...1.565, using: &rng) : Double.random(in: -1.3...1.3, using: &rng)
        let map = perspectivePlane(w: w, h: h, angle: angle, eye: Double.random(in: 200...800, using: &rng),
                                   spin: Double.random(in: -0.6...0.6, using: &rng),
                                   cx: Double.random(in: 30...Double(size - 30), using: &rng),
                                   cy: Double.random(in: 30...Double(size - 30), using: &rng))
        let whole = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: radius), localToDevice: map,
                                paint: .solid(randomPremultiplied(&rng)), opacity: Float.random(in: 0.2...1, using: &rng))
        let centre = map.apply(x: w / 2, y: h / 2)
        var p = SIMD2(centre.x + Double.random(in: -15...15, using: &rng), centre.y + Double.random(in: -15...15, using: &rng))
        let t = Double.random(in: 0..<(2 * .pi), using: &rng)
        var d = SIMD2(cos(t), sin(t))
        if i % 4 == 1 {
            // Through pixel centres: the tie rule alone decides there.
            p = SIMD2(p.x.rounded(.down) + 0.5, p.y.rounded(.down) + 0.5)
            d = i % 8 == 1 ? SIMD2(0, 1) : SIMD2(1, 1)
        }
        let (a, b) = splitPieces(p, d, size: Double(size))
        var pieces: [FillCommand] = []
        for polygon in [a, b] where polygon.count >= 3 {
            var piece = whole
            piece.clip = Clip(polygon: polygon)
            pieces.append(piece)
        }
        out.append((whole, pieces))
    }
    return out
}

func render(_ commands: [FillCommand], size: Int, threads: Int = 1, similarityPath: Bool = true) -> [UInt32] {
    let s = Surface(width: size, height: size)
    s.clear(0xFF1E_1E24)
    execute(commands, on: s, threads: threads, similarityPath: similarityPath)
    return pixels(s)
}

func worstDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
    zip(a, b).reduce(0) { max($0, channelDifference($1.0, $1.1)) }
}

@Test func perspectivePiecesTakeTheProjectivePath() {
    let scene = perspectiveScene(seed: 61, size: 160, count: 12)
    let commands = scene.flatMap { [$0.0] + $0.1 }
    let prepared = PreparedScene(commands, surface: Surface(width: 160, height: 160))
    #expect(prepared.fills.count == commands.count)
    #expect(prepared.fills.allSatisfy { isProjective($0) })
    let general = PreparedScene(commands, surface: Surface(width: 160, height: 160), similarityPath: false)
    #expect(general.fills.allSatisfy { !isProjective($0) })
}

@Test(arguments: [UInt64(62), 63, 64, 65])
func projectivePathMatchesTheGeneralPathWithinOne(seed: UInt64) {
    // Float coverage against Double: one 8-bit step at most, per command on its own.
    for (whole, pieces) in perspectiveScene(seed: seed, size: 160, count: 10) {
        for command in [whole] + pieces {
            #expect(worstDifference(render([command], size: 160), render([command], size: 160, similarityPath: false)) <= 1)
        }
    }
}

@Test(arguments: [UInt64(66), 67, 68])
func piecesOfAPlaneAddUpToTheWholePlaneExactly(seed: UInt64) {
    // Coverage is a function of the pixel alone and the pieces split pixels exactly, so the
    // two pieces blend every pixel of the plane exactly once, with the whole plane's value.
    for (whole, pieces) in perspectiveScene(seed: seed, size: 160, count: 10) {
        #expect(render([whole], size: 160) == render(pieces, size: 160))
    }
}

@Test(arguments: [UInt64(69), 70])
func projectiveRowWalkMatchesPerPixelCoverage(seed: UInt64) {
    // The walk and the inner range paint constant spans without computing coverage; every
    // pixel's own coverage must give the same values (up to a Float rounding step where the
    // inner range's ends lie within 10⁻⁹ px of full coverage).
    for (whole, pieces) in perspectiveScene(seed: seed, size: 160, count: 12) {
        let commands = [whole] + pieces
        for command in commands {
            let walked = Surface(width: 160, height: 160), perPixel = Surface(width: 160, height: 160)
            walked.clear(0xFF1E_1E24); perPixel.clear(0xFF1E_1E24)
            execute([command], on: walked, threads: 1)
            PreparedScene([command], surface: perPixel).renderPerPixel(on: perPixel)
            #expect(worstDifference(pixels(walked), pixels(perPixel)) <= 1)
        }
    }
}

@Test(arguments: [UInt64(71), 72])
func projectivePathIsIdenticalOnOneTwoAndThreeThreads(seed: UInt64) {
    let commands = perspectiveScene(seed: seed, size: 200, count: 20).flatMap { $0.1 }
    let one = render(commands, size: 200, threads: 1)
    #expect(render(commands, size: 200, threads: 2) == one)
    #expect(render(commands, size: 200, threads: 3) == one)
}

@Test func projectivePathMatchesTheReference() {
    let commands = perspectiveScene(seed: 73, size: 120, count: 4).flatMap { $0.1 }
    let (interior, rim) = compareWithReference(commands, size: 120, background: 0xFF20_2430)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

@Test func projectivePathHandComputedPixel() {
    // W = 1 + 0.01·x: local vertical lines stay vertical, local x = 0.25 lands at device
    // x = 0.25/1.0025, so pixel 0's centre is 0.5 − 0.249377 = 0.250623 px inside the left
    // edge: coverage 0.750623, 8-bit 191 (white at opacity 1 over transparent black). The top
    // edge is the device line y = 0 (horizontal).
    let map = Projective(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    let command = FillCommand(shape: RoundedRect(minX: 0.25, minY: 0, maxX: 20, maxY: 20), localToDevice: map,
                              paint: .solid(0xFFFF_FFFF))
    let s = Surface(width: 24, height: 24)
    #expect(PreparedScene([command], surface: s).fills.first?.path == .projective(0))
    execute([command], on: s, threads: 1)
    #expect(s[0, 5] == 0xBFBF_BFBF)
    #expect(s[8, 5] == 0xFFFF_FFFF)
    #expect(s[8, 0] == 0xFFFF_FFFF)
    #expect(s[20, 5] == 0)
}
