import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextCompositingTests {
    let white = CGColor(gray: 1, alpha: 1)

    func over(_ mode: CGBlendMode, source: CGColor, alpha: CGFloat = 1, background: CGColor? = nil) -> UInt32 {
        let context = ContextTest.make(2, 2, background: background ?? white)
        context.setAlpha(alpha)
        context.setBlendMode(mode)
        context.setFillColor(source)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return ContextTest.pixel(context, 1, 1)
    }

    @Test func alphaScalesTheSource() {
        // Red at ½ over white: R = 128 + 255·½, G = B = 255·½ (rounded by the rasteriser).
        let p = over(.normal, source: CGColor(red: 1, green: 0, blue: 0, alpha: 1), alpha: 0.5)
        #expect(ContextTest.difference(p, 0xFFFF_8080) <= 1, "\(ContextTest.hex(p))")
        let q = over(.normal, source: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), alpha: 0.5)
        #expect(ContextTest.difference(q, 0xFFFF_BFBF) <= 1, "\(ContextTest.hex(q))")   // ¼ red
    }

    @Test func blendModes() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let gray = CGColor(gray: 0.5, alpha: 1)
        let halfRed = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        #expect(ContextTest.difference(over(.multiply, source: red, background: gray), 0xFF80_0000) <= 1)
        #expect(ContextTest.difference(over(.screen, source: red, background: gray), 0xFFFF_8080) <= 1)
        #expect(ContextTest.difference(over(.copy, source: halfRed), 0x8080_0000) <= 1)
        #expect(over(.clear, source: red) == 0)
        #expect(over(.plusLighter, source: red, background: CGColor(red: 0, green: 0, blue: 1, alpha: 1)) == 0xFFFF_00FF)
        #expect(over(.destinationOut, source: red) == 0)
        #expect(ContextTest.difference(over(.destinationIn, source: halfRed), 0x8080_8080) <= 1)
        #expect(ContextTest.difference(over(.darken, source: red, background: gray), 0xFF80_0000) <= 1)
        #expect(ContextTest.difference(over(.lighten, source: red, background: gray), 0xFFFF_8080) <= 1)
    }

    @Test func clearIgnoresAlphaAndBlendMode() {
        let context = ContextTest.make(4, 4, background: white)
        context.setAlpha(0.25)
        context.setBlendMode(.multiply)
        context.clear(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(ContextTest.pixel(context, 1, 1) == 0)
        #expect(ContextTest.pixel(context, 2, 1) == 0xFFFF_FFFF)
    }

    @Test func antialiasingCanBeTurnedOff() {
        for (antialias, expected) in [(true, 128), (false, 255)] {
            let context = ContextTest.make(4, 4)
            context.setShouldAntialias(antialias)
            context.fill(CGRect(x: 0, y: 0, width: 1.5, height: 4))
            #expect(abs(ContextTest.alpha(context, 1, 1) - expected) <= 1)
        }
    }

    @Test func saveAndRestore() {
        let context = ContextTest.make(10, 10)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(5)
        context.saveGState()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.translateBy(x: 5, y: 5)
        context.setLineWidth(1)
        context.setAlpha(0.5)
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.restoreGState()
        #expect(context.ctm == .identity)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ContextTest.pixel(context, 0, 0) == 0xFFFF_0000)
        context.move(to: CGPoint(x: 0, y: 5))
        context.addLine(to: CGPoint(x: 10, y: 5))
        context.strokePath()
        #expect(ContextTest.pixel(context, 5, 3) == 0xFF00_0000)   // 5 wide: y 2.5 … 7.5
        DiagnosticsRecorder.install()
        context.restoreGState()
        #expect(DiagnosticsRecorder.contains("restoreGState(): no saved state"))
    }

    @Test func ctmOperations() {
        let context = ContextTest.make(10, 10)
        context.translateBy(x: 5, y: 5)
        context.rotate(by: .pi / 2)
        let expected = CGAffineTransform(rotationAngle: .pi / 2).concatenating(CGAffineTransform(translationX: 5, y: 5))
        #expect(context.ctm == expected)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))   // → x 4…5, y 5…8
        #expect(ContextTest.alpha(context, 4, 6) == 255)
        #expect(ContextTest.alpha(context, 5, 6) == 0)
        #expect(ContextTest.alpha(context, 4, 4) == 0)
        context.concatenate(CGAffineTransform(scaleX: 2, y: 2))
        #expect(context.ctm == CGAffineTransform(scaleX: 2, y: 2).concatenating(expected))
    }
}
