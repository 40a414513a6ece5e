import Foundation
import Testing
@testable import QuartzCore

// Wrapping, truncation and alignment, measured exactly from DejaVu Sans's advances (see
// TextFixture: at 20.48 pt, "0" is 13.03 pt, " " 6.51 pt, "…" 20.48 pt).

@Test(.manualClock) func unwrappedTextIsOneLinePerParagraphStartingOneAscentDown() throws {
    let l = try #require(TextFixture.layout(TextFixture.layer("00 0\n\r\n0")))
    #expect(TextFixture.xs(l) == [[0, 13.03, 26.06, 32.57], [], [0]])
    // Baselines: ascent; then descent + gap + ascent per line (an empty line has the font's height).
    let step = TextFixture.descent + TextFixture.ascent
    #expect(abs(l.lines[0].baseline - 19.01) < 1e-9)
    #expect(abs(l.lines[1].baseline - (19.01 + step)) < 1e-9)
    #expect(abs(l.lines[2].baseline - (19.01 + 2 * step)) < 1e-9)
    #expect(abs(l.lines[0].width - 45.6) < 1e-9)
}

@Test(.manualClock) func wrappingBreaksAfterSpacesAndInsideWordsWiderThanTheLine() throws {
    // "00 00 " is 58.63 pt (its trailing space hangs); the third "00" would end at 84.69 > 60.
    let words = try #require(TextFixture.layout(TextFixture.layer("00 00 00", width: 60) { $0.isWrapped = true }))
    #expect(TextFixture.xs(words) == [[0, 13.03, 26.06, 32.57, 45.6, 58.63], [0, 13.03]])
    #expect(abs(words.lines[0].width - 58.63) < 1e-9)
    #expect(abs(words.lines[1].baseline - (19.01 + 4.83 + 19.01)) < 1e-9)
    // One word of 7 × 13.03 pt in 30 pt: two zeros (26.06) per line.
    let long = try #require(TextFixture.layout(TextFixture.layer("0000000", width: 30) { $0.isWrapped = true }))
    #expect(long.lines.map(\.glyphs.count) == [2, 2, 2, 1])
    // Not wrapped: one line, whatever the width.
    let unwrapped = try #require(TextFixture.layout(TextFixture.layer("00 00 00", width: 60)))
    #expect(unwrapped.lines.count == 1)
}

@Test(.manualClock) func alignmentPlacesLinesInTheBoundsWidth() throws {
    func firstX(_ mode: CATextLayerAlignmentMode) throws -> Double {
        let l = try #require(TextFixture.layout(TextFixture.layer("00", width: 100) { $0.alignmentMode = mode }))
        return (l.lines[0].glyphs[0].x * 1e6).rounded() / 1e6
    }
    #expect(try firstX(.natural) == 0)
    #expect(try firstX(.left) == 0)
    #expect(try firstX(.right) == 73.94)       // 100 − 26.06
    #expect(try firstX(.center) == 36.97)      // (100 − 26.06) / 2
    #expect(try firstX(.justified) == 0)       // one unwrapped line: nothing to justify
    // Justified, wrapped: the first line's inner space takes the 1.37 pt left over; the
    // paragraph's last line stays left-aligned.
    let j = try #require(TextFixture.layout(TextFixture.layer("00 00 00", width: 60) {
        $0.isWrapped = true; $0.alignmentMode = .justified
    }))
    #expect(TextFixture.xs(j) == [[0, 13.03, 26.06, 33.94, 46.97, 60], [0, 13.03]])
}

@Test(.manualClock) func truncationPutsAnEllipsisAtTheStartMiddleOrEnd() throws {
    // "00000000" is 104.24 pt in 60 pt: 60 − 20.48 (the ellipsis) leaves 39.52 pt of zeros.
    let ellipsisGlyph = FontLibrary.shared.defaultFace!.glyph(for: "\u{2026}")
    let zeroGlyph = FontLibrary.shared.defaultFace!.glyph(for: "0")
    func run(_ mode: CATextLayerTruncationMode) throws -> TextLayout.Line {
        try #require(TextFixture.layout(TextFixture.layer("00000000", width: 60) { $0.truncationMode = mode })).lines[0]
    }
    let end = try run(.end)
    #expect(end.glyphs.map(\.id) == [zeroGlyph, zeroGlyph, zeroGlyph, ellipsisGlyph])
    #expect(abs(end.glyphs[3].x - 39.09) < 1e-9)
    let start = try run(.start)
    #expect(start.glyphs.map(\.id) == [ellipsisGlyph, zeroGlyph, zeroGlyph, zeroGlyph])
    #expect(abs(start.glyphs[1].x - 20.48) < 1e-9)
    // Middle: the head takes zeros up to half of 39.52 (one), the tail the rest (two).
    let middle = try run(.middle)
    #expect(middle.glyphs.map(\.id) == [zeroGlyph, ellipsisGlyph, zeroGlyph, zeroGlyph])
    #expect(middle.glyphs.map { ($0.x * 1e6).rounded() / 1e6 } == [0, 13.03, 33.51, 46.54])
    let none = try run(.none)
    #expect(none.glyphs.count == 8)
    // A line that fits is left alone.
    let fits = try #require(TextFixture.layout(TextFixture.layer("000", width: 60) { $0.truncationMode = .end }))
    #expect(fits.lines[0].glyphs.count == 3)
}

@Test(.manualClock) func wrappedTextTallerThanTheBoundsEndsInAnEllipsisOnItsLastVisibleLine() throws {
    // Two lines need 47.68 pt; 30 pt holds one, which takes the rest of the paragraph, cut to
    // "00" + "…" (39.52 pt available: "00 " then the next "0" would not fit).
    let l = try #require(TextFixture.layout(TextFixture.layer("00 00 00 00", width: 60, height: 30) {
        $0.isWrapped = true; $0.truncationMode = .end
    }))
    #expect(l.lines.count == 1)
    #expect(TextFixture.xs(l) == [[0, 13.03, 26.06]])
    #expect(l.lines[0].glyphs[2].id == FontLibrary.shared.defaultFace!.glyph(for: "\u{2026}"))
}

@Test(.manualClock) func coreTextMeasuresAsTheLayerLaysOut() {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20.48, nil)
    #expect(CTFontGetSize(font) == 20.48)
    #expect(abs(CTFontGetAscent(font) - 19.01) < 1e-9)
    #expect(abs(CTFontGetDescent(font) - 4.83) < 1e-9)
    #expect(CTFontGetLeading(font) == 0)
    let line = CTLineCreateWithAttributedString(NSAttributedString(string: "00 0", attributes: [.font: font]))
    var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
    let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
    #expect(abs(width - 45.6) < 1e-9)     // 3 × 13.03 + 6.51
    #expect(abs(ascent - 19.01) < 1e-9 && abs(descent - 4.83) < 1e-9 && leading == 0)
    // A trailing space counts in Core Text's typographic width.
    let spaced = CTLineCreateWithAttributedString(NSAttributedString(string: "0 ", attributes: [.font: font]))
    #expect(abs(CTLineGetTypographicBounds(spaced, nil, nil, nil) - 19.54) < 1e-9)
    // Pair kerning from the font's 'kern' table: "To" is narrower than "T" + "o".
    let to = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(NSAttributedString(string: "To", attributes: [.font: font])), nil, nil, nil)
    #expect(to < 12.51 + 12.53 - 0.5)
}

@Test(.manualClock) func cgFontFindsInstalledFontsByNameOnly() throws {
    let font = try #require(CGFont("DejaVu Sans"))
    #expect(font.unitsPerEm == 2048)
    #expect(font.ascent == 1901)
    #expect(font.descent == -483)
    #expect(font.leading == 0)
    #expect(font.postScriptName.map(String.init) == "DejaVuSans")
    #expect(CGFont("DejaVuSans-Bold" as CFString)?.fullName.map(String.init) == "DejaVu Sans Bold")
    #expect(CGFont("No Such Font Anywhere") == nil)
}
