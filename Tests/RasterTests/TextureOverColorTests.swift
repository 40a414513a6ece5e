import Testing
@testable import Raster

// `Paint.textureOverColor`: the texture composited over one colour before coverage and
// opacity (a layer's contents over its background as one group).

/// A 4 × 4 texture: transparent left half, opaque blue right half.
private func halfBlue() -> Surface {
    let t = Surface(width: 4, height: 4)
    for y in 0..<4 { for x in 2..<4 { t[x, y] = 0xFF00_00FF } }
    return t
}

@Test func textureOverColorPixelsByHand() {
    let s = Surface(width: 40, height: 20)
    s.clear(0xFFFF_FFFF)
    // A 40 × 20 rect showing the texture stretched 10×: red shows through its left half.
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 40, maxY: 20), localToDevice: .identity,
                         paint: .textureOverColor(halfBlue(), map: .scale(0.1, 0.2), filter: .bilinear, color: 0xFFFF_0000),
                         opacity: 0.5)], on: s, threads: 2)
    // Opacity 0.5 → scale 128; over white each channel keeps 127 of 255.
    #expect(s[5, 10] == 0xFFFF_7F7F)    // red at half over white: (128 + 127, 127, 127)
    #expect(s[35, 10] == 0xFF7F_7FFF)   // blue at half over white
    // Between the clear and the blue texel centres (u = 1.5 and 2.5): pixel 19 samples at
    // u = 1.95, weight 115/256 of blue → blue 115 at alpha 115; over red, R = 255·140/255 = 140
    // → (140, 0, 115, 255); at half (×128/255): (70, 0, 58, 128); over white + 127 each:
    // (197, 127, 185). Pixel 20: u = 2.05, weight 140 → blue 139 → over red R 116 →
    // (58, 0, 70) at half → (185, 127, 197).
    #expect(s[19, 10] == 0xFFC5_7FB9)
    #expect(s[20, 10] == 0xFFB9_7FC5)
}

@Test(arguments: [UInt64(21), 22])
func texturesOverColoursMatchTheReference(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for _ in 0..<10 {
        let w = Double.random(in: 4...20, using: &rng), h = Double.random(in: 4...20, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double.random(in: 0...8, using: &rng))
        let map = randomMap(&rng, size: 64, perspective: Bool.random(using: &rng))
        let texture = gradientTexture(5, 4)
        // Some transparent texels, so the colour shows through.
        texture[1, 1] = 0; texture[3, 2] = 0x4020_1008
        commands.append(FillCommand(shape: shape, localToDevice: map,
                                    paint: .textureOverColor(texture, map: .scale(5 / w, 4 / h),
                                                             filter: .bilinear,
                                                             color: randomPremultiplied(&rng)),
                                    opacity: Float.random(in: 0.2...1, using: &rng)))
    }
    let (interior, edge) = compareWithReference(commands, size: 64, background: 0xFF20_3040)
    #expect(interior <= interiorTolerance)
    #expect(edge <= edgeTolerance)
}

@Test func textureOverColorIsTheSameWithOneAndTwoThreads() {
    let commands = (0..<6).map { i in
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 60, maxY: 40, cornerRadius: 9),
                    localToDevice: Projective.rotation(Double(i) * 0.7).concatenating(.translation(Double(20 + 15 * i), 50)),
                    paint: .textureOverColor(gradientTexture(6, 6), map: .scale(0.1, 0.15), filter: .bilinear, color: 0xFF80_4000),
                    opacity: 0.5)
    }
    let one = Surface(width: 128, height: 100), two = Surface(width: 128, height: 100)
    execute(commands, on: one, threads: 1)
    execute(commands, on: two, threads: 2)
    #expect(pixels(one) == pixels(two))
}
