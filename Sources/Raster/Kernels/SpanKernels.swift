// Span kernels, named pixman-style: operator_source_mask. Each blends `count` pixels
// starting at `dst`. `coverage`, when given, holds one 0...255 scale per pixel (shape
// coverage × opacity); otherwise `scale` applies to every pixel (the span interior).

/// Whether kernels take their eight-lane paths by default. Unoptimised (DEBUG) builds run
/// vector code ~10× slower than the one-pixel loops, which give the same values, so they
/// default to the loops; tests pass `lanes: true` to check the lanes there too.
#if DEBUG
@usableFromInline let vectorKernels = false
#else
@usableFromInline let vectorKernels = true
#endif

/// Solid colour, constant coverage: `src` is already scaled by opacity.
@inlinable @inline(__always)
func over_solid(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, lanes: Bool = vectorKernels) {
    over_solid_span(dst, count, src, padded: false, lanes: lanes)
}

/// `over_solid` for a span followed by at least `7` pixels that are readable and already
/// final (the rest of the row): the last partial group of eight reads them and writes them
/// back unchanged instead of running a scalar tail.
@inlinable @inline(__always)
func over_solid_padded(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32,
                       lanes: Bool = vectorKernels) {
    over_solid_span(dst, count, src, padded: true, lanes: lanes)
}

/// The two above: eight pixels per step in 16-bit lanes (the scalar loop's vectorisation used
/// 32-bit multiplies), then a scalar tail or, when `padded`, one masked group of eight. Same
/// values as `src + mul255(dst, ia)`.
@inlinable @inline(__always)
func over_solid_span(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, padded: Bool, lanes: Bool) {
    let ia = 255 &- (src >> 24)
    if ia == 0 {
        dst.update(repeating: src, count: count)
        return
    }
    if src == 0 { return }
    if !lanes {
        for i in 0..<count { dst[i] = src &+ mul255(dst[i], ia) }
        return
    }
    let s8 = SIMD8<UInt32>(repeating: src), a16 = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: ia))
    var i = 0
    while i &+ 8 <= count {
        store8(s8 &+ mul255x8(load8(dst + i), spread: a16), dst + i)
        i &+= 8
    }
    if padded {
        if i < count {
            let d = load8(dst + i)
            store8(d.replacing(with: s8 &+ mul255x8(d, spread: a16), where: lanesBelow(count &- i)), dst + i)
        }
        return
    }
    while i < count {
        dst[i] = src &+ mul255(dst[i], ia)
        i &+= 1
    }
}

/// Solid colour with a per-pixel coverage × opacity scale (anti-aliased edges, corners).
@inlinable @inline(__always)
func over_solid_coverage(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32,
                         _ coverage: UnsafePointer<UInt32>) {
    for i in 0..<count {
        let s = coverage[i]
        if s == 0 { continue }
        dst[i] = over(mul255(color, s), dst[i])
    }
}

/// A texture sampled at `(X/W, Y/W)`, with (X, Y, W) stepping by (dX, dY, dW) per pixel;
/// `perspective == false` means W is 1 and no divide happens.
@inlinable @inline(__always)
func over_texture_span(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                       start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                       scale: UInt32, coverage: UnsafePointer<UInt32>?,
                       sample: (Double, Double) -> UInt32) {
    for i in 0..<count {
        let s = coverage.map { $0[i] } ?? scale
        if s == 0 { continue }
        let fi = Double(i)
        let X = start.x + step.x * fi, Y = start.y + step.y * fi
        var u = X, v = Y
        if perspective {
            let W = start.z + step.z * fi
            // Inside the shape W > 0; a non-positive W (rounding at the horizon) draws nothing.
            if !(W > 0) { continue }
            let r = 1 / W
            u = X * r; v = Y * r
        }
        let t = sample(u, v)
        if t == 0 { continue }
        dst[i] = over(mul255(t, s), dst[i])
    }
}

/// A sampled texel composited over `underlay` (source-over; `underlay` 0 leaves it as it is).
@inlinable @inline(__always)
func overUnderlay(_ t: UInt32, _ underlay: UInt32) -> UInt32 {
    t &+ mul255(underlay, 255 &- (t >> 24))
}

/// Bilinear texture under an affine map: texel coordinates step in 16.16 fixed point, so a
/// pixel costs no floating point, no divide and no conversion. Groups of eight pixels whose
/// 2×2 neighbourhoods all lie strictly inside the texture run in 16-bit SIMD lanes (two
/// 64-bit loads per pixel fetch the four texels); the rest run one pixel at a time. Both give
/// exactly the same values (`lerp256`, `mul255`, `over` per channel). A non-zero `underlay`
/// is composited under each sample first (`Paint.textureOverColor`).
@inlinable @inline(__always)
func over_bilinear_affine(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                          start: SIMD3<Double>, step: SIMD3<Double>,
                          scale: UInt32, coverage: UnsafePointer<UInt32>?, underlay: UInt32 = 0,
                          lanes: Bool = vectorKernels) {
    // Fixed point of (u − 0.5, v − 0.5): positions relative to texel centres. Far values are
    // clamped first (per pixel below too), so nothing overflows for any finite map.
    @inline(__always) func fixed(_ x: Double) -> Int {
        Int(Swift.min(Swift.max(x, -1e9), 1e9) * 65536)
    }
    var u = fixed(start.x - 0.5), v = fixed(start.y - 0.5)
    let du = fixed(step.x), dv = fixed(step.y)
    let maxU = (tex.width &- 1) << 16, maxV = (tex.height &- 1) << 16
    let lastX = tex.width &- 1, lastY = tex.height &- 1
    @inline(__always) func inside(_ u: Int, _ v: Int) -> Bool {
        UInt(bitPattern: u) < UInt(bitPattern: maxU) && UInt(bitPattern: v) < UInt(bitPattern: maxV)
    }
    /// One pixel at texel position (u, v).
    @inline(__always) func pixel(_ i: Int, _ u: Int, _ v: Int) {
        let s = coverage.map { $0[i] } ?? scale
        if s == 0 { return }
        if inside(u, v) {
            // Strictly between the outer texel centres (most pixels): no clamping, and a fully
            // transparent 2×2 neighbourhood (lerps of 0 are 0) draws nothing.
            let iu = u >> 16, r0 = tex.pixels + (v >> 16) &* tex.stride + iu, r1 = r0 + tex.stride
            let p00 = r0[0], p01 = r0[1], p10 = r1[0], p11 = r1[1]
            if (p00 | p01 | p10 | p11 | underlay) == 0 { return }
            let fu = UInt64(truncatingIfNeeded: (u >> 8) & 255), fv = UInt64(truncatingIfNeeded: (v >> 8) & 255)
            var t = lerp256Wide(lerp256Wide(widen(p00), widen(p01), fu), lerp256Wide(widen(p10), widen(p11), fu), fv)
            if underlay != 0 { t &+= mul255Wide(widen(underlay), 255 &- (t >> 48)) }
            dst[i] = narrow(overWide(mul255Wide(t, UInt64(s)), widen(dst[i])))
            return
        }
        // Clamp to edge: beyond the outer texel centres the edge texels repeat.
        let cu = Swift.min(Swift.max(u, -65536), maxU &+ 65536), cv = Swift.min(Swift.max(v, -65536), maxV &+ 65536)
        let iu = cu >> 16, iv = cv >> 16
        let wu = UInt32(truncatingIfNeeded: (cu >> 8) & 255), wv = UInt32(truncatingIfNeeded: (cv >> 8) & 255)
        let x0 = Swift.min(Swift.max(iu, 0), lastX), x1 = Swift.min(Swift.max(iu &+ 1, 0), lastX)
        let y0 = Swift.min(Swift.max(iv, 0), lastY), y1 = Swift.min(Swift.max(iv &+ 1, 0), lastY)
        let r0 = tex.pixels + y0 &* tex.stride, r1 = tex.pixels + y1 &* tex.stride
        // Four channels per multiply (bit-identical to lerp256/mul255/over on 32-bit words).
        let fu = UInt64(wu), fv = UInt64(wv)
        var t = lerp256Wide(lerp256Wide(widen(r0[x0]), widen(r0[x1]), fu),
                            lerp256Wide(widen(r1[x0]), widen(r1[x1]), fu), fv)
        if underlay != 0 { t &+= mul255Wide(widen(underlay), 255 &- (t >> 48)) }
        if t == 0 { return }
        dst[i] = narrow(overWide(mul255Wide(t, UInt64(s)), widen(dst[i])))
    }
    var i = 0
    // Eight lanes need 7·du and 7·dv (and the texel index) to fit in Int32; in range they do.
    if lanes && count >= 8 && abs(du) < 1 << 27 && abs(dv) < 1 << 27 && tex.stride < 1 << 16 {
        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let laneU = lane &* Int32(truncatingIfNeeded: du), laneV = lane &* Int32(truncatingIfNeeded: dv)
        let stride32 = Int32(truncatingIfNeeded: tex.stride)
        let scale16 = spread(SIMD8<UInt32>(repeating: scale))
        let underlay8 = SIMD8<UInt32>(repeating: underlay)
        while i &+ 8 <= count {
            let u7 = u &+ 7 &* du, v7 = v &+ 7 &* dv
            if inside(u, v) && inside(u7, v7) {
                // u and v are linear in the lane, so the ends inside means every lane is.
                let uu = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ laneU
                let vv = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ laneV
                let index = (vv &>> 16) &* stride32 &+ (uu &>> 16)
                let (p00, p01) = gatherPairs(tex.pixels, index)
                let (p10, p11) = gatherPairs(tex.pixels + tex.stride, index)
                let fu = spread(unsafeBitCast((uu &>> 8) & 255, to: SIMD8<UInt32>.self))
                let fv = spread(unsafeBitCast((vv &>> 8) & 255, to: SIMD8<UInt32>.self))
                let gu = SIMD16<UInt16>(repeating: 256) &- fu, gv = SIMD16<UInt16>(repeating: 256) &- fv
                var t = lerp256x8(lerp256x8(p00, p01, fu, gu), lerp256x8(p10, p11, fu, gu), fv, gv)
                if underlay != 0 { t &+= mul255x8(underlay8, spread: spread(SIMD8<UInt32>(repeating: 255) &- (t &>> 24))) }
                let s16 = coverage.map { spread(UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self)) } ?? scale16
                store8(overx8(mul255x8(t, spread: s16), load8(dst + i)), dst + i)
            } else {
                for k in 0..<8 { pixel(i &+ k, u &+ k &* du, v &+ k &* dv) }
            }
            u &+= 8 &* du; v &+= 8 &* dv; i &+= 8
        }
    }
    while i < count {
        pixel(i, u, v)
        u &+= du; v &+= dv; i &+= 1
    }
}

/// Bilinear texture under a projective map (one divide per pixel).
@inlinable @inline(__always)
func over_bilinear_perspective(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                               start: SIMD3<Double>, step: SIMD3<Double>,
                               scale: UInt32, coverage: UnsafePointer<UInt32>?, underlay: UInt32 = 0) {
    over_texture_span(dst, count, start: start, step: step, perspective: true,
                      scale: scale, coverage: coverage) { overUnderlay(tex.bilinear($0, $1), underlay) }
}

/// Nearest-texel texture under any projective map.
@inlinable @inline(__always)
func over_nearest(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                  start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                  scale: UInt32, coverage: UnsafePointer<UInt32>?, underlay: UInt32 = 0) {
    over_texture_span(dst, count, start: start, step: step, perspective: perspective,
                      scale: scale, coverage: coverage) { overUnderlay(tex.nearest($0, $1), underlay) }
}

/// A colour scaled by a texture's bilinear alpha (shadows), under any projective map.
@inlinable @inline(__always)
func over_solid_alpha_mask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                           color: UInt32, start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                           scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    over_texture_span(dst, count, start: start, step: step, perspective: perspective,
                      scale: scale, coverage: coverage) { mul255(color, tex.bilinear($0, $1) >> 24) }
}
