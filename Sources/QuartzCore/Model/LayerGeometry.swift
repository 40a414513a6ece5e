import Foundation

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
    /// `(u, v, 1) → (X, Y, W)`.
    package static func planeMap(_ m: CATransform3D) -> [Double] {
        [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44]
    }

    /// `(x, y, 1) · h`, divided by w; nil when w ≤ ε (behind the eye) or not finite.
    package static func project(_ x: Double, _ y: Double, _ h: [Double]) -> CGPoint? {
        let X = x * h[0] + y * h[3] + h[6]
        let Y = x * h[1] + y * h[4] + h[7]
        let W = x * h[2] + y * h[5] + h[8]
        guard W > 1e-9 else { return nil }
        let p = CGPoint(x: X / W, y: Y / W)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// The inverse of a 3×3 map, nil when singular.
    package static func invert3(_ m: [Double]) -> [Double]? {
        let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-15 else { return nil }
        let r = [A, -(b * i - c * h), b * f - c * e,
                 B, a * i - c * g, -(a * f - c * d),
                 C, -(a * h - b * g), a * e - b * d].map { $0 / det }
        return r.allSatisfy { $0.isFinite } ? r : nil
    }

    /// A screen point unprojected onto the plane whose map is `h`: nil when the plane is seen
    /// edge-on, or the point lies behind the eye.
    package static func unproject(_ p: CGPoint, _ h: [Double]) -> CGPoint? {
        guard let inv = invert3(h) else { return nil }
        // The eye ray meets the plane where w > 0 on both sides: check that the plane point maps
        // forward again (a point "behind" the eye has a negative w through the inverse).
        let X = p.x * inv[0] + p.y * inv[3] + inv[6]
        let Y = p.x * inv[1] + p.y * inv[4] + inv[7]
        let W = p.x * inv[2] + p.y * inv[5] + inv[8]
        guard abs(W) > 1e-12 else { return nil }
        let local = CGPoint(x: X / W, y: Y / W)
        guard local.x.isFinite, local.y.isFinite, project(local.x, local.y, h) != nil else { return nil }
        return local
    }
}
