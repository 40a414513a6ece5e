import Foundation

/// Turns what `CATextLayer` and Core Text are given (a string or an attributed string, a font
/// given as a name, `CGFont` or `CTFont`) into styled runs for `TextLayout`.
package enum TextSource {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reportedNames = Set<String>()

    /// The font named `name`, or the default font with a message (once per name) when no
    /// installed font has that name.
    package static func face(named name: String, context: String) -> FontFace? {
        if let face = FontLibrary.shared.face(named: name) { return face }
        let fallback = FontLibrary.shared.defaultFace
        lock.lock()
        if reportedNames.count >= 256 { reportedNames.removeAll() }
        let first = reportedNames.insert(name).inserted
        lock.unlock()
        if first {
            let shown = name.count > 80 ? String(name.prefix(80)) + "…" : name
            StrataDiagnostics.report("\(context): no installed font is named \"\(shown)\"; drawing in \(fallback?.familyName ?? "no font")")
        }
        return fallback
    }

    /// The face of a font value (nil: the default font) and the size it carries (a `CTFont`'s).
    package static func resolve(font: Any?, context: String) -> (face: FontFace?, size: Double?) {
        switch font {
        case nil: return (FontLibrary.shared.defaultFace, nil)
        case let f as CTFont: return (f.face, Double(f.size))
        case let f as CTFontConvertible: return (f.strataCTFont.face, Double(f.strataCTFont.size))
        case let f as CGFont: return (f.face, nil)
        case let name as String: return (face(named: name, context: context), nil)
        case let name as NSString: return (face(named: String(name), context: context), nil)
        default:
            StrataDiagnostics.report("\(context): \(type(of: font!)) is not a font (a name, CGFont or CTFont); drawing in the default font")
            return (FontLibrary.shared.defaultFace, nil)
        }
    }

    /// One run of `string` in one style.
    package static func plainRuns(_ string: String, face: FontFace, size: Double, color: CGColor?)
        -> (runs: [TextRun], styles: [TextStyle]) {
        let scalars = Array(string.unicodeScalars.prefix(TextLayout.maximumScalars))
        return ([TextRun(scalars: scalars, style: 0)], [TextStyle(face: face, size: size, color: color)])
    }

    /// The runs of an attributed string: fonts from "NSFont" (`CTFont`, `CGFont` at
    /// `defaultSize`, a name, or UIKit's `UIFont`), colours from "CTForegroundColor" or
    /// "NSColor" (`CGColor` or UIKit's `UIColor`).
    /// UTF-16 that does not decode (a lone surrogate) draws as U+FFFD.
    package static func attributedRuns(_ s: NSAttributedString, defaultSize: Double, defaultColor: CGColor?)
        -> (runs: [TextRun], styles: [TextStyle]) {
        let units = Array(s.string.utf16)
        let length = min(units.count, s.length, TextLayout.maximumScalars * 2)
        var runs: [TextRun] = []
        var styles: [TextStyle] = []
        var styleIndex: [String: Int] = [:]
        guard length > 0 else { return (runs, styles) }
        let colorKeys = [NSAttributedString.Key(String(kCTForegroundColorAttributeName)), NSAttributedString.Key("NSColor")]
        s.enumerateAttributes(in: NSRange(location: 0, length: length)) { attributes, range, _ in
            let (face, carried) = resolve(font: attributes[NSAttributedString.Key("NSFont")], context: "NSAttributedString font")
            guard let face else { return }
            var size = carried ?? defaultSize
            if !(size.isFinite && size >= 0) { size = 0 }
            var color = defaultColor
            for key in colorKeys {
                if let c = attributes[key] { color = c as? CGColor ?? (c as? CGColorConvertible)?.strataCGColor ?? color; break }
            }
            let colorID = color.map { "\(ObjectIdentifier($0).hashValue)" } ?? "nil"
            let key = "\(ObjectIdentifier(face).hashValue)|\(size)|\(colorID)"
            let index: Int
            if let i = styleIndex[key] { index = i } else {
                index = styles.count
                styles.append(TextStyle(face: face, size: size, color: color))
                styleIndex[key] = index
            }
            let lo = max(0, min(range.location, length)), hi = max(lo, min(range.location + range.length, length))
            let text = String(decoding: units[lo..<hi], as: UTF16.self)
            runs.append(TextRun(scalars: Array(text.unicodeScalars), style: index))
        }
        return (runs, styles)
    }
}

/// A font object of a module above (UIKit's `UIFont`, toll-free bridged to `CTFont` on Apple)
/// that text layout takes wherever it takes a `CTFont`.
package protocol CTFontConvertible: AnyObject {
    var strataCTFont: CTFont { get }
}

/// A colour object of a module above (UIKit's `UIColor`) that text layout takes wherever it
/// takes a `CGColor`.
package protocol CGColorConvertible: AnyObject {
    var strataCGColor: CGColor { get }
}
