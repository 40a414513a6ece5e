import Foundation
import QuartzCore
import Raster

/// The card-flip seed's background, "Space-03.jpg": a starfield with coloured nebulae, made
/// procedurally (the seed's photo is not ours to ship) and stored as `space-03.png`.
///
/// Strata extension (demo code). `scripts/make-space-image` writes the asset with
/// `strata make-space-image`; the demo loads it from the StrataDemos resource bundle and falls
/// back to drawing it when the bundle is missing (a copied binary).
public enum SpaceBackground {
    /// The asset's size in pixels (the seed's iPhone screen, 320 × 480, at 2×).
    public static let width = 640, height = 960
    /// The asset's file name in the resource bundle.
    public static let fileName = "space-03.png"

    /// Draws the image: a deep-blue vertical gradient, three soft nebulae (radial gradients)
    /// and 700 stars whose places, sizes and brightness come from SplitMix64 seeded 3.
    public static func makeImage(width: Int = width, height: Int = height) -> CGImage {
        let w = max(1, width), h = max(1, height)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let space = CGColorSpaceCreateDeviceRGB()
        let sky = CGGradient(colorsSpace: space, colors: [CGColor(red: 0.01, green: 0.01, blue: 0.05, alpha: 1),
                                                          CGColor(red: 0.04, green: 0.03, blue: 0.14, alpha: 1)],
                             locations: nil)!
        ctx.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: h), options: [])
        let W = CGFloat(w), H = CGFloat(h)
        let nebulae: [(CGPoint, CGFloat, CGColor)] = [
            (CGPoint(x: 0.30 * W, y: 0.68 * H), 0.45 * W, CGColor(red: 0.55, green: 0.15, blue: 0.50, alpha: 0.55)),
            (CGPoint(x: 0.75 * W, y: 0.30 * H), 0.40 * W, CGColor(red: 0.10, green: 0.35, blue: 0.65, alpha: 0.50)),
            (CGPoint(x: 0.60 * W, y: 0.85 * H), 0.25 * W, CGColor(red: 0.80, green: 0.45, blue: 0.20, alpha: 0.35)),
        ]
        for (center, radius, color) in nebulae {
            let g = CGGradient(colorsSpace: space, colors: [color, color.copy(alpha: 0)!], locations: nil)!
            ctx.drawRadialGradient(g, startCenter: center, startRadius: 0, endCenter: center, endRadius: radius, options: [])
        }
        var rng = SplitMix64(seed: 3)
        for _ in 0..<700 {
            let x = rng.unit() * Double(w), y = rng.unit() * Double(h)
            let big = rng.unit() < 0.06
            let r = big ? 1.2 + rng.unit() * 1.3 : 0.4 + rng.unit() * 0.7
            let b = 0.5 + rng.unit() * 0.5
            let tint = rng.unit()
            ctx.setFillColor(CGColor(red: b * (tint < 0.2 ? 0.8 : 1), green: b * 0.95, blue: b * (tint > 0.8 ? 0.75 : 1), alpha: 1))
            ctx.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }
        return ctx.makeImage()!
    }

    /// The shipped asset, or the image drawn afresh (with a message) when it cannot be read.
    public static func image() -> CGImage {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()].map {
            $0.appendingPathComponent("Strata_StrataDemos.resources/Resources/\(fileName)")
        }
        for url in candidates where FileManager.default.fileExists(atPath: url.path) {
            if let image = try? CGImage(contentsOfPNGFile: url) { return image }
        }
        StrataDiagnostics.report("\(fileName) not found next to the executable; drawing the space background instead")
        return makeImage()
    }

    /// A layer showing the background, filling `size` (aspect fill, as a `UIImageView` showing
    /// the seed's screen-sized photo).
    public static func layer(size: CGSize) -> CALayer {
        let layer = CALayer()
        layer.name = "background"
        layer.frame = CGRect(origin: .zero, size: size)
        layer.contents = image()
        layer.contentsGravity = .resizeAspectFill
        layer.masksToBounds = true
        return layer
    }
}
