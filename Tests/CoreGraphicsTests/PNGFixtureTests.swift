import Foundation
import Testing
@testable import CoreGraphics

/// Fixtures written by `Fixtures/make_fixtures.py` (zlib + struct, no libpng).
@Suite struct PNGFixtureTests {
    static func fixture(_ name: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(name)
    }

    static func pixels(_ image: CGImage) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
    }

    @Test func rgbaIsPremultipliedOnRead() throws {
        let image = try CGImage(contentsOfPNGFile: Self.fixture("rgba-3x2.png"))
        #expect(image.width == 3 && image.height == 2)
        // (0,255,0,128): G = round(255·128/255) = 128. (100,50,200,51): 51/255 = 0.2 → 20,10,40.
        // (10,20,30,254): 9.96 → 10, 19.92 → 20, 29.88 → 30. Alpha 0 clears the color.
        #expect(Self.pixels(image) == [
            0xFFFF_0000, 0x8000_8000, 0x0000_0000,
            0xFFFF_FFFF, 0x3314_0A28, 0xFE0A_141E,
        ])
    }

    @Test func rgbWithoutAlphaIsOpaque() throws {
        let image = try CGImage(contentsOfPNGFile: Self.fixture("rgb-2x1.png"))
        #expect(Self.pixels(image) == [0xFF01_0203, 0xFFFA_8000])
    }

    @Test func grayAlphaExpands() throws {
        let image = try CGImage(contentsOfPNGFile: Self.fixture("gray-alpha-2x1.png"))
        // 200·102/255 = 80 exactly.
        #expect(Self.pixels(image) == [0xFF4D_4D4D, 0x6650_5050])
    }

    @Test func pngDataOfAFixtureDecodesTheSame() throws {
        let data = try Data(contentsOf: Self.fixture("rgba-3x2.png"))
        let image = try CGImage(pngData: data)
        #expect(Self.pixels(image) == Self.pixels(try CGImage(pngData: image.pngData())))
    }
}
