// The interior of a row under rounded-rect clips: the columns where every clip's coverage
// (`roundedRectCoverage`) is exactly 1, so the fill paints them as a constant span instead of
// computing coverage per pixel. Conservative by construction: a column is claimed only when
// its pixel centre lies at least half a device pixel's worth of local units inside the clip,
// with a bound on that worth that holds over the whole row.

extension BandRasterizer {
    /// Narrows `ix0..<ix1` (the fill's own interior on row `py`, within `ox0..<ox1`) to the
    /// columns inside every clip shape with coverage exactly 1. Holes and masks are not
    /// solved: the interior is then empty, as before.
    @inline(__always)
    func clipInterior(_ f: UnsafePointer<PreparedFill>, _ py: Double, _ ox0: Int, _ ox1: Int, _ ix0: inout Int, _ ix1: inout Int) {
        if f.pointee.mask != nil { ix1 = ix0; return }
        for k in f.pointee.clipShapes {
            let s = clipShapes[k]
            guard !s.isHole, let (a, b) = Self.fullCoverageColumns(s, py, ox0, ox1) else { ix1 = ix0; return }
            ix0 = Swift.max(ix0, a); ix1 = Swift.min(ix1, b)
            if ix0 >= ix1 { ix1 = ix0; return }
        }
    }

    /// The columns of `lo..<hi` on row `py` whose centres the clip covers exactly 1, or nil.
    ///
    /// Coverage is 1 where the local signed distance is at most −½·g, g being the local length
    /// of one device pixel along the distance's gradient (`deviceGradientLength`). Over the
    /// row's columns g ≤ G: the Jacobian's entries are (mᵢⱼ − qᵢ·mₖ₃)/W, qᵢ is monotone along
    /// a row where W > 0 (so its extremes are at the ends), and W is linear. The rounded rect
    /// holds every point of two bars (its middle less the corner radii, across and down)
    /// inset by m = ½·G; each bar meets the row in one interval of columns.
    static func fullCoverageColumns(_ s: ClipShape, _ py: Double, _ lo: Int, _ hi: Int) -> (Int, Int)? {
        let m = s.map, shape = s.shape
        guard lo < hi, !shape.isEmpty else { return nil }
        let xa = Double(lo) + 0.5, xb = Double(hi) - 0.5
        let ha = m.applyHomogeneous(x: xa, y: py), hb = m.applyHomogeneous(x: xb, y: py)
        let wMin = Swift.min(ha.z, hb.z)
        guard wMin > 0, wMin.isFinite else { return nil }
        let qa = SIMD2(ha.x / ha.z, ha.y / ha.z), qb = SIMD2(hb.x / hb.z, hb.y / hb.z)
        @inline(__always) func most(_ c: Double, _ k: Double, _ q0: Double, _ q1: Double) -> Double {
            Swift.max(abs(c - q0 * k), abs(c - q1 * k))
        }
        let jxx = most(m.m11, m.m13, qa.x, qb.x), jxy = most(m.m21, m.m23, qa.x, qb.x)
        let jyx = most(m.m12, m.m13, qa.y, qb.y), jyy = most(m.m22, m.m23, qa.y, qb.y)
        let g = (jxx * jxx + jxy * jxy + jyx * jyx + jyy * jyy).squareRoot() / wMin
        let hw = (shape.maxX - shape.minX) * 0.5, hh = (shape.maxY - shape.minY) * 0.5
        // Half a pixel, with room for the rounding of the distance and of g.
        let inset = 0.5 * g * (1 + 1e-6) + 1e-7 * (hw + hh + abs(shape.minX) + abs(shape.minY))
        guard inset.isFinite else { return nil }
        let r = Swift.max(shape.topLeft, shape.topRight, shape.bottomRight, shape.bottomLeft)
        let across = Self.boxColumns(m, py, shape, insetX: Swift.max(r, inset), insetY: inset, lo, hi)
        let down = Self.boxColumns(m, py, shape, insetX: inset, insetY: Swift.max(r, inset), lo, hi)
        // Two intervals of one convex shape's interior: their union when they meet.
        switch (across, down) {
        case (nil, nil): return nil
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (let a?, let b?):
            if a.1 >= b.0 && b.1 >= a.0 { return (Swift.min(a.0, b.0), Swift.max(a.1, b.1)) }
            return a.1 - a.0 >= b.1 - b.0 ? a : b
        }
    }

    /// The columns of `lo..<hi` whose centres map inside `shape`'s box inset by `insetX` and
    /// `insetY` (W > 0 at both ends of the range, so everywhere on it), one column less at
    /// each end for rounding; nil when none.
    static func boxColumns(_ m: Projective, _ py: Double, _ shape: RoundedRect, insetX: Double, insetY: Double,
                           _ lo: Int, _ hi: Int) -> (Int, Int)? {
        let x0 = shape.minX + insetX, x1 = shape.maxX - insetX, y0 = shape.minY + insetY, y1 = shape.maxY - insetY
        guard x0 <= x1, y0 <= y1 else { return nil }
        // Along the row X, Y and W are a·px + b; q inside [c0, c1] ⇔ (X − c·W) between, as W > 0.
        let X = (m.m11, py * m.m21 + m.m31), Y = (m.m12, py * m.m22 + m.m32), W = (m.m13, py * m.m23 + m.m33)
        var a = lo, b = hi
        @inline(__always) func keep(_ p: (Double, Double), _ c: Double, atLeast: Bool) {
            // s·(p − c·W) ≥ 0 with s = +1 (≥ c) or −1 (≤ c): α·px + β ≥ 0.
            let sign = atLeast ? 1.0 : -1.0
            let alpha = sign * (p.0 - c * W.0), beta = sign * (p.1 - c * W.1)
            if alpha == 0 {
                if !(beta >= 0) { b = a }
                return
            }
            let edge = -beta / alpha - 0.5   // the column whose centre is on the line
            guard edge.isFinite else { b = a; return }
            if alpha > 0 { a = Swift.max(a, ceilInt(edge) + 1) } else { b = Swift.min(b, floorInt(edge)) }
        }
        keep(X, x0, atLeast: true); keep(X, x1, atLeast: false)
        keep(Y, y0, atLeast: true); keep(Y, y1, atLeast: false)
        return a < b ? (a, b) : nil
    }
}
