/// A half-open rectangle of device pixels: columns `x0..<x1`, rows `y0..<y1`.
///
/// Not an Apple type. An `IntRect` whose max is not above its min is empty.
public struct IntRect: Sendable, Equatable, Hashable {
    /// First column.
    public var x0: Int
    /// First row.
    public var y0: Int
    /// One past the last column.
    public var x1: Int
    /// One past the last row.
    public var y1: Int

    /// Creates the rect of columns `x0..<x1` and rows `y0..<y1`.
    @inlinable
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    /// The whole of a surface.
    @inlinable
    public init(_ surface: Surface) {
        self.init(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
    }

    /// A rect so large it clips nothing on any surface.
    public static let unbounded = IntRect(x0: Int(Int32.min), y0: Int(Int32.min), x1: Int(Int32.max), y1: Int(Int32.max))

    /// True when the rect holds no pixel.
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels in both rects (possibly empty).
    @inlinable
    public func intersection(_ o: IntRect) -> IntRect {
        IntRect(x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0), x1: Swift.min(x1, o.x1), y1: Swift.min(y1, o.y1))
    }

    /// The smallest rect holding both (an empty rect adds nothing).
    @inlinable
    public func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IntRect(x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0), x1: Swift.max(x1, o.x1), y1: Swift.max(y1, o.y1))
    }

    /// The number of pixels (0 when empty).
    @inlinable public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
}

extension IntRect {
    /// The pixels of this rect outside `cut`, as at most four disjoint rects (bands above and
    /// below `cut`, then the parts left and right of it).
    package func subtracting(_ cut: IntRect) -> [IntRect] {
        let c = intersection(cut)
        guard !c.isEmpty else { return isEmpty ? [] : [self] }
        let pieces = [IntRect(x0: x0, y0: y0, x1: x1, y1: c.y0), IntRect(x0: x0, y0: c.y1, x1: x1, y1: y1),
                      IntRect(x0: x0, y0: c.y0, x1: c.x0, y1: c.y1), IntRect(x0: c.x1, y0: c.y0, x1: x1, y1: c.y1)]
        return pieces.filter { !$0.isEmpty }
    }

    /// The pixels of `rects` outside every rect of `cuts`, as disjoint rects (each input rect cut
    /// in turn; `rects` are assumed disjoint).
    package static func subtracting(_ cuts: [IntRect], from rects: [IntRect]) -> [IntRect] {
        var left = rects
        for cut in cuts { left = left.flatMap { $0.subtracting(cut) } }
        return left
    }
}
