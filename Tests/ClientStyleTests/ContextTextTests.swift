// Text in a CGContext: CTLineDraw at textPosition through textMatrix in the text drawing mode,
// and CTFramesetter / CTFrameDraw wrapping text into a path's box (y up, first line at the top).
import QuartzCore
import Testing

private func context(_ w: Int, _ h: Int) throws -> CGContext {
    try #require(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(),
                           bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
}

/// The box (device pixels, y down) of the pixels with any alpha, or nil when there is no ink.
private func inkBox(_ ctx: CGContext) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
    var box: (Int, Int, Int, Int)?
    for y in 0..<ctx.height {
        for x in 0..<ctx.width where p[y * ctx.bytesPerRow + x * 4 + 3] > 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
}

private func text(_ s: String, size: CGFloat = 20) -> NSAttributedString {
    NSAttributedString(string: s, attributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)])
}

@Test func lineDrawsAtTheTextPositionOnTheBaseline() throws {
    let ctx = try context(120, 40)
    let line = CTLineCreateWithAttributedString(text("Hello"))
    let width = CTLineGetTypographicBounds(line, nil, nil, nil)
    ctx.textPosition = CGPoint(x: 10, y: 12)
    #expect(ctx.textPosition == CGPoint(x: 10, y: 12))
    CTLineDraw(line, ctx)
    let box = try #require(inkBox(ctx))
    // y up: the baseline y = 12 is device row 28; capitals stand above it, nothing hangs below
    // "Hello" by more than a pixel of anti-aliasing.
    #expect(box.minX >= 10 && box.minX <= 12)
    #expect(Double(box.maxX) <= 10 + width + 1 && Double(box.maxX) >= 10 + width - 4)
    #expect(box.maxY <= 28 && box.maxY >= 27)
    #expect(box.minY >= 28 - 17 && box.minY <= 28 - 13)   // cap height of 20 pt DejaVu Sans ≈ 14.6
    // Drawn black (no colour attribute), as on Apple.
    let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
    let stem = (box.minY + 3) * ctx.bytesPerRow + (box.minX + 1) * 4
    #expect(p[stem + 3] == 255 && p[stem + 2] == 0)
}

@Test func textMatrixScalesAndModesChangeWhatDraws() throws {
    let line = CTLineCreateWithAttributedString(text("Hi"))
    let plain = try context(120, 60)
    plain.textPosition = CGPoint(x: 4, y: 10)
    CTLineDraw(line, plain)
    let scaled = try context(120, 60)
    scaled.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
    scaled.textPosition = CGPoint(x: 4, y: 10)
    CTLineDraw(line, scaled)
    let a = try #require(inkBox(plain)), b = try #require(inkBox(scaled))
    let wa = a.maxX - a.minX, wb = b.maxX - b.minX
    #expect(abs(wb - 2 * wa) <= 2)
    #expect(abs((b.maxY - b.minY) - 2 * (a.maxY - a.minY)) <= 2)

    let invisible = try context(60, 30)
    invisible.setTextDrawingMode(.invisible)
    invisible.textPosition = CGPoint(x: 4, y: 10)
    CTLineDraw(line, invisible)
    #expect(inkBox(invisible) == nil)

    // Clip mode: nothing drawn, then a fill shows only inside the glyphs.
    let clipped = try context(60, 30)
    clipped.setTextDrawingMode(.clip)
    clipped.textPosition = CGPoint(x: 4, y: 10)
    CTLineDraw(line, clipped)
    #expect(inkBox(clipped) == nil)
    clipped.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
    clipped.fill(CGRect(x: 0, y: 0, width: 60, height: 30))
    let c = try #require(inkBox(clipped))
    #expect(c.minX >= 4 && c.maxY <= 20)
}

@Test func framesetterWrapsTextIntoThePathsBox() throws {
    let setter = CTFramesetterCreateWithAttributedString(text("one two three four five six", size: 12))
    let box = CGRect(x: 10, y: 5, width: 60, height: 80)
    let frame = CTFramesetterCreateFrame(setter, CFRangeMake(0, 0), CGPath(rect: box, transform: nil), nil)
    let lines = CTFrameGetLines(frame)
    #expect(lines.count >= 3)
    var origins = [CGPoint](repeating: .zero, count: lines.count)
    CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
    // The first line's baseline one ascent below the box's top, y up; later lines below it.
    var ascent: CGFloat = 0
    _ = CTLineGetTypographicBounds(lines[0], &ascent, nil, nil)
    #expect(abs(origins[0].y - (80 - ascent)) < 0.01)
    #expect(origins[1].y < origins[0].y && origins[0].x == 0)

    let ctx = try context(100, 100)
    CTFrameDraw(frame, ctx)
    let ink = try #require(inkBox(ctx))
    // Inside the box (device rows 100 − 85 … 100 − 5), left edge at x = 10.
    #expect(ink.minX >= 10 && ink.maxX <= 70)
    #expect(ink.minY >= 15 && ink.maxY <= 95)
    let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRangeMake(0, 0), nil,
                                                            CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude), nil)
    #expect(size.width <= 60 && size.height > 3 * 12)
}

@Test func textDrawingWithHostileInput() throws {
    let ctx = try context(30, 30)
    let setter = CTFramesetterCreateWithAttributedString(text("abc"))
    // A NaN path, an empty path, a range past the end: empty frames, nothing drawn, no trap.
    var bad = CGAffineTransform.identity
    bad.tx = .nan
    for path in [CGPath(rect: .null, transform: nil), CGMutablePath()] {
        let frame = CTFramesetterCreateFrame(setter, CFRangeMake(50, 10), path, nil)
        CTFrameDraw(frame, ctx)
    }
    ctx.textMatrix = bad
    CTLineDraw(CTLineCreateWithAttributedString(text("x")), ctx)
    ctx.textMatrix = .identity
    ctx.textPosition = CGPoint(x: CGFloat.infinity, y: 3)
    CTLineDraw(CTLineCreateWithAttributedString(text("x")), ctx)
    CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "")), ctx)
    #expect(inkBox(ctx) == nil)
}
