import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextGradientTests {
    let ramp = CGGradient(colorsSpace: nil, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)], locations: nil)!

    func gray(_ p: UInt32) -> Int { Int(p & 0xFF) }

    @Test func linearRamp() {
        let context = ContextTest.make(10, 2)
        context.drawLinearGradient(ramp, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 10, y: 0), options: [])
        // Pixel i's centre is at t = (i + ½) / 10: 255·t.
        for i in 0..<10 {
            let p = ContextTest.pixel(context, i, 0)
            #expect(p >> 24 == 255)
            #expect(abs(gray(p) - Int((255 * (Double(i) + 0.5) / 10).rounded())) <= 1, "pixel \(i): \(ContextTest.hex(p))")
        }
    }

    @Test func extendOptions() {
        for options in [CGGradientDrawingOptions(), [.drawsBeforeStartLocation, .drawsAfterEndLocation]] {
            let context = ContextTest.make(20, 2)
            context.drawLinearGradient(ramp, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0), options: options)
            let extended = !options.isEmpty
            #expect(ContextTest.pixel(context, 2, 0) == (extended ? 0xFF00_0000 : 0))
            #expect(ContextTest.pixel(context, 18, 0) == (extended ? 0xFFFF_FFFF : 0))
            #expect(abs(gray(ContextTest.pixel(context, 10, 0)) - 140) <= 1)   // t = 0.55
        }
    }

    @Test func radial() {
        for options in [CGGradientDrawingOptions(), .drawsAfterEndLocation] {
            let context = ContextTest.make(20, 20)
            context.drawRadialGradient(ramp, startCenter: CGPoint(x: 10, y: 10), startRadius: 0,
                                       endCenter: CGPoint(x: 10, y: 10), endRadius: 10, options: options)
            // (10.5, 10.5) is 0.707 from the centre: t = 0.0707.
            #expect(abs(gray(ContextTest.pixel(context, 10, 10)) - 18) <= 1)
            // (15.5, 10.5) is 5.52 from the centre.
            #expect(abs(gray(ContextTest.pixel(context, 15, 10)) - 141) <= 1)
            #expect(ContextTest.pixel(context, 0, 0) == (options.isEmpty ? 0 : 0xFFFF_FFFF))
        }
    }

    @Test func gradientFollowsTheClipAndCTM() {
        let context = ContextTest.make(20, 4)
        context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 4))
        context.scaleBy(x: 2, y: 1)
        context.drawLinearGradient(ramp, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        #expect(abs(gray(ContextTest.pixel(context, 9, 0)) - 121) <= 1)   // x 9.5 → t 0.475
        #expect(ContextTest.pixel(context, 12, 0) == 0)
    }
}
