// Span kernels, named pixman-style: operator_source_mask. Each blends `count` pixels
// starting at `dst`. `coverage`, when given, holds one 0...255 scale per pixel (shape
// coverage × opacity); otherwise `scale` applies to every pixel (the span interior).

/// Solid colour, constant coverage: `src` is already scaled by opacity.
@inlinable @inline(__always)
func over_solid(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32) {
    let ia = 255 &- (src >> 24)
    if ia == 0 {
        dst.update(repeating: src, count: count)
        return
    }
    if src == 0 { return }
    for i in 0..<count {
        dst[i] = src &+ mul255(dst[i], ia)
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

/// Bilinear texture under an affine map (no divide per pixel).
@inlinable @inline(__always)
func over_bilinear_affine(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                          start: SIMD3<Double>, step: SIMD3<Double>,
                          scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    over_texture_span(dst, count, start: start, step: step, perspective: false,
                      scale: scale, coverage: coverage) { tex.bilinear($0, $1) }
}

/// Bilinear texture under a projective map (one divide per pixel).
@inlinable @inline(__always)
func over_bilinear_perspective(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                               start: SIMD3<Double>, step: SIMD3<Double>,
                               scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    over_texture_span(dst, count, start: start, step: step, perspective: true,
                      scale: scale, coverage: coverage) { tex.bilinear($0, $1) }
}

/// Nearest-texel texture under any projective map.
@inlinable @inline(__always)
func over_nearest(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                  start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                  scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    over_texture_span(dst, count, start: start, step: step, perspective: perspective,
                      scale: scale, coverage: coverage) { tex.nearest($0, $1) }
}

/// A colour scaled by a texture's bilinear alpha (shadows), under any projective map.
@inlinable @inline(__always)
func over_solid_alpha_mask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ tex: TextureView,
                           color: UInt32, start: SIMD3<Double>, step: SIMD3<Double>, perspective: Bool,
                           scale: UInt32, coverage: UnsafePointer<UInt32>?) {
    over_texture_span(dst, count, start: start, step: step, perspective: perspective,
                      scale: scale, coverage: coverage) { mul255(color, tex.bilinear($0, $1) >> 24) }
}
