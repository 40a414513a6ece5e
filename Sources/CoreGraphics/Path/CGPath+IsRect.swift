extension CGPath {
    /// Whether the path is one axis-aligned rectangle; if so, stores it in `rect`.
    ///
    /// Recognised: a move then three or four lines (the fourth back to the start), optionally
    /// closed, each line along an axis, in either direction. The stored rect is standardised.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        for (i, element) in elements.enumerated() {
            switch element {
            case let .move(p) where i == 0: points.append(p)
            case let .line(p) where i > 0: points.append(p)
            case .closeSubpath where i == elements.count - 1: break
            default: return false
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return false }
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            let horizontal = a.y == b.y && a.x != b.x, vertical = a.x == b.x && a.y != b.y
            guard horizontal || vertical else { return false }
            // Sides alternate between horizontal and vertical.
            let c = points[(i + 2) % 4]
            guard horizontal ? (b.x == c.x && b.y != c.y) : (b.y == c.y && b.x != c.x) else { return false }
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        rect?.pointee = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }
}
