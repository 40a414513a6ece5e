extension CGContext {
    /// Whether every coordinate is finite; otherwise reports the call and returns false.
    func finite(_ call: @autoclosure () -> String, _ values: CGFloat...) -> Bool {
        if values.allSatisfy(\.isFinite) { return true }
        reject(call(), "non-finite coordinate")
        return false
    }

    /// Whether the CTM can be inverted (drawing under a singular CTM draws nothing).
    var ctmIsInvertible: Bool {
        let t = state.ctm, det = t.a * t.d - t.b * t.c
        return det != 0 && det.isFinite
    }

    // MARK: Building

    /// Discards the current path.
    public func beginPath() {
        // The old path's storage is kept when nothing else holds it (a fill or stroke reads it
        // and lets go): two allocations a drawing call fewer, and its array already has room.
        if isKnownUniquelyReferenced(&currentPath) {
            currentPath.removeAllElements()
        } else {
            currentPath = CGMutablePath()
        }
    }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) {
        guard finite("move(to: \(point))", point.x, point.y) else { return }
        currentPath.move(to: point, transform: state.ctm)
    }

    /// A line from the current point to `point`; without a current point, ignored (Apple logs).
    public func addLine(to point: CGPoint) {
        guard finite("addLine(to: \(point))", point.x, point.y) else { return }
        currentPath.addLine(to: point, transform: state.ctm)
    }

    /// A move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return reject("addLines(between:)", "non-finite coordinate")
        }
        currentPath.addLines(between: points, transform: state.ctm)
    }

    /// A closed rectangle.
    public func addRect(_ rect: CGRect) {
        guard finite("addRect(\(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        currentPath.addRect(rect, transform: state.ctm)
    }

    /// One closed rectangle per rect.
    public func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// The ellipse inscribed in `rect`, as a closed subpath.
    public func addEllipse(in rect: CGRect) {
        guard finite("addEllipse(in: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        currentPath.addEllipse(in: rect, transform: state.ctm)
    }

    /// An arc of a circle; `clockwise` in user space's y-up sense, as `CGMutablePath`.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard finite("addArc(center: \(center), radius: \(radius), …)", center.x, center.y, radius, startAngle, endAngle)
        else { return }
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise, transform: state.ctm)
    }

    /// An arc tangent to the lines current point → `tangent1End` → `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard finite("addArc(tangent1End:tangent2End:radius:)", tangent1End.x, tangent1End.y, tangent2End.x,
                     tangent2End.y, radius) else { return }
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    /// A quadratic Bézier from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard finite("addQuadCurve(to: \(end), control: \(control))", end.x, end.y, control.x, control.y) else { return }
        currentPath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// A cubic Bézier from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard finite("addCurve(to: \(end), …)", end.x, end.y, control1.x, control1.y, control2.x, control2.y)
        else { return }
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }

    /// Appends `path` (in user space) to the current path. Subpaths with a non-finite point are
    /// dropped with a message.
    public func addPath(_ other: CGPath) {
        let t = state.ctm
        var dropped = false
        // Room for all of them at once: appended one by one, the array grew 1, 2, 4, 8, …
        // (five allocations for a star or a circle, drawn every frame).
        currentPath.elements.reserveCapacity(currentPath.elements.count + other.elements.count)
        for element in other.elements {
            if element.isFinite {
                currentPath.append(element.applying(t))
            } else {
                dropped = true
            }
        }
        if dropped { reject("addPath(_:)", "elements with a non-finite point") }
    }

    // MARK: Queries

    /// A copy of the current path in user space; nil when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty, ctmIsInvertible else { return nil }
        let t = state.ctm.inverted()
        return CGPath(elements: currentPath.elements.map { $0.applying(t) })
    }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space; `.zero` without a path.
    public var currentPointOfPath: CGPoint {
        guard !currentPath.isEmpty else { return .zero }
        return currentPath.currentPoint.applying(state.ctm.inverted())
    }

    /// The bounds of the current path in user space (curves' extremes, not control points);
    /// `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        let box = currentPath.boundingBoxOfPath
        guard !box.isNull else { return .null }
        return box.applying(state.ctm.inverted())
    }

    /// Whether `point` (user space) is inside the current path under `mode`'s fill rule
    /// (stroke modes test the stroke's outline).
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let p = point.applying(state.ctm)
        switch mode {
        case .fill, .fillStroke: return currentPath.contains(p, using: .winding)
        case .eoFill, .eoFillStroke: return currentPath.contains(p, using: .evenOdd)
        case .stroke: return strokedCurrentPath().contains(p, using: .winding)
        }
    }

    /// The current path stroked with the state's line parameters, in base space.
    func strokedCurrentPath() -> CGPath {
        guard ctmIsInvertible else { return CGMutablePath() }
        let user = CGPath(elements: currentPath.elements.map { $0.applying(state.ctm.inverted()) })
        return user.stroked(width: state.lineWidth, cap: state.lineCap, join: state.lineJoin,
                            miterLimit: state.miterLimit, dash: state.dash, transform: state.ctm)
    }

    /// Replaces the current path by the outline of its stroke with the current line parameters.
    public func replacePathWithStrokedPath() {
        let stroked = strokedCurrentPath()
        currentPath = CGMutablePath()
        currentPath.append(contentsOf: stroked.elements)
    }
}
