extension CGPath {
    /// The smallest rectangle holding every point of every element, control points included;
    /// `.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoundsAccumulator()
        for element in elements {
            element.forEachPoint { box.add($0) }
        }
        return box.rect
    }

    /// The smallest rectangle holding the path itself (curve extremes, not control points);
    /// `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoundsAccumulator()
        walk(begin: { box.add($0) }, segment: { segment in
            switch segment {
            case let .line(_, b):
                box.add(b)
            case let .quad(a, c, b):
                box.add(b)
                // B'(t) = 0 at t = (a − c) / (a − 2c + b), per axis.
                func extreme(_ pa: CGFloat, _ pc: CGFloat, _ pb: CGFloat) {
                    let d = pa - 2 * pc + pb
                    guard d != 0 else { return }
                    let t = (pa - pc) / d
                    if t > 0, t < 1 { box.add(Bezier.quad(a, c, b, t)) }
                }
                extreme(a.x, c.x, b.x)
                extreme(a.y, c.y, b.y)
            case let .cubic(a, c1, c2, b):
                box.add(b)
                // B'(t)/3 = qa·t² + qb·t + qc, per axis.
                func extremes(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) {
                    let qa = p3 - 3 * p2 + 3 * p1 - p0
                    let qb = 2 * (p2 - 2 * p1 + p0)
                    let qc = p1 - p0
                    Bezier.forEachRoot(qa, qb, qc) { t in
                        if t > 0 && t < 1 { box.add(Bezier.cubic(a, c1, c2, b, t)) }
                    }
                }
                extremes(a.x, c1.x, c2.x, b.x)
                extremes(a.y, c1.y, c2.y, b.y)
            }
        }, close: {})
        return box.rect
    }
}

/// Grows a rectangle point by point; `.null` until the first point.
struct BoundsAccumulator {
    private var minX = CGFloat.infinity, minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }

    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Bézier evaluation and the real roots of a quadratic.
enum Bezier {
    static func quad(_ a: CGPoint, _ c: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
                       y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
    }

    static func cubic(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
        return CGPoint(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x,
                       y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
    }

    /// Calls `body` with each real solution of `a·t² + b·t + c = 0` (linear when `a` is 0),
    /// without an array (path bounds run per frame).
    static func forEachRoot(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void) {
        if abs(a) < 1e-12 {
            if b != 0 { body(-c / b) }
            return
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return }
        let s = disc.squareRoot()
        body((-b + s) / (2 * a))
        body((-b - s) / (2 * a))
    }
}
