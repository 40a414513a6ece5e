/// Receives an animation's start and stop.
///
/// Differs from Apple: the methods are not `@objc optional` (Linux has no Objective-C runtime);
/// default implementations that do nothing make them optional to implement, and the protocol
/// only requires a class rather than `NSObjectProtocol`.
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation begins its active duration.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation completes (`flag` true) or is removed from its layer early (`flag` false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
