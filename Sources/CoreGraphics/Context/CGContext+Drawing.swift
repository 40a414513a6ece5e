import Raster

extension CGContext {
    // MARK: The current path

    /// Fills the current path with `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillBasePath(currentPath, rule: rule)
        beginPath()
    }

    /// Fills the current path with the even-odd rule, then clears the path.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the line parameters, then clears the path.
    public func strokePath() {
        strokeBasePath(currentPath)
        beginPath()
    }

    /// Fills and/or strokes the current path as `mode` says (fill first), then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillBasePath(currentPath, rule: .winding)
        case .eoFill: fillBasePath(currentPath, rule: .evenOdd)
        case .stroke: strokeBasePath(currentPath)
        case .fillStroke:
            fillBasePath(currentPath, rule: .winding)
            strokeBasePath(currentPath)
        case .eoFillStroke:
            fillBasePath(currentPath, rule: .evenOdd)
            strokeBasePath(currentPath)
        }
        beginPath()
    }

    // MARK: Shapes (each clears the current path, as Apple documents; clear(_:) leaves it)

    /// Fills `rect` with the fill colour; clears the current path.
    public func fill(_ rect: CGRect) {
        beginPath()
        guard finite("fill(\(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        fillBasePath(basePath { $0.addRect(rect, transform: $1) }, rule: .winding)
    }

    /// Fills every rect (as one non-zero path: overlaps are painted once); clears the current path.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        guard rects.allSatisfy({ [$0.origin.x, $0.origin.y, $0.width, $0.height].allSatisfy(\.isFinite) }) else {
            return reject("fill(_ rects:)", "non-finite coordinate")
        }
        fillBasePath(basePath { p, t in for r in rects { p.addRect(r.standardized, transform: t) } }, rule: .winding)
    }

    /// Strokes `rect` with the line parameters; clears the current path.
    public func stroke(_ rect: CGRect) {
        beginPath()
        guard finite("stroke(\(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        strokeBasePath(basePath { $0.addRect(rect, transform: $1) })
    }

    /// Strokes `rect` with `width` instead of the line width; clears the current path.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Fills the ellipse inscribed in `rect`; clears the current path, as on Apple.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        guard finite("fillEllipse(in: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        fillBasePath(basePath { $0.addEllipse(in: rect, transform: $1) }, rule: .winding)
    }

    /// Strokes the ellipse inscribed in `rect`; clears the current path, as on Apple.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        guard finite("strokeEllipse(in: \(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        strokeBasePath(basePath { $0.addEllipse(in: rect, transform: $1) })
    }

    /// Strokes a line between each pair of points (0–1, 2–3, …; an odd last point is ignored);
    /// clears the current path, as on Apple.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return reject("strokeLineSegments(between:)", "non-finite coordinate")
        }
        strokeBasePath(basePath { p, t in
            for i in Swift.stride(from: 0, to: points.count - 1, by: 2) {
                p.move(to: points[i], transform: t)
                p.addLine(to: points[i + 1], transform: t)
            }
        })
    }

    /// Makes `rect` transparent (through the clip; alpha, blend mode and shadow do not apply).
    public func clear(_ rect: CGRect) {
        guard finite("clear(\(rect))", rect.origin.x, rect.origin.y, rect.width, rect.height) else { return }
        let shape = geometry(basePath { $0.addRect(rect, transform: $1) })
        render([FillCommand(path: shape, rule: .nonZero, localToDevice: baseToDeviceMap, paint: .solid(0),
                            clip: rasterClip, blendMode: .clear, antialias: state.antialias)], shadowed: false)
    }
}
