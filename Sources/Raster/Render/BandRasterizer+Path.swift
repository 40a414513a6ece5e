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
            let b = y / bandHeight - p.pointee.firstBand
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

    /// Turns the accumulated row into spans and clears the cells it used.
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
        // Coverage scales of the cells the edges touched (cell w, if touched, holds only what
        // spills past the window).
        let last = Swift.min(touched.hi, w - 1)
        var s = 0.0
        let first = touched.lo
        for i in first...Swift.max(last, first) where i < w {
            s += acc[i]
            coverage[i - first] = alphaScale(pathCoverage(s, evenOdd: evenOdd, aliased: aliased) * opacity)
        }
        for i in touched.lo...touched.hi { acc[i] = 0 }
        // Past the last touched cell the coverage is constant.
        let tail = last + 1 < w ? alphaScale(pathCoverage(s, evenOdd: evenOdd, aliased: aliased) * opacity) : 0
        let tailEnd = w
        if perPixelClip {
            // Materialise the tail, then multiply every pixel by the clips.
            for i in (last + 1)..<tailEnd where i >= first { coverage[i - first] = tail }
            let a = Swift.max(first, hx0), b = Swift.min(tail > 0 ? tailEnd : last + 1, hx1)
            if a >= b { return }
            let py = Double(y) + 0.5
            for i in a..<b {
                var c = Double(coverage[i - first])
                if c == 0 { continue }
                let px = Double(bx0 + i) + 0.5
                for k in f.pointee.clipShapes {
                    let cs = clipShapes[k]
                    let v = roundedRectCoverage(cs.shape, cs.map, px, py)
                    c *= cs.isHole ? 1 - v : v
                }
                if let m = f.pointee.mask { c = c * Double(m.at(bx0 + i, y)) * (1.0 / 255) }
                coverage[i - first] = UInt32(c + 0.5)
            }
            paintSpan(f, row, y, bx0 + a, bx0 + b, coverage: UnsafePointer(coverage + (a - first)))
            return
        }
        // Spans: runs at the full scale of 8 pixels or more are interior; the rest varies.
        let a = Swift.max(first, hx0), b = Swift.min(last + 1, hx1)
        var x = a, runStart = a
        while x < b {
            if coverage[x - first] == full {
                var e = x + 1
                while e < b && coverage[e - first] == full { e += 1 }
                if e - x >= 8 {
                    if runStart < x { paintSpan(f, row, y, bx0 + runStart, bx0 + x, coverage: UnsafePointer(coverage + (runStart - first))) }
                    paintSpan(f, row, y, bx0 + x, bx0 + e, coverage: nil)
                    runStart = e
                }
                x = e
            } else {
                x += 1
            }
        }
        if runStart < b { paintSpan(f, row, y, bx0 + runStart, bx0 + b, coverage: UnsafePointer(coverage + (runStart - first))) }
        // The tail: constant coverage to the window's end.
        let t0 = Swift.max(last + 1, hx0), t1 = Swift.min(tailEnd, hx1)
        if tail > 0 && t0 < t1 {
            if tail == full {
                paintSpan(f, row, y, bx0 + t0, bx0 + t1, coverage: nil)
            } else {
                for i in t0..<t1 { coverage[i - t0] = tail }
                paintSpan(f, row, y, bx0 + t0, bx0 + t1, coverage: UnsafePointer(coverage))
            }
        }
    }
}
