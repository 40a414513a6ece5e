import Raster

extension CGPath {
    /// The part of the plane this path covers when stroked: a path to fill with the non-zero rule.
    ///
    /// `transform` maps the result (the width is in the path's own units). Differs from Apple:
    /// the result is made of straight lines only; curves and round joins and caps are drawn
    /// within 0.1 unit of the exact outline after `transform` (curves flattened to 0.05, then
    /// offset with round joins drawn to 0.05). A width that is not positive and finite gives an
    /// empty path; a zero-length subpath gives a dot with round or square caps, as on Apple.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        stroked(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
                dash: nil, transform: transform)
    }

    /// The outline of this path stroked (and dashed, when `dash` is a valid pattern), mapped
    /// by `transform`, with every curve and arc within 0.1 unit after `transform`.
    func stroked(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                 dash: DashPattern?, transform: CGAffineTransform) -> CGPath {
        let path = CGMutablePath()
        strokeOutline(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash,
                      transform: transform) { polygon in
            path.move(to: polygon[0])
            for q in polygon.dropFirst() { path.addLine(to: q) }
            path.closeSubpath()
        }
        return path
    }

    /// Hands each polygon of the stroke outline to `polygon`; see `stroked`.
    func strokeOutline(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                       dash: DashPattern?, transform: CGAffineTransform,
                       polygon: @escaping ([CGPoint]) -> Void) {
        let outline = strokeOutlineGeometry(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash,
                                            transform: transform)
        var current: [CGPoint] = []
        var i = 0
        for verb in outline.verbs {
            switch verb {
            case .move, .line:
                current.append(CGPoint(x: outline.points[i].x, y: outline.points[i].y)); i += 1
            case .close:
                polygon(current); current.removeAll()
            case .quad, .cubic:
                break   // never made: the outline is straight lines only
            }
        }
    }

    /// The stroke outline (see `stroked`) as Raster's geometry, built as the stroker emits it
    /// (no array per polygon); empty when the width is not positive and finite or the outline
    /// is over `maximumStrokePoints` (reported).
    func strokeOutlineGeometry(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                               dash: DashPattern?, transform: CGAffineTransform) -> PathGeometry {
        strokePlan(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash, transform: transform)?
            .outline() ?? PathGeometry()
    }

    /// The first half of stroking, which may refuse the stroke and says so: the path flattened
    /// and dashed, checked against `maximumStrokePoints`. Nil when nothing is drawn (a width
    /// that is not positive and finite; an outline over the limit, reported). What is left
    /// (`StrokePlan.outline()`) reports nothing and may run on another thread.
    func strokePlan(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                    dash: DashPattern?, transform: CGAffineTransform) -> StrokePlan? {
        let scratch = StrokeScratch()
        guard var plan = strokePlan(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash,
                                    transform: transform, scratch: scratch) else { return nil }
        plan.contours = Array(scratch.planned)
        return plan
    }

    /// `strokePlan` with the contours left in `scratch` (`planned`): the plan returned has
    /// none of its own. Allocates nothing once the scratch's pools have grown to the strokes.
    func strokePlan(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                    dash: DashPattern?, transform: CGAffineTransform, scratch: StrokeScratch) -> StrokePlan? {
        guard width > 0, width.isFinite else { return nil }
        // Half the output tolerance for flattening, half for round joins and caps, both
        // measured after `transform`: divide by its largest stretch.
        let tolerance = 0.05 / transform.largestStretch
        let limit = CGPath.maximumStrokePoints
        var over = flatten(tolerance: tolerance, maximumPoints: limit, into: &scratch.contours)
        scratch.usesDashes = false
        if let dash, !over { scratch.usesDashes = dash.apply(scratch.contours.contours, into: &scratch.dashes) }
        let plan = StrokePlan(contours: [], width: width, cap: cap, join: join, miterLimit: miterLimit,
                              tolerance: tolerance, transform: transform)
        // The outline is kept only once it all fits: a stroke over the limit draws nothing (as
        // a fill over the rasteriser's point limit), and is refused before any point is made.
        if !over, plan.stroker(sink: { _ in }).mayExceedBudget(scratch.planned) { over = true }
        guard !over else {
            StrataDiagnostics.report("stroke: the outline needs more than \(limit) points; not drawn")
            return nil
        }
        return plan
    }

    /// Whether `strokePlan` surely accepts this stroke (and so reports nothing), judged from
    /// the elements alone, without flattening: every curve counted at the most pieces
    /// (`maximumSegmentsPerCurve`), the dashes counted over the control polygon's length (no
    /// flattened curve is longer), and the outline bounded as `PathStroker.mayExceedBudget`'s
    /// quick bound does, all within the limits. A batched stroke that surely fits is flattened
    /// and dashed later, on the raster threads; one that may not is planned at the call.
    func strokeSurelyFits(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                          dash: DashPattern?, transform: CGAffineTransform) -> Bool {
        guard width > 0, width.isFinite else { return false }
        // Every element may start a contour (one point) and adds its own points.
        var points = 0, length: CGFloat = 0
        var start = CGPoint.zero, current = CGPoint.zero
        func to(_ p: CGPoint) { length += hypot(p.x - current.x, p.y - current.y); current = p }
        for element in elements {
            switch element {
            case .move(let p): length += hypot(current.x - start.x, current.y - start.y); start = p; current = p; points += 2
            case .line(let p): to(p); points += 2
            case .quadCurve(let p, let c): to(c); to(p); points += CGPath.maximumSegmentsPerCurve + 3
            case .curve(let p, let c1, let c2): to(c1); to(c2); to(p); points += CGPath.maximumSegmentsPerCurve + 3
            case .closeSubpath: to(start); points += 1
            }
        }
        length += hypot(current.x - start.x, current.y - start.y)
        var contours = elements.count + 1
        if let dash {
            // `DashPattern.apply`'s estimate, over the longest the contours can be: also a bound
            // on the dashes made, each adding at most two points. (NaN fails the test.)
            let total = dash.lengths.reduce(0, +)
            let dashes = (length / total + 1) * CGFloat(dash.lengths.count) * CGFloat(contours)
            guard dashes <= CGFloat(DashPattern.maximumDashCount) else { return false }
            points += 2 * Int(dashes)
            contours += Int(dashes)
        }
        let limit = CGPath.maximumStrokePoints
        guard points <= limit / 6 else { return false }
        let stroker = PathStroker(width: width, cap: cap, join: join, miterLimit: miterLimit,
                                  tolerance: 0.05 / transform.largestStretch, transform: transform, sink: { _ in })
        return stroker.quickBound(points: points, contours: contours) <= limit
    }

    /// The most points a stroke's flattened path or outline may have (the rasteriser draws no
    /// path of more than 4,000,000 points either).
    static let maximumStrokePoints = 4_000_000
}

extension CGAffineTransform {
    /// The largest factor by which the transform stretches a length (its largest singular
    /// value); 1 when degenerate or not finite.
    var largestStretch: CGFloat {
        let s = largestSingularValue(a, b, c, d)
        return s.isFinite && s > 0 ? s : 1
    }
}

/// A stroke flattened, dashed and known to fit (`CGPath.strokePlan`): making its outline is
/// a pure function of these values, so a batch of them can be outlined on several threads with
/// the same result.
struct StrokePlan: Sendable {
    var contours: [StrokeContour]
    var width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat
    var tolerance: CGFloat, transform: CGAffineTransform

    func stroker(sink: @escaping ([CGPoint]) -> Void) -> PathStroker {
        var stroker = PathStroker(width: width, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance,
                                  transform: transform, sink: sink)
        stroker.budget = CGPath.maximumStrokePoints
        return stroker
    }

    /// The outline polygons as Raster's geometry, to fill with the non-zero rule.
    func outline() -> PathGeometry {
        var geometry = PathGeometry(), polygon: [CGPoint] = []
        outline(of: contours[...], into: &geometry, polygon: &polygon)
        return geometry
    }

    /// The outline of `contours` (this plan's or the scratch's it was planned in) appended to
    /// `geometry`, which should be empty (it stays empty when over the budget, reported);
    /// `polygon` is the stroker's buffer. Both are lent, so a caller that keeps them from stroke
    /// to stroke allocates nothing once they have grown.
    func outline(of contours: ArraySlice<StrokeContour>, into geometry: inout PathGeometry, polygon: inout [CGPoint]) {
        // About two outline points per contour point (each side once, plus joins and caps):
        // the outline's arrays then grow once or twice instead of from empty.
        let estimate = Swift.min(CGPath.maximumStrokePoints, contours.reduce(0) { $0 + 2 * $1.points.count + 8 })
        geometry.reserveCapacity(points: estimate, verbs: estimate)
        // A side of a contour, its joins and caps: about twice its points, plus the arcs.
        polygon.reserveCapacity(Swift.min(4096, 2 * contours.reduce(0) { Swift.max($0, $1.points.count) } + 32))
        var stroker = PathStroker(width: width, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance,
                                  transform: transform)
        stroker.budget = CGPath.maximumStrokePoints
        stroker.exchangeBuffers(geometry: &geometry, polygon: &polygon)
        for contour in contours where !stroker.overflow { stroker.stroke(contour) }
        stroker.exchangeBuffers(geometry: &geometry, polygon: &polygon)
        // Not expected: `strokePlan` checked the bound, which is never below what it emits.
        if stroker.overflow {
            StrataDiagnostics.report("stroke: the outline needs more than \(CGPath.maximumStrokePoints) points; not drawn")
            geometry.removeAll()
        }
    }
}
