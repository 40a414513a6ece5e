// Eight pixels of a span under a projective map at once: the texel positions that
// `TextureView.bilinear` finds one pixel at a time, found with the same floating-point
// operations in the same order (so every lane's value is bit for bit the scalar one), then
// handed to the eight-lane bilinear fetch of the affine kernels. A perspective span costs one
// vector divide per eight pixels instead of a scalar divide, two clamps, two conversions and
// four scalar texel loads per pixel.

/// Per-span constants of a projective texture walk: pixel i of the span samples
/// (X / W, Y / W) with X = start.x + step.x · i (and likewise Y, W), as `over_texture_span`.
@usableFromInline
struct PerspectiveLanes {
    @usableFromInline let start: SIMD3<Double>, step: SIMD3<Double>
    /// One texel beyond the far edges, where `bilinear` clamps.
    @usableFromInline let farU: SIMD8<Double>, farV: SIMD8<Double>

    @inlinable @inline(__always)
    init(start: SIMD3<Double>, step: SIMD3<Double>, width: Int, height: Int) {
        self.start = start
        self.step = step
        farU = SIMD8(repeating: Double(width) + 1)
        farV = SIMD8(repeating: Double(height) + 1)
    }

    /// Whether the lanes can serve a texture this size: positions, texel indices and the
    /// row offsets of the eight-lane fetch stay in Int32, and an edge pair exists.
    @inlinable @inline(__always)
    static func fit(_ tex: TextureView) -> Bool {
        tex.width >= 2 && tex.height >= 2 && tex.width < 1 << 14 && tex.height < 1 << 14 && tex.stride < 1 << 16
    }

    /// Pixels i ..< i + 8: each lane's position relative to texel centres in 16.16 (the low
    /// 8 fraction bits zero: `bilinear` keeps 8), as `BilinearLanes.axis` reads them, and a
    /// mask of the lanes with W > 0 (all ones; the others draw nothing, as one at a time).
    @inlinable @inline(__always)
    func positions(_ i: Int) -> (u: SIMD8<Int32>, v: SIMD8<Int32>, drawn: SIMD8<UInt32>) {
        let fi = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7) + SIMD8(repeating: Double(i))
        let X = SIMD8(repeating: start.x) + SIMD8(repeating: step.x) * fi
        let Y = SIMD8(repeating: start.y) + SIMD8(repeating: step.y) * fi
        let W = SIMD8(repeating: start.z) + SIMD8(repeating: step.z) * fi
        let r = SIMD8<Double>(repeating: 1) / W
        return (Self.fixed(X * r, farU), Self.fixed(Y * r, farV), pixelMask(W .> 0))
    }

    /// `bilinear`'s clamp to [−1, far] (NaN to −1), its `Int((c + 1.5) · 256)`, and that
    /// value as a 16.16 position relative to the texel centres: ((fu − 512) << 8).
    @inlinable @inline(__always)
    static func fixed(_ p: SIMD8<Double>, _ far: SIMD8<Double>) -> SIMD8<Int32> {
        let minusOne = SIMD8<Double>(repeating: -1)
        var c = p.replacing(with: far, where: .!(p .< far))
        c = c.replacing(with: minusOne, where: .!(p .> minusOne))
        // 128 ≤ (c + 1.5) · 256 < 2³¹: floor is truncation here.
        let fu = unsafeBitCast(floorToUInt32((c + 1.5) * 256), to: SIMD8<Int32>.self)
        return (fu &- 512) &<< 8
    }
}
