import Foundation
import Testing
import UIKit

/// Golden images of UIKit scenes, kept in `Tests/UIKitTests/Goldens` (read and written in the
/// source tree: a missing golden is written by running the test once, to be looked at and
/// committed). Failing renders go to `Failures/uikit-<name>-actual.png` (git-ignored).
enum UIKitGolden {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldensDirectory = testsDirectory.appendingPathComponent("Goldens")
    static let failuresDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Failures")

    /// A render matches its golden when every channel of at least `minimumMatchingFraction` of
    /// its pixels is within `maxChannelDifference`.
    static let maxChannelDifference = 3
    static let minimumMatchingFraction = 0.995

    /// Compares `image` with `Goldens/<name>.png` (see the type's note for a missing golden).
    static func check(_ image: CGImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = goldensDirectory.appendingPathComponent("\(name).png")
        guard let golden = try? CGImage(contentsOfPNGFile: url) else {
            try? FileManager.default.createDirectory(at: goldensDirectory, withIntermediateDirectories: true)
            try? image.writePNG(to: url)
            Issue.record("Golden \(name).png was missing or unreadable: wrote \(url.path). Look at it, then commit it.",
                         sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            Issue.record("\(name): rendered \(image.width)×\(image.height), golden is \(golden.width)×\(golden.height)",
                         sourceLocation: sourceLocation)
            return
        }
        var matching = 0, worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = channelDifference(pixel(image, x, y), pixel(golden, x, y))
                worst = max(worst, d)
                if d <= maxChannelDifference { matching += 1 }
            }
        }
        let fraction = Double(matching) / Double(image.width * image.height)
        if fraction < minimumMatchingFraction {
            try? FileManager.default.createDirectory(at: failuresDirectory, withIntermediateDirectories: true)
            let actual = failuresDirectory.appendingPathComponent("uikit-\(name)-actual.png")
            try? image.writePNG(to: actual)
            let share = String(format: "%.3f", fraction * 100)
            let message = "\(name): \(share) % of pixels within \(maxChannelDifference) (worst \(worst)), "
                + "needed \(minimumMatchingFraction * 100) %; see \(actual.path)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// The largest difference of the four channels of two `0xAARRGGBB` pixels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        stride(from: 0, through: 24, by: 8).map { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) }.max()!
    }
}
