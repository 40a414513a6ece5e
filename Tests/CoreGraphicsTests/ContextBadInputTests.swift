import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextBadInputTests {
    @Test func nonFiniteCoordinatesAreIgnoredWithAMessage() {
        DiagnosticsRecorder.install()
        let context = ContextTest.make(10, 10)
        context.move(to: CGPoint(x: 1, y: 1))
        context.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
        #expect(DiagnosticsRecorder.contains("CGContext.addLine(to: CGPoint(x: nan, y: 5.0)): non-finite coordinate; ignored"))
        #expect(DiagnosticsRecorder.contains("non-finite coordinate; ignored"))
        context.addLine(to: CGPoint(x: 9, y: 1))
        context.addLine(to: CGPoint(x: 9, y: 9))
        context.addCurve(to: CGPoint(x: 1, y: 9), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        #expect(context.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 8, height: 8))
        context.fillPath()
        #expect(ContextTest.alpha(context, 7, 3) == 255)
        context.fill(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        context.translateBy(x: .infinity, y: 0)
        #expect(context.ctm == .identity)
        context.setLineWidth(-1)
        context.setLineWidth(.nan)
        context.setAlpha(.nan)
        context.draw(try! CGImage(width: 1, height: 1, premultipliedBGRA: [0xFFFF_FFFF]), in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        context.drawLinearGradient(CGGradient(colorsSpace: nil, colors: [.black], locations: nil)!, start: .zero,
                                   end: CGPoint(x: CGFloat.nan, y: 0), options: [])
        #expect(ContextTest.pixel(context, 0, 9) == 0)
    }

    @Test func hugeCoordinatesDraw() {
        let context = ContextTest.make(10, 10)
        context.fill(CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        #expect(ContextTest.alpha(context, 0, 0) == 255 && ContextTest.alpha(context, 9, 9) == 255)
        let line = ContextTest.make(10, 10)
        line.setLineWidth(2)
        line.move(to: CGPoint(x: -1e9, y: 5))
        line.addLine(to: CGPoint(x: 1e9, y: 5))
        line.strokePath()
        #expect(ContextTest.alpha(line, 0, 4) == 255 && ContextTest.alpha(line, 9, 5) == 255)
        #expect(ContextTest.alpha(line, 5, 7) == 0)
        let circle = ContextTest.make(10, 10)
        circle.setLineWidth(4)
        circle.strokeEllipse(in: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        #expect(ContextTest.alpha(circle, 5, 5) == 0)   // far inside the ring
    }

    @Test func extremeValuesDoNotCrash() throws {
        let context = ContextTest.make(10, 10)
        let image = try CGImage(width: 1, height: 1, premultipliedBGRA: [0xFFFF_FFFF])
        context.draw(image, in: CGRect(x: -1e300, y: 0, width: 1, height: 1), byTiling: true)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 1e-300, height: 1e-300), byTiling: true)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 1e300, height: 1e300))
        context.setLineWidth(1e300)
        context.strokeLineSegments(between: [CGPoint(x: -1e300, y: 0), CGPoint(x: 1e300, y: 5)])
        context.setLineWidth(1e-300)
        context.strokeEllipse(in: CGRect(x: 1, y: 1, width: 5, height: 5))
        context.scaleBy(x: 1e-300, y: 1e-300)
        context.fill(CGRect(x: 0, y: 0, width: 1e300, height: 1e300))
        context.scaleBy(x: 0, y: 0)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.drawLinearGradient(CGGradient(colorsSpace: nil, colors: [.black], locations: nil)!, start: .zero,
                                   end: CGPoint(x: 1, y: 0), options: [])
        #expect(context.boundingBoxOfClipPath.isNull)
    }

    @Test func aMillionSegmentsFillAndStroke() {
        let context = ContextTest.make(100, 100)
        var points: [CGPoint] = []
        points.reserveCapacity(1_000_001)
        for i in 0...1_000_000 {
            // Zigzags 10 rows high: each segment is real rasteriser work, but the test stays short
            // in debug builds (80-row zigzags take ~30 s there, all of it in Raster's fill).
            points.append(CGPoint(x: Double(i % 1000) / 10, y: i % 2 == 0 ? 45 : 55))
        }
        context.addLines(between: points)
        let start = Date()
        context.fillPath()
        let fill = Date().timeIntervalSince(start)
        context.addLines(between: points)
        context.strokePath()
        let both = Date().timeIntervalSince(start)
        print("10^6 segments: fill \(fill) s, fill + stroke \(both) s")
        #expect(ContextTest.alpha(context, 50, 50) == 255)
        #expect(both < 60)
    }
}
