import Testing
@testable import CoreGraphics

// A context over memory it owns batches its drawing calls; every way to see the pixels sees them
// all drawn, and once `data` is handed out each call draws at once.

private func ownedContext() -> CGContext? {
    CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
}

@Test func batchedCallsAreDrawnWhenThePixelsAreRead() throws {
    let ctx = try #require(ownedContext())
    ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))   // the left half, over the red
    #expect(ctx.pending.count == 2)
    let image = try #require(ctx.makeImage())
    #expect(ctx.pending.isEmpty)
    #expect(image.pixel(x: 1, y: 1) == 0xFF00_00FF && image.pixel(x: 6, y: 1) == 0xFFFF_0000)
}

@Test func afterDataIsHandedOutEveryCallDrawsAtOnce() throws {
    let ctx = try #require(ownedContext())
    ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    let pixels = try #require(ctx.data).assumingMemoryBound(to: UInt32.self)
    #expect(pixels[0] == 0xFF00_FF00)
    // The caller reads its pointer without asking the context again, as Apple code does.
    ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    #expect(ctx.pending.isEmpty)
    #expect(pixels[0] == 0xFFFF_FFFF)
}

@Test func callerMemoryIsNeverBatched() throws {
    var buffer = [UInt32](repeating: 0, count: 64)
    try buffer.withUnsafeMutableBytes { raw in
        let ctx = try #require(CGContext(data: raw.baseAddress, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 32,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(ctx.pending.isEmpty)
    }
    #expect(buffer[9] == 0xFF00_00FF)
}
