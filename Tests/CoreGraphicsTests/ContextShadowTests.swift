import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextShadowTests {
    func shadowed(blur: CGFloat) -> CGContext {
        let context = ContextTest.make(24, 24)
        context.setShadow(offset: CGSize(width: 4, height: -4), blur: blur, color: CGColor(gray: 0, alpha: 1))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 4, y: 10, width: 8, height: 8))
        return context
    }

    @Test func sharpShadowIsTheShapeMoved() {
        let context = shadowed(blur: 0)
        // The shadow covers x 8…16, y 6…14 (the offset is y up); the shape covers x 4…12, y 10…18.
        ContextTest.expect(context, 14, 7, 0xFF00_0000)
        ContextTest.expect(context, 5, 15, 0xFFFF_0000)
        ContextTest.expect(context, 10, 11, 0xFFFF_0000)   // the shape is drawn over its shadow
        #expect(ContextTest.pixel(context, 17, 7) == 0)
        #expect(ContextTest.pixel(context, 14, 5) == 0)
    }

    @Test func blurSoftensTheEdge() {
        let context = shadowed(blur: 4)
        let outside = ContextTest.alpha(context, 16, 9), inside = ContextTest.alpha(context, 15, 9)
        #expect(outside > 0 && outside < 128)
        #expect(inside > 128 && inside < 255)
        #expect(ContextTest.alpha(context, 22, 9) < 4)
    }

    @Test func noColourMeansNoShadow() {
        let context = ContextTest.make(24, 24)
        context.setShadow(offset: CGSize(width: 4, height: -4), blur: 0, color: nil)
        context.fill(CGRect(x: 4, y: 10, width: 8, height: 8))
        #expect(ContextTest.pixel(context, 14, 7) == 0)
    }

    @Test func shadowOffsetIgnoresTheCTM() {
        let context = ContextTest.make(24, 24)
        context.scaleBy(x: 2, y: 2)
        context.setShadow(offset: CGSize(width: 4, height: -4), blur: 0, color: CGColor(gray: 0, alpha: 1))
        context.fill(CGRect(x: 2, y: 5, width: 4, height: 4))   // device x 4…12, y 10…18
        ContextTest.expect(context, 14, 7, 0xFF00_0000)
        #expect(ContextTest.pixel(context, 17, 7) == 0)
    }
}
