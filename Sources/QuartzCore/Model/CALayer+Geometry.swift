import Foundation

/// Frame, affine transform and coordinate conversion.
extension CALayer {
    /// The frame derived from bounds, position, anchor point and transform.
    package var derivedFrame: CGRect {
        let m = state.localToParent
        if m == CATransform3DMakeTranslation(m.m41, m.m42, m.m43) {
            return CGRect(x: state.bounds.minX + m.m41, y: state.bounds.minY + m.m42,
                          width: state.bounds.width, height: state.bounds.height)
        }
        let h = LayerGeometry.planeMap(m)
        let b = state.bounds
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)]
        let points = corners.compactMap { LayerGeometry.project($0.0, $0.1, h) }
        guard points.count == 4 else { return .null }
        let xs = points.map(\.x), ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Writes position and bounds size so that the frame becomes `newValue`. Under a transform
    /// that only scales and translates in x and y, the frame read back is `newValue` (the size
    /// divided by the scale, the position moved by the translation), so `frame = frame` and
    /// `frame.origin.y += 10` on a translated view do not drift; Apple calls the frame of a
    /// transformed layer undefined. Under other transforms the frame is placed as if untransformed.
    package func setFrame(_ newValue: CGRect) {
        guard isFiniteRect(newValue, key: "frame") else { return }
        let r = newValue.standardized
        let t = state.transform
        let scalesAndTranslates = t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m23 == 0 && t.m24 == 0
            && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m44 == 1 && t.m11 != 0 && t.m22 != 0 && t.isFinite
        guard scalesAndTranslates, t != CATransform3DIdentity else {
            position = CGPoint(x: r.minX + state.anchorPoint.x * r.width, y: r.minY + state.anchorPoint.y * r.height)
            bounds = CGRect(origin: state.bounds.origin, size: r.size)
            return
        }
        // The frame is the bounds (size w × h) scaled about the anchor point, then translated.
        let w = r.width / abs(t.m11), h = r.height / abs(t.m22)
        bounds = CGRect(origin: state.bounds.origin, size: CGSize(width: w, height: h))
        // Position so that the frame's origin lands on r's: shift by what is left over.
        let now = derivedFrame
        position = CGPoint(x: state.position.x + (r.minX - now.minX), y: state.position.y + (r.minY - now.minY))
    }

    /// Converts a point from `layer`'s space, or nil when it has no image in this layer's plane.
    /// Strata extension.
    public func convertIfPossible(_ p: CGPoint, from layer: CALayer?) -> CGPoint? {
        let screen: CGPoint?
        if let layer {
            screen = LayerGeometry.project(p.x, p.y, LayerGeometry.planeMap(LayerGeometry.toRoot(layer)))
        } else {
            screen = p
        }
        guard let screen else { return nil }
        return LayerGeometry.unproject(screen, LayerGeometry.planeMap(LayerGeometry.toRoot(self)))
    }

    /// Converts a point to `layer`'s space, or nil when it has no image there. Strata extension.
    public func convertIfPossible(_ p: CGPoint, to layer: CALayer?) -> CGPoint? {
        guard let screen = LayerGeometry.project(p.x, p.y, LayerGeometry.planeMap(LayerGeometry.toRoot(self))) else { return nil }
        guard let layer else { return screen }
        return LayerGeometry.unproject(screen, LayerGeometry.planeMap(LayerGeometry.toRoot(layer)))
    }

    package static func boundingBox(of r: CGRect, _ f: (CGPoint) -> CGPoint?) -> CGRect {
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        let mapped = corners.compactMap(f)
        guard mapped.count == 4 else { return .null }
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
