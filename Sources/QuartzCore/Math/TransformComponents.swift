import Foundation

/// The `transform.rotation.z`-style components of a transform, as Core Animation's key paths
/// read and write them.
///
/// Reading decomposes the matrix; writing replaces one component and rebuilds the matrix as
/// `Scale · Rx · Ry · Rz · Translation · Perspective` (row vectors: scale acts first). A single-axis
/// rotation set this way is exact for any angle, so an animation from 0 to 4π spins twice.
package enum TransformComponents {
    package struct Components {
        var scale = SIMD3<Double>(1, 1, 1)
        var rotation = SIMD3<Double>(0, 0, 0)   // Euler angles, x then y then z
        var translation = SIMD3<Double>(0, 0, 0)
        var perspective = SIMD4<Double>(0, 0, 0, 1)
    }

    package static func components(of t: CATransform3D) -> Components {
        var c = Components()
        // The common case of an animated component on an untransformed layer: nothing to split.
        if t == CATransform3DIdentity { return c }
        guard let d = t.decomposed() else {
            c.translation = [t.m41, t.m42, t.m43]
            return c
        }
        c.scale = d.scale
        c.translation = d.translation
        c.perspective = d.perspective
        let r = CATransform3D(DecomposedTransform(scale: [1, 1, 1], skew: [0, 0, 0], quaternion: d.quaternion,
                                                  translation: [0, 0, 0], perspective: [0, 0, 0, 1]))
        c.rotation = eulerAngles(of: r)
        return c
    }

    /// The angles (x, y, z) with `Rx · Ry · Rz == r`, of the two that every rotation has — (x, y, z)
    /// with y in [−π/2, π/2], and (x + π, π − y, z + π) — the one turning least in all, each
    /// angle in (−π, π]. So a rotation about one axis decomposes onto that axis: a half turn
    /// about y is (0, π, 0), not the equal (π, 0, π), and animating `transform.rotation.y` from
    /// it turns about y only (issue #21).
    package static func eulerAngles(of r: CATransform3D) -> SIMD3<Double> {
        let m13 = Double(r.m13)
        let first = SIMD3<Double>(Double(atan2(r.m23, r.m33)), asin(max(-1, min(1, -m13))), Double(atan2(r.m12, r.m11)))
        let second = SIMD3<Double>(wrapped(first.x + .pi), wrapped(.pi - first.y), wrapped(first.z + .pi))
        func turn(_ a: SIMD3<Double>) -> Double { abs(a.x) + abs(a.y) + abs(a.z) }
        // Rounding must not flip the choice for rotations the two describe equally well.
        return turn(second) < turn(first) - 1e-9 ? second : first
    }

    /// `a` in (−π, π].
    private static func wrapped(_ a: Double) -> Double {
        var v = a.truncatingRemainder(dividingBy: 2 * .pi)
        if v > .pi { v -= 2 * .pi }
        if v <= -.pi { v += 2 * .pi }
        // A component that is a rounding error away from zero is zero.
        return abs(v) < 1e-12 ? 0 : v
    }

    package static func matrix(from c: Components) -> CATransform3D {
        var m = CATransform3DMakeScale(c.scale.x, c.scale.y, c.scale.z)
        if c.rotation.x != 0 { m = m.concatenating(CATransform3DMakeRotation(c.rotation.x, 1, 0, 0)) }
        if c.rotation.y != 0 { m = m.concatenating(CATransform3DMakeRotation(c.rotation.y, 0, 1, 0)) }
        if c.rotation.z != 0 { m = m.concatenating(CATransform3DMakeRotation(c.rotation.z, 0, 0, 1)) }
        m = m.concatenating(CATransform3DMakeTranslation(c.translation.x, c.translation.y, c.translation.z))
        if c.perspective != SIMD4<Double>(0, 0, 0, 1) {
            var p = CATransform3DIdentity
            p.m14 = c.perspective.x; p.m24 = c.perspective.y; p.m34 = c.perspective.z; p.m44 = c.perspective.w
            m = m.concatenating(p)
        }
        return m
    }

    private static func axisIndex(_ axis: String?) -> Int? {
        switch axis {
        case "x": return 0
        case "y": return 1
        case "z": return 2
        default: return nil
        }
    }

    /// Reads `name[.axis]`; `consumed` is the number of path components after `name` (0 or 1).
    package static func get(_ t: CATransform3D, _ name: String, _ axis: String?, consumed: Int) throws -> Any {
        guard consumed <= 1 else { throw KeyPathComponents.UnknownPath(component: name, type: "CATransform3D") }
        let c = components(of: t)
        switch (name, axis) {
        case ("rotation", nil): return CGFloat(c.rotation.z)
        case ("scale", nil): return CGFloat((c.scale.x + c.scale.y + c.scale.z) / 3)
        case ("translation", nil): return CGSize(width: c.translation.x, height: c.translation.y)
        case ("rotation", let a?): guard let i = axisIndex(a) else { break }; return CGFloat(c.rotation[i])
        case ("scale", let a?): guard let i = axisIndex(a) else { break }; return CGFloat(c.scale[i])
        case ("translation", let a?): guard let i = axisIndex(a) else { break }; return CGFloat(c.translation[i])
        default: break
        }
        throw KeyPathComponents.UnknownPath(component: axis.map { "\(name).\($0)" } ?? name, type: "CATransform3D")
    }

    /// Writes `name[.axis]` and returns the rebuilt transform.
    package static func set(_ t: CATransform3D, _ name: String, _ axis: String?, consumed: Int, _ value: Any?) throws -> CATransform3D {
        guard consumed <= 1 else { throw KeyPathComponents.UnknownPath(component: name, type: "CATransform3D") }
        var c = components(of: t)
        if name == "translation", axis == nil, let s = value as? CGSize {
            c.translation.x = s.width; c.translation.y = s.height
            return matrix(from: c)
        }
        guard let v = KVCValue.double(value) else {
            throw KeyPathComponents.WrongValue(value: value, expected: "a number")
        }
        guard v.isFinite else { throw KeyPathComponents.NonFiniteValue(value: v) }
        let unknown = KeyPathComponents.UnknownPath(component: axis.map { "\(name).\($0)" } ?? name, type: "CATransform3D")
        let index = axisIndex(axis)
        if axis != nil && index == nil { throw unknown }
        switch (name, index) {
        case ("rotation", nil): c.rotation.z = v
        case ("scale", nil): c.scale = [v, v, v]
        case ("rotation", let i?): c.rotation[i] = v
        case ("scale", let i?): c.scale[i] = v
        case ("translation", let i?): c.translation[i] = v
        default: throw unknown
        }
        return matrix(from: c)
    }
}
