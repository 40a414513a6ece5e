import Foundation
import Testing
@testable import QuartzCore

@Test(.manualClock) func aMegabyteStringIsLaidOutOnlyUpToTheLimit() throws {
    let huge = String(repeating: "lorem ipsum dolor ", count: 58_255)      // 1,048,590 bytes
    var layout: TextLayout?
    let messages = StrataDiagnostics.capture {
        layout = TextFixture.layout(TextFixture.layer(huge, width: 300, height: 200) { $0.isWrapped = true })
    }
    let l = try #require(layout)
    #expect(l.lines.reduce(0) { $0 + $1.glyphs.count } == TextLayout.maximumScalars)
    #expect(messages.contains { $0.contains("only the first 20000 characters") })
    // Drawing it is bounded too: only the lines inside the bounds are built.
    let image = Golden.render(TextFixture.root(TextFixture.layer(huge, width: 300, height: 200) { $0.isWrapped = true },
                                               width: 300, height: 200), width: 300, height: 200)
    #expect(TextFixture.inkBox(image) != nil)
}

@Test(.manualClock) func undecodableTextInAnAttributedStringDrawsReplacementCharacters() throws {
    // Lone surrogates (UTF-16 that is no text), and UTF-8 that does not decode.
    let units: [UInt16] = [0x48, 0xD800, 0x69, 0xDFFF, 0x21]
    let s = NSAttributedString(string: String(NSString(characters: units, length: units.count)))
    let l = try #require(TextFixture.layout(TextFixture.layer(s)))
    let face = FontLibrary.shared.defaultFace!
    let replacement = face.glyph(for: "\u{FFFD}")
    #expect(replacement != 0)
    #expect(l.lines[0].glyphs.map(\.id) == [face.glyph(for: "H"), replacement, face.glyph(for: "i"), replacement, face.glyph(for: "!")])
    let bytes = String(decoding: [0x66, 0xFF, 0xC3, 0x28], as: UTF8.self)
    let u = try #require(TextFixture.layout(TextFixture.layer(NSAttributedString(string: bytes))))
    #expect(u.lines[0].glyphs.map(\.id) == [face.glyph(for: "f"), replacement, replacement, face.glyph(for: "(")])
}

@Test(.manualClock) func aMissingFontNameFallsBackToTheDefaultWithAMessage() throws {
    var layout: TextLayout?
    let messages = StrataDiagnostics.capture {
        layout = TextFixture.layout(TextFixture.layer("x") { $0.font = "NoSuchFont Text Test" as CFString })
    }
    #expect(messages == ["CATextLayer.font: no installed font is named \"NoSuchFont Text Test\"; drawing in DejaVu Sans"])
    #expect(try #require(layout).styles[0].face.familyName == "DejaVu Sans")
    // In an attributed string too (and in CTFontCreateWithName).
    let a = NSAttributedString(string: "x", attributes: [.font: "NoSuchFont Attributed Test"])
    let more = StrataDiagnostics.capture { _ = TextFixture.layout(TextFixture.layer(a)) }
    #expect(more.count == 1 && more[0].contains("NoSuchFont Attributed Test"))
}

@Test(.manualClock) func zeroNegativeHugeAndNaNSizesAreClear() {
    // 0 pt and negative sizes draw nothing.
    for size: CGFloat in [0, -5] {
        let t = TextFixture.layer("I", width: 100, height: 100, size: size)
        #expect(TextFixture.layout(t) == nil)
        let image = Golden.render(TextFixture.root(t, width: 100, height: 100), width: 100, height: 100)
        #expect(TextFixture.inkBox(image) == nil)
    }
    // 10,000 pt: drawn like any size. "W" spans x 68…1958 units (332…9561 pt) and y from its
    // cap top 1493 units above the baseline (1992 pt from the layer's top); a 10,000 pt layer
    // moved by (−200, −1900) shows its top-left corner from device (132, 92).
    let w = TextFixture.layer("W", width: 10_000, height: 10_000, size: 10_000) { $0.position = CGPoint(x: -200, y: -1900) }
    let image = Golden.render(TextFixture.root(w, width: 400, height: 400), width: 400, height: 400)
    #expect(TextFixture.inkBox(image).map { [$0.0, $0.1] } == [132, 92])
    // Above 100,000 pt: nothing, with a message.
    let messages = StrataDiagnostics.capture {
        #expect(TextFixture.layout(TextFixture.layer("I", size: 1e300)) == nil)
    }
    #expect(messages.contains { $0.contains("sizes above 100000 pt draw nothing") })
    // NaN is refused by the setter; through an animation it draws nothing.
    let t = TextFixture.layer("I")
    let refused = StrataDiagnostics.capture { t.fontSize = .nan }
    #expect(refused.count == 1 && t.fontSize == TextFixture.size)
    var s = t.state
    s.text!.fontSize = .nan
    #expect(TextLayoutCache.shared.layout(for: s) == nil)
}

@Test(.manualClock) func wrongValueTypesAreRefused() {
    let t = TextFixture.layer("kept")
    let messages = StrataDiagnostics.capture {
        t.string = 42
        t.setValue(CGColor.white, forKey: "string")
        t.setValue("yes", forKey: "wrapped")
    }
    #expect(messages.count == 3)
    #expect(t.string as? String == "kept" && !t.isWrapped)
}
