import Testing
@testable import Raster

@Test func perspectiveTextureMatchesTheReference() {
    let texture = gradientTexture(8, 8)
    let map = Projective(m11: 1, m12: 0.1, m13: 0.012, m21: -0.2, m22: 1, m23: 0.006, m31: 3, m32: 2, m33: 1)
    let command = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 16, maxY: 16, cornerRadius: 2),
                              localToDevice: map, paint: .texture(texture, map: .scale(0.5, 0.5), filter: .bilinear),
                              opacity: 0.8)
    let (interior, rim) = compareWithReference([command], size: 24, background: 0xFF40_4040)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

@Test func bilinearSamplesTexelCentresExactlyAndClampsAtEdges() {
    // A 2×1 texture black | white stretched over 8 pixels: u = (x + 0.5)/4 at pixel x.
    // Texel centres are at u = 0.5 and 1.5, so pixels 0...1 (u ≤ 0.375) clamp to black,
    // pixel 3 (u = 0.875) is 0.375 of the way: 255·96/256 → 96 = 0x60, pixel 5 (u = 1.375)
    // is 0.875 of the way → 0xDF, pixels 6...7 clamp to white.
    let t = Surface(width: 2, height: 1)
    t[0, 0] = 0xFF00_0000; t[1, 0] = 0xFFFF_FFFF
    let s = Surface(width: 8, height: 1)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 1), localToDevice: .identity,
                         paint: .texture(t, map: .scale(0.25, 1), filter: .bilinear))], on: s, threads: 1)
    #expect((0..<8).map { s[$0, 0] } == [0xFF00_0000, 0xFF00_0000, 0xFF20_2020, 0xFF60_6060,
                                         0xFF9F_9F9F, 0xFFDF_DFDF, 0xFFFF_FFFF, 0xFFFF_FFFF])
}

@Test func nearestFilterPicksTheTexelUnderThePixelCentre() {
    let t = Surface(width: 2, height: 1)
    t[0, 0] = 0xFF00_0000; t[1, 0] = 0xFFFF_FFFF
    let s = Surface(width: 8, height: 1)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 1), localToDevice: .identity,
                         paint: .texture(t, map: .scale(0.25, 1), filter: .nearest))], on: s, threads: 1)
    #expect((0..<8).map { s[$0, 0] } == [UInt32](repeating: 0xFF00_0000, count: 4) + [UInt32](repeating: 0xFFFF_FFFF, count: 4))
}

@Test func alphaMaskScalesTheColourByTextureAlpha() {
    let t = Surface(width: 1, height: 1)
    t[0, 0] = 0x8000_0000
    let s = Surface(width: 2, height: 2)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 2, maxY: 2), localToDevice: .identity,
                         paint: .alphaMask(t, map: .identity, color: 0xFF00_00FF))], on: s, threads: 1)
    #expect(pixels(s).allSatisfy { $0 == 0x8000_0080 })
}
