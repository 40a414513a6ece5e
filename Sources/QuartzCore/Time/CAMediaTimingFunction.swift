/// A cubic Bézier from (0, 0) to (1, 1) that maps an animation's time fraction to its progress.
///
/// Differs from Apple: an unknown name is reported through `StrataDiagnostics` and gives the
/// linear function (Apple raises an exception); control-point x values are clamped to 0…1 so the curve stays a function of time.
public final class CAMediaTimingFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    // Immutable after init, hence Sendable.
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float

    /// Creates one of Apple's predefined timing functions.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        default:
            StrataDiagnostics.report("CAMediaTimingFunction(name: \"\(name.rawValue)\"): unknown name (Apple raises an exception); using linear")
            self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Creates a timing function with control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func clampX(_ v: Float) -> Float { v.isNaN ? 0 : min(max(v, 0), 1) }
        func finiteY(_ v: Float) -> Float { v.isFinite ? v : 0 }
        self.c1x = clampX(c1x)
        self.c1y = finiteY(c1y)
        self.c2x = clampX(c2x)
        self.c2y = finiteY(c2y)
        super.init()
    }

    /// Timing functions support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the two control points.
    public func encode(with coder: NSCoder) {
        coder.encode(c1x, forKey: "c1x"); coder.encode(c1y, forKey: "c1y")
        coder.encode(c2x, forKey: "c2x"); coder.encode(c2y, forKey: "c2y")
    }

    /// A timing function decoded from `encode(with:)`'s archive; nil when it is not one.
    public convenience init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding, coder.containsValue(forKey: "c1x") else { return nil }
        self.init(controlPoints: coder.decodeFloat(forKey: "c1x"), coder.decodeFloat(forKey: "c1y"),
                  coder.decodeFloat(forKey: "c2x"), coder.decodeFloat(forKey: "c2y"))
    }

    /// Writes control point `idx` (0…3: (0, 0), c1, c2, (1, 1)) as two floats to `ptr`.
    ///
    /// An index outside 0…3 leaves `ptr` untouched (Apple's behaviour is undefined there).
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// Whether both functions have the same control points.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y
    }

    /// A hash consistent with `isEqual(_:)`.
    public override var hash: Int {
        var h = Hasher()
        h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y)
        return h.finalize()
    }

    /// A description listing the control points.
    public override var description: String {
        "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y))"
    }

    /// Progress at time fraction `x` (clamped to 0…1), accurate to better than 1e-6.
    ///
    /// Solves x(s) = x for the curve parameter s by Newton's method, falling back to bisection
    /// when the slope is too flat, then returns y(s).
    package func evaluate(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        let x = min(max(x, 0), 1)
        if x == 0 || x == 1 { return x }
        let p1x = Double(c1x), p1y = Double(c1y), p2x = Double(c2x), p2y = Double(c2y)
        if p1x == p1y && p2x == p2y { return x }  // the linear function
        // Power-basis coefficients of x(s) and y(s): ((a s + b) s + c) s.
        let cx = 3 * p1x, bx = 3 * (p2x - p1x) - cx, ax = 1 - cx - bx
        let cy = 3 * p1y, by = 3 * (p2y - p1y) - cy, ay = 1 - cy - by
        func curveX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func curveY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
        func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

        var s = x
        for _ in 0..<8 {
            let err = curveX(s) - x
            let d = slopeX(s)
            if abs(d) < 1e-6 { break }
            // Accept once the next step in s is negligible: s is then accurate to ~1e-12.
            if abs(err / d) < 1e-12, s >= 0, s <= 1 { return curveY(s) }
            s -= err / d
        }
        // Newton stalled on a flat slope: bisect; x(s) is monotonic on 0…1 because both control
        // x values are in 0…1. 50 halvings narrow s to 1e-15.
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            s = (lo + hi) / 2
            if curveX(s) < x { lo = s } else { hi = s }
        }
        s = (lo + hi) / 2
        return curveY(s)
    }
}

extension CAMediaTimingFunction {
    /// The first time fraction at which the function's progress reaches `progress`: bracketed
    /// on 64 steps (a curve whose control points leave 0…1 may overshoot and come back), then
    /// bisected to 1e-12. The inverse of `evaluate(at:)` where that is monotonic.
    package func firstTime(reaching progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        var lo = 0.0, hi = 1.0
        for i in 1...64 where evaluate(at: Double(i) / 64) >= progress {
            lo = Double(i - 1) / 64; hi = Double(i) / 64
            break
        }
        while hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if evaluate(at: mid) < progress { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The function run backwards in time, f'(s) = 1 − f(1 − s): its control points turned half
    /// a turn. An animation from the end back to the start with it shows, at each moment, what
    /// the forward one shows.
    package var reversedInTime: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: 1 - c2x, 1 - c2y, 1 - c1x, 1 - c1y)
    }
}

extension Optional where Wrapped == CAMediaTimingFunction {
    /// Progress at `x` through the function, or `x` itself (clamped to 0…1) when nil, as on Apple.
    package func evaluate(at x: Double) -> Double {
        switch self {
        case .some(let f): return f.evaluate(at: x)
        case .none: return x.isNaN ? 0 : min(max(x, 0), 1)
        }
    }
}
