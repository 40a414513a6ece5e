import Foundation
import QuartzCore

/// Hostile text for `CATextLayer`s in fuzzed scenes: a megabyte of text, undecodable UTF-16 in
/// an attributed string, fonts that do not exist or are not fonts, sizes of 0, 10,000 pt, 1e300
/// and NaN (NaN through an animation: the setter refuses it), control characters.
enum FuzzText {
    /// About a megabyte of words (laid out only up to `TextLayout`'s limit).
    static let megabyte = String(repeating: "lorem ipsum dolor ", count: 58_255)
    /// An attributed string whose UTF-16 holds lone surrogates, in two fonts and colours.
    static func undecodable() -> NSAttributedString {
        let units: [UInt16] = [0x48, 0xD800, 0x69, 0xDFFF, 0x20, 0xDBFF, 0xDC00, 0x21]
        let raw = NSString(characters: units, length: units.count)
        let s = NSMutableAttributedString(string: String(raw))
        s.addAttribute(.font, value: "NoSuchFont Strata Fuzz", range: NSRange(location: 0, length: 2))
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 1, length: 3))
        s.addAttribute(.foregroundColor, value: "not a colour", range: NSRange(location: 4, length: 2))
        return s
    }
}

extension Builder {
    mutating func configureText(_ t: CATextLayer) {
        switch int(0...6) {
        case 0: t.string = FuzzText.megabyte
        case 1: t.string = FuzzText.undecodable()
        case 2: t.string = "tab\there\r\nnew\u{2028}line\u{0}\u{7}\u{85}end"
        case 3: t.string = String(decoding: [0x66, 0xFF, 0xC3, 0x28, 0xE2, 0x82], as: UTF8.self)
        case 4: t.string = ""
        case 5: t.string = "שלום עולם 😀 e\u{301} " + String(repeating: "W", count: int(0...200))
        default: t.string = "Hello, world"
        }
        if chance(0.4) { t.font = pick(["DejaVu Sans", "DejaVu Sans Mono", "NoSuchFont Strata Fuzz", ""]) as NSString }
        if chance(0.1) { t.font = CGFont("DejaVu Sans Bold") }
        t.fontSize = CGFloat(pick([0, -5, 1, 12, 36, 10_000, 1e300, Double.nan]))
        t.foregroundColor = color()
        t.isWrapped = chance(0.5)
        t.truncationMode = pick([.none, .start, .middle, .end, CATextLayerTruncationMode(rawValue: "bogus")])
        t.alignmentMode = pick([.natural, .left, .right, .center, .justified, CATextLayerAlignmentMode(rawValue: "bogus")])
        t.allowsFontSubpixelQuantization = chance(0.3)
        if chance(0.3) {
            let a = CABasicAnimation(keyPath: pick(["fontSize", "foregroundColor"]))
            if a.keyPath == "fontSize" {
                a.fromValue = pick([CGFloat(0), 12, 10_000, .nan, .infinity, -1])
                a.toValue = pick([CGFloat(48), 1e300, .nan])
            } else {
                a.fromValue = color()
                a.toValue = pick([color() as Any, "wrong type"])
            }
            a.duration = pick([0.5, 2])
            a.repeatCount = .infinity
            t.add(a, forKey: "fuzz-text")
        }
    }
}
