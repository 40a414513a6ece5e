// A clip applied per run of columns instead of per pixel. A fill under rounded-rect clips (and
// holes, and a mask) multiplies each pixel's coverage by every shape's coverage there
// (`roundedRectCoverage`, a square root and a division a pixel). Along one row each shape's
// coverage is exactly 1 on one interval (`fullCoverageColumns`) and exactly 0 outside another
// (`outerColumns`), both solved exactly for the rounded rect (corner arcs included), so a row splits into runs: zero (not drawn), one (the fill's coverage
// passes untouched, or is scaled by the mask only) and varying (per pixel, as before). Long
// spans under a clip then cost per-pixel work only at the clip's rim.

/// What a fill's clip does to the columns of one row, solved once per row over a range of
/// columns; `run(_:_:)` walks it. At most `capacity` shapes are solved: a fill under more has
/// every column varying (correct, per pixel).
struct ClipRow {
    enum Kind { case zero, one, varying }

    static let capacity = 8
    /// Per shape: columns outside `outerLo..<outerHi` have coverage 0, columns in
    /// `fullLo..<fullHi` coverage 1 (empty intervals are `Int.min..<Int.min`; an unsolved
    /// outer interval is `Int.min..<Int.max`).
    var outerLo = SIMD8<Int>(repeating: Int.min), outerHi = SIMD8<Int>(repeating: Int.min)
    var fullLo = SIMD8<Int>(repeating: Int.min), fullHi = SIMD8<Int>(repeating: Int.min)
    /// Bit i: shape i is a hole (coverage × (1 − its coverage)).
    var holes: UInt8 = 0
    var count = 0
    /// More shapes than `capacity`: every column varies.
    var unsolved = false
    /// The fill has a mask: its "one" runs are still scaled by the mask, per pixel.
    let masked: Bool

    /// No shape.
    init() { masked = false }

    /// The clip of `f` on row `py`, over device columns `lo..<hi`.
    init(_ shapes: UnsafePointer<ClipShape>, _ f: UnsafePointer<PreparedFill>, _ py: Double, _ lo: Int, _ hi: Int) {
        masked = f.pointee.mask != nil
        let range = f.pointee.clipShapes
        if range.count > Self.capacity { unsolved = true; return }
        for k in range {
            let s = shapes[k], i = count
            // `outerColumns` and `fullCoverageColumns`, the reach computed once.
            if let reach = BandRasterizer.halfPixelReach(s, py, lo, hi),
               let (a, b) = BandRasterizer.offsetColumns(s, py, lo, hi, by: reach) {
                if a < b { outerLo[i] = a; outerHi[i] = b }
                if let (c, e) = BandRasterizer.offsetColumns(s, py, lo, hi, by: -reach), c < e { fullLo[i] = c; fullHi[i] = e }
            } else {
                outerHi[i] = Int.max
            }
            if s.isHole { holes |= 1 << UInt8(i) }
            count += 1
        }
    }

    /// The kind of column `x` (device) and the first column after it, at most `end`, where
    /// the kind may change.
    @inline(__always)
    func run(_ x: Int, _ end: Int) -> (Kind, Int) {
        if unsolved { return (.varying, end) }
        var next = end, zero = false, one = true
        for i in 0..<count {
            let oa = outerLo[i], ob = outerHi[i], fa = fullLo[i], fb = fullHi[i]
            // The nearest boundary after x.
            if oa > x && oa < next { next = oa }
            if ob > x && ob < next { next = ob }
            if fa > x && fa < next { next = fa }
            if fb > x && fb < next { next = fb }
            let inFull = x >= fa && x < fb, inOuter = x >= oa && x < ob
            if holes & (1 << UInt8(i)) != 0 {
                if inFull { zero = true } else if inOuter { one = false }
            } else {
                if !inOuter { zero = true } else if !inFull { one = false }
            }
        }
        return (zero ? .zero : (one ? .one : .varying), next)
    }
}

/// A worker's solved clip row and what it was solved for: fills drawn one after another under
/// one clip (a clipped layer's particles, which `PreparedScene.sharedClipShapes` gives one
/// range of shapes) solve each row once.
struct CachedClipRow {
    var start = -1, count = 0, y = Int.min, lo = 0, hi = 0, masked = false
    var row = ClipRow()
}

extension PreparedScene {
    /// The clip shapes appended from `start` for one fill, as a range: when the same shapes
    /// end the array before them (the fill before had this clip), those, and the copies go.
    mutating func sharedClipShapes(from start: Int) -> Range<Int> {
        let n = clipShapes.count - start
        guard n > 0, start >= n else { return start..<clipShapes.count }
        for i in 0..<n where clipShapes[start - n + i] != clipShapes[start + i] { return start..<clipShapes.count }
        clipShapes.removeLast(n)
        return start - n..<start
    }
}

extension BandRasterizer {
    /// The clip of `f` on row y over (at least) device columns `lo..<hi`, from the worker's
    /// cache when the fill before on this row had the same clip (a pointer into the cache,
    /// valid until the next call for this row: a row is 280 bytes, copied per span it was
    /// 10 % of a particle storm). Under affine maps a shape's
    /// columns do not depend on the range (the pixel bound is the same everywhere), so the
    /// row is solved over the whole surface row and any fill under that clip reuses it.
    @inline(__always)
    func cachedClipRow(_ f: UnsafePointer<PreparedFill>, _ y: Int, _ lo: Int, _ hi: Int) -> UnsafePointer<ClipRow> {
        let range = f.pointee.clipShapes, masked = f.pointee.mask != nil
        var lo = lo, hi = hi, affine = true
        for k in range where clipShapes[k].map.m13 != 0 || clipShapes[k].map.m23 != 0 { affine = false }
        if affine { lo = Swift.min(lo, 0); hi = Swift.max(hi, stride) }
        let slot = clipRows + (y % bandHeight + bandHeight) % bandHeight
        let row = UnsafeMutableRawPointer(slot).advanced(by: MemoryLayout<CachedClipRow>.offset(of: \.row)!)
            .assumingMemoryBound(to: ClipRow.self)
        if slot.pointee.start == range.lowerBound && slot.pointee.count == range.count && slot.pointee.y == y
            && slot.pointee.lo == lo && slot.pointee.hi == hi && slot.pointee.masked == masked {
            return UnsafePointer(row)
        }
        slot.pointee.start = range.lowerBound; slot.pointee.count = range.count; slot.pointee.y = y
        slot.pointee.lo = lo; slot.pointee.hi = hi; slot.pointee.masked = masked
        row.pointee = ClipRow(clipShapes, f, Double(y) + 0.5, lo, hi)
        return UnsafePointer(row)
    }

    /// Narrows a general-rows fill's outer columns `ox0..<ox1` on row `py` to those every clip
    /// shape (not hole) may cover; false when none is. Outside them `coverageAt` is 0, a pixel
    /// the span kernels leave as it was. As `ClipRow`, at most `ClipRow.capacity` shapes are
    /// solved a row: under more, the range stays whole.
    @inline(__always)
    func clipOuter(_ f: UnsafePointer<PreparedFill>, _ py: Double, _ ox0: inout Int, _ ox1: inout Int) -> Bool {
        if f.pointee.clipShapes.count > ClipRow.capacity { return true }
        for k in f.pointee.clipShapes where !clipShapes[k].isHole {
            guard let (a, b) = Self.outerColumns(clipShapes[k], py, ox0, ox1) else { continue }
            ox0 = Swift.max(ox0, a); ox1 = Swift.min(ox1, b)
            if ox0 >= ox1 { return false }
        }
        return true
    }

    /// Multiplies the scales of window pixels [a, b) of row y (`scales[0]` is pixel a) by the
    /// fill's clip, run by run: the values of `clipCoverage` over the whole range. Returns false
    /// when every scale is now 0 (the span draws nothing).
    @inline(__always)
    func clipScales(_ f: UnsafePointer<PreparedFill>, _ clip: UnsafePointer<ClipRow>, _ y: Int, _ bx0: Int, _ a: Int, _ b: Int,
                    _ scales: UnsafeMutablePointer<UInt32>) -> Bool {
        var x = a, any = false
        while x < b {
            let (kind, next) = clip.pointee.run(bx0 &+ x, bx0 &+ b)
            let e = next &- bx0
            switch kind {
            case .zero:
                (scales + (x &- a)).update(repeating: 0, count: e &- x)
            case .one:
                // Every shape's coverage is exactly 1 (c × 1 = c): only the mask scales.
                if let m = f.pointee.mask { maskScales(m, y, bx0 &+ x, e &- x, scales + (x &- a)) }
                any = true
            case .varying:
                clipCoverage(f, y, bx0, x, e, scales + (x &- a))
                any = true
            }
            x = e
        }
        return any
    }

    /// A path row's constant span, window pixels [a, b) of row y, under the fill's clip; the
    /// coverage row is indexed from window pixel `first`, `varying` draws a range of it (and
    /// applies the clip). A texture stepped along the row keeps its span whole (its texel
    /// positions step from the span's start); other paints draw the clip's runs: zero ones not
    /// at all, ones whose coverage stays full with the constant kernel, the rest as varying.
    @inline(__always)
    func clippedConstant(_ f: UnsafePointer<PreparedFill>, _ clip: UnsafePointer<ClipRow>, _ setup: PathRowSetup,
                         _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ bx0: Int, _ first: Int, _ a: Int, _ b: Int,
                         _ varying: (Int, Int) -> Void) {
        let full = setup.full
        if setup.steps {
            for i in a..<b { coverage[i &- first] = full }
            return varying(a, b)
        }
        var x = a
        while x < b {
            let (kind, next) = clip.pointee.run(bx0 &+ x, bx0 &+ b)
            let e = next &- bx0
            if kind == .one && !clip.pointee.masked {
                paintSpan(f, row, y, bx0 &+ x, bx0 &+ e, coverage: nil)
            } else if kind != .zero {
                for i in x..<e { coverage[i &- first] = full }
                varying(x, e)
            }
            x = e
        }
    }

    /// `clipCoverage` where every clip shape covers exactly 1: the scales × the mask.
    @inline(__always)
    func maskScales(_ m: PreparedMask, _ y: Int, _ x0: Int, _ n: Int, _ scales: UnsafeMutablePointer<UInt32>) {
        for i in 0..<n {
            let c = Double(scales[i])
            if c == 0 { continue }
            scales[i] = UInt32(c * Double(m.at(x0 &+ i, y)) * (1.0 / 255) + 0.5)
        }
    }
}
