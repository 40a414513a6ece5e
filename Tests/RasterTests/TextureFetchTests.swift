import Foundation
import Testing
@testable import Raster

// The general painter's texture fetch (`fetch_bilinear`: texture paints under blend modes,
// tinted textures under any): eight lanes give exactly the one-pixel bilinear samples it
// fetched before.

/// The fetch as `compositeSpan` did it before the lanes: one `TextureView.bilinear` a pixel.
private func scalarFetch(_ tex: TextureView, _ m: Projective, x0: Int, y: Int, n: Int,
                         underlay: UInt32, tint: UInt32? = nil, scale: UInt32) -> [UInt32] {
    let py = Double(y) + 0.5
    return (0..<n).map { i in
        let h = m.applyHomogeneous(x: Double(x0 + i) + 0.5, y: py)
        guard h.z > 0 else { return 0 }
        var t = tex.bilinear(h.x / h.z, h.y / h.z)
        if underlay != 0 { t = t &+ mul255(underlay, 255 - (t >> 24)) }
        if let tint { t = mul255Channels(t, tint) }
        return mul255(t, scale)
    }
}

private func laneFetch(_ tex: TextureView, _ m: Projective, x0: Int, y: Int, n: Int,
                       underlay: UInt32, tint: UInt32? = nil, scale: UInt32) -> [UInt32] {
    var out = [UInt32](repeating: 0xDEAD_BEEF, count: n)
    out.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        fetch_bilinear(base, n, tex, m, x0: x0, py: Double(y) + 0.5, underlay: underlay, tint: tint, scale: scale, lanes: true)
    }
    return out
}

/// A device → texel map: rotation, scale and shear, sometimes projective (W crossing zero
/// inside the span), sometimes hostile (NaN, infinite or huge entries).
private func randomMap(_ rng: inout SeededRandom, trial: Int) -> Projective {
    let r = Projective.rotation(Double.random(in: 0..<(2 * .pi), using: &rng))
    let s = Double.random(in: 0.05...3, using: &rng), shear = Double.random(in: -0.5...0.5, using: &rng)
    var m = Projective(m11: r.m11 * s, m12: r.m12 * s + shear, m13: 0, m21: r.m21 * s, m22: r.m22 * s, m23: 0,
                       m31: Double.random(in: -60...60, using: &rng), m32: Double.random(in: -60...60, using: &rng), m33: 1)
    switch trial % 5 {
    case 1, 2:
        m.m13 = Double.random(in: -0.02...0.02, using: &rng); m.m23 = Double.random(in: -0.02...0.02, using: &rng)
        m.m33 = Double.random(in: 0.2...1.5, using: &rng)
    case 3:
        let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e-300, 0]
        switch trial % 3 {
        case 0: m.m11 = hostile[trial % hostile.count]
        case 1: m.m31 = hostile[trial % hostile.count]
        default: m.m13 = hostile[trial % hostile.count]
        }
    default: break
    }
    return m
}

@Test func bilinearFetchLanesMatchOneSampleAPixel() {
    var rng = SeededRandom(seed: 2513)
    // 1 × 5 takes the one-pixel path throughout (the lanes need two texels a side).
    let textures = [(37, 29), (2, 2), (300, 7), (1, 5), (8, 64)].map { (w, h) -> Surface in
        let t = Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { t[x, y] = (x + y) % 7 == 0 ? 0 : randomPremultiplied(&rng) } }
        return t
    }
    var differing = 0
    for trial in 0..<600 {
        let tex = TextureView(textures[trial % textures.count])
        let m = randomMap(&rng, trial: trial)
        let n = Int.random(in: 0...70, using: &rng), x0 = Int.random(in: -40...120, using: &rng)
        let y = Int.random(in: -20...80, using: &rng), scale = UInt32.random(in: 0...255, using: &rng)
        // A quarter over an underlay colour (`textureOverColor`), a quarter tinted (a tinted
        // texture: no underlay; the tint is any colour, not premultiplied).
        let underlay = trial % 4 == 0 ? randomPremultiplied(&rng) : 0
        let tint: UInt32? = trial % 4 == 1 ? UInt32.random(in: 0...UInt32.max, using: &rng) : nil
        let lanes = laneFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: scale)
        let single = scalarFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: scale)
        if lanes != single { differing += 1 }
        #expect(lanes == single, "trial \(trial): \(m), x0 \(x0), y \(y), n \(n)")
    }
    #expect(differing == 0)
}

/// A texture magnified thousands of times or more (particles of scale 1e9, 1e300: fuzz seeds
/// 3102979, 3180779) is sampled once per run of pixels that share a sample position: the same
/// values as one sample a pixel, also where a run ends inside the span (positions placed to
/// cross a texel or fraction boundary), for either direction, at the edges and beyond them.
@Test func aHugelyMagnifiedTextureSpanGivesTheOneSampleAPixelValues() {
    var rng = SeededRandom(seed: 2515)
    let textures = [(7, 7), (1, 1), (2, 3), (300, 2)].map { (w, h) -> Surface in
        let t = Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { t[x, y] = (x + y) % 5 == 0 ? 0 : randomPremultiplied(&rng) } }
        return t
    }
    let slopes: [Double] = [0, 1e-300, 1e-9, 1e-6, 3e-5, 1.0 / 8192, 2.4e-4]
    for trial in 0..<800 {
        let tex = TextureView(textures[trial % textures.count])
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        let k = slopes[trial % slopes.count] * (trial % 2 == 0 ? 1 : -1)
        let n = Int.random(in: 32...200, using: &rng), x0 = Int.random(in: -50...100, using: &rng)
        let y = Int.random(in: -20...80, using: &rng)
        // Texel coordinates near a multiple of 1/256 (a fraction step), an edge, or far out.
        let centre = [Double(Int.random(in: 0...2047, using: &rng)) / 256, -1, Double(tex.width) + 1, -1e6, 1e300][trial % 5]
        let u0 = centre - k * cos(angle) * Double(x0 + n / 2)
        let v0 = centre - k * sin(angle) * Double(x0 + n / 2)
        let m = Projective(m11: k * cos(angle), m12: k * sin(angle), m13: 0, m21: -k * sin(angle), m22: k * cos(angle), m23: 0,
                           m31: u0, m32: v0, m33: 1)
        let scale = UInt32.random(in: 0...255, using: &rng)
        let underlay = trial % 4 == 0 ? randomPremultiplied(&rng) : 0
        let tint: UInt32? = trial % 4 == 1 ? UInt32.random(in: 0...UInt32.max, using: &rng) : nil
        let fetched = laneFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: scale)
        let single = scalarFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: scale)
        #expect(fetched == single, "trial \(trial): \(m), x0 \(x0), y \(y), n \(n)")
    }
}

/// Every blend mode over a bilinear texture span (plain, over a colour, tinted): the lane
/// fetch then `blend_span` gives the pixels of the one-sample-a-pixel fetch then the
/// one-pixel blend.
@Test(arguments: BlendMode.allCases)
func blendModesOverATextureSpanMatchTheOnePixelPath(mode: BlendMode) {
    var rng = SeededRandom(seed: 2514)
    let surface = Surface(width: 23, height: 19)
    for y in 0..<19 { for x in 0..<23 { surface[x, y] = randomPremultiplied(&rng) } }
    let tex = TextureView(surface)
    for trial in 0..<40 {
        let m = randomMap(&rng, trial: trial)
        let n = Int.random(in: 1...45, using: &rng), x0 = Int.random(in: -10...40, using: &rng)
        let y = Int.random(in: -5...30, using: &rng), opacity = UInt32.random(in: 1...255, using: &rng)
        let underlay = trial % 3 == 0 ? randomPremultiplied(&rng) : 0
        let tint: UInt32? = trial % 3 == 1 ? UInt32.random(in: 0...UInt32.max, using: &rng) : nil
        let coverage: [UInt32]? = trial % 2 == 0 ? nil : (0..<n).map { _ in UInt32.random(in: 0...255, using: &rng) }
        let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
        func blended(_ src: [UInt32], lanes: Bool) -> [UInt32] {
            var out = dst
            out.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { s in
                    if let coverage {
                        coverage.withUnsafeBufferPointer {
                            blend_span(mode, d.baseAddress!, s.baseAddress!, n, coverage: $0.baseAddress!, scale: opacity, lanes: lanes)
                        }
                    } else {
                        blend_span(mode, d.baseAddress!, s.baseAddress!, n, coverage: nil, scale: opacity, lanes: lanes)
                    }
                }
            }
            return out
        }
        let fast = blended(laneFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: opacity), lanes: true)
        let slow = blended(scalarFetch(tex, m, x0: x0, y: y, n: n, underlay: underlay, tint: tint, scale: opacity), lanes: false)
        #expect(fast == slow, "\(mode) trial \(trial)")
    }
}

/// A bilinear texture span of one colour (one texel, the clamped corner beyond a magnified
/// texture, a uniform patch: fuzz seeds 4407971 and 4500090, frame-covering particles) is found
/// to be one (`constant_bilinear`), and the general kernel then draws it without a fetch (and
/// its interior under normal blending with the solid kernel): the pixels of the fetch pixel by
/// pixel then `blend_span`, under normal, a separable mode and plusLighter, interior and rim.
@Test func aSpanOfOneColourIsFoundAndDrawsTheSamePixels() {
    var rng = SeededRandom(seed: 2516)
    let textures: [Surface] = [(1, 1), (3, 2), (6, 6), (2, 2)].enumerated().map { (k, size) in
        let t = Surface(width: size.0, height: size.1)
        let one = randomPremultiplied(&rng)
        // The third has a uniform 3 × 3 patch in its top-left corner; the fourth is uniform.
        for y in 0..<size.1 { for x in 0..<size.0 { t[x, y] = k == 3 || (k == 2 && x < 3 && y < 3) ? one : randomPremultiplied(&rng) } }
        return t
    }
    let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 300)
    defer { scratch.deallocate() }
    var constant = [0, 0, 0, 0], checked = [0, 0, 0, 0]
    for trial in 0..<1200 {
        let which = trial % textures.count
        let tex = textures[which]
        // Magnified 8 to 10⁶ times (a texel spans 8 px or more), turned, anywhere around the texture.
        let k = [1.0 / 8, 1.0 / 64, 1e-3, 1e-6, 0.5][trial % 5] * (trial % 2 == 0 ? 1 : -1)
        let angle = trial % 3 == 0 ? 0 : Double.random(in: 0..<(2 * .pi), using: &rng)
        let m = Projective(m11: k * cos(angle), m12: k * sin(angle), m13: 0, m21: -k * sin(angle), m22: k * cos(angle), m23: 0,
                           m31: Double.random(in: -3...(Double(tex.width) + 3), using: &rng),
                           m32: Double.random(in: -3...(Double(tex.height) + 3), using: &rng), m33: 1)
        let kind: FetchKind = trial % 2 == 0 ? .tintedBilinear : .textureBilinear
        let color = kind == .tintedBilinear ? UInt32.random(in: 0...UInt32.max, using: &rng)
            : (trial % 4 == 1 ? randomPremultiplied(&rng) : 0)
        var paint = PaintFetcher(kind: kind, color: color, texture: TextureView(tex), map: m)
        let blend: BlendMode = [.normal, .normal, .multiply, .plusLighter][trial % 4]
        let opacity = UInt32.random(in: 1...255, using: &rng)
        let varying = trial % 3 == 1
        let n = Int.random(in: 8...120, using: &rng), x0 = Int.random(in: 0...200, using: &rng)
        let y = Int.random(in: 0...200, using: &rng)
        // Spans the runs path samples once a run are not checked (`fetch_bilinear_runs`).
        let runs = n >= 32 && abs(m.m11) + abs(m.m12) < 1.0 / 4096
        if !runs { checked[which] += 1 }
        if withUnsafePointer(to: &paint, { PaintFetcher.constantColor($0, n, x0: x0, y: y, scale: 255) }) != nil { constant[which] += 1 }
        var coverage = (0..<(n + 8)).map { _ in [0, 255, UInt32.random(in: 0...255, using: &rng)][Int.random(in: 0...2, using: &rng)] }
        let row = (0..<n).map { _ in randomPremultiplied(&rng) }
        var drawn = row
        let fetchScale = blend == .normal ? 255 : opacity, opacity8 = blend == .normal ? opacity : 255
        withUnsafePointer(to: &paint) { p in
            coverage.withUnsafeMutableBufferPointer { c in
                let inputs = SpanInputs(paint: p, coverage: varying ? UnsafePointer(c.baseAddress!) : nil,
                                        opacity8: opacity8, fetchScale: fetchScale, blend: blend, scratch: scratch,
                                        gradients: UnsafePointer(OpaquePointer(scratch)), gradientTables: scratch)
                drawn.withUnsafeMutableBufferPointer { compositeSpan($0.baseAddress!, n, x0: x0, y: y, inputs) }
            }
        }
        // The definition: one sample a pixel, then the one-pixel blend.
        var expected = row
        let src = scalarFetch(TextureView(tex), m, x0: x0, y: y, n: n, underlay: kind == .textureBilinear ? color : 0,
                              tint: kind == .tintedBilinear ? color : nil, scale: fetchScale)
        expected.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { s in
                coverage.withUnsafeBufferPointer { c in
                    blend_span(blend, d.baseAddress!, s.baseAddress!, n, coverage: varying ? c.baseAddress! : nil,
                               scale: opacity8, lanes: false)
                }
            }
        }
        #expect(drawn == expected, "trial \(trial): \(blend), \(kind), \(m), x0 \(x0), y \(y), n \(n)")
    }
    // Every span checked of the one-texel and the uniform texture is one colour; some of the
    // others are (beyond their corners, in the patch).
    #expect(constant[0] == checked[0] && constant[3] == checked[3] && checked[0] > 200 && checked[3] > 200, "\(constant) of \(checked)")
    #expect(constant[1] > 20 && constant[2] > 20, "\(constant)")
}
