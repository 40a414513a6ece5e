import CFontconfig
import CFreeType
import Foundation

/// The fonts Strata can draw: FreeType faces found by name through fontconfig, shared by every
/// thread (the render thread lays text out while the app thread measures it).
///
/// FreeType's library and faces are not thread-safe, so every call into FreeType or fontconfig,
/// and every cache here and in `FontFace`, is behind `lock` (recursive: a face released while
/// the lock is held closes itself under it). Caches are bounded: at most `maximumNames` name
/// lookups and `maximumFaces` open files are remembered (beyond, the tables start over; faces
/// still in use stay open until released).
package final class FontLibrary: @unchecked Sendable {
    /// The one library.
    package static let shared = FontLibrary()
    /// The family drawn when none is given or the one given is not installed (Debian's
    /// `fonts-dejavu-core`, installed by `scripts/install-deps`).
    package static let defaultFamily = "DejaVu Sans"
    static let maximumNames = 256
    static let maximumFaces = 32

    let lock = NSRecursiveLock()
    private var library: FT_Library?
    private var facesByFile: [String: FontFace] = [:]
    private var facesByName: [String: FontFace?] = [:]
    private var fallback: FontFace??
    /// Names whose substitute was reported (each is said once).
    private var reportedSubstitutes = Set<String>()

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 {
            library = lib
        } else {
            StrataDiagnostics.report("FreeType could not start: no text will be drawn")
        }
    }

    /// The installed font whose family, PostScript or full name is `name` (compared without case
    /// or blanks, as fontconfig does), or nil when there is none.
    package func face(named name: String) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        if let cached = facesByName[name] { return cached }
        var found: FontFace?
        // Fontconfig names are C strings; a name with NUL or of absurd length names nothing.
        if !name.isEmpty, name.utf8.count <= 1024, !name.utf8.contains(0) {
            for object in [strata_fc_family(), strata_fc_postscript_name(), strata_fc_fullname()] {
                guard let object else { continue }
                if let (path, index) = Self.find(object, name), let face = openFace(path: path, index: index) {
                    found = face
                    break
                }
            }
        }
        // Apple's own families ("Helvetica-Bold", ".SFUI-Regular", "Menlo") are found as their
        // stand-ins; other unknown names stay unknown here (`CGFont(_:)` is nil for them, as on Apple).
        if found == nil, FontNameRequest(name).standIn != nil { found = closestFace(to: name) }
        if facesByName.count >= Self.maximumNames { facesByName.removeAll() }
        facesByName.updateValue(found, forKey: name)
        return found
    }

    /// For a name no installed font has — an Apple family or PostScript name such as
    /// "Helvetica-Bold", or any other family with a style suffix — the installed face closest to it (`FontNameRequest`): the stand-in
    /// family, or fontconfig's substitute for an unknown one, at the weight and slant the name
    /// asks for. Says once per name which font is used. Nil only when fontconfig finds nothing.
    package func closestFace(to name: String) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        guard !name.isEmpty, name.utf8.count <= 1024, !name.utf8.contains(0) else { return nil }
        let request = FontNameRequest(name)
        var path = [CChar](repeating: 0, count: 4096), family = [CChar](repeating: 0, count: 256)
        var index: Int32 = 0
        let slant: Int32 = request.italic ? 100 : 0   // FC_SLANT_ITALIC (oblique faces match it too)
        guard strata_fc_match_style(request.standIn ?? request.family, request.weight, slant,
                                    &path, Int32(path.count), &index, &family, Int32(family.count)) == 1,
              let face = openFace(path: String(cBuffer: path), index: Int(index)) else { return nil }
        if reportedSubstitutes.count >= Self.maximumNames { reportedSubstitutes.removeAll() }
        if reportedSubstitutes.insert(name).inserted {
            let shown = name.count > 80 ? String(name.prefix(80)) + "…" : name
            StrataDiagnostics.report("font \"\(shown)\" is not installed; drawing in \(face.fullName) (\(face.postScriptName))")
        }
        return face
    }

    /// The default face: DejaVu Sans, else fontconfig's sans-serif, else nil (no font installed:
    /// text then draws nothing, reported once).
    package var defaultFace: FontFace? {
        lock.lock(); defer { lock.unlock() }
        if let fallback { return fallback }
        var face = self.face(named: Self.defaultFamily)
        if face == nil {
            var path = [CChar](repeating: 0, count: 4096)
            var index: Int32 = 0
            if strata_fc_match_any("sans-serif", &path, Int32(path.count), &index) == 1 {
                face = openFace(path: String(cBuffer: path), index: Int(index))
            }
            StrataDiagnostics.report(face == nil
                ? "no font found through fontconfig (install fonts-dejavu-core): text draws nothing"
                : "\(Self.defaultFamily) is not installed (install fonts-dejavu-core); drawing text in \(face!.familyName)")
        }
        fallback = .some(face)
        return face
    }

    private static func find(_ object: UnsafePointer<CChar>, _ name: String) -> (String, Int)? {
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        guard strata_fc_find(object, name, &path, Int32(path.count), &index) == 1 else { return nil }
        return (String(cBuffer: path), Int(index))
    }

    /// Opens (or finds already open) face `index` of the font file at `path`; nil when FreeType
    /// cannot read it or it has no outlines.
    private func openFace(path: String, index: Int) -> FontFace? {
        let key = "\(path)#\(index)"
        if let open = facesByFile[key] { return open }
        guard let library else { return nil }
        var ftFace: FT_Face?
        guard FT_New_Face(library, path, index, &ftFace) == 0, let ftFace else { return nil }
        guard strata_ft_is_scalable(ftFace) != 0, ftFace.pointee.units_per_EM > 0 else {
            FT_Done_Face(ftFace)
            return nil
        }
        let face = FontFace(ftFace, library: self)
        if facesByFile.count >= Self.maximumFaces { facesByFile.removeAll() }
        facesByFile[key] = face
        return face
    }
}
