/// An object that responds to an event on a layer: an animation, or `NSNull` to do nothing.
public protocol CAAction: AnyObject {
    /// Called when the action runs; `object` is the layer, `event` the key or event name.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action does nothing: returned from an action lookup it stops the search, as on Apple.
extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Something an animation can add itself to when run as an action (`CALayer` conforms).
///
/// Not in Apple's API: on Apple, `CAAnimation.run(forKey:object:arguments:)` calls the layer's
/// `add(_:forKey:)` directly; here `QuartzCore`'s layer code adopts this protocol so the animation
/// code needs no layer.
package protocol CAAnimationTarget: AnyObject {
    func add(_ anim: CAAnimation, forKey key: String?)
}
