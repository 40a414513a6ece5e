import Foundation

/// UIKit's path object: a `CGMutablePath` in UIKit's y-down coordinates with the line
/// attributes it is stroked with, drawn into the current UIGraphics context.
///
/// `clockwise` means clockwise on screen (y down), which is Core Graphics' counter-clockwise.
/// A point that is NaN or infinite is refused with a message (the path stays as it was).
///
/// Differs from Apple: rounded rectangles have circular corners (iOS draws a smoother
/// "continuous" curve); `cornerRadii.height` is ignored, as iOS does in practice; `flatness` is
/// stored but not used (Strata flattens curves to a fixed device-space tolerance).
open class UIBezierPath: NSObject, NSCopying {
    private var path = CGMutablePath()

    /// The stroke width. Defaults to 1; negative or non-finite widths are refused.
    open var lineWidth: CGFloat = 1 {
        didSet {
            if !(lineWidth.isFinite && lineWidth >= 0) {
                StrataDiagnostics.report("UIBezierPath.lineWidth = \(lineWidth): not a finite non-negative width; ignored")
                lineWidth = oldValue.isFinite && oldValue >= 0 ? oldValue : 1
            }
        }
    }
    /// How open subpaths end. Defaults to `.butt`.
    open var lineCapStyle: CGLineCap = .butt
    /// How segments meet. Defaults to `.miter`.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit. Defaults to 10.
    open var miterLimit: CGFloat = 10
    /// The curve flattening tolerance (stored only). Defaults to 0.6.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule. Defaults to false.
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path.
    public override init() { super.init() }

    /// A closed rectangle: from the top-left corner, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        guard UIBezierPath.finite(rect, "UIBezierPath(rect: \(rect))") else { return }
        path.addRect(rect.standardized)
    }

    /// The ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        guard UIBezierPath.finite(rect, "UIBezierPath(ovalIn: \(rect))") else { return }
        path.addEllipse(in: rect.standardized)
    }

    /// A rectangle with all four corners rounded by `cornerRadius` (clamped to half the shorter
    /// side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners,
                  cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the `corners` given rounded by `cornerRadii.width` (clamped to half the
    /// shorter side), the others square; starts at the top-left corner's end and runs clockwise.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        guard UIBezierPath.finite(rect, "UIBezierPath(roundedRect: \(rect), …)") else { return }
        let r = rect.standardized
        let wanted = cornerRadii.width.isFinite ? max(cornerRadii.width, 0) : 0
        let radius = min(wanted, r.width / 2, r.height / 2)
        func cornerRadius(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let (tl, tr, br, bl) = (cornerRadius(.topLeft), cornerRadius(.topRight), cornerRadius(.bottomRight), cornerRadius(.bottomLeft))
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        corner(tr, center: CGPoint(x: r.maxX - tr, y: r.minY + tr), from: -.pi / 2)
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        corner(br, center: CGPoint(x: r.maxX - br, y: r.maxY - br), from: 0)
        path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        corner(bl, center: CGPoint(x: r.minX + bl, y: r.maxY - bl), from: .pi / 2)
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        corner(tl, center: CGPoint(x: r.minX + tl, y: r.minY + tl), from: .pi)
        path.closeSubpath()
    }

    /// A quarter circle clockwise on screen from angle `from`; nothing for radius 0.
    private func corner(_ radius: CGFloat, center: CGPoint, from start: CGFloat) {
        guard radius > 0 else { return }
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: start + .pi / 2, clockwise: false)
    }

    /// An open arc of the circle around `center` from `startAngle` to `endAngle` (radians,
    /// 0 pointing right); `clockwise` on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// A copy: same elements and line attributes.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UIBezierPath()
        c.path = path.mutableCopy() ?? CGMutablePath()
        c.copyAttributes(from: self)
        return c
    }

    private func copyAttributes(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
        dashPattern = other.dashPattern
        dashPhase = other.dashPhase
    }

    // MARK: Building

    /// The path as an immutable Core Graphics path; setting it replaces the elements.
    open var cgPath: CGPath {
        get { path.copy() ?? CGPath(elements: []) }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) {
        guard UIBezierPath.finite([point], "UIBezierPath.move(to: \(point))") else { return }
        path.move(to: point)
    }

    /// A line from the current point (without one: ignored, as Core Graphics does).
    open func addLine(to point: CGPoint) {
        guard UIBezierPath.finite([point], "UIBezierPath.addLine(to: \(point))") else { return }
        path.addLine(to: point)
    }

    /// A cubic Bézier curve from the current point.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        guard UIBezierPath.finite([endPoint, controlPoint1, controlPoint2], "UIBezierPath.addCurve(to: \(endPoint), …)") else { return }
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve from the current point.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        guard UIBezierPath.finite([endPoint, controlPoint], "UIBezierPath.addQuadCurve(to: \(endPoint), …)") else { return }
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc (`clockwise` on screen), joined to the current point by a line.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard UIBezierPath.finite([center, CGPoint(x: radius, y: startAngle), CGPoint(x: endAngle, y: 0)],
                                  "UIBezierPath.addArc(withCenter: \(center), radius: \(radius), startAngle: \(startAngle), endAngle: \(endAngle), …)")
        else { return }
        path.addArc(center: center, radius: abs(radius), startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    open func close() { path.closeSubpath() }

    /// Removes every element.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends the elements of `bezierPath` (its line attributes are not taken).
    open func append(_ bezierPath: UIBezierPath) {
        if bezierPath === self { return path.addPath(path.copy()!) }
        path.addPath(bezierPath.path)
    }

    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            return StrataDiagnostics.report("UIBezierPath.apply(\(transform)): not a finite transform; ignored")
        }
        path = path.mutableCopy(using: [transform]) ?? path
    }

    /// A new path with every subpath traversed backwards (same shape, same line attributes).
    open func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.copyAttributes(from: self)
        reversed.path = CGMutablePath()
        reversed.path.addPath(CGPath(elements: UIBezierPath.reversed(path.elements)))
        return reversed
    }

    // MARK: Reading

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }
    /// The smallest rectangle holding every point, control points included (`.null` when empty).
    open var bounds: CGRect { path.boundingBox }
    /// The end of the last element (`.zero` when empty).
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether `point` is inside the path's fill (by its fill rule).
    open func contains(_ point: CGPoint) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        return path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Dashes

    /// The dash pattern: `count` lengths from `pattern` (nil or 0: solid), starting `phase` in.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = Array(UnsafeBufferPointer(start: pattern, count: min(count, 1 << 16)))
        dashPhase = phase.isFinite ? phase : 0
    }

    /// Copies the dash pattern into `pattern` (as many lengths as it has), its length into
    /// `count` and its phase into `phase`.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, v) in dashPattern.enumerated() { pattern[i] = v } }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Drawing

    /// Fills the path in the current context's fill colour (set with `UIColor.setFill()`).
    open func fill() { fill(with: nil, alpha: nil) }

    /// Fills the path with a blend mode and alpha.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) { fill(with: Optional(blendMode), alpha: Optional(alpha)) }

    /// Strokes the path in the current context's stroke colour with this path's line attributes.
    open func stroke() { stroke(with: nil, alpha: nil) }

    /// Strokes the path with a blend mode and alpha.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) { stroke(with: Optional(blendMode), alpha: Optional(alpha)) }

    /// Intersects the current context's clip with the path's fill.
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func fill(with blendMode: CGBlendMode?, alpha: CGFloat?) {
        guard let ctx = UIGraphicsGetCurrentContext(), !path.isEmpty else { return }
        ctx.saveGState()
        if let blendMode { ctx.setBlendMode(blendMode) }
        if let alpha { ctx.setAlpha(alpha) }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    private func stroke(with blendMode: CGBlendMode?, alpha: CGFloat?) {
        guard let ctx = UIGraphicsGetCurrentContext(), !path.isEmpty else { return }
        ctx.saveGState()
        if let blendMode { ctx.setBlendMode(blendMode) }
        if let alpha { ctx.setAlpha(alpha) }
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: dashPhase, lengths: dashPattern)
        ctx.beginPath()
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }

    // MARK: Helpers

    private static func finite(_ points: [CGPoint], _ call: @autoclosure () -> String) -> Bool {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            StrataDiagnostics.report("\(call()): not a finite number; ignored")
            return false
        }
        return true
    }

    private static func finite(_ rect: CGRect, _ call: @autoclosure () -> String) -> Bool {
        guard !rect.isNull else { return false }
        return finite([rect.origin, CGPoint(x: rect.width, y: rect.height)], call())
    }

    /// The elements with each subpath reversed: a move to its last point, its segments backwards
    /// (control points swapped), closed again when it was closed.
    static func reversed(_ elements: [CGPath.Element]) -> [CGPath.Element] {
        var out: [CGPath.Element] = []
        var start = 0
        while start < elements.count {
            var end = start + 1
            while end < elements.count, !Self.isMove(elements[end]) { end += 1 }
            out += reversedSubpath(elements[start..<end])
            start = end
        }
        return out
    }

    private static func isMove(_ e: CGPath.Element) -> Bool {
        if case .move = e { return true }
        return false
    }

    private static func reversedSubpath(_ sub: ArraySlice<CGPath.Element>) -> [CGPath.Element] {
        guard case let .move(first)? = sub.first else { return Array(sub) }
        let closed = sub.last == .closeSubpath
        // Points where each segment starts, in order.
        var starts: [CGPoint] = [first]
        var segments: [CGPath.Element] = []
        for e in sub.dropFirst() where e != .closeSubpath {
            segments.append(e)
            starts.append(e.points.last!)
        }
        var out: [CGPath.Element] = [.move(to: starts.last!)]
        for (i, e) in segments.enumerated().reversed() {
            let to = starts[i]
            switch e {
            case .line: out.append(.line(to: to))
            case let .quadCurve(_, c): out.append(.quadCurve(to: to, control: c))
            case let .curve(_, c1, c2): out.append(.curve(to: to, control1: c2, control2: c1))
            default: break
            }
        }
        if closed { out.append(.closeSubpath) }
        return out
    }
}
