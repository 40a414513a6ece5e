import Testing
@testable import Raster

// The span table (SpanPipeline.swift): one function chooses each fill's span kernels from
// (coverage kind × fetch kind × map kind × operator), and every specialisation draws the
// pixels of the general kernel — fetch the paint's colours, then blend_span — its definition.

/// A fetcher of `kind` over `tex` (texture kinds) with device → texel map `map`.
private func fetcher(_ kind: FetchKind, _ tex: Surface, _ map: Projective, color: UInt32, opacity8: UInt32) -> PaintFetcher {
    switch kind {
    case .solid: return PaintFetcher(kind: .solid, color: color, interior: mul255(color, opacity8))
    case .gradient: return PaintFetcher(kind: .gradient)
    default: return PaintFetcher(kind: kind, color: color, texture: TextureView(tex), map: map)
    }
}

/// A device → texel map: rotation and scale, and a perspective row when asked.
private func randomMap(_ rng: inout SeededRandom, perspective: Bool) -> Projective {
    let u = Double.random(in: -1...1, using: &rng), v = Double.random(in: 0.1...1, using: &rng)
    let k = Double.random(in: 0.3...2.5, using: &rng) / (u * u + v * v).squareRoot()
    let c = k * u, s = k * v
    var m = Projective(affine: c, s, -s, c, Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
    if perspective {
        m.m13 = Double.random(in: -0.004...0.004, using: &rng)
        m.m23 = Double.random(in: 0.0005...0.004, using: &rng)
        m = normalised(m)
    }
    return m
}

@Suite struct SpanPipelineTests {
    @Test func theTableChoosesEachSpecialisationForItsKey() {
        let tex = Surface(width: 4, height: 4)
        let affine = Projective(affine: 1, 0, 0, 1, 3, 4)
        var perspective = affine
        perspective.m13 = 0.01
        func spans(_ kind: FetchKind, _ m: Projective, _ blend: BlendMode) -> SpanPipeline {
            SpanPipeline(fetcher(kind, tex, m, color: 0x8040_2010, opacity8: 200), blend)
        }
        #expect(spans(.solid, affine, .normal) == SpanPipeline(constant: .overSolid, varying: .overSolid))
        #expect(spans(.solid, affine, .copy) == SpanPipeline(constant: .copySolid, varying: .fetchComposite))
        #expect(spans(.solid, affine, .multiply) == SpanPipeline(constant: .fetchComposite, varying: .fetchComposite))
        #expect(spans(.textureBilinear, affine, .normal) == SpanPipeline(constant: .overBilinearAffine, varying: .overBilinearAffine))
        #expect(spans(.textureBilinear, perspective, .normal)
                == SpanPipeline(constant: .overBilinearPerspective, varying: .overBilinearPerspective))
        #expect(spans(.textureNearest, perspective, .normal) == SpanPipeline(constant: .overNearest, varying: .overNearest))
        #expect(spans(.alphaMask, affine, .normal) == SpanPipeline(constant: .overAlphaMaskAffine, varying: .overAlphaMaskAffine))
        #expect(spans(.alphaMask, perspective, .normal)
                == SpanPipeline(constant: .overAlphaMaskPerspective, varying: .overAlphaMaskPerspective))
        #expect(spans(.textureBilinear, affine, .screen) == SpanPipeline(constant: .fetchComposite, varying: .fetchComposite))
        for kind in [FetchKind.tintedBilinear, .tintedNearest, .gradient] {
            #expect(spans(kind, affine, .normal) == SpanPipeline(constant: .fetchComposite, varying: .fetchComposite))
        }
        // Only normal and copy have specialisations; every other operator is the definition.
        for blend in BlendMode.allCases where blend != .normal && blend != .copy {
            for kind in FetchKind.allCases {
                #expect(spans(kind, affine, blend) == SpanPipeline(constant: .fetchComposite, varying: .fetchComposite))
            }
        }
    }

    /// Random spans of every fetch kind, affine and perspective, interior and rim, under normal
    /// and copy: each specialised kernel's pixels against `fetchComposite`'s on the same input.
    @Test func everySpecialisationDrawsTheGeneralKernelsPixels() {
        var rng = SeededRandom(seed: 23)
        let tex = Surface(width: 37, height: 29)
        for y in 0..<29 { for x in 0..<37 { tex[x, y] = randomPremultiplied(&rng) } }
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 200)
        defer { scratch.deallocate() }
        var compared: [SpanKernel: Int] = [:]
        var worst: [SpanKernel: Int] = [:]
        for trial in 0..<600 {
            let kind = FetchKind.allCases.filter { $0 != .gradient }[trial % 6]
            let perspective = trial % 12 >= 6
            let map = randomMap(&rng, perspective: perspective)
            let blend: BlendMode = trial % 5 == 0 ? .copy : .normal
            let varying = trial % 3 != 0
            let n = Int.random(in: 1...70, using: &rng), x0 = Int.random(in: 0...60, using: &rng)
            let y = Int.random(in: 0...40, using: &rng)
            let opacity = UInt32.random(in: 0...255, using: &rng)
            var paint = fetcher(kind, tex, map, color: trial % 4 == 0 ? 0 : randomPremultiplied(&rng), opacity8: opacity)
            let kernel = SpanPipeline.kernel(varying ? .varying : .constant, kind, affineMap: paint.mapIsAffine, blend)
            if kernel == .fetchComposite { continue }
            var coverage = (0..<(n + 8)).map { _ in [0, 255, UInt32.random(in: 0...255, using: &rng)][Int.random(in: 0...2, using: &rng)] }
            let row = (0..<(n + 16)).map { _ in randomPremultiplied(&rng) }
            var special = row, general = row
            withUnsafePointer(to: &paint) { p in
                coverage.withUnsafeMutableBufferPointer { c in
                    // Under normal, opacity is in the coverage and the paint is fetched whole;
                    // under other modes opacity scales the fetch (`PreparedFill.fetchScale`).
                    let inputs = SpanInputs(paint: p, coverage: varying ? UnsafePointer(c.baseAddress!) : nil,
                                            opacity8: blend == .normal ? opacity : 255,
                                            fetchScale: blend == .normal ? 255 : opacity, blend: blend, scratch: scratch,
                                            gradients: UnsafePointer(OpaquePointer(scratch)), gradientTables: scratch,
                                            room: (8, 8))
                    special.withUnsafeMutableBufferPointer { drawSpan(kernel, $0.baseAddress! + 8, n, x0: x0, y: y, inputs) }
                    general.withUnsafeMutableBufferPointer { drawSpan(.fetchComposite, $0.baseAddress! + 8, n, x0: x0, y: y, inputs) }
                }
            }
            let d = zip(special, general).map { channelDifference($0, $1) }.max() ?? 0
            compared[kernel, default: 0] += 1
            worst[kernel] = Swift.max(worst[kernel] ?? 0, d)
        }
        // Every specialisation ran and drew its definition's pixels: exactly, except that the two
        // affine kernels step texel positions in 16.16 fixed point from the span's first pixel
        // (the fetch maps each pixel centre in Doubles), so a position may land one 1/256 step
        // of the bilinear weight away: at most one level.
        #expect(Set(compared.keys) == Set(SpanKernel.allCases).subtracting([.fetchComposite]), "\(compared)")
        for (kernel, d) in worst {
            let stepsInFixedPoint = kernel == .overBilinearAffine || kernel == .overAlphaMaskAffine
            #expect(d <= (stepsInFixedPoint ? 1 : 0), "\(kernel): \(d) levels from fetch + blend_span")
        }
        #expect(worst[.overSolid] == 0 && worst[.copySolid] == 0 && worst[.overNearest] == 0)
    }
}
