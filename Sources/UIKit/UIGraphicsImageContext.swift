import Foundation

/// Begins an image context of `size` points (Strata's bitmap context at `scale` pixels per
/// point; 0 means the screen's scale, 1 in Strata), y down with the origin at the top left as
/// UIKit draws, and makes it current.
///
/// A size that is empty, not finite, or over the bitmap limit begins nothing (with a message):
/// `UIGraphicsGetCurrentContext()` stays as it was and `UIGraphicsGetImageFromCurrentImageContext()`
/// gives nil (iOS logs an error too).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 && scale.isFinite ? scale : UIGraphicsRendererScale.screen
    guard let context = UIGraphicsRendererScale.makeContext(size: size, scale: s, opaque: opaque,
                                                            caller: "UIGraphicsBeginImageContextWithOptions") else { return }
    let stack = GraphicsContextStack.current
    stack.imageContexts.append((stack.contexts.count, s))
    stack.contexts.append(context)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// An image of the current image context (nil when the current context is not one begun by
/// `UIGraphicsBeginImageContext…`).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    let stack = GraphicsContextStack.current
    guard let last = stack.imageContexts.last, last.index == stack.contexts.count - 1,
          let image = stack.contexts[last.index].makeImage() else { return nil }
    return UIImage(cgImage: image, scale: last.scale, orientation: .up)
}

/// Ends the current image context (pops it); when the current context is not an image context,
/// does nothing (with a message).
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let last = stack.imageContexts.last, last.index == stack.contexts.count - 1 else {
        return StrataDiagnostics.report("UIGraphicsEndImageContext(): the current context is not an image context; ignored")
    }
    stack.imageContexts.removeLast()
    stack.contexts.removeLast()
}

