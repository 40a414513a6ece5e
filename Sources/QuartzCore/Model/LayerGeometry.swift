import Foundation
import Raster

/// The one matrix path shared by rendering, hit testing and coordinate conversion.
///
/// A layer's plane point `(x, y, 0, 1)` maps to its superlayer by `toSuperlayer`; a superlayer
/// that is not a `CATransformLayer` flattens what it receives into its own plane (z dropped,
/// w kept), so the matrix from a layer to the root's superlayer space is a product of these steps.
package enum LayerGeometry {
    /// z dropped, x, y and w kept: projection onto a layer's plane.
    package static let flatten = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// From `state`'s layer space into its superlayer's space (after the superlayer's
    /// `sublayerTransform`, about the superlayer's anchor point), not flattened.
    package static func toSuperlayer(_ state: LayerState, superlayer: LayerState?) -> CATransform3D {
        let m = state.localToParent
        guard let s = superlayer else { return m }
        return m.concatenating(s.sublayerMatrix)
    }

    /// From `layer`'s plane to the space of its root's superlayer (the screen for a rendered
    /// root). Iterative: any depth is fine.
    package static func toRoot(_ layer: CALayer) -> CATransform3D {
        var m = CATransform3DIdentity
        var current: CALayer? = layer
        while let l = current {
            let parent = l._superlayer
            m = m.concatenating(toSuperlayer(l.state, superlayer: parent?.state))
            if let parent, !(parent is CATransformLayer) { m = m.concatenating(flatten) }
            current = parent
        }
        return m
    }

    /// The 3×3 projective map of a plane (rows and columns 1, 2, 4 of a 4×4 matrix):
    /// `(u, v, 1) → (X, Y, W)`. Rendering and hit testing share this one map and Raster's
    /// `Projective` math.
    package static func planeMap(_ m: CATransform3D) -> Projective {
        Projective(m11: m.m11, m12: m.m12, m13: m.m14,
                   m21: m.m21, m22: m.m22, m23: m.m24,
                   m31: m.m41, m32: m.m42, m33: m.m44)
    }

    /// `(x, y, 1) · h`, divided by w; nil when w ≤ ε (behind the eye) or not finite.
    package static func project(_ x: Double, _ y: Double, _ h: Projective) -> CGPoint? {
        h.projectIfInFront(x: x, y: y).map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// A screen point unprojected onto the plane whose map is `h`: nil when the plane is seen
    /// edge-on (|det| ≤ 1e-15), or the point lies behind the eye.
    package static func unproject(_ p: CGPoint, _ h: Projective) -> CGPoint? {
        let det = h.determinant
        guard det.isFinite, abs(det) > 1e-15, let inv = h.inverted() else { return nil }
        // The eye ray meets the plane where w > 0 on both sides: check that the plane point maps
        // forward again (a point "behind" the eye has a negative w through the inverse).
        let q = inv.applyHomogeneous(x: p.x, y: p.y)
        guard abs(q.z) > 1e-12 else { return nil }
        let local = CGPoint(x: q.x / q.z, y: q.y / q.z)
        guard local.x.isFinite, local.y.isFinite, project(local.x, local.y, h) != nil else { return nil }
        return local
    }
}

extension Projective {
    /// The device point of a plane point, nil when it is behind the eye (w ≤ ε) or not finite.
    package func projectIfInFront(x: Double, y: Double) -> SIMD2<Double>? {
        let h = applyHomogeneous(x: x, y: y)
        guard h.z > 1e-9 else { return nil }
        let p = SIMD2(h.x / h.z, h.y / h.z)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }
}
