import Foundation
import Testing
@testable import QuartzCore

// Hand-computed ink of DejaVu Sans's "I": a stem from x = 201 to 403 font units, from the
// baseline to the cap height 1493; the first baseline is one ascent (1901) below the top.
// At 204.8 pt one unit is 0.1 pt: ink x 20.1…40.3, y 190.1 − 149.3 = 40.8 … 190.1.

@Test(.manualClock) func aGlyphsInkCoversExactlyItsOutline() {
    let text = TextFixture.layer("I", width: 100, height: 250, size: 204.8)
    let image = Golden.render(TextFixture.root(text, width: 100, height: 250), width: 100, height: 250)
    let box = TextFixture.inkBox(image)
    #expect(box.map { [$0.0, $0.1, $0.2, $0.3] } == [20, 40, 40, 190])
    Golden.expectPixel(image, 30, 100, 0xFFFF_FFFF, "inside the stem")
    Golden.expectPixel(image, 19, 100, 0xFF00_0000, "left of the stem")
    Golden.expectPixel(image, 41, 100, 0xFF00_0000, "right of the stem")
    // Edge pixels are covered 0.9 (x 20.1…21) and 0.3 (x 40…40.3): white at 229.5 and 76.5.
    Golden.expectPixel(image, 20, 100, 0xFFE6_E6E6, tolerance: 2, "left edge, 90 % covered")
    Golden.expectPixel(image, 40, 100, 0xFF4C_4C4C, tolerance: 2, "right edge, 30 % covered")
    Golden.expectPixel(image, 30, 40, 0xFF33_3333, tolerance: 2, "top edge, 20 % covered")
}

@Test(.manualClock) func scaledTextIsFilledFromItsOutlineNotAScaledBitmap() {
    // Half the size under a 2× layer transform: the same device outline, the same pixels.
    let text = TextFixture.layer("I", width: 50, height: 125, size: 102.4) {
        $0.transform = CATransform3DMakeScale(2, 2, 1)
    }
    let image = Golden.render(TextFixture.root(text, width: 100, height: 250), width: 100, height: 250)
    #expect(TextFixture.inkBox(image).map { [$0.0, $0.1, $0.2, $0.3] } == [20, 40, 40, 190])
    Golden.expectPixel(image, 20, 100, 0xFFE6_E6E6, tolerance: 2, "left edge, 90 % covered, as unscaled")
    Golden.expectPixel(image, 40, 100, 0xFF4C_4C4C, tolerance: 2, "right edge, 30 % covered, as unscaled")
}

@Test(.manualClock) func textIsClippedToTheBounds() {
    // A 60 pt-wide layer at x = 0 holding "00000000" (104 pt): nothing past x = 60.
    let text = TextFixture.layer("00000000", width: 60, height: 30)
    let image = Golden.render(TextFixture.root(text, width: 120, height: 30), width: 120, height: 30)
    let box = TextFixture.inkBox(image)
    #expect(box.map { $0.2 } == 59)
}

@Test(.manualClock) func foregroundColorAndAttributedColoursFillTheGlyphs() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    // Plain: the layer's colour.
    let plain = TextFixture.layer("I", width: 100, height: 250, size: 204.8) { $0.foregroundColor = red }
    let a = Golden.render(TextFixture.root(plain, width: 100, height: 250), width: 100, height: 250)
    Golden.expectPixel(a, 30, 100, 0xFFFF_0000, "red stem")
    // Attributed: "II" with the second "I" green, in a CTFont of 204.8 pt; "I" advances 60.4 pt.
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 204.8, nil)
    let s = NSMutableAttributedString(string: "II", attributes: [.font: font, .foregroundColor: red])
    s.addAttribute(.foregroundColor, value: green, range: NSRange(location: 1, length: 1))
    let attributed = TextFixture.layer(s, width: 200, height: 250)
    let b = Golden.render(TextFixture.root(attributed, width: 200, height: 250), width: 200, height: 250)
    Golden.expectPixel(b, 30, 100, 0xFFFF_0000, "first I red")
    Golden.expectPixel(b, 90, 100, 0xFF00_FF00, "second I green (60.4 + 29.6)")
}

@Test(.manualClock) func textLayersMatchTheirGolden() {
    let root = TextGoldenScene.make()
    let image = Golden.render(root, width: 480, height: 360)
    Golden.check(image, named: "text-layers")
}

/// The golden's scene: plain, wrapped, aligned, truncated and attributed text, and a text layer
/// turned in perspective.
enum TextGoldenScene {
    static func make() -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 480, height: 360)
        root.anchorPoint = .zero
        root.position = .zero
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        func add(_ t: CATextLayer, _ frame: CGRect) {
            t.frame = frame
            t.backgroundColor = CGColor(red: 0.2, green: 0.25, blue: 0.35, alpha: 1)
            root.addSublayer(t)
        }
        let big = CATextLayer()
        big.string = "Strata"
        add(big, CGRect(x: 10, y: 10, width: 150, height: 44))
        let wrapped = CATextLayer()
        wrapped.string = "Core Animation on Linux, drawn from glyph outlines through the path rasteriser."
        wrapped.fontSize = 14
        wrapped.isWrapped = true
        wrapped.alignmentMode = .justified
        add(wrapped, CGRect(x: 170, y: 10, width: 300, height: 60))
        for (i, mode) in [CATextLayerAlignmentMode.left, .center, .right].enumerated() {
            let t = CATextLayer()
            t.string = "\(mode.rawValue)"
            t.fontSize = 16
            t.alignmentMode = mode
            t.foregroundColor = CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1)
            add(t, CGRect(x: 10, y: 64 + CGFloat(i) * 26, width: 150, height: 22))
        }
        for (i, mode) in [CATextLayerTruncationMode.start, .middle, .end].enumerated() {
            let t = CATextLayer()
            t.string = "truncated \(mode.rawValue): the quick brown fox jumps over the lazy dog"
            t.fontSize = 14
            t.truncationMode = mode
            add(t, CGRect(x: 170, y: 80 + CGFloat(i) * 24, width: 300, height: 20))
        }
        let s = NSMutableAttributedString(string: "Attributed ", attributes: [
            .font: CTFontCreateWithName("DejaVu Sans Bold" as CFString, 22, nil),
            .foregroundColor: CGColor(red: 1, green: 0.4, blue: 0.4, alpha: 1)])
        s.append(NSAttributedString(string: "mono", attributes: [
            .font: CTFontCreateWithName("DejaVu Sans Mono" as CFString, 18, nil),
            .foregroundColor: CGColor(red: 0.5, green: 1, blue: 0.6, alpha: 1)]))
        let attributed = CATextLayer()
        attributed.string = s
        add(attributed, CGRect(x: 10, y: 150, width: 300, height: 32))
        let turned = CATextLayer()
        turned.string = "3D text"
        turned.fontSize = 48
        turned.alignmentMode = .center
        var m = CATransform3DIdentity
        m.m34 = -1 / 400
        turned.transform = CATransform3DRotate(m, .pi / 4, 0, 1, 0)
        add(turned, CGRect(x: 120, y: 210, width: 240, height: 120))
        return root
    }
}
