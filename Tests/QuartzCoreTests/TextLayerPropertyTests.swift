import Foundation
import Testing
@testable import QuartzCore

@Test(.manualClock) func textLayerPropertiesHaveApplesDefaultsAndKeys() {
    let t = CATextLayer()
    #expect(t.string == nil)
    #expect((t.font as? NSString).map(String.init) == "DejaVu Sans")
    #expect(t.fontSize == 36)
    #expect(t.foregroundColor == CGColor.white)   // opaque white (grey 1, alpha 1)
    #expect(t.isWrapped == false)
    #expect(t.truncationMode == .none)
    #expect(t.alignmentMode == .natural)
    #expect(t.allowsFontSubpixelQuantization == false)
    // KVC by Apple's keys ("wrapped" is the Objective-C property's name).
    t.setValue(true, forKey: "wrapped")
    t.setValue("center", forKey: "alignmentMode")
    t.setValue("middle", forKey: "truncationMode")
    t.setValue(24, forKey: "fontSize")
    t.setValue("hello", forKey: "string")
    #expect(t.isWrapped && t.alignmentMode == .center && t.truncationMode == .middle && t.fontSize == 24)
    #expect(t.value(forKey: "string") as? String == "hello")
    #expect(t.value(forKey: "wrapped") as? Bool == true)
    #expect(t.value(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .center)
    #expect(t.value(forKey: "truncationMode") as? String == "middle")     // bridged as Apple's NSString names
    // Copies (presentation copies go through init(layer:)) keep every text property.
    let copy = CATextLayer(layer: t)
    #expect(copy.string as? String == "hello" && copy.fontSize == 24 && copy.isWrapped && copy.truncationMode == .middle)
}

@Test(.manualClock) func anAttributedStringIsCopiedWhenSet() {
    let t = CATextLayer()
    let s = NSMutableAttributedString(string: "abc")
    t.string = s
    s.append(NSAttributedString(string: "def"))
    #expect((t.string as? NSAttributedString)?.string == "abc")
}

@Test(.manualClock) func fontsAreNamesCGFontsOrCTFonts() throws {
    let t = CATextLayer()
    t.font = "DejaVu Sans Mono" as CFString
    #expect(TextLayoutCache.shared.layout(for: { t.string = "x"; return t.state }())?.styles[0].face.familyName == "DejaVu Sans Mono")
    t.font = try #require(CGFont("DejaVu Sans Bold"))
    #expect(TextFixture.layout(t)?.styles[0].face.fullName == "DejaVu Sans Bold")
    #expect(TextFixture.layout(t)?.styles[0].size == 36)
    // A CTFont's own size wins over fontSize, as on Apple.
    t.font = CTFontCreateWithName("DejaVu Sans" as CFString, 11, nil)
    #expect(TextFixture.layout(t)?.styles[0].size == 11)
    // Not a font: refused, the old value kept.
    let messages = StrataDiagnostics.capture { t.font = NSNumber(value: 3) }
    #expect(messages.count == 1 && messages[0].contains("not a font name"))
    #expect(t.font is CTFont)
}

@Test(.manualClock) func glyphOriginsSnapToBackingPixelsWhenQuantizationIsAllowed() throws {
    // "0" is 13.03 pt: at contentsScale 2 the origins round to halves (13.0, 26.0, 39.0 … ).
    let t = TextFixture.layer("0000") { $0.allowsFontSubpixelQuantization = true; $0.contentsScale = 2 }
    let l = try #require(TextFixture.layout(t))
    #expect(l.lines[0].glyphs.map(\.x) == [0, 13, 26, 39])
    #expect(l.lines[0].baseline == 19)        // 19.01 to the nearest half point
    let exact = try #require(TextFixture.layout(TextFixture.layer("0000")))
    #expect(abs(exact.lines[0].glyphs[3].x - 39.09) < 1e-9)
}
