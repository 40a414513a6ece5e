// Contents orientation as Apple's header and documentation say: contentsGravity's "top" is
// always the layer's maximum y and "bottom" its minimum y (CALayer.h), so in an unflipped
// y-down layer `.top` puts the image on the lower edge; `isGeometryFlipped` "does not affect the
// rendering of the layer's content" — an image under a flipped superlayer stays upright — and
// `contentsAreFlipped()` says so (false by default).
import QuartzCore
import Testing

/// A 2 × 2 pixel image: top row red, bottom row blue (as stored: row 0 first).
private func twoRowImage() throws -> CGImage {
    let ctx = try #require(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 1, width: 2, height: 1))     // y up: y 1…2 is the top row
    ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
    return try #require(ctx.makeImage())
}

/// B, G, R, A of every pixel of `root` rendered into `w` × `h`, rows from the top.
private func render(_ root: CALayer, _ w: Int, _ h: Int) throws -> [[UInt8]] {
    try CAMediaClock.withManualClock(startingAt: 0) { _ in
        let renderer = CARenderer(width: w, height: h)
        renderer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        let data = try #require(renderer.makeImage().dataProvider?.data)
        return (0..<(w * h)).map { Array(data[($0 * 4)..<($0 * 4 + 4)]) }
    }
}

private let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]

@Test func gravityTopIsTheMaximumYEdge() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 2, height: 6)
    layer.contents = try twoRowImage()
    layer.contentsGravity = .top
    // Unflipped, y down: maximum y is the lower edge; the image is upright there.
    let top = try render(layer, 2, 6)
    #expect(top[0] == clear && top[7] == clear)
    #expect(top[8] == red && top[10] == blue)
    layer.contentsGravity = .bottom
    let bottom = try render(layer, 2, 6)
    #expect(bottom[0] == red && bottom[2] == blue && bottom[4] == clear && bottom[11] == clear)
    layer.contentsGravity = .topLeft
    #expect(try render(layer, 2, 6)[8] == red)
}

@Test func imagesUnderAFlippedSuperlayerStayUpright() throws {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 2, height: 6)
    root.isGeometryFlipped = true
    let child = CALayer()
    child.frame = CGRect(x: 0, y: 0, width: 2, height: 2)   // flipped: at the bottom of the root
    child.contents = try twoRowImage()
    root.addSublayer(child)
    #expect(!root.contentsAreFlipped())
    #expect(child.contentsAreFlipped())
    let pixels = try render(root, 2, 6)
    // The child sits on the lower edge, its image still red over blue.
    #expect(pixels[0] == clear)
    #expect(pixels[8] == red && pixels[10] == blue)

    // Two flips cancel.
    let inner = CALayer()
    inner.isGeometryFlipped = true
    let grandchild = CALayer()
    root.addSublayer(inner)
    inner.addSublayer(grandchild)
    #expect(!grandchild.contentsAreFlipped())
    #expect(inner.contentsAreFlipped())
}

@Test func gravityUnderAFlippedSuperlayerFollowsTheFlippedAxis() throws {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 2, height: 6)
    root.isGeometryFlipped = true
    let child = CALayer()
    child.frame = root.bounds
    child.contents = try twoRowImage()
    child.contentsGravity = .top          // maximum y: the upper edge on screen here
    root.addSublayer(child)
    let pixels = try render(root, 2, 6)
    #expect(pixels[0] == red && pixels[2] == blue && pixels[4] == clear)
}

@Test func drawInContextUnderAFlippedSuperlayerLandsWhereTheLayerSaysIt() throws {
    final class Marker: CALayer {
        override func draw(in ctx: CGContext) {
            // A bar across the layer's minimum-y edge, in the layer's own coordinates.
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
    }
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 2, height: 4)
    root.isGeometryFlipped = true
    let marker = Marker()
    marker.frame = root.bounds
    root.addSublayer(marker)
    marker.setNeedsDisplay()
    marker.displayIfNeeded()
    let pixels = try render(root, 2, 4)
    // Flipped: the layer's minimum y is the lower edge on screen.
    #expect(pixels[6] == blue && pixels[0] == clear)
    // Unflipped, the same drawing is on the upper edge.
    root.isGeometryFlipped = false
    marker.setNeedsDisplay()
    marker.displayIfNeeded()
    let plain = try render(root, 2, 4)
    #expect(plain[0] == blue && plain[6] == clear)
}

@Test func contentsAreFlippedThroughADeepTree() {
    let root = CALayer()
    root.isGeometryFlipped = true
    var top = root
    for _ in 0..<3_000 {
        let next = CALayer()
        top.addSublayer(next)
        top = next
    }
    #expect(top.contentsAreFlipped())
    #expect(!root.contentsAreFlipped())
    // A mask: its owner's superlayers count, not the owner's own flag.
    let owner = CALayer()
    owner.isGeometryFlipped = true
    root.addSublayer(owner)
    let mask = CALayer()
    owner.mask = mask
    #expect(mask.contentsAreFlipped())
    #expect(owner.contentsAreFlipped())
}
