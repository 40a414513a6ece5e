import Foundation

/// One touch: here, the pointer from its button press to its release.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where the touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The phase of the latest event.
    open internal(set) var phase: Phase
    /// How many times the pointer was pressed in quick succession at about this place.
    open internal(set) var tapCount: Int
    /// When the latest event happened (media time).
    open internal(set) var timestamp: TimeInterval
    /// The view the touch began in (the hit-tested view); it keeps it while it moves.
    open internal(set) weak var view: UIView?
    /// The window of the touch.
    open internal(set) weak var window: UIWindow?
    /// The gesture recognisers receiving this touch.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// The radius of the touch (a pointer has none).
    open var majorRadius: CGFloat { 0 }

    /// Positions in window coordinates (y down).
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint

    /// A touch at `location` (window coordinates) in `window`, hitting `view`. Strata addition,
    /// for tests and event synthesis.
    public init(phase: Phase = .began, location: CGPoint, tapCount: Int = 1, timestamp: TimeInterval = 0,
                view: UIView?, window: UIWindow?) {
        self.phase = phase
        self.tapCount = tapCount
        self.timestamp = timestamp
        self.view = view
        self.window = window
        windowLocation = location
        previousWindowLocation = location
        super.init()
    }

    /// The touch's position in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// The touch's position at the previous event, in `view`'s coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    private func convert(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return p }
        return view.convert(p, from: window)
    }

    /// Moves the touch to `location` with `phase` at `timestamp`.
    func update(phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.phase = phase
        previousWindowLocation = windowLocation
        windowLocation = location
        self.timestamp = timestamp
    }
}
