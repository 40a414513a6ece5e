import Foundation

/// Substitutes for the fonts every iOS device has and Linux usually lacks, so that code which
/// hard-codes `UIFont(name: "HelveticaNeue-Thin", size: 20)!` runs.
///
/// Only names that `CGFont(_:)` (fontconfig) does not resolve come here: a font installed under
/// that name is always used first. A name is "Family-Style" or "Family Style"; the family picks
/// the kind (sans, serif or monospaced DejaVu), the style words the weight (Thin 100 … Black 900)
/// and slant (Italic, Oblique); the installed face closest in weight is drawn (CSS's rule:
/// lighter first for weights up to 500, heavier first above). An unknown family gives nil.
enum AppleFontNames {
    enum Kind { case sans, serif, mono }

    /// iOS's families, without blanks, lowercased, by kind.
    static let families: [String: Kind] = {
        let sans = ["helveticaneue", "helvetica", "avenir", "avenirnext", "avenirnextcondensed", "arial", "arialmt",
                    "arialhebrew", "verdana", "futura", "gillsans", "optima", "trebuchetms", "sfui", ".sfui", "sfuitext",
                    "sfuidisplay", "sfprotext", "sfprodisplay", "sfpro", "sfcompact", "sanfrancisco", ".applesystemuifont",
                    "systemfont", "kailasa", "chalkboardse", "markerfelt", "noteworthy", "applesdgothicneo", "kefa",
                    "damascus", "euphemiaucas", "thonburi", "papyrus", "copperplate", "chalkduster", "arialroundedmtbold"]
        let serif = ["timesnewroman", "timesnewromanps", "times", "georgia", "palatino", "baskerville", "didot",
                     "cochin", "bodonisvtwentyfourrtc", "bodoni72", "hoeflertext", "charter", "americantypewriter",
                     "newyork", "iowanoldstyle", "superclarendon", "rockwell", "snellroundhand", "zapfino", "bradleyhand",
                     "savoyelet", "partylet", "baskervillesemibold"]
        let mono = ["menlo", "courier", "couriernew", "couriernewps", "sfmono", "sfmonoregular", "monaco"]
        var table: [String: Kind] = [:]
        for f in sans { table[f] = .sans }
        for f in serif { table[f] = .serif }
        for f in mono { table[f] = .mono }
        return table
    }()

    /// The DejaVu family Strata draws each kind in.
    static func family(_ kind: Kind) -> String {
        switch kind {
        case .sans: return "DejaVu Sans"
        case .serif: return "DejaVu Serif"
        case .mono: return "DejaVu Sans Mono"
        }
    }

    /// Style words and the weight class they mean (checked longest first).
    static let weightWords: [(String, Int)] = [
        ("ultralight", 200), ("extralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
        ("ultrabold", 800), ("thin", 100), ("light", 300), ("regular", 400), ("roman", 400), ("book", 400),
        ("medium", 500), ("bold", 700), ("heavy", 800), ("black", 900), ("condensedblack", 900),
    ].sorted { $0.0.count > $1.0.count }

    /// The face for an Apple font name Strata substitutes, or nil when the family is not one.
    static func substitute(for name: String) -> FontFace? {
        guard let (kind, weight, italic) = parse(name) else { return nil }
        return face(kind, weight: weight, italic: italic)
    }

    /// The kind, weight class and slant an Apple font name says; nil for an unknown family.
    static func parse(_ name: String) -> (Kind, Int, Bool)? {
        guard name.utf8.count <= 256, !name.utf8.contains(0) else { return nil }
        let lower = name.lowercased()
        var family = lower, style = ""
        if let dash = lower.firstIndex(of: "-") {
            family = String(lower[..<dash])
            style = String(lower[lower.index(after: dash)...])
        }
        family.removeAll { $0 == " " }
        if families[family] == nil {
            // "Helvetica Neue Bold", "Avenir Next Demi Bold": the longest known family the
            // blank-less name starts with; the rest is style.
            let squeezed = lower.filter { $0 != " " }
            guard let known = families.keys.filter({ squeezed.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return nil }
            family = known
            style = String(squeezed.dropFirst(known.count))
        }
        guard let kind = families[family] else { return nil }
        style.removeAll { $0 == " " }
        let italic = style.contains("italic") || style.contains("oblique")
        let weight = weightWords.first { style.contains($0.0) }?.1 ?? (family.hasSuffix("bold") ? 700 : 400)
        return (kind, weight, italic)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var resolved: [String: FontFace?] = [:]

    /// The installed face of `kind`'s family closest to `weight` (preferring `italic` faces when
    /// asked), else the family's regular face, else the default font.
    static func face(_ kind: Kind, weight: Int, italic: Bool) -> FontFace? {
        let key = "\(kind)|\(weight)|\(italic)"
        lock.lock()
        if let hit = resolved[key] { lock.unlock(); return hit }
        lock.unlock()
        let found = search(family(kind), weight: weight, italic: italic) ?? FontLibrary.shared.defaultFace
        lock.lock()
        resolved[key] = .some(found)
        lock.unlock()
        return found
    }

    /// Full names tried in order: each weight from the closest, italic first when asked.
    private static func search(_ family: String, weight: Int, italic: Bool) -> FontFace? {
        let names = [100: "Thin", 200: "ExtraLight", 300: "Light", 400: "", 500: "Medium", 600: "SemiBold",
                     700: "Bold", 800: "ExtraBold", 900: "Black"]
        let w = min(max((weight + 50) / 100 * 100, 100), 900)
        let lighter = stride(from: w - 100, through: 100, by: -100).map { $0 }
        let heavier = stride(from: w + 100, through: 900, by: 100).map { $0 }
        let order = [w] + (w <= 500 ? lighter + heavier : heavier + lighter)
        let slants = italic ? [family == "DejaVu Serif" ? "Italic" : "Oblique", ""] : [""]
        for slant in slants {
            for k in order {
                let words = [family, names[k] ?? "", slant].filter { !$0.isEmpty }
                if let face = CGFont(words.joined(separator: " "))?.face { return face }
            }
        }
        return nil
    }
}
