extension CGPath {
    /// A path element as a Swift value, for the engine (Strata only).
    package enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath

        /// The element with every point mapped by `t` (exact for Béziers, as `t` is affine).
        package func applying(_ t: CGAffineTransform) -> Element {
            if t.isIdentity { return self }
            switch self {
            case let .move(p): return .move(to: p.applying(t))
            case let .line(p): return .line(to: p.applying(t))
            case let .quadCurve(p, c): return .quadCurve(to: p.applying(t), control: c.applying(t))
            case let .curve(p, c1, c2):
                return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }

        /// Control points then the end point, as `CGPathElement.points` lists them.
        package var points: [CGPoint] {
            switch self {
            case let .move(p), let .line(p): return [p]
            case let .quadCurve(p, c): return [c, p]
            case let .curve(p, c1, c2): return [c1, c2, p]
            case .closeSubpath: return []
            }
        }

        /// Calls `body` with the control points then the end point, in `points`' order, without
        /// building an array (`points` allocates one per element).
        @inline(__always)
        package func forEachPoint(_ body: (CGPoint) -> Void) {
            switch self {
            case let .move(p), let .line(p): body(p)
            case let .quadCurve(p, c): body(c); body(p)
            case let .curve(p, c1, c2): body(c1); body(c2); body(p)
            case .closeSubpath: break
            }
        }

        /// Whether every point of the element is finite.
        package var isFinite: Bool {
            var finite = true
            forEachPoint { finite = finite && $0.x.isFinite && $0.y.isFinite }
            return finite
        }

        /// The matching `CGPathElementType`.
        package var type: CGPathElementType {
            switch self {
            case .move: return .moveToPoint
            case .line: return .addLineToPoint
            case .quadCurve: return .addQuadCurveToPoint
            case .curve: return .addCurveToPoint
            case .closeSubpath: return .closeSubpath
            }
        }
    }

    /// One drawing segment with its start point, for walking a path geometrically.
    package enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)
    }

    /// Calls `body` with each subpath start (`begin`), each segment, and each close, resolving
    /// the implicit start of a subpath drawn after `closeSubpath` without a move.
    package func walk(begin: (CGPoint) -> Void, segment: (Segment) -> Void, close: () -> Void) {
        var start: CGPoint?
        var current: CGPoint?
        var open = false
        for element in elements {
            switch element {
            case let .move(p):
                start = p; current = p; open = true
                begin(p)
            case .closeSubpath:
                if open { close() }
                open = false
                current = start
            default:
                guard let from = current else { continue }
                if !open { begin(from); open = true }
                switch element {
                case let .line(p): segment(.line(from, p)); current = p
                case let .quadCurve(p, c): segment(.quad(from, c, p)); current = p
                case let .curve(p, c1, c2): segment(.cubic(from, c1, c2, p)); current = p
                default: break
                }
            }
        }
    }
}
