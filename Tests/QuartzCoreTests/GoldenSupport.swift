import Foundation
import Testing
@testable import QuartzCore
import StrataDemos

/// Rendering helpers and the golden-image comparison shared by the `*GoldenTests` and
/// `*PixelTests` files.
enum Golden {
    /// The package root, found from this file's path (Tests/QuartzCoreTests/GoldenSupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where the golden PNGs live (read and written in the source tree, not the test bundle,
    /// so a missing golden can be produced by running the tests once).
    static let goldensDirectory = packageRoot.appendingPathComponent("Tests/QuartzCoreTests/Goldens")
    /// Where failing renders and their diff images go (git-ignored).
    static let failuresDirectory = packageRoot.appendingPathComponent("Failures")

    /// How close a render must be to its golden.
    struct Tolerance: CustomStringConvertible {
        /// The largest difference of any channel (A, R, G, B) for a pixel to count as matching.
        var maxChannelDifference = 3
        /// The share of pixels that must match.
        var minimumMatchingFraction = 0.995
        var description: String { "max channel difference ≤ \(maxChannelDifference) on ≥ \(minimumMatchingFraction * 100) % of pixels" }
    }

    /// Renders `root` into a `width` × `height` surface at media time `time`.
    static func render(_ root: CALayer, width: Int, height: Int, time: CFTimeInterval = 0, threads: Int = 2) -> CGImage {
        let renderer = CARenderer(width: width, height: height)
        renderer.threads = threads
        renderer.layer = root
        // Custom animatable properties redraw from presentation values, as windows do per frame.
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        renderer.beginFrame(atTime: time)
        renderer.render()
        renderer.endFrame()
        return renderer.makeImage()
    }

    /// Builds `scene` at its default size (or `size`) and renders it at time 0.
    static func render(_ scene: DemoScene, size: CGSize? = nil, threads: Int = 2) -> CGImage {
        let s = size ?? scene.defaultSize
        return render(scene.make(s), width: Int(s.width), height: Int(s.height), threads: threads)
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied).
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> UInt32 { image.surface[x, y] }

    /// The largest channel difference between two 0xAARRGGBB pixels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var d = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return d
    }

    /// Formats a pixel for messages.
    static func hex(_ p: UInt32) -> String { "0x" + String(p, radix: 16, uppercase: true) }

    /// Compares `image` with `Goldens/<name>.png` within `tolerance`, recording an issue when it
    /// differs (and writing `Failures/<name>-actual.png` and `-diff.png`), or when the golden
    /// is missing (then it is written, to be looked at and committed).
    static func check(_ image: CGImage, named name: String, tolerance: Tolerance = Tolerance(),
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let url = goldensDirectory.appendingPathComponent("\(name).png")
        guard FileManager.default.fileExists(atPath: url.path) else {
            do {
                try FileManager.default.createDirectory(at: goldensDirectory, withIntermediateDirectories: true)
                try image.writePNG(to: url)
                Issue.record("Golden \(name).png was missing: wrote \(url.path). Look at it, then commit it.",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("Golden \(name).png was missing and could not be written: \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        let golden: CGImage
        do {
            golden = try CGImage(contentsOfPNGFile: url)
        } catch {
            Issue.record("Golden \(name).png cannot be read: \(error)", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            writeFailure(image, diff: nil, name: name)
            Issue.record("\(name): rendered \(image.width)×\(image.height), golden is \(golden.width)×\(golden.height)",
                         sourceLocation: sourceLocation)
            return
        }
        var matching = 0, worst = 0
        var diffPixels = [UInt32](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = pixel(image, x, y), g = pixel(golden, x, y)
                let d = channelDifference(a, g)
                worst = max(worst, d)
                if d <= tolerance.maxChannelDifference {
                    matching += 1
                    // Matching pixels: the render, faded to a quarter, so the failures stand out.
                    let grey = ((a >> 16 & 0xFF) + (a >> 8 & 0xFF) + (a & 0xFF)) / 12
                    diffPixels[y * image.width + x] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                } else {
                    // Differing pixels: red, brighter the larger the difference.
                    diffPixels[y * image.width + x] = 0xFF00_0000 | UInt32(min(255, 96 + d)) << 16
                }
            }
        }
        let fraction = Double(matching) / Double(image.width * image.height)
        if fraction < tolerance.minimumMatchingFraction {
            let diff = try? CGImage(width: image.width, height: image.height, premultipliedBGRA: diffPixels)
            writeFailure(image, diff: diff, name: name)
            Issue.record("""
                \(name): \(String(format: "%.3f", fraction * 100)) % of pixels match (worst channel difference \(worst)); \
                needed \(tolerance). See \(failuresDirectory.path)/\(name)-actual.png and -diff.png
                """, sourceLocation: sourceLocation)
        }
    }

    private static func writeFailure(_ image: CGImage, diff: CGImage?, name: String) {
        try? FileManager.default.createDirectory(at: failuresDirectory, withIntermediateDirectories: true)
        try? image.writePNG(to: failuresDirectory.appendingPathComponent("\(name)-actual.png"))
        if let diff { try? diff.writePNG(to: failuresDirectory.appendingPathComponent("\(name)-diff.png")) }
    }

    /// Checks gallery item `item`, made for a 120 × 120 cell on white, at `time` s of its own
    /// manual clock against golden `name`.
    static func checkGalleryItem(_ item: String, at time: CFTimeInterval, named name: String) {
        let size = CGSize(width: 120, height: 120)
        CAMediaClock.withManualClock(startingAt: 0) { _ in
            guard let gallery = GalleryCatalog.all.first(where: { $0.name == item }) else {
                Issue.record("no gallery item \(item)"); return
            }
            let root = CALayer()
            root.bounds = CGRect(origin: .zero, size: size)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            root.addSublayer(gallery.make(size))
            check(render(root, width: 120, height: 120, time: time), named: name)
        }
    }
}

extension Golden {
    /// The book scenes' background, the picture's orange body and navy "L".
    static let paper: UInt32 = 0xFFE6_E6E6
    static let orange: UInt32 = 0xFFF2_9933
    static let navy: UInt32 = 0xFF1A_338C

    /// Expects the pixel at (x, y) to be `expected`, each channel within `tolerance`.
    static func expectPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: UInt32, tolerance: Int = 0,
                            _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let p = pixel(image, x, y)
        #expect(channelDifference(p, expected) <= tolerance,
                "pixel (\(x), \(y)) is \(hex(p)), expected \(hex(expected)) \(comment)", sourceLocation: sourceLocation)
    }
}

/// Runs a test on its own manual media clock. Rendering tests commit often; on the shared system
/// clock every commit also scans the begin-time bookkeeping of other tests' uncommitted trees
/// (see the note in the scenes report), which made the parallel suite 20× slower.
struct ManualClockTrait: TestTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await CAMediaClock.withManualClock(startingAt: 0) { _ in try await function() }
    }
}

extension Trait where Self == ManualClockTrait {
    /// Runs the test on its own manual media clock.
    static var manualClock: Self { Self() }
}
