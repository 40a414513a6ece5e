/// A read-only view of a surface's pixels for samplers: no class access per texel.
@usableFromInline
struct TextureView: @unchecked Sendable {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    @usableFromInline let stride: Int
    /// Keeps the pixels alive while the view is in use.
    @usableFromInline let owner: Surface

    @usableFromInline init(_ s: Surface) {
        pixels = s.pixels; width = s.width; height = s.height; stride = s.stride; owner = s
    }

    /// Bilinear sample at texel coordinates (u, v): texel centres at +0.5, clamp to edge.
    @inlinable @inline(__always)
    func bilinear(_ u: Double, _ v: Double) -> UInt32 {
        // NaN and far-away coordinates clamp (the comparisons are false for NaN).
        let cu = u > -1 ? (u < Double(width) + 1 ? u : Double(width) + 1) : -1
        let cv = v > -1 ? (v < Double(height) + 1 ? v : Double(height) + 1) : -1
        // +1.5 keeps the value positive so truncation is floor; 8 fraction bits.
        let fu = Int((cu + 1.5) * 256), fv = Int((cv + 1.5) * 256)
        let iu = (fu >> 8) &- 2, iv = (fv >> 8) &- 2
        let wu = UInt32(truncatingIfNeeded: fu & 255), wv = UInt32(truncatingIfNeeded: fv & 255)
        let x0 = Swift.min(Swift.max(iu, 0), width &- 1), x1 = Swift.min(Swift.max(iu &+ 1, 0), width &- 1)
        let y0 = Swift.min(Swift.max(iv, 0), height &- 1), y1 = Swift.min(Swift.max(iv &+ 1, 0), height &- 1)
        let r0 = pixels + y0 &* stride, r1 = pixels + y1 &* stride
        let top = lerp256(r0[x0], r0[x1], wu)
        let bottom = lerp256(r1[x0], r1[x1], wu)
        return lerp256(top, bottom, wv)
    }

    /// Nearest sample at texel coordinates (u, v): the texel whose square holds the point.
    @inlinable @inline(__always)
    func nearest(_ u: Double, _ v: Double) -> UInt32 {
        let cu = u > -1 ? (u < Double(width) + 1 ? u : Double(width) + 1) : -1
        let cv = v > -1 ? (v < Double(height) + 1 ? v : Double(height) + 1) : -1
        let iu = Int(cu + 2) &- 2, iv = Int(cv + 2) &- 2
        let x = Swift.min(Swift.max(iu, 0), width &- 1), y = Swift.min(Swift.max(iv, 0), height &- 1)
        return pixels[y &* stride &+ x]
    }
}
