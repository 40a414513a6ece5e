// Span kernels, named pixman-style: operator_source_mask. Each blends `count` pixels
// starting at `dst`. `coverage`, when given, holds one 0...255 scale per pixel (shape
// coverage × opacity); otherwise `scale` applies to every pixel (the span interior).
// The eight-lane paths of `over_solid` and `over_bilinear_affine` run in CRasterKernels on
// every architecture (AVX2 when the CPU has it, chosen at run time, with the same values): a
// portable build then runs as fast as a `-target-cpu` one. The other kernels' `lanes:` paths
// are Swift; unoptimised builds default to their one-pixel loops, and tests pass `lanes: true`
// so that both run.

import CRasterKernels

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
    strata_over_solid_span(dst, count, src, padded)
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
func over_texture_span(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, from first: Int = 0,
                       start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                       scale: UInt32, coverage: UnsafePointer<UInt32>?,
                       sample: (Double, Double) -> UInt32) {
    for i in first..<Swift.max(first, count) {
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
/// pixel costs no floating point, no divide and no conversion. Groups of eight pixels run in
/// 16-bit SIMD lanes (two 64-bit loads per pixel fetch the four texels), clamping to the edge
/// lane by lane: a position beyond the last texel centre reads the last pair with weight 256,
/// one before the first reads the first pair with weight 0, which is exactly the edge texel
/// that the one-pixel path's clamped indices give. Both give exactly the same values
/// (`lerp256`, `mul255`, `over` per channel). A non-zero `underlay` is composited under each
/// sample first (`Paint.textureOverColor`). `room`, when given, is how many pixels of the
/// same row lie before `dst` and after the span: the last partial group then runs as one
/// masked group of eight inside the row (the lanes outside the span written back unchanged).
@inlinable @inline(__always)
func over_bilinear_affine(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                          start: SIMD3<Double>, step: SIMD3<Double>,
                          scale: UInt32, coverage: UnsafePointer<UInt32>?, underlay: UInt32 = 0,
                          room: (before: Int, after: Int)? = nil, lanes: Bool = vectorKernels) {
    // Fixed point of (u − 0.5, v − 0.5): positions relative to texel centres. Far values are
    // clamped first (per pixel below too), so nothing overflows for any finite map.
    @inline(__always) func fixed(_ x: Double) -> Int {
        x.isNaN ? 0 : Int(Swift.min(Swift.max(x, -1e9), 1e9) * 65536)   // max(NaN, …) is NaN
    }
    var u = fixed(start.x - 0.5), v = fixed(start.y - 0.5)
    let du = fixed(step.x), dv = fixed(step.y)
    let maxU = (tex.width &- 1) << 16, maxV = (tex.height &- 1) << 16
    let lastX = tex.width &- 1, lastY = tex.height &- 1
    /// One pixel at texel position (u, v).
    @inline(__always) func pixel(_ i: Int, _ u: Int, _ v: Int) {
        let s = coverage.map { $0[i] } ?? scale
        if s == 0 { return }
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
    // Lanes hold positions and texel indices in Int32: a texture below 2¹⁴ texels a side and
    // steps below 2¹¹ texels per pixel keep them there whenever a group's ends lie within
    // ±2³⁰ (positions are linear in the lane); other groups run one pixel at a time.
    if lanes && tex.width >= 2 && tex.height >= 2 && tex.width < 1 << 14 && tex.height < 1 << 14
        && tex.stride < 1 << 16 && abs(du) < 1 << 27 && abs(dv) < 1 << 27 {
        @inline(__always) func safe(_ u: Int, _ v: Int) -> Bool {
            // |x| < 2³⁰ for the four values, as unsigned compares (no overflow checks).
            @inline(__always) func small(_ x: Int) -> Bool { UInt(bitPattern: x &+ 1 << 30) < 1 << 31 }
            return small(u) && small(v) && small(u &+ 7 &* du) && small(v &+ 7 &* dv)
        }
        var span = StrataBilinearSpan(pixels: UnsafePointer(tex.pixels), stride: tex.stride, du: Int32(truncatingIfNeeded: du),
                                      dv: Int32(truncatingIfNeeded: dv), maxU: Int32(truncatingIfNeeded: maxU),
                                      maxV: Int32(truncatingIfNeeded: maxV), underlay: underlay, scale: scale,
                                      coverage: coverage)
        while i &+ 8 <= count {
            // Groups in CRasterKernels while they are safe (most spans: all of them).
            if safe(u, v) {
                i = strata_bilinear_affine_groups(&span, dst, i, count, &u, &v)
                continue
            }
            for k in 0..<8 { pixel(i &+ k, u &+ k &* du, v &+ k &* dv) }
            u &+= 8 &* du; v &+= 8 &* dv; i &+= 8
        }
        // The last partial group: eight lanes inside the row, shifted left when the row ends
        // first (CRasterKernels; it declines when the group would leave the row or Int32 range).
        if count &- i > 0, let room, strata_bilinear_affine_tail(&span, dst, i, count, u, v, room.before, room.after) { return }
    }
    while i < count {
        pixel(i, u, v)
        u &+= du; v &+= dv; i &+= 1
    }
}

/// Eight bilinear samples at once (`fetch_bilinear`, the perspective and alpha-mask kernels;
/// `over_bilinear_affine`'s groups run in CRasterKernels): per-span constants, and the samples
/// (a struct's methods, not nested functions, so that they inline).
@usableFromInline
struct BilinearLanes {
    @usableFromInline let laneU: SIMD8<Int32>, laneV: SIMD8<Int32>, stride32: SIMD8<Int32>
    @usableFromInline let maxU32: SIMD8<Int32>, maxV32: SIMD8<Int32>
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>, stride: Int
    @usableFromInline let underlay: UInt32, underlay8: SIMD8<UInt32>

    @inlinable @inline(__always)
    init(_ tex: TextureView, du: Int, dv: Int, maxU: Int, maxV: Int, underlay: UInt32) {
        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        laneU = lane &* Int32(truncatingIfNeeded: du); laneV = lane &* Int32(truncatingIfNeeded: dv)
        stride32 = SIMD8(repeating: Int32(truncatingIfNeeded: tex.stride))
        maxU32 = SIMD8(repeating: Int32(truncatingIfNeeded: maxU)); maxV32 = SIMD8(repeating: Int32(truncatingIfNeeded: maxV))
        pixels = tex.pixels; stride = tex.stride
        self.underlay = underlay; underlay8 = SIMD8(repeating: underlay)
    }

    /// Texel index of each lane's top-left texel and its weight, clamped to the edge.
    @usableFromInline @_transparent
    func axis(_ p: SIMD8<Int32>, _ maxP: SIMD8<Int32>) -> (SIMD8<Int32>, SIMD8<UInt32>) {
        let zero = SIMD8<Int32>(repeating: 0)
        var c = p.replacing(with: zero, where: p .< zero)
        c = c.replacing(with: maxP, where: c .> maxP)
        let end = c .== maxP
        let whole = c &>> 16
        let index = whole.replacing(with: whole &- SIMD8<Int32>(repeating: 1), where: end)
        let weight = unsafeBitCast((c &>> 8) & 255, to: SIMD8<UInt32>.self)
            .replacing(with: SIMD8<UInt32>(repeating: 256), where: end)
        return (index, weight)
    }

    /// The bilinear texels (over the underlay) at eight texel positions (16.16, relative to
    /// texel centres), clamped to the edge.
    @usableFromInline @_transparent
    func sample(_ u: SIMD8<Int32>, _ v: SIMD8<Int32>) -> SIMD8<UInt32> {
        let (iu, wu) = axis(u, maxU32)
        let (iv, wv) = axis(v, maxV32)
        let index = iv &* stride32 &+ iu
        let (p00, p01) = gatherPairs(pixels, index)
        let (p10, p11) = gatherPairs(pixels + stride, index)
        let fu = spread(wu), fv = spread(wv)
        let gu = SIMD16<UInt16>(repeating: 256) &- fu, gv = SIMD16<UInt16>(repeating: 256) &- fv
        var t = lerp256x8(lerp256x8(p00, p01, fu, gu), lerp256x8(p10, p11, fu, gu), fv, gv)
        if underlay != 0 {
            // 255 − alpha in both 16-bit halves, by shifts (the `a | a << 16` form of `spread`
            // here compiled to lane extractions).
            let n = ~t
            t &+= mul255x8(underlay8, spread: unsafeBitCast((n &>> 24) | ((n &>> 8) & 0x00FF_0000), to: SIMD16<UInt16>.self))
        }
        return t
    }
}

/// Bilinear texture under a projective map (one divide per pixel).
/// Groups of eight pixels take their positions from `PerspectiveLanes` and their texels from
/// `BilinearLanes`: the same values as one pixel at a time (`lanes: false`).
@inlinable @inline(__always)
func over_bilinear_perspective(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                               start: SIMD3<Double>, step: SIMD3<Double>,
                               scale: UInt32, coverage: UnsafePointer<UInt32>?, underlay: UInt32 = 0,
                               lanes: Bool = vectorKernels) {
    var i = 0
    if lanes && PerspectiveLanes.fit(tex) {
        let walk = PerspectiveLanes(start: start, step: step, width: tex.width, height: tex.height)
        let g = BilinearLanes(tex, du: 0, dv: 0, maxU: (tex.width &- 1) << 16, maxV: (tex.height &- 1) << 16, underlay: underlay)
        while i &+ 8 <= count {
            let p = walk.positions(i)
            let s = (coverage.map { UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self) }
                     ?? SIMD8(repeating: scale)) & p.drawn
            if s != .zero {
                let d = load8(dst + i)
                store8(overx8(mul255x8(g.sample(p.u, p.v), spread: spread(s)), d), dst + i)
            }
            i &+= 8
        }
    }
    over_texture_span(dst, count, from: i, start: start, step: step, perspective: true,
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

/// A colour scaled by a texture's bilinear alpha (shadow masks) under an affine map: texel
/// positions step in 16.16 fixed point and only the alpha channel is interpolated, with the
/// weights and rounding of `TextureView.bilinear` (8-bit weights from the position truncated,
/// edge texels repeated), so a map whose entries are multiples of 2⁻¹⁵ gives exactly the
/// pixels of `over_solid_alpha_mask`. No floating point per pixel. Under a 1 : 1 map the
/// pixels inside the mask run eight at a time: at a whole-pixel offset (shadows, glyph masks)
/// they read their texel directly (`over_solid_aligned_mask` for the rest); at a fraction (a
/// shadow on a moving layer) every pixel has the same weights (`alphaMaskTranslatedLanes`).
@inlinable @inline(__always)
func over_solid_alpha_mask_affine(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                                  color: UInt32, start: SIMD3<Double>, step: SIMD3<Double>,
                                  scale: UInt32, coverage: UnsafePointer<UInt32>?, lanes: Bool = vectorKernels) {
    @inline(__always) func fixed(_ x: Double) -> Int {
        x.isNaN ? -1 << 16 : Int(Swift.min(Swift.max(x, -1e9), 1e9) * 65536)
    }
    var u = fixed(start.x), v = fixed(start.y)
    let du = fixed(step.x), dv = fixed(step.y)
    let maxU = (tex.width &+ 1) << 16, maxV = (tex.height &+ 1) << 16
    let lastX = tex.width &- 1, lastY = tex.height &- 1
    /// Pixel `i` at texel position (u, v): the definition every faster path equals.
    @inline(__always) func pixel(_ i: Int, _ u: Int, _ v: Int) {
        let s = coverage.map { $0[i] } ?? scale
        guard s != 0 else { return }
        // As `bilinear`: clamp to one texel beyond the edges, then +1.5 texels keeps the
        // value positive so the shift is a floor; 8 fraction bits.
        let fu = (Swift.min(Swift.max(u, -1 << 16), maxU) &+ 98304) >> 8
        let fv = (Swift.min(Swift.max(v, -1 << 16), maxV) &+ 98304) >> 8
        let iu = (fu >> 8) &- 2, iv = (fv >> 8) &- 2
        let wu = UInt32(truncatingIfNeeded: fu & 255), wv = UInt32(truncatingIfNeeded: fv & 255)
        let x0 = Swift.min(Swift.max(iu, 0), lastX), x1 = Swift.min(Swift.max(iu &+ 1, 0), lastX)
        let y0 = Swift.min(Swift.max(iv, 0), lastY), y1 = Swift.min(Swift.max(iv &+ 1, 0), lastY)
        let r0 = tex.pixels + y0 &* tex.stride, r1 = tex.pixels + y1 &* tex.stride
        let top = ((r0[x0] >> 24) &* (256 &- wu) &+ (r0[x1] >> 24) &* wu &+ 128) >> 8
        let bottom = ((r1[x0] >> 24) &* (256 &- wu) &+ (r1[x1] >> 24) &* wu &+ 128) >> 8
        let a = (top &* (256 &- wv) &+ bottom &* wv &+ 128) >> 8
        let t = mul255(color, a)
        if t != 0 { dst[i] = over(mul255(t, s), dst[i]) }
    }
    var i = 0
    if du == 1 << 16 && dv == 0 && u & 0xFFFF == 0x8000 && v & 0xFFFF == 0x8000 && v >= 0 && v >> 16 <= lastY {
        let first = u >> 16
        let inside = Swift.min(count, Swift.max(0, -first))..<Swift.max(0, Swift.min(count, lastX &- first &+ 1))
        while i < inside.lowerBound { pixel(i, u, v); u &+= du; i &+= 1 }
        let texels = tex.pixels + ((v >> 16) &* tex.stride &+ (u >> 16) &- i)   // pixel i's texel at texels + i
        if lanes {
            let color8 = SIMD8<UInt32>(repeating: color), scale16 = spread(SIMD8<UInt32>(repeating: scale))
            while i &+ 8 <= inside.upperBound {
                let t = mul255x8(color8, spread: spread(load8(texels + i) &>> 24))
                let s16 = coverage.map { spread(UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self)) } ?? scale16
                store8(overx8(mul255x8(t, spread: s16), load8(dst + i)), dst + i)
                i &+= 8
            }
        }
        // The rest of the aligned pixels (a glyph row, a group's tail) read their texels as they are.
        over_solid_aligned_mask(dst + i, inside.upperBound &- i, UnsafePointer(texels + i), color: color, scale: scale,
                                coverage: coverage.map { $0 + i })
        u &+= inside.count &* du
        i = inside.upperBound
    } else if lanes && du == 1 << 16 && dv == 0 {
        let run = alphaMaskTranslatedRun(count, tex, u: u, v: v)
        while i < run.lowerBound { pixel(i, u, v); u &+= du; i &+= 1 }
        let end = run.lowerBound &+ (run.count & ~7)
        alphaMaskTranslatedLanes(dst, i..<end, tex, color: color, u: u, v: v, scale: scale, coverage: coverage)
        u &+= (end &- i) &* du
        i = end
    } else if lanes && dv == 0 && du > 0 {
        let run = alphaMaskScaledRun(count, tex, u: u, v: v, du: du)
        while i < run.lowerBound { pixel(i, u, v); u &+= du; i &+= 1 }
        let end = run.lowerBound &+ (run.count & ~7)
        alphaMaskScaledLanes(dst, i..<end, tex, color: color, u: u, du: du, v: v, scale: scale, coverage: coverage)
        u &+= (end &- i) &* du
        i = end
    }
    while i < count { pixel(i, u, v); u &+= du; v &+= dv; i &+= 1 }
}

/// The pixels of a span at texel position (u, v) + (i, 0) (16.16) whose four bilinear texels
/// all lie inside the texture unclamped: where `alphaMaskTranslatedLanes` may run
/// (`alphaMaskScaledRun` at one texel a pixel).
@inlinable @inline(__always)
func alphaMaskTranslatedRun(_ count: Int, _ tex: TextureView, u: Int, v: Int) -> Range<Int> {
    alphaMaskScaledRun(count, tex, u: u, v: v, du: 1 << 16)
}

/// `over_solid_alpha_mask_affine`'s pixels `range` (a multiple of eight long, inside
/// `alphaMaskTranslatedRun`) under a 1 : 1 map at a fraction of a texel, eight at a time:
/// every pixel has the weights of the first, so each lane computes that pixel's sample with the
/// same integer operations. Pixel `range.lowerBound` is at texel position (u, v).
@inlinable @inline(__always)
func alphaMaskTranslatedLanes(_ dst: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, _ tex: TextureView, color: UInt32,
                              u: Int, v: Int, scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    guard !range.isEmpty else { return }
    let fu = (u &+ 98304) >> 8, fv = (v &+ 98304) >> 8
    let wu = SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: fu & 255))
    let wv = SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: fv & 255))
    let row: Int = ((fv >> 8) &- 2) &* tex.stride
    let column: Int = ((fu >> 8) &- 2) &- range.lowerBound
    let r0 = tex.pixels + (row &+ column)   // pixel i's left texel at r0 + i
    let r1 = r0 + tex.stride
    let color8 = SIMD8<UInt32>(repeating: color), scale16 = spread(SIMD8<UInt32>(repeating: scale))
    var i = range.lowerBound
    while i < range.upperBound {
        let a00: SIMD8<UInt32> = load8(r0 + i) &>> 24, a01: SIMD8<UInt32> = load8(r0 + (i &+ 1)) &>> 24
        let a10: SIMD8<UInt32> = load8(r1 + i) &>> 24, a11: SIMD8<UInt32> = load8(r1 + (i &+ 1)) &>> 24
        alphaMaskOver8(dst + i, (a00, a01, a10, a11), wu: wu, wv: wv, color8: color8,
                       scale: coverage.map { spread(UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self)) } ?? scale16)
        i &+= 8
    }
}

/// Eight pixels of `over_solid_alpha_mask_affine` from their four texels' alphas (top left,
/// top right, bottom left, bottom right) and 8-bit weights: `bilinear`'s rounding, then the
/// colour scaled by the sample and by `scale` (spread coverage × opacity), over `dst`.
@inlinable @inline(__always)
func alphaMaskOver8(_ dst: UnsafeMutablePointer<UInt32>,
                    _ texels: (SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>),
                    wu: SIMD8<UInt32>, wv: SIMD8<UInt32>, color8: SIMD8<UInt32>, scale: SIMD16<UInt16>) {
    let (a00, a01, a10, a11) = texels
    let top: SIMD8<UInt32> = (a00 &* (256 &- wu) &+ a01 &* wu &+ 128) &>> 8
    let bottom: SIMD8<UInt32> = (a10 &* (256 &- wu) &+ a11 &* wu &+ 128) &>> 8
    let a: SIMD8<UInt32> = (top &* (256 &- wv) &+ bottom &* wv &+ 128) &>> 8
    let t = mul255x8(color8, spread: spread(a))
    store8(overx8(mul255x8(t, spread: scale), load8(dst)), dst)
}

/// The pixels of a span at texel position (u + i·du, v) (16.16, du > 0) whose four bilinear
/// texels all lie inside the texture unclamped: where `alphaMaskScaledLanes` may run. Pixel i's
/// left texel is ⌊(u + i·du + 98304) / 65536⌋ − 2, inside while 32768 ≤ u + i·du < width · 65536 − 32768.
@inlinable @inline(__always)
func alphaMaskScaledRun(_ count: Int, _ tex: TextureView, u: Int, v: Int, du: Int) -> Range<Int> {
    guard du > 0, du <= 1 << 24, v >= -(1 << 16), v <= (tex.height &+ 1) << 16, u >= -(1 << 40), u <= 1 << 40 else { return 0..<0 }
    let iv = (((v &+ 98304) >> 8) >> 8) &- 2
    guard iv >= 0, iv &+ 1 <= tex.height &- 1 else { return 0..<0 }
    /// The first pixel whose position reaches `limit`.
    func first(reaching limit: Int) -> Int { limit <= u ? 0 : Swift.min(count, (limit &- u &+ du &- 1) / du) }
    let lo = first(reaching: 32768)
    return lo..<Swift.max(lo, first(reaching: (tex.width << 16) &- 32768))
}

/// `over_solid_alpha_mask_affine`'s pixels `range` (a multiple of eight long, inside
/// `alphaMaskScaledRun`) under a map that steps `du` texels a pixel along one texel row (a
/// shadow mask made at ½ or ¼ of the resolution and drawn back magnified), eight at a time:
/// every pixel shares the row weights, each lane gathers its own four texels and weights them
/// with the same integer operations as one pixel at a time. Pixel `range.lowerBound` is at
/// texel position (u, v).
@inlinable @inline(__always)
func alphaMaskScaledLanes(_ dst: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, _ tex: TextureView, color: UInt32,
                          u: Int, du: Int, v: Int, scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    guard !range.isEmpty else { return }
    let fv = (v &+ 98304) >> 8
    let wv = SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: fv & 255))
    let r0 = tex.pixels + ((fv >> 8) &- 2) &* tex.stride, r1 = r0 + tex.stride
    let steps = SIMD8<Int>(0, 1, 2, 3, 4, 5, 6, 7) &* du
    let color8 = SIMD8<UInt32>(repeating: color), scale16 = spread(SIMD8<UInt32>(repeating: scale))
    var position = u, i = range.lowerBound
    while i < range.upperBound {
        let fu = (SIMD8<Int>(repeating: position) &+ steps &+ 98304) &>> 8
        let left = (fu &>> 8) &- 2
        let wu = SIMD8<UInt32>(truncatingIfNeeded: fu & 255)
        var a00 = SIMD8<UInt32>(), a01 = SIMD8<UInt32>(), a10 = SIMD8<UInt32>(), a11 = SIMD8<UInt32>()
        for j in 0..<8 {
            let x = left[j]
            a00[j] = r0[x] >> 24; a01[j] = r0[x &+ 1] >> 24
            a10[j] = r1[x] >> 24; a11[j] = r1[x &+ 1] >> 24
        }
        alphaMaskOver8(dst + i, (a00, a01, a10, a11), wu: wu, wv: wv, color8: color8,
                       scale: coverage.map { spread(UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self)) } ?? scale16)
        position &+= du &* 8
        i &+= 8
    }
}

/// `over_solid_alpha_mask` when every pixel's centre falls on a texel's centre of one row
/// (`texels` is the row, from the span's first texel): each pixel takes its texel's alpha as
/// it is, which is what the bilinear sample gives there (weights 0), without the sampling.
/// Pixel for pixel the same values as the sampled kernel.
@inlinable @inline(__always)
func over_solid_aligned_mask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ texels: UnsafePointer<UInt32>,
                             color: UInt32, scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    for i in 0..<count {
        let s = coverage.map { $0[i] } ?? scale
        let a = texels[i] >> 24
        if s == 0 || a == 0 { continue }
        let t = mul255(color, a)
        if t == 0 { continue }
        dst[i] = over(mul255(t, s), dst[i])
    }
}

/// A colour scaled by a texture's bilinear alpha (shadows), under any projective map.
@inlinable @inline(__always)
/// Under perspective, groups of eight pixels run as in `over_bilinear_perspective` (the same
/// values as one pixel at a time, `lanes: false`).
func over_solid_alpha_mask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                           color: UInt32, start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                           scale: UInt32, coverage: UnsafePointer<UInt32>?, lanes: Bool = vectorKernels) {
    var i = 0
    if lanes && perspective && PerspectiveLanes.fit(tex) {
        let walk = PerspectiveLanes(start: start, step: step, width: tex.width, height: tex.height)
        let g = BilinearLanes(tex, du: 0, dv: 0, maxU: (tex.width &- 1) << 16, maxV: (tex.height &- 1) << 16, underlay: 0)
        let color8 = SIMD8<UInt32>(repeating: color)
        while i &+ 8 <= count {
            let p = walk.positions(i)
            let s = (coverage.map { UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self) }
                     ?? SIMD8(repeating: scale)) & p.drawn
            if s != .zero {
                let t = mul255x8(color8, spread: spread(g.sample(p.u, p.v) &>> 24))
                store8(overx8(mul255x8(t, spread: spread(s)), load8(dst + i)), dst + i)
            }
            i &+= 8
        }
    }
    over_texture_span(dst, count, from: i, start: start, step: step, perspective: perspective,
                      scale: scale, coverage: coverage) { mul255(color, tex.bilinear($0, $1) >> 24) }
}
