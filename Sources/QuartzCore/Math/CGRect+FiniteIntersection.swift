import Foundation

extension CGRect {
    /// The overlap of two rects, or `.null` when they do not overlap or any edge is not finite.
    /// Foundation's `intersection(_:)` traps on some non-finite and overflowing rects (an edge
    /// of `1e308 + 1e308`); layer geometry from user input goes through this instead.
    package func finiteIntersection(_ other: CGRect) -> CGRect {
        guard !isNull, !other.isNull else { return .null }
        let a = finiteEdges, b = other.finiteEdges
        guard let a, let b else { return .null }
        let x0 = Swift.max(a.x0, b.x0), y0 = Swift.max(a.y0, b.y0)
        let x1 = Swift.min(a.x1, b.x1), y1 = Swift.min(a.y1, b.y1)
        guard x1 > x0, y1 > y0, (x1 - x0).isFinite, (y1 - y0).isFinite else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rect grown by `dx`, `dy` on every side, or `.null` when an edge overflows.
    package func finiteOutset(dx: CGFloat, dy: CGFloat) -> CGRect {
        guard let e = finiteEdges else { return .null }
        let x0 = e.x0 - dx, y0 = e.y0 - dy, x1 = e.x1 + dx, y1 = e.y1 + dy
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, (x1 - x0).isFinite, (y1 - y0).isFinite, x1 >= x0, y1 >= y0
        else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The edges in ascending order, computed without Foundation, nil when one is not finite.
    private var finiteEdges: (x0: CGFloat, y0: CGFloat, x1: CGFloat, y1: CGFloat)? {
        let ax = origin.x, bx = origin.x + size.width, ay = origin.y, by = origin.y + size.height
        guard ax.isFinite, bx.isFinite, ay.isFinite, by.isFinite else { return nil }
        return (Swift.min(ax, bx), Swift.min(ay, by), Swift.max(ax, bx), Swift.max(ay, by))
    }
}
