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
        let arcs = !f.pointee.stepsAlongRows
        for k in f.pointee.clipShapes {
            let s = clipShapes[k]
            guard !s.isHole, let (a, b) = Self.fullCoverageColumns(s, py, ox0, ox1, arcs: arcs) else { ix1 = ix0; return }
            ix0 = Swift.max(ix0, a); ix1 = Swift.min(ix1, b)
            if ix0 >= ix1 { ix1 = ix0; return }
        }
    }

    /// The columns of `lo..<hi` on row `py` whose centres the clip covers exactly 1, or nil.
    ///
    /// Coverage is 1 where the local signed distance is at most −½·g, g being the local length
    /// of one device pixel along the distance's gradient (`deviceGradientLength`). Over the
    /// row's columns g ≤ G: the Jacobian's entries are (mᵢⱼ − qᵢ·mₖ₃)/W, qᵢ is monotone along
    /// a row where W > 0 (so its extremes are at the ends), and W is linear. The points at
    /// signed distance ≤ −m (m = ½·G) form the rounded rect inset by m (`offsetColumns`),
    /// convex, so they meet the row in one interval of columns.
    ///
    /// `arcs: false` claims only two bars of that shape (its middle less the largest corner
    /// radius, across and down): the interior general rows gave fills whose texels step along
    /// the row, kept so that their spans start where they did.
    static func fullCoverageColumns(_ s: ClipShape, _ py: Double, _ lo: Int, _ hi: Int, arcs: Bool = true) -> (Int, Int)? {
        guard let inset = halfPixelReach(s, py, lo, hi, rounding: arcs ? 1e-12 : 1e-7) else { return nil }
        if arcs {
            guard let (a, b) = offsetColumns(s, py, lo, hi, by: -inset), a < b else { return nil }
            return (a, b)
        }
        let m = s.map, shape = s.shape
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

    /// Half a device pixel's worth of local units at most, anywhere on columns `lo..<hi` of row
    /// `py` under the clip's map (the bound `fullCoverageColumns` explains), with room for
    /// rounding; nil when the shape is empty or W is not positive at both ends of the range.
    ///
    /// The room for rounding is `rounding` × the shape's magnitude: the distance's rounding
    /// error is a few ulps of the local coordinates (2⁻⁵² relative), so 10⁻¹² holds it with
    /// room; the two bars (`arcs: false`) keep the 10⁻⁷ they had (150 pixels of a shape whose
    /// edge lies 10⁹ units out, where every column was left to the pixels).
    static func halfPixelReach(_ s: ClipShape, _ py: Double, _ lo: Int, _ hi: Int, rounding: Double = 1e-12) -> Double? {
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
        let inset = 0.5 * g * (1 + 1e-6) + rounding * (hw + hh + abs(shape.minX) + abs(shape.minY))
        return inset.isFinite ? inset : nil
    }

    /// The columns of `lo..<hi` on row `py` whose centres lie in the clip's rounded rect
    /// offset by `d` local units: the box grown by d (shrunk when d < 0) with corner radii
    /// r + d about the same corner centres (a corner whose radius falls to 0 or below keeps
    /// nothing of its quadrant), convex, so one interval. Conservative towards the offset: a
    /// shrunk shape (d < 0) leaves out any column in doubt, a grown one keeps it, by one column
    /// at each solved boundary. W > 0 over the range (checked by `halfPixelReach`). An empty
    /// pair (a, a) when no column is in; nil when a boundary is not finite.
    static func offsetColumns(_ s: ClipShape, _ py: Double, _ lo: Int, _ hi: Int, by d: Double) -> (Int, Int)? {
        let m = s.map, shape = s.shape, shrink = d < 0
        // Along the row X, Y and W are p.0·u + p.1 (u the column's centre); inside [c0, c1]
        // ⇔ X − c·W between, as W > 0.
        let X = (m.m11, py * m.m21 + m.m31), Y = (m.m12, py * m.m22 + m.m32), W = (m.m13, py * m.m23 + m.m33)
        var c = ColumnCut(a: lo, b: hi, shrink: shrink)
        c.keep(X.0 - (shape.minX - d) * W.0, X.1 - (shape.minX - d) * W.1)
        c.keep((shape.maxX + d) * W.0 - X.0, (shape.maxX + d) * W.1 - X.1)
        c.keep(Y.0 - (shape.minY - d) * W.0, Y.1 - (shape.minY - d) * W.1)
        c.keep((shape.maxY + d) * W.0 - Y.0, (shape.maxY + d) * W.1 - Y.1)
        guard c.solved else { return nil }
        if c.a >= c.b { return (lo, lo) }
        // Each corner cuts, from the columns left, the part of its quadrant outside its disc.
        let corners = SIMD16<Double>(shape.minX + shape.topLeft, shape.minY + shape.topLeft, -1, -1,
                                     shape.maxX - shape.topRight, shape.minY + shape.topRight, 1, -1,
                                     shape.maxX - shape.bottomRight, shape.maxY - shape.bottomRight, 1, 1,
                                     shape.minX + shape.bottomLeft, shape.maxY - shape.bottomLeft, -1, 1)
        let radii = SIMD4(shape.topLeft, shape.topRight, shape.bottomRight, shape.bottomLeft)
        for i in 0..<4 {
            let r = radii[i]
            guard c.a < c.b, r > 0 || shrink,
                  let cut = cornerCut(X, Y, W, corners[4 * i], corners[4 * i + 1], corners[4 * i + 2], corners[4 * i + 3],
                                      r + d, shrink: shrink) else { continue }
            c.remove(cut.0.0, cut.0.1)
            c.remove(cut.1.0, cut.1.1)
        }
        guard c.solved || !shrink else { return nil }
        return c.a < c.b ? (c.a, c.b) : (lo, lo)
    }

    /// Where, along a row, a point lies in a corner's quadrant (beyond its centre (cx, cy) in
    /// the directions sx, sy) but outside the disc of radius `rho` about it: up to two open
    /// ranges of u (column centres), empty ones as (0, 0). X, Y, W: the row's homogeneous
    /// local point, linear in u, W > 0. Where the disc cannot be solved (its quadratic does
    /// not open upwards, a perspective's far side) the whole quadrant is cut when shrinking
    /// and nothing when growing; nil when nothing is cut.
    @inline(__always)
    static func cornerCut(_ X: (Double, Double), _ Y: (Double, Double), _ W: (Double, Double),
                          _ cx: Double, _ cy: Double, _ sx: Double, _ sy: Double, _ rho: Double,
                          shrink: Bool) -> ((Double, Double), (Double, Double))? {
        // Relative to the centre: (X − cx·W, Y − cy·W) = D·u + A.
        let dx = X.0 - cx * W.0, ax = X.1 - cx * W.1, dy = Y.0 - cy * W.0, ay = Y.1 - cy * W.1
        // The quadrant: sx·(dx·u + ax) > 0 and sy·(dy·u + ay) > 0, an open range of u.
        var lo = -Double.infinity, hi = Double.infinity, outside = false
        let alphas = SIMD2(sx * dx, sy * dy), betas = SIMD2(sx * ax, sy * ay)
        for k in 0..<2 {
            let alpha = alphas[k], beta = betas[k]
            if alpha == 0 {
                if !(beta > 0) { outside = true }
                continue
            }
            let t = -beta / alpha
            if alpha > 0 { lo = Swift.max(lo, t) } else { hi = Swift.min(hi, t) }
        }
        if lo.isNaN || hi.isNaN { return shrink ? ((-Double.infinity, Double.infinity), (0, 0)) : nil }
        if outside || !(lo < hi) { return nil }
        let none = (0.0, 0.0)
        guard rho > 0 else { return shrink ? ((lo, hi), none) : nil }
        // In the disc: |D·u + A|² ≤ ρ²·(W.0·u + W.1)², i.e. qa·u² + 2·qb·u + qc ≤ 0.
        let r2 = rho * rho
        let qa = dx * dx + dy * dy - r2 * W.0 * W.0
        let qb = dx * ax + dy * ay - r2 * W.0 * W.1
        let qc = ax * ax + ay * ay - r2 * W.1 * W.1
        let disc = qb * qb - qa * qc
        guard qa > 0, qa.isFinite, disc.isFinite else { return shrink ? ((lo, hi), none) : nil }
        if disc <= 0 { return ((lo, hi), none) }
        let root = disc.squareRoot()
        let u0 = (-qb - root) / qa, u1 = (-qb + root) / qa
        return ((lo, Swift.min(hi, u0)), (Swift.max(lo, u1), hi))
    }
}

extension BandRasterizer {
    /// The columns of `lo..<hi` outside which the clip's coverage on row `py` is exactly 0:
    /// those whose centres lie in the rounded rect grown by half a pixel's reach
    /// (`halfPixelReach`, `offsetColumns`). A point outside it is at least the reach from the
    /// outline, so its coverage ½ − d/g is at most 0. An empty pair (a, a) when no column may
    /// be covered; nil when not solved (every column may be).
    static func outerColumns(_ s: ClipShape, _ py: Double, _ lo: Int, _ hi: Int) -> (Int, Int)? {
        guard let reach = halfPixelReach(s, py, lo, hi) else { return nil }
        return offsetColumns(s, py, lo, hi, by: reach)
    }
}

/// The columns `a..<b` of a row as `BandRasterizer.offsetColumns` narrows them (a struct, not
/// variables captured by nested functions, which were boxed on the heap: an allocation a row).
struct ColumnCut {
    var a: Int, b: Int
    /// False once a boundary was not finite.
    var solved = true
    /// Narrowing to a shrunk shape: a column in doubt goes; else it stays.
    let shrink: Bool

    init(a: Int, b: Int, shrink: Bool) { self.a = a; self.b = b; self.shrink = shrink }

    /// Keeps the columns whose centres u have α·u + β ≥ 0, one column less (shrinking) or more
    /// (growing) at the boundary for rounding.
    @inline(__always)
    mutating func keep(_ alpha: Double, _ beta: Double) {
        if alpha == 0 {
            if beta.isNaN { solved = false } else if !(beta >= 0) { b = a }
            return
        }
        let edge = -beta / alpha - 0.5   // the column whose centre is on the line
        guard edge.isFinite else { solved = false; return }
        if alpha > 0 {
            a = Swift.max(a, shrink ? ceilInt(edge) + 1 : ceilInt(edge) - 1)
        } else {
            b = Swift.min(b, shrink ? floorInt(edge) : floorInt(edge) + 2)
        }
    }

    /// Removes the columns whose centres fall in (p, q), one column more (shrinking) or less
    /// (growing) at each end for rounding.
    @inline(__always)
    mutating func remove(_ p: Double, _ q: Double) {
        guard a < b, p < q else {
            if p.isNaN || q.isNaN { solved = false }
            return
        }
        let c0 = shrink ? floorInt(p - 0.5) : floorInt(p - 0.5) + 2
        let c1 = shrink ? ceilInt(q - 0.5) + 1 : ceilInt(q - 0.5) - 1
        if c0 >= c1 || c1 <= a || c0 >= b { return }
        if c0 <= a { a = c1 } else if c1 >= b { b = c0 }
        // A cut inside the columns (rounding at a tangent): the larger side when shrinking,
        // nothing when growing.
        else if shrink { if c0 - a >= b - c1 { b = c0 } else { a = c1 } }
    }
}
