/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    /// The corners as bits: 1 top left, 2 top right, 4 bottom left, 8 bottom right (y down).
    public let rawValue: UInt
    /// The corners whose bits are set in `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left in a y-down layer (Apple's minX/minY corner).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// Top right in a y-down layer.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// Bottom left in a y-down layer.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// Bottom right in a y-down layer.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}
