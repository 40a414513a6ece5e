import Foundation
import Raster

/// Turns flattened contours into the outline of their stroke: one closed polygon per open
/// contour (left side forward, end cap, right side backward, start cap) and two per closed
/// contour (left side, then right side, each a ring). Filled with the non-zero rule, every
/// polygon winds the same way (clockwise in a y-up frame), so overlapping strokes never cancel.
///
/// Accuracy: curves arrive flattened to `tolerance`; between the flattened pieces of one curve
/// the outer side gets a round join drawn to `tolerance`, so the outline of a curve is within
/// 2 · `tolerance` of the exact offset curve (the stroke is the Minkowski sum of the polyline and
/// a disc, whose distance to the true stroke is at most the polyline's distance to the curve).
/// Inner corners use the intersection of the two offset lines when it lies within both segments,
/// else a line through the vertex (Skia's pivot), which non-zero filling absorbs.
struct PathStroker {
    var halfWidth: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// Maximum distance between a drawn arc and the true circle, in path units.
    var tolerance: CGFloat
    /// Applied to every output point.
    var transform: CGAffineTransform

    /// The most segments one round join or cap is drawn with, however large the radius.
    static let maximumArcSegments = 1_024

    /// Receives each closed output polygon (at least three points, not repeating the first),
    /// unless the stroker `collects` them.
    private let sink: ([CGPoint]) -> Void
    /// Whether the output polygons are appended to `geometry` instead of handed to `sink`.
    private var collects: Bool
    /// The output polygons, when the stroker `collects` them.
    private(set) var geometry = PathGeometry()
    private var polygon: [CGPoint] = []
    /// Output points still allowed; past them `overflow` is set and nothing more is made.
    var budget = Int.max
    private(set) var overflow = false

    init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
         transform: CGAffineTransform, sink: @escaping ([CGPoint]) -> Void) {
        self.sink = sink
        collects = false
        halfWidth = width / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
        self.transform = transform
    }

    /// A stroker that appends its output polygons to `geometry` (no closure to allocate).
    init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
         transform: CGAffineTransform) {
        self.init(width: width, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance,
                  transform: transform, sink: { _ in })
        collects = true
    }

    /// Swaps the output geometry and the polygon buffer with the caller's: a caller that keeps
    /// them from stroke to stroke lends them (emptied) and takes them back with the outline.
    mutating func exchangeBuffers(geometry g: inout PathGeometry, polygon p: inout [CGPoint]) {
        swap(&geometry, &g)
        swap(&polygon, &p)
    }

    /// Makes room for an output polygon of `count` points: the polygon buffer is kept from
    /// polygon to polygon, so a stroke then allocates it once instead of regrowing it.
    mutating func reservePolygon(_ count: Int) {
        polygon.reserveCapacity(Swift.max(0, count))
    }

    /// Largest angle an arc of radius `halfWidth` may turn per chord to stay within `tolerance`.
    private var arcStep: CGFloat {
        let ratio = tolerance / halfWidth
        return ratio >= 1 ? .pi / 2 : Swift.min(2 * acos(1 - ratio), .pi / 2)
    }

    mutating func stroke(_ contour: StrokeContour) {
        let p = contour.points
        guard !overflow, contour.hasSegment, !p.isEmpty else { return }
        if p.count == 1 {
            return dot(at: p[0])
        }
        if contour.isClosed {
            ring(p, contour.corners)
            ring(Backwards(p), Backwards(contour.corners))
        } else {
            side(p, contour.corners)
            endCap(at: p[p.count - 1], direction: unit(p[p.count - 1] - p[p.count - 2]))
            side(Backwards(p), Backwards(contour.corners))
            endCap(at: p[0], direction: unit(p[0] - p[1]))
            flush()
        }
    }

    // MARK: Size

    /// Whether stroking `contours` could emit more than `budget` points. A quick bound first
    /// (every vertex turning half a turn, every end a round cap); only when that is over, a
    /// tighter one from each vertex's real turn. Either way linear in the vertices, so a stroke
    /// far over the budget (a 1e150-wide round join is 1,024 points at every vertex) is refused
    /// before any point is made. The bound is never below what `stroke` emits.
    func mayExceedBudget<C: Collection<StrokeContour>>(_ contours: C) -> Bool {
        var quick = 0
        for c in contours {
            quick += quickBound(points: c.points.count, contours: 1)
            if quick > budget { break }
        }
        return quick > budget && pointBound(contours) > budget
    }

    /// The quick bound of `mayExceedBudget` for `contours` contours of `points` vertices in
    /// all: every vertex turning half a turn, every end a round cap. (Callers keep `points`
    /// under a few million: the product stays far inside Int.)
    func quickBound(points: Int, contours: Int) -> Int {
        points * (6 + 2 * arcPoints(.pi)) + contours * (4 + 2 * capPoints + dotPoints)
    }

    /// At most how many points `stroke` emits for `contours` (at most a few times as many as
    /// it does: every inner corner and straight-on vertex is counted at its largest); stops
    /// counting once past `budget`.
    func pointBound<C: Collection<StrokeContour>>(_ contours: C) -> Int {
        var total = 0
        for c in contours {
            total += points(of: c)
            if total > budget { break }
        }
        return total
    }

    /// At most how many points `stroke(contour)` emits.
    private func points(of contour: StrokeContour) -> Int {
        let p = contour.points, n = p.count
        guard contour.hasSegment, n > 0 else { return 0 }
        if n == 1 { return dotPoints }
        // Open: each side's two end points, and the two caps.
        var total = contour.isClosed ? 0 : 4 + 2 * capPoints
        let vertices = contour.isClosed ? 0..<n : 1..<(n - 1)
        for k in vertices {
            let a = unit(p[k] - p[(k + n - 1) % n]), b = unit(p[(k + 1) % n] - p[k])
            // Inner side: at most three points; outer side: two plus the arc (round joins, and
            // the round joins inside flattened curves) or miter point. With no turn either way
            // (straight on, or straight back) both sides may take the larger.
            let turn = acos(Swift.max(-1, Swift.min(1, a.x * b.x + a.y * b.y)))
            let outer = join == .round || !contour.corners[k] ? arcPoints(turn) : 1
            total += a.x * b.y - a.y * b.x == 0 ? 6 + 2 * outer : 5 + outer
        }
        return total
    }

    /// The points one end cap emits.
    private var capPoints: Int { cap == .round ? 2 + arcPoints(.pi) : cap == .square ? 2 : 0 }

    /// The points a zero-length subpath emits.
    private var dotPoints: Int { cap == .round ? 1 + arcPoints(2 * .pi) : cap == .square ? 4 : 0 }

    /// The points `arc` emits for a sweep of `angle` radians.
    private func arcPoints(_ angle: CGFloat) -> Int {
        let steps = (abs(angle) / arcStep).rounded(.up)
        return steps.isNaN ? 0 : Swift.max(0, Int(Swift.min(steps, CGFloat(Self.maximumArcSegments))) - 1)
    }

    // MARK: Sides

    /// The left offset of an open polyline, from its first point to its last, with joins.
    private mutating func side<Points: RandomAccessCollection<CGPoint>, Corners: RandomAccessCollection<Bool>>(
        _ p: Points, _ corners: Corners
    ) where Points.Index == Int, Corners.Index == Int {
        var d0 = unit(p[1] - p[0])
        emit(p[0] + normal(d0) * halfWidth)
        for k in 1..<(p.count - 1) {
            let d1 = unit(p[k + 1] - p[k])
            joinLeft(at: p[k], from: d0, to: d1, corner: corners[k],
                     before: distance(p[k - 1], p[k]), after: distance(p[k], p[k + 1]))
            d0 = d1
        }
        emit(p[p.count - 1] + normal(d0) * halfWidth)
    }

    /// The left offset of a closed polyline as one ring, joined at every vertex.
    private mutating func ring<Points: RandomAccessCollection<CGPoint>, Corners: RandomAccessCollection<Bool>>(
        _ p: Points, _ corners: Corners
    ) where Points.Index == Int, Corners.Index == Int {
        let n = p.count
        for k in 0..<n {
            let prev = p[(k + n - 1) % n], next = p[(k + 1) % n]
            joinLeft(at: p[k], from: unit(p[k] - prev), to: unit(next - p[k]), corner: corners[k],
                     before: distance(prev, p[k]), after: distance(p[k], next))
        }
        flush()
    }

    /// The left side at vertex `v` turning from direction `a` to `b`: ends at `v + n(b)·w/2`.
    private mutating func joinLeft(at v: CGPoint, from a: CGPoint, to b: CGPoint, corner: Bool,
                                   before: CGFloat, after: CGFloat) {
        let r = halfWidth
        let na = normal(a), nb = normal(b)
        let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
        let start = v + na * r, end = v + nb * r
        if cross > 0 || (cross == 0 && dot > 0) {
            // The left side is inside the turn (or the path runs straight on).
            let inset = dot > -1 ? r * abs(cross) / (1 + dot) : .infinity // r·tan(θ/2)
            if inset <= 0.5 * Swift.min(before, after) {
                emit(v + (na + nb) * (r / (1 + dot)))
            } else {
                emit(start)
                emit(v)
                emit(end)
            }
            return
        }
        // The left side is outside the turn.
        emit(start)
        switch corner ? join : .round {
        case .bevel:
            break
        case .miter:
            // Miter length / line width = 1 / cos(θ/2) = √(2 / (1 + cos θ)).
            if dot > -1, (2 / (1 + dot)).squareRoot() <= miterLimit {
                emit(v + (na + nb) * (r / (1 + dot)))
            }
        case .round:
            arc(center: v, from: na, sweep: -acos(Swift.max(-1, Swift.min(1, dot))))
        }
        emit(end)
    }

    // MARK: Caps and dots

    /// The cap at an end point `v` of an open contour travelling in `direction`: from the left
    /// side's end to the right side's start.
    private mutating func endCap(at v: CGPoint, direction d: CGPoint) {
        let n = normal(d), r = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            emit(v + n * r + d * r)
            emit(v - n * r + d * r)
        case .round:
            emit(v + n * r)
            arc(center: v, from: n, sweep: -.pi)
            emit(v - n * r)
        }
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps,
    /// nothing for butt caps (as Core Graphics).
    private mutating func dot(at v: CGPoint) {
        let r = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            for p in [CGPoint(x: -r, y: r), CGPoint(x: r, y: r), CGPoint(x: r, y: -r), CGPoint(x: -r, y: -r)] {
                emit(v + p)
            }
        case .round:
            let first = CGPoint(x: 1, y: 0)
            emit(v + first * r)
            arc(center: v, from: first, sweep: -2 * .pi)
        }
        flush()
    }

    /// Points strictly inside the arc around `center` starting at direction `from` (a unit
    /// vector) and turning by `sweep` radians; the caller emits both ends.
    private mutating func arc(center: CGPoint, from: CGPoint, sweep: CGFloat) {
        // A width so large that the step underflows to 0 (1e300) gives an infinite ratio: capped.
        let steps = (abs(sweep) / arcStep).rounded(.up)
        let count = steps.isNaN ? 0 : Int(Swift.min(steps, CGFloat(Self.maximumArcSegments)))
        guard count > 1 else { return }
        let start = atan2(from.y, from.x), step = sweep / CGFloat(count)
        for i in 1..<count {
            let angle = start + step * CGFloat(i)
            emit(center + CGPoint(x: cos(angle), y: sin(angle)) * halfWidth)
        }
    }

    // MARK: Output

    private mutating func emit(_ p: CGPoint) {
        guard budget > 0 else { overflow = true; return }
        budget -= 1
        let q = p.applying(transform)
        let n = polygon.count
        if n > 0, polygon[n - 1] == q { return }
        if n > 1 {
            // Drop a middle point that lies on the straight run from its neighbours.
            if Self.isInside(polygon[n - 2], polygon[n - 1], q) { polygon[n - 1] = q; return }
        }
        polygon.append(q)
    }

    /// Whether `b` lies on the segment from `a` to `c`, strictly between them (exactly).
    private static func isInside(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Bool {
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        let dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y)
        return cross == 0 && dot > 0
    }

    private mutating func flush() {
        if polygon.count > 1, polygon.first == polygon.last { polygon.removeLast() }
        // The run through the closing point: drop the first point when it lies on a straight
        // line from the last to the second.
        if polygon.count > 3, Self.isInside(polygon[polygon.count - 1], polygon[0], polygon[1]) {
            polygon.removeFirst()
        }
        if polygon.count > 2, !overflow {
            if collects {
                geometry.move(to: SIMD2(Double(polygon[0].x), Double(polygon[0].y)))
                for q in polygon.dropFirst() { geometry.line(to: SIMD2(Double(q.x), Double(q.y))) }
                geometry.close()
            } else {
                sink(polygon)
            }
        }
        polygon.removeAll(keepingCapacity: true)
    }

    // MARK: Vectors

    private func unit(_ v: CGPoint) -> CGPoint {
        // Scaled first: the squares of a 1e160-long segment overflow to infinity (a NaN
        // direction then dropped the whole stroke).
        let m = Swift.max(abs(v.x), abs(v.y))
        guard m > 0, m.isFinite else { return CGPoint(x: 1, y: 0) }
        let x = v.x / m, y = v.y / m
        let l = (x * x + y * y).squareRoot()
        return CGPoint(x: x / l, y: y / l)
    }

    /// The left normal (d rotated +90°).
    private func normal(_ d: CGPoint) -> CGPoint { CGPoint(x: -d.y, y: d.x) }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        let m = Swift.max(abs(dx), abs(dy))
        guard m > 0, m.isFinite else { return m }
        let x = dx / m, y = dy / m
        return m * (x * x + y * y).squareRoot()
    }
}

private func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
private func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
private func * (a: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: a.x * s, y: a.y * s) }

/// An array read back to front with `Int` indices from 0, without a reversed copy (the
/// stroker walks each contour's second side backwards: two arrays a contour before).
private struct Backwards<Element>: RandomAccessCollection {
    let base: [Element]
    init(_ base: [Element]) { self.base = base }
    var startIndex: Int { 0 }
    var endIndex: Int { base.count }
    subscript(i: Int) -> Element { base[base.count - 1 - i] }
}
