import Testing
@testable import CoreGraphics

// cropping(to:) with a NaN or infinite width or height crashed inside Foundation's `integral`;
// CGImage(premultipliedBGRA:) accepted a colour channel above alpha, which is not premultiplied
// data (blending it overflows a channel).

private func image() throws -> CGImage {
    try CGImage(width: 3, height: 2, premultipliedBGRA: [0xFF00_0000, 0xFF11_1111, 0xFF22_2222,
                                                          0xFF33_3333, 0xFF44_4444, 0x8080_4020])
}

@Test func croppingToANonFiniteRectIsNilOrClipped() throws {
    let i = try image()
    #expect(i.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)) == nil)
    #expect(i.cropping(to: CGRect(x: 0, y: 0, width: 1, height: CGFloat.nan)) == nil)
    #expect(i.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
    let wide = try #require(i.cropping(to: CGRect(x: 1, y: 0, width: CGFloat.infinity, height: 1)))
    #expect(wide.width == 2 && wide.height == 1 && wide.pixel(x: 0, y: 0) == 0xFF11_1111)
    let all = try #require(i.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: CGFloat.infinity)))
    #expect(all.width == 3 && all.height == 2 && all.pixel(x: 2, y: 1) == 0x8080_4020)
    let huge = try #require(i.cropping(to: CGRect(x: -1e300, y: -1e300, width: 1e308, height: 1e308)))
    #expect(huge.width == 3 && huge.height == 2)
    #expect(i.cropping(to: CGRect(x: 0, y: 0, width: -CGFloat.infinity, height: 1)) == nil)   // all left of the image
}

@Test func premultipliedPixelsWithColourAboveAlphaAreRefused() throws {
    #expect(throws: CGImageError(.notPremultiplied(x: 1, y: 0, pixel: 0x80FF_0000), source: "pixels")) {
        try CGImage(width: 2, height: 1, premultipliedBGRA: [0x8080_0000, 0x80FF_0000])
    }
    #expect(throws: CGImageError.self) { try CGImage(width: 1, height: 1, premultipliedBGRA: [0x0000_0001]) }
    // Alpha 0 with colour 0, and colour equal to alpha, are valid.
    _ = try CGImage(width: 2, height: 1, premultipliedBGRA: [0x0000_0000, 0x8080_8080])
}
