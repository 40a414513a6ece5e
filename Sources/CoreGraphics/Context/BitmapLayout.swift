import Raster

/// How a bitmap context's pixels are laid out in the caller's memory; Strata draws in
/// premultiplied BGRA (`0xAARRGGBB` words) and converts to and from the other layouts.
enum BitmapLayout: Equatable {
    /// B, G, R, A bytes: premultiplied first, 32-bit little-endian. Drawn in place.
    case bgra
    /// A, R, G, B bytes: premultiplied first, default or 32-bit big-endian.
    case argb
    /// R, G, B, A bytes: premultiplied last, default or 32-bit big-endian.
    case rgba
    /// A, B, G, R bytes: premultiplied last, 32-bit little-endian.
    case abgr
    /// B, G, R, unused: no alpha (skip first), 32-bit little-endian.
    case bgrx
    /// Unused, R, G, B: no alpha (skip first), default or 32-bit big-endian.
    case xrgb
    /// R, G, B, unused: no alpha (skip last), default or 32-bit big-endian.
    case rgbx
    /// Unused, B, G, R: no alpha (skip last), 32-bit little-endian.
    case xbgr
    /// One gray byte per pixel, no alpha.
    case gray
    /// One alpha byte per pixel, no colour.
    case alpha

    /// Bytes per pixel.
    var bytesPerPixel: Int {
        switch self {
        case .bgra, .argb, .rgba, .abgr, .bgrx, .xrgb, .rgbx, .xbgr: return 4
        case .gray, .alpha: return 1
        }
    }

    /// The layout for Apple's parameters, or `nil` with the reason when Strata lacks it.
    static func from(bitsPerComponent: Int, space: CGColorSpace?, bitmapInfo: UInt32) -> (layout: BitmapLayout?, reason: String) {
        guard bitsPerComponent == 8 else { return (nil, "\(bitsPerComponent) bits per component (only 8 is supported)") }
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let order = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue
        guard bitmapInfo & CGBitmapInfo.floatComponents.rawValue == 0 else { return (nil, "float components are not supported") }
        let little = order == CGBitmapInfo.byteOrder32Little.rawValue
        let big = order == 0 || order == CGBitmapInfo.byteOrder32Big.rawValue
        switch (space?.model, alpha) {
        case (_, .alphaOnly?) where order == 0:
            return (.alpha, "")
        case (.monochrome?, CGImageAlphaInfo.none?) where order == 0:
            return (.gray, "")
        case (.rgb?, .premultipliedFirst?) where little: return (.bgra, "")
        case (.rgb?, .premultipliedFirst?) where big: return (.argb, "")
        case (.rgb?, .premultipliedLast?) where little: return (.abgr, "")
        case (.rgb?, .premultipliedLast?) where big: return (.rgba, "")
        case (.rgb?, .noneSkipFirst?) where little: return (.bgrx, "")
        case (.rgb?, .noneSkipFirst?) where big: return (.xrgb, "")
        case (.rgb?, .noneSkipLast?) where little: return (.xbgr, "")
        case (.rgb?, .noneSkipLast?) where big: return (.rgbx, "")
        default:
            return (nil, "unsupported layout (space \(space?.name ?? "nil"), bitmapInfo 0x\(String(bitmapInfo, radix: 16))); "
                + "supported: RGB premultiplied first/last or skip first/last with default, 32-bit big or little byte order, 8-bit gray, 8-bit alpha only")
        }
    }

    /// Copies the caller's pixels inside `area` (all when nil) into the premultiplied BGRA
    /// drawing surface.
    func load(from data: UnsafeMutableRawPointer, bytesPerRow: Int, into surface: Surface, area: IntRect? = nil) {
        let r = (area ?? IntRect(surface)).intersection(IntRect(surface))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let src = (data + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let dst = surface.row(y)
            for x in r.x0..<r.x1 {
                let p = src + x * bytesPerPixel
                let (a, r, g, b): (UInt32, UInt32, UInt32, UInt32)
                switch self {
                case .bgra: (b, g, r, a) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .argb: (a, r, g, b) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .rgba: (r, g, b, a) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .abgr: (a, b, g, r) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .bgrx: (b, g, r, a) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), 255)
                case .xrgb: (a, r, g, b) = (255, UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .rgbx: (r, g, b, a) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), 255)
                case .xbgr: (a, b, g, r) = (255, UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                case .gray: (a, r, g, b) = (255, UInt32(p[0]), UInt32(p[0]), UInt32(p[0]))
                case .alpha: (a, r, g, b) = (UInt32(p[0]), 0, 0, 0)
                }
                // Premultiplied colour can not exceed alpha; clamp what the caller wrote.
                dst[x] = a << 24 | Swift.min(r, a) << 16 | Swift.min(g, a) << 8 | Swift.min(b, a)
            }
        }
    }

    /// Copies the drawing surface inside `area` (all when nil) back into the caller's layout. Gray takes the Rec. 601 luma
    /// of the colour composited over black (the gray context has no alpha).
    func store(_ surface: Surface, to data: UnsafeMutableRawPointer, bytesPerRow: Int, area: IntRect? = nil) {
        let r = (area ?? IntRect(surface)).intersection(IntRect(surface))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let dst = (data + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let src = surface.row(y)
            for x in r.x0..<r.x1 {
                let v = src[x]
                let a = UInt8(v >> 24), r = UInt8(v >> 16 & 0xFF), g = UInt8(v >> 8 & 0xFF), b = UInt8(v & 0xFF)
                let p = dst + x * bytesPerPixel
                switch self {
                case .bgra: p[0] = b; p[1] = g; p[2] = r; p[3] = a
                case .argb: p[0] = a; p[1] = r; p[2] = g; p[3] = b
                case .rgba: p[0] = r; p[1] = g; p[2] = b; p[3] = a
                case .abgr: p[0] = a; p[1] = b; p[2] = g; p[3] = r
                // No alpha: the premultiplied colour is the colour over black; the unused byte is 255.
                case .bgrx: p[0] = b; p[1] = g; p[2] = r; p[3] = 255
                case .xrgb: p[0] = 255; p[1] = r; p[2] = g; p[3] = b
                case .rgbx: p[0] = r; p[1] = g; p[2] = b; p[3] = 255
                case .xbgr: p[0] = 255; p[1] = b; p[2] = g; p[3] = r
                case .gray: p[0] = BitmapLayout.luma(r, g, b)
                case .alpha: p[0] = a
                }
            }
        }
    }

    /// Rec. 601 luma, rounded: (299 R + 587 G + 114 B) / 1000.
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let sum: UInt32 = 299 * UInt32(r) + 587 * UInt32(g) + 114 * UInt32(b)
        return UInt8((sum + 500) / 1000)
    }
}
