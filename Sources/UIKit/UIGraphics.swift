import Foundation

/// UIKit's current-context stack, one per thread (as on iOS, where each thread has its own):
/// `UIGraphicsPushContext`, `UIGraphicsBeginImageContext…`, `UIGraphicsImageRenderer` and a
/// view's `draw(_:)` push a context, and `UIGraphicsGetCurrentContext()` is the top one.
final class GraphicsContextStack {
    var contexts: [CGContext] = []
    /// For each image context begun (`UIGraphicsBeginImageContext…`), its index in `contexts`
    /// and its scale.
    var imageContexts: [(index: Int, scale: CGFloat)] = []

    static let key = "strata.UIKit.graphicsContextStack"

    /// Pops `context` and whatever was pushed above it and left there (a block that forgot to
    /// pop); nothing when `context` is not on the stack (a block popped it already).
    func pop(through context: CGContext) {
        guard let index = contexts.lastIndex(where: { $0 === context }) else { return }
        contexts.removeSubrange(index...)
        imageContexts.removeAll { $0.index >= index }
    }

    static var current: GraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        dictionary[key] = stack
        return stack
    }
}

/// The context UIKit drawing goes to on this thread: the one pushed last, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.contexts.last
}

/// Makes `context` the current one on this thread until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.contexts.append(context)
}

/// Restores the context that was current before the last `UIGraphicsPushContext`; with none
/// pushed, does nothing (with a message).
public func UIGraphicsPopContext() {
    let stack = GraphicsContextStack.current
    guard !stack.contexts.isEmpty else {
        return StrataDiagnostics.report("UIGraphicsPopContext(): no context was pushed on this thread; ignored")
    }
    if let last = stack.imageContexts.last, last.index == stack.contexts.count - 1 {
        stack.imageContexts.removeLast()
    }
    stack.contexts.removeLast()
}

/// Bitmap contexts for UIKit drawing.
enum UIGraphicsRendererScale {
    /// The screen scale Strata renders at (one pixel per point).
    static let screen: CGFloat = 1

    /// A premultiplied BGRA sRGB context of `size` points at `scale` (pixels rounded up), its
    /// CTM flipped so user space is UIKit's: origin top left, y down, in points. An opaque
    /// context starts opaque black, as Apple's do; otherwise transparent.
    static func makeContext(size: CGSize, scale: CGFloat, opaque: Bool, caller: String) -> CGContext? {
        let w = size.width * scale, h = size.height * scale
        guard w.isFinite, h.isFinite, w > 0, h > 0, w <= CGFloat(CGImage.maximumDimension), h <= CGFloat(CGImage.maximumDimension) else {
            StrataDiagnostics.report("\(caller): size \(size) at scale \(scale) is not a drawable bitmap size; no context")
            return nil
        }
        let pw = Int(w.rounded(.up)), ph = Int(h.rounded(.up))
        guard pw * ph <= CGImage.maximumPixelCount else {
            StrataDiagnostics.report("\(caller): \(pw) × \(ph) pixels is over the bitmap limit; no context")
            return nil
        }
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let context = CGContext(data: nil, width: pw, height: ph, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: info) else { return nil }
        if opaque {
            context.setFillColor(gray: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: pw, height: ph))
        }
        context.translateBy(x: 0, y: CGFloat(ph))
        context.scaleBy(x: scale, y: -scale)
        return context
    }
}
