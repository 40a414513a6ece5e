import Foundation
import Raster

/// A depth-aware pick: the front-most visible layer under a point. Strata extension.
///
/// Apple's `hitTest(_:)` goes by sublayer order, so in a 3D scene a layer behind another can
/// "steal" the click (the transforms chapter's cube shows it). This pick instead compares the
/// depth of every layer under the point, skips back-facing layers with `isDoubleSided = false`,
/// and on equal depth prefers the later layer in drawing order (a sublayer over its parent).
extension CALayer {
    /// The front-most layer containing `p` (given in the superlayer's space), or nil. Holds the
    /// transaction lock while it walks, as `hitTest(_:)` does.
    public func frontmostLayer(at p: CGPoint) -> CALayer? {
        CATransaction.locked { lockedFrontmostLayer(at: p) }
    }

    private func lockedFrontmostLayer(at p: CGPoint) -> CALayer? {
        let screen: CGPoint?
        if let parent = _superlayer {
            screen = LayerGeometry.project(p.x, p.y, LayerGeometry.planeMap(LayerGeometry.toRoot(parent)))
        } else {
            screen = p
        }
        guard let screen else { return nil }
        // Matrices to the screen keeping z (no flattening), to compare depths across planes.
        let start = _superlayer.map { LayerGeometry.toRoot($0) } ?? CATransform3DIdentity
        var best: (layer: CALayer, depth: Double)?
        var work: [(CALayer, CATransform3D)] = [(self, start)]
        while let (layer, parentMatrix) = work.popLast() {
            let s = layer.state
            guard !s.isHidden else { continue }
            let m = LayerGeometry.toSuperlayer(s, superlayer: layer._superlayer?.state).concatenating(parentMatrix)
            let h = LayerGeometry.planeMap(m)
            let local = LayerGeometry.unproject(screen, h)
            if s.masksToBounds, !(layer is CATransformLayer) {
                guard let local, layer.containsAsItsClass(local) else { continue }
            }
            if !(layer is CATransformLayer), let local, layer.containsAsItsClass(local),
               s.isDoubleSided || !Self.isBackFacing(h) {
                let q = m.apply(x: local.x, y: local.y)
                let depth = q.w != 0 ? Double(q.z / q.w) : -Double.infinity
                if best == nil || depth >= best!.depth - 1e-9 { best = (layer, depth) }
            }
            for child in layer._sublayers.reversed() { work.append((child, m)) }
        }
        return best?.layer
    }

    /// Whether a plane map turns the layer's front away from the viewer (mirror orientation).
    private static func isBackFacing(_ h: Projective) -> Bool {
        // The sign of the 2×2 Jacobian at the plane origin decides the winding on screen.
        let w = h.m33
        guard w != 0 else { return false }
        let a = (h.m11 * w - h.m31 * h.m13) / (w * w), b = (h.m12 * w - h.m32 * h.m13) / (w * w)
        let c = (h.m21 * w - h.m31 * h.m23) / (w * w), d = (h.m22 * w - h.m32 * h.m23) / (w * w)
        return a * d - b * c < 0
    }
}
