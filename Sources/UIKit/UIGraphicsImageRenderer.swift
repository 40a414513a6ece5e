import Foundation
import Raster

/// The parameters of a graphics renderer.
open class UIGraphicsRendererFormat: NSObject, NSCopying, @unchecked Sendable {
    /// The area drawn, in points (set by the renderer).
    open internal(set) var bounds: CGRect = .zero

    public override init() { super.init() }

    /// The default format.
    open class func `default`() -> UIGraphicsRendererFormat { UIGraphicsRendererFormat() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UIGraphicsRendererFormat()
        c.bounds = bounds
        return c
    }
}

/// An image renderer's format: pixels per point and whether the image is opaque.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
    /// Pixels per point; defaults to the screen's scale (1 in Strata).
    open var scale: CGFloat = UIGraphicsRendererScale.screen
    /// Whether the image has no alpha: it starts opaque black instead of transparent.
    open var opaque = false
    /// The colour range (stored; Strata renders standard sRGB).
    open var preferredRange: Range = .automatic

    /// The range of colours an image holds.
    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended = 1, standard = 2 }

    public override init() { super.init() }

    /// The default format: screen scale, not opaque.
    open override class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format best for the device: the default.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = UIGraphicsImageRendererFormat()
        c.bounds = bounds
        c.scale = scale
        c.opaque = opaque
        c.preferredRange = preferredRange
        return c
    }
}

/// What a renderer's drawing block gets: the Core Graphics context and a few shortcuts.
open class UIGraphicsRendererContext: NSObject {
    /// The context, current (pushed) while the block runs; UIKit's space: y down, in points.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Fills `rect` with the current fill colour and `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }
    /// Strokes `rect` with the current stroke colour.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Strokes `rect` with the current stroke colour and `blendMode`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }
    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The context of an image renderer's block.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    private let scale: CGFloat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        scale = format.scale
        super.init(cgContext: cgContext, format: format)
    }
    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage() ?? UIGraphicsImageRenderer.emptyImage, scale: scale, orientation: .up)
    }
}

/// The base of UIKit's renderers.
open class UIGraphicsRenderer: NSObject {
    /// The area drawn, in points.
    public let bounds: CGRect

    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        self.bounds = bounds
        super.init()
    }
}

/// Draws into a bitmap of `bounds.size` points at the format's scale and makes images of it:
/// `renderer.image { ctx in … }`. The block's context is pushed as the current UIGraphics
/// context (so `UIColor.setFill()`, `UIBezierPath.fill()`, `UIImage.draw(in:)` and string
/// drawing reach it), y down with the origin at `bounds.origin`.
///
/// A size that is empty, not finite or too large gives an image of zero size without running
/// the block (with a message; iOS logs an error too).
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
    /// The format the renderer was made with (a copy).
    public let format: UIGraphicsImageRendererFormat

    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        let f = format.copy() as! UIGraphicsImageRendererFormat
        if !(f.scale > 0 && f.scale.isFinite) { f.scale = UIGraphicsRendererScale.screen }
        f.bounds = bounds
        self.format = f
        super.init(bounds: bounds, format: f)
    }

    /// Runs `actions` on a fresh bitmap and returns the image.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let cg = render(actions) ?? Self.emptyImage
        return UIImage(cgImage: cg, scale: format.scale, orientation: .up)
    }

    /// Runs `actions` on a fresh bitmap and returns it as PNG.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// Runs `actions` on a fresh bitmap and returns it as JPEG.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    private func render(_ actions: (UIGraphicsImageRendererContext) -> Void) -> CGImage? {
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite,
              let ctx = UIGraphicsRendererScale.makeContext(size: bounds.size, scale: format.scale, opaque: format.opaque,
                                                           caller: "UIGraphicsImageRenderer(bounds: \(bounds))") else { return nil }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: ctx, format: format)
        UIGraphicsPushContext(ctx)
        actions(rendererContext)
        GraphicsContextStack.current.pop(through: ctx)
        return ctx.makeImage()
    }

    /// A 0 × 0 image.
    static var emptyImage: CGImage { CGImage(surface: Surface(width: 0, height: 0)) }
}
