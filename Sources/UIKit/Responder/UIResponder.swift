import Foundation

/// An object that responds to and handles events: views, windows and the application form the
/// responder chain, through `next`.
///
/// Main-actor isolated as on iOS (`@MainActor`, imported by Swift 5 code as `@preconcurrency`,
/// so calls from non-isolated Swift 5 code warn rather than fail, as against Apple's SDK).
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }

    /// The next responder in the chain: a view's superview (or its window), a window's
    /// application, the application's delegate when it is a responder; nil at the end.
    open var next: UIResponder? { nil }

    /// Whether this responder can become the first responder (false by default).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder is the first responder of its application.
    open var isFirstResponder: Bool { UIApplication.firstResponder === self }

    /// Makes this responder the first responder when it can; returns whether it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIApplication.firstResponder, current !== self, !current.resignFirstResponder() { return false }
        UIApplication.firstResponder = self
        return true
    }

    /// Whether this responder agrees to give up first-responder status (true by default).
    open var canResignFirstResponder: Bool { true }

    /// Gives up first-responder status; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIApplication.firstResponder === self { UIApplication.firstResponder = nil }
        return true
    }

    /// One or more fingers (here: the pointer's button) touched down. The default passes the
    /// touches up the responder chain, as on iOS.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }
    /// Touches moved; the default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }
    /// Touches lifted; the default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }
    /// The system cancelled the touches (a gesture recogniser took them); the default passes
    /// them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }
}
