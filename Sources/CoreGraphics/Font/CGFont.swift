import Foundation

/// Apple's `CGFont`: a font face without a size, found by name through fontconfig.
///
/// Differs from Apple: only the name initialisers and the metrics below; a name matches a
/// family ("DejaVu Sans", its regular face), a PostScript name ("DejaVuSans-Bold") or a full
/// name ("DejaVu Sans Bold"), without case or blanks mattering (fontconfig's comparison).
public final class CGFont: @unchecked Sendable {
    /// The FreeType face.
    package let face: FontFace

    package init(face: FontFace) { self.face = face }

    /// The installed font named `name`, or nil when none has that name (as on Apple).
    public convenience init?(_ name: CFString) {
        self.init(String(name))
    }

    /// The installed font named `name`, or nil when none has that name. Strata extension
    /// (Apple takes only a `CFString`).
    public init?(_ name: String) {
        guard let face = FontLibrary.shared.face(named: name) else { return nil }
        self.face = face
    }

    /// The PostScript name ("DejaVuSans").
    public var postScriptName: CFString? { NSString(string: face.postScriptName) }
    /// The full name ("DejaVu Sans Book").
    public var fullName: CFString? { NSString(string: face.fullName) }
    /// Font units per em.
    public var unitsPerEm: Int32 { Int32(face.unitsPerEm) }
    /// The ascent in font units.
    public var ascent: Int32 { Int32(face.ascent) }
    /// The descent in font units (negative below the baseline, as on Apple).
    public var descent: Int32 { Int32(-face.descent) }
    /// The leading (line gap) in font units.
    public var leading: Int32 { Int32(face.leading) }
    /// How many glyphs the font has.
    public var numberOfGlyphs: Int { face.glyphCount }
}
