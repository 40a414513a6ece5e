import Foundation
import Testing
@testable import QuartzCore
@testable import StrataDemos

/// The gallery's "typing text": a discrete keyframe animation widens the text's mask one
/// character at a time over 2.4 s (22 characters: one every 0.109 s), then holds 1.2 s.
@Test func typingTextRevealsOneCharacterAtATime() throws {
    try CAMediaClock.withManualClock(startingAt: 0) { clock in
        let cell = GalleryCatalog.typingText.make(CGSize(width: 300, height: 100))
        let text = try #require(cell.sublayers?.first as? CATextLayer)
        let mask = try #require(text.mask)
        #expect(text.string as? String == "Hello, Core Animation!")
        func width(_ prefix: String, size: CGFloat? = nil) -> CGFloat {
            let font = CTFontCreateWithName("DejaVu Sans" as CFString, size ?? text.fontSize, nil)
            return CGFloat(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(NSAttributedString(string: prefix, attributes: [.font: font])), nil, nil, nil))
        }
        // The largest size up to 28 pt at which the line fits the cell less a 10-px margin a side.
        #expect(text.fontSize > 20 && text.fontSize <= 28)
        #expect(width("Hello, Core Animation!") <= 280.001)
        #expect(text.fontSize == 28 || width("Hello, Core Animation!", size: text.fontSize + 0.25) > 280)
        cell.position = CGPoint(x: 150, y: 50)
        let root = TextFixture.root(cell, width: 300, height: 100)
        CATransaction.flush()
        // At 1.2 s, 11 characters show ("Hello, Core"): floor(1.2 / 2.4 × 22) = 11.
        clock.advance(by: 1.2)
        let early = Golden.render(root, width: 300, height: 100, time: 1.2)
        try? FileManager.default.createDirectory(at: Golden.failuresDirectory, withIntermediateDirectories: true)
        try? early.writePNG(to: Golden.failuresDirectory.appendingPathComponent("typing-1.2.png"))
        #expect(mask.presentation().map { $0.bounds.width } == width("Hello, Core"))
        // At 3 s the whole line shows, and the ink reaches further right.
        clock.advance(by: 1.8)
        let late = Golden.render(root, width: 300, height: 100, time: 3)
        try? late.writePNG(to: Golden.failuresDirectory.appendingPathComponent("typing-3.png"))
        #expect(mask.presentation().map { $0.bounds.width } == width("Hello, Core Animation!"))
        let black: UInt32 = 0xFF00_0000
        let a = try #require(TextFixture.inkBox(early, background: black)), b = try #require(TextFixture.inkBox(late, background: black))
        #expect(b.2 > a.2 + 100)
    }
}
