// Blend modes other than source-over, on premultiplied 8-bit pixels. Formulas of the W3C
// "Compositing and Blending" spec (Apple's CGBlendMode documentation gives the same ones; its
// plusDarker is R = max(0, 1 − ((1 − D) + (1 − S)))), in Float per channel, results clamped to
// valid premultiplied values and rounded to nearest. Coverage lerps between the destination
// and the blended result. The blend itself is per pixel (`blendPixel`, with concrete lane-wise
// min/max: the standard library's generic `pointwiseMin`/`max()` were calls per pixel, 7 % of
// fuzz seed 3043741), the coverage lerp and rounding in four lanes (`lerpBlend`). Whole groups
// of eight run in CRasterKernels with the same steps (`strata_blend_modes_span`).

import CRasterKernels

/// The blended pixel of premultiplied `src` over premultiplied `dst`, before coverage.
@inline(__always)
func blendPixel(_ mode: BlendMode, _ src: UInt32, _ dst: UInt32) -> SIMD4<Float> {
    // Channels as (r, g, b, a), 0...1, premultiplied.
    let s = unpack01(src), d = unpack01(dst)
    let sa = s.w, da = d.w
    switch mode {
    case .normal: return s + d * (1 - sa)
    case .clear: return .zero
    case .copy: return s
    case .sourceIn: return s * da
    case .sourceOut: return s * (1 - da)
    case .sourceAtop: return s * da + d * (1 - sa)
    case .destinationOver: return d + s * (1 - da)
    case .destinationIn: return d * sa
    case .destinationOut: return d * (1 - sa)
    case .destinationAtop: return d * sa + s * (1 - da)
    case .xor: return s * (1 - da) + d * (1 - sa)
    case .plusLighter: return min4(s + d, SIMD4(repeating: 1))
    case .plusDarker:
        let ra = Swift.min(1, sa + da)
        var r = SIMD4<Float>(repeating: ra) - (SIMD4(repeating: sa) - s) - (SIMD4(repeating: da) - d)
        r = max4(r, .zero)
        r.w = ra
        return r
    default:
        break
    }
    // The separable and non-separable modes: B on straight colours, then
    // result = (1 − da)·S + (1 − sa)·D + sa·da·B(cs, cd), alpha = sa + da − sa·da.
    let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
    let cd = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
    let b: SIMD3<Float>
    switch mode {
    case .multiply: b = cs * cd
    case .screen: b = cs + cd - cs * cd
    case .overlay: b = SIMD3(hardLight(cd.x, cs.x), hardLight(cd.y, cs.y), hardLight(cd.z, cs.z))
    case .darken: b = min3(cs, cd)
    case .lighten: b = max3(cs, cd)
    case .colorDodge: b = SIMD3(colorDodge(cs.x, cd.x), colorDodge(cs.y, cd.y), colorDodge(cs.z, cd.z))
    case .colorBurn: b = SIMD3(colorBurn(cs.x, cd.x), colorBurn(cs.y, cd.y), colorBurn(cs.z, cd.z))
    case .hardLight: b = SIMD3(hardLight(cs.x, cd.x), hardLight(cs.y, cd.y), hardLight(cs.z, cd.z))
    case .softLight: b = SIMD3(softLight(cs.x, cd.x), softLight(cs.y, cd.y), softLight(cs.z, cd.z))
    case .difference: b = max3(cs - cd, cd - cs)
    case .exclusion: b = cs + cd - 2 * cs * cd
    case .hue: b = setLum(setSat(cs, sat(cd)), lum(cd))
    case .saturation: b = setLum(setSat(cd, sat(cs)), lum(cd))
    case .color: b = setLum(cs, lum(cd))
    case .luminosity: b = setLum(cd, lum(cs))
    default: b = cs
    }
    let rgb = (1 - da) * SIMD3(s.x, s.y, s.z) + (1 - sa) * SIMD3(d.x, d.y, d.z) + sa * da * b
    return SIMD4(rgb.x, rgb.y, rgb.z, sa + da - sa * da)
}

@inline(__always) private func hardLight(_ cs: Float, _ cd: Float) -> Float {
    cs <= 0.5 ? cd * 2 * cs : { let s2 = 2 * cs - 1; return cd + s2 - cd * s2 }()
}
@inline(__always) private func colorDodge(_ cs: Float, _ cd: Float) -> Float {
    if cd == 0 { return 0 }
    if cs >= 1 { return 1 }
    return Swift.min(1, cd / (1 - cs))
}
@inline(__always) private func colorBurn(_ cs: Float, _ cd: Float) -> Float {
    if cd >= 1 { return 1 }
    if cs <= 0 { return 0 }
    return 1 - Swift.min(1, (1 - cd) / cs)
}
@inline(__always) private func softLight(_ cs: Float, _ cd: Float) -> Float {
    if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
    let dd: Float = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
    return cd + (2 * cs - 1) * (dd - cd)
}
@inline(__always) private func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
@inline(__always) private func sat(_ c: SIMD3<Float>) -> Float { largest(c) - smallest(c) }
@inline(__always) private func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = lum(c), n = smallest(c), x = largest(c)
    var r = c
    if n < 0 { r = SIMD3<Float>(repeating: l) + (r - SIMD3<Float>(repeating: l)) * (l / (l - n)) }
    if x > 1 { r = SIMD3<Float>(repeating: l) + (r - SIMD3<Float>(repeating: l)) * ((1 - l) / (x - l)) }
    return r
}
@inline(__always) private func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    clipColor(c + SIMD3(repeating: l - lum(c)))
}
@inline(__always) private func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let mx = largest(c), mn = smallest(c)
    guard mx > mn else { return .zero }
    return (c - SIMD3<Float>(repeating: mn)) * (s / (mx - mn))
}

// Concrete lane-wise min/max and reductions (no NaN reaches them: every value is a byte / 255
// or a quotient guarded against zero). Which of two equal values is kept does not matter.
@inline(__always) private func min4(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }
@inline(__always) private func max4(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: a .< b) }
@inline(__always) private func min3(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> { a.replacing(with: b, where: b .< a) }
@inline(__always) private func max3(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> { a.replacing(with: b, where: a .< b) }
@inline(__always) private func largest(_ c: SIMD3<Float>) -> Float { Swift.max(Swift.max(c.x, c.y), c.z) }
@inline(__always) private func smallest(_ c: SIMD3<Float>) -> Float { Swift.min(Swift.min(c.x, c.y), c.z) }

/// `0xAARRGGBB` → (r, g, b, a) in 0...1.
@inline(__always)
func unpack01(_ p: UInt32) -> SIMD4<Float> {
    SIMD4(Float((p >> 16) & 255), Float((p >> 8) & 255), Float(p & 255), Float(p >> 24)) * (1 / 255)
}

/// `dst + (blended − dst)·c`, per channel in 0...255 units, as a valid premultiplied pixel:
/// each channel clamped to 0...1 (NaN to 0), colour never above alpha (rounding in the formulas
/// can overshoot by a hair), then `UInt32(v · 255 + 0.5)`. In four lanes at once, the rounding
/// without a checked conversion (`floor` by the 2²³ trick; v · 255 + 0.5 lies in 0.5...255.5):
/// the checked scalar conversions, four a pixel, were most of a blend-mode span's time.
@inline(__always)
func lerpBlend(_ dst: UInt32, _ blended: SIMD4<Float>, _ coverage: UInt32) -> UInt32 {
    let c = Float(coverage) * (1 / 255)
    let d = unpack01(dst)
    let r = d + (blended - d) * c
    // unit(v) = v > 0 ? (v < 1 ? v : 1) : 0, lane-wise.
    let unit = SIMD4<Float>.zero.replacing(with: r.replacing(with: 1, where: .!(r .< 1)), where: r .> 0)
    // min(unit, a) = a < unit ? a : unit (alpha itself unchanged).
    let a = SIMD4<Float>(repeating: unit.w)
    let v = unit.replacing(with: a, where: a .< unit) * 255 + 0.5
    let big = SIMD4<Float>(repeating: 8_388_608)
    var t = (v + big) - big
    t = t.replacing(with: t - 1, where: t .> v)
    let b = unsafeBitCast(t + big, to: SIMD4<UInt32>.self) & 0x007F_FFFF
    return b.w << 24 | b.x << 16 | b.y << 8 | b.z
}

/// `count` pixels of premultiplied source `src` blended onto `dst` with `mode`; coverage per
/// pixel from `coverage`, or `scale` for all.
@inline(__always)
func blend_span(_ mode: BlendMode, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                coverage: UnsafePointer<UInt32>?, scale: UInt32, lanes: Bool = vectorKernels) {
    if mode == .normal {
        var i = 0
        if lanes {
            // Eight at a time with plain loads: the compiler's own vectorisation of the loop
            // below used masked loads of `src`, which wait for the fetch's stores to retire
            // (no store forwarding into vpmaskmovd): 77 % of a perspective gradient's time.
            // A skipped pixel is over(0, dst) = dst, so the values are the loop's.
            let scale8 = SIMD8<UInt32>(repeating: scale)
            while i &+ 8 <= count {
                let c = coverage.map { UnsafeRawPointer($0 + i).loadUnaligned(as: SIMD8<UInt32>.self) } ?? scale8
                let src8 = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD8<UInt32>.self)
                store8(overx8(mul255x8(src8, spread: spread(c)), load8(dst + i)), dst + i)
                i &+= 8
            }
        }
        for i in i..<count {
            let c = coverage.map { $0[i] } ?? scale
            if c == 0 || src[i] == 0 { continue }
            dst[i] = over(mul255(src[i], c), dst[i])
        }
        return
    }
    switch mode {
    case .copy:
        // Exact in integers: mul255 is monotone, so colour stays ≤ alpha.
        for i in 0..<count {
            let c = coverage.map { $0[i] } ?? scale
            if c == 0 { continue }
            dst[i] = c == 255 ? src[i] : mul255(src[i], c) &+ mul255(dst[i], 255 &- c)
        }
    case .clear:
        for i in 0..<count {
            let c = coverage.map { $0[i] } ?? scale
            if c == 0 { continue }
            dst[i] = c == 255 ? 0 : mul255(dst[i], 255 &- c)
        }
    default:
        blend_span_modes(mode, dst, src, count, coverage: coverage, scale: scale, lanes: lanes)
    }
}

/// `blend_span` for the modes other than normal, copy and clear (any mode gives the float
/// definition's pixels here): coverage per pixel (zero skipped), or `scale` for all.
///
/// With `lanes`, the whole groups of eight run in CRasterKernels (`strata_blend_modes_span`:
/// `blendPixel` and `lerpBlend` in eight lanes, the same Float steps, bit-identical) for every
/// mode but the four non-separable ones; this one-pixel loop is the definition and does the
/// tail. (A switch over the mode around copies of this loop, each meant to inline `blendPixel`
/// with a constant mode, was tried first: the compiler merged them back into one loop calling
/// `blendPixel` per pixel. The C kernel's loop is instantiated per mode.)
@inline(never)
func blend_span_modes(_ mode: BlendMode, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                      coverage: UnsafePointer<UInt32>?, scale: UInt32, lanes: Bool = vectorKernels) {
    if coverage == nil && scale == 0 { return }
    var start = 0
    if lanes, let code = mode.laneKernelCode {
        start = strata_blend_modes_span(code, dst, src, count, coverage, scale)
    }
    if let coverage {
        for i in start..<max(start, count) {
            let c = coverage[i]
            if c == 0 { continue }
            dst[i] = lerpBlend(dst[i], blendPixel(mode, src[i], dst[i]), c)
        }
    } else {
        for i in start..<max(start, count) { dst[i] = lerpBlend(dst[i], blendPixel(mode, src[i], dst[i]), scale) }
    }
}

extension BlendMode {
    /// The `STRATA_BLEND_*` code of `strata_blend_modes_span` for this mode, or nil where the
    /// one-pixel loop runs alone (normal, copy and clear never get here; the non-separable four).
    var laneKernelCode: Int32? {
        switch self {
        case .multiply: Int32(STRATA_BLEND_MULTIPLY)
        case .screen: Int32(STRATA_BLEND_SCREEN)
        case .overlay: Int32(STRATA_BLEND_OVERLAY)
        case .darken: Int32(STRATA_BLEND_DARKEN)
        case .lighten: Int32(STRATA_BLEND_LIGHTEN)
        case .colorDodge: Int32(STRATA_BLEND_COLOR_DODGE)
        case .colorBurn: Int32(STRATA_BLEND_COLOR_BURN)
        case .softLight: Int32(STRATA_BLEND_SOFT_LIGHT)
        case .hardLight: Int32(STRATA_BLEND_HARD_LIGHT)
        case .difference: Int32(STRATA_BLEND_DIFFERENCE)
        case .exclusion: Int32(STRATA_BLEND_EXCLUSION)
        case .sourceIn: Int32(STRATA_BLEND_SOURCE_IN)
        case .sourceOut: Int32(STRATA_BLEND_SOURCE_OUT)
        case .sourceAtop: Int32(STRATA_BLEND_SOURCE_ATOP)
        case .destinationOver: Int32(STRATA_BLEND_DESTINATION_OVER)
        case .destinationIn: Int32(STRATA_BLEND_DESTINATION_IN)
        case .destinationOut: Int32(STRATA_BLEND_DESTINATION_OUT)
        case .destinationAtop: Int32(STRATA_BLEND_DESTINATION_ATOP)
        case .xor: Int32(STRATA_BLEND_XOR)
        case .plusDarker: Int32(STRATA_BLEND_PLUS_DARKER)
        case .plusLighter: Int32(STRATA_BLEND_PLUS_LIGHTER)
        case .normal, .clear, .copy, .hue, .saturation, .color, .luminosity: nil
        }
    }
}
