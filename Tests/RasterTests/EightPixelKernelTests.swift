import Testing
@testable import Raster

// The eight-lane kernels must give exactly what the 32-bit one-pixel arithmetic gives.

@Test func eightLaneBlendMatchesThe32BitKernels() {
    var rng = SeededRandom(seed: 71)
    for _ in 0..<500 {
        var p = SIMD8<UInt32>(), d = SIMD8<UInt32>(), a = SIMD8<UInt32>(), b = SIMD8<UInt32>(), f = SIMD8<UInt32>()
        for k in 0..<8 {
            p[k] = randomPremultiplied(&rng); d[k] = randomPremultiplied(&rng); b[k] = randomPremultiplied(&rng)
            a[k] = UInt32.random(in: 0...255, using: &rng); f[k] = UInt32.random(in: 0...256, using: &rng)
        }
        if Bool.random(using: &rng) { a[0] = 0; a[1] = 255; f[2] = 0; f[3] = 256 }
        let m = mul255x8(p, spread: spread(a), lanes: true), o = overx8(p, d, lanes: true)
        let l = lerp256x8(p, b, spread(f), SIMD16<UInt16>(repeating: 256) &- spread(f))
        for k in 0..<8 {
            #expect(m[k] == mul255(p[k], a[k]))
            #expect(o[k] == over(p[k], d[k]))
            #expect(l[k] == lerp256(p[k], b[k], f[k]))
        }
    }
}

@Test func floorHelpersMatchFloor() {
    var rng = SeededRandom(seed: 72)
    for _ in 0..<2000 {
        var x = SIMD8<Float>(), v = SIMD4<Double>()
        for k in 0..<8 { x[k] = Float.random(in: 0...300, using: &rng) }
        for k in 0..<4 { v[k] = Double.random(in: -3000...3000, using: &rng) }
        x[0] = Float(Int.random(in: 0...255, using: &rng)) + 0.5; x[1] = 255.5; x[2] = 0
        v[0] = Double(Int.random(in: -100...100, using: &rng)); v[1] = -0.5
        let fx = floorToUInt32(x), fv = floor4(v)
        for k in 0..<8 { #expect(fx[k] == UInt32(x[k].rounded(.down))) }
        for k in 0..<4 { #expect(fv[k] == Int64(v[k].rounded(.down))) }
    }
    let far = floor4(SIMD4(-.infinity, .infinity, -5e12, 5e12))
    #expect(far == SIMD4(-1_000_000_000, 1_000_000_000, -1_000_000_000, 1_000_000_000))
}

/// `over_bilinear_affine` one pixel at a time in 32-bit words: the same 16.16 stepping.
func bilinearAffineReference(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: Surface,
                             start: SIMD3<Double>, step: SIMD3<Double>, scale: UInt32, coverage: [UInt32]?,
                             underlay: UInt32 = 0) {
    func fixed(_ x: Double) -> Int { Int(min(max(x, -1e9), 1e9) * 65536) }
    var u = fixed(start.x - 0.5), v = fixed(start.y - 0.5)
    let du = fixed(step.x), dv = fixed(step.y)
    for i in 0..<count {
        defer { u += du; v += dv }
        let s = coverage?[i] ?? scale
        let cu = min(max(u, -65536), ((tex.width - 1) << 16) + 65536), cv = min(max(v, -65536), ((tex.height - 1) << 16) + 65536)
        let iu = cu >> 16, iv = cv >> 16
        let wu = UInt32((cu >> 8) & 255), wv = UInt32((cv >> 8) & 255)
        func t(_ x: Int, _ y: Int) -> UInt32 { tex[min(max(x, 0), tex.width - 1), min(max(y, 0), tex.height - 1)] }
        var texel = lerp256(lerp256(t(iu, iv), t(iu + 1, iv), wu), lerp256(t(iu, iv + 1), t(iu + 1, iv + 1), wu), wv)
        // The underlay colour under the sample (source-over), per channel.
        texel = texel &+ mul255(underlay, 255 - (texel >> 24))
        dst[i] = over(mul255(texel, s), dst[i])
    }
}

@Test func eightLaneBilinearMatchesOnePixelArithmetic() {
    var rng = SeededRandom(seed: 73)
    let tex = Surface(width: 37, height: 29)
    for y in 0..<29 { for x in 0..<37 { tex[x, y] = x % 5 == 0 ? 0 : randomPremultiplied(&rng) } }
    let view = TextureView(tex)
    for trial in 0..<300 {
        let count = Int.random(in: 1...90, using: &rng)
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng), scale = Double.random(in: 0.3...1.7, using: &rng)
        let r = Projective.rotation(angle)
        let step = SIMD3(r.m11 * scale, r.m12 * scale, 0)
        // Mostly inside the texture, sometimes crossing or beyond its edges.
        let start = SIMD3(Double.random(in: -8...45, using: &rng), Double.random(in: -8...37, using: &rng), 1)
        let coverage: [UInt32]? = trial % 2 == 0 ? nil : (0..<count).map { _ in UInt32.random(in: 0...255, using: &rng) }
        let s = UInt32.random(in: 0...255, using: &rng)
        // A third of the trials composite the samples over a colour first (`textureOverColor`).
        let underlay = trial % 3 == 0 ? randomPremultiplied(&rng) : 0
        var a = (0..<count).map { _ in randomPremultiplied(&rng) }
        var b = a
        a.withUnsafeMutableBufferPointer { buffer in
            if let coverage {
                coverage.withUnsafeBufferPointer { over_bilinear_affine(buffer.baseAddress!, count, view, start: start, step: step, scale: s, coverage: $0.baseAddress!, underlay: underlay, lanes: true) }
            } else {
                over_bilinear_affine(buffer.baseAddress!, count, view, start: start, step: step, scale: s, coverage: nil, underlay: underlay, lanes: true)
            }
        }
        b.withUnsafeMutableBufferPointer {
            bilinearAffineReference($0.baseAddress!, count, tex, start: start, step: step, scale: s, coverage: coverage,
                                    underlay: underlay)
        }
        #expect(a == b, "trial \(trial)")
    }
}

@Test func eightLaneSolidSpansMatchOnePixelArithmetic() {
    var rng = SeededRandom(seed: 74)
    for _ in 0..<300 {
        let count = Int.random(in: 0...40, using: &rng), src = randomPremultiplied(&rng)
        // over_solid_padded may read and write back (unchanged) up to 7 pixels past the span.
        let row = (0..<(count + 7)).map { _ in randomPremultiplied(&rng) }
        var a = row, b = row, c = row
        a.withUnsafeMutableBufferPointer { over_solid($0.baseAddress!, count, src, lanes: true) }
        b.withUnsafeMutableBufferPointer { over_solid_padded($0.baseAddress!, count, src, lanes: true) }
        c.withUnsafeMutableBufferPointer { over_solid($0.baseAddress!, count, src, lanes: false) }
        for i in 0..<count { #expect(c[i] == src &+ mul255(row[i], 255 &- (src >> 24)) || src >> 24 == 255 || src == 0) }
        #expect(a == c)
        #expect(b == c)
    }
}

@Test func eightLaneBilinearClampsAndMaskedTailsMatchOnePixelArithmetic() {
    var rng = SeededRandom(seed: 75)
    // Small and thin textures too: 2 texels is the smallest the lanes take, 1 runs per pixel.
    for (w, h) in [(37, 29), (2, 2), (1, 5), (6, 1), (128, 128)] {
        let tex = Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { tex[x, y] = randomPremultiplied(&rng) } }
        let view = TextureView(tex)
        for trial in 0..<200 {
            let count = Int.random(in: 1...40, using: &rng)
            let before = Int.random(in: 0...9, using: &rng), after = Int.random(in: 0...9, using: &rng)
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng), scale = Double.random(in: 0.2...2.5, using: &rng)
            let r = Projective.rotation(angle)
            let step = SIMD3(r.m11 * scale, r.m12 * scale, 0)
            // Around and far beyond the edges, where every lane clamps.
            let far = trial % 10 == 0 ? 1e6 : 0
            let start = SIMD3(Double.random(in: -6...Double(w + 6), using: &rng) + far,
                              Double.random(in: -6...Double(h + 6), using: &rng) - far, 1)
            let coverage: [UInt32]? = trial % 2 == 0 ? nil : (0..<count).map { _ in UInt32.random(in: 0...255, using: &rng) }
            let s = UInt32.random(in: 0...255, using: &rng)
            let underlay = trial % 3 == 0 ? randomPremultiplied(&rng) : 0
            let row = (0..<(before + count + after)).map { _ in randomPremultiplied(&rng) }
            var a = row, b = row
            a.withUnsafeMutableBufferPointer { buffer in
                let dst = buffer.baseAddress! + before
                if let coverage {
                    coverage.withUnsafeBufferPointer {
                        over_bilinear_affine(dst, count, view, start: start, step: step, scale: s, coverage: $0.baseAddress!,
                                             underlay: underlay, room: (before, after), lanes: true)
                    }
                } else {
                    over_bilinear_affine(dst, count, view, start: start, step: step, scale: s, coverage: nil,
                                         underlay: underlay, room: (before, after), lanes: true)
                }
            }
            b.withUnsafeMutableBufferPointer {
                bilinearAffineReference($0.baseAddress! + before, count, tex, start: start, step: step, scale: s,
                                        coverage: coverage, underlay: underlay)
            }
            #expect(a == b, "\(w)×\(h) trial \(trial)")
        }
    }
}
