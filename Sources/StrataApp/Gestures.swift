import QuartzCore

/// The state of a continuous gesture, as UIKit's `UIGestureRecognizer.State`.
public enum GestureState: Sendable, Equatable {
    case began, changed, ended
}

/// A drag with the primary button: where it is and how far it moved.
public struct PanGesture: Sendable, Equatable {
    public var state: GestureState
    /// The pointer, in window points (y down).
    public var location: CGPoint
    /// Movement since the gesture began (UIKit's `translation(in:)`).
    public var translation: CGPoint
    /// Movement since the previous event of this gesture (the seed's "set translation to zero" delta).
    public var delta: CGPoint
}

/// A click: press and release without moving more than a few points.
public struct TapGesture: Sendable, Equatable {
    /// Where the tap happened, in window points (y down).
    public var location: CGPoint
}

/// A key press delivered to the app.
public struct KeyPress: Sendable, Equatable {
    /// The X keysym (see `X11KeySym` for named ones).
    public var keysym: UInt32
    /// The printable character, if any.
    public var character: Character?
    /// Whether Shift was held.
    public var shift: Bool
}

/// Turns raw pointer events into pan and tap gestures (a press that moves more than
/// `slop` points becomes a pan; otherwise its release is a tap).
struct GestureRecognizer {
    var slop: CGFloat = 4
    private var start: CGPoint?
    private var last: CGPoint = .zero
    private var panning = false

    enum Output { case pan(PanGesture), tap(TapGesture) }

    mutating func press(_ p: CGPoint) {
        start = p; last = p; panning = false
    }

    mutating func move(_ p: CGPoint) -> Output? {
        guard let s = start else { return nil }
        let dx = p.x - s.x, dy = p.y - s.y
        if !panning {
            guard dx * dx + dy * dy > slop * slop else { return nil }
            panning = true
            let g = PanGesture(state: .began, location: p, translation: CGPoint(x: dx, y: dy),
                               delta: CGPoint(x: p.x - last.x, y: p.y - last.y))
            last = p
            return .pan(g)
        }
        let g = PanGesture(state: .changed, location: p, translation: CGPoint(x: dx, y: dy),
                           delta: CGPoint(x: p.x - last.x, y: p.y - last.y))
        last = p
        return .pan(g)
    }

    mutating func release(_ p: CGPoint) -> Output? {
        guard let s = start else { return nil }
        defer { start = nil; panning = false }
        if panning {
            return .pan(PanGesture(state: .ended, location: p, translation: CGPoint(x: p.x - s.x, y: p.y - s.y),
                                   delta: CGPoint(x: p.x - last.x, y: p.y - last.y)))
        }
        return .tap(TapGesture(location: p))
    }
}
