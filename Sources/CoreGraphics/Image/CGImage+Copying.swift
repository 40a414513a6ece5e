import Raster

extension CGImage {
    /// A copy of the image (Apple's `copy()`; images are immutable, so the copy shares nothing
    /// observable with the original).
    public func copy() -> CGImage? {
        let out = Surface(width: width, height: height)
        for y in 0..<height { out.row(y).update(from: surface.row(y), count: width) }
        return CGImage(surface: out)
    }

    /// The image masked by `mask` (Apple's `masking(_:)` with a grayscale image as the mask):
    /// the mask is stretched over the image and its gray level acts as an inverse alpha, so
    /// black shows the image and white hides it.
    ///
    /// Differs from Apple: Strata has no 1-bit image masks (`CGImage(maskWidth:…)`), so every
    /// mask is read as gray (the sRGB luminance of its colour, over black where it is
    /// transparent), sampled at the nearest pixel. Never nil.
    public func masking(_ mask: CGImage) -> CGImage? {
        let out = Surface(width: width, height: height)
        for y in 0..<height {
            let my = min(mask.height - 1, y * mask.height / height)
            let src = surface.row(y), dst = out.row(y), mrow = mask.surface.row(my)
            for x in 0..<width {
                let mx = min(mask.width - 1, x * mask.width / width)
                let m = mrow[mx]
                // Premultiplied over black: the channels are already the gray's contribution.
                let r = (m >> 16) & 0xFF, g = (m >> 8) & 0xFF, b = m & 0xFF
                let gray = (2126 * r + 7152 * g + 722 * b + 5000) / 10000
                let keep = 255 - gray
                let p = src[x]
                func scale(_ c: UInt32) -> UInt32 { (c * keep + 127) / 255 }
                dst[x] = scale(p >> 24) << 24 | scale((p >> 16) & 0xFF) << 16 | scale((p >> 8) & 0xFF) << 8 | scale(p & 0xFF)
            }
        }
        return CGImage(surface: out)
    }
}
