import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CAShapeLayer`'s own content: the path filled, then stroked, in
    /// the layer's plane (re-filled from the path every frame: sharp under any transform).
    /// Clipped to the rounded bounds only when `masksToBounds`.
    func emitShapeContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        guard let shape = s.shape, let path = shape.path, !path.isEmpty else { return }
        let c = s.masksToBounds ? Self.boundsClip(clip, s, shape: Self.roundedBounds(s), map: map) : clip
        let cache = ShapeGeometryCache.shared
        if let fill = shape.fillColor, fill.alpha > 0 {
            appendCommand(FillCommand(path: cache.fillGeometry(path), rule: shape.isEvenOdd ? .evenOdd : .nonZero,
                                      localToDevice: map, paint: .solid(fill.premultipliedARGB32), opacity: opacity, clip: c))
        }
        if let style = Self.strokeStyle(shape), let stroke = shape.strokeColor, stroke.alpha > 0 {
            let outline = cache.strokeGeometry(path, style: style, tolerance: Self.strokeTolerance(path, style: style, map: map))
            guard !outline.isEmpty else { return }
            appendCommand(FillCommand(path: outline, rule: .nonZero, localToDevice: map,
                                      paint: .solid(stroke.premultipliedARGB32), opacity: opacity, clip: c))
        }
    }

    /// The overlapping parts a `CAShapeLayer` draws (0 for other layers): its fill and its stroke.
    static func shapePartCount(_ s: LayerState) -> Int {
        guard let shape = s.shape, let path = shape.path, !path.isEmpty else { return 0 }
        var n = 0
        if let fill = shape.fillColor, fill.alpha > 0 { n += 1 }
        if strokeStyle(shape) != nil, let stroke = shape.strokeColor, stroke.alpha > 0 { n += 1 }
        return n
    }

    /// The stroke to draw, or nil when nothing is stroked (no positive width, an empty span).
    static func strokeStyle(_ shape: ShapeLayerState) -> LayerStrokeStyle? {
        guard shape.lineWidth > 0, shape.lineWidth.isFinite else { return nil }
        let start = max(0, min(1, shape.strokeStart)), end = max(0, min(1, shape.strokeEnd))
        guard start < end else { return nil }
        let cap: CGLineCap = shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt
        let join: CGLineJoin = shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter
        return LayerStrokeStyle(width: shape.lineWidth, cap: cap, join: join, miterLimit: shape.miterLimit,
                                dashLengths: (shape.lineDashPattern ?? []).map { CGFloat($0.doubleValue) },
                                dashPhase: shape.lineDashPhase, start: start, end: end)
    }

    /// The flattening tolerance in the layer's units: 0.05 device pixel at the plane's largest
    /// magnification over the stroked area (as `CGContext` strokes), or 0.05 unit when part of
    /// it is behind the eye.
    static func strokeTolerance(_ path: CGPath, style: LayerStrokeStyle, map: Projective) -> Double {
        let box = path.boundingBoxOfPath.insetBy(dx: -style.width / 2, dy: -style.width / 2)
        guard box.width.isFinite, box.height.isFinite else { return 0.05 }
        let scale = maximumScale(map, over: box)
        guard scale.isFinite, scale > 0 else { return 0.05 }
        return 0.05 / scale
    }
}
