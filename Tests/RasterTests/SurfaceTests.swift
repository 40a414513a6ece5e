import Testing
@testable import Raster

@Test func surfaceStartsTransparentAndClears() {
    let s = Surface(width: 3, height: 2)
    #expect(s[2, 1] == 0)
    s.clear(0xFF11_2233)
    #expect(s[0, 0] == 0xFF11_2233)
    #expect(s[2, 1] == 0xFF11_2233)
    #expect(s.bytesPerRow == 12)
}

@Test func surfaceClampsAbsurdSizes() {
    let s = Surface(width: -5, height: 1_000_000)
    #expect(s.width == 0)
    #expect(s.height == Surface.maximumDimension)
}
