import Testing
@testable import CoreGraphics

@Suite struct GradientTests {
    @Test func colorsAtEvenlySpacedLocations() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [
            CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 0.5, alpha: 0.5),
            CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0),
        ], locations: nil))
        #expect(gradient.stops.map(\.location) == [0, 0.5, 1])
        #expect(gradient.stops[0].color == SIMD4(1, 0, 0, 1))
        #expect(gradient.stops[1].color == SIMD4(0.5, 0.5, 0.5, 0.5))
        #expect(gradient.stops[2].color == SIMD4(0, 0, 1, 0))
    }

    @Test func componentsWithLocationsAreSortedAndClamped() throws {
        let components: [CGFloat] = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]
        let locations: [CGFloat] = [0.8, 0.2, 1.5]
        let gradient = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components,
                                               locations: locations, count: 3))
        #expect(gradient.stops.map(\.location) == [0.2, 0.8, 1])
        #expect(gradient.stops.map(\.color) == [SIMD4(0, 1, 0, 1), SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 1)])
        let gray = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: [0.25, 1, 1, 0.5],
                                           locations: nil, count: 2))
        #expect(gray.stops.map(\.color) == [SIMD4(0.25, 0.25, 0.25, 1), SIMD4(1, 1, 1, 0.5)])
    }

    @Test func equalLocationsKeepTheirOrder() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [.black, .white, .clear],
                                               locations: [0.5, 0.5, 0.5]))
        #expect(gradient.stops.map(\.color.w) == [1, 1, 0])
        #expect(gradient.stops.map(\.color.x) == [0, 1, 0])
    }

    @Test func badInputGivesNil() {
        DiagnosticsRecorder.install()
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: [0, 1], locations: nil, count: 0) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black], locations: [.nan]) == nil)
        #expect(DiagnosticsRecorder.contains("not finite; returning nil"))
    }
}
