import Foundation
import Testing
@testable import CoreGraphics

// Issue 25: huge but finite geometry draws what is visible. At 1e300 the stroke of a segment,
// and from 1e160 a stroked curve and a radial gradient's end radius, drew nothing.

@Suite struct HugeGeometryTests {
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 2-wide horizontal segment through y = 5 paints rows 4 and 5 (y 4…6), every column.
    @Test(arguments: [1e200, 1e300])
    func hugeSegmentStrokesItsVisiblePart(size: Double) {
        let context = ContextTest.make(10, 10)
        context.setStrokeColor(Self.blue)
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: -size, y: 5), CGPoint(x: size, y: 5)])
        for x in [0, 5, 9] {
            ContextTest.expect(context, x, 4, 0xFF00_00FF)
            ContextTest.expect(context, x, 5, 0xFF00_00FF)
            ContextTest.expect(context, x, 7, 0)
            ContextTest.expect(context, x, 2, 0)
        }
    }

    /// A cubic whose control points lie on the line y = 5 (it is that straight line), stroked
    /// 2 wide: rows 4 and 5, as the segment.
    @Test(arguments: [1e160, 1e300])
    func hugeStraightCurveStrokesItsVisiblePart(size: Double) {
        let context = ContextTest.make(10, 10)
        context.setStrokeColor(Self.blue)
        context.setLineWidth(2)
        context.move(to: CGPoint(x: -size, y: 5))
        context.addCurve(to: CGPoint(x: size, y: 5), control1: CGPoint(x: -size / 3, y: 5), control2: CGPoint(x: size / 3, y: 5))
        context.strokePath()
        for x in [0, 5, 9] {
            ContextTest.expect(context, x, 4, 0xFF00_00FF)
            ContextTest.expect(context, x, 5, 0xFF00_00FF)
            ContextTest.expect(context, x, 7, 0)
        }
    }

    /// A radial gradient from black at the centre to white at a huge radius: every visible
    /// pixel is within 10⁻¹⁵⁰ of the centre's colour, opaque black.
    @Test(arguments: [1e40, 1e160, 1e300])
    func radialGradientWithAHugeEndRadiusPaintsItsCentreColour(radius: Double) {
        let context = ContextTest.make(10, 10)
        let g = CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white] as CFArray, locations: nil)!
        context.drawRadialGradient(g, startCenter: CGPoint(x: 5, y: 5), startRadius: 0, endCenter: CGPoint(x: 5, y: 5),
                                   endRadius: radius, options: [])
        for (x, y) in [(0, 0), (5, 5), (9, 9), (0, 9)] { ContextTest.expect(context, x, y, 0xFF00_0000) }
    }
}
