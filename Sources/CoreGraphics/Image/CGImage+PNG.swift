import CLibPNG
import Raster

#if _endian(big)
#error("CGImage decodes PNGs as B, G, R, A bytes, which are 0xAARRGGBB words only on little-endian machines")
#endif

extension CGImage {
    /// Reads a PNG file through libpng; any PNG color type and depth, converted to 8-bit sRGB.
    ///
    /// A Strata initializer (Apple uses ImageIO). Throws a `CGImageError` naming the file for
    /// a missing or unreadable file, a non-PNG, a truncated or corrupt PNG, or one too large.
    public convenience init(contentsOfPNGFile url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CGImageError(.fileNotFound, source: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw CGImageError(.ioFailed, source: path, detail: "\(error)")
        }
        try self.init(surface: CGImage.decodePNG(data, source: path))
    }

    /// Decodes PNG bytes through libpng; see `init(contentsOfPNGFile:)`.
    public convenience init(pngData data: Data) throws {
        try self.init(surface: CGImage.decodePNG(data, source: "PNG data"))
    }

    /// The image encoded as an 8-bit RGBA PNG (colors un-premultiplied).
    public func pngData() throws -> Data {
        let writer = try encodePNG(path: nil, source: "PNG data")
        defer { strata_png_writer_free(writer) }
        var size = 0
        guard let memory = strata_png_writer_take_memory(writer, &size) else {
            throw CGImageError(.encodeFailed, source: "PNG data", detail: "no output")
        }
        return Data(bytesNoCopy: memory, count: size, deallocator: .free)
    }

    /// Writes the image as an 8-bit RGBA PNG file, replacing any file at `url`. The rows go to
    /// the file as they are encoded: beside the image, memory holds one row and libpng's state.
    public func writePNG(to url: URL) throws {
        let writer = try encodePNG(path: url.path, source: url.path)
        strata_png_writer_free(writer)
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether the chunk list after the signature is well formed but ends before IEND: the
    /// sign of a file cut short, as opposed to damaged bytes.
    private static func endsEarly(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var position = 8
        while position + 8 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
                | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let type = bytes[(position + 4)..<(position + 8)]
            guard type.allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else { return false }
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { return false } // IEND
            position += 12 + length
        }
        return true
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafePointer(to: &image) { String(cString: strata_png_message($0)) }
    }

    /// Decodes `data`, checking the header's size before allocating any pixels.
    static func decodePNG(_ data: Data, source: String) throws -> Surface {
        guard !data.isEmpty else { throw CGImageError(.empty, source: source) }
        guard data.count >= 8, data.prefix(8).elementsEqual(pngSignature) else {
            throw CGImageError(.notPNG, source: source)
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Surface in
            func failure(_ detail: String) -> CGImageError {
                CGImageError(endsEarly(raw) ? .truncated : .corrupt, source: source, detail: detail)
            }
            var image = png_image()
            // libpng keeps reading from `raw` until finish_read, so both happen in this closure.
            guard strata_png_begin_read(&image, raw.baseAddress, raw.count) != 0 else {
                throw failure(message(&image))
            }
            let width = Int(image.width), height = Int(image.height)
            do {
                try checkSize(width: width, height: height, source: source)
                if let flat = try deinterlacedSixteenBitPNG(data, source: source) {
                    png_image_free(&image)
                    return try decodePNG(flat, source: source)
                }
            } catch {
                png_image_free(&image)
                throw error
            }
            let surface = Surface(width: width, height: height)
            // BGRA bytes are 0xAARRGGBB words on a little-endian machine (all Strata targets).
            guard strata_png_finish_read_bgra(&image, surface.pixels) != 0 else {
                throw failure(message(&image))
            }
            for y in 0..<height {
                let row = surface.row(y)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a == 255 { continue }
                    let r = PixelConversion.premultiply(p >> 16 & 0xFF, a)
                    let g = PixelConversion.premultiply(p >> 8 & 0xFF, a)
                    let b = PixelConversion.premultiply(p & 0xFF, a)
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
            return surface
        }
    }

    /// Encodes the image through libpng a row at a time, each row un-premultiplied into one
    /// row buffer, to the file at `path` or, with `path` nil, to memory. Returns the finished
    /// writer for the caller to free. A write that fails part way leaves the file as far as it
    /// got (as `Data.write(to:)` did); the path may be a device or pipe, so it is not removed.
    private func encodePNG(path: String?, source: String) throws -> UnsafeMutablePointer<strata_png_writer> {
        let begun = path.map { $0.withCString { strata_png_writer_begin(png_uint_32(width), png_uint_32(height), $0) } }
            ?? strata_png_writer_begin(png_uint_32(width), png_uint_32(height), nil)
        guard let writer = begun else { throw CGImageError(.encodeFailed, source: source, detail: "out of memory") }
        func failure() -> CGImageError {
            let detail = withUnsafeBytes(of: writer.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let reason: CGImageError.Reason = writer.pointee.io_failed != 0 ? .ioFailed : .encodeFailed
            strata_png_writer_free(writer)
            return CGImageError(reason, source: source, detail: detail)
        }
        guard writer.pointee.failed == 0 else { throw failure() }
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { row.deallocate() }
        for y in 0..<height {
            CGImage.unpremultiply(surface.row(y), into: row, count: width)
            guard strata_png_writer_row(writer, row) != 0 else { throw failure() }
        }
        guard strata_png_writer_end(writer) != 0 else { throw failure() }
        return writer
    }

    /// Straight-alpha copies of `count` premultiplied pixels (opaque ones unchanged).
    private static func unpremultiply(_ source: UnsafeMutablePointer<UInt32>, into row: UnsafeMutablePointer<UInt32>,
                                      count: Int) {
        for x in 0..<count {
            let p = source[x]
            let a = p >> 24
            if a == 255 { row[x] = p; continue }
            let r = PixelConversion.unpremultiply(p >> 16 & 0xFF, a)
            let g = PixelConversion.unpremultiply(p >> 8 & 0xFF, a)
            let b = PixelConversion.unpremultiply(p & 0xFF, a)
            row[x] = a << 24 | r << 16 | g << 8 | b
        }
    }
}
