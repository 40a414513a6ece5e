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

    /// Writes position and bounds size so that the frame becomes `newValue`.
    package func setFrame(_ newValue: CGRect) {
        guard isFiniteRect(newValue, key: "frame") else { return }
        let r = newValue.standardized
        position = CGPoint(x: r.minX + state.anchorPoint.x * r.width, y: r.minY + state.anchorPoint.y * r.height)
        bounds = CGRect(origin: state.bounds.origin, size: r.size)
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
