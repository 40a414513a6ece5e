#if canImport(Glibc)
import Glibc
#endif

/// A projective 3×3 map in Core Animation's row-vector convention: `[x y 1]·M = [X Y W]`,
/// and the mapped point is `(X/W, Y/W)`.
///
/// Not an Apple type: it is the 2D part of a `CATransform3D` once z is dropped
/// (rows/columns 1, 2 and 4), and for affine maps the same layout as `CGAffineTransform`.
public struct Projective: Sendable, Equatable {
    /// Row 1: how local x feeds X, Y and W.
    public var m11: Double, m12: Double, m13: Double
    /// Row 2: how local y feeds X, Y and W.
    public var m21: Double, m22: Double, m23: Double
    /// Row 3: the constant terms of X, Y and W (translation and W offset).
    public var m31: Double, m32: Double, m33: Double

    /// Creates a map from its nine entries, row by row.
    @inlinable
    public init(m11: Double, m12: Double, m13: Double,
                m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// Creates an affine map with `CGAffineTransform`'s fields: `x' = a·x + c·y + tx`,
    /// `y' = b·x + d·y + ty`.
    @inlinable
    public init(affine a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// The identity map.
    public static let identity = Projective(affine: 1, 0, 0, 1, 0, 0)

    /// A translation by (tx, ty).
    @inlinable
    public static func translation(_ tx: Double, _ ty: Double) -> Projective {
        Projective(affine: 1, 0, 0, 1, tx, ty)
    }

    /// A scale by (sx, sy) about the origin.
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> Projective {
        Projective(affine: sx, 0, 0, sy, 0, 0)
    }

    /// A rotation by `angle` radians; positive turns +x towards +y (clockwise on a y-down screen),
    /// as `CGAffineTransform(rotationAngle:)`.
    @inlinable
    public static func rotation(_ angle: Double) -> Projective {
        let c = cos(angle), s = sin(angle)
        return Projective(affine: c, s, -s, c, 0, 0)
    }

    /// True when W does not depend on the point (no perspective): then the map needs no divide.
    @inlinable public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 != 0 }

    /// True when every entry is a finite number.
    @inlinable public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The map that applies `self` first, then `other` (the matrix product `self·other`).
    @inlinable
    public func concatenating(_ o: Projective) -> Projective {
        Projective(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The determinant of the 3×3 matrix.
    @inlinable public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, or nil when the matrix is singular or not finite.
    ///
    /// Projective maps are defined up to scale, so the inverse is the adjugate divided by the
    /// determinant; "singular" means a zero (or non-finite) determinant.
    public func inverted() -> Projective? {
        guard isFinite else { return nil }
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        let inv = Projective(
            m11: (m22 * m33 - m23 * m32) * r, m12: (m13 * m32 - m12 * m33) * r, m13: (m12 * m23 - m13 * m22) * r,
            m21: (m23 * m31 - m21 * m33) * r, m22: (m11 * m33 - m13 * m31) * r, m23: (m13 * m21 - m11 * m23) * r,
            m31: (m21 * m32 - m22 * m31) * r, m32: (m12 * m31 - m11 * m32) * r, m33: (m11 * m22 - m12 * m21) * r)
        return inv.isFinite ? inv : nil
    }

    /// The homogeneous image `[x y 1]·M = (X, Y, W)`.
    @inlinable @inline(__always)
    public func applyHomogeneous(x: Double, y: Double) -> SIMD3<Double> {
        SIMD3(x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The largest factor by which the map stretches any direction at `(x, y)`: the largest
    /// singular value of its Jacobian there. Nil where W is not positive and finite (behind
    /// the eye, at the horizon, or overflowed).
    public func stretch(atX x: Double, y: Double) -> Double? {
        let h = applyHomogeneous(x: x, y: y)
        let w = h.z
        guard w > 0, w.isFinite else { return nil }
        let qx = h.x / w, qy = h.y / w
        // ∂(X/W, Y/W)/∂(x, y).
        return largestSingularValue((m11 - qx * m13) / w, (m21 - qx * m23) / w,
                                    (m12 - qy * m13) / w, (m22 - qy * m23) / w)
    }

    /// The mapped point `(X/W, Y/W)`; infinite or NaN when W is 0 (a point at the horizon).
    @inlinable @inline(__always)
    public func apply(x: Double, y: Double) -> SIMD2<Double> {
        let h = applyHomogeneous(x: x, y: y)
        return SIMD2(h.x / h.z, h.y / h.z)
    }
}

/// The largest singular value of the 2 × 2 matrix [[a, b], [c, d]].
@inlinable
public func largestSingularValue(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
    let t = a * a + b * b + c * c + d * d, det = a * d - b * c
    return ((t + Swift.max(t * t - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
}

extension Projective {
    /// Whether stepping along a row from any first pixel reaches the same positions: the map
    /// is affine and every entry is a multiple of 2⁻¹⁵ below 2¹² in magnitude, so that at
    /// pixel centres (half-integers below 2¹⁶) every position is a multiple of 2⁻¹⁶ held
    /// exactly in a Double, and `start + k · step` is exact both in 16.16 fixed point and in
    /// Doubles (no rounding depends on where a span starts), and positions stay below the
    /// ±10⁹ the fixed-point kernels clamp to. Damage redraws clip such fills anywhere.
    package var isSeekable: Bool {
        guard m13 == 0, m23 == 0, m33 == 1 else { return false }
        @inline(__always) func exact(_ v: Double) -> Bool {
            let scaled = v * 32768
            return abs(v) < 4096 && scaled == scaled.rounded(.towardZero)
        }
        return exact(m11) && exact(m12) && exact(m21) && exact(m22) && exact(m31) && exact(m32)
    }
}
