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

    @Test func shapesOutsideTheBitmapCastShadowsIntoIt() {
        let context = ContextTest.make(24, 24)
        context.setShadow(offset: CGSize(width: 14, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        context.fill(CGRect(x: -10, y: 4, width: 8, height: 8))   // shadow at x 4…12
        ContextTest.expect(context, 5, 6, 0xFF00_0000)
        ContextTest.expect(context, 11, 11, 0xFF00_0000)
        #expect(ContextTest.pixel(context, 12, 6) == 0)
        #expect(ContextTest.pixel(context, 3, 6) == 0)
        // A blurred shadow near the bitmap's edge is not faded by the edge.
        let edge = ContextTest.make(24, 24)
        edge.setShadow(offset: CGSize(width: 0, height: 0), blur: 6, color: CGColor(gray: 0, alpha: 1))
        edge.fill(CGRect(x: -40, y: -10, width: 42, height: 44))
        edge.setShadow(offset: .zero, blur: 0, color: nil)
        edge.clear(CGRect(x: -40, y: -10, width: 42, height: 44))
        // Only the shadow beyond x = 2 stays. At x 2.5 a Gaussian step of σ 3 gives 0.43 (111);
        // a shape cut at the bitmap's edge (2 px wide) would give 0.23 (59).
        let a = ContextTest.alpha(edge, 2, 12)
        #expect(a > 95 && a < 125, "\(a)")
        let huge = ContextTest.make(8, 8)
        huge.setShadow(offset: CGSize(width: 1e300, height: -1e300), blur: 1e300, color: CGColor(gray: 0, alpha: 1))
        huge.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(ContextTest.alpha(huge, 4, 4) == 255)
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
