import Foundation
import CJPEG
import Raster

extension CGImage {
    /// Reads a JPEG file through libjpeg-turbo: gray, YCbCr and (Adobe) CMYK, as opaque sRGB.
    ///
    /// A Strata initializer (Apple uses ImageIO, see `CGImageSourceCreateWithURL`). Throws a
    /// `CGImageError` naming the file for a missing or unreadable file, a non-JPEG, a truncated
    /// or corrupt JPEG, or one too large, as `init(contentsOfPNGFile:)` does.
    public convenience init(contentsOfJPEGFile url: URL) throws {
        try self.init(surface: CGImage.decodeJPEG(CGImage.readFile(url, format: "JPEG"), source: url.path))
    }

    /// Decodes JPEG bytes through libjpeg-turbo; see `init(contentsOfJPEGFile:)`.
    public convenience init(jpegData data: Data) throws {
        try self.init(surface: CGImage.decodeJPEG(data, source: "JPEG data"))
    }

    /// The bytes of the file at `url`, or the error naming it.
    static func readFile(_ url: URL, format: String) throws -> Data {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CGImageError(.fileNotFound, source: path, format: format)
        }
        do {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw CGImageError(.ioFailed, source: path, detail: "\(error)", format: format)
        }
    }

    /// Whether `data` starts with a JPEG start-of-image marker and another marker.
    static func looksLikeJPEG(_ data: Data) -> Bool {
        data.count >= 3 && data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF])
    }

    /// Decodes `data`, checking the header's size before allocating any pixels.
    static func decodeJPEG(_ data: Data, source: String) throws -> Surface {
        guard !data.isEmpty else { throw CGImageError(.empty, source: source, format: "JPEG") }
        guard looksLikeJPEG(data) else { throw CGImageError(.notJPEG, source: source, format: "JPEG") }
        do {
            return try decodeJPEGData(data, source: source)
        } catch let error as CGImageError where error.reason == .truncated && !data.suffix(2).elementsEqual([0xFF, 0xD9]) {
            // A file whose only flaw is a missing end-of-image marker decodes, as libjpeg-turbo's
            // tools decode it (with a warning): tried again with the marker added. Data that
            // ends inside a scan then meets the marker there, which libjpeg reports as damaged
            // data: still truncated.
            var ended = data
            ended.append(contentsOf: [0xFF, 0xD9])
            guard let surface = try? decodeJPEGData(ended, source: source) else { throw error }
            StrataDiagnostics.report("\(source): JPEG data has no end-of-image marker; decoded (libjpeg-turbo accepts it with a warning)")
            return surface
        }
    }

    private static func decodeJPEGData(_ data: Data, source: String) throws -> Surface {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Surface in
            var ok: Int32 = 0
            guard let reader = strata_jpeg_open(raw.baseAddress, raw.count, &ok) else {
                throw CGImageError(.corrupt, source: source, detail: "out of memory", format: "JPEG")
            }
            defer { strata_jpeg_close(reader) }
            func failure() -> CGImageError {
                CGImageError(strata_jpeg_premature_end(reader) != 0 ? .truncated : .corrupt, source: source,
                             detail: String(cString: strata_jpeg_message(reader)), format: "JPEG")
            }
            guard ok != 0 else { throw failure() }
            let width = Int(strata_jpeg_width(reader)), height = Int(strata_jpeg_height(reader))
            do {
                try checkSize(width: width, height: height, source: source)
            } catch let error as CGImageError {
                throw CGImageError(error.reason, source: source, detail: error.detail, format: "JPEG")
            }
            let surface = Surface(width: width, height: height)
            // BGRA bytes are 0xAARRGGBB words on a little-endian machine (all Strata targets);
            // JPEG has no alpha, so the pixels are already premultiplied. The surface's rows
            // must be tight for libjpeg's single stride.
            precondition(surface.stride == width, "Surface(width:height:) rows are tightly packed")
            // Damaged entropy-coded data (libjpeg-turbo paints the rest gray and goes on), a header
            // over far too little data, or too many scans: corrupt, not a silent gray image.
            guard strata_jpeg_read_bgra(reader, surface.pixels) != 0, strata_jpeg_corrupt(reader) == 0 else { throw failure() }
            if strata_jpeg_warning(reader) != 0 {
                StrataDiagnostics.report("\(source): JPEG warning: \(String(cString: strata_jpeg_message(reader))); decoded")
            }
            return surface
        }
    }

    /// The image as a baseline JPEG at `quality` (0…1, clamped; NaN means 0.75) through
    /// libjpeg-turbo; transparent pixels come out over black (JPEG has no alpha). A Strata
    /// function (Apple writes JPEG through ImageIO's `CGImageDestination`), used by UIKit's
    /// `jpegData(compressionQuality:)`.
    package func jpegData(quality: Double) throws -> Data {
        let q = quality.isNaN ? 75 : Int32((min(max(quality, 0), 1) * 100).rounded())
        guard width > 0, height > 0 else { throw CGImageError(.zeroSize, source: "JPEG encoding", format: "JPEG") }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = strata_jpeg_write_bgra(surface.pixels, UInt32(width), UInt32(height), surface.stride * 4, q,
                                        &out, &size, &message, Int32(message.count))
        defer { free(out) }
        guard ok != 0, let out else {
            throw CGImageError(.encodeFailed, source: "JPEG encoding", detail: String(cBuffer: message), format: "JPEG")
        }
        return Data(bytes: out, count: Int(size))
    }
}
