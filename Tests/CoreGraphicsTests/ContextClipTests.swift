import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextClipTests {
    func fillAll(_ context: CGContext) {
        context.fill(CGRect(x: 0, y: 0, width: context.width, height: context.height))
    }

    @Test func rectClipsIntersect() {
        let context = ContextTest.make(10, 10)
        context.clip(to: CGRect(x: 2, y: 2, width: 6, height: 6))
        context.clip(to: CGRect(x: 4, y: 0, width: 6, height: 6))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 4, y: 2, width: 4, height: 4))
        fillAll(context)
        #expect(ContextTest.alpha(context, 5, 5) == 255)
        #expect(ContextTest.alpha(context, 3, 5) == 0)
        #expect(ContextTest.alpha(context, 5, 7) == 0)
        context.resetClip()
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func pathClipWithBothRules() {
        for (rule, centre) in [(CGPathFillRule.winding, 255), (.evenOdd, 0)] {
            let context = ContextTest.make(20, 20)
            context.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
            context.addEllipse(in: CGRect(x: 6, y: 6, width: 8, height: 8))
            context.clip(using: rule)
            #expect(context.isPathEmpty)
            fillAll(context)
            #expect(ContextTest.alpha(context, 10, 10) == centre)
            #expect(ContextTest.alpha(context, 0, 0) == 0)          // outside the circle
            #expect(ContextTest.alpha(context, 3, 10) == 255)
            // An edge pixel is partly covered: the clip is anti-aliased.
            let edge = ContextTest.alpha(context, 10, 19)
            #expect(edge > 200 && edge < 255)
        }
    }

    @Test func saveRestoreBringsTheClipBack() {
        let context = ContextTest.make(10, 10)
        context.saveGState()
        context.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        context.clip()
        context.restoreGState()
        fillAll(context)
        #expect(ContextTest.alpha(context, 8, 8) == 255)
    }

    @Test func clipBoundsInUserSpace() {
        let context = ContextTest.make(10, 10)
        context.translateBy(x: 1, y: 1)
        context.clip(to: CGRect(x: 1, y: 1, width: 3, height: 3))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 1, y: 1, width: 3, height: 3))
        context.scaleBy(x: 2, y: 2)
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0.5, y: 0.5, width: 1.5, height: 1.5))
    }

    @Test func maskClip() throws {
        // Opaque: luminance is coverage. Left texel white, right black.
        let gray = try CGImage(width: 2, height: 1, premultipliedBGRA: [0xFFFF_FFFF, 0xFF00_0000])
        let context = ContextTest.make(4, 2)
        context.clip(to: CGRect(x: 0, y: 0, width: 4, height: 2), mask: gray)
        fillAll(context)
        #expect(ContextTest.alpha(context, 0, 0) == 255)
        #expect(ContextTest.alpha(context, 3, 1) == 0)
        // With alpha: alpha is coverage, whatever the colour.
        let alpha = try CGImage(width: 1, height: 2, premultipliedBGRA: [0x4000_0000, 0xFF00_0000])
        let second = ContextTest.make(2, 4)
        second.setShouldAntialias(false)
        second.interpolationQuality = .none
        second.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4), mask: alpha)
        fillAll(second)
        #expect(ContextTest.alpha(second, 0, 3) == 64)    // the image's top row is at the top
        #expect(ContextTest.alpha(second, 0, 0) == 255)
    }
}
