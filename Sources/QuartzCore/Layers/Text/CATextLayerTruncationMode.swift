/// Where `CATextLayer` shortens text that does not fit (Apple's `CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name.
    public let rawValue: String
    /// A mode by name (an unknown name truncates nothing).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Text that does not fit is clipped (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis replaces the start of the line.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis replaces the end of the line.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis replaces the middle of the line.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

extension CATextLayerTruncationMode: _StrataStringNameBridging {}
