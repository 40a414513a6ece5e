import Raster

/// How a `CAShapeLayer` strokes its path: Core Graphics' line parameters plus the trimmed
/// part of the path (`strokeStart`/`strokeEnd`). Hashable, so a stroke outline can be cached
/// by (path, style, tolerance).
package struct LayerStrokeStyle: Hashable, Sendable {
    package var width: CGFloat
    package var cap: CGLineCap
    package var join: CGLineJoin
    package var miterLimit: CGFloat
    /// Painted, unpainted, … lengths; empty for a solid line. Invalid patterns (a negative or
    /// non-finite length, all zero) stroke solid, silently: the layer's setter reported them.
    package var dashLengths: [CGFloat]
    package var dashPhase: CGFloat
    /// The stroked part, as fractions of the whole path's length (clamped to 0…1).
    package var start: CGFloat
    package var end: CGFloat

    package init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                 dashLengths: [CGFloat], dashPhase: CGFloat, start: CGFloat, end: CGFloat) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashLengths = dashLengths
        self.dashPhase = dashPhase
        self.start = start
        self.end = end
    }

    /// Whether `lengths` is a pattern Core Graphics applies (else the line is solid).
    package static func isValidDash(_ lengths: [CGFloat]) -> Bool {
        lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.reduce(0, +) > 0 && lengths.reduce(0, +).isFinite
    }
}

extension CGPath {
    /// The path as Raster's geometry, unchanged (points in the path's own units).
    package var rasterGeometry: PathGeometry {
        var g = PathGeometry()
        for element in elements {
            switch element {
            case let .move(p): g.move(to: SIMD2(p))
            case let .line(p): g.line(to: SIMD2(p))
            case let .quadCurve(p, c): g.quad(control: SIMD2(c), to: SIMD2(p))
            case let .curve(p, c1, c2): g.cubic(control1: SIMD2(c1), control2: SIMD2(c2), to: SIMD2(p))
            case .closeSubpath: g.close()
            }
        }
        return g
    }

    /// The outline of the path stroked with `style`, as polygons to fill with the non-zero rule,
    /// in the path's own units; curves and round joins within 2 · `tolerance` of the exact
    /// outline. Empty when the width is not positive and finite or `start` ≥ `end`.
    ///
    /// Trimming is by arc length over the whole path (all subpaths, in order), as Core
    /// Animation's `strokeStart`/`strokeEnd`; a closed subpath cut open gets caps at the cuts.
    /// Dashes are laid out along the untrimmed path (each subpath restarting at the phase) and
    /// the trimming then selects part of them, so a dashed line does not slide while
    /// `strokeEnd` animates.
    package func layerStrokeGeometry(_ style: LayerStrokeStyle, tolerance: CGFloat) -> PathGeometry {
        guard style.width > 0, style.width.isFinite else { return PathGeometry() }
        let start = Swift.max(0, Swift.min(1, style.start.isNaN ? 0 : style.start))
        let end = Swift.max(0, Swift.min(1, style.end.isNaN ? 1 : style.end))
        guard start < end else { return PathGeometry() }
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.05
        let limit = CGPath.maximumStrokePoints
        var over = false
        let contours = strokeContours(tolerance: tol, maximumPoints: limit, overflow: &over)
        var pieces: [(contour: StrokeContour, offset: CGFloat)]
        if start > 0 || end < 1 {
            pieces = StrokeContour.trim(contours, from: start, to: end)
        } else {
            pieces = contours.map { ($0, 0) }
        }
        var stroked: [StrokeContour]
        if LayerStrokeStyle.isValidDash(style.dashLengths),
           let dash = DashPattern(phase: style.dashPhase, lengths: style.dashLengths, caller: "CAShapeLayer") {
            let total = dash.lengths.reduce(0, +)
            stroked = []
            for piece in pieces {
                var shifted = dash
                var phase = (dash.phase + piece.offset).truncatingRemainder(dividingBy: total)
                if !(phase >= 0) { phase = 0 }
                shifted.phase = phase
                stroked += shifted.apply(to: [piece.contour])
            }
        } else {
            stroked = pieces.map(\.contour)
        }
        let box = StrokeGeometryBox()
        let miter = style.miterLimit.isFinite ? style.miterLimit : 10
        var stroker = PathStroker(width: style.width, cap: style.cap, join: style.join, miterLimit: miter,
                                  tolerance: tol, transform: .identity) { polygon in
            box.geometry.move(to: SIMD2(polygon[0]))
            for q in polygon.dropFirst() { box.geometry.line(to: SIMD2(q)) }
            box.geometry.close()
        }
        // As `CGContext` strokes: an outline over the rasteriser's point limit is not drawn,
        // and is refused before it is made (seed 212's 1e150-wide stroke was 12.6 million points).
        stroker.budget = limit
        if over || stroker.mayExceedBudget(stroked) {
            StrataDiagnostics.report("CAShapeLayer stroke: the outline needs more than \(limit) points; not drawn")
            return PathGeometry()
        }
        for contour in stroked where !stroker.overflow { stroker.stroke(contour) }
        if stroker.overflow {
            StrataDiagnostics.report("CAShapeLayer stroke: the outline needs more than \(limit) points; not drawn")
            return PathGeometry()
        }
        return box.geometry
    }
}

/// Lets the stroker's escaping sink append to a geometry the caller then returns.
private final class StrokeGeometryBox {
    var geometry = PathGeometry()
}

extension StrokeContour {
    /// The parts of `contours` between `start` and `end` (fractions of their total length, 0 ≤
    /// start < end ≤ 1), each with the arc length in its own contour where it begins. A contour
    /// wholly inside stays as it is (a closed one stays closed); a cut one becomes open.
    static func trim(_ contours: [StrokeContour], from start: CGFloat, to end: CGFloat)
        -> [(contour: StrokeContour, offset: CGFloat)] {
        let lengths = contours.map(\.length)
        let total = lengths.reduce(0, +)
        guard total.isFinite else { return [] }
        let a = start * total, b = end * total
        var out: [(contour: StrokeContour, offset: CGFloat)] = []
        var o: CGFloat = 0
        for (c, l) in zip(contours, lengths) {
            defer { o += l }
            guard c.hasSegment, !c.points.isEmpty else { continue }
            if l == 0 {
                if a <= o && o <= b { out.append((c, 0)) }   // a dot on the stroked part
                continue
            }
            let lo = Swift.max(a, o), hi = Swift.min(b, o + l)
            guard hi > lo else { continue }
            if lo <= o && hi >= o + l {
                out.append((c, 0))
            } else {
                out.append((c.trimmed(from: lo - o, to: hi - o), lo - o))
            }
        }
        return out
    }

    /// The open polyline from arc length `a` to `b` along this contour (its closing segment
    /// included when closed), 0 ≤ a < b ≤ length. Vertices inside keep their corner flags.
    func trimmed(from a: CGFloat, to b: CGFloat) -> StrokeContour {
        var p = points, k = corners
        if isClosed, let first = p.first { p.append(first); k.append(corners[0]) }
        var out = StrokeContour()
        out.hasSegment = true
        var s: CGFloat = 0
        for i in 0..<(p.count - 1) {
            let u = p[i], v = p[i + 1]
            let l = ((v.x - u.x) * (v.x - u.x) + (v.y - u.y) * (v.y - u.y)).squareRoot()
            let s1 = s + l
            func at(_ d: CGFloat) -> CGPoint {
                let f = l > 0 ? Swift.max(0, Swift.min(1, (d - s) / l)) : 0
                return CGPoint(x: u.x + (v.x - u.x) * f, y: u.y + (v.y - u.y) * f)
            }
            if out.points.isEmpty, a < s1 || i == p.count - 2 { out.add(at(a), corner: a == s && k[i]) }
            if !out.points.isEmpty {
                if b <= s1 || i == p.count - 2 {
                    out.add(at(b), corner: false)
                    break
                }
                out.add(v, corner: k[i + 1])
            }
            s = s1
        }
        return out
    }
}
