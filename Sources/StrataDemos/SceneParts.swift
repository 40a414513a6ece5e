import QuartzCore

/// Pieces the scenes share: a root layer, colours, and the orientation image that stands in
/// for the book's pictures.
enum SceneParts {
    /// The book figures' light background.
    static let paper = CGColor(gray: 0.9, alpha: 1)                      // 0xFFE6E6E6
    /// The image's body colour and the colour of its "L".
    static let imageBody: UInt32 = 0xFFF2_9933                           // orange
    static let imageMark: UInt32 = 0xFF1A_338C                           // navy

    /// Runs `body` inside a transaction with actions disabled, so building a tree adds no
    /// implicit animations.
    static func withoutActions<T>(_ body: () -> T) -> T {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return body()
    }

    /// A root layer filling a canvas of `size`, painted `color`.
    static func root(_ size: CGSize, color: CGColor) -> CALayer {
        let root = CALayer()
        root.name = "root"
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = color
        return root
    }

    /// A layer of `size` centred on `center`, showing the orientation image.
    static func picture(size: CGFloat, center: CGPoint, name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        layer.position = center
        layer.contents = orientationImage(side: Int(size))
        return layer
    }

    /// A square image, `side` pixels wide: an orange body with a navy "L" whose bar is on the
    /// left (x in 20 %…40 % of the side, y in 20 %…80 %) and whose foot runs right along the
    /// bottom (y in 60 %…80 %, x up to 80 %). No flip or rotation of it looks the same, so a
    /// mirrored or turned layer shows at a glance.
    static func orientationImage(side: Int) -> CGImage {
        let n = max(side, 5)
        let a = n / 5, b = 2 * n / 5, c = 3 * n / 5, d = 4 * n / 5
        var pixels = [UInt32](repeating: imageBody, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let bar = x >= a && x < b && y >= a && y < d
                let foot = x >= a && x < d && y >= c && y < d
                if bar || foot { pixels[y * n + x] = imageMark }
            }
        }
        // The size is within CGImage's limits and the count matches, so this cannot throw.
        return try! CGImage(width: n, height: n, premultipliedBGRA: pixels)
    }

    /// An opaque colour from 8-bit sRGB components (exact in the renderer's 8-bit output).
    static func color(_ r: Int, _ g: Int, _ b: Int) -> CGColor {
        CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }
}
