// Which device rows of a projective fill may hold a pixel in a corner quadrant: the rows the
// fast path walks with the arc formula (other rows solve the edges' inner range exactly).
// Per fill, before the bands: polygons are clipped in two fixed buffers on the stack.

/// Capacity, in points, of each of the three clipping buffers (960 bytes in all: on the stack).
let cornerClipCapacity = 20

/// Clips the polygon `src[0..<n]` to `a·x + b·y + c ≥ 0` into `dst` (`HalfPlane`); returns
/// the new count, or −1 when `dst` would overflow.
@inline(__always)
func clipToHalfPlane(_ src: UnsafeMutablePointer<SIMD2<Double>>, _ n: Int, _ dst: UnsafeMutablePointer<SIMD2<Double>>,
                     _ a: Double, _ b: Double, _ c: Double) -> Int {
    var out = 0
    let fits = clipPolygon(n, { src[$0] }, to: HalfPlane(a: a, b: b, c: c)) { p in
        guard out < cornerClipCapacity else { return false }
        dst[out] = p; out &+= 1
        return true
    }
    return fits ? out : -1
}

/// Per corner k (top-left, top-right, bottom-right, bottom-left), the device rows (pixel
/// centre y) `low[k]...high[k]` outside which no pixel of the fill lies in the corner's
/// quadrant (empty when none does); nil when the outline's corners are degenerate or not
/// finite. Conservative: a larger range only sends more rows down the arc walk.
///
/// The pixels that may use an arc: where coverage may be > 0 (inside the outline moved out
/// by 0.5 px, a quad) and in the corner's quadrant, which is not bounded by the quadrant's
/// square (a strongly tilted plane's outer half pixel may reach far along the plane): the
/// quad clipped by the images of the lines x = cx and y = cy, both straight in device space;
/// and only pixels inside the clip polygon are painted, so a piece of a split plane away
/// from the corner has no arc rows (a pixel of slack: |a| + |b| ≥ |(a, b)|).
func projectiveCornerRows(shape: RoundedRect, radius r: Double, inverse m: Projective,
                          edges: UnsafeBufferPointer<LineEdge>, hardEdges: UnsafeBufferPointer<HardEdge>)
    -> (low: SIMD4<Double>, high: SIMD4<Double>)? {
    var low = SIMD4<Double>(repeating: .infinity), high = SIMD4<Double>(repeating: -.infinity)
    // The quad: consecutive edges moved out by half a pixel, intersected.
    var quad = (SIMD2<Double>.zero, SIMD2<Double>.zero, SIMD2<Double>.zero, SIMD2<Double>.zero)
    for k in 0..<4 {
        let e = edges[(k + 3) & 3], f = edges[k]
        let det = e.a * f.b - e.b * f.a
        guard abs(det) > 1e-9 else { return nil }
        // a·x + b·y = −c − 0.5 for both.
        let ce = -e.c - 0.5, cf = -f.c - 0.5
        let p = SIMD2((ce * f.b - e.b * cf) / det, (e.a * cf - ce * f.a) / det)
        switch k {
        case 0: quad.0 = p
        case 1: quad.1 = p
        case 2: quad.2 = p
        default: quad.3 = p
        }
    }
    let ok = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 3 * cornerClipCapacity) { buffer -> Bool in
        // The quad clipped by the hard edges once (the part of it the fill may paint), then
        // that by each corner's quadrant lines.
        let base = buffer.baseAddress!
        var piece = base, spare = base + cornerClipCapacity
        let one = base + 2 * cornerClipCapacity
        piece[0] = quad.0; piece[1] = quad.1; piece[2] = quad.2; piece[3] = quad.3
        var count = 4
        for e in hardEdges where count > 0 {
            // A clip that would overflow is skipped: the range only grows.
            let n = clipToHalfPlane(piece, count, spare, e.a, e.b, e.c + abs(e.a) + abs(e.b))
            if n >= 0 { count = n; swap(&piece, &spare) }
        }
        if count == 0 { return true }
        for k in 0..<4 {
            // Corner k's arc centre (cx, cy) and the quadrant's outward signs (sx, sy).
            let sx: Double = k == 0 || k == 3 ? -1 : 1, sy: Double = k < 2 ? -1 : 1
            let cx = sx < 0 ? shape.minX + r : shape.maxX - r, cy = sy < 0 ? shape.minY + r : shape.maxY - r
            // sx·(X − cx·W) ≥ 0 and sy·(Y − cy·W) ≥ 0, linear in the device point.
            var current = piece, n = count
            let n1 = clipToHalfPlane(current, n, spare, sx * (m.m11 - cx * m.m13), sx * (m.m21 - cx * m.m23),
                                 sx * (m.m31 - cx * m.m33))
            if n1 >= 0 { n = n1; current = spare }
            let n2 = clipToHalfPlane(current, n, one, sy * (m.m12 - cy * m.m13), sy * (m.m22 - cy * m.m23),
                                 sy * (m.m32 - cy * m.m33))
            if n2 >= 0 { n = n2; current = one }
            for i in 0..<n {
                let y = current[i].y
                guard y.isFinite else { return false }
                // Half a pixel of slack for rounding.
                low[k] = Swift.min(low[k], y - 0.5); high[k] = Swift.max(high[k], y + 0.5)
            }
        }
        return true
    }
    return ok ? (low, high) : nil
}
