import Foundation
import Testing
@testable import CoreGraphics

@Suite struct PNGRoundTripTests {
    /// Premultiplied → straight → premultiplied is exact: un-premultiplying errs by at most
    /// 0.5 in straight units, which is at most 0.5·a/255 < 0.5 once premultiplied again.
    @Test func everyValidPremultipliedPixelSurvivesExactly() throws {
        var pixels = [UInt32](repeating: 0, count: 256 * 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let p = UInt32(c * a / 255)
                pixels[a * 256 + c] = UInt32(a) << 24 | p << 16 | (UInt32(a) - p) << 8 | p / 2
            }
        }
        let image = try CGImage(width: 256, height: 256, premultipliedBGRA: pixels)
        let back = try CGImage(pngData: image.pngData())
        #expect(back.width == 256 && back.height == 256)
        var mismatches = 0
        for y in 0..<256 {
            for x in 0..<256 where back.pixel(x: x, y: y) != pixels[y * 256 + x] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func fileRoundTrip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cg-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try CGImage(width: 3, height: 2, premultipliedBGRA: ImageTests.pixels)
        try image.writePNG(to: url)
        let back = try CGImage(contentsOfPNGFile: url)
        for y in 0..<2 {
            for x in 0..<3 { #expect(back.pixel(x: x, y: y) == ImageTests.pixels[y * 3 + x]) }
        }
    }

    @Test func writingToAMissingDirectoryThrows() throws {
        let image = try CGImage(width: 1, height: 1, premultipliedBGRA: [0xFFFF_FFFF])
        let url = URL(fileURLWithPath: "/nonexistent-strata-dir/out.png")
        #expect { try image.writePNG(to: url) } throws: { error in
            (error as? CGImageError)?.reason == .ioFailed && "\(error)".contains("/nonexistent-strata-dir/out.png")
        }
    }
}
