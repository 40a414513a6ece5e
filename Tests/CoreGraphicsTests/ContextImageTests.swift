import Foundation
import Testing
@testable import CoreGraphics

@Suite struct ContextImageTests {
    /// Top row red, green; bottom row blue, white.
    let image = try! CGImage(width: 2, height: 2, premultipliedBGRA: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])

    @Test func imagesDrawUpright() {
        let context = ContextTest.make(4, 4)
        context.interpolationQuality = .none
        context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        ContextTest.expect(context, 0, 3, 0xFFFF_0000)
        ContextTest.expect(context, 3, 3, 0xFF00_FF00)
        ContextTest.expect(context, 0, 0, 0xFF00_00FF)
        ContextTest.expect(context, 3, 0, 0xFFFF_FFFF)
        ContextTest.expect(context, 1, 2, 0xFFFF_0000)
    }

    @Test func bilinearBlendsBetweenTexels() {
        let context = ContextTest.make(4, 4)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        // (1.5, 3.5) samples texel x 0.75: ¾ red, ¼ green.
        ContextTest.expect(context, 1, 3, 0xFFBF_4000, tolerance: 1)
    }

    @Test func tilingRepeats() {
        let context = ContextTest.make(6, 6)
        context.interpolationQuality = .none
        context.draw(image, in: CGRect(x: 1, y: 1, width: 2, height: 2), byTiling: true)
        for (x, y) in [(0, 0), (5, 5), (2, 4), (4, 1)] {
            // Tiles start at x = 1 + 2i, y = 1 + 2j; a pixel's texel is its offset in the tile.
            let tx = (x - 1 + 2) % 2, ty = 1 - (y - 1 + 2) % 2
            ContextTest.expect(context, x, y, image.pixel(x: tx, y: ty), "tile texel (\(tx), \(ty))")
        }
    }

    @Test func tooManyTilesAreRefused() {
        DiagnosticsRecorder.install()
        let context = ContextTest.make(600, 600)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1), byTiling: true)
        #expect(DiagnosticsRecorder.contains("360000.0 tiles are more than 100000"))
        #expect(ContextTest.pixel(context, 0, 0) == 0)
    }

    @Test func imageTakesAlphaAndClip() {
        let context = ContextTest.make(4, 4)
        context.interpolationQuality = .none
        context.setAlpha(0.5)
        context.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4))
        context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        ContextTest.expect(context, 0, 3, 0x8080_0000, tolerance: 1)
        #expect(ContextTest.pixel(context, 3, 3) == 0)
    }
}
