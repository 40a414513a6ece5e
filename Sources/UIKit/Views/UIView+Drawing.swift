import Foundation

/// Drawing with `draw(_:)`: the view is its layer's delegate, so the layer's display asks the
/// view to draw into the layer's backing store, with that context current for
/// `UIGraphicsGetCurrentContext()`.
extension UIView {
    /// Marks the whole view for redrawing (its `draw(_:)` runs before the next frame).
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the view for redrawing (the whole view is redrawn).
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
}

/// Which view classes draw, found the first time a view of each class displays: a class whose
/// `draw(_:)` is UIView's own draws nothing, and its layers get no backing store (as on iOS,
/// where only `drawRect:` overrides get one). No Objective-C runtime to ask for the override,
/// so the base implementation notes that it ran.
@MainActor
enum ViewDrawing {
    static var defaultDrawWasCalled = false
    private static var drawsByClass: [ObjectIdentifier: Bool] = [:]

    static func classDraws(_ view: UIView) -> Bool? { drawsByClass[ObjectIdentifier(type(of: view))] }

    /// Displays `layer` for `view`: a backing store drawn by `draw(_:)` when the class draws.
    /// An image view never draws (its image is its layer's contents; iOS does not call its
    /// subclasses' `draw(_:)` either).
    static func display(_ layer: CALayer, of view: UIView) {
        if view is UIImageView { return }
        let known = classDraws(view)
        if known == false { return }
        let previous = layer.contents
        layer.drawBackingStore()
        // The first view of a class that turned out not to draw keeps what its contents were
        // (an image the app set, as views without `draw(_:)` keep on iOS), not the probe's bitmap.
        if known == nil, classDraws(view) == false { layer.contents = previous }
    }

    /// The layer asks for content: push `ctx` as the current context and call `draw(_:)`.
    static func draw(_ view: UIView, in ctx: CGContext) {
        defaultDrawWasCalled = false
        ctx.saveGState()
        UIGraphicsPushContext(ctx)
        view.draw(view.bounds)
        UIGraphicsPopContext()
        ctx.restoreGState()
        let id = ObjectIdentifier(type(of: view))
        if drawsByClass[id] == nil { drawsByClass[id] = !defaultDrawWasCalled }
    }
}

extension UIView: CALayerDelegate {
    /// The view's actions for its layer: none outside an animation block (`NSNull`, so view
    /// changes are immediate); inside one, an animation with the block's parameters.
    nonisolated public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard MainQueue.isCurrent else { return NSNull() }
        let box = UncheckedBox<(CALayer, CAAction?)>((layer, nil))
        MainActor.assumeIsolated { box.value.1 = ViewAnimationStack.action(for: self, layer: box.value.0, key: event) }
        return box.value.1
    }

    /// Lays out the subviews (`layoutSubviews`) when the layer lays out.
    nonisolated public func layoutSublayers(of layer: CALayer) {
        guard MainQueue.isCurrent else { return }
        let box = UncheckedBox(layer)
        MainActor.assumeIsolated {
            guard box.value === self.layer else { return }
            self.layoutSubviews()
        }
    }

    /// Displays the layer through `draw(_:)`.
    nonisolated public func display(_ layer: CALayer) {
        guard MainQueue.isCurrent else { return }
        let box = UncheckedBox(layer)
        MainActor.assumeIsolated {
            guard box.value === self.layer else { return }
            ViewDrawing.display(box.value, of: self)
        }
    }

    /// Draws the layer's backing store: `ctx` becomes the current context for `draw(_:)`.
    nonisolated public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard MainQueue.isCurrent else { return }
        let box = UncheckedBox((layer, ctx))
        MainActor.assumeIsolated {
            guard box.value.0 === self.layer else { return }
            ViewDrawing.draw(self, in: box.value.1)
        }
    }
}
