import Foundation

/// The base of controls: states (normal, highlighted, disabled, selected), touch tracking, and
/// actions run for events (`addAction(_:for:)` with `UIAction` closures).
///
/// Target–action with selectors needs the Objective-C runtime: `addTarget(_:action:for:)` is
/// unavailable; `addAction(_:for:)` (iOS 14's closure API) does the same.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// A control's state.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Control events (Apple's bit values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    private var registered: [(action: UIAction, events: Event)] = []
    private var trackingInside = false

    /// Whether the control responds (disabled controls are dimmed by subclasses).
    open var isEnabled = true { didSet { stateDidChange() } }
    /// Whether the control is selected.
    open var isSelected = false { didSet { stateDidChange() } }
    /// Whether a touch is down inside the control.
    open var isHighlighted = false { didSet { stateDidChange() } }
    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside.
    open var isTouchInside: Bool { trackingInside }

    /// The state as flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changed; subclasses restyle here.
    open func stateDidChange() {}

    /// Runs `action` when any of `controlEvents` happens (replacing an action with the same
    /// identifier).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        registered.removeAll { $0.action.identifier == action.identifier }
        registered.append((action, controlEvents))
    }

    /// Stops running `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action with `identifier` for `controlEvents`.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        for i in registered.indices.reversed() where registered[i].action.identifier == identifier {
            registered[i].events.subtract(controlEvents)
            if registered[i].events.isEmpty { registered.remove(at: i) }
        }
    }

    /// Runs the actions registered for any of `controlEvents`, in the order added.
    open func sendActions(for controlEvents: Event) {
        for (action, events) in registered where !events.isDisjoint(with: controlEvents) {
            sendAction(action)
        }
    }

    /// Runs one action with this control as sender.
    open func sendAction(_ action: UIAction) { action.perform(sender: self) }

    /// The events with actions.
    open var allControlEvents: Event { registered.reduce([]) { $0.union($1.events) } }

    @available(*, unavailable, message: "Linux has no Objective-C runtime for selectors: use addAction(UIAction { _ in … }, for: events)")
    open func addTarget(_ target: Any?, action: Any, for controlEvents: Event) {}

    // MARK: Tracking (as iOS: a touch within 70 points of the bounds still counts as inside)

    private func isInsideForTracking(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let t = touches.first else { return }
        isTracking = true
        trackingInside = true
        isHighlighted = true
        sendActions(for: t.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let t = touches.first else { return }
        let inside = isInsideForTracking(t)
        if inside != trackingInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        trackingInside = inside
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let t = touches.first else { return }
        isTracking = false
        isHighlighted = false
        if isInsideForTracking(t) {
            sendActions(for: [.touchUpInside, .primaryActionTriggered])
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
