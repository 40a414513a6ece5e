import Testing
@testable import QuartzCore

/// `contentsCenter`: corners keep their size, edges stretch one way, the centre both ways.
@Test(.manualClock) func contentsCenterStretchesOnlyTheMiddle() throws {
    // A 30 × 30 image in 10-texel cells: red corners, green edges, blue centre.
    let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF
    var pixels = [UInt32](repeating: 0, count: 900)
    for y in 0..<30 {
        for x in 0..<30 {
            let edgeX = x < 10 || x >= 20, edgeY = y < 10 || y >= 20
            pixels[y * 30 + x] = edgeX && edgeY ? red : (edgeX || edgeY ? green : blue)
        }
    }
    let image = try CGImage(width: 30, height: 30, premultipliedBGRA: pixels)
    let root = CALayer()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.backgroundColor = CGColor(gray: 0, alpha: 1)
    let l = CALayer()
    l.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
    l.contents = image
    l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    root.addSublayer(l)
    CATransaction.commit()
    let r = CARenderer(width: 100, height: 100)
    r.layer = root
    r.beginFrame(atTime: 0); r.render(); r.endFrame()
    let out = r.makeImage()
    // Corners stay 10 × 10 points; the middle 70 × 40 is stretched.
    #expect(out.surface[4, 4] == red && out.surface[85, 4] == red && out.surface[4, 55] == red && out.surface[85, 55] == red)
    #expect(out.surface[45, 4] == green && out.surface[4, 30] == green && out.surface[85, 30] == green && out.surface[45, 55] == green)
    #expect(out.surface[45, 30] == blue && out.surface[15, 15] == blue && out.surface[75, 45] == blue)
    #expect(out.surface[95, 95] == 0xFF00_0000)
}
