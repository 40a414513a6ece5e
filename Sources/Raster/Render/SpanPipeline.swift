// One compositor blends. Every span a coverage producer emits — an interior span of constant
// coverage, or a row of per-pixel coverage scales — is drawn by one span kernel, chosen per
// fill in `SpanPipeline.init` from one table keyed by (coverage kind × fetch kind × map kind ×
// operator), as Blend2D's pipeline signature is. The general kernel, `fetchComposite`, is the
// definition: fetch the paint's colours (`PaintFetcher.fetch`), then `blend_span` applies
// coverage × opacity × blend mode. Every other kernel is a specialisation that computes the
// same pixels faster (`SpanPipelineTests` checks each against the definition).
//
// Coverage producers that blend a solid colour themselves (the similarity and projective
// walks, the affine rim, the path rows' eight-lane kernel) do so only where this table chose
// `overSolid` for their coverage (`PreparedFill.solidOverColor`).

/// A span kernel: what draws one span of a fill.
enum SpanKernel: UInt8, Sendable, CaseIterable {
    /// `over_solid` (interior: the colour × opacity) / `over_solid_coverage`.
    case overSolid
    /// An interior span copying one colour: the pixels become the colour × opacity.
    case copySolid
    /// `over_bilinear_affine`: 16.16 texel steps, eight lanes (CRasterKernels).
    case overBilinearAffine
    /// `over_bilinear_perspective`.
    case overBilinearPerspective
    /// `over_nearest`, any map.
    case overNearest
    /// `over_solid_alpha_mask_affine`.
    case overAlphaMaskAffine
    /// `over_solid_alpha_mask` under a perspective map.
    case overAlphaMaskPerspective
    /// The definition: `PaintFetcher.fetch` into the scratch row, then `blend_span`.
    case fetchComposite
}

/// Whether a span has one coverage for all its pixels (an interior) or a row of them.
enum SpanCoverage: Sendable, Equatable {
    case constant, varying
}

/// A fill's span kernels, one per coverage kind.
struct SpanPipeline: Sendable, Equatable {
    var constant: SpanKernel
    var varying: SpanKernel

    init(constant: SpanKernel, varying: SpanKernel) {
        self.constant = constant; self.varying = varying
    }

    /// One row of the table: a specialisation, and the key it applies to (nil: any).
    struct Row {
        var coverage: SpanCoverage?
        var fetch: FetchKind
        var affineMap: Bool?
        var blend: BlendMode
        var kernel: SpanKernel
    }

    /// The specialisations. A key no row matches draws with `fetchComposite`.
    static let table: [Row] = [
        Row(coverage: nil, fetch: .solid, affineMap: nil, blend: .normal, kernel: .overSolid),
        Row(coverage: .constant, fetch: .solid, affineMap: nil, blend: .copy, kernel: .copySolid),
        Row(coverage: nil, fetch: .textureBilinear, affineMap: true, blend: .normal, kernel: .overBilinearAffine),
        Row(coverage: nil, fetch: .textureBilinear, affineMap: false, blend: .normal, kernel: .overBilinearPerspective),
        Row(coverage: nil, fetch: .textureNearest, affineMap: nil, blend: .normal, kernel: .overNearest),
        Row(coverage: nil, fetch: .alphaMask, affineMap: true, blend: .normal, kernel: .overAlphaMaskAffine),
        Row(coverage: nil, fetch: .alphaMask, affineMap: false, blend: .normal, kernel: .overAlphaMaskPerspective),
    ]

    /// The kernel for one key: the first table row that matches it.
    static func kernel(_ coverage: SpanCoverage, _ fetch: FetchKind, affineMap: Bool, _ blend: BlendMode) -> SpanKernel {
        for r in table where r.fetch == fetch && r.blend == blend
            && (r.coverage == nil || r.coverage == coverage) && (r.affineMap == nil || r.affineMap == affineMap) {
            return r.kernel
        }
        return .fetchComposite
    }

    /// The kernels of a fill with `paint` blended by `blend` — the one place a span kernel is chosen.
    init(_ paint: PaintFetcher, _ blend: BlendMode) {
        let affine = paint.mapIsAffine
        constant = Self.kernel(.constant, paint.kind, affineMap: affine, blend)
        varying = Self.kernel(.varying, paint.kind, affineMap: affine, blend)
    }
}

/// What one span kernel call reads besides its kernel and the pixels.
struct SpanInputs {
    /// The fill's paint.
    var paint: UnsafePointer<PaintFetcher>
    /// One 0...255 scale per pixel (coverage × opacity), or nil: `opacity8` throughout.
    var coverage: UnsafePointer<UInt32>?
    /// The fill's opacity scale (255 under blend modes other than normal: see `fetchScale`).
    var opacity8: UInt32
    /// The scale the paint is fetched at (`PreparedFill.fetchScale`).
    var fetchScale: UInt32
    var blend: BlendMode
    /// The source row of `fetchComposite` (span length + 8).
    var scratch: UnsafeMutablePointer<UInt32>
    var gradients: UnsafePointer<PreparedGradient>
    var gradientTables: UnsafePointer<UInt32>
    /// Pixels of the row before and after the span that a kernel may read and write back
    /// unchanged (`over_bilinear_affine`).
    var room: (before: Int, after: Int)? = nil
}

/// Pixels `dst[0..<n]`, the row-`y` pixels from column `x0`, drawn by `kernel`: the one
/// dispatch of the span table's kernels.
@inline(__always)
func drawSpan(_ kernel: SpanKernel, _ dst: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, y: Int, _ s: SpanInputs) {
    let p = s.paint
    switch kernel {
    case .fetchComposite:
        return compositeSpan(dst, n, x0: x0, y: y, s)
    case .overSolid:
        if let coverage = s.coverage { over_solid_coverage(dst, n, p.pointee.color, coverage) } else { over_solid(dst, n, p.pointee.interior) }
        return
    case .copySolid:
        return dst.update(repeating: p.pointee.interior, count: n)
    default:
        return textureSpan(kernel, dst, n, x0: x0, y: y, s)
    }
}

/// The texture kernels of `drawSpan`, out of line: inlined, they made every row loop that
/// paints a span (path rows above all) larger and slower, for spans that are many pixels long.
@inline(never)
func textureSpan(_ kernel: SpanKernel, _ dst: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, y: Int, _ s: SpanInputs) {
    let p = s.paint
    let m = p.pointee.map, tex = p.pointee.texture.unsafelyUnwrapped, scale = s.opacity8, coverage = s.coverage
    let start = m.applyHomogeneous(x: Double(x0) + 0.5, y: Double(y) + 0.5)
    let step = SIMD3(m.m11, m.m12, m.m13)
    switch kernel {
    case .overBilinearAffine:
        over_bilinear_affine(dst, n, tex, start: start, step: step, scale: scale, coverage: coverage,
                             underlay: p.pointee.color, room: s.room)
    case .overBilinearPerspective:
        over_bilinear_perspective(dst, n, tex, start: start, step: step, scale: scale, coverage: coverage,
                                  underlay: p.pointee.color)
    case .overNearest:
        over_nearest(dst, n, tex, start: start, step: step, perspective: !p.pointee.mapIsAffine,
                     scale: scale, coverage: coverage, underlay: p.pointee.color)
    case .overAlphaMaskAffine:
        over_solid_alpha_mask_affine(dst, n, tex, color: p.pointee.color, start: start, step: step,
                                     scale: scale, coverage: coverage)
    case .overAlphaMaskPerspective:
        over_solid_alpha_mask(dst, n, tex, color: p.pointee.color, start: start, step: step, perspective: true,
                              scale: scale, coverage: coverage)
    case .overSolid, .copySolid, .fetchComposite:
        break
    }
}

/// The general kernel, the definition of the others: the paint's colours for the span are
/// fetched into `scratch` (× `fetchScale`), then blended with the fill's mode under the
/// coverage row, or `opacity8` for an interior span. A span of a texture paint found to be one
/// colour is drawn by `constantSpan` instead: the same pixels.
@inline(never)
func compositeSpan(_ dst: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, y: Int, _ s: SpanInputs) {
    if n >= 8 && constantSpan(dst, n, x0: x0, y: y, s) { return }
    s.paint.pointee.fetch(into: s.scratch, n, x0: x0, y: y, scale: s.fetchScale, gradients: s.gradients, tables: s.gradientTables)
    blend_span(s.blend, dst, s.scratch, n, coverage: s.coverage, scale: s.opacity8)
}

/// `compositeSpan` for a span whose paint is one colour there (`PaintFetcher.constantColor`):
/// no fetch, and under normal blending its interior takes the solid-colour kernel. False (and
/// nothing drawn) for any other span. Out of line, so that the general kernel's fetch stays
/// inlined into it as before.
@inline(never)
func constantSpan(_ dst: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, y: Int, _ s: SpanInputs) -> Bool {
    guard let c = PaintFetcher.constantColor(s.paint, n, x0: x0, y: y, scale: s.fetchScale) else { return false }
    if s.blend == .normal && s.coverage == nil {
        over_solid(dst, n, mul255(c, s.opacity8))
    } else {
        s.scratch.update(repeating: c, count: n)
        blend_span(s.blend, dst, s.scratch, n, coverage: s.coverage, scale: s.opacity8)
    }
    return true
}

extension BandRasterizer {
    /// Pixels `x0..<x1` of row `y` in the fill's paint, under `coverage` (one 0...255 scale per
    /// pixel, coverage × opacity) or, when nil, the fill's opacity throughout (an interior).
    /// `room`: pixels of the row before and after the span that a kernel may read and write
    /// back unchanged (`over_bilinear_affine`).
    @inline(__always)
    func paintSpan(_ f: UnsafePointer<PreparedFill>, _ row: UnsafeMutablePointer<UInt32>, _ y: Int, _ x0: Int, _ x1: Int,
                   coverage: UnsafePointer<UInt32>?, room: (before: Int, after: Int)? = nil) {
        let paint = UnsafeRawPointer(f).advanced(by: MemoryLayout<PreparedFill>.offset(of: \.paint)!)
            .assumingMemoryBound(to: PaintFetcher.self)
        let inputs = SpanInputs(paint: paint, coverage: coverage, opacity8: f.pointee.opacity8, fetchScale: f.pointee.fetchScale,
                                blend: f.pointee.blend, scratch: scratch, gradients: gradients, gradientTables: gradientTables,
                                room: room)
        drawSpan(coverage == nil ? f.pointee.spans.constant : f.pointee.spans.varying, row + x0, x1 - x0, x0: x0, y: y, inputs)
    }
}
