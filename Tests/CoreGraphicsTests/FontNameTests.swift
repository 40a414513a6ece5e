import Foundation
import Testing
@testable import CoreGraphics

// Issue #21: `CATextLayer.font = "Helvetica-Bold"` drew in DejaVu Sans *regular*. Apple's names
// now map to the DejaVu family of their kind, keeping weight and slant.
// (Needs fonts-dejavu-core and fonts-dejavu-extra: scripts/install-deps.)

@Test func appleNamesParseIntoFamilyWeightAndSlant() {
    typealias W = FontNameRequest.Weight
    let cases: [(String, String, Int32, Bool, String?)] = [
        ("Helvetica", "Helvetica", W.regular, false, "DejaVu Sans"),
        ("Helvetica-Bold", "Helvetica", W.bold, false, "DejaVu Sans"),
        ("Helvetica-BoldOblique", "Helvetica", W.bold, true, "DejaVu Sans"),
        ("HelveticaNeue-Thin", "HelveticaNeue", W.thin, false, "DejaVu Sans"),
        ("HelveticaNeue-UltraLightItalic", "HelveticaNeue", W.ultraLight, true, "DejaVu Sans"),
        ("HelveticaNeue-Medium", "HelveticaNeue", W.medium, false, "DejaVu Sans"),
        ("Helvetica Neue Bold", "Helvetica Neue", W.bold, false, "DejaVu Sans"),
        ("Arial-BoldItalicMT", "Arial", W.bold, true, "DejaVu Sans"),
        ("ArialMT", "ArialMT", W.regular, false, "DejaVu Sans"),
        ("SFProText-Semibold", "SFProText", W.semibold, false, "DejaVu Sans"),
        (".SFUI-Regular", "SFUI", W.regular, false, "DejaVu Sans"),
        (".SFUIText-Light", "SFUIText", W.light, false, "DejaVu Sans"),
        (".AppleSystemUIFont", "AppleSystemUIFont", W.regular, false, "DejaVu Sans"),
        ("Avenir-Heavy", "Avenir", W.heavy, false, "DejaVu Sans"),
        ("AvenirNext-DemiBold", "AvenirNext", W.semibold, false, "DejaVu Sans"),
        ("Avenir-Black", "Avenir", W.black, false, "DejaVu Sans"),
        ("Menlo", "Menlo", W.regular, false, "DejaVu Sans Mono"),
        ("Menlo-Italic", "Menlo", W.regular, true, "DejaVu Sans Mono"),
        ("Courier-BoldOblique", "Courier", W.bold, true, "DejaVu Sans Mono"),
        ("Times", "Times", W.regular, false, "DejaVu Serif"),
        ("Times-Roman", "Times", W.regular, false, "DejaVu Serif"),
        ("Times New Roman", "Times New Roman", W.regular, false, "DejaVu Serif"),
        ("TimesNewRomanPS-BoldItalicMT", "TimesNewRomanPS", W.bold, true, "DejaVu Serif"),
        ("Roboto-Bold", "Roboto", W.bold, false, nil),
        ("", "", W.regular, false, nil),
        ("-", "-", W.regular, false, nil),
        ("...", "", W.regular, false, nil),
    ]
    for (name, family, weight, italic, standIn) in cases {
        let r = FontNameRequest(name)
        #expect(r == FontNameRequest(family: family, weight: weight, italic: italic, standIn: standIn), "\(name)")
    }
}

@Test func appleNamesResolveToTheClosestInstalledFace() {
    let cases: [(String, String)] = [
        ("Helvetica", "DejaVuSans"),
        ("Helvetica-Bold", "DejaVuSans-Bold"),
        ("Helvetica-Oblique", "DejaVuSans-Oblique"),
        ("Helvetica-BoldOblique", "DejaVuSans-BoldOblique"),
        ("Arial", "DejaVuSans"),
        ("Arial-BoldMT", "DejaVuSans-Bold"),
        ("HelveticaNeue", "DejaVuSans"),
        ("HelveticaNeue-Thin", "DejaVuSans-ExtraLight"),
        ("HelveticaNeue-Medium", "DejaVuSans"),
        ("HelveticaNeue-Bold", "DejaVuSans-Bold"),
        ("SFProText-Semibold", "DejaVuSans-Bold"),
        (".SFUI-Regular", "DejaVuSans"),
        ("Avenir-Heavy", "DejaVuSans-Bold"),
        ("Menlo", "DejaVuSansMono"),
        ("Menlo-Bold", "DejaVuSansMono-Bold"),
        ("Courier", "DejaVuSansMono"),
        ("Courier-Oblique", "DejaVuSansMono-Oblique"),
        ("Times", "DejaVuSerif"),
        ("Times-Bold", "DejaVuSerif-Bold"),
        ("Times-Italic", "DejaVuSerif-Italic"),
    ]
    for (name, postScript) in cases {
        let face = FontLibrary.shared.face(named: name)
        #expect(face?.postScriptName == postScript, "\(name) → \(face?.postScriptName ?? "nil")")
    }
    #expect(FontLibrary.shared.face(named: "Helvetica-Bold")?.familyName == "DejaVu Sans")
    // Installed names are found as before.
    #expect(FontLibrary.shared.face(named: "DejaVu Serif")?.postScriptName == "DejaVuSerif")
    #expect(FontLibrary.shared.face(named: "DejaVuSans-Bold")?.postScriptName == "DejaVuSans-Bold")
}

@Test func aSubstituteIsReportedOncePerName() {
    // Fontconfig ranks slant above weight: a light oblique is drawn in the regular oblique
    // (DejaVu has no light oblique).
    let name = "Helvetica-LightOblique"
    let messages = StrataDiagnostics.capture {
        _ = TextSource.face(named: name, context: "test")
        _ = TextSource.face(named: name, context: "test")
        _ = FontLibrary.shared.face(named: name)
    }
    #expect(messages == ["font \"Helvetica-LightOblique\" is not installed; drawing in DejaVu Sans Oblique (DejaVuSans-Oblique)"]
            || messages.isEmpty,   // another test may have asked for it first (the cache is shared)
            "\(messages) \(FontLibrary.shared.face(named: name)?.postScriptName ?? "nil")")
    // Unknown families keep the weight they ask for, through fontconfig's substitute.
    #expect(TextSource.face(named: "NoSuchFamilyAnywhere-Bold", context: "test")?.postScriptName == "DejaVuSans-Bold")
    #expect(CGFont("NoSuchFamilyAnywhere-Bold" as CFString) == nil)   // as on Apple
    #expect(CGFont("Helvetica-Bold" as CFString) != nil)
}
