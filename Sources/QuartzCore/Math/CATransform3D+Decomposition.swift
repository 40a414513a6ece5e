/// A transform split into the parts Core Animation interpolates separately.
///
/// In the row-vector convention the matrix is `Scale · Skew · Rotation · Translation · Perspective`:
/// scale acts first. Skew is `[[1,0,0],[xy,1,0],[xz,yz,1]]`; the rotation is a unit quaternion
/// `(x, y, z, w)`.
package struct DecomposedTransform: Equatable, Sendable {
    package var scale: SIMD3<Double>
    package var skew: SIMD3<Double>          // (xy, xz, yz)
    package var quaternion: SIMD4<Double>    // (x, y, z, w), unit length
    package var translation: SIMD3<Double>
    package var perspective: SIMD4<Double>   // (x, y, z, w); (0, 0, 0, 1) when none

    package static let identity = DecomposedTransform(
        scale: [1, 1, 1], skew: [0, 0, 0], quaternion: [0, 0, 0, 1],
        translation: [0, 0, 0], perspective: [0, 0, 0, 1])
}

@inline(__always) private func dot3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) private func length3(_ a: SIMD3<Double>) -> Double { dot3(a, a).squareRoot() }
@inline(__always) private func cross3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    [a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x]
}

extension CATransform3D {
    /// Splits the matrix (Graphics Gems II "unmatrix", as WebKit and Chromium do); nil when it cannot
    /// be split (singular upper 3×3, `m44 == 0`, or non-finite entries).
    package func decomposed() -> DecomposedTransform? {
        guard isFinite, m44 != 0 else { return nil }
        let n = entries.map { Double($0) / Double(m44) }
        // The affine part: the matrix with its perspective column replaced by (0, 0, 0, 1).
        var affine = n
        affine[3] = 0; affine[7] = 0; affine[11] = 0; affine[15] = 1
        let affineMatrix = CATransform3D(entries: affine.map { CGFloat($0) })
        guard let affineInverse = affineMatrix.inverse() else { return nil }

        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if n[3] != 0 || n[7] != 0 || n[11] != 0 {
            // M = A · P with P the identity whose fourth column is p, so M's fourth column is A·p.
            let rhs = SIMD4<Double>(n[3], n[7], n[11], n[15])
            let inv = affineInverse.entries.map(Double.init)
            for r in 0..<4 {
                perspective[r] = inv[r * 4] * rhs[0] + inv[r * 4 + 1] * rhs[1] + inv[r * 4 + 2] * rhs[2] + inv[r * 4 + 3] * rhs[3]
            }
        }
        let translation = SIMD3<Double>(n[12], n[13], n[14])
        var row0 = SIMD3<Double>(n[0], n[1], n[2])
        var row1 = SIMD3<Double>(n[4], n[5], n[6])
        var row2 = SIMD3<Double>(n[8], n[9], n[10])

        // Gram–Schmidt on the rows gives scale, skew and an orthonormal rotation.
        var scale = SIMD3<Double>(repeating: 0)
        var skew = SIMD3<Double>(repeating: 0)
        scale.x = length3(row0)
        guard scale.x > 0 else { return nil }
        row0 /= scale.x
        skew.x = dot3(row0, row1)
        row1 -= skew.x * row0
        scale.y = length3(row1)
        guard scale.y > 0 else { return nil }
        row1 /= scale.y
        skew.x /= scale.y
        skew.y = dot3(row0, row2)
        row2 -= skew.y * row0
        skew.z = dot3(row1, row2)
        row2 -= skew.z * row1
        scale.z = length3(row2)
        guard scale.z > 0 else { return nil }
        row2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A mirror shows as a left-handed frame: fold it into a negative scale.
        if dot3(row0, cross3(row1, row2)) < 0 {
            scale = -scale
            row0 = -row0; row1 = -row1; row2 = -row2
        }

        let q = Self.quaternion(rows: row0, row1, row2)
        return DecomposedTransform(scale: scale, skew: skew, quaternion: q,
                                   translation: translation, perspective: perspective)
    }

    /// The unit quaternion (w ≥ 0) of orthonormal rotation rows (row-vector convention), worked
    /// out from its largest component (Shepperd's method): the others come from differences and
    /// sums of off-diagonal entries, never from the square root of a difference near zero, which
    /// lost half the digits (a half turn about y read back with 1e-8 of x and z in it).
    private static func quaternion(rows row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) -> SIMD4<Double> {
        let trace = row0.x + row1.y + row2.z
        var q: SIMD4<Double>
        if trace >= max(row0.x, row1.y, row2.z) {
            let w = 0.5 * max(1 + trace, 0).squareRoot(), f = 0.25 / w
            q = [(row1.z - row2.y) * f, (row2.x - row0.z) * f, (row0.y - row1.x) * f, w]
        } else if row0.x >= row1.y && row0.x >= row2.z {
            let x = 0.5 * max(1 + row0.x - row1.y - row2.z, 0).squareRoot(), f = 0.25 / x
            q = [x, (row0.y + row1.x) * f, (row0.z + row2.x) * f, (row1.z - row2.y) * f]
        } else if row1.y >= row2.z {
            let y = 0.5 * max(1 - row0.x + row1.y - row2.z, 0).squareRoot(), f = 0.25 / y
            q = [(row0.y + row1.x) * f, y, (row1.z + row2.y) * f, (row2.x - row0.z) * f]
        } else {
            let z = 0.5 * max(1 - row0.x - row1.y + row2.z, 0).squareRoot(), f = 0.25 / z
            q = [(row0.z + row2.x) * f, (row1.z + row2.y) * f, z, (row0.y - row1.x) * f]
        }
        if q.w < 0 { q = -q }
        return q / (q * q).sum().squareRoot()
    }

    /// Rebuilds the matrix `Scale · Skew · Rotation · Translation · Perspective`.
    ///
    /// Allocation-free (compiled `transform` animations call it every frame); without perspective
    /// the affine part is the result.
    package init(_ d: DecomposedTransform) {
        let (x, y, z, w) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
        let rotation0 = SIMD3<Double>(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let rotation1 = SIMD3<Double>(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let rotation2 = SIMD3<Double>(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        // Skew · Rotation, row by row, then each row scaled.
        let r0 = rotation0 * d.scale.x
        let r1 = (rotation1 + d.skew.x * rotation0) * d.scale.y
        let r2 = (rotation2 + d.skew.y * rotation0 + d.skew.z * rotation1) * d.scale.z
        let affine = CATransform3D(
            m11: r0.x, m12: r0.y, m13: r0.z, m14: 0,
            m21: r1.x, m22: r1.y, m23: r1.z, m24: 0,
            m31: r2.x, m32: r2.y, m33: r2.z, m34: 0,
            m41: d.translation.x, m42: d.translation.y, m43: d.translation.z, m44: 1)
        guard d.perspective != SIMD4<Double>(0, 0, 0, 1) else {
            self = affine
            return
        }
        var perspective = CATransform3DIdentity
        perspective.m14 = d.perspective.x; perspective.m24 = d.perspective.y
        perspective.m34 = d.perspective.z; perspective.m44 = d.perspective.w
        self = affine.concatenating(perspective)
    }

    /// Interpolates two transforms by decomposition: scale, skew, translation and perspective
    /// linearly, rotation by spherical interpolation along the shortest arc (Apple's behaviour).
    /// When either matrix cannot be decomposed, the entries are interpolated linearly instead.
    package static func interpolated(from a: CATransform3D, to b: CATransform3D, fraction t: Double) -> CATransform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        return interpolated(from: a, a.decomposed(), to: b, b.decomposed(), fraction: t)
    }

    /// `interpolated(from:to:fraction:)` with the endpoints' decompositions worked out beforehand
    /// (`da` is `a.decomposed()`, `db` is `b.decomposed()`): an animation splits its two
    /// matrices once, not every frame. The same arithmetic, so the same values.
    package static func interpolated(from a: CATransform3D, _ da: DecomposedTransform?, to b: CATransform3D,
                                     _ db: DecomposedTransform?, fraction t: Double) -> CATransform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        guard let da, let db else {
            let ea = a.entries, eb = b.entries
            return CATransform3D(entries: (0..<16).map { ea[$0] + (eb[$0] - ea[$0]) * t })
        }
        var r = DecomposedTransform.identity
        r.scale = da.scale + (db.scale - da.scale) * t
        r.skew = da.skew + (db.skew - da.skew) * t
        r.translation = da.translation + (db.translation - da.translation) * t
        r.perspective = da.perspective + (db.perspective - da.perspective) * t
        r.quaternion = slerp(da.quaternion, db.quaternion, t)
        return CATransform3D(r)
    }
}

/// Spherical interpolation of unit quaternions along the shorter arc.
package func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    var b = b0
    var cosine = (a * b).sum()
    if cosine < 0 { b = -b; cosine = -cosine }
    if cosine > 0.9995 {
        let q = a + (b - a) * t
        return q / (q * q).sum().squareRoot()
    }
    let angle = acos(min(cosine, 1))
    let s = sin(angle)
    return a * (sin((1 - t) * angle) / s) + b * (sin(t * angle) / s)
}
