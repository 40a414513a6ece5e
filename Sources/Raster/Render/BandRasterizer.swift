// Scan conversion of prepared fills, one band of rows at a time. Per scanline, the exact
// x-range where coverage is 1 runs the constant-coverage kernel; only the rim computes
// coverage (Blend2D's constant vs varying spans). Every decision is per row or per pixel,
// never per band, so output does not depend on band boundaries.

/// Renders bands of a prepared scene into a surface; one per worker, owning a coverage row.
/// Unchecked Sendable: it only reads the prepared scene, and workers write disjoint rows.
struct BandRasterizer: @unchecked Sendable {
    let fills: UnsafeBufferPointer<PreparedFill>
    let edges: UnsafePointer<LineEdge>
    let hardEdges: UnsafePointer<HardEdge>
    let corners: UnsafePointer<CornerZone>
    let cornerExtents: UnsafePointer<CornerExtent>
    let clipShapes: UnsafePointer<ClipShape>
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// One 0...255 scale per pixel of the varying span being drawn.
    var coverage: UnsafeMutablePointer<UInt32>

    /// Draws every fill, in order, clipped to rows `y0..<y1`.
    func render(rows y0: Int, _ y1: Int) {
        for f in fills {
            let r0 = Swift.max(y0, f.bounds.y0), r1 = Swift.min(y1, f.bounds.y1)
            if r0 >= r1 { continue }
            for y in r0..<r1 { renderRow(f, y) }
        }
    }

    /// Coverage × opacity of the fill at the centre of pixel (x, y) before hard clips, 0...1.
    @inline(__always)
    func coverageAt(_ f: PreparedFill, _ px: Double, _ py: Double) -> Double {
        var cov = 1.0
        var skip: UInt8 = 0
        if !f.corners.isEmpty {
            let inv = f.inverse
            let h = inv.applyHomogeneous(x: px, y: py)
            if !(h.z > 0) { return 0 }
            var qx = h.x, qy = h.y
            if !f.affine {
                let r = 1 / h.z
                qx *= r; qy *= r
            }
            let free = f.cornerFree
            let inCornerBand = (qx < free.x || qx > free.z) && (qy < free.y || qy > free.w)
            for k in f.corners where inCornerBand {
                let c = corners[k]
                let dx = qx - c.cx, dy = qy - c.cy
                guard dx * c.sx > 0 && dy * c.sy > 0 else { continue }
                // In the corner's quadrant: the arc replaces the two adjacent sides. Local
                // distance to the arc over the device-space gradient length = pixels.
                let len2 = dx * dx + dy * dy
                skip = c.sideMask
                if len2 <= c.fullRadiusSquared { break }
                let len = len2.squareRoot()
                let dist = len - c.radius
                let g: Double
                if f.affine {
                    // |Jᵀ·n| with n = (dx, dy)/len, the division folded into one at the end.
                    let gx = dx * inv.m11 + dy * inv.m12, gy = dx * inv.m21 + dy * inv.m22
                    g = (gx * gx + gy * gy).squareRoot() / len
                } else {
                    g = deviceGradientLength(inv, h, dx / len, dy / len)
                }
                let d = g > 0 && g.isFinite ? 0.5 - dist / g : (dist <= 0 ? 1 : 0)
                if d <= 0 { return 0 }
                if d < 1 { cov = d }
                break
            }
        }
        for k in f.edges {
            let e = edges[k]
            if e.side & skip != 0 { continue }
            let d = e.a * px + e.b * py + e.c
            if d < 0.5 {
                if d <= -0.5 { return 0 }
                cov *= d + 0.5
            }
        }
        for k in f.clipShapes {
            let s = clipShapes[k]
            let c = roundedRectCoverage(s.shape, s.map, px, py)
            cov *= s.isHole ? 1 - c : c
            if cov == 0 { return 0 }
        }
        return cov
    }

    /// The first column `x` in `lo...hi` where a hard edge holds, given that it holds from
    /// some column on (a > 0), or the end of where it holds (a < 0). Exact: evaluated per pixel
    /// around an estimate, so two polygons sharing the edge split pixels exactly.
    @inline(__always)
    func hardInterval(_ e: HardEdge, _ py: Double, _ lo: Int, _ hi: Int) -> (Int, Int) {
        let k = e.b * py + e.c
        if e.a == 0 {
            return e.inside(0, py) ? (lo, hi) : (lo, lo)
        }
        let t = Swift.min(Swift.max(-k / e.a - 0.5, Double(lo) - 1), Double(hi) + 1)
        var x = Swift.min(Swift.max(Int(t.rounded(.up)), lo), hi)
        if e.a > 0 {
            // inside(x) is monotone non-decreasing in x.
            while x > lo && e.inside(Double(x - 1) + 0.5, py) { x -= 1 }
            while x < hi && !e.inside(Double(x) + 0.5, py) { x += 1 }
            return (x, hi)
        } else {
            while x < hi && e.inside(Double(x) + 0.5, py) { x += 1 }
            while x > lo && !e.inside(Double(x - 1) + 0.5, py) { x -= 1 }
            return (lo, x)
        }
    }

    @inline(__always)
    func renderRow(_ f: PreparedFill, _ y: Int) {
        let py = Double(y) + 0.5
        // Outer range: coverage may be > 0. Inner range: coverage is exactly 1.
        var ox0 = f.bounds.x0, ox1 = f.bounds.x1
        var ix0 = ox0, ix1 = ox1
        for k in f.edges {
            let e = edges[k]
            let kk = e.b * py + e.c
            if e.inverseA == 0 {
                if kk <= -0.5 { return }
                if kk < 0.5 { ix1 = ix0 }
                continue
            }
            // d(x) = a·(x + 0.5) + kk; coverage > 0 where d > −0.5, == 1 where d ≥ 0.5.
            let tOut = (-0.5 - kk) * e.inverseA - 0.5
            let tIn = (0.5 - kk) * e.inverseA - 0.5
            // Pixels at the boundary have coverage 0 (outer) or 1 (inner) within rounding, so
            // they may fall on either side without changing a value.
            if e.a > 0 {
                ox0 = Swift.max(ox0, floorInt(tOut) + 1)
                ix0 = Swift.max(ix0, ceilInt(tIn + 1e-9))
            } else {
                ox1 = Swift.min(ox1, ceilInt(tOut))
                ix1 = Swift.min(ix1, floorInt(tIn - 1e-9) + 1)
            }
        }
        if ox0 >= ox1 { return }
        for k in f.hardEdges {
            let (a, b) = hardInterval(hardEdges[k], py, ox0, ox1)
            ox0 = a; ox1 = b
            if ox0 >= ox1 { return }
        }
        ix0 = Swift.max(ix0, ox0); ix1 = Swift.min(ix1, ox1)
        if !f.clipShapes.isEmpty { ix1 = ix0 }

        // Where this row's pixel centres fall in a corner quadrant (less the disc that is
        // fully covered), coverage varies: those columns are excluded from the interior.
        var exLo = SIMD8<Int>(repeating: Int.max), exHi = SIMD8<Int>(repeating: Int.max)
        if ix0 < ix1 {
            var n = 0
            func exclude(_ lo: Int, _ hi: Int) {
                if hi <= ix0 || lo >= ix1 || lo >= hi { return }
                // Insertion into the sorted list (at most two pieces per corner).
                var i = n
                while i > 0 && exLo[i - 1] > lo {
                    exLo[i] = exLo[i - 1]; exHi[i] = exHi[i - 1]; i -= 1
                }
                exLo[i] = lo; exHi[i] = hi
                n += 1
            }
            for k in f.corners {
                let c = cornerExtents[k]
                if c.box.y > py || c.box.w < py { continue }
                if c.behind { exclude(ix0, ix1); continue }
                // The quadrant square crosses the line y = py between qx0 and qx1.
                var qx0 = Double.infinity, qx1 = -Double.infinity
                for i in 0..<4 {
                    let j = (i + 1) & 3
                    let ax = c.quad[2 * i], ay = c.quad[2 * i + 1], bx = c.quad[2 * j], by = c.quad[2 * j + 1]
                    if (ay - py) * (by - py) > 0 { continue }
                    let x = ay == by ? ax : ax + (py - ay) * c.slopes[i]
                    qx0 = Swift.min(qx0, Swift.min(x, ay == by ? bx : x)); qx1 = Swift.max(qx1, Swift.max(x, ay == by ? bx : x))
                }
                if qx0 > qx1 { continue }
                // Pixel x has its centre at x + 0.5.
                let lo = floorInt(qx0 - 0.5 - 1e-6), hi = floorInt(qx1 - 0.5 + 1e-6) + 1
                let z = corners[k]
                guard z.fullRadiusSquared > 0 else { exclude(lo, hi); continue }
                // Local point of pixel x on this row: A + x·D (affine). Solve |A + xD − C|² ≤ ρ².
                let ax = f.inverse.m11 * 0.5 + f.inverse.m21 * py + f.inverse.m31 - z.cx
                let ay = f.inverse.m12 * 0.5 + f.inverse.m22 * py + f.inverse.m32 - z.cy
                let dx = f.inverse.m11, dy = f.inverse.m12
                let qa = dx * dx + dy * dy, qb = ax * dx + ay * dy, qc = ax * ax + ay * ay - z.fullRadiusSquared
                let disc = qb * qb - qa * qc
                guard qa > 0, disc > 0 else { exclude(lo, hi); continue }
                let root = disc.squareRoot()
                let full0 = ceilInt((-qb - root) / qa + 1e-6), full1 = floorInt((-qb + root) / qa - 1e-6) + 1
                if full0 >= full1 { exclude(lo, hi); continue }
                exclude(lo, Swift.min(hi, full0))
                exclude(Swift.max(lo, full1), hi)
            }
        }

        let row = pixels + y &* stride
        var x = ox0
        if ix0 < ix1 {
            var start = ix0
            for i in 0..<8 where exLo[i] != Int.max {
                if exHi[i] <= start { continue }
                if exLo[i] >= ix1 { break }
                if exLo[i] > start {
                    varyingSpan(f, row, y, x, start)
                    constantSpan(f, row, y, start, exLo[i])
                    x = exLo[i]
                }
                start = Swift.max(start, exHi[i])
            }
            if start < ix1 {
                varyingSpan(f, row, y, x, start)
                constantSpan(f, row, y, start, ix1)
                x = ix1
            }
        }
        varyingSpan(f, row, y, x, ox1)
    }

    /// Pixels `x0..<x1` of row y, all fully covered.
    @inline(__always)
    func constantSpan(_ f: PreparedFill, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int) {
        if x0 >= x1 { return }
        paintSpan(f, row, y, x0, x1, coverage: nil)
    }

    /// Pixels `x0..<x1` of row y on the rim: coverage per pixel first, then one kernel call.
    @inline(__always)
    func varyingSpan(_ f: PreparedFill, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int) {
        if x0 >= x1 { return }
        let py = Double(y) + 0.5
        if case .solid(let color, _) = f.paint {
            // over_solid_coverage fused with the coverage computation: rim spans are short,
            // so one pass without the coverage row is cheaper.
            for x in x0..<x1 {
                let c = coverageAt(f, Double(x) + 0.5, py)
                if c <= 0 { continue }
                row[x] = over(mul255(color, alphaScale(c * f.opacity)), row[x])
            }
            return
        }
        var any = false
        for x in x0..<x1 {
            let c = coverageAt(f, Double(x) + 0.5, py)
            let s = c > 0 ? alphaScale(c * f.opacity) : 0
            coverage[x - x0] = s
            any = any || s != 0
        }
        if any { paintSpan(f, row, y, x0, x1, coverage: UnsafePointer(coverage)) }
    }

    @inline(__always)
    func paintSpan(_ f: PreparedFill, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int,
                   coverage: UnsafePointer<UInt32>?) {
        let dst = row + x0, n = x1 - x0
        switch f.paint {
        case .solid(let color, let interior):
            if let coverage { over_solid_coverage(dst, n, color, coverage) } else { over_solid(dst, n, interior) }
        case .texture(let tex, let m, let filter):
            let start = m.applyHomogeneous(x: Double(x0) + 0.5, y: Double(y) + 0.5)
            let step = SIMD3(m.m11, m.m12, m.m13)
            let perspective = !(m.m13 == 0 && m.m23 == 0 && m.m33 == 1)
            switch (filter, perspective) {
            case (.bilinear, false):
                over_bilinear_affine(dst, n, tex, start: start, step: step, scale: f.opacity8, coverage: coverage)
            case (.bilinear, true):
                over_bilinear_perspective(dst, n, tex, start: start, step: step, scale: f.opacity8, coverage: coverage)
            case (.nearest, _):
                over_nearest(dst, n, tex, start: start, step: step, perspective: perspective,
                             scale: f.opacity8, coverage: coverage)
            }
        case .alphaMask(let tex, let m, let color):
            let start = m.applyHomogeneous(x: Double(x0) + 0.5, y: Double(y) + 0.5)
            let step = SIMD3(m.m11, m.m12, m.m13)
            let perspective = !(m.m13 == 0 && m.m23 == 0 && m.m33 == 1)
            over_solid_alpha_mask(dst, n, tex, color: color, start: start, step: step, perspective: perspective,
                                  scale: f.opacity8, coverage: coverage)
        }
    }
}
