// Path rows by signed-area accumulation (the method of font-rs, stb_truetype and Blend2D's
// analytic rasteriser): each edge piece inside a row adds, to the cell of the pixel it crosses
// and to the next, the signed area it leaves to its right, in whole units of 2⁻¹⁴ of a pixel
// (Int32, as Blend2D's fixed-point cells); the running sum of a row is then each pixel's covered
// area, exact to a unit for edges that do not overlap inside a pixel, and the same whatever
// the order of the additions (bands, edge order). Runs of cells no edge touched have constant
// coverage: full ones go to the constant kernel, the rest to the painter with a coverage row
// (Blend2D's constant vs varying spans).

/// Accumulation cells count area in units of 2⁻¹⁴ of a pixel (`pathUnit` is a fully covered
/// pixel), in Int32: a winding number up to ±131,071 fits (beyond it sums wrap; nothing traps).
let pathUnit: Int32 = 1 << 14

/// An offset 0...1 within a row in whole units, nearest: the rounding of a piece's end, the same
/// for the two edges that meet there.
@inline(__always)
func pathUnits(_ offset: Double) -> Int32 {
    nearestInt32(offset * Double(pathUnit))
}

/// `v` rounded to the nearest integer (ties to even), for |v| < 2³¹ (others wrap; NaN gives a
/// meaningless value, never a trap): v + 1.5·2⁵² holds the integer in its low mantissa bits.
/// One addition, where `Int32(v.rounded())` adds a rounding and range checks.
@inline(__always)
func nearestInt32(_ v: Double) -> Int32 {
    Int32(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern)
}

/// ⌊v⌋ for |v| < 2³¹ (window x of a path piece: within the guard band), exactly, without the
/// range checks of `Int(_:)` nor a libm call: the nearest integer, one less when above v.
@inline(__always)
func cellFloor(_ v: Double) -> Int {
    let r = Int(nearestInt32(v))
    return Double(r) > v ? r &- 1 : r
}

/// The 0...255 scale of an accumulated cell sum under a fill's rule and opacity: its coverage
/// (|sum| clamped to a pixel, or folded for even-odd) × opacity × 255, rounded half up as
/// `alphaScale`; a full pixel is the fill's `opacity8` exactly.
struct PathScale {
    let evenOdd: Bool, aliased: Bool
    let full: UInt32
    /// opacity · 255 · 2²²⁻¹⁴: scale = (coverage · m + 2²¹) >> 22.
    let m: UInt32

    init(evenOdd: Bool, aliased: Bool, opacity: Double, full: UInt32) {
        self.evenOdd = evenOdd; self.aliased = aliased; self.full = full
        let o = opacity.isNaN ? 0 : Swift.min(Swift.max(opacity, 0), 1)
        m = UInt32((o * 255 * Double(1 << (22 - 14))).rounded())
    }

    /// The coverage of a sum, 0...`pathUnit`.
    @inline(__always)
    func coverage(_ s: Int32) -> UInt32 {
        let a = s.magnitude, u = UInt32(pathUnit)
        if evenOdd {
            let r = a & (2 &* u &- 1)
            return Swift.min(r, 2 &* u &- r)
        }
        return Swift.min(a, u)
    }

    @inline(__always)
    func scale(_ s: Int32) -> UInt32 {
        let c = coverage(s)
        if aliased { return c >= UInt32(pathUnit) / 2 ? full : 0 }
        return c >= UInt32(pathUnit) ? full : (c &* m &+ 1 << 21) &>> 22
    }
}

/// What every row of one path fill shares, worked out once per `renderPath` call instead of
/// once per row (the rule's scale factor, the paint's solid colour, whether clips apply).
struct PathRowSetup {
    let rule: PathScale
    let full: UInt32
    let solidColor: UInt32?
    let perPixelClip: Bool
    /// The paint's colours depend on where a span starts (`PreparedFill.stepsAlongRows`).
    let steps: Bool
    let hardEdges: Bool
    /// Non-zero and anti-aliased: the scale is min(|sum|, unit) · m, the common case.
    let plain: Bool

    init(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<PathFill>) {
        full = f.pointee.opacity8
        rule = PathScale(evenOdd: p.pointee.evenOdd, aliased: f.pointee.aliased, opacity: f.pointee.opacity, full: full)
        solidColor = f.pointee.solidOverColor
        perPixelClip = !f.pointee.clipShapes.isEmpty || f.pointee.mask != nil
        steps = f.pointee.paint.stepsAlongRows
        hardEdges = !f.pointee.hardEdges.isEmpty
        plain = !rule.evenOdd && !rule.aliased
    }
}

extension BandRasterizer {
    /// Rows `r0..<r1` of a path fill, one bucket of rows at a time: every edge of the bucket is
    /// walked through its rows into that row's cells (a block of `bucketRows` rows of cells),
    /// then the rows are swept into spans. A row's cells receive the same pieces whatever the
    /// band split, in whole units (order does not matter), so pixels do not depend on bands.
    func renderPath(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<PathFill>, _ r0: Int, _ r1: Int) {
        let bx0 = f.pointee.bounds.x0, w = f.pointee.bounds.x1 - bx0
        guard w > 0 else { return }
        let rows = p.pointee.bucketRows, cells = w + 2, words = (cells + 63) >> 6
        let setup = PathRowSetup(f, p)
        var y = r0
        while y < r1 {
            let bucket = y / rows, end = Swift.min(r1, (bucket + 1) * rows)
            let b = bucket - p.pointee.firstBand
            defer { y = end }
            guard b >= 0, b < p.pointee.bandCount else { continue }
            let lo = Int(pathBandOffsets[p.pointee.bandOffsets + b]), hi = Int(pathBandOffsets[p.pointee.bandOffsets + b + 1])
            if lo == hi { continue }
            for k in lo..<hi {
                accumulateEdgeRows(pathBandEdges + k, y, end, bx0, w, cells, words)
            }
            for row in y..<end {
                let bits = pathBits + (row - y) * words
                guard let touched = markedRange(bits, words) else { continue }
                pathRow(f, setup, row, bx0, w, touched, accumulation + (row - y) * cells, bits)
            }
        }
    }

    /// The first and last marked cell of a row's bitmap, or nil when none is.
    @inline(__always)
    func markedRange(_ bits: UnsafeMutablePointer<UInt64>, _ words: Int) -> (lo: Int, hi: Int)? {
        var k0 = 0
        while k0 < words && bits[k0] == 0 { k0 &+= 1 }
        if k0 == words { return nil }
        var k1 = words &- 1
        while bits[k1] == 0 { k1 &-= 1 }
        return (k0 &<< 6 &+ bits[k0].trailingZeroBitCount, k1 &<< 6 &+ 63 &- bits[k1].leadingZeroBitCount)
    }

    /// Adds edge `e` to the cells of each of its rows within `y0..<y1` (row `y` at
    /// `accumulation + (y − y0) · cells`), top to bottom: each row's piece starts where the row
    /// above ended (the same x and the row boundary, whose offset rounds to 0 units), so only
    /// its lower end is computed. The rows walked are those the edge was bucketed by, the first
    /// and last tested against its exact extent. The cells each piece wrote are marked in the
    /// row's bitmap (`pathBits`, `words` a row): the sweep finds a row's extent there.
    @inline(__always)
    func accumulateEdgeRows(_ e: UnsafePointer<PathEdge>, _ y0: Int, _ y1: Int, _ bx0: Int, _ w: Int, _ cells: Int, _ words: Int) {
        let a = Swift.max(Int(e.pointee.firstRow), y0), b = Swift.min(Int(e.pointee.lastRow) + 1, y1)
        if a >= b { return }
        let ey0 = e.pointee.y0, ey1 = e.pointee.y1, ex0 = e.pointee.x0, dxdy = e.pointee.dxdy, wx0 = Double(bx0)
        let up = e.pointee.direction < 0
        // The current piece's top: its y, x (window coordinates) and offset in units in its row.
        var ya = Swift.max(ey0, Double(a))
        var xa = ex0 + (ya - ey0) * dxdy - wx0
        var ua = pathUnits(ya - Double(a))
        // ⌊x⌋ of the piece's top: the bottom's of the row above (computed once per row).
        var fa = cellFloor(xa)
        var y = a
        var acc = accumulation + (a - y0) * cells, bits = pathBits + (a - y0) * words
        while y < b {
            let fy = Double(y), next = fy + 1
            if !(ya < next) || !(ey1 > fy) { return }
            let ended = ey1 < next
            let yb = ended ? ey1 : next
            let xb = ex0 + (yb - ey0) * dxdy - wx0
            let fb = cellFloor(xb)
            let units = (ended ? pathUnits(yb - fy) : pathUnit) &- ua
            if units > 0 {
                let (lo, hi) = accumulatePiece(xa, xb, fa, fb, up ? 0 &- units : units, w, acc)
                if hi >= 0 { markCells(bits, lo, hi) }
            }
            if ended { return }
            ya = next; xa = xb; fa = fb; ua = 0
            y &+= 1; acc += cells; bits += words
        }
    }

    /// Sets bits `lo...hi` of a row's touched-cell bitmap.
    @inline(__always)
    func markCells(_ bits: UnsafeMutablePointer<UInt64>, _ lo: Int, _ hi: Int) {
        let k0 = lo &>> 6, k1 = hi &>> 6
        let head = ~0 as UInt64 &<< UInt64(lo & 63), tail = ~0 as UInt64 &>> UInt64(63 - hi & 63)
        if k0 == k1 { bits[k0] |= head & tail; return }
        bits[k0] |= head
        var k = k0 &+ 1
        while k < k1 { bits[k] = ~0; k &+= 1 }
        bits[k1] |= tail
    }

    /// Adds an edge's piece inside one row, from x `xa` at its top to `xb` at its bottom (window
    /// coordinates: pixel i covers [i, i + 1)) and `h` units high (negative when the path runs
    /// up), to the accumulation cells `acc` of the window `0 ..< w`. A piece left of the window
    /// adds its whole height to cell 0 (the running sum starts there); a piece right of it changes
    /// no pixel of the window. `fa`, `fb` are ⌊xa⌋ and ⌊xb⌋ (`cellFloor`), which the row walk
    /// already has. Returns the first and last cell written (hi < 0: none).
    ///
    /// The height is rounded at the piece's two ends (`pathUnits`), which it shares with the
    /// pieces before and after it, so a closed polygon's pieces in a row sum to zero exactly; it
    /// is then handed out in whole units (cumulative rounding along x), so the cells of a piece
    /// sum to its height exactly and a run of cells no edge touched has the coverage of the
    /// winding number. Integer sums do not depend on their order: the pixels do not depend on
    /// bands or on the order of edges.
    @inline(__always)
    func accumulatePiece(_ xa: Double, _ xb: Double, _ fa: Int, _ fb: Int, _ h: Int32, _ w: Int,
                         _ acc: UnsafeMutablePointer<Int32>) -> (lo: Int, hi: Int) {
        var xa = xa, xb = xb, ia = fa, ib = fb
        if xa > xb { swap(&xa, &xb); swap(&ia, &ib) }
        if xb <= 0 {
            acc[0] &+= h
            return (0, 0)
        }
        let fw = Double(w)
        if xa >= fw { return (0, -1) }
        if ia == ib || xb - xa < 1e-12 {
            // Within one column: the piece's mean x splits its height between this cell and the next.
            let i = Swift.max(ia, 0)
            let fx = Swift.min(Swift.max((xa + xb) * 0.5 - Double(i), 0), 1)
            let left = share(h, 1 - fx)
            acc[i] &+= left; acc[i &+ 1] &+= h &- left
            return (i, i &+ 1)
        }
        // Across columns: the units up to each column boundary are the height times the share
        // of x travelled, rounded; each column gets the difference, split by its mean x.
        let dhdx = Double(h) / (xb - xa)
        var x = xa, given: Int32 = 0
        // ⌊max(xa, 0)⌋ and ⌊x⌋: ia, or 0 once the part left of the window is given to cell 0.
        var lo = ia, i = ia
        if x < 0 {
            given = nearestInt32(-xa * dhdx)
            acc[0] &+= given
            lo = 0
            x = 0
            i = 0
        }
        let end = Swift.min(xb, fw)
        if !(x < end) { return (lo, Swift.max(lo, Swift.min(i, w))) }
        // Cell i + 1's share is carried in a register into the next step, which adds cell
        // i + 1's own share to it, without a store and reload between the steps.
        var carry = acc[i]
        while x < end {
            let nx = Swift.min(Double(i &+ 1), end)
            let upTo = nx >= xb ? h : nearestInt32((nx - xa) * dhdx)
            let hp = upTo &- given
            given = upTo
            let left = share(hp, 1 - ((x + nx) * 0.5 - Double(i)))
            acc[i] = carry &+ left
            carry = acc[i &+ 1] &+ (hp &- left)
            x = nx
            i &+= 1
        }
        acc[i] = carry
        return (lo, Swift.max(lo, Swift.min(i, w)))
    }

    /// The whole units of `units` × `fraction` (0...1), nearest.
    @inline(__always)
    func share(_ units: Int32, _ fraction: Double) -> Int32 {
        nearestInt32(Double(units) * fraction)
    }

    /// Turns the accumulated row into spans and clears the cells it used. One pass: cells an
    /// edge touched vary (their running sum's scale, in registers: a vector pass over sums just
    /// stored waited on every store); a run of
    /// untouched cells has the running sum's coverage throughout, so a long run that is full goes
    /// to the constant kernel and an empty one is skipped, without a coverage per pixel.
    @inline(__always)
    func pathRow(_ f: UnsafePointer<PreparedFill>, _ setup: PathRowSetup, _ y: Int, _ bx0: Int, _ w: Int,
                 _ touched: (lo: Int, hi: Int), _ acc: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>) {
        let full = setup.full, rule = setup.rule
        let row = pixels + y &* stride
        // Hard clip edges (a BSP piece) limit the row to one interval. Bound to constants: the
        // nested functions below capture them by value (captured vars were boxed on the heap,
        // two allocations and exclusivity checks per row).
        let (hx0, hx1) = setup.hardEdges ? hardSpan(f, y, bx0, w) : (0, w)
        let perPixelClip = setup.perPixelClip
        let solidColor = setup.solidColor
        let first = touched.lo
        // The clip's runs over the columns this row may draw, solved once.
        let clip = perPixelClip && Swift.max(first, hx0) < hx1 ? cachedClipRow(f, y, bx0 + Swift.max(first, hx0), bx0 + hx1) : nil
        // Pixels [a, b) (window coordinates) whose scales are in `coverage` from index a − first.
        @inline(__always) func varying(_ a0: Int, _ b0: Int) {
            let a = Swift.max(a0, hx0), b = Swift.min(b0, hx1)
            if a >= b { return }
            if let clip, !clipScales(f, clip, y, bx0, a, b, coverage + (a - first)) { return }
            if let color = solidColor {
                // The padded kernel may read and write back up to 7 pixels past b, inside the row.
                return over_solid_coverage8(row + bx0 + a, b - a, color, coverage + (a - first), padded: bx0 &+ b &+ 7 <= stride)
            }
            paintSpan(f, row, y, bx0 + a, bx0 + b, coverage: UnsafePointer(coverage + (a - first)))
        }
        @inline(__always) func constant(_ a0: Int, _ b0: Int) {
            let a = Swift.max(a0, hx0), b = Swift.min(b0, hx1)
            if a >= b { return }
            if let clip { return clippedConstant(f, clip, setup, row, y, bx0, first, a, b, varying) }
            paintSpan(f, row, y, bx0 + a, bx0 + b, coverage: nil)
        }
        var s: Int32 = 0
        var x = first, runStart = first
        let last = Swift.min(touched.hi, w - 1), limit = last + 1
        let cov = coverage - first
        while x < limit {
            // Marked cells from x (x is marked): each adds to the running sum.
            let j = nextCell(bits, from: x, limit, marked: false)
            if setup.plain {
                s = sweepPlain(acc, cov, x, j, s, rule)
            } else {
                for i in x..<j {
                    s &+= acc[i]
                    acc[i] = 0
                    cov[i] = rule.scale(s)
                }
            }
            if j >= limit { x = j; break }
            // Unmarked cells from j: constant coverage until the next marked cell.
            let k = nextCell(bits, from: j, limit, marked: true)
            let c = rule.scale(s)
            if k - j >= 8 && (c == full || c == 0) {
                varying(runStart, j)
                if c == full { constant(j, k) }
                runStart = k
            } else {
                (cov + j).update(repeating: c, count: k - j)
            }
            x = k
        }
        varying(runStart, x)
        for k in (first &>> 6)...(touched.hi &>> 6) { bits[k] = 0 }
        if touched.hi >= w { acc[w] = 0 }
        // Past the last touched cell the coverage is constant to the window's end.
        if last + 1 < w {
            let tail = rule.scale(s)
            if tail == full {
                constant(last + 1, w)
            } else if tail > 0 {
                let a = Swift.max(last + 1, hx0), b = Swift.min(w, hx1)
                if a < b {
                    (cov + a).update(repeating: tail, count: b - a)
                    varying(a, b)
                }
            }
        }
    }

    /// The running sum over cells `x..<j` (clearing them), each one's scale into `cov` under the
    /// non-zero rule, anti-aliased (`PathRowSetup.plain`): the same values as `PathScale.scale`,
    /// without its rule branches. Returns the sum after cell j − 1.
    @inline(__always)
    func sweepPlain(_ acc: UnsafeMutablePointer<Int32>, _ cov: UnsafeMutablePointer<UInt32>, _ x: Int, _ j: Int,
                    _ s0: Int32, _ rule: PathScale) -> Int32 {
        let u = UInt32(pathUnit), m = rule.m, full = rule.full
        var s = s0, i = x
        while i < j {
            s &+= acc[i]
            acc[i] = 0
            // Full (c ≥ u) picked by a mask, not a branch: rims alternate unpredictably.
            let c = Swift.min(s.magnitude, u)
            let isFull = 0 &- (c / u)   // all ones when c = u (u is a power of two: a shift)
            cov[i] = (full & isFull) | ((c &* m &+ 1 << 21) &>> 22) & ~isFull
            i &+= 1
        }
        return s
    }

    /// Window columns `[hx0, hx1)` of row `y` inside the fill's hard clip edges (all of them when
    /// it has none).
    @inline(__always)
    func hardSpan(_ f: UnsafePointer<PreparedFill>, _ y: Int, _ bx0: Int, _ w: Int) -> (Int, Int) {
        var hx0 = 0, hx1 = w
        for k in f.pointee.hardEdges {
            let (a, b) = hardInterval(hardEdges + k, Double(y) + 0.5, bx0 + hx0, bx0 + hx1)
            hx0 = a - bx0; hx1 = b - bx0
            if hx0 >= hx1 { break }
        }
        return (hx0, hx1)
    }

    /// The first cell from `from` (inclusive) whose bit is set (`marked`) or clear, or `limit`.
    @inline(__always)
    func nextCell(_ bits: UnsafeMutablePointer<UInt64>, from: Int, _ limit: Int, marked: Bool) -> Int {
        var k = from &>> 6
        let flip: UInt64 = marked ? 0 : ~0
        var word = (bits[k] ^ flip) & (~0 as UInt64 &<< UInt64(from & 63))
        while word == 0 {
            k &+= 1
            if k &<< 6 >= limit { return limit }
            word = bits[k] ^ flip
        }
        return Swift.min(k &<< 6 &+ word.trailingZeroBitCount, limit)
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

/// `over_solid_coverage` eight pixels at a time, with the same values (a zero scale leaves a
/// pixel as it was: `over(0, d) = d + mul255(d, 255) = d`); groups of eight zero scales are
/// skipped. Anti-aliased path rims are short runs of varying scales, most of a path's pixels.
/// `padded`: the 7 pixels after the span are readable and final (the rest of the row) and
/// `coverage` has 7 readable entries after it, so the last partial group runs as a group of
/// eight whose lanes past `count` get scale 0 (written back unchanged) instead of one pixel at
/// a time: stroke rims are mostly such short runs.
@inline(__always)
func over_solid_coverage8(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32,
                          _ coverage: UnsafeMutablePointer<UInt32>, padded: Bool = false, lanes: Bool = vectorKernels) {
    guard lanes else { return over_solid_coverage(dst, count, color, coverage) }
    let c8 = SIMD8<UInt32>(repeating: color)
    var i = 0
    while i &+ 8 <= count {
        let s = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD8<UInt32>.self)
        if !allZero(s) {
            store8(overx8(mul255x8(c8, spread: spread(s)), load8(dst + i)), dst + i)
        }
        i &+= 8
    }
    if i < count {
        if !padded { return over_solid_coverage(dst + i, count &- i, color, coverage + i) }
        let s = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD8<UInt32>.self)
            .replacing(with: 0, where: .!lanesBelow(count &- i))
        if !allZero(s) {
            store8(overx8(mul255x8(c8, spread: spread(s)), load8(dst + i)), dst + i)
        }
    }
}
