import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextPathTests {
    @Test func originIsBottomLeft() {
        let context = ContextTest.make(4, 4)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        // Device row 3 (the last in memory) holds user row 0.
        #expect(context.surface[0, 3] == 0xFFFF_0000)
        #expect(context.surface[1, 3] == 0xFFFF_0000)
        #expect(context.surface[0, 0] == 0)
        #expect(context.surface[2, 3] == 0)
    }

    @Test func pathPointsTakeTheCTMWhenAdded() {
        let context = ContextTest.make(10, 10)
        context.translateBy(x: 2, y: 3)
        context.move(to: CGPoint(x: 1, y: 1))
        context.addLine(to: CGPoint(x: 4, y: 5))
        #expect(context.currentPointOfPath == CGPoint(x: 4, y: 5))
        #expect(context.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 3, height: 4))
        context.translateBy(x: 1, y: 0)
        // Same base-space path, seen from the new user space.
        #expect(context.currentPointOfPath == CGPoint(x: 3, y: 5))
        #expect(!context.isPathEmpty)
        context.beginPath()
        #expect(context.isPathEmpty)
        #expect(context.currentPointOfPath == .zero)
        #expect(context.boundingBoxOfPath.isNull)
    }

    @Test func drawingClearsThePath() {
        let context = ContextTest.make(10, 10)
        for draw in [{ context.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) }, { context.stroke(CGRect(x: 0, y: 0, width: 1, height: 1)) },
                     { context.fillEllipse(in: CGRect(x: 0, y: 0, width: 1, height: 1)) }, { context.strokePath() }] {
            context.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
            draw()
            #expect(context.isPathEmpty)
        }
        context.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!context.isPathEmpty)   // clear(_:) leaves it
        context.fillPath()
        #expect(context.isPathEmpty)
        #expect(ContextTest.pixel(context, 4, 4) == 0xFF00_0000)
        #expect(ContextTest.pixel(context, 5, 5) == 0)
    }

    @Test func evenOddAndNonZeroDiffer() {
        for (rule, centre) in [(CGPathFillRule.winding, UInt32(0xFF00_0000)), (.evenOdd, 0)] {
            let context = ContextTest.make(10, 10)
            context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
            context.fillPath(using: rule)
            #expect(ContextTest.pixel(context, 5, 5) == centre)
            #expect(ContextTest.pixel(context, 1, 1) == 0xFF00_0000)
        }
    }

    @Test func replacePathWithStrokedPath() {
        let context = ContextTest.make(10, 10)
        context.setLineWidth(2)
        context.move(to: CGPoint(x: 2, y: 5))
        context.addLine(to: CGPoint(x: 8, y: 5))
        context.replacePathWithStrokedPath()
        #expect(context.boundingBoxOfPath == CGRect(x: 2, y: 4, width: 6, height: 2))
        context.fillPath()
        #expect(ContextTest.pixel(context, 2, 4) == 0xFF00_0000)
        #expect(ContextTest.pixel(context, 1, 4) == 0)
    }

    @Test func arcsInBothDirections() {
        for clockwise in [false, true] {
            let context = ContextTest.make(20, 20)
            context.setLineWidth(2)
            context.addArc(center: CGPoint(x: 10, y: 10), radius: 6, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            context.strokePath()
            // 45° lies on the counter-clockwise quarter; 225° on the clockwise three quarters.
            // (The pixels' far corners reach 7.07 from the centre, just outside the ring.)
            #expect(ContextTest.alpha(context, 14, 14) > (clockwise ? -1 : 240))
            #expect(ContextTest.alpha(context, 14, 14) < (clockwise ? 1 : 256))
            #expect(ContextTest.alpha(context, 5, 5) > (clockwise ? 240 : -1))
            #expect(ContextTest.alpha(context, 5, 5) < (clockwise ? 256 : 1))
            // The butt end at angle 0 is cut flat at y = 10: up for one direction, down for the other.
            // (The end follows the curve's tangent, not its first chord: nothing spills over.)
            #expect(ContextTest.alpha(context, 15, 10) >= (clockwise ? 0 : 253))
            #expect(ContextTest.alpha(context, 15, 10) <= (clockwise ? 2 : 255))
            #expect(ContextTest.alpha(context, 15, 9) >= (clockwise ? 253 : 0))
            #expect(ContextTest.alpha(context, 15, 9) <= (clockwise ? 255 : 2))
        }
    }

    @Test func tangentArcRoundsACorner() {
        let context = ContextTest.make(20, 20)
        context.move(to: CGPoint(x: 2, y: 2))
        context.addArc(tangent1End: CGPoint(x: 18, y: 2), tangent2End: CGPoint(x: 18, y: 18), radius: 8)
        #expect(abs(context.currentPointOfPath.x - 18) < 1e-9 && abs(context.currentPointOfPath.y - 10) < 1e-9)
    }

    @Test func strokeLineSegmentsDrawsPairs() {
        let context = ContextTest.make(10, 10)
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 10, y: 2), CGPoint(x: 0, y: 7),
                                             CGPoint(x: 10, y: 7), CGPoint(x: 5, y: 0)])
        #expect(ContextTest.alpha(context, 5, 1) == 255)
        #expect(ContextTest.alpha(context, 5, 6) == 255)
        #expect(ContextTest.alpha(context, 5, 4) == 0)
    }
}

@Suite struct ContextPathCopyTests {
    @Test func pathIsTheCurrentPathInUserSpace() throws {
        let context = ContextTest.make(10, 10)
        #expect(context.path == nil)
        context.scaleBy(x: 2, y: 2)
        context.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        var rect = CGRect.null
        #expect(try #require(context.path).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 2, y: 2))
        #expect(context.convertToUserSpace(CGRect(x: 2, y: 2, width: 4, height: 4)) == rect)
        #expect(context.userSpaceToDeviceSpaceTransform == CGAffineTransform(scaleX: 2, y: 2))
    }
}
