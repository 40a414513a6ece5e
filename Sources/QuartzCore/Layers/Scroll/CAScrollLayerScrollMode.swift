/// The axes a `CAScrollLayer` may scroll along (Apple's `CAScrollLayerScrollMode`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name (Apple's `kCAScrollNone`… strings).
    public let rawValue: String
    /// A mode by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// The layer scrolls vertically only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// The layer scrolls horizontally only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// The layer scrolls in both directions (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    /// Whether the mode lets the origin move along x.
    package var scrollsHorizontally: Bool { self == .both || self == .horizontally }
    /// Whether the mode lets the origin move along y.
    package var scrollsVertically: Bool { self == .both || self == .vertically }
}
