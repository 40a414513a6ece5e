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

/// Stars and dashed circles stroked with round joins at many angles (the `paths` benchmark's
/// kind of scene), into a 160 × 120 context that draws with `threads` threads; `eager` reads
/// `data` first, so every call draws at once and strokes its outline on the spot.
private func strokedScene(threads: Int, eager: Bool) throws -> (pixels: [UInt32], deferred: Int) {
    let ctx = try #require(CGContext(data: nil, width: 160, height: 120, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    ctx.rasterThreads = threads
    if eager { _ = ctx.data }
    ctx.setFillColor(CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 160, height: 120))
    ctx.setLineJoin(.round)
    ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.6))
    var deferred = 0
    for i in 0..<24 {
        ctx.saveGState()
        ctx.translateBy(x: 20 + CGFloat(i % 6) * 24.3, y: 18 + CGFloat(i / 6) * 27.1)
        ctx.rotate(by: CGFloat(i) * 0.37)
        ctx.setLineWidth(1 + CGFloat(i % 4))
        ctx.setFillColor(CGColor(red: CGFloat(i) / 24, green: 0.5, blue: 0.8, alpha: 0.5))
        if i % 4 == 3 {
            ctx.addEllipse(in: CGRect(x: -11, y: -11, width: 22, height: 22))
            ctx.setLineDash(phase: CGFloat(i), lengths: [5, 2.5])
        } else {
            for j in 0..<10 {
                let phi = -CGFloat.pi / 2 + CGFloat(j) * .pi / 5, r: CGFloat = j % 2 == 0 ? 12 : 5
                let v = CGPoint(x: r * cos(phi), y: r * sin(phi))
                if j == 0 { ctx.move(to: v) } else { ctx.addLine(to: v) }
            }
            ctx.closePath()
        }
        ctx.drawPath(using: .fillStroke)
        deferred = max(deferred, ctx.pendingOutlines.count)
        ctx.restoreGState()
    }
    let image = try #require(ctx.makeImage())
    return ((0..<120).flatMap { y in (0..<160).map { x in image.pixel(x: x, y: y) } }, deferred)
}

@Test func batchedStrokeOutlinesAreMadeWhenTheBatchRunsWithTheSamePixelsOnAnyThreads() throws {
    let two = try strokedScene(threads: 2, eager: false)
    let one = try strokedScene(threads: 1, eager: false)
    let atOnce = try strokedScene(threads: 2, eager: true)
    // The outlines wait for the batch (all 24 strokes), and are made on the raster threads.
    #expect(two.deferred == 24 && one.deferred == 24 && atOnce.deferred == 0)
    // Byte for byte what each call stroking at once draws, with one thread or two.
    #expect(two.pixels == atOnce.pixels)
    #expect(one.pixels == atOnce.pixels)
    #expect(Set(two.pixels).count > 100, "the scene draws (anti-aliased edges, overlaps)")
}

@Test func aBatchedStrokeThatCannotBeDrawnIsRefusedWhenItIsCalled() throws {
    let ctx = try #require(ownedContext())
    ctx.setLineWidth(1e150)
    ctx.setLineJoin(.round)
    let messages = StrataDiagnostics.capture {
        ctx.move(to: CGPoint(x: 1, y: 1))
        for i in 0..<5_000 { ctx.addLine(to: CGPoint(x: 1 + i % 2, y: 2 + i)) }
        ctx.strokePath()
    }
    #expect(messages == ["stroke: the outline needs more than 4000000 points; not drawn"])
    #expect(ctx.pending.isEmpty && ctx.pendingOutlines.isEmpty)
}

@Test func aSmallBatchedStrokeIsFlattenedWhenTheBatchRunsAndALargeOneAtTheCall() throws {
    let ctx = try #require(ownedContext())
    ctx.setLineWidth(2)
    ctx.setLineDash(phase: 0, lengths: [3, 1])
    ctx.addEllipse(in: CGRect(x: 1, y: 1, width: 6, height: 6))
    ctx.strokePath()
    // 200 small curves: counted at the most pieces a curve may take (4,096 each), the bound
    // from the elements alone is over the limit, so this one is flattened and checked at the
    // call (where a refusal would be reported); it fits.
    ctx.setLineDash(phase: 0, lengths: [])
    ctx.move(to: CGPoint(x: 1, y: 1))
    for i in 0..<200 {
        let y = 1 + CGFloat(i % 6)
        ctx.addCurve(to: CGPoint(x: 7, y: y), control1: CGPoint(x: 3, y: y + 1), control2: CGPoint(x: 5, y: y - 1))
    }
    ctx.strokePath()
    #expect(ctx.pendingOutlines.count == 2)
    #expect(ctx.pendingOutlines.first?.stroke.plan == nil, "planned when the batch runs")
    #expect(ctx.pendingOutlines.last?.stroke.plan != nil, "planned at the call")
    let image = try #require(ctx.makeImage())
    #expect(ctx.pendingOutlines.isEmpty)
    #expect((0..<8).contains { x in (0..<8).contains { y in image.pixel(x: x, y: y) >> 24 > 0 } })
}
