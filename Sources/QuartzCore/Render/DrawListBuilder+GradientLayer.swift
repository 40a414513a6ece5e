import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CAGradientLayer`'s own content: the gradient filling the layer's
    /// shape (bounds with its rounded or continuous corners), over the background colour.
    func emitGradientContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        guard let g = s.gradient, let paint = Self.gradientPaint(g, bounds: s.bounds.standardized) else { return }
        let shape = Self.roundedBounds(s)
        guard !shape.isEmpty else { return }
        if Self.hasContinuousCorners(s, shape) {
            appendCommand(FillCommand(path: ContinuousCornerPath.path(shape), rule: .nonZero, localToDevice: map,
                                      paint: paint, opacity: opacity, clip: clip))
        } else {
            appendCommand(FillCommand(shape: shape, localToDevice: map, paint: paint, opacity: opacity, clip: clip))
        }
    }

    /// The overlapping parts a `CAGradientLayer` draws (0 for other layers).
    static func gradientPartCount(_ s: LayerState) -> Int {
        guard let g = s.gradient, !g.cgColors.isEmpty else { return 0 }
        return 1
    }

    /// Reported once per process: what a gradient layer's values mean when they do not fit.
    private static let skippedColors = DiagnosticOnce()
    private static let mismatchedLocations = DiagnosticOnce()

    /// The paint of a gradient layer over `bounds` (plane-local → unit space → the type's
    /// gradient space), or nil when nothing is drawn (no colours, empty bounds, a zero-length
    /// axis). One colour paints solid.
    static func gradientPaint(_ g: GradientLayerState, bounds b: CGRect) -> Paint? {
        let colors = g.cgColors
        if colors.count != (g.colors?.count ?? 0) {
            skippedColors.report("CAGradientLayer.colors holds values that are not CGColors; they are skipped")
        }
        guard let last = colors.last, b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return nil }
        if colors.count == 1 { return .solid(last.premultipliedARGB32) }
        var locations = colors.indices.map { Double($0) / Double(colors.count - 1) }
        if let l = g.locations {
            if l.count == colors.count {
                locations = l.map(\.doubleValue)
            } else {
                mismatchedLocations.report("CAGradientLayer.locations has \(l.count) values for \(colors.count) colours; the colours are spread evenly instead")
            }
        }
        let stops = zip(locations, colors).map { t, c -> GradientStop in
            let (r, gr, bl, a) = c.rgba
            return GradientStop(location: t, color: SIMD4(Float(r), Float(gr), Float(bl), Float(a)))
        }
        // Plane-local → unit space of the bounds.
        let toUnit = Projective(affine: 1 / Double(b.width), 0, 0, 1 / Double(b.height),
                                -Double(b.minX) / Double(b.width), -Double(b.minY) / Double(b.height))
        let s = SIMD2(Double(g.startPoint.x), Double(g.startPoint.y))
        let e = SIMD2(Double(g.endPoint.x), Double(g.endPoint.y))
        switch g.type {
        case .radial:
            // The ellipse centred on the start point through the end point's x and y.
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            guard rx > 0, ry > 0 else { return .solid(last.premultipliedARGB32) }   // all of it beyond the ellipse
            let toCircle = toUnit.concatenating(Projective(affine: 1 / rx, 0, 0, 1 / ry, -s.x / rx, -s.y / ry))
            return .gradient(Gradient(kind: .radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1),
                                      stops: stops), map: toCircle)
        case .conic:
            let angle = e == s ? 0 : atan2(e.y - s.y, e.x - s.x)
            return .gradient(Gradient(kind: .conic(center: s, angle: angle), stops: stops), map: toUnit)
        default:
            return .gradient(Gradient(kind: .linear(start: s, end: e), stops: stops), map: toUnit)
        }
    }
}
