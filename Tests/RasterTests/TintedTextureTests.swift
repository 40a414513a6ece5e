import Testing
@testable import Raster

// `Paint.tintedTexture`: each premultiplied texel multiplied channel by channel by a
// premultiplied tint (emitter particles, replicator instance colours).

@Test func tintedTexturePixelsByHand() {
    let s = Surface(width: 20, height: 10)
    s.clear(0xFF00_0000)
    let texture = Surface(width: 2, height: 1)
    texture[0, 0] = 0xFFFF_FFFF          // white
    texture[1, 0] = 0x8080_4000          // half-transparent orange, premultiplied
    // Tint (1, 0.5, 0.25) at alpha ¾, premultiplied: (191, 96, 48) with alpha 191.
    let tint: UInt32 = 0xBFBF_6030
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 10), localToDevice: .identity,
                         paint: .tintedTexture(texture, map: .scale(0.1, 0.1), filter: .nearest, tint: tint))],
            on: s, threads: 2)
    // White × tint = the tint (191, 96, 48, α 191) over black: (191, 96, 48).
    #expect(s[5, 5] == 0xFFBF_6030)
    // (128, 64, 0, α 128) × tint: R 128·191/255 = 96, G 64·96/255 = 24, B 0, α 96 → over black.
    #expect(s[15, 5] == 0xFF60_1800)
}

@Test func aWhiteTintDrawsTheTextureUnchanged() {
    let a = Surface(width: 32, height: 32), b = Surface(width: 32, height: 32)
    a.clear(0xFF10_2030); b.clear(0xFF10_2030)
    let map = Projective.rotation(0.3).concatenating(.translation(16, 4))
    let texture = gradientTexture(5, 4)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 16, cornerRadius: 4), localToDevice: map,
                         paint: .texture(texture, map: .scale(0.25, 0.25), filter: .bilinear), opacity: 0.7)], on: a, threads: 1)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 16, cornerRadius: 4), localToDevice: map,
                         paint: .tintedTexture(texture, map: .scale(0.25, 0.25), filter: .bilinear, tint: 0xFFFF_FFFF),
                         opacity: 0.7)], on: b, threads: 1)
    #expect(pixels(a) == pixels(b))
}

@Test(arguments: [UInt64(31), 32])
func tintedTexturesMatchTheReference(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for _ in 0..<10 {
        let w = Double.random(in: 4...20, using: &rng), h = Double.random(in: 4...20, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double.random(in: 0...8, using: &rng))
        let map = randomMap(&rng, size: 64, perspective: Bool.random(using: &rng))
        commands.append(FillCommand(shape: shape, localToDevice: map,
                                    paint: .tintedTexture(gradientTexture(5, 4), map: .scale(5 / w, 4 / h),
                                                          filter: Bool.random(using: &rng) ? .bilinear : .nearest,
                                                          tint: randomPremultiplied(&rng)),
                                    opacity: Float.random(in: 0.2...1, using: &rng),
                                    blendMode: Bool.random(using: &rng) ? .normal : .plusLighter))
    }
    let (interior, edge) = compareWithReference(commands, size: 64, background: 0xFF20_3040)
    #expect(interior <= interiorTolerance)
    #expect(edge <= edgeTolerance)
}
