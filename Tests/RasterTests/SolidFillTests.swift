import Testing
@testable import Raster

@Test func pixelAlignedRectangleFillsExactlyItsPixels() {
    let s = Surface(width: 8, height: 8)
    execute([FillCommand(shape: RoundedRect(minX: 2, minY: 1, maxX: 6, maxY: 5), localToDevice: .identity,
                         paint: .solid(0xFF00_FF00))], on: s, threads: 1)
    for y in 0..<8 {
        for x in 0..<8 {
            let inside = (2..<6).contains(x) && (1..<5).contains(y)
            #expect(s[x, y] == (inside ? 0xFF00_FF00 : 0), "(\(x), \(y))")
        }
    }
}

@Test func halfCoveredColumnGetsHalfAlpha() {
    // The left edge at x = 2.5 covers half of column 2: coverage 0.5 → scale 128.
    let s = Surface(width: 8, height: 4)
    execute([FillCommand(shape: RoundedRect(minX: 2.5, minY: 0, maxX: 6, maxY: 4), localToDevice: .identity,
                         paint: .solid(0xFF00_FF00))], on: s, threads: 1)
    #expect(s[1, 2] == 0)
    #expect(s[2, 2] == 0x8000_8000)
    #expect(s[3, 2] == 0xFF00_FF00)
}

@Test func roundedCornerCutsTheCornerPixel() {
    let s = Surface(width: 32, height: 32)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 32, maxY: 32, cornerRadius: 16),
                         localToDevice: .identity, paint: .solid(0xFFFF_FFFF))], on: s, threads: 1)
    // (0.5, 0.5) is 16·√2 − 0.5·√2 − 16 ≈ 5.9 px outside the arc.
    #expect(s[0, 0] == 0)
    #expect(s[31, 31] == 0)
    // (16.5, 0.5) is 15.51 from the arc's centre (16, 16): 0.49 px inside, and the arc dips
    // below y = 0 by 0.03 px at x = 17: coverage 0.5 + 0.49 → 253.
    #expect(s[16, 0] == 0xFDFD_FDFD)
    #expect(s[16, 1] == 0xFFFF_FFFF)
    #expect(s[16, 16] == 0xFFFF_FFFF)
    // On the 45° diagonal the arc passes through (16 − 11.31, 16 − 11.31) = (4.69, 4.69):
    // pixel (4, 4) has its centre 0.27 px outside → partly covered.
    let a = s[4, 4] >> 24
    #expect(a > 40 && a < 100)
}

@Test func zeroOpacityAndEmptyShapesDrawNothing() {
    let s = Surface(width: 8, height: 8)
    s.clear(0xFF10_2030)
    let shape = RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 8)
    execute([FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF), opacity: 0),
             FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF), opacity: .nan),
             FillCommand(shape: RoundedRect(minX: 3, minY: 0, maxX: 3, maxY: 8), localToDevice: .identity,
                         paint: .solid(0xFFFF_FFFF))], on: s, threads: 2)
    #expect(pixels(s).allSatisfy { $0 == 0xFF10_2030 })
}
