import Foundation

/// The kinds of timing curve an animator can use.
public enum UITimingCurveType: Int, Sendable {
    /// One of UIKit's named curves.
    case builtin
    /// A cubic Bézier curve through two control points.
    case cubic
    /// A spring.
    case spring
    /// A cubic curve for some properties and a spring for others (not produced here).
    case composed
}

/// The timing information of a `UIViewPropertyAnimator`: a cubic curve, a spring, or both.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    /// Which of the parameters below apply.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, or nil.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, or nil.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's named curves, or one through two control points
/// (the curve starts at (0, 0) and ends at (1, 1)).
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The named curve (`.easeInOut` for a curve given by control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    private let named: Bool

    /// The default curve, `.easeInOut`.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's named curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let f = curve.timingFunction
        func point(_ i: Int) -> CGPoint {
            var v: [Float] = [0, 0]
            f.getControlPoint(at: i, values: &v)
            return CGPoint(x: CGFloat(v[0]), y: CGFloat(v[1]))
        }
        controlPoint1 = point(1)
        controlPoint2 = point(2)
        named = true
        super.init()
    }

    /// A curve through two control points.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        named = false
        super.init()
    }

    public var timingCurveType: UITimingCurveType { named ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// Core Animation's timing function for the curve.
    var timingFunction: CAMediaTimingFunction {
        named ? animationCurve.timingFunction
            : CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                                    Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: either a damping ratio (the animator's duration sets its period) or a mass,
/// stiffness and damping (the physics sets its own time), with an initial velocity relative to
/// the whole change (a velocity of 1 covers the whole change in one second).
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// The initial velocity, relative to the whole change per second (`dx` applies to one-valued
    /// properties).
    public let initialVelocity: CGVector
    /// The damping ratio (1: no overshoot), or nil for a spring given by its physics.
    let dampingRatio: CGFloat?
    /// The physics (mass, stiffness, damping), or nil for a spring given by its ratio.
    let physics: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// A critically damped spring (Apple's default is a system spring; this one does not overshoot).
    public override convenience init() { self.init(dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: 0)) }

    /// A spring of `ratio` (1: no overshoot) over the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }

    /// A spring of `ratio` starting at `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio.isFinite ? min(max(ratio, 0), 10) : 1
        physics = nil
        initialVelocity = Self.finite(velocity)
        super.init()
        if !ratio.isFinite { StrataDiagnostics.report("UISpringTimingParameters: damping ratio \(ratio) is not finite; 1 is used") }
    }

    /// A spring given by its physics; the animation lasts as long as the spring takes to settle
    /// (the animator's duration is ignored, as on iOS).
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let valid = mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0 && damping.isFinite && damping >= 0
        if !valid { StrataDiagnostics.report("UISpringTimingParameters: mass \(mass), stiffness \(stiffness), damping \(damping) are not a spring; a critically damped one is used") }
        physics = valid ? (mass, stiffness, damping) : (1, 100, 20)
        dampingRatio = nil
        initialVelocity = Self.finite(velocity)
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    private static func finite(_ v: CGVector) -> CGVector {
        guard !v.dx.isFinite || !v.dy.isFinite else { return v }
        StrataDiagnostics.report("UISpringTimingParameters: initial velocity \(v) is not finite; 0 is used for what is not")
        return CGVector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
    }
}
