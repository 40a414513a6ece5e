import Testing
import CRasterKernels
@testable import Raster

// The similarity fast path (SimilarityFill.swift) against the reference, against the general
// path on the same commands, across thread counts, and on a few hand-computed pixels.

/// A random similarity: rotation, uniform scale, sometimes a reflection, translation.
func randomSimilarity(_ rng: inout SeededRandom, w: Double, h: Double, size: Double) -> Projective {
    let scale = Double.random(in: 0.5...1.5, using: &rng)
    var m = Projective.translation(-w / 2, -h / 2)
    if Bool.random(using: &rng) { m = m.concatenating(.scale(1, -1)) }
    return m.concatenating(.rotation(Double.random(in: 0..<(2 * .pi), using: &rng)))
        .concatenating(.scale(scale, scale))
        .concatenating(.translation(Double.random(in: 0...size, using: &rng), Double.random(in: 0...size, using: &rng)))
}

/// Fills that all qualify for the fast path: equal radii 0…64 (clamped to half the shorter
/// side), similarity maps, opacities, solid and textured paints.
func similarityScene(seed: UInt64, size: Int, count: Int, maxSide: Double, textures: Bool) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for i in 0..<count {
        let w = Double.random(in: 3...maxSide, using: &rng), h = Double.random(in: 3...maxSide, using: &rng)
        let radius = i % 4 == 0 ? 0 : Double.random(in: 0...64, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: radius)
        let paint: Paint = textures && i % 2 == 1
            ? .texture(gradientTexture(7, 5), map: .scale(7 / w, 5 / h), filter: .bilinear)
            : .solid(randomPremultiplied(&rng))
        commands.append(FillCommand(shape: shape, localToDevice: randomSimilarity(&rng, w: w, h: h, size: Double(size)),
                                    paint: paint, opacity: Float.random(in: 0.1...1, using: &rng)))
    }
    return commands
}

@Test func similarityScenesTakeTheFastPath() {
    let s = Surface(width: 64, height: 64)
    let scene = PreparedScene(similarityScene(seed: 1, size: 64, count: 12, maxSide: 40, textures: true), surface: s)
    #expect(scene.fills.count == 12)
    #expect(scene.fills.allSatisfy { isSimilarity($0) })
    let general = PreparedScene(similarityScene(seed: 1, size: 64, count: 12, maxSide: 40, textures: true), surface: s,
                                similarityPath: false)
    #expect(general.fills.allSatisfy { !isSimilarity($0) })
}

@Test(arguments: [UInt64(21), 22, 23, 24])
func similarityPathMatchesTheReference(seed: UInt64) {
    let commands = similarityScene(seed: seed, size: 40, count: 3, maxSide: 30, textures: seed % 2 == 0)
    let (interior, rim) = compareWithReference(commands, size: 40, background: 0xFF20_2430)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

/// The worst channel difference between the fast path and the general path on one scene.
func fastVersusGeneral(_ commands: [FillCommand], size: Int, background: UInt32) -> Int {
    let fast = Surface(width: size, height: size), general = Surface(width: size, height: size)
    fast.clear(background); general.clear(background)
    execute(commands, on: fast, threads: 1, similarityPath: true)
    execute(commands, on: general, threads: 1, similarityPath: false)
    var worst = 0
    for y in 0..<size { for x in 0..<size { worst = max(worst, channelDifference(fast[x, y], general[x, y])) } }
    return worst
}

@Test(arguments: [UInt64(31), 32, 33, 34, 35, 36])
func similarityPathMatchesTheGeneralPathWithinOne(seed: UInt64) {
    // Float coverage against Double: an 8-bit value may land one step away, never more, for
    // each solid command on its own. Textured commands may differ by one more: a texture
    // span's 16.16 texel coordinates step from the span's first pixel, and the two paths
    // start their spans at different columns (up to 2⁻¹⁶ texel per pixel of the span).
    let commands = similarityScene(seed: seed, size: 160, count: 40, maxSide: 140, textures: seed % 3 == 0)
    for command in commands {
        let d = fastVersusGeneral([command], size: 160, background: 0xFF1E_1E24)
        if case .solid = command.paint { #expect(d <= 1) } else { #expect(d <= 2) }
    }
    // Where translucent rims overlap, two such steps can add up.
    if seed % 3 != 0 {
        #expect(fastVersusGeneral(commands, size: 160, background: 0xFF1E_1E24) <= 2)
    }
}

@Test func thinAndTinyShapesMatchTheGeneralPath() {
    // One to three pixels across (the fast path's lower limit is one pixel), square and round.
    var commands: [FillCommand] = []
    var rng = SeededRandom(seed: 41)
    for i in 0..<60 {
        let w = Double.random(in: 0.5...3, using: &rng), h = Double.random(in: 1...12, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: i % 2 == 0 ? 0 : w / 2)
        commands.append(FillCommand(shape: shape, localToDevice: randomSimilarity(&rng, w: w, h: h, size: 64),
                                    paint: .solid(0xFFFF_FFFF), opacity: 0.7))
    }
    #expect(fastVersusGeneral(commands, size: 64, background: 0xFF00_0000) <= 1)
}

@Test(arguments: [UInt64(51), 52])
func similarityPathIsIdenticalOnOneTwoAndThreeThreads(seed: UInt64) {
    let commands = similarityScene(seed: seed, size: 100, count: 30, maxSide: 60, textures: true)
    var results: [[UInt32]] = []
    for threads in [1, 2, 3] {
        let s = Surface(width: 100, height: 100)
        s.clear(0xFF1E_1E24)
        execute(commands, on: s, threads: threads)
        results.append(pixels(s))
    }
    #expect(results[0] == results[1])
    #expect(results[0] == results[2])
}

@Test func similarityPathHandComputedPixels() {
    // A quarter turn: device X = 30.25 − y, Y = x + 5, so local y ∈ [0, 10] covers X ∈ [20.25, 30.25].
    let map = Projective.rotation(.pi / 2).concatenating(.translation(30.25, 5))
    let shape = RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 10, cornerRadius: 2)
    let s = Surface(width: 40, height: 32)
    execute([FillCommand(shape: shape, localToDevice: map, paint: .solid(0xFFFF_FFFF))], on: s, threads: 1)
    // Column 20 (centre 20.5) is 0.25 px inside the side X = 20.25: coverage 0.75 → 191.
    #expect(s[20, 15] == 0xBFBF_BFBF)
    #expect(s[19, 15] == 0)
    #expect(s[25, 15] == 0xFFFF_FFFF)
    // Pixel (29, 5), centre (29.5, 5.5), lies in the corner quadrant of the arc centred at
    // (28.25, 7): 1.95256 from it, so 0.04744 inside the radius-2 arc: coverage 0.54744 → 140.
    #expect(s[29, 5] == 0x8C8C_8C8C)
}

@Test func floatCoverageMatchesTheDoubleFormula() {
    // The eight-lane Float coverage of CRasterKernels' walks (the only definition, on every
    // architecture) against the same formula in Double, for shapes up to the fast path's
    // 8192 px half size: the 0...255 scales within one step (Float's error is below 10⁻³, a
    // quarter of a step, so only values on a rounding boundary may differ).
    var rng = SeededRandom(seed: 61)
    var worst = 0, compared = 0
    let scales = UnsafeMutablePointer<UInt32>.allocate(capacity: 16)
    defer { scales.deallocate() }
    for _ in 0..<200 {
        let w = Double.random(in: 2...16000, using: &rng), h = Double.random(in: 2...16000, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double.random(in: 0...64, using: &rng))
        let m = randomSimilarity(&rng, w: w, h: h, size: 4000)
        guard let inverse0 = m.inverted() else { continue }
        let inverse = normalised(inverse0)
        guard var g = SimilarityFill(shape: shape, inverse: inverse, opacity: 1, opacity8: 255,
                                     solidColor: 0xFFFF_FFFF) else { continue }
        // A row through the shape's centre and one near an edge or a corner.
        let centre = m.apply(x: w / 2, y: h / 2)
        let edge = m.apply(x: Double.random(in: 0...w, using: &rng), y: 0)
        for p in [centre, edge] {
            let y = Int(p.y.rounded(.down)), x = Int(p.x.rounded(.down)) - 4
            let py = Double(y) + 0.5
            strata_similarity_row_scales(&g.kernel, scales, g.originX + g.stepYx * py, g.originY + g.stepYy * py, x, x + 8)
            for i in 0..<8 {
                let local = inverse.apply(x: Double(x + i) + 0.5, y: py)
                let ppu = 1 / (inverse.m11 * inverse.m11 + inverse.m12 * inverse.m12).squareRoot()
                let r = shape.topLeft * ppu
                let qx = abs(local.x - w / 2) * ppu - (w / 2 * ppu - r), qy = abs(local.y - h / 2) * ppu - (h / 2 * ppu - r)
                func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
                let exact = r > 0 && qx > 0 && qy > 0
                    ? unit(0.5 - ((qx * qx + qy * qy).squareRoot() - r))
                    : unit(0.5 - (qx - r)) * unit(0.5 - (qy - r))
                worst = max(worst, abs(Int(alphaScale(exact)) - Int(scales[i])))
                compared += 1
            }
        }
    }
    #expect(compared > 1000)
    #expect(worst <= 1)
}
