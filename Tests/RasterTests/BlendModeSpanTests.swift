import Testing
@testable import Raster

// `blend_span` under the blend modes other than normal, copy and clear picks its mode once
// per span and rounds in four lanes (`blend_span_modes`, `lerpBlend`): it must give exactly
// the pixels of the per-pixel definition it replaced, copied below as it was (fuzz seed
// 3043741 spent 88 s in that loop), for every mode, random pixels (valid premultiplied ones,
// transparent and opaque ones, and some with colour above alpha), coverage rows with zeros,
// and constant scales including 0 and 255.

/// The per-pixel loop as it was: mode switched on for every pixel, generic min/max.
private func oldBlendSpan(_ mode: BlendMode, _ dst: inout [UInt32], _ src: [UInt32], coverage: [UInt32]?, scale: UInt32) {
    for i in 0..<dst.count {
        let c = coverage.map { $0[i] } ?? scale
        if c == 0 { continue }
        dst[i] = oldLerpBlend(dst[i], oldBlendPixel(mode, src[i], dst[i]), c)
    }
}

private func oldUnpack01(_ p: UInt32) -> SIMD4<Float> {
    SIMD4(Float((p >> 16) & 255), Float((p >> 8) & 255), Float(p & 255), Float(p >> 24)) * (1 / 255)
}

private func oldLerpBlend(_ dst: UInt32, _ blended: SIMD4<Float>, _ coverage: UInt32) -> UInt32 {
    let c = Float(coverage) * (1 / 255)
    let d = oldUnpack01(dst)
    let r = d + (blended - d) * c
    func unit(_ v: Float) -> Float { v > 0 ? (v < 1 ? v : 1) : 0 }
    let a = unit(r.w)
    func byte(_ v: Float) -> UInt32 { UInt32(v * 255 + 0.5) }
    func channel(_ v: Float) -> UInt32 { byte(Swift.min(unit(v), a)) }
    return byte(a) << 24 | channel(r.x) << 16 | channel(r.y) << 8 | channel(r.z)
}

private func oldBlendPixel(_ mode: BlendMode, _ src: UInt32, _ dst: UInt32) -> SIMD4<Float> {
    let s = oldUnpack01(src), d = oldUnpack01(dst)
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
    case .plusLighter: return pointwiseMin(s + d, SIMD4(repeating: 1))
    case .plusDarker:
        let ra = Swift.min(1, sa + da)
        var r = SIMD4<Float>(repeating: ra) - (SIMD4(repeating: sa) - s) - (SIMD4(repeating: da) - d)
        r = pointwiseMax(r, .zero)
        r.w = ra
        return r
    default:
        break
    }
    let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
    let cd = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
    let b: SIMD3<Float>
    switch mode {
    case .multiply: b = cs * cd
    case .screen: b = cs + cd - cs * cd
    case .overlay: b = SIMD3(hardLight(cd.x, cs.x), hardLight(cd.y, cs.y), hardLight(cd.z, cs.z))
    case .darken: b = pointwiseMin(cs, cd)
    case .lighten: b = pointwiseMax(cs, cd)
    case .colorDodge: b = SIMD3(colorDodge(cs.x, cd.x), colorDodge(cs.y, cd.y), colorDodge(cs.z, cd.z))
    case .colorBurn: b = SIMD3(colorBurn(cs.x, cd.x), colorBurn(cs.y, cd.y), colorBurn(cs.z, cd.z))
    case .hardLight: b = SIMD3(hardLight(cs.x, cd.x), hardLight(cs.y, cd.y), hardLight(cs.z, cd.z))
    case .softLight: b = SIMD3(softLight(cs.x, cd.x), softLight(cs.y, cd.y), softLight(cs.z, cd.z))
    case .difference: b = pointwiseMax(cs - cd, cd - cs)
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

private func hardLight(_ cs: Float, _ cd: Float) -> Float {
    cs <= 0.5 ? cd * 2 * cs : { let s2 = 2 * cs - 1; return cd + s2 - cd * s2 }()
}
private func colorDodge(_ cs: Float, _ cd: Float) -> Float {
    if cd == 0 { return 0 }
    if cs >= 1 { return 1 }
    return Swift.min(1, cd / (1 - cs))
}
private func colorBurn(_ cs: Float, _ cd: Float) -> Float {
    if cd >= 1 { return 1 }
    if cs <= 0 { return 0 }
    return 1 - Swift.min(1, (1 - cd) / cs)
}
private func softLight(_ cs: Float, _ cd: Float) -> Float {
    if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
    let dd: Float = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
    return cd + (2 * cs - 1) * (dd - cd)
}
private func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
private func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }
private func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = lum(c), n = c.min(), x = c.max()
    var r = c
    if n < 0 { r = SIMD3<Float>(repeating: l) + (r - SIMD3<Float>(repeating: l)) * (l / (l - n)) }
    if x > 1 { r = SIMD3<Float>(repeating: l) + (r - SIMD3<Float>(repeating: l)) * ((1 - l) / (x - l)) }
    return r
}
private func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    clipColor(c + SIMD3(repeating: l - lum(c)))
}
private func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let mx = c.max(), mn = c.min()
    guard mx > mn else { return .zero }
    return (c - SIMD3<Float>(repeating: mn)) * (s / (mx - mn))
}

/// `blend_span`, which sends every mode but normal, copy and clear to `blend_span_modes`;
/// those three have exact integer loops of their own there, so their float definition is
/// checked through `blend_span_modes` directly.
private func spanUnderTest(_ mode: BlendMode, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ n: Int,
                           coverage: UnsafePointer<UInt32>?, scale: UInt32) {
    if mode == .normal || mode == .copy || mode == .clear {
        blend_span_modes(mode, dst, src, n, coverage: coverage, scale: scale)
    } else {
        blend_span(mode, dst, src, n, coverage: coverage, scale: scale)
    }
}

/// A random pixel: mostly valid premultiplied (transparent and opaque ones often), one in
/// eight with colour above alpha.
private func randomPixel(_ g: inout SplitMix64) -> UInt32 {
    let raw = UInt32(truncatingIfNeeded: g.next())
    switch g.next() % 8 {
    case 0: return 0
    case 1: return raw | 0xFF00_0000
    case 2: return raw
    default: return mul255(raw | 0xFF00_0000, raw >> 24)
    }
}

@Test(arguments: BlendMode.allCases)
func blendModeSpansGiveThePerPixelDefinitionsPixels(_ mode: BlendMode) {
    var g = SplitMix64(seed: 0xB1E4D + UInt64(BlendMode.allCases.firstIndex(of: mode)!))
    var pixels = 0
    for trial in 0..<400 {
        let n = Int(g.next() % 40)
        let src = (0..<n).map { _ in randomPixel(&g) }
        let old = (0..<n).map { _ in randomPixel(&g) }
        let coverage: [UInt32]? = trial % 2 == 0
            ? (0..<n).map { _ in [0, 255, UInt32(g.next() % 256)][Int(g.next() % 3)] } : nil
        let scale: UInt32 = [0, 255, UInt32(g.next() % 256)][trial % 3]
        var expected = old
        oldBlendSpan(mode, &expected, src, coverage: coverage, scale: scale)
        var got = old
        src.withUnsafeBufferPointer { s in
            got.withUnsafeMutableBufferPointer { d in
                guard let dBase = d.baseAddress, let sBase = s.baseAddress else { return }
                if let coverage {
                    coverage.withUnsafeBufferPointer { spanUnderTest(mode, dBase, sBase, n, coverage: $0.baseAddress, scale: scale) }
                } else {
                    spanUnderTest(mode, dBase, sBase, n, coverage: nil, scale: scale)
                }
            }
        }
        pixels += n
        if got != expected {
            let i = (0..<n).first { got[$0] != expected[$0] }!
            let hex = [src[i], old[i], got[i], expected[i]].map { String($0, radix: 16) }
            Issue.record("\(mode) trial \(trial) pixel \(i): src, dst, span, per pixel: \(hex)")
            return
        }
    }
    #expect(pixels > 6000)
}

/// Every source over every destination of a grid of levels, at full coverage: each mode's
/// rounding at the edges (0, 1, 127, 128, 254, 255 in every channel) matches the definition.
@Test(arguments: BlendMode.allCases)
func blendModeSpansMatchOnAGridOfLevels(_ mode: BlendMode) {
    let levels: [UInt32] = [0, 1, 64, 127, 128, 200, 254, 255]
    var pixels: [UInt32] = []
    for a in levels {
        for c in levels where c <= a { pixels.append(a << 24 | c << 16 | (a - c) << 8 | (a - c / 2)) }
    }
    let src = pixels.flatMap { s in pixels.map { _ in s } }
    let dst = pixels.flatMap { _ in pixels }
    var expected = dst
    oldBlendSpan(mode, &expected, src, coverage: nil, scale: 255)
    var got = dst
    src.withUnsafeBufferPointer { s in
        got.withUnsafeMutableBufferPointer { spanUnderTest(mode, $0.baseAddress!, s.baseAddress!, src.count, coverage: nil, scale: 255) }
    }
    #expect(got == expected)
}
