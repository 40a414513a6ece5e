/// A basic animation driven by a damped spring: `fromValue` to `toValue` with overshoot.
///
/// The spring runs on the animation's local time in seconds (the `timingFunction` is ignored);
/// set `duration` to `settlingDuration` to see it settle. Differs from Apple: `settlingDuration`
/// is the time after which the spring stays within 0.1 % of the distance from its target
/// (Apple does not document its threshold); a spring with no damping never settles
/// (`settlingDuration` is `.infinity`); non-positive mass or stiffness jump straight to the end.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring. Defaults to 1.
    open var mass: CGFloat = 1
    /// The spring stiffness coefficient. Defaults to 100.
    open var stiffness: CGFloat = 100
    /// The damping coefficient. Defaults to 10.
    open var damping: CGFloat = 10
    /// The initial velocity, in distances (from → to) per second; positive moves towards the target.
    open var initialVelocity: CGFloat = 0
    /// Whether damping above critical is honoured; when false (the default) it is clamped to critical.
    open var allowsOverdamping: Bool = false

    /// Creates a spring that settles in about `perceptualDuration` seconds with `bounce` (−1…1).
    ///
    /// As on Apple (and SwiftUI's `Spring(duration:bounce:)`): mass 1, stiffness (2π / d)²,
    /// damping 4π(1 − bounce) / d for bounce ≥ 0, 4π / (d (1 + bounce)) for negative bounce
    /// (overdamped, so `allowsOverdamping` is set).
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let d = (perceptualDuration > 0 && perceptualDuration.isFinite) ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -0.99), 1) : 0
        mass = 1
        stiffness = CGFloat((2 * Double.pi / d) * (2 * Double.pi / d))
        if b >= 0 {
            damping = CGFloat(4 * Double.pi * (1 - Double(b)) / d)
        } else {
            damping = CGFloat(4 * Double.pi / (d * (1 + Double(b))))
            allowsOverdamping = true
        }
    }

    /// The period of the undamped spring, 2π √(mass / stiffness).
    open var perceptualDuration: TimeInterval {
        guard mass > 0, stiffness > 0 else { return 0 }
        return 2 * .pi / (Double(stiffness) / Double(mass)).squareRoot()
    }

    /// How bouncy the spring is: 1 − ζ when underdamped, 1/ζ − 1 when overdamped (ζ the damping ratio).
    open var bounce: CGFloat {
        guard let zeta = model?.zeta, zeta > 0 else { return 1 }
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// The time the spring takes to come to rest within 0.1 % of its target.
    open var settlingDuration: CFTimeInterval {
        guard let model else { return 0 }
        return model.settlingTime(threshold: 1e-3)
    }

    /// A copy sharing no mutable state with the receiver.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CASpringAnimation {
            c.mass = mass
            c.stiffness = stiffness
            c.damping = damping
            c.initialVelocity = initialVelocity
            c.allowsOverdamping = allowsOverdamping
        }
        return copy
    }

    /// The fraction of the way from start to end (overshooting past 1) at `t` seconds.
    package override func progress(atLocalTime t: CFTimeInterval, duration: CFTimeInterval) -> Double {
        guard let model else { return 1 }
        return model.progress(at: max(t, 0))
    }

    private var model: SpringModel? {
        SpringModel(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                    velocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }
}

/// The closed-form damped harmonic oscillator behind `CASpringAnimation`.
///
/// Displacement from the target x(t), normalised so x(0) = 1 and x'(0) = −v0; progress = 1 − x.
struct SpringModel {
    let omega: Double   // undamped angular frequency √(k/m)
    let zeta: Double    // damping ratio c / (2√(km))
    let v0: Double

    init?(mass: Double, stiffness: Double, damping: Double, velocity: Double, allowsOverdamping: Bool) {
        guard mass > 0, stiffness > 0, mass.isFinite, stiffness.isFinite else { return nil }
        omega = (stiffness / mass).squareRoot()
        var z = damping.isFinite ? max(damping, 0) / (2 * (stiffness * mass).squareRoot()) : 0
        if !allowsOverdamping { z = min(z, 1) }
        zeta = z
        v0 = velocity.isFinite ? velocity : 0
    }

    func displacement(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / wd
            return exp(-zeta * omega * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega * t) * (1 + (omega - v0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// An upper bound on |x| for all times ≥ t.
    private func envelope(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / wd
            return exp(-zeta * omega * t) * (1 + b * b).squareRoot()
        } else if zeta == 1 {
            return exp(-omega * t) * (1 + abs(omega - v0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            return abs(1 - c2) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// The last time |x| exceeds `threshold`, to 1e-6 s; `.infinity` without damping.
    func settlingTime(threshold: Double) -> Double {
        guard zeta > 0 else { return .infinity }
        // Scan in 1 ms steps until the envelope guarantees no later excursion, then refine the
        // last crossing by bisection.
        let step = 1e-3
        var t = 0.0, lastAbove = -1.0
        while envelope(at: t) > threshold, t < 3600 {
            if abs(displacement(at: t)) > threshold { lastAbove = t }
            t += step
        }
        guard lastAbove >= 0 else { return 0 }
        var lo = lastAbove, hi = lastAbove + step
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}
