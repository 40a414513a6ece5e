import Testing
@testable import CoreGraphics

/// The drawing enums carry Apple's raw values (code and archives pass them around as integers).
@Suite struct DrawingEnumTests {
    @Test func rawValues() {
        #expect([CGLineCap.butt, .round, .square].map(\.rawValue) == [0, 1, 2])
        #expect([CGLineJoin.miter, .round, .bevel].map(\.rawValue) == [0, 1, 2])
        #expect([CGPathDrawingMode.fill, .eoFill, .stroke, .fillStroke, .eoFillStroke].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect([CGInterpolationQuality.default, .none, .low, .high, .medium].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(CGGradientDrawingOptions.drawsBeforeStartLocation.rawValue == 1)
        #expect(CGGradientDrawingOptions.drawsAfterEndLocation.rawValue == 2)
        #expect(CGBlendMode.normal.rawValue == 0)
        #expect(CGBlendMode.luminosity.rawValue == 15)
        #expect(CGBlendMode.clear.rawValue == 16)
        #expect(CGBlendMode.copy.rawValue == 17)
        #expect(CGBlendMode.xor.rawValue == 25)
        #expect(CGBlendMode.plusLighter.rawValue == 27)
    }
}
