/// The object a layer asks for actions and content. All methods are optional.
///
/// Differs from Apple: `draw(_:in:)` arrives with the CGContext work.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: nil to continue the search, `NSNull()` to stop it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Called before the layer lays out its sublayers.
    func layoutSublayers(of layer: CALayer)
    /// Supplies the layer's content (typically by setting `contents`) when it is displayed.
    func display(_ layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func layoutSublayers(of layer: CALayer) {}
    public func display(_ layer: CALayer) {}
}
