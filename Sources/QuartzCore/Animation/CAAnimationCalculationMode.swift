/// How a keyframe animation computes the values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAAnimation…` constants.
    public let rawValue: String

    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight-line interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time (n values take n + 1 key times).
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear interpolation at constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Kochanek–Bartels spline through the keyframes, shaped by tension, continuity and bias.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline travelled at constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
