/// One element of a path as `CGPath.applyWithBlock(_:)` hands it out.
///
/// `points` is valid only during the callback; it holds 1, 1, 2, 3 or 0 points for the
/// element types in declaration order.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points (control points first, end point last).
    public var points: UnsafeMutablePointer<CGPoint>

    /// Creates an element.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

