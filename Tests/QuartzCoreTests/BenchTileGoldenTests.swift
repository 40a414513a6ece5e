import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

// The benchmark tile (BENCHMARK.md "The tile"): r = 2x, g = 2y, b = 255 − x − y, opaque inside
// the disc of radius 60 about (64, 64), transparent outside.

@Test(.manualClock) func benchTileHasTheSpecifiedPixels() {
    let tile = BenchmarkScene.tileImage()
    #expect(tile.width == 128 && tile.height == 128)
    Golden.expectPixel(tile, 64, 64, 0xFF80_807F, "centre: (128, 128, 127)")
    Golden.expectPixel(tile, 4, 64, 0xFF08_80BB, "left rim, exactly 60 from the centre: (8, 128, 187)")
    Golden.expectPixel(tile, 3, 64, 0, "just outside the disc")
    Golden.expectPixel(tile, 100, 100, 0xFFC8_C837, "(200, 200, 55)")
    Golden.expectPixel(tile, 0, 0, 0, "corner")
}

@Test(.manualClock) func benchTileAssetMatchesTheFunction() throws {
    // Assets/bench-tile.png is written by scripts/make-bench-tile (Python); the two must agree.
    let url = Golden.packageRoot.appendingPathComponent("Assets/bench-tile.png")
    let asset = try CGImage(contentsOfPNGFile: url)
    let tile = BenchmarkScene.tileImage()
    try #require(asset.width == 128 && asset.height == 128)
    var differing = 0
    for y in 0..<128 { for x in 0..<128 where Golden.pixel(asset, x, y) != Golden.pixel(tile, x, y) { differing += 1 } }
    #expect(differing == 0)
}
