import UIKit

/// The pixel at (x, y) of `image` (top-left origin) as premultiplied `0xAARRGGBB`, read the way
/// client code reads a CGImage: through its data provider.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> UInt32 {
    let data = image.dataProvider!.data!
    let offset = y * image.bytesPerRow + x * 4
    return data.withUnsafeBytes { raw in
        let b = UInt32(raw[offset]), g = UInt32(raw[offset + 1]), r = UInt32(raw[offset + 2]), a = UInt32(raw[offset + 3])
        return a << 24 | r << 16 | g << 8 | b
    }
}

func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> UInt32 { pixel(image.cgImage!, x, y) }

/// A `w` × `h` image whose pixel (x, y) is `color(x, y)` (opaque colours), drawn through a renderer.
func patternImage(_ w: Int, _ h: Int, scale: CGFloat = 1, _ color: (Int, Int) -> UIColor) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: CGSize(width: CGFloat(w) / scale, height: CGFloat(h) / scale), format: format).image { ctx in
        ctx.cgContext.scaleBy(x: 1 / scale, y: 1 / scale)
        for y in 0..<h {
            for x in 0..<w {
                color(x, y).setFill()
                ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
    }
}
