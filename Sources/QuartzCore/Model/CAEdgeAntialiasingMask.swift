/// Which edges of a layer are anti-aliased (Apple's `CAEdgeAntialiasingMask`).
public struct CAEdgeAntialiasingMask: OptionSet, Sendable, Hashable {
    /// The mask's bits.
    public let rawValue: UInt32
    /// A mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge (minimum x).
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The right edge (maximum x).
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The bottom edge (minimum y).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The top edge (maximum y).
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}
