import Testing
@testable import Raster

/// A plane tilted so that W = 1 − x/40: its right part (x ≥ 40) lies behind the eye.
let tiltedPastTheEye = Projective(m11: 1, m12: 0, m13: -1.0 / 40, m21: 0, m22: 1, m23: 0, m31: 2, m32: 2, m33: 1)

@Test func planePartlyBehindTheEyeMatchesTheReference() {
    let command = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 100, maxY: 10, cornerRadius: 3),
                              localToDevice: tiltedPastTheEye, paint: .solid(0xFFFF_FFFF))
    let (interior, rim) = compareWithReference([command], size: 32, background: 0xFF00_0000)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
    let s = Surface(width: 32, height: 32)
    execute([command], on: s, threads: 2)
    // x = 10 maps to 2 + 10/0.75 ≈ 15.3: drawn. Nothing garbage beyond the horizon.
    #expect(s[15, 5] == 0xFFFF_FFFF)
    #expect(pixels(s).allSatisfy { $0 == 0 || $0 >> 24 == ($0 >> 16) & 255 })
}

@Test func planeEntirelyBehindTheEyeDrawsNothing() {
    let behind = Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
    let s = Surface(width: 16, height: 16)
    execute([FillCommand(shape: RoundedRect(minX: -8, minY: -8, maxX: 8, maxY: 8), localToDevice: behind,
                         paint: .solid(0xFFFF_FFFF))], on: s, threads: 1)
    #expect(pixels(s).allSatisfy { $0 == 0 })
}

@Test func enormousShapeIsClippedToTheSurface() {
    // 100000 × 100000 around the surface: covers every pixel, visits only those.
    let s = Surface(width: 16, height: 16)
    let huge = RoundedRect(minX: -50_000, minY: -50_000, maxX: 50_000, maxY: 50_000, cornerRadius: 1000)
    execute([FillCommand(shape: huge, localToDevice: .rotation(0.3), paint: .solid(0xFF12_3456))], on: s, threads: 2)
    #expect(pixels(s).allSatisfy { $0 == 0xFF12_3456 })
}

@Test func nonFiniteAndSingularMapsDrawNothing() {
    let s = Surface(width: 8, height: 8)
    let shape = RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 8)
    execute([FillCommand(shape: shape, localToDevice: Projective(affine: .nan, 0, 0, 1, 0, 0), paint: .solid(0xFFFF_FFFF)),
             FillCommand(shape: shape, localToDevice: .scale(1, 0), paint: .solid(0xFFFF_FFFF)),
             FillCommand(shape: shape, localToDevice: .identity, paint: .texture(Surface(width: 0, height: 0),
                                                                                 map: .identity, filter: .bilinear))],
            on: s, threads: 2)
    #expect(pixels(s).allSatisfy { $0 == 0 })
}
