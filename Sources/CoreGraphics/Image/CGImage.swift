import Raster

/// An immutable bitmap image, stored as premultiplied 8-bit BGRA (`0xAARRGGBB` words).
///
/// Whatever layout an image is created from, Strata converts it once to this layout, so
/// `alphaInfo` is always `.premultipliedFirst` with `.byteOrder32Little` and the space sRGB.
/// Strata adds `CGImage(width:height:premultipliedBGRA:)` and PNG reading/writing.
public final class CGImage: @unchecked Sendable {
    /// The pixels; never mutated after creation, so the renderer samples them without a copy.
    package let surface: Surface

    /// The largest width or height accepted (16384).
    public static let maximumDimension = 16_384
    /// The largest pixel count accepted (64 Mi pixels, 256 MiB of BGRA).
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// Wraps `surface`, which the caller must not mutate afterwards.
    package init(surface: Surface) {
        self.surface = surface
    }

    /// Creates an image from premultiplied `0xAARRGGBB` pixels, row by row, top row first.
    ///
    /// Throws when the size is zero or above the limits, the count is not `width * height`, or a
    /// pixel is not validly premultiplied (a colour channel above its alpha: blending such a
    /// pixel overflows).
    public convenience init(width: Int, height: Int, premultipliedBGRA pixels: [UInt32]) throws {
        try CGImage.checkSize(width: width, height: height, source: "pixels")
        guard pixels.count == width * height else {
            throw CGImageError(.pixelCountMismatch(expected: width * height, actual: pixels.count), source: "pixels")
        }
        if let i = pixels.firstIndex(where: { p in
            let a = p >> 24
            return (p >> 16) & 255 > a || (p >> 8) & 255 > a || p & 255 > a
        }) {
            throw CGImageError(.notPremultiplied(x: i % width, y: i / width, pixel: pixels[i]), source: "pixels")
        }
        let surface = Surface(width: width, height: height)
        pixels.withUnsafeBufferPointer { surface.pixels.update(from: $0.baseAddress!, count: pixels.count) }
        self.init(surface: surface)
    }

    /// Throws `tooLarge` or `zeroSize` unless `width`×`height` is within the limits.
    static func checkSize(width: Int, height: Int, source: String) throws {
        guard width > 0, height > 0 else {
            throw CGImageError(.zeroSize, source: source, detail: "\(width)×\(height)")
        }
        guard width <= maximumDimension, height <= maximumDimension,
              width * height <= maximumPixelCount else {
            throw CGImageError(.tooLarge(width: width, height: height), source: source)
        }
    }

    /// Width in pixels.
    public var width: Int { surface.width }
    /// Height in pixels.
    public var height: Int { surface.height }
    /// Bytes between rows.
    public var bytesPerRow: Int { surface.bytesPerRow }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always `.premultipliedFirst`.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedFirst }
    /// Always `.order32Little`.
    public var byteOrderInfo: CGImageByteOrderInfo { .order32Little }
    /// Premultiplied-first alpha, 32-bit little-endian: B, G, R, A in memory.
    public var bitmapInfo: CGBitmapInfo {
        CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
    }
    /// Always sRGB.
    public var colorSpace: CGColorSpace? { CGColorSpace.srgbSpace }
    /// Always `false`: Strata has no image masks.
    public var isMask: Bool { false }
    /// Always `true`: the renderer decides between nearest and bilinear sampling.
    public var shouldInterpolate: Bool { true }
    /// Always `.defaultIntent`.
    public var renderingIntent: CGColorRenderingIntent { .defaultIntent }

    /// A provider holding a copy of the premultiplied BGRA bytes.
    public var dataProvider: CGDataProvider? {
        let count = surface.stride * surface.height
        return CGDataProvider(data: Data(bytes: surface.pixels, count: count * 4))
    }

    /// The pixel at (x, y), `0xAARRGGBB` premultiplied; (0, 0) is the top-left pixel.
    package func pixel(x: Int, y: Int) -> UInt32 { surface[x, y] }

    /// A copy of the part of the image inside `rect` (pixels, origin top-left).
    ///
    /// The rect is made integral and clipped to the image; `nil` when nothing is left.
    /// Apple shares the pixels; Strata copies them.
    public func cropping(to rect: CGRect) -> CGImage? {
        // Plain arithmetic, not Foundation's `integral`/`intersection`, which crashed on a NaN or
        // infinite width or height. Made integral (floor/ceil) after clipping to the image: the
        // image's edges are integers, so this is the same as Apple's integral-then-clip.
        guard !rect.isNull else { return nil }
        func span(_ origin: CGFloat, _ size: CGFloat, _ limit: Int) -> (Int, Int)? {
            let a = origin, b = origin + size
            guard !a.isNaN, !b.isNaN else { return nil }
            let lo = Swift.max(Swift.min(a, b), 0).rounded(.down)
            let hi = Swift.min(Swift.max(a, b), CGFloat(limit)).rounded(.up)
            guard hi - lo >= 1 else { return nil }
            return (Int(lo), Int(hi))
        }
        guard let (x0, x1) = span(rect.origin.x, rect.size.width, width),
              let (y0, y1) = span(rect.origin.y, rect.size.height, height) else { return nil }
        let w = x1 - x0, h = y1 - y0
        let out = Surface(width: w, height: h)
        for y in 0..<h {
            out.row(y).update(from: surface.row(y0 + y) + x0, count: w)
        }
        return CGImage(surface: out)
    }
}

extension CGImage {
    /// Creates an image from pixel data in Apple's way; `nil` for a layout Strata lacks.
    ///
    /// Supported: 8 bits per component with an RGB space at 32 bits per pixel (any alpha
    /// position, straight or premultiplied, default/big or 32-bit little byte order) or
    /// 24 bits (`.none`), and a gray space at 8 bits (`.none`). `decode` must be `nil`;
    /// `shouldInterpolate` and `intent` are ignored. The pixels are converted to BGRA.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo,
                             provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard (try? CGImage.checkSize(width: width, height: height, source: "")) != nil,
              bitsPerComponent == 8, decode == nil, let data = provider.data,
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
        else { return nil }
        let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
        guard [8, 24, 32].contains(bitsPerPixel) else { return nil }
        let bytesPerPixel = bitsPerPixel / 8
        let (rows, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard bytesPerRow >= width * bytesPerPixel, !overflow,
              data.count - width * bytesPerPixel >= rows else { return nil }

        // Byte offsets of R, G, B, A inside one pixel (A = -1: opaque), and premultiplied or not.
        var offsets: (r: Int, g: Int, b: Int, a: Int)
        var premultiplied = false
        switch (space.model, bitsPerPixel, alpha) {
        case (.monochrome, 8, .none):
            offsets = (0, 0, 0, -1)
        case (.rgb, 24, .none):
            offsets = (0, 1, 2, -1)
        case (.rgb, 32, _):
            switch alpha {
            case .premultipliedFirst, .first, .noneSkipFirst: offsets = (1, 2, 3, 0)
            case .premultipliedLast, .last, .noneSkipLast: offsets = (0, 1, 2, 3)
            default: return nil
            }
            if alpha == .noneSkipFirst || alpha == .noneSkipLast { offsets.a = -1 }
            premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
            if order == CGBitmapInfo.byteOrder32Little.rawValue {
                offsets = (3 - offsets.r, 3 - offsets.g, 3 - offsets.b, offsets.a < 0 ? -1 : 3 - offsets.a)
            } else if order != 0 && order != CGBitmapInfo.byteOrder32Big.rawValue {
                return nil
            }
        default:
            return nil
        }
        let surface = Surface(width: width, height: height)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<height {
                let row = surface.row(y)
                for x in 0..<width {
                    let p = y * bytesPerRow + x * bytesPerPixel
                    let a = offsets.a < 0 ? 255 : UInt32(raw[p + offsets.a])
                    var r = UInt32(raw[p + offsets.r]), g = UInt32(raw[p + offsets.g]), b = UInt32(raw[p + offsets.b])
                    if premultiplied {
                        r = Swift.min(r, a); g = Swift.min(g, a); b = Swift.min(b, a)
                    } else {
                        r = PixelConversion.premultiply(r, a)
                        g = PixelConversion.premultiply(g, a)
                        b = PixelConversion.premultiply(b, a)
                    }
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        self.init(surface: surface)
    }
}

/// 8-bit premultiply and un-premultiply, rounding to nearest.
enum PixelConversion {
    /// `round(c · a / 255)` for `c, a` in 0...255.
    @inline(__always)
    static func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        (c * a + 127) / 255
    }

    /// `round(c · 255 / a)` clamped to 255; 0 when `a` is 0.
    @inline(__always)
    static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        a == 0 ? 0 : Swift.min((c * 255 + a / 2) / a, 255)
    }
}
