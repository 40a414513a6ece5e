import Testing
@testable import Raster

@Test func mul255IsExactlyRoundedForEveryByteAndScale() {
    var wrong = 0
    for a in UInt32(0)...255 {
        for c in UInt32(0)...255 {
            let expected = (c * a * 2 + 255) / 510  // round(c·a/255); never a tie as 255 is odd
            if mul255(c << 16 | c, a) != expected << 16 | expected { wrong += 1 }
            if mul255(c << 24 | c << 8, a) != expected << 24 | expected << 8 { wrong += 1 }
        }
    }
    #expect(wrong == 0)
}

// Opacity 0.5 → alpha scale round(127.5) = 128, so the red source becomes 0x80800000 and
// white keeps 255·(255 − 128)/255 = 127 per channel: R = 128 + 127 = 255, G = B = 127,
// A = 128 + 127 = 255. Hence 0xFFFF7F7F (not 0xFFFF8080).
@Test func halfRedOverOpaqueWhiteIsFFFF7F7F() {
    let s = Surface(width: 4, height: 3)
    s.clear(0xFFFF_FFFF)
    let red = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 4, maxY: 3),
                          localToDevice: .identity, paint: .solid(0xFFFF_0000), opacity: 0.5)
    execute([red], on: s, threads: 1)
    #expect(pixels(s).allSatisfy { $0 == 0xFFFF_7F7F })
}

@Test func translucentSourceOverTranslucentDestination() {
    // src 0x80400000 (alpha 128, red 64) over dst 0x80008000: ia = 127,
    // dst·127/255: alpha round(128·127/255) = 64, green 64 → 0xC0404000.
    #expect(over(0x8040_0000, 0x8000_8000) == 0xC040_4000)
    #expect(over(0xFF12_3456, 0x8000_8000) == 0xFF12_3456)
    #expect(over(0x0000_0000, 0x8000_8000) == 0x8000_8000)
}

@Test func bilinearLerpEndpointsAndMidpoint() {
    #expect(lerp256(0xFF00_0000, 0xFFFF_FFFF, 0) == 0xFF00_0000)
    #expect(lerp256(0xFF00_0000, 0xFFFF_FFFF, 256) == 0xFFFF_FFFF)
    // 255·128/256 = 127.5 → rounds up to 128.
    #expect(lerp256(0xFF00_0000, 0xFFFF_FFFF, 128) == 0xFF80_8080)
}
