/// The direction of a motion-based transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCATransitionFrom…` constants.
    public let rawValue: String

    /// Creates a subtype from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content comes from the right.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes from the left.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes from the top.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes from the bottom.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
