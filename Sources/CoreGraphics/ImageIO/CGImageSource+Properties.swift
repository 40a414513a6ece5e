import CJPEG
import Foundation

/// The pixel width key of `CGImageSourceCopyPropertiesAtIndex`'s dictionary (an `NSNumber`).
nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The pixel height key (an `NSNumber`).
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// The EXIF orientation key (an `NSNumber`, 1…8 as `CGImagePropertyOrientation`); present only
/// when the file records one.
nonisolated(unsafe) public let kCGImagePropertyOrientation: CFString = "Orientation"

/// The orientations EXIF records (Apple's `CGImagePropertyOrientation`, raw values 1…8).
public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}

/// The properties of image `index` (only 0 exists): pixel width and height, and the EXIF
/// orientation when a JPEG records one; nil, with a message, when the header cannot be read.
/// Read from the header only: nothing is decoded. `options` are ignored.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index == 0, let format = isrc.format else {
        StrataDiagnostics.report("CGImageSourceCopyPropertiesAtIndex: \(isrc.source) has no image at index \(index)")
        return nil
    }
    let size: (Int, Int)?
    var orientation: UInt16?
    switch format {
    case .png: size = ImageHeaders.pngSize(isrc.data)
    case .jpeg:
        size = ImageHeaders.jpegSize(isrc.data)
        orientation = ImageHeaders.exifOrientation(isrc.data)
    }
    guard let (w, h) = size else {
        StrataDiagnostics.report("CGImageSourceCopyPropertiesAtIndex: \(isrc.source): the image header cannot be read")
        return nil
    }
    let d = NSMutableDictionary()
    d[kCGImagePropertyPixelWidth] = NSNumber(value: w)
    d[kCGImagePropertyPixelHeight] = NSNumber(value: h)
    if let orientation, (1...8).contains(orientation) { d[kCGImagePropertyOrientation] = NSNumber(value: orientation) }
    return d
}

/// The type identifier of the source's image ("public.png", "public.jpeg"), nil for other bytes.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    switch isrc.format {
    case .png: return kStrataTypePNG
    case .jpeg: return kStrataTypeJPEG
    case nil: return nil
    }
}

/// A source over the file at `url` (Apple's `url as CFURL` spelling).
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let u = url as URL? else { return nil }
    return CGImageSourceCreateWithURL(u, nil as [String: Any]?)
}

/// A source over `data` (Apple's `data as CFData` spelling).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: Data(referencing: data), source: "image data")
}

/// Sizes and EXIF orientation from image headers, bounds-checked byte by byte.
enum ImageHeaders {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let b = [UInt8](data.prefix(24))
        guard b.count == 24, b[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        let w = be32(16), h = be32(20)
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// Width and height from a JPEG's frame header (libjpeg reads it; nothing is decoded).
    static func jpegSize(_ data: Data) -> (Int, Int)? {
        data.withUnsafeBytes { raw -> (Int, Int)? in
            var ok: Int32 = 0
            guard let reader = strata_jpeg_open(raw.baseAddress, raw.count, &ok) else { return nil }
            defer { strata_jpeg_close(reader) }
            guard ok != 0 else { return nil }
            return (Int(strata_jpeg_width(reader)), Int(strata_jpeg_height(reader)))
        }
    }

    /// The Orientation tag (0x0112) of IFD0 in a JPEG's APP1 "Exif" segment, if any.
    static func exifOrientation(_ data: Data) -> UInt16? {
        let b = [UInt8](data)
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }          // image data: no more headers
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { return nil }
            if marker == 0xE1, length >= 8, b[(i + 4)..<(i + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return tiffOrientation(Array(b[(i + 10)..<(i + 2 + length)]))
            }
            i += 2 + length
        }
        return nil
    }

    private static func tiffOrientation(_ t: [UInt8]) -> UInt16? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 1000) {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let v = u16(entry + 8) { return UInt16(v) }
        }
        return nil
    }
}
