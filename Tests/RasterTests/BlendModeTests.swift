import Testing
@testable import Raster

// Blend modes: hand-computed pixels, coverage as a lerp, and every Porter-Duff and separable
// mode against the reference's Double formulas.

private func blendOnto(_ dst: UInt32, _ src: UInt32, _ mode: BlendMode, opacity: Float = 1, rect: (Double, Double, Double, Double) = (0, 0, 4, 4)) -> Surface {
    let s = Surface(width: 4, height: 4)
    s.clear(dst)
    execute([FillCommand(path: PathGeometry(rect: rect.0, rect.1, rect.2, rect.3), rule: .nonZero, localToDevice: .identity,
                         paint: .solid(src), opacity: opacity, blendMode: mode)], on: s, threads: 1)
    return s
}

@Test func multiplyAndScreenOfTwoGreys() {
    // 128 × 64 / 255 = 32.1 → 32; screen 128 + 64 − 32.1 = 159.9 → 160.
    #expect(blendOnto(0xFF40_4040, 0xFF80_8080, .multiply)[1, 1] == 0xFF20_2020)
    #expect(blendOnto(0xFF40_4040, 0xFF80_8080, .screen)[1, 1] == 0xFFA0_A0A0)
    #expect(blendOnto(0xFF40_4040, 0xFF80_8080, .darken)[1, 1] == 0xFF40_4040)
    #expect(blendOnto(0xFF40_4040, 0xFF80_8080, .lighten)[1, 1] == 0xFF80_8080)
    // plusLighter saturates, plusDarker is max(0, 1 − ((1 − D) + (1 − S))): 128 + 64 − 255 < 0 → 0.
    #expect(blendOnto(0xFFC0_4040, 0xFF80_8080, .plusLighter)[1, 1] == 0xFFFF_C0C0)
    #expect(blendOnto(0xFFC0_4040, 0xFF80_8080, .plusDarker)[1, 1] == 0xFF41_0000)
}

@Test func copyAndClearChangeOnlyThePixelsInsideTheShape() {
    let copy = blendOnto(0xFF00_FF00, 0x8080_0000, .copy, rect: (0, 0, 2, 4))
    #expect(copy[0, 0] == 0x8080_0000 && copy[3, 0] == 0xFF00_FF00)
    let clear = blendOnto(0xFF00_FF00, 0xFFFF_FFFF, .clear, rect: (0, 0, 2, 4))
    #expect(clear[1, 2] == 0 && clear[2, 2] == 0xFF00_FF00)
    // Opacity scales the source before copying: 0.5 × opaque red = 0x80800000 replaces dst.
    #expect(blendOnto(0xFF00_FF00, 0xFFFF_0000, .copy, opacity: 0.5)[1, 1] == 0x8080_0000)
    // Half coverage lerps: copy of transparent over opaque green at coverage 0.5 (scale 128)
    // → 255 × (1 − 128/255) = 127 of the green remains.
    let half = blendOnto(0xFF00_FF00, 0, .copy, rect: (0, 0, 2.5, 4))
    #expect(half[2, 1] == 0x7F00_7F00)
}

@Test(arguments: BlendMode.allCases.filter { ![.hue, .saturation, .color, .luminosity, .overlay, .colorDodge, .colorBurn, .softLight, .hardLight].contains($0) })
func blendModeMatchesTheReference(mode: BlendMode) {
    var rng = SeededRandom(seed: 7)
    for _ in 0..<40 {
        let dst = randomPremultiplied(&rng), src = randomPremultiplied(&rng)
        let command = FillCommand(path: PathGeometry(rect: 0.25, 0, 3, 1), rule: .nonZero, localToDevice: .identity,
                                  paint: .solid(src), opacity: Float.random(in: 0.3...1, using: &rng), blendMode: mode)
        let fast = Surface(width: 4, height: 1), slow = Surface(width: 4, height: 1)
        fast.clear(dst); slow.clear(dst)
        execute([command], on: fast, threads: 1)
        ReferenceRasterizer.execute([command], on: slow)
        for x in 0..<4 {
            #expect(channelDifference(fast[x, 0], slow[x, 0]) <= 1, "\(mode) src \(src) dst \(dst)")
            #expect(fast[x, 0] >> 24 >= (fast[x, 0] >> 16) & 255)
        }
    }
}

@Test func nonSeparableAndLightingModesOnHandComputedPixels() {
    // Opaque over opaque: the result is B(cs, cd) itself.
    // hardLight with cs = 0.2 (≤ 0.5): cd·2cs = 0.6 × 0.4 = 0.24 → 61.
    let cs: UInt32 = 51, cd: UInt32 = 153  // 0.2, 0.6
    let grey = { (v: UInt32) in 0xFF00_0000 | v << 16 | v << 8 | v }
    #expect(blendOnto(grey(cd), grey(cs), .hardLight)[1, 1] & 255 == 61)
    // overlay = hardLight with the roles swapped: cd = 0.6 > 0.5: screen(cs, 2cd − 1) = 0.2 + 0.2 − 0.04 = 0.36 → 92.
    #expect(blendOnto(grey(cd), grey(cs), .overlay)[1, 1] & 255 == 92)
    // colorDodge: cd / (1 − cs) = 0.75 → 191; colorBurn: 1 − (1 − cd)/cs = 1 − 2 → 0.
    #expect(blendOnto(grey(cd), grey(cs), .colorDodge)[1, 1] & 255 == 191)
    #expect(blendOnto(grey(cd), grey(cs), .colorBurn)[1, 1] & 255 == 0)
    // luminosity of a grey source onto a grey destination is the source grey.
    #expect(blendOnto(grey(cd), grey(cs), .luminosity)[1, 1] & 255 == cs)
    // color of a pure red source onto mid grey keeps the grey's luminosity 0.6: red channel
    // of SetLum((1,0,0), 0.6) = (1.3, 0.3, 0.3) clipped around l = 0.6: 0.6 + 0.7·0.4/0.7 = 1.0, others 0.6 − 0.3·0.4/0.7 = 0.4286.
    let c = blendOnto(grey(cd), 0xFFFF_0000, .color)[1, 1]
    #expect((c >> 16) & 255 == 255 && abs(Int(c & 255) - 109) <= 1)
}
