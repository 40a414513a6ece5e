import CFreeType
import Foundation
import Raster

/// One FreeType face: its metrics, its character map and its glyph outlines, in font units.
///
/// Outlines and advances are cached per glyph (at most `maximumCachedGlyphs`; beyond, the cache
/// starts over), so FreeType is asked once per glyph, not once per frame. Every FreeType call
/// runs under the library's lock.
package final class FontFace: @unchecked Sendable {
    /// The most glyphs whose outlines and advances one face keeps.
    static let maximumCachedGlyphs = 4096

    private let face: FT_Face
    private unowned let library: FontLibrary
    /// The family name ("DejaVu Sans").
    package let familyName: String
    /// The PostScript name ("DejaVuSans").
    package let postScriptName: String
    /// The family and style ("DejaVu Sans Book").
    package let fullName: String
    /// Font units per em (2048 for DejaVu Sans).
    package let unitsPerEm: Double
    /// Above the baseline, in font units (hhea ascender).
    package let ascent: Double
    /// Below the baseline, in font units, positive (minus hhea descender).
    package let descent: Double
    /// The gap between lines, in font units (line height − ascent − descent, not negative).
    package let leading: Double
    /// How many glyphs the face has.
    package let glyphCount: Int

    private var glyphForScalar: [UInt32: UInt32] = [:]
    private var outlines: [UInt32: PathGeometry] = [:]
    private var advances: [UInt32: Double] = [:]

    init(_ face: FT_Face, library: FontLibrary) {
        self.face = face
        self.library = library
        let f = face.pointee
        familyName = f.family_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName
        let style = f.style_name.map { String(cString: $0) } ?? ""
        fullName = style.isEmpty ? familyName : familyName + " " + style
        unitsPerEm = Double(f.units_per_EM)
        ascent = Double(f.ascender)
        descent = Double(-f.descender)
        leading = max(0, Double(f.height) - Double(f.ascender) + Double(f.descender))
        glyphCount = Int(f.num_glyphs)
    }

    deinit {
        library.lock.lock()
        FT_Done_Face(face)
        library.lock.unlock()
    }

    /// The glyph of each scalar (0, the missing-glyph box, where the font has none) and its
    /// advance in font units, in one pass under the lock.
    package func glyphsAndAdvances(_ scalars: [Unicode.Scalar]) -> (glyphs: [UInt32], advances: [Double]) {
        library.lock.lock(); defer { library.lock.unlock() }
        var glyphs: [UInt32] = [], widths: [Double] = []
        glyphs.reserveCapacity(scalars.count)
        widths.reserveCapacity(scalars.count)
        for s in scalars {
            let g = lockedGlyph(s.value)
            glyphs.append(g)
            widths.append(lockedAdvance(g))
        }
        return (glyphs, widths)
    }

    /// The kerning between each glyph and the next, in font units (0 for the last, and
    /// everywhere when the font has no 'kern' table).
    package func kerning(_ glyphs: [UInt32]) -> [Double] {
        var out = [Double](repeating: 0, count: glyphs.count)
        guard glyphs.count > 1 else { return out }
        library.lock.lock(); defer { library.lock.unlock() }
        guard strata_ft_has_kerning(face) != 0 else { return out }
        for i in 0..<glyphs.count - 1 where glyphs[i] != 0 && glyphs[i + 1] != 0 {
            var v = FT_Vector()
            if FT_Get_Kerning(face, glyphs[i], glyphs[i + 1], UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 {
                out[i] = Double(v.x)
            }
        }
        return out
    }

    /// The glyph for `scalar` (0 when the font has none).
    package func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        library.lock.lock(); defer { library.lock.unlock() }
        return lockedGlyph(scalar.value)
    }

    /// The outlines of `glyphs` in font units, y down (a glyph without ink is an empty path).
    package func outlines(_ glyphs: [UInt32]) -> [PathGeometry] {
        library.lock.lock(); defer { library.lock.unlock() }
        return glyphs.map(lockedOutline)
    }

    private func makeRoom() {
        if outlines.count >= Self.maximumCachedGlyphs { outlines.removeAll(keepingCapacity: true) }
        if advances.count >= Self.maximumCachedGlyphs { advances.removeAll(keepingCapacity: true) }
        if glyphForScalar.count >= Self.maximumCachedGlyphs { glyphForScalar.removeAll(keepingCapacity: true) }
    }

    private func lockedGlyph(_ code: UInt32) -> UInt32 {
        if let g = glyphForScalar[code] { return g }
        makeRoom()
        let g = UInt32(FT_Get_Char_Index(face, FT_ULong(code)))
        glyphForScalar[code] = g
        return g
    }

    private func lockedAdvance(_ glyph: UInt32) -> Double {
        if let a = advances[glyph] { return a }
        _ = lockedOutline(glyph)
        return advances[glyph] ?? 0
    }

    /// Loads `glyph` unscaled and unhinted, keeping its outline (y flipped to point down, as
    /// layers' y does) and advance.
    private func lockedOutline(_ glyph: UInt32) -> PathGeometry {
        if let o = outlines[glyph] { return o }
        makeRoom()
        var path = PathGeometry()
        var advance = 0.0
        if FT_Load_Glyph(face, glyph, strata_ft_load_unscaled()) == 0, let slot = face.pointee.glyph {
            advance = Double(slot.pointee.advance.x)
            if strata_ft_slot_is_outline(slot) != 0 {
                path = Self.decompose(&slot.pointee.outline)
            }
        }
        outlines[glyph] = path
        advances[glyph] = advance
        return path
    }

    /// FreeType's outline as a path (conic segments as quadratic Béziers), y negated.
    private static func decompose(_ outline: inout FT_Outline) -> PathGeometry {
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = OutlineSink.from(user)
                if s.open { s.path.close() }
                s.path.move(to: OutlineSink.point(to)); s.open = true
                return 0
            },
            line_to: { to, user in OutlineSink.from(user).path.line(to: OutlineSink.point(to)); return 0 },
            conic_to: { c, to, user in OutlineSink.from(user).path.quad(control: OutlineSink.point(c), to: OutlineSink.point(to)); return 0 },
            cubic_to: { c1, c2, to, user in
                OutlineSink.from(user).path.cubic(control1: OutlineSink.point(c1), control2: OutlineSink.point(c2), to: OutlineSink.point(to)); return 0
            },
            shift: 0, delta: 0)
        let sink = OutlineSink()
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let error = withExtendedLifetime(sink) { FT_Outline_Decompose(&outline, &funcs, user) }
        if sink.open { sink.path.close() }
        return error == 0 && sink.path.isFinite ? sink.path : PathGeometry()
    }
}

/// Collects FreeType's outline callbacks into a path.
private final class OutlineSink {
    var path = PathGeometry()
    var open = false
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
    }
    /// A FreeType point in font units, y negated (FreeType's y is up).
    static func point(_ v: UnsafePointer<FT_Vector>?) -> SIMD2<Double> {
        guard let v else { return .zero }
        return SIMD2(Double(v.pointee.x), -Double(v.pointee.y))
    }
}
