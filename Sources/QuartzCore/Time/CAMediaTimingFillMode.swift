/// What a timed object shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAFillMode…` constants.
    public let rawValue: String

    /// Creates a fill mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The object has no effect outside its active duration (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The object keeps its final state after its active duration.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The object shows its initial state before its begin time.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}
