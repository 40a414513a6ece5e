// Path rows by exact signed-area accumulation (the method of font-rs, stb_truetype and
// Blend2D's analytic rasteriser): each edge piece inside a row adds, to the cell of the pixel
// it crosses and to the next, the signed area it leaves to its right; the running sum of a row
// is then each pixel's covered area, exact for edges that do not overlap inside a pixel. Runs of
// cells no edge touched have constant coverage: full ones go to the constant kernel, the rest
// to the painter with a coverage row (Blend2D's constant vs varying spans).

extension BandRasterizer {
    /// Rows `r0..<r1` of a path fill.
    func renderPath(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<PathFill>, _ r0: Int, _ r1: Int) {
        let bx0 = f.pointee.bounds.x0, w = f.pointee.bounds.x1 - bx0
        guard w > 0 else { return }
        for y in r0..<r1 {
            let b = y / p.pointee.bucketRows - p.pointee.firstBand
            guard b >= 0, b < p.pointee.bandCount else { continue }
            let lo = Int(pathBandOffsets[p.pointee.bandOffsets + b]), hi = Int(pathBandOffsets[p.pointee.bandOffsets + b + 1])
            if lo == hi { continue }
            var touched = (lo: Int.max, hi: -1)
            let fy = Double(y)
            for k in lo..<hi {
                let e = pathEdges + Int(pathBandEdges[k])
                if e.pointee.y1 <= fy || e.pointee.y0 >= fy + 1 { continue }
                accumulateEdge(e, fy, Double(bx0), w, &touched)
            }
            if touched.hi < 0 { continue }
            pathRow(f, p, y, bx0, w, touched)
        }
    }

    /// Adds the part of edge `e` inside row [fy, fy + 1) to the accumulation cells of the
    /// window `bx0 ..< bx0 + w`. A piece left of the window adds its whole height to cell 0 (the
    /// running sum starts there); a piece right of it changes no pixel of the window.
    @inline(__always)
    func accumulateEdge(_ e: UnsafePointer<PathEdge>, _ fy: Double, _ bx0: Double, _ w: Int, _ touched: inout (lo: Int, hi: Int)) {
        let ya = Swift.max(e.pointee.y0, fy), yb = Swift.min(e.pointee.y1, fy + 1)
        if !(yb > ya) { return }
        let dir = e.pointee.direction
        // Window coordinates: pixel i covers [i, i + 1).
        var xa = e.pointee.x0 + (ya - e.pointee.y0) * e.pointee.dxdy - bx0
        var xb = e.pointee.x0 + (yb - e.pointee.y0) * e.pointee.dxdy - bx0
        let h = (yb - ya) * dir
        if xa > xb { swap(&xa, &xb) }
        let acc = accumulation
        @inline(__always) func touch(_ i: Int) {
            touched.lo = Swift.min(touched.lo, i); touched.hi = Swift.max(touched.hi, i)
        }
        if xb <= 0 {
            acc[0] += h; touch(0)
            return
        }
        let fw = Double(w)
        if xa >= fw { return }
        let ia = floorInt(xa)
        if ia == floorInt(xb) || xb - xa < 1e-12 {
            // Within one column: the piece's mean x splits its height between this cell and the next.
            let i = Swift.max(ia, 0)
            let fx = Swift.min(Swift.max((xa + xb) * 0.5 - Double(i), 0), 1)
            acc[i] += h * (1 - fx); acc[i + 1] += h * fx
            touch(i); touch(i + 1)
            return
        }
        // Across columns: the height is shared in proportion to the x travelled in each.
        let dhdx = h / (xb - xa)
        var x = xa
        if x < 0 {
            acc[0] += -x * dhdx; touch(0)
            x = 0
        }
        var i = floorInt(x)
        let end = Swift.min(xb, fw)
        while x < end {
            let nx = Swift.min(Double(i + 1), end)
            let hp = (nx - x) * dhdx
            let fx = (x + nx) * 0.5 - Double(i)
            acc[i] += hp * (1 - fx); acc[i + 1] += hp * fx
            x = nx
            i += 1
        }
        touch(floorInt(Swift.max(xa, 0))); touch(Swift.min(i, w))
    }

    /// Coverage 0...1 of an accumulated sum under the fill rule.
    @inline(__always)
    func pathCoverage(_ s: Double, evenOdd: Bool, aliased: Bool) -> Double {
        var c = abs(s)
        if evenOdd {
            c -= 2 * (c * 0.5).rounded(.down)
            if c > 1 { c = 2 - c }
        } else if c > 1 {
            c = 1
        }
        if aliased { return c >= 0.5 ? 1 : 0 }
        return c
    }

    /// Turns the accumulated row into spans and clears the cells it used. One pass: cells an
    /// edge touched vary; a run of untouched cells has the running sum's coverage throughout,
    /// so a long run that is full goes to the constant kernel and an empty one is skipped,
    /// without computing a coverage per pixel.
    @inline(__always)
    func pathRow(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<PathFill>, _ y: Int, _ bx0: Int, _ w: Int,
                 _ touched: (lo: Int, hi: Int)) {
        let acc = accumulation
        let evenOdd = p.pointee.evenOdd, aliased = f.pointee.aliased
        let opacity = f.pointee.opacity, full = f.pointee.opacity8
        let row = pixels + y &* stride
        // Hard clip edges (a BSP piece) limit the row to one interval.
        var hx0 = 0, hx1 = w
        for k in f.pointee.hardEdges {
            let (a, b) = hardInterval(hardEdges[k], Double(y) + 0.5, bx0 + hx0, bx0 + hx1)
            hx0 = a - bx0; hx1 = b - bx0
            if hx0 >= hx1 { break }
        }
        let perPixelClip = !f.pointee.clipShapes.isEmpty || f.pointee.mask != nil
        let first = touched.lo
        @inline(__always) func scale(_ s: Double) -> UInt32 {
            alphaScale(pathCoverage(s, evenOdd: evenOdd, aliased: aliased) * opacity)
        }
        // Pixels [a, b) (window coordinates) whose scales are in `coverage` from index a − first.
        @inline(__always) func varying(_ a0: Int, _ b0: Int) {
            let a = Swift.max(a0, hx0), b = Swift.min(b0, hx1)
            if a >= b { return }
            if perPixelClip { clipCoverage(f, y, bx0, a, b, coverage + (a - first)) }
            paintSpan(f, row, y, bx0 + a, bx0 + b, coverage: UnsafePointer(coverage + (a - first)))
        }
        @inline(__always) func constant(_ a0: Int, _ b0: Int) {
            let a = Swift.max(a0, hx0), b = Swift.min(b0, hx1)
            if a >= b { return }
            if perPixelClip {
                for i in a..<b { coverage[i - first] = full }
                return varying(a, b)
            }
            paintSpan(f, row, y, bx0 + a, bx0 + b, coverage: nil)
        }
        var s = 0.0
        var x = first, runStart = first
        let last = Swift.min(touched.hi, w - 1)
        while x <= last {
            let v = acc[x]
            if v != 0 || x == first {
                s += v
                acc[x] = 0
                coverage[x - first] = scale(s)
                x += 1
                continue
            }
            // Untouched cells from x: constant coverage until the next touched cell.
            var j = x + 1
            // Four cells per step first: long runs of untouched cells are most of a row.
            while j &+ 4 <= last &+ 1,
                  !any(UnsafeRawPointer(acc + j).loadUnaligned(as: SIMD4<Double>.self) .!= SIMD4<Double>(repeating: 0)) {
                j &+= 4
            }
            while j <= last && acc[j] == 0 { j += 1 }
            let c = scale(s)
            if j - x >= 8 && (c == full || c == 0) {
                varying(runStart, x)
                if c == full { constant(x, j) }
                runStart = j
            } else {
                for i in x..<j { coverage[i - first] = c }
            }
            x = j
        }
        varying(runStart, x)
        if touched.hi >= w { acc[w] = 0 }
        // Past the last touched cell the coverage is constant to the window's end.
        if last + 1 < w {
            let tail = scale(s)
            if tail == full {
                constant(last + 1, w)
            } else if tail > 0 {
                let a = Swift.max(last + 1, hx0), b = Swift.min(w, hx1)
                if a < b {
                    for i in a..<b { coverage[i - first] = tail }
                    varying(a, b)
                }
            }
        }
    }

    /// Multiplies the scales of window pixels [a, b) by the fill's clip shapes and mask.
    @inline(never)
    func clipCoverage(_ f: UnsafePointer<PreparedFill>, _ y: Int, _ bx0: Int, _ a: Int, _ b: Int,
                      _ scales: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        for i in a..<b {
            var c = Double(scales[i - a])
            if c == 0 { continue }
            let px = Double(bx0 + i) + 0.5
            for k in f.pointee.clipShapes {
                let cs = clipShapes[k]
                let v = roundedRectCoverage(cs.shape, cs.map, px, py)
                c *= cs.isHole ? 1 - v : v
            }
            if let m = f.pointee.mask { c = c * Double(m.at(bx0 + i, y)) * (1.0 / 255) }
            scales[i - a] = UInt32(c + 0.5)
        }
    }
}
