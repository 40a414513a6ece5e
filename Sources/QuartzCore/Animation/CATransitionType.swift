/// The kinds of transition `CATransition` performs.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCATransition…` constants.
    public let rawValue: String

    /// Creates a type from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides out, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}
