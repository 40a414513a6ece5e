import Testing
@testable import CoreGraphics

@Suite struct ColorTests {
    @Test func rgbColorKeepsComponentsAndSpace() {
        let c = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.components == [0.2, 0.4, 0.6, 0.8])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.8)
        #expect(c.colorSpace?.name == "kCGColorSpaceGenericRGB")
        #expect(CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1).colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test func grayColorHasTwoComponentsAndExpands() {
        let g = CGColor(gray: 0.5, alpha: 1)
        #expect(g.components == [0.5, 1])
        #expect(g.numberOfComponents == 2)
        #expect(g.colorSpace?.model == .monochrome)
        let rgba = g.rgba
        #expect(rgba.r == 0.5 && rgba.g == 0.5 && rgba.b == 0.5 && rgba.a == 1)
    }

    @Test func constantsAreGray() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.black.premultipliedARGB32 == 0xFF00_0000)
        #expect(CGColor.white.premultipliedARGB32 == 0xFFFF_FFFF)
        #expect(CGColor.clear.premultipliedARGB32 == 0)
    }

    @Test func copyWithAlphaChangesOnlyAlpha() {
        let c = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let half = c.copy(alpha: 0.5)
        #expect(half?.components == [1, 0, 0, 0.5])
        #expect(half?.colorSpace == c.colorSpace)
        #expect(c.alpha == 1)
    }

    @Test func equalityNeedsSameSpaceAndComponents() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func premultipliedPixelRoundsEachChannel() {
        // A = round(0.5·255) = 128, R = round(1·0.5·255) = 128, G = round(0.5·0.5·255 = 63.75) = 64.
        #expect(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedARGB32 == 0x8080_4000)
        // Out-of-range components clamp; NaN counts as 0.
        #expect(CGColor(red: 2, green: -1, blue: .nan, alpha: 3).premultipliedARGB32 == 0xFFFF_0000)
    }

    @Test func linearComponentsAreEncodedToSRGB() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let values: [CGFloat] = [0.5, 0, 1, 1]
        let c = try #require(values.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) })
        // 1.055 · 0.5^(1/2.4) − 0.055
        #expect(abs(c.rgba.r - 0.7353569830524495) < 1e-12)
        #expect(c.rgba.g == 0 && abs(c.rgba.b - 1) < 1e-12)
    }
}
