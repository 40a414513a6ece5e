import CLibPNG
import Foundation

/// Interlaced 16-bit PNGs: libpng's simplified API (which `decodePNG` uses for its colour
/// conversion) decodes Adam7 passes 1–6 of 16-bit images wrongly (libpng 1.6.39: 109–1,832
/// wrong pixels in a small image, no message). Such a file is first rewritten without
/// interlacing — its rows read de-interlaced through the full libpng API, stored uncompressed,
/// every other chunk copied as it was — and that file goes through the ordinary path, so it
/// decodes exactly as the same image saved without interlacing.
extension CGImage {
    /// Channels per pixel of the PNG colour types that can have 16-bit samples.
    private static let channels16: [UInt8: Int] = [0: 1, 2: 3, 4: 2, 6: 4]

    /// The header of a PNG with a well-formed IHDR: size, bit depth, colour type, interlace.
    private static func pngHeader(_ d: [UInt8]) -> (width: Int, height: Int, depth: UInt8, colorType: UInt8, interlaced: Bool)? {
        guard d.count >= 33, d[12...15].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func be32(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        return (be32(16), be32(20), d[24], d[25], d[28] == 1)
    }

    /// The PNG rewritten without interlacing when it is an interlaced 16-bit one; nil otherwise.
    /// Throws when libpng cannot read its rows.
    static func deinterlacedSixteenBitPNG(_ data: Data, source: String) throws -> Data? {
        let bytes = [UInt8](data.prefix(33))
        guard let h = pngHeader(bytes), h.interlaced, h.depth == 16, let channels = channels16[h.colorType],
              h.width > 0, h.height > 0 else { return nil }
        let rowBytes = h.width * channels * 2
        var rows = [UInt8](repeating: 0, count: rowBytes * h.height)
        var message = [CChar](repeating: 0, count: 256)
        let ok = data.withUnsafeBytes { raw in
            rows.withUnsafeMutableBytes { out in
                strata_png_read_raw_rows(raw.baseAddress, raw.count, out.baseAddress, rowBytes, png_uint_32(h.height), &message)
            }
        }
        guard ok != 0 else {
            throw CGImageError(.corrupt, source: source, detail: String(cBuffer: message))
        }
        return rewritten(data, rows: rows, rowBytes: rowBytes)
    }

    /// `data`'s chunks with IHDR's interlace method set to none and the image data replaced by
    /// `rows` (filter type 0 each) in stored zlib blocks.
    private static func rewritten(_ data: Data, rows: [UInt8], rowBytes: Int) -> Data {
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var idat: [UInt8] = [0x78, 0x01]
        var adler = Adler32()
        var pending: [UInt8] = []
        pending.reserveCapacity(65_535)
        let height = rows.count / rowBytes
        func flushBlock(final: Bool) {
            let n = pending.count
            idat.append(final ? 1 : 0)
            idat += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            idat += pending
            pending.removeAll(keepingCapacity: true)
        }
        for y in 0..<height {
            var line: [UInt8] = [0]
            line += rows[(y * rowBytes)..<((y + 1) * rowBytes)]
            adler.update(line)
            for b in line {
                pending.append(b)
                if pending.count == 65_535 { flushBlock(final: false) }
            }
        }
        flushBlock(final: true)
        let a = adler.value
        idat += [UInt8(a >> 24), UInt8(a >> 16 & 0xFF), UInt8(a >> 8 & 0xFF), UInt8(a & 0xFF)]

        let d = [UInt8](data)
        var position = 8
        var wroteData = false
        while position + 12 <= d.count {
            let length = Int(d[position]) << 24 | Int(d[position + 1]) << 16 | Int(d[position + 2]) << 8 | Int(d[position + 3])
            let type = Array(d[(position + 4)..<(position + 8)])
            guard position + 12 + length <= d.count else { break }
            let body = Array(d[(position + 8)..<(position + 8 + length)])
            switch String(decoding: type, as: UTF8.self) {
            case "IHDR":
                var header = body
                header[12] = 0
                appendChunk(&out, type, header)
            case "IDAT":
                if !wroteData {
                    wroteData = true
                    var start = 0
                    while start < idat.count {
                        let end = min(start + (1 << 24), idat.count)
                        appendChunk(&out, type, Array(idat[start..<end]))
                        start = end
                    }
                }
            case "IEND":
                appendChunk(&out, type, [])
                return out
            default:
                out.append(contentsOf: d[position..<(position + 12 + length)])
            }
            position += 12 + length
        }
        appendChunk(&out, Array("IEND".utf8), [])
        return out
    }

    private static func appendChunk(_ out: inout Data, _ type: [UInt8], _ body: [UInt8]) {
        let n = body.count
        out.append(contentsOf: [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)])
        out.append(contentsOf: type)
        out.append(contentsOf: body)
        var crc = CRC32()
        crc.update(type)
        crc.update(body)
        let c = crc.value
        out.append(contentsOf: [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)])
    }
}

/// PNG's chunk checksum (ISO 3309 CRC-32).
private struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
    private var crc: UInt32 = 0xFFFF_FFFF
    mutating func update(_ bytes: [UInt8]) {
        for b in bytes { crc = Self.table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    }
    var value: UInt32 { crc ^ 0xFFFF_FFFF }
}

/// zlib's Adler-32 of the uncompressed stream.
private struct Adler32 {
    private var a: UInt32 = 1, b: UInt32 = 0
    mutating func update(_ bytes: [UInt8]) {
        for x in bytes { a = (a + UInt32(x)) % 65_521; b = (b + a) % 65_521 }
    }
    var value: UInt32 { b << 16 | a }
}
