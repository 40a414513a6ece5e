import Foundation

/// Text layouts kept across frames, so a text layer that does not change is laid out once.
///
/// Keyed by the layer's text, font, size and layout parameters; the colour of a plain string is
/// not part of the key (an animated `foregroundColor` does not lay the text out again). Holds at
/// most `maximumEntries` layouts (then starts over), shared by every renderer; thread-safe.
package final class TextLayoutCache: @unchecked Sendable {
    package static let shared = TextLayoutCache()
    static let maximumEntries = 128
    /// Sizes above this draw nothing (glyph coordinates would overflow the rasteriser's ranges).
    package static let maximumFontSize: CGFloat = 100_000

    private let lock = NSLock()
    private var entries: [Key: TextLayout] = [:]

    /// What a layout depends on.
    struct Key: Hashable {
        /// The plain string, or the attributed string's identity (it is immutable: copied when set).
        var plain: String?
        var attributed: NSAttributedString?
        var face: ObjectIdentifier?
        var size: Double
        var parameters: TextLayout.Parameters

        static func == (a: Key, b: Key) -> Bool {
            a.face == b.face && a.size == b.size && a.parameters == b.parameters
                && a.attributed === b.attributed && a.plain == b.plain
        }

        func hash(into h: inout Hasher) {
            // Only the cheap parts: a long string is compared on a hit, never hashed whole.
            h.combine(face)
            h.combine(size)
            h.combine(parameters)
            if let plain {
                h.combine(plain.utf8.count)
                for s in plain.unicodeScalars.prefix(32) { h.combine(s.value) }
            }
            if let attributed { h.combine(ObjectIdentifier(attributed)) }
        }
    }

    /// The layout of a text layer's presentation state, or nil when it draws nothing.
    package func layout(for s: LayerState) -> TextLayout? {
        guard let t = s.text, let string = t.string else { return nil }
        let b = s.bounds.standardized
        let scale = s.contentsScale > 0 && s.contentsScale.isFinite ? s.contentsScale : 1
        let parameters = TextLayout.Parameters(
            width: Double(b.width), height: Double(b.height), wrapped: t.isWrapped,
            truncation: Self.truncation(t.truncationMode), alignment: Self.alignment(t.alignmentMode),
            quantization: t.allowsFontSubpixelQuantization ? Double(scale) : 0)
        var key = Key(plain: nil, attributed: nil, face: nil, size: 0, parameters: parameters)
        var plainFace: FontFace?
        if let attributed = string as? NSAttributedString {
            key.attributed = attributed
        } else if let plain = string as? String {
            let (face, carried) = TextSource.resolve(font: t.font, context: "CATextLayer.font")
            guard let face else { return nil }
            let size = carried ?? Double(t.fontSize)
            guard size.isFinite, size > 0 else { return nil }
            key.plain = plain
            key.face = ObjectIdentifier(face)
            key.size = size
            plainFace = face
        } else {
            return nil
        }
        lock.lock()
        let cached = entries[key]
        lock.unlock()
        if var layout = cached {
            if key.plain != nil, !layout.styles.isEmpty { layout.styles[0].color = t.foregroundColor }
            return layout
        }
        var layout: TextLayout
        if let attributed = key.attributed {
            let (runs, styles) = TextSource.attributedRuns(attributed, defaultSize: 12, defaultColor: CGColor.black)
            if attributed.length > TextLayout.maximumScalars * 2 {
                StrataDiagnostics.report("CATextLayer: an attributed string of \(attributed.length) UTF-16 units; only the first \(TextLayout.maximumScalars * 2) are laid out")
            }
            if styles.contains(where: { $0.size > Self.maximumFontSize }) {
                StrataDiagnostics.report("CATextLayer: fonts above \(Int(Self.maximumFontSize)) pt draw nothing")
            }
            layout = TextLayout(runs: runs, styles: styles.map { style in
                var st = style
                if st.size > Self.maximumFontSize { st.size = 0 }
                return st
            }, parameters)
        } else {
            let plain = key.plain!
            if key.size > Self.maximumFontSize {
                StrataDiagnostics.report("CATextLayer.fontSize \(key.size): sizes above \(Int(Self.maximumFontSize)) pt draw nothing")
                return nil
            }
            if plain.utf8.count > TextLayout.maximumScalars, !plain.unicodeScalars.dropFirst(TextLayout.maximumScalars).isEmpty {
                StrataDiagnostics.report("CATextLayer.string: \(plain.utf8.count) bytes of text; only the first \(TextLayout.maximumScalars) characters are laid out")
            }
            let (runs, styles) = TextSource.plainRuns(plain, face: plainFace!, size: key.size, color: t.foregroundColor)
            layout = TextLayout(runs: runs, styles: styles, parameters)
        }
        lock.lock()
        if entries.count >= Self.maximumEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = layout
        lock.unlock()
        if key.plain != nil, !layout.styles.isEmpty { layout.styles[0].color = t.foregroundColor }
        return layout
    }

    static func truncation(_ m: CATextLayerTruncationMode) -> TextTruncation {
        switch m {
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        default: return .none
        }
    }

    static func alignment(_ m: CATextLayerAlignmentMode) -> TextAlignment {
        switch m {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        default: return .natural
        }
    }
}
