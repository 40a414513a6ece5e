import QuartzCore

/// The state of a continuous gesture, as UIKit's `UIGestureRecognizer.State`.
public enum GestureState: Sendable, Equatable {
    /// The gesture was recognised (a pan: the pointer moved past the slop with the button held).
    case began
    /// The gesture goes on (a pan: the pointer moved again).
    case changed
    /// The gesture finished (a pan: the button was released).
    case ended
}

/// A drag with the primary button: where it is and how far it moved.
public struct PanGesture: Sendable, Equatable {
    /// Began (the first move past the slop), changed, or ended (the button was released).
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

/// A raw pointer event, before gesture recognition: what UIKit builds its touches on.
///
/// Strata's own type. Every button press, pointer move (held button or hovering) and release
/// reaches `LayerWindow.onPointer`; scroll-wheel steps arrive as `.scroll` with a delta of +1
/// (up) or −1 (down).
public struct PointerEvent: Sendable, Equatable {
    /// What happened.
    public enum Phase: Sendable, Equatable {
        /// A button went down.
        case down
        /// The pointer moved (with `button` still held, or 0 when none is).
        case moved
        /// A button went up.
        case up
        /// One scroll-wheel step (`scrollDelta` says which way).
        case scroll
    }
    /// What happened: a press, a move, a release or a wheel step.
    public var phase: Phase
    /// The pointer, in window points (y down).
    public var location: CGPoint
    /// The button: 1 primary, 2 middle, 3 secondary; 0 for a move with no button held.
    public var button: Int
    /// Presses in quick succession at about the same place: 1 for a single click, 2 for a
    /// double click… (UIKit's `tapCount`). Counted on `.down`, carried through `.moved`/`.up`.
    public var clickCount: Int
    /// +1 for a wheel step up, −1 down; 0 for other phases.
    public var scrollDelta: CGFloat
    /// Whether Shift was held.
    public var shift: Bool
    /// When the event was handled, on the media clock (`CACurrentMediaTime()`).
    public var timestamp: CFTimeInterval

    /// An event with these fields (the window makes them; tests and UIKit may too).
    public init(phase: Phase, location: CGPoint, button: Int, clickCount: Int = 1, scrollDelta: CGFloat = 0,
                shift: Bool = false, timestamp: CFTimeInterval) {
        self.phase = phase; self.location = location; self.button = button; self.clickCount = clickCount
        self.scrollDelta = scrollDelta; self.shift = shift; self.timestamp = timestamp
    }
}

/// Counts clicks: a press within `interval` seconds and `slop` points of the last one adds one.
struct ClickCounter {
    var interval: CFTimeInterval = 0.35
    var slop: CGFloat = 4
    private var last: (location: CGPoint, time: CFTimeInterval, count: Int)?

    /// The click count of a press at `p` at time `t`.
    mutating func press(at p: CGPoint, time t: CFTimeInterval) -> Int {
        var count = 1
        if let last, t - last.time <= interval, abs(p.x - last.location.x) <= slop, abs(p.y - last.location.y) <= slop {
            count = last.count + 1
        }
        last = (p, t, count)
        return count
    }

    /// The count of the press in progress (1 before any press).
    var current: Int { last?.count ?? 1 }
}
