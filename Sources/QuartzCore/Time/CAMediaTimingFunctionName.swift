/// The names of Apple's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAMediaTimingFunction…` constants.
    public let rawValue: String

    /// Creates a name from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Linear pacing: control points (0, 0), (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0), (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0), (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default for implicit animations: control points (0.25, 0.1), (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
