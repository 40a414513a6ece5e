import Foundation

/// An event: the touches that changed together, and when.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// Kinds of events.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }

    /// The event's kind (`.touches` for pointer presses, moves and releases).
    open internal(set) var type: EventType
    /// When it happened (media time).
    open internal(set) var timestamp: TimeInterval
    var touches: Set<UITouch>
    weak var window: UIWindow?

    /// An event of `touches`. Strata addition, for tests and event synthesis.
    public init(type: EventType = .touches, touches: Set<UITouch>, timestamp: TimeInterval) {
        self.type = type
        self.touches = touches
        self.timestamp = timestamp
        window = touches.first?.window
        super.init()
    }

    /// Every touch of the event.
    open var allTouches: Set<UITouch>? { touches }

    /// The touches whose view is `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        let t = touches.filter { $0.view === view }
        return t.isEmpty ? nil : t
    }

    /// The touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        let t = touches.filter { $0.window === window }
        return t.isEmpty ? nil : t
    }
}
