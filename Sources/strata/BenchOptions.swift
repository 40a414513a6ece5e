import ArgumentParser
import Foundation

/// `strata bench --variant`: which scene to time. The raw values are the spellings the
/// command, scripts/bench and the JSON lines have always used.
enum BenchVariant: String, CaseIterable, ExpressibleByArgument {
    /// BENCHMARK.md's translucent rounded squares, moving in the plane.
    case twoD = "2d"
    /// The same squares turning in a shared 3D space (depth-sorted and split).
    case threeD = "3d"
    /// The squares with image contents.
    case image
    /// The vector-drawing scene as engine-animated `CAShapeLayer`s.
    case shapes
    /// The vector-drawing scene drawn through `CGContext` (headless only).
    case paths
    /// 200 still layers and one turning square on 1920 × 1080: damage tracking.
    case spinner
    /// A page of text from glyph outlines and from a glyph-coverage cache.
    case glyphs
    /// Eight music-player cards on 1280 × 800 (shadows, text, drawn art, a custom animatable
    /// property, a 3D flip); with `--layers 1`, one 300 × 460 card on 800 × 600.
    case app
    /// BENCHMARK.md's squares as translucent `UIView`s animated by `UIView.animate` (`import UIKit`).
    case views
    /// 2d, 3d and image in turn.
    case all
}

/// `strata bench --mode`: where frames go.
enum BenchMode: String, CaseIterable, ExpressibleByArgument {
    /// Rendered into memory, nothing presented.
    case headless
    /// Presented in an X11 window (MIT-SHM), every frame.
    case window
}

/// One JSON object per line, through `JSONEncoder`.
enum JSONLine {
    /// The object as one line, keys sorted (the same order on every run), slashes unescaped.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `x` to `digits` decimals, as the lines have always printed them (non-finite becomes 0,
    /// which JSON can carry).
    static func rounded(_ x: Double, _ digits: Int) -> Double {
        guard x.isFinite else { return 0 }
        let scale = pow(10, Double(digits))
        return (x * scale).rounded() / scale
    }
}

/// `--variant glyphs`: one line per way of drawing the page.
struct GlyphsLine: Encodable {
    var variant: String, glyphs: Int, mode: String, frames: Int, fps: Double, threads: Int
    var allocs_per_frame: Double?
}
