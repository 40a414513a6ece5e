extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part; translation is ignored, as Apple.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four mapped corners; the null rect stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        if t.isIdentity { return self.standardized }
        let corners = [
            CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: maxX, y: maxY).applying(t), CGPoint(x: minX, y: maxY).applying(t),
        ]
        var x0 = corners[0].x, x1 = corners[0].x, y0 = corners[0].y, y1 = corners[0].y
        for p in corners.dropFirst() {
            x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
            y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
