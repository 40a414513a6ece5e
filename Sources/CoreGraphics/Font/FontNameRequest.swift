/// A font name as Apple code writes it — a family ("Helvetica", "Times New Roman"), a PostScript
/// name ("Helvetica-Bold", "HelveticaNeue-ThinItalic", "Arial-BoldItalicMT", "SFProText-Semibold"),
/// or a system font name (".SFUI-Regular", ".AppleSystemUIFont") — split into the family asked for,
/// its weight and slant, and the installed family that stands in for it on Linux.
///
/// Apple's fonts are not installed on Linux; their names are mapped to the DejaVu family of the
/// same kind (Strata's default sans-serif, and its serif and monospaced siblings), and the weight
/// and slant are kept: `Helvetica-Bold` draws in DejaVu Sans Bold, `Menlo-Italic` in DejaVu Sans
/// Mono Oblique, `Times-Roman` in DejaVu Serif. Fontconfig then picks the installed face closest
/// to that weight and slant.
package struct FontNameRequest: Equatable, Sendable {
    /// The family part of the name, without the style suffix ("HelveticaNeue").
    package var family: String
    /// The weight, in fontconfig units (`FC_WEIGHT_*`: 0 thin … 80 regular … 200 bold … 210 black).
    package var weight: Int32
    /// Whether an italic or oblique style was asked for.
    package var italic: Bool
    /// The installed family to draw in: "DejaVu Sans", "DejaVu Serif" or "DejaVu Sans Mono"
    /// for Apple's families, nil for a family Strata does not know (fontconfig then decides).
    package var standIn: String?

    /// fontconfig's FC_WEIGHT values.
    package enum Weight {
        package static let thin: Int32 = 0, ultraLight: Int32 = 40, light: Int32 = 50, regular: Int32 = 80
        package static let medium: Int32 = 100, semibold: Int32 = 180, bold: Int32 = 200, heavy: Int32 = 205, black: Int32 = 210
    }

    /// Style words, longest first where one is the end of another ("SemiBold" before "Bold").
    private static let weightWords: [(String, Int32)] = [
        ("ultralight", Weight.ultraLight), ("extralight", Weight.ultraLight), ("hairline", Weight.thin),
        ("thin", Weight.thin), ("light", Weight.light),
        ("regular", Weight.regular), ("roman", Weight.regular), ("book", Weight.regular), ("normal", Weight.regular), ("plain", Weight.regular),
        ("medium", Weight.medium), ("semibold", Weight.semibold), ("demibold", Weight.semibold), ("demi", Weight.semibold),
        ("extrabold", Weight.heavy), ("ultrabold", Weight.heavy), ("heavy", Weight.heavy), ("bold", Weight.bold),
        ("black", Weight.black),
    ]
    private static let slantWords = ["italic", "oblique", "it"]

    /// Apple's families (lower case, without blanks) by the kind of DejaVu family that stands in.
    private static let sansFamilies: Set<String> = [
        "helvetica", "helveticaneue", "arial", "arialmt", "sfpro", "sfprotext", "sfprodisplay", "sfprorounded",
        "sfui", "sfuitext", "sfuidisplay", "sfcompact", "sfcompacttext", "sfcompactdisplay", "applesystemuifont",
        "system", "systemfont", "avenir", "avenirnext", "avenirnextcondensed", "lucidagrande", "verdana", "geneva",
        "tahoma", "trebuchetms", "gillsans", "futura", "optima", "segoeui", "sanfrancisco", "arialroundedmtbold",
    ]
    private static let serifFamilies: Set<String> = [
        "times", "timesnewroman", "timesnewromanps", "georgia", "palatino", "baskerville", "newyork", "charter",
        "hoeflertext", "didot", "americantypewriter", "cochin", "bodoni72", "iowanoldstyle", "serif",
    ]
    private static let monoFamilies: Set<String> = [
        "menlo", "monaco", "courier", "couriernew", "couriernewps", "sfmono", "sfmonoregular", "andalemono",
        "consolas", "monospace",
    ]

    package init(family: String, weight: Int32, italic: Bool, standIn: String?) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.standIn = standIn
    }

    /// Parses `name`. Never fails: a name with no style words is a regular family.
    package init(_ name: String) {
        var text = Substring(name)
        while text.first == "." { text = text.dropFirst() }     // ".SFUI-Regular", ".AppleSystemUIFont"
        var family = text, style = Substring("")
        if Self.kind(of: Self.key(text)) != nil {
            // A family name that ends in a style word ("Times New Roman").
        } else if let dash = text.lastIndex(of: "-") {
            family = text[..<dash]; style = text[text.index(after: dash)...]
        } else if let space = text.lastIndex(of: " "), Self.isStyle(text[text.index(after: space)...]) {
            family = text[..<space]; style = text[text.index(after: space)...]
        }
        (weight, italic) = Self.parseStyle(style)
        // A family written with its style and no dash ("HelveticaNeueBold", "ArialBoldMT").
        var key = Self.key(family)
        if style.isEmpty, Self.kind(of: key) == nil, let split = Self.splitTrailingStyle(key) {
            key = split.family
            (weight, italic) = Self.parseStyle(Substring(split.style))
        }
        self.family = String(family.isEmpty ? text : family)
        standIn = Self.kind(of: key)
    }

    /// The DejaVu family standing in for a family key, nil when unknown.
    private static func kind(of key: String) -> String? {
        var k = key
        for suffix in ["mt", "ps"] where k.hasSuffix(suffix) && k.count > suffix.count + 2 && !sansFamilies.contains(k) && !serifFamilies.contains(k) && !monoFamilies.contains(k) {
            k.removeLast(suffix.count)
        }
        if sansFamilies.contains(k) { return "DejaVu Sans" }
        if serifFamilies.contains(k) { return "DejaVu Serif" }
        if monoFamilies.contains(k) { return "DejaVu Sans Mono" }
        return nil
    }

    /// Lower case without blanks or underscores (fontconfig compares names so).
    private static func key(_ s: Substring) -> String {
        String(s.lowercased().filter { $0 != " " && $0 != "_" })
    }

    private static func isStyle(_ word: Substring) -> Bool {
        let w = key(word)
        return weightWords.contains { $0.0 == w } || slantWords.contains(w)
    }

    /// Weight and slant of a style suffix ("BoldItalic", "SemiboldOblique", "BoldItalicMT",
    /// "Regular", "Roman", "Light"); an unknown suffix is regular upright.
    private static func parseStyle(_ style: Substring) -> (Int32, Bool) {
        var s = key(style)
        if s.hasSuffix("mt") { s.removeLast(2) }
        var italic = false
        for word in slantWords where s.hasSuffix(word) && (word != "it" || s.count > 2 || s == "it") {
            italic = true
            s.removeLast(word.count)
            break
        }
        if s.isEmpty { return (Weight.regular, italic) }
        for (word, weight) in weightWords where s == word || s.hasSuffix(word) { return (weight, italic) }
        return (Weight.regular, italic)
    }

    /// A known family followed by style words with no separator, e.g. "helveticaneuebold".
    private static func splitTrailingStyle(_ key: String) -> (family: String, style: String)? {
        for family in sansFamilies.union(serifFamilies).union(monoFamilies) where key.hasPrefix(family) && key.count > family.count {
            let rest = String(key.dropFirst(family.count))
            if isStyle(Substring(rest)) || parseStyle(Substring(rest)) != (Weight.regular, false) { return (family, rest) }
        }
        return nil
    }
}
