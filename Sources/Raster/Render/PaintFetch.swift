// Paints fetch. A fill's `Paint` is prepared once per command into a `PaintFetcher`: its map
// composed with the device → local inverse, its textures viewed, its gradient's table built.
// The fetcher's one job is to fill a span of premultiplied source colours (`fetch`); the
// compositor (`SpanPipeline.swift`) applies coverage × opacity × blend mode to them. A solid
// colour also says so (`constantColor`), so solid fills keep their constant-colour kernels.
//
// Adding a paint: a `FetchKind` case, its fetch function below (the `fetch` switch is the one
// place a fetcher is dispatched), its preparation in `PreparedScene.preparePaint`, and — only
// if it has a faster fused kernel — one row in `SpanPipeline.table`.

/// What a fetcher fetches: one column of the span-kernel table's key (`SpanPipeline.table`).
enum FetchKind: UInt8, Sendable, CaseIterable {
    /// One premultiplied colour (`Paint.solid`).
    case solid
    /// A texture, bilinear; a non-zero `color` is composited under it (`Paint.textureOverColor`).
    case textureBilinear
    /// A texture, nearest texel; `color` as for `textureBilinear`.
    case textureNearest
    /// A texture × a tint channel by channel (`Paint.tintedTexture`), bilinear.
    case tintedBilinear
    /// A texture × a tint channel by channel, nearest texel.
    case tintedNearest
    /// `color` × a texture's bilinear alpha (`Paint.alphaMask`).
    case alphaMask
    /// A gradient (`Paint.gradient`).
    case gradient
}

/// A paint ready for the bands: the fetch function's kind and everything it reads.
struct PaintFetcher: Sendable {
    var kind: FetchKind
    /// `solid`: the colour. `texture…`: the underlay (0 for none). `tinted…`: the tint.
    /// `alphaMask`: the colour the mask scales.
    var color: UInt32 = 0
    /// `solid`: the colour already scaled by the fill's opacity (interior spans under normal blending).
    var interior: UInt32 = 0
    /// The sampled texture (texture kinds and `alphaMask`).
    var texture: TextureView? = nil
    /// Device pixels → texel (texture kinds) or gradient (`gradient`) coordinates.
    var map = Projective.identity
    /// `gradient`: index into `PreparedScene.gradients`.
    var gradient = 0

    /// The colour of every pixel when the paint is one colour (its fast kernels apply), else nil.
    @inline(__always) var constantColor: UInt32? { kind == .solid ? color : nil }

    /// Whether `map` is affine (W = 1 everywhere): the key's map column.
    var mapIsAffine: Bool { map.m13 == 0 && map.m23 == 0 && map.m33 == 1 }

    /// Whether a row's colours depend on where its span starts (`PreparedFill.stepsAlongRows`).
    var stepsAlongRows: Bool { texture != nil && !map.isSeekable }

    /// The premultiplied source colours of pixels `x0..<x0 + n` of row `y`, each × `scale`
    /// (0...255), into `out` (room for n + 8): the general path's source row, and the
    /// definition every specialised span kernel computes (`SpanPipeline`).
    @inline(__always)
    func fetch(into out: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, y: Int, scale: UInt32,
               gradients: UnsafePointer<PreparedGradient>, tables: UnsafePointer<UInt32>) {
        let py = Double(y) + 0.5
        switch kind {
        case .solid:
            out.update(repeating: mul255(color, scale), count: n)
        case .textureBilinear:
            // Eight pixels at a time (blend modes over textures).
            fetch_bilinear(out, n, texture.unsafelyUnwrapped, map, x0: x0, py: py, underlay: color, scale: scale)
        case .textureNearest:
            fetchNearest(out, n, x0: x0, py: py, scale: scale, tint: nil)
        case .tintedBilinear:
            // Tinted textures come here under every blend mode (seed 1013421: 94 % of its time).
            fetch_bilinear(out, n, texture.unsafelyUnwrapped, map, x0: x0, py: py, underlay: 0, tint: color, scale: scale)
        case .tintedNearest:
            fetchNearest(out, n, x0: x0, py: py, scale: scale, tint: color)
        case .alphaMask:
            fetchAlphaMask(out, n, x0: x0, py: py, scale: scale)
        case .gradient:
            fetch_gradient(out, n, gradients + gradient, tables, x0: x0, y: y, scale: scale)
        }
    }

    /// The one colour `fetch` of the paint at `p` gives every pixel of `x0..<x0 + n` in row `y`
    /// (× `scale`), when a bilinear texture paint is found to be one colour there
    /// (`constant_bilinear`); else nil. Static, over the pointer, field by field: a call on a
    /// copy of the fetcher retained and released its texture's surface at every span.
    @inline(__always)
    static func constantColor(_ p: UnsafePointer<PaintFetcher>, _ n: Int, x0: Int, y: Int, scale: UInt32) -> UInt32? {
        let kind = p.pointee.kind, m = p.pointee.map
        guard kind == .textureBilinear || kind == .tintedBilinear, let pixels = p.pointee.texture?.pixels else { return nil }
        // A span the runs path takes (`fetch_bilinear`: a texture magnified thousands of times)
        // is already sampled once a run; checking it too cost seed 4407971 6 %, its spans
        // never one colour.
        if n >= 32 && m.m13 == 0 && m.m23 == 0 && m.m33 == 1 && abs(m.m11) + abs(m.m12) < 1.0 / 4096 { return nil }
        let width = p.pointee.texture.unsafelyUnwrapped.width, height = p.pointee.texture.unsafelyUnwrapped.height
        let stride = p.pointee.texture.unsafelyUnwrapped.stride
        let color = p.pointee.color
        return constant_bilinear(n, pixels, width: width, height: height, stride: stride, m, x0: x0,
                                 py: Double(y) + 0.5, underlay: kind == .textureBilinear ? color : 0,
                                 tint: kind == .tintedBilinear ? color : nil, scale: scale)
    }

    /// `textureNearest` and `tintedNearest`: one texel per pixel centre, 0 where W ≤ 0.
    @inline(__always)
    func fetchNearest(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, py: Double, scale: UInt32, tint: UInt32?) {
        let tex = texture.unsafelyUnwrapped, m = map
        for i in 0..<n {
            let h = m.applyHomogeneous(x: Double(x0 + i) + 0.5, y: py)
            guard h.z > 0 else { out[i] = 0; continue }
            var t = tex.nearest(h.x / h.z, h.y / h.z)
            if let tint { t = mul255Channels(t, tint) } else if color != 0 { t = overUnderlay(t, color) }
            out[i] = mul255(t, scale)
        }
    }

    /// `alphaMask`: the colour × the bilinear alpha at each pixel centre, 0 where W ≤ 0.
    @inline(__always)
    func fetchAlphaMask(_ out: UnsafeMutablePointer<UInt32>, _ n: Int, x0: Int, py: Double, scale: UInt32) {
        let tex = texture.unsafelyUnwrapped, m = map
        for i in 0..<n {
            let h = m.applyHomogeneous(x: Double(x0 + i) + 0.5, y: py)
            guard h.z > 0 else { out[i] = 0; continue }
            let a = tex.bilinear(h.x / h.z, h.y / h.z) >> 24
            out[i] = mul255(mul255(color, a), scale)
        }
    }
}
