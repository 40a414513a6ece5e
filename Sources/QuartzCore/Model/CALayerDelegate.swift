/// The object a layer asks for actions, layout and content. All methods are optional.
///
/// Differs from Apple: Swift on Linux cannot ask an object whether it implements an optional
/// method, so the default `display(_:)` does what Apple does for a delegate without one: it
/// draws the layer's backing store through `draw(in:)`, which calls `draw(_:in:)`. A delegate
/// that implements `display(_:)` replaces that, as on Apple.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: nil to continue the search, `NSNull()` to stop it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Called before the layer lays out its sublayers.
    func layoutSublayers(of layer: CALayer)
    /// Supplies the layer's content (typically by setting `contents`) when it is displayed.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (the layer's own coordinates, origin top-left).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer's backing store is drawn.
    func layerWillDraw(_ layer: CALayer)
}

/// The optional methods' defaults (Swift cannot ask whether a delegate implements one).
extension CALayerDelegate {
    /// No action: the search goes on to the layer's `actions`, `style` and default action.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Nothing: the layer lays out its sublayers itself.
    public func layoutSublayers(of layer: CALayer) {}
    /// Draws the backing store through `draw(_:in:)`, as Apple does for a delegate without
    /// `display(_:)`.
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Nothing.
    public func layerWillDraw(_ layer: CALayer) {}
}
