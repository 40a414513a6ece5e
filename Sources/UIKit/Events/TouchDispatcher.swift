import Foundation
import StrataApp

/// Turns a window's pointer events into touches (the primary button) and pinches (the wheel),
/// and delivers them: gesture recognisers of the touched view and its ancestors first, then the
/// view itself unless a recogniser took the touch, then up the responder chain by default.
@MainActor
final class TouchDispatcher {
    private unowned let window: UIWindow
    private var touch: UITouch?
    /// Recognisers whose `cancelsTouchesInView` took the current touch from its view.
    private var viewCancelled = false
    private var pinch: UIPinchGestureRecognizer?
    private var pinchEnd: DispatchWorkItem?

    init(window: UIWindow) { self.window = window }

    /// One raw pointer event from the X11 window.
    func handle(_ e: PointerEvent) {
        switch e.phase {
        case .down where e.button == 1:
            if let t = touch { finish(t, phase: .cancelled, at: e.location, time: e.timestamp) }
            let t = UITouch(phase: .began, location: e.location, tapCount: max(1, e.clickCount),
                            timestamp: e.timestamp, view: nil, window: window)
            let event = UIEvent(touches: [t], timestamp: e.timestamp)
            t.view = window.hitTest(e.location, with: event)
            t.gestureRecognizers = recognizers(from: t.view)
            touch = t
            viewCancelled = false
            window.sendEvent(event)
        case .moved:
            guard let t = touch else { return }
            t.update(phase: .moved, location: e.location, timestamp: e.timestamp)
            window.sendEvent(UIEvent(touches: [t], timestamp: e.timestamp))
        case .up where e.button == 1:
            guard let t = touch else { return }
            finish(t, phase: .ended, at: e.location, time: e.timestamp)
        case .scroll:
            scroll(by: e.scrollDelta, at: e.location, time: e.timestamp)
        default:
            break
        }
    }

    private func finish(_ t: UITouch, phase: UITouch.Phase, at p: CGPoint, time: TimeInterval) {
        t.update(phase: phase, location: p, timestamp: time)
        touch = nil
        window.sendEvent(UIEvent(touches: [t], timestamp: time))
    }

    /// The enabled recognisers of `view` and its ancestors, nearest first.
    private func recognizers(from view: UIView?) -> [UIGestureRecognizer] {
        var out: [UIGestureRecognizer] = []
        var v = view
        while let current = v {
            out += current._gestureRecognizers.filter { $0.isEnabled && !($0 is UIPinchGestureRecognizer) }
            v = current._superview
        }
        return out
    }

    /// Delivers a touch event (from `UIWindow.sendEvent`).
    func deliver(_ event: UIEvent) {
        for t in event.touches {
            let recognizers = t.gestureRecognizers ?? []
            for r in recognizers where r.receivesTouches {
                r.receive(t, event: event)
                if r.hasRecognized {
                    for other in recognizers where other !== r && other.state == .possible
                        && !r.recognizesSimultaneously(with: other) {
                        other.state = .failed
                    }
                    if r.cancelsTouchesInView, !viewCancelled {
                        viewCancelled = true
                        if t.phase != .began { t.view?.touchesCancelled([t], with: event) }
                    }
                }
            }
            if !viewCancelled, let view = t.view {
                switch t.phase {
                case .began: view.touchesBegan([t], with: event)
                case .moved, .stationary: view.touchesMoved([t], with: event)
                case .ended: view.touchesEnded([t], with: event)
                case .cancelled: view.touchesCancelled([t], with: event)
                }
            }
            if t.phase == .ended || t.phase == .cancelled {
                for r in recognizers { r.touchSequenceEnded() }
            }
        }
    }

    // MARK: Wheel pinches

    /// A wheel step zooms by 10 % (up: in) through the nearest pinch recogniser; the pinch
    /// ends 0.25 s after the last step.
    func scroll(by delta: CGFloat, at p: CGPoint, time: TimeInterval) {
        guard delta.isFinite, delta != 0 else { return }
        if pinch == nil {
            var v = window.hitTest(p, with: nil)
            while let current = v, pinch == nil {
                pinch = current._gestureRecognizers.first { $0.isEnabled && $0 is UIPinchGestureRecognizer } as? UIPinchGestureRecognizer
                v = current._superview
            }
        }
        guard let pinch else { return }
        pinch.wheelStep(delta, at: p, in: window, time: time)
        pinchEnd?.cancel()
        let end = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.endPinch() } }
        pinchEnd = end
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25, execute: end)
    }

    func endPinch() {
        pinch?.wheelEnded()
        pinch = nil
    }
}
