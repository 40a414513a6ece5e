import Foundation

/// Apple's Core Text `CTFont`: a font at a size. Strata's minimal Core Text subset, enough to
/// measure text the way `CATextLayer` draws it.
///
/// Differs from Apple: part of the CoreGraphics module (there is no separate CoreText module);
/// only `CTFontCreateWithName` and the size and metric getters exist; no font matrix.
public final class CTFont: @unchecked Sendable {
    /// The face drawn (nil only when no font at all is installed).
    package let face: FontFace?
    /// The size in points.
    package let size: CGFloat

    package init(face: FontFace?, size: CGFloat) {
        self.face = face
        self.size = size
    }
}

/// A font by name at `size` points (0 or an unusable size means 12, as on Apple). A name no
/// installed font has gives the default font (DejaVu Sans), with a message. `matrix` is ignored.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let face = TextSource.face(named: String(name), context: "CTFontCreateWithName")
    let s = size > 0 && size.isFinite ? size : 12
    return CTFont(face: face, size: s)
}

/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The distance from the baseline to the top of the font's line, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.face.map { $0.ascent * font.size / $0.unitsPerEm } ?? 0 }

/// The distance from the baseline to the bottom of the font's line, in points (positive).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { font.face.map { $0.descent * font.size / $0.unitsPerEm } ?? 0 }

/// The font's line gap, in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.face.map { $0.leading * font.size / $0.unitsPerEm } ?? 0 }

/// The font's PostScript name.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { NSString(string: font.face?.postScriptName ?? "") }
