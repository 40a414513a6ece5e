// Fetches of texture paints into a span of colours (the general painter's source row, before
// a blend mode blends it): the same values as `TextureView.bilinear` one pixel at a time.

/// The colours of a bilinear texture paint for pixels `x0..<x0 + n` of the row whose pixel
/// centres lie at `py`, into `out`: each pixel centre mapped by `m` (device → texel), sampled
/// as `TextureView.bilinear` samples, composited over `underlay` (0: none), multiplied channel
/// by channel by `tint` when given (`mul255Channels`: tinted textures) and scaled by `scale`;
/// 0 where W is not positive. Groups of eight pixels map and clamp in double lanes with
/// the one-pixel arithmetic (same operations in the same order), turn the 8-bit-fraction
/// positions into the 16.16 positions of `BilinearLanes`, whose edge clamping gives the same
/// texels, and interpolate there: every value is the one-pixel loop's (`lanes: false`).
///
/// A span the texture is magnified over thousands of times (a particle of scale 1e9: fuzz seeds
/// 3102979, 3180779) has the same sample positions, to the 8 fraction bits a sample uses, over
/// long runs of pixels: those runs are sampled once each (`fetch_bilinear_runs`).
@inlinable @inline(__always)
func fetch_bilinear(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, _ tex: TextureView, _ m: Projective,
                    x0: Int, py: Double, underlay: UInt32, tint: UInt32? = nil, scale: UInt32,
                    lanes: Bool = vectorKernels) {
    // Affine, and at most one new sample position in 16 pixels on average (NaN: false).
    if n >= 32 && m.m13 == 0 && m.m23 == 0 && m.m33 == 1 && abs(m.m11) + abs(m.m12) < 1.0 / 4096 {
        return fetch_bilinear_runs(out, n, tex, m, x0: x0, py: py, underlay: underlay, tint: tint, scale: scale)
    }
    fetch_bilinear_pixels(out, n, tex, m, x0: x0, py: py, underlay: underlay, tint: tint, scale: scale, lanes: lanes)
}

/// The one colour `fetch_bilinear` gives every pixel of `x0..<x0 + n` in the row at `py`, or
/// nil when it may give more than one (or the map is not affine and finite). Under an affine
/// map each texel coordinate is monotone along the row (as in `fetch_bilinear_runs`), so every
/// sample reads texels from the box of those the first and the last pixel read; when that box
/// (at most 4 × 4 texels) is one colour, every sample is that colour (a bilinear blend of equal
/// texels is exact). A texture of one texel, the clamped edge beyond a hugely magnified
/// texture's corner, and uniform parts of an image give such spans (fuzz seeds 4407971,
/// 4500090: frame-covering particles, each of their spans blended pixel by pixel).
/// The texture comes as its pixels and size: a `TextureView` passed by value is a retain and a
/// release of its surface, whose count the band threads share.
@inlinable @inline(__always)
func constant_bilinear(_ n: Int, _ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                       _ m: Projective, x0: Int, py: Double, underlay: UInt32, tint: UInt32?, scale: UInt32) -> UInt32? {
    guard n > 0, m.m13 == 0, m.m23 == 0, m.m33 == 1, m.m11.isFinite, m.m12.isFinite, m.m21.isFinite,
          m.m22.isFinite, m.m31.isFinite, m.m32.isFinite else { return nil }
    let yx = py * m.m21, yy = py * m.m22
    let highU = Double(width) + 1, highV = Double(height) + 1
    /// The first texel column and row pixel i's sample reads (`TextureView.bilinear`).
    @inline(__always) func texel(_ i: Int) -> (u: Int, v: Int) {
        let x = Double(x0 &+ i) + 0.5
        let u = x * m.m11 + yx + m.m31, v = x * m.m12 + yy + m.m32
        let cu = u > -1 ? (u < highU ? u : highU) : -1
        let cv = v > -1 ? (v < highV ? v : highV) : -1
        return ((Int((cu + 1.5) * 256) >> 8) &- 2, (Int((cv + 1.5) * 256) >> 8) &- 2)
    }
    let a = texel(0), b = texel(n &- 1)
    let u0 = Swift.min(Swift.max(Swift.min(a.u, b.u), 0), width &- 1)
    let u1 = Swift.min(Swift.max(Swift.max(a.u, b.u) &+ 1, 0), width &- 1)
    let v0 = Swift.min(Swift.max(Swift.min(a.v, b.v), 0), height &- 1)
    let v1 = Swift.min(Swift.max(Swift.max(a.v, b.v) &+ 1, 0), height &- 1)
    guard u1 &- u0 < 4, v1 &- v0 < 4 else { return nil }
    var t = pixels[v0 &* stride &+ u0]
    for v in v0...v1 {
        let row = pixels + v &* stride
        for u in u0...u1 where row[u] != t { return nil }
    }
    if underlay != 0 { t = overUnderlay(t, underlay) }
    if let tint { t = mul255Channels(t, tint) }
    return mul255(t, scale)
}

/// `fetch_bilinear` for an affine map, one sample per run of pixels that share their sample
/// position. A sample depends only on the position's 8-bit fixed-point texel coordinates
/// (`TextureView.bilinear`'s `fu`, `fv`, as the lanes compute them); under an affine map each is
/// a monotone function of the pixel (every floating-point step of x·m11 + y·m21 + m31, the clamp
/// and the truncation is monotone, and W is exactly 1), so the pixels sharing the first pixel's
/// pair are one run, found by bisection. Same values as one sample a pixel.
@usableFromInline @inline(never)
func fetch_bilinear_runs(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, _ tex: TextureView, _ m: Projective,
                         x0: Int, py: Double, underlay: UInt32, tint: UInt32?, scale: UInt32) {
    let yx = py * m.m21, yy = py * m.m22
    let highU = Double(tex.width) + 1, highV = Double(tex.height) + 1
    /// The fixed-point texel position of pixel i (as `TextureView.bilinear` computes it).
    @inline(__always) func position(_ i: Int) -> SIMD2<Int> {
        let x = Double(x0 &+ i) + 0.5
        let u = x * m.m11 + yx + m.m31, v = x * m.m12 + yy + m.m32
        let cu = u > -1 ? (u < highU ? u : highU) : -1
        let cv = v > -1 ? (v < highV ? v : highV) : -1
        return SIMD2(Int((cu + 1.5) * 256), Int((cv + 1.5) * 256))
    }
    var a = 0
    while a < n {
        let p = position(a)
        // The run is [a, end): the last pixel with p lies in [lo, hi).
        var end = n
        if position(n &- 1) != p {
            var lo = a, hi = n &- 1
            while hi &- lo > 1 {
                let mid = lo &+ (hi &- lo) / 2
                if position(mid) == p { lo = mid } else { hi = mid }
            }
            end = hi
        }
        let h = m.applyHomogeneous(x: Double(x0 &+ a) + 0.5, y: py)
        var t = tex.bilinear(h.x / h.z, h.y / h.z)
        if underlay != 0 { t = overUnderlay(t, underlay) }
        if let tint { t = mul255Channels(t, tint) }
        (out + a).update(repeating: mul255(t, scale), count: end &- a)
        a = end
    }
}

/// `fetch_bilinear`, one sample a pixel (eight at a time in lanes).
@inlinable @inline(__always)
func fetch_bilinear_pixels(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, _ tex: TextureView, _ m: Projective,
                           x0: Int, py: Double, underlay: UInt32, tint: UInt32? = nil, scale: UInt32,
                           lanes: Bool = vectorKernels) {
    var i = 0
    // BilinearLanes' Int32 positions and indices: the same bounds as `over_bilinear_affine`.
    if lanes && tex.width >= 2 && tex.height >= 2 && tex.width < 1 << 14 && tex.height < 1 << 14
        && tex.stride < 1 << 16 {
        let g = BilinearLanes(tex, du: 0, dv: 0, maxU: (tex.width &- 1) << 16, maxV: (tex.height &- 1) << 16,
                              underlay: underlay)
        let lane = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
        // `applyHomogeneous`: x·m11 + y·m21 + m31, the y term first computed alone.
        let yx = py * m.m21, yy = py * m.m22, yw = py * m.m23
        let highU = Double(tex.width) + 1, highV = Double(tex.height) + 1
        let scale16 = spread(SIMD8<UInt32>(repeating: scale))
        let centre = SIMD8<Int32>(repeating: 2 << 16)
        /// `p > -1 ? (p < high ? p : high) : -1` per lane (NaN gives -1).
        @inline(__always) func clamp(_ p: SIMD8<Double>, _ high: Double) -> SIMD8<Double> {
            let above = p .> -1
            return SIMD8<Double>(repeating: -1).replacing(with: high, where: above)
                .replacing(with: p, where: above .& (p .< high))
        }
        while i &+ 8 <= n {
            let x = (SIMD8<Double>(repeating: Double(x0 &+ i)) + lane) + 0.5
            let w = x * m.m13 + yw + m.m33
            let u = clamp((x * m.m11 + yx + m.m31) / w, highU), v = clamp((x * m.m12 + yy + m.m32) / w, highV)
            // Int((c + 1.5) * 256) (8 fraction bits, positive: truncation is floor), then 16.16
            // relative to texel centres: ((f >> 8) - 2) << 16 | (f & 255) << 8.
            let fu = SIMD8<Int32>(truncatingIfNeeded: floorToUInt32((u + 1.5) * 256))
            let fv = SIMD8<Int32>(truncatingIfNeeded: floorToUInt32((v + 1.5) * 256))
            var t = g.sample((fu &<< 8) &- centre, (fv &<< 8) &- centre)
            if let tint { t = mul255Channelsx8(t, SIMD8(repeating: tint)) }
            store8(mul255x8(t, spread: scale16, lanes: lanes) & pixelMask(w .> 0), out + i)
            i &+= 8
        }
    }
    for i in i..<n {
        let h = m.applyHomogeneous(x: Double(x0 &+ i) + 0.5, y: py)
        guard h.z > 0 else { out[i] = 0; continue }
        var t = tex.bilinear(h.x / h.z, h.y / h.z)
        if underlay != 0 { t = overUnderlay(t, underlay) }
        if let tint { t = mul255Channels(t, tint) }
        out[i] = mul255(t, scale)
    }
}

/// `mul255Channels(p[i], t[i])` for eight pixels: each channel of `p` times the same channel
/// of `t` over 255, rounded as `mul255`, in 16-bit lanes (at most 255·255 + 128 + 254 < 65536).
@inlinable @inline(__always)
func mul255Channelsx8(_ p: SIMD8<UInt32>, _ t: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    @inline(__always) func lanes(_ v: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(v & m, to: SIMD16<UInt16>.self) }
    var rb = lanes(p) &* lanes(t) &+ SIMD16(repeating: 128)
    rb = (rb &+ (rb &>> SIMD16(repeating: 8))) &>> SIMD16(repeating: 8)
    var ag = lanes(p &>> SIMD8(repeating: 8)) &* lanes(t &>> SIMD8(repeating: 8)) &+ SIMD16(repeating: 128)
    ag = (ag &+ (ag &>> SIMD16(repeating: 8))) & SIMD16(repeating: 0xFF00)
    return unsafeBitCast(rb, to: SIMD8<UInt32>.self) | unsafeBitCast(ag, to: SIMD8<UInt32>.self)
}
