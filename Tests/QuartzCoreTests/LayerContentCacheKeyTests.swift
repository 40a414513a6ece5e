import Foundation
import Testing
@testable import QuartzCore
import Raster

// A translucent layer with a background under content of its own kind (text, a shape, a
// gradient) is a group drawn from the layer-content cache. The cache's key names that content
// by its payload's generation (`LayerState.kindContentGeneration`), so an unchanged layer is
// drawn from its texture frame after frame and a new string, font, colour, path or gradient
// draws anew. (Round seven kept such layers out of the cache, since the key then named the
// background, border and contents only and a new string kept the old texture.)
//
// Hand-computed pixels: opacity 0.5 scales by round(0.5 · 255 + 0.5) = 128 over a clear root,
// so opaque white becomes 0x8080_8080, black 0x8000_0000, red 0x8080_0000, blue 0x8000_0080.

private let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
private let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

/// What one renderer drew before and after a change, what a new renderer draws after it, and
/// how many content textures the first renderer rendered over its two frames.
private struct Frames {
    var first: [UInt32]
    var second: [UInt32]
    var fresh: [UInt32]
    var misses: Int
}

private func pixels(_ renderer: CARenderer) -> [UInt32] {
    renderer.beginFrame(atTime: 0, timeStamp: nil)
    renderer.render()
    renderer.endFrame()
    let image = renderer.makeImage()
    return (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
}

/// Sets `layer` up (without actions) under a clear 32 × 16 root at half opacity with a white
/// background, renders it, applies `change` in a transaction, and renders again.
private func frames<L: CALayer>(_ layer: L, setUp: (L) -> Void, change: (L) -> Void) -> Frames {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 32, height: 16)
        layer.frame = root.bounds
        layer.backgroundColor = white
        layer.opacity = 0.5
        setUp(layer)
        root.addSublayer(layer)
        CATransaction.commit()
        let renderer = CARenderer(width: 32, height: 16)
        renderer.layer = root
        CATransaction.flush()
        let first = pixels(renderer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change(layer)
        CATransaction.commit()
        CATransaction.flush()
        let second = pixels(renderer)
        let fresh = CARenderer(width: 32, height: 16)
        fresh.layer = root
        return Frames(first: first, second: second, fresh: pixels(fresh), misses: renderer.contentCacheMisses)
    }
}

private func at(_ p: [UInt32], _ x: Int, _ y: Int) -> UInt32 { p[y * 32 + x] }

@Test func aTranslucentShapeLayerShowsItsNewPath() {
    // The left half filled black, then the right half: each frame one texture.
    let f = frames(CAShapeLayer()) {
        $0.fillColor = black
        $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 16, height: 16), transform: nil)
    } change: {
        $0.path = CGPath(rect: CGRect(x: 16, y: 0, width: 16, height: 16), transform: nil)
    }
    #expect(at(f.first, 4, 8) == 0x8000_0000 && at(f.first, 24, 8) == 0x8080_8080)
    #expect(at(f.second, 4, 8) == 0x8080_8080, "white where the old path was")
    #expect(at(f.second, 24, 8) == 0x8000_0000, "black under the new path")
    #expect(f.second == f.fresh)
    #expect(f.misses == 2)
}

@Test func aTranslucentShapeLayerShowsItsNewStroke() {
    // A stroke 4 wide along y = 8 turns from black to blue and widens to 8.
    let f = frames(CAShapeLayer()) {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 8))
        line.addLine(to: CGPoint(x: 32, y: 8))
        $0.path = line
        $0.fillColor = nil
        $0.strokeColor = black
        $0.lineWidth = 4
    } change: {
        $0.strokeColor = blue
        $0.lineWidth = 8
    }
    #expect(at(f.first, 16, 8) == 0x8000_0000 && at(f.first, 16, 4) == 0x8080_8080)
    #expect(at(f.second, 16, 8) == 0x8000_0080)
    #expect(at(f.second, 16, 4) == 0x8000_0080, "y 4…12 is inside the wider stroke")
    #expect(f.second == f.fresh)
}

@Test func aTranslucentGradientLayerShowsItsNewColours() {
    let f = frames(CAGradientLayer()) {
        $0.colors = [red, red]
    } change: {
        $0.colors = [blue, blue]
    }
    #expect(at(f.first, 16, 8) == 0x8080_0000)
    #expect(at(f.second, 16, 8) == 0x8000_0080)
    #expect(f.second == f.fresh)
    #expect(f.misses == 2)
}

@Test func aTranslucentTextLayerShowsItsNewColourAndFont() {
    func setUp(_ t: CATextLayer) {
        t.foregroundColor = black
        t.fontSize = 14
        t.string = "WW"
    }
    // Black text over white is grey everywhere (r = g = b); red text is not.
    let colour = frames(CATextLayer(), setUp: setUp) { $0.foregroundColor = red }
    let grey = { (p: UInt32) in (p >> 16) & 0xFF == (p >> 8) & 0xFF }
    #expect(colour.first.allSatisfy(grey))
    #expect(!colour.second.allSatisfy(grey))
    #expect(colour.second == colour.fresh)
    #expect(colour.misses == 2)
    // Another face draws other glyph pixels.
    let font = frames(CATextLayer(), setUp: setUp) { $0.font = "DejaVu Serif" as NSString }
    #expect(font.second != font.first)
    #expect(font.second == font.fresh)
    #expect(font.misses == 2)
}

@Test func anUnchangedTranslucentTextLayerIsDrawnFromTheCache() {
    // A new opacity changes how the group is composited, not its content: the second frame
    // draws the first frame's texture (one texture rendered in all), at a quarter.
    let f = frames(CATextLayer()) {
        $0.foregroundColor = black
        $0.fontSize = 14
        $0.string = "WW"
    } change: {
        $0.opacity = 0.25
    }
    #expect(f.misses == 1)
    #expect(f.second == f.fresh)
    #expect(f.second != f.first)
    #expect(Set(f.second).count > 2, "text drawn: more than the background and clear")
    // round(0.25 · 255 + 0.5) = 64: white at 64.
    #expect(at(f.first, 0, 0) == 0x8080_8080 && at(f.second, 0, 0) == 0x4040_4040)
}

@Test(.manualClock) func aMovingTranslucentTextLayerRendersItsTextureOnce() {
    // Each frame's presentation copies the layer's state (sharing its text): five frames of a
    // position animation draw one texture.
    let root = CALayer()
    let text = CATextLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 32)
    text.frame = CGRect(x: 0, y: 0, width: 32, height: 16)
    text.backgroundColor = white
    text.foregroundColor = black
    text.fontSize = 14
    text.string = "WW"
    text.opacity = 0.5
    root.addSublayer(text)
    CATransaction.commit()
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 16.0; move.toValue = 48.0; move.duration = 1
    text.add(move, forKey: "move")
    CATransaction.flush()
    let renderer = CARenderer(width: 64, height: 32)
    renderer.layer = root
    for k in 0..<5 {
        renderer.beginFrame(atTime: CACurrentMediaTime() + Double(k) * 0.25, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        #expect(renderer.lastFrameStatistics.didDraw)
    }
    #expect(renderer.contentCacheMisses == 1)
}

/// Every pixel of `root` rendered once at `width` × `height`.
private func render(_ root: CALayer, width: Int, height: Int) -> [UInt32] {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let renderer = CARenderer(width: width, height: height)
        renderer.layer = root
        CATransaction.flush()
        return pixels(renderer)
    }
}

/// A translucent group with a compositing filter blends with what is below in its mode, also
/// when it is drawn from the cache (a background and a border) or as its contents over its
/// background in one fill: both drew it in source-over. Over red, green's group multiplied is
/// black, and black at half over red is 0xFF80_0000 (red at half over green would be 0xFF7F_8000).
@Test func aCachedTranslucentGroupKeepsItsBlendMode() {
    let blueTexels = try! CGImage(width: 4, height: 4, premultipliedBGRA: [UInt32](repeating: 0xFF00_00FF, count: 16))
    for withBorder in [true, false] {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.backgroundColor = red
        let layer = CALayer()
        layer.frame = root.bounds
        layer.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        if withBorder {
            layer.borderWidth = 1
            layer.borderColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        } else {
            layer.contents = blueTexels
        }
        layer.opacity = 0.5
        layer.compositingFilter = "multiplyBlendMode"
        root.addSublayer(layer)
        CATransaction.commit()
        let p = render(root, width: 8, height: 8)
        for (x, y) in [(4, 4), (0, 0)] {
            let c = at8(p, x, y)
            #expect(abs(Int(c >> 16 & 0xFF) - 128) <= 1 && c & 0xFFFF == 0 && c >> 24 == 0xFF,
                    "\(withBorder ? "border" : "contents") at (\(x), \(y)): \(String(c, radix: 16))")
        }
    }
}

private func at8(_ p: [UInt32], _ x: Int, _ y: Int) -> UInt32 { p[y * 8 + x] }

/// Two layers alike in all but their ancestry: under a geometry-flipped superlayer the second's
/// contents are drawn upright against the screen, so it cannot take the first's texture.
@Test func aFlippedLayerDoesNotShareAnUnflippedLayersTexture() {
    // Top half red, bottom half blue, four texels square.
    let texels = (0..<16).map { $0 < 8 ? UInt32(0xFFFF_0000) : 0xFF00_00FF }
    let image = try! CGImage(width: 4, height: 4, premultipliedBGRA: texels)
    func scene(withUnflipped: Bool) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 8, height: 4)
        func group() -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            l.backgroundColor = white
            l.contents = image
            l.borderWidth = 0.25
            l.borderColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 0.01)
            l.opacity = 0.5
            return l
        }
        let flipped = CALayer()
        flipped.frame = CGRect(x: 4, y: 0, width: 4, height: 4)
        flipped.isGeometryFlipped = true
        flipped.addSublayer(group())
        root.addSublayer(flipped)
        if withUnflipped { root.addSublayer(group()) }
        return root
    }
    let both = render(scene(withUnflipped: true), width: 8, height: 4)
    let alone = render(scene(withUnflipped: false), width: 8, height: 4)
    for y in 0..<4 {
        for x in 4..<8 { #expect(at8(both, x, y) == at8(alone, x, y), "(\(x), \(y))") }
    }
    // Contents drawn upright on the screen in both: red on top, blue below.
    #expect(at8(both, 1, 0) == at8(both, 5, 0) && at8(both, 1, 3) == at8(both, 5, 3))
    #expect(at8(both, 5, 0) != at8(both, 5, 3))
}

/// A rasterized layer's bitmap is kept while nothing it draws changes: its fingerprint named
/// the layers' backgrounds, borders, contents and geometry but not a special layer's text or
/// path, so a rasterized text layer kept its old string.
@Test func aRasterizedTextLayerShowsItsNewString() {
    let f = frames(CATextLayer()) {
        $0.foregroundColor = black
        $0.fontSize = 14
        $0.string = "ii"
        $0.opacity = 1
        $0.shouldRasterize = true
    } change: {
        $0.string = "WW"
    }
    #expect(f.second != f.first)
    #expect(f.second == f.fresh)
}
