// CGContext.beginTransparencyLayer / endTransparencyLayer (with and without a rect) and
// drawConicGradient, against hand-computed pixels.
import QuartzCore
import Testing

private func context(_ w: Int = 12, _ h: Int = 4) throws -> CGContext {
    try #require(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(),
                           bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
}

/// B, G, R, A at (x, y), y counted from the top row.
private func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> [UInt8] {
    let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
    return [p[0], p[1], p[2], p[3]]
}

private func drawTwoOverlappingSquares(_ ctx: CGContext) {
    ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
    ctx.fill(CGRect(x: 4, y: 0, width: 8, height: 4))
}

@Test func transparencyLayerCompositesOverlapsOnce() throws {
    // Without a layer: alpha 0.5 twice over the overlap gives about 0.75 there.
    let plain = try context()
    plain.setAlpha(0.5)
    drawTwoOverlappingSquares(plain)
    #expect(pixel(plain, 2, 1)[3] == 128)
    #expect(pixel(plain, 6, 1)[3] == 192)   // 128 + 128 · (1 − 128/255) = 191.75

    // In a layer: drawn at alpha 1 inside, composited once at 0.5: 0.5 everywhere.
    let layered = try context()
    layered.setAlpha(0.5)
    layered.beginTransparencyLayer(auxiliaryInfo: nil)
    drawTwoOverlappingSquares(layered)
    layered.endTransparencyLayer()
    #expect(pixel(layered, 2, 1) == [0, 0, 128, 128])
    #expect(pixel(layered, 6, 1) == [0, 0, 128, 128])
    #expect(pixel(layered, 10, 1) == [0, 0, 128, 128])
}

@Test func transparencyLayerInARectKeepsOnlyThatRect() throws {
    let ctx = try context()
    ctx.beginTransparencyLayer(in: CGRect(x: 2, y: 0, width: 4, height: 4), auxiliaryInfo: nil)
    drawTwoOverlappingSquares(ctx)
    ctx.endTransparencyLayer()
    #expect(pixel(ctx, 1, 1) == [0, 0, 0, 0])
    #expect(pixel(ctx, 3, 1) == [0, 0, 255, 255])
    #expect(pixel(ctx, 7, 1) == [0, 0, 0, 0])
    // The state set inside the layer ends with it.
    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    ctx.setAlpha(0.25)
    ctx.endTransparencyLayer()
    ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
    ctx.fill(CGRect(x: 8, y: 0, width: 1, height: 4))
    #expect(pixel(ctx, 8, 1) == [255, 0, 0, 255])
}

@Test func transparencyLayersNestAndSurviveHostileCalls() throws {
    let ctx = try context()
    ctx.endTransparencyLayer()                         // no layer open: ignored
    ctx.beginTransparencyLayer(in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), auxiliaryInfo: nil)
    drawTwoOverlappingSquares(ctx)                     // inside an empty layer: nothing kept
    ctx.endTransparencyLayer()
    #expect(pixel(ctx, 3, 1) == [0, 0, 0, 0])
    ctx.setAlpha(0.5)
    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    drawTwoOverlappingSquares(ctx)
    ctx.endTransparencyLayer()
    ctx.endTransparencyLayer()
    #expect(pixel(ctx, 6, 1) == [0, 0, 128, 128])
    // A layer left open at the end neither traps nor leaks into the image made.
    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    #expect(ctx.makeImage() != nil)
}

@Test func conicGradientSweepsAboutItsCenter() throws {
    let ctx = try context(40, 40)
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray,
                                           locations: [0, 1]))
    ctx.drawConicGradient(gradient, center: CGPoint(x: 20, y: 20), angle: 0)
    // +x of the centre: location ≈ 0 (red). A quarter turn towards +y (y up: above): 0.25.
    let east = pixel(ctx, 36, 19)
    #expect(east[2] > 240 && east[0] < 15)
    let north = pixel(ctx, 19, 3)       // row 3 from the top is y ≈ 36.5, above the centre
    #expect(abs(Int(north[2]) - 191) <= 8 && abs(Int(north[0]) - 64) <= 8)
    let west = pixel(ctx, 3, 19)
    #expect(abs(Int(west[2]) - 128) <= 8 && abs(Int(west[0]) - 128) <= 8)
    // Hostile: nothing drawn, no trap.
    let other = try context(4, 4)
    other.drawConicGradient(gradient, center: CGPoint(x: CGFloat.nan, y: 0), angle: 0)
    other.drawConicGradient(gradient, center: .zero, angle: .infinity)
    #expect(pixel(other, 1, 1) == [0, 0, 0, 0])
}
