import Testing
@testable import CoreGraphics

@Suite struct ColorSpaceTests {
    @Test func namedSpacesHaveTheirModel() throws {
        let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        #expect(srgb.name == "kCGColorSpaceSRGB")
        #expect(srgb.model == .rgb)
        #expect(srgb.numberOfComponents == 3)
        let gray = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        #expect(gray.model == .monochrome)
        #expect(gray.numberOfComponents == 1)
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        #expect(linear.isLinear && !srgb.isLinear)
        #expect(srgb == CGColorSpace(name: CGColorSpace.sRGB))
        #expect(srgb != linear)
    }

    @Test func unknownNameGivesNil() {
        #expect(CGColorSpace(name: "kCGColorSpaceACESCGLinear") == nil)
    }

    @Test func deviceSpaces() {
        #expect(CGColorSpaceCreateDeviceRGB().name == "kCGColorSpaceDeviceRGB")
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb)
        #expect(CGColorSpaceCreateDeviceGray().model == .monochrome)
        #expect(CGColorSpaceModel.rgb.rawValue == 1 && CGColorSpaceModel.monochrome.rawValue == 0)
    }
}
