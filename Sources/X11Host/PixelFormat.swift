import CX11

/// How a `0xAARRGGBB` pixel lands in the display's images.
struct PixelFormat {
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let bitsPerPixel: Int32
    let isLSBFirst: Bool
    let redMask: UInt, greenMask: UInt, blueMask: UInt

    /// True when a `Surface` row can be copied byte for byte: 32 bits per pixel, LSB first,
    /// red in bits 16–23, green 8–15, blue 0–7 (alpha on top, ignored by a depth-24 visual).
    var isNative: Bool {
        bitsPerPixel == 32 && isLSBFirst
            && redMask == 0xFF_0000 && greenMask == 0xFF00 && blueMask == 0xFF
    }

    /// Reads the default visual of `screen`; nil (with a reason) when it is not TrueColor.
    static func read(display: OpaquePointer, screen: Int32) -> Result<PixelFormat, X11Error> {
        let visual = XDefaultVisual(display, screen)!
        let depth = XDefaultDepth(display, screen)
        var template = XVisualInfo()
        template.visualid = XVisualIDFromVisual(visual)
        var count: Int32 = 0
        guard let infos = XGetVisualInfo(display, Int(VisualIDMask), &template, &count), count > 0 else {
            return .failure(.requestFailed("XGetVisualInfo found no information on the default visual"))
        }
        defer { XFree(infos) }
        let info = infos.pointee
        guard info.`class` == TrueColor else {
            return .failure(.requestFailed(
                "the default visual is not TrueColor (class \(info.`class`)); Strata needs a TrueColor display"))
        }
        var bitsPerPixel: Int32 = 0
        var formatCount: Int32 = 0
        if let formats = XListPixmapFormats(display, &formatCount) {
            for i in 0..<Int(formatCount) where formats[i].depth == depth {
                bitsPerPixel = formats[i].bits_per_pixel
            }
            XFree(formats)
        }
        return .success(PixelFormat(
            visual: visual, depth: depth, bitsPerPixel: bitsPerPixel,
            isLSBFirst: XImageByteOrder(display) == LSBFirst,
            redMask: info.red_mask, greenMask: info.green_mask, blueMask: info.blue_mask))
    }

    /// A short description for the one-time note, e.g. "depth 16, 16 bits per pixel, LSB first".
    var summary: String {
        "depth \(depth), \(bitsPerPixel) bits per pixel, \(isLSBFirst ? "LSB" : "MSB") first, "
            + "masks R 0x\(String(redMask, radix: 16)) G 0x\(String(greenMask, radix: 16)) B 0x\(String(blueMask, radix: 16))"
    }
}

/// Packs 8-bit channels into a TrueColor pixel value through the visual's masks.
struct ChannelPacker {
    private let shifts: (Int, Int, Int)
    private let maxima: (UInt32, UInt32, UInt32)

    init(_ format: PixelFormat) {
        func split(_ mask: UInt) -> (Int, UInt32) {
            guard mask != 0 else { return (0, 0) }
            let shift = mask.trailingZeroBitCount
            return (shift, UInt32(truncatingIfNeeded: (1 << (~(mask >> UInt(shift))).trailingZeroBitCount) - 1))
        }
        let r = split(format.redMask), g = split(format.greenMask), b = split(format.blueMask)
        shifts = (r.0, g.0, b.0)
        maxima = (r.1, g.1, b.1)
    }

    /// The pixel value for premultiplied `0xAARRGGBB` shown over black (so the colour
    /// channels are used as they are), each channel rounded to the mask's width.
    func pack(_ argb: UInt32) -> UInt {
        func scale(_ c: UInt32, _ max: UInt32) -> UInt { UInt((c * max + 127) / 255) }
        let r = scale((argb >> 16) & 0xFF, maxima.0)
        let g = scale((argb >> 8) & 0xFF, maxima.1)
        let b = scale(argb & 0xFF, maxima.2)
        return r << UInt(shifts.0) | g << UInt(shifts.1) | b << UInt(shifts.2)
    }
}
