/// Whether an object animated along a path turns to follow the path's direction.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAAnimationRotate…` constants.
    public let rawValue: String

    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The object turns to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The object turns to the path's tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
