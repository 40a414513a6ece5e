import Raster

/// A path under construction; every `add` takes an optional affine transform applied first.
///
/// Same API as Apple's. Drawing without a current point (no move yet) is ignored, as Apple
/// does (Apple also logs a warning). Not safe to mutate while another thread reads it:
/// hand `copy()` to other threads.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() {
        super.init(elements: [])
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        _ = Self.accepts("move(to:)", point)
        append(.move(to: point.applying(transform)))
    }

    /// Whether every value is finite; otherwise reports the call in one line, as the layer
    /// setters do. Points are kept all the same, as Apple keeps them (a fill of a path holding
    /// one draws nothing, a stroke skips the point); arcs, which cannot be computed, add nothing.
    static func accepts(_ call: String, _ points: CGPoint...) -> Bool { accepts(call, points) }

    /// `accepts` for a list of points.
    static func accepts(_ call: String, _ points: [CGPoint]) -> Bool {
        guard let bad = points.first(where: { !$0.x.isFinite || !$0.y.isFinite }) else { return true }
        StrataDiagnostics.report("CGMutablePath.\(call): non-finite value \(bad); kept, as on Apple (fills skip the path, strokes the point)")
        return false
    }

    /// `accepts` for scalars.
    static func accepts(_ call: String, scalars: CGFloat...) -> Bool {
        guard let bad = scalars.first(where: { !$0.isFinite }) else { return true }
        StrataDiagnostics.report("CGMutablePath.\(call): rejected non-finite value \(bad); nothing added")
        return false
    }

    /// A line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        _ = Self.accepts("addLine(to:)", point)
        append(.line(to: point.applying(transform)))
    }

    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        _ = Self.accepts("addLines(between:)", points)
        move(to: first, transform: transform)
        for p in points.dropFirst() { append(.line(to: p.applying(transform))) }
    }

    /// A quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        _ = Self.accepts("addQuadCurve(to:control:)", end, control)
        append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        _ = Self.accepts("addCurve(to:control1:control2:)", end, control1, control2)
        append(.curve(to: end.applying(transform), control1: control1.applying(transform),
                      control2: control2.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard current != nil, elements.last != .closeSubpath else { return }
        append(.closeSubpath)
    }

    /// A closed rectangle: move to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        _ = Self.accepts("addRect(_:)", CGPoint(x: rect.origin.x, y: rect.origin.y), CGPoint(x: rect.width, y: rect.height))
        move(to: CGPoint(x: rect.minX, y: rect.minY), transform: transform)
        append(.line(to: CGPoint(x: rect.maxX, y: rect.minY).applying(transform)))
        append(.line(to: CGPoint(x: rect.maxX, y: rect.maxY).applying(transform)))
        append(.line(to: CGPoint(x: rect.minX, y: rect.maxY).applying(transform)))
        append(.closeSubpath)
    }

    /// One closed rectangle per rect.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// 4·(√2 − 1)/3: the control distance of a quarter circle of radius 1 as one cubic.
    static let kappa: CGFloat = 0.552_284_749_830_793_4

    /// The ellipse inscribed in `rect`: four cubics from (maxX, midY) through (midX, maxY),
    /// (minX, midY), (midX, minY), then closed.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        _ = Self.accepts("addEllipse(in:)", CGPoint(x: rect.origin.x, y: rect.origin.y), CGPoint(x: rect.width, y: rect.height))
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.midX, cy = rect.midY
        let kx = rx * Self.kappa, ky = ry * Self.kappa
        let t = transform
        move(to: CGPoint(x: cx + rx, y: cy), transform: t)
        append(.curve(to: CGPoint(x: cx, y: cy + ry).applying(t),
                      control1: CGPoint(x: cx + rx, y: cy + ky).applying(t),
                      control2: CGPoint(x: cx + kx, y: cy + ry).applying(t)))
        append(.curve(to: CGPoint(x: cx - rx, y: cy).applying(t),
                      control1: CGPoint(x: cx - kx, y: cy + ry).applying(t),
                      control2: CGPoint(x: cx - rx, y: cy + ky).applying(t)))
        append(.curve(to: CGPoint(x: cx, y: cy - ry).applying(t),
                      control1: CGPoint(x: cx - rx, y: cy - ky).applying(t),
                      control2: CGPoint(x: cx - kx, y: cy - ry).applying(t)))
        append(.curve(to: CGPoint(x: cx + rx, y: cy).applying(t),
                      control1: CGPoint(x: cx + kx, y: cy - ry).applying(t),
                      control2: CGPoint(x: cx + rx, y: cy - ky).applying(t)))
        append(.closeSubpath)
    }

    /// A closed rectangle whose corners are quarter ellipses of `cornerWidth` × `cornerHeight`.
    ///
    /// Starts at (minX + cornerWidth, minY) and runs towards +x (Apple's start point and element
    /// order may differ). Apple traps when a corner exceeds half the rect; Strata clamps.
    /// A zero corner gives `addRect`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        // Reported; NaN corners then count as 0 (a plain rect), as before.
        _ = Self.accepts("addRoundedRect(in:cornerWidth:cornerHeight:)", CGPoint(x: rect.origin.x, y: rect.origin.y),
                         CGPoint(x: rect.width, y: rect.height), CGPoint(x: cornerWidth, y: cornerHeight))
        let r = rect.standardized
        func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), limit) }
        let cw = clamp(cornerWidth, r.width / 2), ch = clamp(cornerHeight, r.height / 2)
        guard cw > 0, ch > 0 else { return addRect(r, transform: transform) }
        let kx = cw * Self.kappa, ky = ch * Self.kappa
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        let t = transform
        func line(_ x: CGFloat, _ y: CGFloat) {
            let p = CGPoint(x: x, y: y).applying(t)
            if p != current { append(.line(to: p)) }
        }
        func curve(_ x: CGFloat, _ y: CGFloat, _ c1x: CGFloat, _ c1y: CGFloat, _ c2x: CGFloat, _ c2y: CGFloat) {
            append(.curve(to: CGPoint(x: x, y: y).applying(t), control1: CGPoint(x: c1x, y: c1y).applying(t),
                          control2: CGPoint(x: c2x, y: c2y).applying(t)))
        }
        move(to: CGPoint(x: x0 + cw, y: y0), transform: t)
        line(x1 - cw, y0)
        curve(x1, y0 + ch, x1 - cw + kx, y0, x1, y0 + ch - ky)
        line(x1, y1 - ch)
        curve(x1 - cw, y1, x1, y1 - ch + ky, x1 - cw + kx, y1)
        line(x0 + cw, y1)
        curve(x0, y1 - ch, x0 + cw - kx, y1, x0, y1 - ch + ky)
        line(x0, y0 + ch)
        curve(x0 + cw, y0, x0, y0 + ch - ky, x0 + cw - kx, y0)
        append(.closeSubpath)
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians).
    ///
    /// `clockwise` is in Core Graphics' y-up sense: `false` turns towards increasing angles.
    /// A sweep of 2π or more in the chosen direction draws the whole circle. Starts with a
    /// line from the current point, or a move when there is none.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        let twoPi = 2 * CGFloat.pi
        var sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        if sweep >= twoPi {
            sweep = twoPi
        } else {
            sweep = sweep.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        appendArc(center: center, radius: radius, start: startAngle, sweep: clockwise ? -sweep : sweep,
                  transform: transform)
    }

    /// An arc from `startAngle` turning by `delta` radians (positive: increasing angles).
    ///
    /// A `delta` beyond ±2π is clamped to one full turn.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let limit = 2 * CGFloat.pi
        guard Self.accepts("addRelativeArc", scalars: startAngle, delta) else { return }
        appendArc(center: center, radius: radius, start: startAngle,
                  sweep: Swift.min(Swift.max(delta, -limit), limit), transform: transform)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from `tangent1End` to `tangent2End`, preceded by a line to its first tangent point.
    ///
    /// Degenerate cases (collinear points, zero radius) add a line to `tangent1End`; without a
    /// current point this moves to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard Self.accepts("addArc(tangent1End:tangent2End:radius:)", tangent1End, tangent2End),
              Self.accepts("addArc(tangent1End:tangent2End:radius:)", scalars: radius) else { return }
        guard let here = current else { return move(to: tangent1End, transform: transform) }
        // The current point is in path space; the tangent points are in user space.
        let det = transform.a * transform.d - transform.b * transform.c
        guard det != 0, det.isFinite else { return addLine(to: tangent1End, transform: transform) }
        let p0 = here.applying(transform.inverted()), p1 = tangent1End, p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let r = abs(radius)
        guard l1 > 0, l2 > 0, r > 0 else { return addLine(to: p1, transform: transform) }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cross = u1.x * u2.y - u1.y * u2.x
        guard abs(cross) > 1e-12 else { return addLine(to: p1, transform: transform) }
        let cosTheta = Swift.min(Swift.max(u1.x * u2.x + u1.y * u2.y, -1), 1)
        let theta = acos(cosTheta) // angle at p1 between the two tangent lines
        let distance = r / tan(theta / 2)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let centerDistance = r / sin(theta / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a = CGPoint(x: p1.x + u1.x * distance, y: p1.y + u1.y * distance)
        let b = CGPoint(x: p1.x + u2.x * distance, y: p1.y + u2.y * distance)
        let start = atan2(a.y - center.y, a.x - center.x)
        let end = atan2(b.y - center.y, b.x - center.x)
        // The tangent arc is the short one: sweep in (−π, π).
        var sweep = end - start
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: center, radius: r, start: start, sweep: sweep, transform: transform)
    }

    /// Appends every element of `path`, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(contentsOf: path.elements.map { $0.applying(transform) })
    }

    /// A line (or move) to the arc's start, then one cubic per quarter turn or less.
    private func appendArc(center: CGPoint, radius: CGFloat, start: CGFloat, sweep: CGFloat,
                           transform t: CGAffineTransform) {
        guard Self.accepts("addArc", center), Self.accepts("addArc", scalars: start, sweep, radius) else { return }
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = point(start).applying(t)
        if current == nil {
            append(.move(to: first))
        } else if current != first {
            append(.line(to: first))
        }
        guard sweep != 0 else { return }
        // A sweep of many turns (1e300 radians) draws one full turn then the remainder, ending
        // where the whole sweep ends: the same outline, in a bounded number of curves.
        var sweep = sweep
        if abs(sweep) > 4 * .pi {
            sweep = (sweep < 0 ? -1 : 1) * (2 * .pi + abs(sweep).truncatingRemainder(dividingBy: 2 * .pi))
        }
        let count = Swift.max(1, boundedInt((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up), in: 1...16))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        for i in 0..<count {
            let a0 = start + step * CGFloat(i), a1 = a0 + step
            let c0 = cos(a0), s0 = sin(a0), c1 = cos(a1), s1 = sin(a1)
            append(.curve(
                to: CGPoint(x: center.x + radius * c1, y: center.y + radius * s1).applying(t),
                control1: CGPoint(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0)).applying(t),
                control2: CGPoint(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1)).applying(t)))
        }
    }
}
