import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

/// The card-flip demo's space background: the committed asset and its generator agree.
struct SpaceBackgroundTests {
    /// The flip demo's background asset is exactly what `SpaceBackground.makeImage()` draws
    /// (scripts/make-space-image wrote it), and is the seed's screen at 2× (640 × 960).
    @Test(.manualClock) func spaceBackgroundAssetMatchesItsGenerator() throws {
        let url = Golden.packageRoot.appendingPathComponent("Sources/StrataDemos/Resources/\(SpaceBackground.fileName)")
        let asset = try CGImage(contentsOfPNGFile: url)
        let drawn = SpaceBackground.makeImage()
        #expect(asset.width == 640 && asset.height == 960)
        var differing = 0
        for y in stride(from: 0, to: 960, by: 3) {
            for x in 0..<640 where Golden.pixel(asset, x, y) != Golden.pixel(drawn, x, y) { differing += 1 }
        }
        #expect(differing == 0)
        // The sky gradient's ends (the context is y up, so its end colour is the top row):
        // (0.04, 0.03, 0.14) · 255 = (10, 8, 36) at the top, (0.01, 0.01, 0.05) · 255 = (3, 3, 13)
        // at the bottom; no nebula reaches the left corners.
        #expect(Golden.pixel(drawn, 0, 0) == 0xFF0A_0824)
        #expect(Golden.pixel(drawn, 0, 959) == 0xFF03_030D)
    }
}
