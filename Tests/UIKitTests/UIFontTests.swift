import Testing
import UIKit

@Test func systemFontIsDejaVuSansWithItsMetrics() {
    let f = UIFont.systemFont(ofSize: 20)
    #expect(f.pointSize == 20)
    #expect(f.familyName == "DejaVu Sans")
    #expect(f.fontName == "DejaVuSans")
    // DejaVu Sans: 2048 units per em, hhea ascender 1901, descender −483, line gap 0 (so
    // FreeType's height 2384 = 1901 + 483).
    #expect(abs(f.ascender - 1901.0 * 20 / 2048) < 1e-9)
    #expect(abs(f.descender + 483.0 * 20 / 2048) < 1e-9)
    #expect(abs(f.lineHeight - (f.ascender - f.descender + f.leading)) < 1e-9)
    // 'H' is 1493 units tall, 'x' 1120 (DejaVu Sans's cap and x heights).
    #expect(abs(f.capHeight - 1493.0 * 20 / 2048) < 1e-9)
    #expect(abs(f.xHeight - 1120.0 * 20 / 2048) < 1e-9)
    #expect(f.withSize(10).pointSize == 10)
    #expect(f.withSize(10).fontName == "DejaVuSans")
    #expect(abs(f.withSize(10).ascender * 2 - f.ascender) < 1e-9)
}

@Test func weightsPickTheClosestInstalledFace() {
    #expect(UIFont.boldSystemFont(ofSize: 12).fontName == "DejaVuSans-Bold")
    #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == "DejaVuSans-Bold")
    #expect(UIFont.systemFont(ofSize: 12, weight: .heavy).fontName == "DejaVuSans-Bold")
    #expect(UIFont.systemFont(ofSize: 12, weight: .medium).fontName == "DejaVuSans")
    #expect(UIFont.systemFont(ofSize: 12, weight: .light).fontName == "DejaVuSans-ExtraLight")
    #expect(UIFont.systemFont(ofSize: 12, weight: .thin).fontName == "DejaVuSans-ExtraLight")
    #expect(UIFont.italicSystemFont(ofSize: 12).fontName == "DejaVuSans-Oblique")
    #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontName == "DejaVuSansMono")
    #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .bold).fontName == "DejaVuSansMono-Bold")
    #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
    #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == "DejaVuSans-Bold")
}

@Test func namesInstalledFontsHaveResolveThroughFontconfig() throws {
    let byFamily = try #require(UIFont(name: "DejaVu Serif", size: 14))
    #expect(byFamily.fontName == "DejaVuSerif")
    let byPostScript = try #require(UIFont(name: "DejaVuSans-Bold", size: 14))
    #expect(byPostScript.fontName == "DejaVuSans-Bold")
    // A font's own name gives it back.
    #expect(UIFont(name: byPostScript.fontName, size: 14) == byPostScript)
}

@Test func appleFontNamesCodeHardCodesResolveToTheClosestFace() {
    let cases: [(String, String)] = [
        ("HelveticaNeue", "DejaVuSans"), ("HelveticaNeue-Thin", "DejaVuSans-ExtraLight"),
        ("HelveticaNeue-Light", "DejaVuSans-ExtraLight"), ("HelveticaNeue-UltraLight", "DejaVuSans-ExtraLight"),
        ("HelveticaNeue-Medium", "DejaVuSans"), ("HelveticaNeue-Bold", "DejaVuSans-Bold"),
        ("HelveticaNeue-BoldItalic", "DejaVuSans-BoldOblique"), ("Helvetica Neue", "DejaVuSans"),
        ("Helvetica", "DejaVuSans"), ("Avenir-Heavy", "DejaVuSans-Bold"), ("Avenir-Book", "DejaVuSans"),
        ("AvenirNext-DemiBold", "DejaVuSans-Bold"), ("Avenir Next", "DejaVuSans"), ("Menlo", "DejaVuSansMono"),
        ("Menlo-Regular", "DejaVuSansMono"), ("Menlo-Bold", "DejaVuSansMono-Bold"),
        ("Courier-BoldOblique", "DejaVuSansMono-BoldOblique"), ("Georgia-Italic", "DejaVuSerif-Italic"),
        ("TimesNewRomanPS-BoldMT", "DejaVuSerif-Bold"), ("Arial-BoldMT", "DejaVuSans-Bold"),
    ]
    for (name, face) in cases {
        let font = UIFont(name: name, size: 16)
        #expect(font?.fontName == face, "\(name)")
        #expect(font?.pointSize == 16)
    }
}

@Test func unknownNamesGiveNilAsOnIOS() {
    #expect(UIFont(name: "NoSuchFontAnywhere", size: 12) == nil)
    #expect(UIFont(name: "", size: 12) == nil)
    #expect(UIFont(name: "Zzz-Bold", size: 12) == nil)
    #expect(UIFont(name: String(repeating: "x", count: 100_000), size: 12) == nil)
    #expect(UIFont(name: "Helvetica\u{0}Neue", size: 12) == nil)
}

@Test func unusableSizesBecomeTwelve() {
    var sizes: [CGFloat] = []
    let messages = StrataDiagnostics.capture {
        sizes = [UIFont.systemFont(ofSize: .nan), UIFont.systemFont(ofSize: -3), UIFont.systemFont(ofSize: .infinity),
                 UIFont(name: "Menlo", size: .nan)!, UIFont.systemFont(ofSize: 0)].map(\.pointSize)
    }
    #expect(sizes == [12, 12, 12, 12, 12])
    // One message per unusable size; "Menlo is not installed" is said once per process, here
    // only when this test is the first to ask for Menlo (it failed when run alone).
    #expect(messages.filter { $0.contains("not a positive finite size") }.count == 4, "\(messages)")
    #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(.nan)).fontName == "DejaVuSans")
}

@Test func fontsAreEqualByFaceAndSize() {
    #expect(UIFont.systemFont(ofSize: 12) == UIFont.systemFont(ofSize: 12))
    #expect(UIFont.systemFont(ofSize: 12) != UIFont.systemFont(ofSize: 13))
    #expect(UIFont.systemFont(ofSize: 12) != UIFont.boldSystemFont(ofSize: 12))
    #expect(Set([UIFont.systemFont(ofSize: 12), UIFont.systemFont(ofSize: 12)]).count == 1)
}
