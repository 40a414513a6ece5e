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
        try encodePNG(source: "PNG data")
    }

    /// Writes the image as an 8-bit RGBA PNG file, replacing any file at `url`.
    public func writePNG(to url: URL) throws {
        let data = try encodePNG(source: url.path)
        do {
            try data.write(to: url)
        } catch {
            throw CGImageError(.ioFailed, source: url.path, detail: "\(error)")
        }
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

    private func encodePNG(source: String) throws -> Data {
        var straight = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = surface.row(y)
            for x in 0..<width {
                let p = row[x]
                let a = p >> 24
                if a == 255 { straight[y * width + x] = p; continue }
                let r = PixelConversion.unpremultiply(p >> 16 & 0xFF, a)
                let g = PixelConversion.unpremultiply(p >> 8 & 0xFF, a)
                let b = PixelConversion.unpremultiply(p & 0xFF, a)
                straight[y * width + x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return try straight.withUnsafeBytes { (pixels: UnsafeRawBufferPointer) throws -> Data in
            var image = png_image()
            var size: png_alloc_size_t = 0
            guard strata_png_write_bgra(&image, png_uint_32(width), png_uint_32(height),
                                        pixels.baseAddress, nil, &size) != 0 else {
                throw CGImageError(.encodeFailed, source: source, detail: CGImage.message(&image))
            }
            var out = Data(count: Int(size))
            let ok = out.withUnsafeMutableBytes { (memory: UnsafeMutableRawBufferPointer) -> Int32 in
                strata_png_write_bgra(&image, png_uint_32(width), png_uint_32(height),
                                      pixels.baseAddress, memory.baseAddress, &size)
            }
            guard ok != 0 else {
                throw CGImageError(.encodeFailed, source: source, detail: CGImage.message(&image))
            }
            out.count = Int(size)
            return out
        }
    }
}
