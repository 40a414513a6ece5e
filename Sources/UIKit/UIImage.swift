import Foundation

/// UIKit's image: a `CGImage` with a scale (pixels per point), an orientation (how its pixels
/// are turned to show upright), cap insets and a rendering mode.
///
/// Decoding and encoding are Strata's (PNG through libpng, JPEG through libjpeg-turbo); data
/// that is corrupt, truncated, empty or of another format gives nil, as on iOS (with a message
/// naming the problem).
///
/// Differs from Apple: no SF Symbols (`init(systemName:)` gives nil), no asset catalogs
/// (`init(named:)` reads plain files, see `UIImage+Named.swift`), no HEIC/GIF; `pngData()` and
/// `jpegData(compressionQuality:)` write the pixels as stored, without applying the orientation;
/// a resizable image draws its centre and edges stretched, `.tile` included.
open class UIImage: NSObject, @unchecked Sendable {
    private let image: CGImage
    /// Pixels per point (1, 2 or 3 for `@2x`, `@3x` files).
    public let scale: CGFloat
    /// How the stored pixels are turned to show upright.
    public let imageOrientation: Orientation
    /// The edges that stay unstretched when the image is resized (see `resizableImage`).
    public private(set) var capInsets: UIEdgeInsets = .zero
    /// How a resizable image fills its middle.
    public private(set) var resizingMode: ResizingMode = .tile
    /// Whether the image is drawn as it is or as a template in the tint colour.
    public private(set) var renderingMode: RenderingMode = .automatic
    /// For an animated image: its frames (nil for a plain image).
    public private(set) var images: [UIImage]?
    /// For an animated image: the time one cycle of `images` takes, in seconds.
    public private(set) var duration: TimeInterval = 0

    /// An image of `cgImage` at `scale` pixels per point (a non-positive or non-finite scale
    /// means 1), shown turned by `orientation`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        image = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        imageOrientation = orientation
        super.init()
    }

    /// An image of `cgImage` at scale 1, upright.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// The image decoded from PNG or JPEG bytes, at scale 1; nil when they are not a readable image.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// The image decoded from PNG or JPEG bytes at `scale`; nil when they are not a readable image.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let source = CGImageSourceCreateWithData(data, nil), CGImageSourceGetCount(source) == 1 else {
            StrataDiagnostics.report("UIImage(data:): \(data.count) bytes that are neither PNG nor JPEG; nil")
            return nil
        }
        guard let cg = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
        self.init(cgImage: cg, scale: scale, orientation: .up)
    }

    /// The image in the PNG or JPEG file at `path` (its scale from an `@2x`/`@3x` name); nil when
    /// there is no readable image there.
    public convenience init?(contentsOfFile path: String) {
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, !path.utf8.contains(0), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
              !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFileNamed: (path as NSString).lastPathComponent))
    }

    /// SF Symbols are not available in Strata: always nil.
    public convenience init?(systemName name: String) {
        return nil
    }

    /// An animated image: `images` shown one after another over `duration` seconds (the first
    /// frame's size and scale). Nil for no frames.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first, let cg = first.cgImage else { return nil }
        let animated = UIImage(cgImage: cg, scale: first.scale, orientation: first.imageOrientation)
        animated.images = images
        animated.duration = duration.isFinite && duration > 0 ? duration : Double(images.count) / 30
        return animated
    }

    /// The pixels.
    open var cgImage: CGImage? { image }

    /// The size in points: pixels divided by the scale, width and height swapped for the
    /// orientations that turn the image a quarter.
    open var size: CGSize {
        let w = CGFloat(image.width) / scale, h = CGFloat(image.height) / scale
        return imageOrientation.isQuarterTurn ? CGSize(width: h, height: w) : CGSize(width: w, height: h)
    }

    /// A copy with `capInsets` (in points) that keep the edges unstretched, resized by tiling.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// A copy with `capInsets` and `resizingMode`.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        let copy = variant()
        let finite = [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right].allSatisfy { $0.isFinite && $0 >= 0 }
        if !finite {
            StrataDiagnostics.report("UIImage.resizableImage(withCapInsets: \(capInsets)): insets must be finite and not negative; using zero")
        }
        copy.capInsets = finite ? capInsets : .zero
        copy.resizingMode = resizingMode
        return copy
    }

    /// A copy drawn with `renderingMode`.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = variant()
        copy.renderingMode = renderingMode
        return copy
    }

    /// The part of the image that stretches, in unit coordinates of the image (y down), for a
    /// layer's `contentsCenter`: the whole image when there are no cap insets.
    var contentsCenter: CGRect {
        guard capInsets != .zero else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let s = size
        guard s.width > 0, s.height > 0 else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let x = min(capInsets.left / s.width, 1), y = min(capInsets.top / s.height, 1)
        return CGRect(x: x, y: y, width: max(1 - x - capInsets.right / s.width, 0),
                      height: max(1 - y - capInsets.bottom / s.height, 0))
    }

    private func variant() -> UIImage {
        let copy = UIImage(cgImage: image, scale: scale, orientation: imageOrientation)
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        copy.renderingMode = renderingMode
        copy.images = images
        copy.duration = duration
        return copy
    }

    /// `@2x` → 2, `@3x` → 3 (before the extension), else 1.
    static func scale(ofFileNamed name: String) -> CGFloat {
        let base = (name as NSString).deletingPathExtension
        for k in [2, 3] where base.hasSuffix("@\(k)x") { return CGFloat(k) }
        return 1
    }

    // MARK: Encoding

    /// The pixels as PNG (nil only when encoding fails).
    open func pngData() -> Data? {
        do { return try image.pngData() } catch {
            StrataDiagnostics.report("UIImage.pngData(): \(error)")
            return nil
        }
    }

    /// The pixels as JPEG at `compressionQuality` (0 smallest … 1 best, clamped), over black
    /// where transparent (JPEG has no alpha).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        let q = compressionQuality.isNaN ? 0.75 : min(max(compressionQuality, 0), 1)
        do { return try image.jpegData(quality: Double(q)) } catch {
            StrataDiagnostics.report("UIImage.jpegData(compressionQuality:): \(error)")
            return nil
        }
    }
}

/// `image.pngData()`, the C function's spelling.
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }
/// `image.jpegData(compressionQuality:)`, the C function's spelling.
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}

extension UIImage {
    /// How an image's pixels are turned to show upright (EXIF's eight orientations).
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored

        var isQuarterTurn: Bool { [.left, .right, .leftMirrored, .rightMirrored].contains(self) }

        /// Maps the stored image's unit square (y down) onto the shown one.
        var unitTransform: CGAffineTransform {
            switch self {
            case .up: return .identity
            case .upMirrored: return CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
            case .down: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
            case .downMirrored: return CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
            case .right: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
            case .rightMirrored: return CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
            case .left: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
            case .leftMirrored: return CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1)
            }
        }
    }

    /// How a resizable image fills the area between its caps.
    public enum ResizingMode: Int, Sendable {
        case tile, stretch
    }

    /// How an image is drawn: as it is, or as a template (its alpha, in the tint colour).
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }
}
