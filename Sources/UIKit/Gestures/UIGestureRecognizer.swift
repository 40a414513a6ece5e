import Foundation

/// The base of gesture recognisers: a state machine fed with the touches of its view (and of
/// the view's subviews), calling its actions as the state changes.
///
/// Actions are closures (`UITapGestureRecognizer { tap in … }`, `addAction(_:)`): Linux has no
/// Objective-C runtime, so `init(target:action:)` with a selector is unavailable.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// The recogniser's state.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognised (same as `ended`).
        public static let recognized = State.ended
    }

    private var actions: [(UIGestureRecognizer) -> Void] = []

    /// The state. Setting `.began`, `.changed`, `.ended` (`.recognized`) or `.cancelled` calls
    /// the actions, as on iOS; subclasses set it from their touch methods. Leaving `.possible`
    /// for `.began` or `.recognized` first asks the views the touches are in
    /// (`UIView.gestureRecognizerShouldBegin(_:)`); a view that refuses makes it `.failed`.
    open var state: State {
        get { currentState }
        set {
            if currentState == .possible, newValue == .began || newValue == .ended, !touchedViewsAllowBegin() {
                currentState = .failed
                return
            }
            currentState = newValue
            switch newValue {
            case .began, .changed, .ended, .cancelled: for action in actions { action(self) }
            case .possible, .failed: break
            }
        }
    }
    private var currentState: State = .possible

    private func touchedViewsAllowBegin() -> Bool {
        touches.allSatisfy { $0.view?.gestureRecognizerShouldBegin(self) ?? true }
    }

    /// The view the recogniser is attached to.
    open internal(set) weak var view: UIView?
    /// Whether it receives touches (true by default); disabling it cancels a gesture in flight.
    open var isEnabled = true {
        didSet { if !isEnabled, state == .began || state == .changed { state = .cancelled } }
    }
    /// Whether recognising takes the touch from the view (`touchesCancelled`); true by default.
    open var cancelsTouchesInView = true
    /// Whether the view gets `touchesBegan` only after this recogniser fails (false by default;
    /// accepted, not implemented: the view always gets it).
    open var delaysTouchesBegan = false
    /// Accepted for compatibility (true by default).
    open var delaysTouchesEnded = true
    /// The delegate.
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A name for debugging.
    open var name: String?

    private var touches: [UITouch] = []
    private var failureRequirements: [WeakRecognizer] = []

    /// A recogniser with no action yet.
    public required override init() { super.init() }

    @available(*, unavailable, message: "Linux has no Objective-C runtime for selectors: use init(handler:) or addAction(_:)")
    public convenience init(target: Any?, action: Any?) { self.init() }

    @available(*, unavailable, message: "Linux has no Objective-C runtime for selectors: use addAction(_:)")
    open func addTarget(_ target: Any, action: Any) {}

    /// Adds a closure called on every state change that sends actions.
    open func addAction(_ handler: @escaping (UIGestureRecognizer) -> Void) { actions.append(handler) }

    /// Removes every action.
    open func removeAllActions() { actions.removeAll() }

    /// The centroid of the touches in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard !touches.isEmpty else { return lastLocation.map { convertFromWindow($0, to: view) } ?? .zero }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.windowLocation.x, y: $0.y + $1.windowLocation.y) }
        let n = CGFloat(touches.count)
        return convertFromWindow(CGPoint(x: sum.x / n, y: sum.y / n), to: view)
    }

    /// The number of touches.
    open var numberOfTouches: Int { touches.count }

    /// This recogniser recognises only after `other` failed.
    open func require(toFail other: UIGestureRecognizer) { failureRequirements.append(WeakRecognizer(other)) }

    /// Back to `.possible` after a gesture (called by the system); subclasses reset their own state.
    open func reset() {}

    /// Touch input; subclasses override these.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }

    /// Whether this and `other` may recognise at the same time (the delegate decides; no).
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false
    }

    // MARK: Dispatch (TouchDispatcher)

    /// Where the touches last were (window coordinates), for `location(in:)` after they ended.
    var lastLocation: CGPoint?
    /// The window the touches are in.
    weak var touchWindow: UIWindow?

    /// Whether touches of the current sequence still reach this recogniser.
    var receivesTouches: Bool { isEnabled && (state == .possible || state == .began || state == .changed) }

    /// Whether this recogniser has recognised its gesture (began or ended).
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }

    func receive(_ t: UITouch, event: UIEvent) {
        touchWindow = t.window
        lastLocation = t.windowLocation
        switch t.phase {
        case .began:
            if let delegate, !delegate.gestureRecognizer(self, shouldReceive: t) { return }
            if touches.isEmpty, let delegate, !delegate.gestureRecognizerShouldBegin(self) { state = .failed; return }
            touches.append(t)
            touchesBegan([t], with: event)
        case .moved, .stationary:
            touchesMoved([t], with: event)
        case .ended:
            touchesEnded([t], with: event)
            touches.removeAll { $0 === t }
        case .cancelled:
            touchesCancelled([t], with: event)
            touches.removeAll { $0 === t }
        }
        if hasRecognized, failureRequirements.contains(where: { $0.value.map { $0.state == .possible || $0.hasRecognized } ?? false }) {
            // Waiting on another recogniser's failure: this one cannot recognise now.
            state = .failed
        }
    }

    /// The touch sequence is over: a finished recogniser goes back to `.possible`.
    func touchSequenceEnded() {
        touches.removeAll()
        if state == .ended || state == .failed || state == .cancelled {
            state = .possible
            reset()
        }
    }

    func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = touchWindow ?? view.window, view !== window else { return p }
        return view.convert(p, from: window)
    }
}

/// A weak reference to a recogniser (for failure requirements).
@MainActor
struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
}

/// A gesture recogniser's delegate.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

extension UIView {
    /// The recognisers attached to this view.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }
        set {
            for r in _gestureRecognizers { r.view = nil }
            _gestureRecognizers = newValue ?? []
            for r in _gestureRecognizers { r.view?.removeGestureRecognizer(r); r.view = self }
        }
    }

    /// Attaches `gestureRecognizer` (moving it from another view).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        _gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        _gestureRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }
}

/// Gives every recogniser class a closure initialiser typed by that class, Strata's form of
/// `init(target:action:)`: `UIPanGestureRecognizer { pan in pan.translation(in: view) }`
/// reads the pan's own API without a cast (the handler took a `UIGestureRecognizer`, so iOS
/// code ported to closures needed `g as! UIPanGestureRecognizer` in every handler).
@preconcurrency @MainActor
public protocol UIGestureRecognizerClosureInit: UIGestureRecognizer {}

extension UIGestureRecognizer: UIGestureRecognizerClosureInit {}

extension UIGestureRecognizerClosureInit {
    /// A recogniser calling `handler` with itself on every state change that iOS sends an
    /// action for.
    public init(handler: @escaping (Self) -> Void) {
        self.init()
        addAction { recognizer in
            // Always this recogniser, so always `Self`.
            if let me = recognizer as? Self { handler(me) }
        }
    }
}
