import Dispatch
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
    let rims: UnsafePointer<AffineRim>
    let similarities: UnsafePointer<SimilarityFill>
    let projectives: UnsafePointer<ProjectiveFill>
    let paths: UnsafePointer<PathFill>
    let pathBandOffsets: UnsafePointer<Int32>
    /// Each path's edges bucket by bucket (copies, in edge order within a bucket).
    let pathBandEdges: UnsafePointer<PathEdge>
    let gradients: UnsafePointer<PreparedGradient>
    let gradientTables: UnsafePointer<UInt32>
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// One 0...255 scale per pixel of the varying span being drawn.
    var coverage: UnsafeMutablePointer<UInt32>
    /// One premultiplied source colour per pixel of the span being drawn (paints that are
    /// fetched before blending: gradients, blend modes). Surface width + 8.
    var scratch: UnsafeMutablePointer<UInt32>
    /// Signed-area accumulation of up to `bandHeight` path rows, surface width + 2 cells each
    /// (in `pathUnit`s), all zero between fills.
    var accumulation: UnsafeMutablePointer<Int32>
    /// Per accumulated path row, a bitmap of the cells edges wrote ((width + 2 + 63) / 64
    /// words a row), all zero between fills; a row's first and last marked cell bound its sweep.
    var pathBits: UnsafeMutablePointer<UInt64>
    /// Nanoseconds per `RasterProfile.Kernel`, when profiling.
    var profileSlots: UnsafeMutablePointer<UInt64>? = nil
    /// One solved clip row per row of a band (`cachedClipRow`).
    var clipRows: UnsafeMutablePointer<CachedClipRow>

    /// Draws every fill, in order, clipped to rows `y0..<y1`.
    func render(rows y0: Int, _ y1: Int) {
        for i in 0..<fills.count {
            let f = fills.baseAddress! + i
            let r0 = Swift.max(y0, f.pointee.bounds.y0), r1 = Swift.min(y1, f.pointee.bounds.y1)
            if r0 >= r1 { continue }
            if let slots = profileSlots {
                let t0 = DispatchTime.now().uptimeNanoseconds
                renderFill(f, r0, r1)
                slots[RasterProfile.kernel(of: f.pointee).rawValue] &+= DispatchTime.now().uptimeNanoseconds &- t0
            } else {
                renderFill(f, r0, r1)
            }
        }
    }

    /// Rows `r0..<r1` of one fill.
    @inline(__always)
    func renderFill(_ f: UnsafePointer<PreparedFill>, _ r0: Int, _ r1: Int) {
        switch f.pointee.path {
        case .similarity(let i):
            renderSimilarity(f, similarities + i, r0, r1)
        case .projective(let i):
            renderProjective(f, projectives + i, r0, r1)
        case .path(let i):
            renderPath(f, paths + i, r0, r1)
        case .general, .affineRim:
            for y in r0..<r1 { renderRow(f, y) }
        }
    }

    /// Coverage × opacity of the fill at the centre of pixel (x, y) before hard clips, 0...1.
    @inline(__always)
    func coverageAt(_ f: UnsafePointer<PreparedFill>, _ px: Double, _ py: Double) -> Double {
        var cov = 1.0
        var skip: UInt8 = 0
        if !f.pointee.corners.isEmpty {
            let inv = f.pointee.inverse
            let h = inv.applyHomogeneous(x: px, y: py)
            if !(h.z > 0) { return 0 }
            var qx = h.x, qy = h.y
            if !f.pointee.affine {
                let r = 1 / h.z
                qx *= r; qy *= r
            }
            let free = f.pointee.cornerFree
            let inCornerBand = (qx < free.x || qx > free.z) && (qy < free.y || qy > free.w)
            for k in f.pointee.corners where inCornerBand {
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
                if f.pointee.affine {
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
        for k in f.pointee.edges {
            let e = edges[k]
            if e.side & skip != 0 { continue }
            let d = e.a * px + e.b * py + e.c
            if d < 0.5 {
                if d <= -0.5 { return 0 }
                cov *= d + 0.5
            }
        }
        if f.pointee.aliased { cov = cov >= 0.5 ? 1 : 0 }
        for k in f.pointee.clipShapes {
            let s = clipShapes[k]
            let c = roundedRectCoverage(s.shape, s.map, px, py)
            cov *= s.isHole ? 1 - c : c
            if cov == 0 { return 0 }
        }
        if let m = f.pointee.mask {
            cov *= Double(m.at(floorInt(px), floorInt(py))) * (1.0 / 255)
        }
        return cov
    }

    /// Row y of a fill on the general rows: its outer and inner column ranges, the corner
    /// columns excluded from the interior, then the spans.
    @inline(__always)
    func renderRow(_ f: UnsafePointer<PreparedFill>, _ y: Int) {
        let py = Double(y) + 0.5
        guard let r = rowRanges(f, py) else { return }
        // Where this row's pixel centres fall in a corner quadrant (less the disc that is
        // fully covered), coverage varies: those columns are excluded from the interior.
        var ex = Exclusions(ix0: r.ix0, ix1: r.ix1)
        if r.ix0 < r.ix1, let rimIndex = f.pointee.rimIndex {
            affineCornerExclusions(f, rims + rimIndex, py, &ex)
        } else if r.ix0 < r.ix1 {
            projectiveCornerExclusions(f, py, r.ix0, r.ix1, &ex)
        }
        // Columns an opaque fill drawn later covers entirely are skipped: the spans either side.
        if f.pointee.occluder >= 0,
           let (a, b) = Self.fullCoverageColumns(clipShapes[f.pointee.occluder], py, r.ox0, r.ox1, arcs: !f.pointee.stepsAlongRows) {
            rowSpans(f, y, py, (r.ox0, a, r.ix0, Swift.min(r.ix1, a)), ex)
            rowSpans(f, y, py, (b, r.ox1, Swift.max(r.ix0, b), r.ix1), ex)
            return
        }
        rowSpans(f, y, py, r, ex)
    }

    /// The columns of row `py` where a general-rows fill's coverage may be above 0 (outer,
    /// `ox0..<ox1`) and where it is exactly 1 (inner, `ix0..<ix1`, inside the outer range);
    /// nil when the row draws nothing.
    @inline(__always)
    func rowRanges(_ f: UnsafePointer<PreparedFill>, _ py: Double) -> (ox0: Int, ox1: Int, ix0: Int, ix1: Int)? {
        // Outer range: coverage may be > 0. Inner range: coverage is exactly 1.
        var ox0 = f.pointee.bounds.x0, ox1 = f.pointee.bounds.x1
        var ix0 = ox0, ix1 = ox1
        if let rim = f.pointee.rimIndex {
            let r = rims + rim
            // The same solve as below with the per-edge constants folded: 2 multiply-adds per edge.
            let tOut = r.pointee.outC + r.pointee.slope * py, tIn = r.pointee.inC + r.pointee.slope * py
            for i in 0..<4 {
                if r.pointee.rising[i] != 0 {
                    ox0 = Swift.max(ox0, floorInt(tOut[i]) + 1)
                    ix0 = Swift.max(ix0, ceilInt(tIn[i] + 1e-9))
                } else {
                    ox1 = Swift.min(ox1, ceilInt(tOut[i]))
                    ix1 = Swift.min(ix1, floorInt(tIn[i] - 1e-9) + 1)
                }
            }
        } else {
        for k in f.pointee.edges {
            let e = edges[k]
            let kk = e.b * py + e.c
            if e.inverseA == 0 {
                if kk <= -0.5 { return nil }
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
        }
        if ox0 >= ox1 { return nil }
        for k in f.pointee.hardEdges {
            let (a, b) = hardInterval(hardEdges + k, py, ox0, ox1)
            ox0 = a; ox1 = b
            if ox0 >= ox1 { return nil }
        }
        // Columns no clip shape covers draw nothing: not visited (unless their texels step
        // from the span's start).
        if !f.pointee.clipShapes.isEmpty && !f.pointee.stepsAlongRows && !clipOuter(f, py, &ox0, &ox1) { return nil }
        ix0 = Swift.max(ix0, ox0); ix1 = Swift.min(ix1, ox1)
        if (!f.pointee.clipShapes.isEmpty || f.pointee.mask != nil) && ix0 < ix1 {
            clipInterior(f, py, ox0, ox1, &ix0, &ix1)
        }
        return (ox0, ox1, ix0, ix1)
    }

    /// Excludes from row `py`'s interior the columns in a corner quadrant of an affine fill:
    /// along the row the quadrant is the intersection of two half-lines in x (local x and local
    /// y are linear in x), less the fully covered disc.
    @inline(__always)
    func affineCornerExclusions(_ f: UnsafePointer<PreparedFill>, _ rim: UnsafePointer<AffineRim>, _ py: Double,
                                _ ex: inout Exclusions) {
        let inv = f.pointee.inverse
        let dx = inv.m11, dy = inv.m12, qa = rim.pointee.qa, inverseQa = rim.pointee.inverseQa
        let inverseDx = rim.pointee.inverseDx, inverseDy = rim.pointee.inverseDy
        let bx = inv.m11 * 0.5 + inv.m21 * py + inv.m31, by = inv.m12 * 0.5 + inv.m22 * py + inv.m32
        for k in f.pointee.corners {
            let c = cornerExtents[k]
            if c.box.y > py || c.box.w < py { continue }
            let z = corners[k]
            // Local point of pixel x on this row: A + x·D, with A relative to the arc's centre.
            let ax = bx - z.cx, ay = by - z.cy
            // In the quadrant: sx·(ax + x·dx) > 0 and sy·(ay + x·dy) > 0.
            var lower = -Double.infinity, upper = Double.infinity
            let alphaX = z.sx * ax, betaX = z.sx * dx, alphaY = z.sy * ay, betaY = z.sy * dy
            // The crossing −α/β = −a/d whatever the sign s (reciprocals from prepare).
            if betaX > 0 { lower = -ax * inverseDx } else if betaX < 0 { upper = -ax * inverseDx } else if !(alphaX > 0) { continue }
            if betaY > 0 { lower = Swift.max(lower, -ay * inverseDy) } else if betaY < 0 { upper = Swift.min(upper, -ay * inverseDy) }
            else if !(alphaY > 0) { continue }
            if !(lower < upper) { continue }
            // Pixels x with lower < x < upper, widened by a hair (an extra rim pixel is harmless).
            let lo = floorInt(lower - 1e-6) + 1, hi = ceilInt(upper + 1e-6)
            guard z.fullRadiusSquared > 0 else { ex.add(lo, hi); continue }
            let qb = ax * dx + ay * dy, qc = ax * ax + ay * ay - z.fullRadiusSquared
            let disc = qb * qb - qa * qc
            guard qa > 0, disc > 0 else { ex.add(lo, hi); continue }
            let root = disc.squareRoot()
            let full0 = ceilInt((-qb - root) * inverseQa + 1e-6), full1 = floorInt((-qb + root) * inverseQa - 1e-6) + 1
            if full0 >= full1 { ex.add(lo, hi); continue }
            ex.add(lo, Swift.min(hi, full0))
            ex.add(Swift.max(lo, full1), hi)
        }
    }

    /// Excludes from row `py`'s interior (`ix0..<ix1`) the columns in a corner quadrant of a
    /// fill under any map: where the quadrant square crosses the row, less the fully covered
    /// disc (a quadratic in x in homogeneous local coordinates).
    @inline(__always)
    func projectiveCornerExclusions(_ f: UnsafePointer<PreparedFill>, _ py: Double, _ ix0: Int, _ ix1: Int,
                                    _ ex: inout Exclusions) {
        @inline(__always) func exclude(_ lo: Int, _ hi: Int) { ex.add(lo, hi) }
        for k in f.pointee.corners {
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
            // Homogeneous local point of pixel x on this row: (X0 + x·m11, Y0 + x·m12, W0 + x·m13).
            // In the disc: |(X, Y) − C·W|² ≤ ρ²·W² (W > 0 inside the shape), a quadratic in x;
            // for an affine map W = 1 and it is |A + xD − C|² ≤ ρ².
            let inv = f.pointee.inverse, rho2 = z.fullRadiusSquared
            let w0 = inv.m13 * 0.5 + inv.m23 * py + inv.m33, dw = inv.m13
            let ax = inv.m11 * 0.5 + inv.m21 * py + inv.m31 - z.cx * w0
            let ay = inv.m12 * 0.5 + inv.m22 * py + inv.m32 - z.cy * w0
            let dx = inv.m11 - z.cx * dw, dy = inv.m12 - z.cy * dw
            let qa = dx * dx + dy * dy - rho2 * dw * dw, qb = ax * dx + ay * dy - rho2 * w0 * dw
            let qc = ax * ax + ay * ay - rho2 * w0 * w0
            let disc = qb * qb - qa * qc
            guard qa > 0, disc > 0 else { exclude(lo, hi); continue }
            let root = disc.squareRoot()
            let full0 = ceilInt((-qb - root) / qa + 1e-6), full1 = floorInt((-qb + root) / qa - 1e-6) + 1
            if full0 >= full1 { exclude(lo, hi); continue }
            exclude(lo, Swift.min(hi, full0))
            exclude(Swift.max(lo, full1), hi)
        }
    }

    /// Draws row y's spans: the outer range less the interior varies, the interior less the
    /// excluded corner columns is constant.
    @inline(__always)
    func rowSpans(_ f: UnsafePointer<PreparedFill>, _ y: Int, _ py: Double,
                  _ r: (ox0: Int, ox1: Int, ix0: Int, ix1: Int), _ ex: Exclusions) {
        let ox0 = r.ox0, ox1 = r.ox1, ix0 = r.ix0, ix1 = r.ix1
        let row = pixels + y &* stride
        // Solid fills on the affine path skip the general span functions (and their look at
        // the paint enum) for every span of the row. A constant: the nested functions below
        // capture it by value (a captured var was boxed on the heap, an allocation a row).
        let solidRim: UnsafePointer<AffineRim>? = f.pointee.rimIndex.flatMap { rims[$0].isSolid ? rims + $0 : nil }
        @inline(__always) func varying(_ a: Int, _ b: Int) {
            if a >= b { return }
            if let r = solidRim { rimSolid(f, r, row, py, a, b) } else { varyingSpan(f, row, y, a, b) }
        }
        @inline(__always) func constant(_ a: Int, _ b: Int) {
            if a >= b { return }
            if let r = solidRim { over_solid(row + a, b - a, r.pointee.interior) } else { constantSpan(f, row, y, a, b) }
        }
        var x = ox0
        if ix0 < ix1 {
            var start = ix0
            let exLo = ex.lo, exHi = ex.hi
            for i in 0..<ex.n {
                if exHi[i] <= start { continue }
                if exLo[i] >= ix1 { break }
                if exLo[i] > start {
                    varying(x, start)
                    constant(start, exLo[i])
                    x = exLo[i]
                }
                start = Swift.max(start, exHi[i])
            }
            if start < ix1 {
                varying(x, start)
                constant(start, ix1)
                x = ix1
            }
        }
        varying(x, ox1)
    }

    /// Rim pixels `x0..<x1` (non-empty) of a solid fill on the affine path.
    @inline(never)
    func rimSolid(_ f: UnsafePointer<PreparedFill>, _ r: UnsafePointer<AffineRim>, _ row: UnsafeMutablePointer<UInt32>,
                  _ py: Double, _ x0: Int, _ x1: Int) {
        over_solid_affine_rim(f, r, r.pointee.color, row, py, x0, x1)
    }

    /// Pixels `x0..<x1` of row y, all fully covered.
    @inline(__always)
    func constantSpan(_ f: UnsafePointer<PreparedFill>, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int) {
        if x0 >= x1 { return }
        paintSpan(f, row, y, x0, x1, coverage: nil)
    }

    /// Pixels `x0..<x1` of row y on the rim: coverage per pixel first, then one kernel call.
    @inline(__always)
    func varyingSpan(_ f: UnsafePointer<PreparedFill>, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int) {
        if x0 >= x1 { return }
        let py = Double(y) + 0.5
        if let color = f.pointee.solidOverColor {
            // over_solid_coverage fused with the coverage computation: rim spans are short,
            // so one pass without the coverage row is cheaper.
            for x in x0..<x1 {
                let c = coverageAt(f, Double(x) + 0.5, py)
                if c <= 0 { continue }
                row[x] = over(mul255(color, alphaScale(c * f.pointee.opacity)), row[x])
            }
            return
        }
        var any = false
        if let rim = f.pointee.rimIndex {
            // Affine fast path (textures): the same coverage as solid rims, into the row.
            let r = rims + rim
            let (rowC, rowQx, rowQy) = affineRowConstants(f, r, py)
            let opacity = f.pointee.opacity
            for x in x0..<x1 {
                let s = alphaScale(affineCoverage(f, r, Double(x) + 0.5, rowC, rowQx, rowQy) * opacity)
                coverage[x - x0] = s
                any = any || s != 0
            }
            if any { paintSpan(f, row, y, x0, x1, coverage: UnsafePointer(coverage)) }
            return
        }
        for x in x0..<x1 {
            let c = coverageAt(f, Double(x) + 0.5, py)
            let s = c > 0 ? alphaScale(c * f.pointee.opacity) : 0
            coverage[x - x0] = s
            any = any || s != 0
        }
        if any { paintSpan(f, row, y, x0, x1, coverage: UnsafePointer(coverage)) }
    }

    /// Coverage (0...1, before opacity) of pixel centre `px` on the row whose constants
    /// `affineRowConstants` gave, for a fill on the affine fast path: the four edge distances
    /// in one vector, branch-free clamps; a corner-quadrant pixel measures its distance to the
    /// arc as `coverageAt` does, specialised to affine maps.
    @inline(__always)
    func affineCoverage(_ f: UnsafePointer<PreparedFill>, _ r: UnsafePointer<AffineRim>, _ px: Double,
                        _ rowC: SIMD4<Double>, _ rowQx: Double, _ rowQy: Double) -> Double {
        // min/max compile to minsd/maxsd (a rim pixel's coverage is unpredictable).
        @inline(__always) func unit(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
        let inv = f.pointee.inverse, free = f.pointee.cornerFree
        let t = r.pointee.a * px + rowC
        let qx = inv.m11 * px + rowQx, qy = inv.m12 * px + rowQy
        if f.pointee.corners.isEmpty || !((qx < free.x || qx > free.z) && (qy < free.y || qy > free.w)) {
            return (unit(t[0]) * unit(t[1])) * (unit(t[2]) * unit(t[3]))
        }
        let j = qy < r.pointee.midY ? (qx < r.pointee.midX ? 0 : 1) : (qx < r.pointee.midX ? 3 : 2)
        let dx = qx - r.pointee.cx[j], dy = qy - r.pointee.cy[j]
        var skip = 0
        var c = 1.0
        if dx * r.pointee.sx[j] > 0 && dy * r.pointee.sy[j] > 0 {
            skip = r.pointee.sideMask[j]
            let len2 = dx * dx + dy * dy
            if len2 > r.pointee.fullRadiusSquared[j] {
                let len = len2.squareRoot()
                let dist = len - r.pointee.radius[j]
                let d: Double
                if r.pointee.pixelsPerUnit > 0 {
                    // A similarity: every local direction has the same device scale.
                    d = 0.5 - dist * r.pointee.pixelsPerUnit
                } else {
                    let gx = dx * inv.m11 + dy * inv.m12, gy = dx * inv.m21 + dy * inv.m22
                    let g = (gx * gx + gy * gy).squareRoot() / len
                    d = g > 0 && g.isFinite ? 0.5 - dist / g : (dist <= 0 ? 1 : 0)
                }
                c = unit(d)
            }
        }
        for i in 0..<4 where r.pointee.sides[i] & skip == 0 { c *= unit(t[i]) }
        return c
    }

    /// Per-row constants of `affineCoverage`: edge distances (+0.5) and local x, y at px = 0.
    @inline(__always)
    func affineRowConstants(_ f: UnsafePointer<PreparedFill>, _ r: UnsafePointer<AffineRim>,
                            _ py: Double) -> (SIMD4<Double>, Double, Double) {
        let inv = f.pointee.inverse
        return (r.pointee.b * py + r.pointee.c + 0.5, inv.m21 * py + inv.m31, inv.m22 * py + inv.m32)
    }

    /// Rim pixels `x0..<x1` of a solid fill on the affine fast path. No branch on coverage: a
    /// zero coverage blends to exactly `dst` (mul255 by 255 is exact).
    @inline(__always)
    func over_solid_affine_rim(_ f: UnsafePointer<PreparedFill>, _ r: UnsafePointer<AffineRim>, _ color: UInt32,
                               _ row: UnsafeMutablePointer<UInt32>, _ py: Double, _ x0: Int, _ x1: Int) {
        let opacity = f.pointee.opacity, wideColor = widen(color)
        let (rowC, rowQx, rowQy) = affineRowConstants(f, r, py)
        for x in x0..<x1 {
            let c = affineCoverage(f, r, Double(x) + 0.5, rowC, rowQx, rowQy)
            // over(mul255(color, s), dst) with one multiply per step for all four channels.
            let src = mul255Wide(wideColor, UInt64(alphaScale(c * opacity)))
            row[x] = narrow(overWide(src, widen(row[x])))
        }
    }
}

/// The columns of a row excluded from its interior (corner quadrants), sorted by start:
/// at most two pieces per corner. A struct, not captured variables, so appending costs no
/// dynamic exclusivity check.
struct Exclusions {
    var lo = SIMD8<Int>(repeating: Int.max), hi = SIMD8<Int>(repeating: Int.max)
    var n = 0
    let ix0: Int, ix1: Int

    init(ix0: Int, ix1: Int) { self.ix0 = ix0; self.ix1 = ix1 }

    /// Excludes columns `l..<h` (ignored when empty or outside the interior).
    @inline(__always)
    mutating func add(_ l: Int, _ h: Int) {
        if h <= ix0 || l >= ix1 || l >= h || n >= 8 { return }
        var i = n
        while i > 0 && lo[i - 1] > l {
            lo[i] = lo[i - 1]; hi[i] = hi[i - 1]; i -= 1
        }
        lo[i] = l; hi[i] = h
        n += 1
    }
}
