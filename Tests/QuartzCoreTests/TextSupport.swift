import Foundation
@testable import QuartzCore

/// Helpers of the text tests. DejaVu Sans at 20.48 pt makes one font unit (of 2048 per em)
/// exactly 0.01 pt, so widths read straight from the font's tables: "0" advances 1303 units
/// (13.03 pt), " " 651, "…" 2048; ascent 1901, descent 483, line gap 0.
enum TextFixture {
    static let size: CGFloat = 20.48
    static let zero = 13.03, space = 6.51, ellipsis = 20.48, ascent = 19.01, descent = 4.83

    /// A text layer of `width` × `height` with `string`, configured by `configure`, committed.
    static func layer(_ string: Any?, width: CGFloat = 200, height: CGFloat = 100, size: CGFloat = TextFixture.size,
                      _ configure: (CATextLayer) -> Void = { _ in }) -> CATextLayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let t = CATextLayer()
        t.string = string
        t.fontSize = size
        t.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        t.anchorPoint = .zero
        t.position = .zero
        configure(t)
        CATransaction.commit()
        return t
    }

    /// The layout the renderer would draw for `layer`'s model values.
    static func layout(_ layer: CATextLayer) -> TextLayout? { TextLayoutCache.shared.layout(for: layer.state) }

    /// Glyph origins of each line, rounded to 1e-6 pt.
    static func xs(_ l: TextLayout) -> [[Double]] {
        l.lines.map { $0.glyphs.map { ($0.x * 1e6).rounded() / 1e6 } }
    }

    /// A black root of `width` × `height` holding `layer`.
    static func root(_ layer: CALayer, width: CGFloat, height: CGFloat) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.anchorPoint = .zero
        root.position = .zero
        root.backgroundColor = CGColor.black
        root.addSublayer(layer)
        CATransaction.commit()
        return root
    }

    /// The smallest pixel rectangle (x0, y0, x1, y1 inclusive) holding every pixel that is not
    /// `background`, or nil.
    static func inkBox(_ image: CGImage, background: UInt32 = 0xFF00_0000) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.surface[x, y] != background {
                if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) } else { box = (x, y, x, y) }
            }
        }
        return box
    }
}
