import Foundation
import Testing
@testable import CoreGraphics

/// Hand-computed coverage of caps, joins, the miter limit and dashes, drawn 2 px wide.
@Suite struct ContextStrokeTests {
    func segment(_ cap: CGLineCap) -> CGContext {
        let context = ContextTest.make(12, 10)
        context.setLineWidth(2)
        context.setLineCap(cap)
        context.move(to: CGPoint(x: 2, y: 5))
        context.addLine(to: CGPoint(x: 8, y: 5))
        context.strokePath()
        return context
    }

    @Test func caps() {
        let butt = segment(.butt)
        #expect(ContextTest.alpha(butt, 2, 4) == 255 && ContextTest.alpha(butt, 7, 5) == 255)
        #expect(ContextTest.alpha(butt, 1, 4) == 0 && ContextTest.alpha(butt, 8, 5) == 0)
        let square = segment(.square)
        #expect(ContextTest.alpha(square, 1, 4) == 255 && ContextTest.alpha(square, 8, 5) == 255)
        #expect(ContextTest.alpha(square, 9, 5) == 0)
        // A quarter of a unit disc in the pixel: π/4 · 255 = 200.3 for the true circle; the arc's
        // chords stay within 0.05 of it, so at least a disc of radius 0.95: 181.
        let round = segment(.round)
        #expect((181...201).contains(ContextTest.alpha(round, 8, 5)))
        #expect((181...201).contains(ContextTest.alpha(round, 1, 4)))
        #expect(ContextTest.alpha(round, 9, 5) == 0)
    }

    func corner(_ join: CGLineJoin, limit: CGFloat = 10) -> CGContext {
        let context = ContextTest.make(12, 12)
        context.setLineWidth(2)
        context.setLineJoin(join)
        context.setMiterLimit(limit)
        context.move(to: CGPoint(x: 2, y: 2))
        context.addLine(to: CGPoint(x: 8, y: 2))
        context.addLine(to: CGPoint(x: 8, y: 8))
        context.strokePath()
        return context
    }

    @Test func joinsAtTheOuterCorner() {
        // The pixel [8, 9] × [1, 2] holds the outer corner of the turn at (8, 2).
        #expect(ContextTest.alpha(corner(.miter), 8, 1) == 255)
        #expect(abs(ContextTest.alpha(corner(.bevel), 8, 1) - 128) <= 1)   // half, cut diagonally
        #expect((181...201).contains(ContextTest.alpha(corner(.round), 8, 1)))   // π/4, chords within 0.05
        // A right angle's miter is √2 widths: a limit of 1.4 bevels it.
        #expect(abs(ContextTest.alpha(corner(.miter, limit: 1.4), 8, 1) - 128) <= 1)
        #expect(ContextTest.alpha(corner(.miter, limit: 1.5), 8, 1) == 255)
    }

    func dashed(phase: CGFloat, lengths: [CGFloat]) -> [Int] {
        let context = ContextTest.make(10, 4)
        context.setLineWidth(2)
        context.setLineDash(phase: phase, lengths: lengths)
        context.move(to: CGPoint(x: 0, y: 2))
        context.addLine(to: CGPoint(x: 10, y: 2))
        context.strokePath()
        return (0..<10).map { ContextTest.alpha(context, $0, 2) }
    }

    @Test func dashesWithPhase() {
        #expect(dashed(phase: 0, lengths: [2, 2]) == [255, 255, 0, 0, 255, 255, 0, 0, 255, 255])
        #expect(dashed(phase: 1, lengths: [2, 2]) == [255, 0, 0, 255, 255, 0, 0, 255, 255, 0])
        #expect(dashed(phase: 0, lengths: [3, 1]) == [255, 255, 255, 0, 255, 255, 255, 0, 255, 255])
        #expect(dashed(phase: 0, lengths: []) == Array(repeating: 255, count: 10))
        // Half-pixel phase: dashes over [0, 1.5], [3.5, 5.5], [7.5, 9.5] cut pixels in half.
        let half = dashed(phase: 0.5, lengths: [2, 2])
        let expected = [255, 128, 0, 128, 255, 128, 0, 128, 255, 128]
        #expect(zip(half, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(half)")
        DiagnosticsRecorder.install()
        #expect(dashed(phase: 0, lengths: [0, 0]) == Array(repeating: 255, count: 10))
        #expect(DiagnosticsRecorder.contains("CGContext.setLineDash(phase:lengths:): dash lengths [0.0, 0.0] are all zero"))
    }

    @Test func lineWidthFollowsTheCTM() {
        let context = ContextTest.make(12, 12)
        context.scaleBy(x: 2, y: 2)
        context.move(to: CGPoint(x: 1, y: 3))
        context.addLine(to: CGPoint(x: 5, y: 3))
        context.strokePath()   // 1 unit wide = 2 pixels: device rows for user y 5 and 6
        #expect(ContextTest.alpha(context, 4, 5) == 255)
        #expect(ContextTest.alpha(context, 4, 6) == 255)
        #expect(ContextTest.alpha(context, 4, 7) == 0)
        #expect(ContextTest.alpha(context, 4, 4) == 0)
    }
}
