import Foundation
import Testing
@testable import CoreGraphics

/// Contexts, pixel reads and golden checks shared by the `Context*Tests` files.
enum ContextTest {
    /// A `width` × `height` premultiplied BGRA context owning its memory, cleared to `background`.
    static func make(_ width: Int, _ height: Int, background: CGColor? = nil) -> CGContext {
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
        if let background {
            context.setFillColor(background)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        return context
    }

    /// The pixel covering user-space [x, x+1) × [y, y+1) (y up), as premultiplied 0xAARRGGBB.
    static func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> UInt32 {
        context.surface[x, context.height - 1 - y]
    }

    /// Its alpha.
    static func alpha(_ context: CGContext, _ x: Int, _ y: Int) -> Int { Int(pixel(context, x, y) >> 24) }

    static func hex(_ p: UInt32) -> String { "0x" + String(p, radix: 16, uppercase: true) }

    /// The largest channel difference of two pixels.
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        (0..<4).map { abs(Int(a >> UInt32($0 * 8) & 0xFF) - Int(b >> UInt32($0 * 8) & 0xFF)) }.max()!
    }

    /// Expects the user-space pixel (x, y) to be `expected` within `tolerance` per channel.
    static func expect(_ context: CGContext, _ x: Int, _ y: Int, _ expected: UInt32, tolerance: Int = 0,
                       _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let p = pixel(context, x, y)
        #expect(difference(p, expected) <= tolerance, "(\(x), \(y)) is \(hex(p)), expected \(hex(expected)) \(comment)",
                sourceLocation: sourceLocation)
    }

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Failures")

    /// Compares the context with `Goldens/<name>.png`: every channel within `tolerance` on all
    /// but `allowedMismatches` pixels. A missing golden is written (look at it, then commit it)
    /// and recorded as an issue; a failing render goes to `Failures/<name>-actual.png`.
    static func checkGolden(_ context: CGContext, _ name: String, tolerance: Int = 2, allowedMismatches: Int = 0,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let image = context.makeImage() else { Issue.record("no image", sourceLocation: sourceLocation); return }
        let url = goldens.appendingPathComponent("\(name).png")
        guard let golden = try? CGImage(contentsOfPNGFile: url) else {
            try? FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try? image.writePNG(to: url)
            Issue.record("golden \(name).png was missing: wrote \(url.path)", sourceLocation: sourceLocation)
            return
        }
        var mismatches = 0, worst = 0
        if golden.width == image.width, golden.height == image.height {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let d = difference(image.pixel(x: x, y: y), golden.pixel(x: x, y: y))
                    worst = max(worst, d)
                    if d > tolerance { mismatches += 1 }
                }
            }
        } else {
            mismatches = Int.max
        }
        if mismatches > allowedMismatches {
            try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            try? image.writePNG(to: failures.appendingPathComponent("\(name)-actual.png"))
            Issue.record("\(name): \(mismatches) pixels differ by more than \(tolerance) (worst \(worst))",
                         sourceLocation: sourceLocation)
        }
    }
}
