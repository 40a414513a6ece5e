import Testing
@testable import Raster

// Tolerances: pixels away from every edge (no command's reference coverage in the 3×3
// neighbourhood is partial) may differ by at most 2 per channel (8-bit rounding order);
// pixels on edges by at most 21 per channel (8 % of full scale: analytic coverage against
// 16×16 supersampling, compounded where a few edges overlap).
let interiorTolerance = 2
let edgeTolerance = 21

/// A random plane map: rotation, scale, translation and optionally perspective.
func randomMap(_ rng: inout SeededRandom, size: Double, perspective: Bool) -> Projective {
    let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
    let scale = Double.random(in: 0.6...1.4, using: &rng)
    var m = Projective.translation(-8, -8)
        .concatenating(.rotation(angle))
        .concatenating(.scale(scale, scale * Double.random(in: 0.7...1.3, using: &rng)))
    if perspective {
        m = m.concatenating(Projective(m11: 1, m12: 0, m13: Double.random(in: -0.02...0.02, using: &rng),
                                       m21: 0, m22: 1, m23: Double.random(in: -0.02...0.02, using: &rng),
                                       m31: 0, m32: 0, m33: 1))
    }
    return m.concatenating(.translation(Double.random(in: 4...(size - 4), using: &rng),
                                        Double.random(in: 4...(size - 4), using: &rng)))
}

func randomScene(seed: UInt64, size: Int, count: Int, textures: Bool) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for _ in 0..<count {
        let w = Double.random(in: 4...20, using: &rng), h = Double.random(in: 4...20, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h,
                                cornerRadius: Double.random(in: 0...8, using: &rng))
        let map = randomMap(&rng, size: Double(size), perspective: Bool.random(using: &rng))
        let paint: Paint = textures && Bool.random(using: &rng)
            ? .texture(gradientTexture(5, 4), map: .scale(5 / w, 4 / h), filter: .bilinear)
            : .solid(randomPremultiplied(&rng))
        commands.append(FillCommand(shape: shape, localToDevice: map, paint: paint,
                                    opacity: Float.random(in: 0.2...1, using: &rng)))
    }
    return commands
}

/// Compares `execute` with the reference on one scene; returns (worst interior, worst edge).
func compareWithReference(_ commands: [FillCommand], size: Int, background: UInt32) -> (Int, Int) {
    let fast = Surface(width: size, height: size), slow = Surface(width: size, height: size)
    fast.clear(background); slow.clear(background)
    execute(commands, on: fast, threads: 2)
    ReferenceRasterizer.execute(commands, on: slow)
    let edge = edgeMask(commands, width: size, height: size)
    var interior = 0, rim = 0
    for y in 0..<size {
        for x in 0..<size {
            let d = channelDifference(fast[x, y], slow[x, y])
            if edge[y * size + x] { rim = max(rim, d) } else { interior = max(interior, d) }
        }
    }
    return (interior, rim)
}

@Test(arguments: [UInt64(1), 2, 3])
func randomSolidScenesMatchTheReference(seed: UInt64) {
    let commands = randomScene(seed: seed, size: 28, count: 4, textures: false)
    let (interior, rim) = compareWithReference(commands, size: 28, background: 0xFF20_2020)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

@Test(arguments: [UInt64(11), 12])
func randomTexturedScenesMatchTheReference(seed: UInt64) {
    let commands = randomScene(seed: seed, size: 28, count: 3, textures: true)
    let (interior, rim) = compareWithReference(commands, size: 28, background: 0)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

@Test func rotatedRoundedSquareMatchesTheReference() {
    // The benchmark's shape at a quarter scale: radius 4, rotated 30°, opacity 0.5.
    let map = Projective.translation(-16, -16).concatenating(.rotation(.pi / 6)).concatenating(.translation(20, 20))
    let command = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 32, maxY: 32, cornerRadius: 4),
                              localToDevice: map, paint: .solid(0xFF40_80F0), opacity: 0.5)
    let (interior, rim) = compareWithReference([command], size: 40, background: 0xFF1E_1E24)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}
