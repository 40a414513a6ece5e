import Foundation
import Testing
@testable import QuartzCore
import Raster

// A renderer skips clearing its framebuffer when the root's opaque background paints every
// pixel. A root that only seems to (opaque, untransformed, `bounds.width` and `height` at
// least the surface's) but draws elsewhere or nothing left the previous frame under the new
// one: the threaded fuzz seeds 3036340 (root bounds −1e300 × −1e300: `CGRect.width` is the
// magnitude, the background lies left of and above the surface) and 3107675 (162 × 1e300 from
// y = −9.4) drew different pixels in renderers with different histories.

/// Every pixel of `renderer`'s frame at media time 0.
private func frame(_ renderer: CARenderer) -> [UInt32] {
    renderer.beginFrame(atTime: 0, timeStamp: nil)
    renderer.render()
    renderer.endFrame()
    let image = renderer.makeImage()
    return (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
}

/// Renders `root` in one renderer before and after `change` (made in a transaction without
/// actions), and in a new renderer after it: returns the second frame and the new one's.
private func frameAfterChange(root: CALayer, size: Int, change: () -> Void) -> (second: [UInt32], fresh: [UInt32]) {
    CAMediaClock.withManualClock(startingAt: 0) { _ in
        let renderer = CARenderer(width: size, height: size)
        renderer.layer = root
        CATransaction.flush()
        _ = frame(renderer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
        CATransaction.flush()
        let second = frame(renderer)
        let fresh = CARenderer(width: size, height: size)
        fresh.layer = root
        CATransaction.flush()
        return (second, frame(fresh))
    }
}

/// Renders `root` with a blue sublayer over the whole surface, then again without it, in one
/// renderer; returns that second frame and a new renderer's frame of the same tree.
private func secondFrameAndFresh(root: CALayer, size: Int) -> (second: [UInt32], fresh: [UInt32]) {
    let cover = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    cover.frame = CGRect(x: -1000, y: -1000, width: 2000, height: 2000)
    cover.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    root.addSublayer(cover)
    CATransaction.commit()
    return frameAfterChange(root: root, size: size) { cover.removeFromSuperlayer() }
}

private func opaqueRoot(_ bounds: CGRect) -> CALayer {
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = bounds
    root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.commit()
    return root
}

@Test func aRootOfNegativeSizeDoesNotKeepThePreviousFrame() {
    // The background spans x −8…0 and y −8…0 in device pixels: nothing of it shows, so the
    // second frame is transparent, as a new renderer draws it (it was the blue frame before).
    let (second, fresh) = secondFrameAndFresh(root: opaqueRoot(CGRect(x: 0, y: 0, width: -8, height: -8)), size: 4)
    #expect(fresh == [UInt32](repeating: 0, count: 16))
    #expect(second == fresh)
}

@Test func aRootOfHugeExtentDrawsTheSameWhateverItsHistory() {
    // Seed 3107675's root: 162 × 1e300 from y = −9.4 (its edges are past what the renderer
    // can place exactly, so it counts as not covering and the surface is cleared first).
    let root = opaqueRoot(CGRect(x: 0, y: -9.449910453209426, width: 162.35786425999228, height: 1e300))
    let (second, fresh) = secondFrameAndFresh(root: root, size: 4)
    #expect(second == fresh)
    #expect(!second.contains(0xFF00_00FF))
    // The root spans x −81…81 and every row: it paints the surface red (it drew a quarter of
    // its colour, 0x40400000, while its squared distances overflowed).
    #expect(fresh == [UInt32](repeating: 0xFFFF_0000, count: 16))
}

@Test func anOrdinaryOpaqueRootStillSkipsTheClear() {
    // The fast path stays: an opaque root as large as the surface paints every pixel red,
    // and its first command is recognised as covering the surface.
    let (second, fresh) = secondFrameAndFresh(root: opaqueRoot(CGRect(x: 0, y: 0, width: 4, height: 4)), size: 4)
    #expect(second == [UInt32](repeating: 0xFFFF_0000, count: 16))
    #expect(fresh == second)
    let background = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 4, maxY: 4, topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0),
                                 localToDevice: .identity, paint: .solid(0xFFFF_0000))
    #expect(background.paintsOpaquely(IntRect(x0: 0, y0: 0, x1: 4, y1: 4)))
    var translucent = background
    translucent.paint = .solid(0xFE00_0000)
    #expect(!translucent.paintsOpaquely(IntRect(x0: 0, y0: 0, x1: 4, y1: 4)))
    var short = background
    short.shape.maxX = 3.5
    #expect(!short.paintsOpaquely(IntRect(x0: 0, y0: 0, x1: 4, y1: 4)))
    var huge = background
    huge.shape.maxY = 1e300
    #expect(!huge.paintsOpaquely(IntRect(x0: 0, y0: 0, x1: 4, y1: 4)))
}

/// Renders `layer` (under a clear root of `size`²) in one renderer before and after `change`,
/// and a new renderer after it: returns the second frame and the new renderer's frame.
private func frameAfterChange(_ layer: CALayer, size: Int, change: () -> Void) -> (second: [UInt32], fresh: [UInt32]) {
    let root = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    root.addSublayer(layer)
    CATransaction.commit()
    return frameAfterChange(root: root, size: size, change: change)
}

/// A translucent layer whose own parts overlap (a background under its text, tiles, shape or
/// gradient) draws as a group from a cached texture; the texture's key named the background,
/// bounds and contents image but not the kind's content, so a new string (or a tile fading
/// in: fuzz seed 3118175) kept showing the old texture in a renderer that had drawn it.
@Test func aTranslucentTextLayerShowsItsNewString() {
    let text = CATextLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    text.frame = CGRect(x: 0, y: 0, width: 32, height: 16)
    text.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    text.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
    text.fontSize = 14
    text.opacity = 0.5
    text.string = "ii"
    CATransaction.commit()
    let (second, fresh) = frameAfterChange(text, size: 32) { text.string = "WW" }
    #expect(second == fresh)
    #expect(Set(second).count > 2)
}
