import Testing
@testable import Raster

@Test func maskAlphaScalesPixelsAndOutsideBecomesTransparent() {
    let s = Surface(width: 4, height: 1)
    s.clear(0xFFFF_8000)
    let mask = Surface(width: 2, height: 1)
    mask[0, 0] = 0xFF00_0000
    mask[1, 0] = 0x8000_0000
    applyMask(s, mask: mask, offsetX: 1, offsetY: 0)
    // Pixel 0 and 3 are outside the mask; pixel 2 is scaled by 128/255.
    #expect((0..<4).map { s[$0, 0] } == [0, 0xFFFF_8000, 0x8080_4000, 0])
}
