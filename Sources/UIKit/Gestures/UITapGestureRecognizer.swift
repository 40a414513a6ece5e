import Foundation

/// Recognises taps: `numberOfTapsRequired` presses and releases in quick succession that
/// stay within 10 points of where they began (discrete: the action runs once, at `.ended`).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (1 by default).
    open var numberOfTapsRequired = 1
    /// Fingers needed (1 by default; a pointer is one finger).
    open var numberOfTouchesRequired = 1
    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        if numberOfTouchesRequired != 1 || t.tapCount > numberOfTapsRequired { state = .failed; return }
        start = t.windowLocation
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first, let start else { return }
        if hypot(t.windowLocation.x - start.x, t.windowLocation.y - start.y) > 10 { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first, state == .possible else { return }
        // Fewer taps than required: stay possible for the next press (the click counter says
        // whether it continues the sequence).
        if t.tapCount == numberOfTapsRequired { state = .recognized }
    }

    open override func reset() { start = nil }
}

/// Recognises drags: it begins once the touch has moved 10 points, then reports
/// `translation(in:)` (from where the touch went down) and `velocity(in:)` as it changes.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Touches needed (1 by default).
    open var minimumNumberOfTouches = 1
    /// Touches allowed (unlimited by default).
    open var maximumNumberOfTouches = Int.max
    private var origin: CGPoint?
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// How far the touch moved since it went down (or since `setTranslation`), in `view`'s
    /// coordinate system (the distance, not a position: only the view's scale and rotation apply).
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin, let now = lastLocation else { return .zero }
        return vectorToView(CGPoint(x: now.x - origin.x, y: now.y - origin.y), view)
    }

    /// Makes the translation `translation` (in `view`'s coordinates) from here on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let now = lastLocation, translation.x.isFinite, translation.y.isFinite else { return }
        let w = vectorFromView(translation, view)
        origin = CGPoint(x: now.x - w.x, y: now.y - w.y)
    }

    /// Points per second over the last 0.1 s before the latest event (the release, once the
    /// touch ended), in `view`'s coordinate system.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }),
              last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return vectorToView(CGPoint(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt), view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        origin = t.windowLocation
        samples = [(t.timestamp, t.windowLocation)]
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first, let origin else { return }
        samples.append((t.timestamp, t.windowLocation))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
        switch state {
        case .possible:
            if hypot(t.windowLocation.x - origin.x, t.windowLocation.y - origin.y) >= 10 { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The release is a sample too: a finger that rests before it lifts ends with no velocity
        // (a sheet flicked, held, then let go must not fly on with the flick's speed).
        if let t = touches.first { samples.append((t.timestamp, t.windowLocation)) }
        if state == .began || state == .changed { state = .ended } else { state = .failed }
    }

    open override func reset() { origin = nil; samples = [] }

    /// A window-space vector in `view`'s coordinates (difference of two converted points).
    private func vectorToView(_ v: CGPoint, _ view: UIView?) -> CGPoint {
        let a = convertFromWindow(.zero, to: view), b = convertFromWindow(v, to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func vectorFromView(_ v: CGPoint, _ view: UIView?) -> CGPoint {
        guard let view, let window = touchWindow ?? view.window, view !== window else { return v }
        let a = view.convert(CGPoint.zero, to: window), b = view.convert(v, to: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}

/// Recognises a press held for `minimumPressDuration` without moving more than
/// `allowableMovement`; continuous: `.began`, `.changed` as it moves, `.ended` on release.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds the press must last (0.5 by default).
    open var minimumPressDuration: TimeInterval = 0.5
    /// Points the touch may move before it begins (10 by default).
    open var allowableMovement: CGFloat = 10
    /// Taps before the press (0 by default).
    open var numberOfTapsRequired = 0
    /// Touches needed (1 by default).
    open var numberOfTouchesRequired = 1
    private var start: CGPoint?
    private var timer: DispatchWorkItem?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        if t.tapCount != numberOfTapsRequired + 1 { state = .failed; return }
        start = t.windowLocation
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.state == .possible, self.start != nil else { return }
                self.state = .began
            }
        }
        timer = item
        let delay = minimumPressDuration.isFinite ? max(minimumPressDuration, 0) : 0.5
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first, let start else { return }
        switch state {
        case .possible:
            if hypot(t.windowLocation.x - start.x, t.windowLocation.y - start.y) > allowableMovement {
                state = .failed
                timer?.cancel()
            }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        timer?.cancel()
        if state == .began || state == .changed { state = .ended } else { state = .failed }
    }

    open override func reset() { timer?.cancel(); timer = nil; start = nil }
}

/// Recognises pinches; here from the scroll wheel (each step zooms by 10 %, up zooms in), as a
/// pointer has no second finger. Continuous: `.began` at the first step, `.changed` after
/// each, `.ended` 0.25 s after the last.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale since the pinch began (1 at the start; settable, as on iOS).
    open var scale: CGFloat = 1
    /// Scale per second at the last step.
    open private(set) var velocity: CGFloat = 0
    private var lastStep: TimeInterval?

    /// One wheel step of `delta` (+1 up, −1 down) at `p` (window coordinates).
    func wheelStep(_ delta: CGFloat, at p: CGPoint, in window: UIWindow, time: TimeInterval) {
        touchWindow = window
        lastLocation = p
        let factor = pow(1.1, delta)
        let before = scale
        scale *= factor
        if let last = lastStep, time > last { velocity = (scale - before) / (time - last) } else { velocity = 0 }
        lastStep = time
        state = (state == .began || state == .changed) ? .changed : .began
    }

    /// The wheel stopped.
    func wheelEnded() {
        guard state == .began || state == .changed else { return }
        state = .ended
        state = .possible
        reset()
    }

    open override func reset() { scale = 1; velocity = 0; lastStep = nil }
}
