// Premultiplied 8-bit arithmetic on 0xAARRGGBB words, two channels per 32-bit operation:
// `& 0x00FF00FF` holds R and B, `>> 8 & 0x00FF00FF` holds A and G, each in a 16-bit lane.

/// R and B lanes.
@usableFromInline let laneMask: UInt32 = 0x00FF_00FF

/// `p × t / 255` channel by channel (each of A, R, G, B of `p` by the same channel of `t`),
/// rounded to nearest: a premultiplied pixel tinted by a premultiplied colour stays premultiplied
/// (each colour channel ≤ alpha on both sides, so the products keep that order).
@inlinable @inline(__always)
func mul255Channels(_ p: UInt32, _ t: UInt32) -> UInt32 {
    @inline(__always) func ch(_ shift: UInt32) -> UInt32 {
        let x = ((p >> shift) & 0xFF) &* ((t >> shift) & 0xFF) &+ 128
        return ((x &+ (x >> 8)) >> 8) << shift
    }
    return ch(24) | ch(16) | ch(8) | ch(0)
}

/// `p × a / 255` per channel, rounded to nearest, for `a` in 0...255.
///
/// Exact: `(x + 128 + ((x + 128) >> 8)) >> 8 == round(x / 255)` for `x` in 0...65025, and
/// each 16-bit lane holds at most 255·255 + 128 + 255 < 65536, so lanes never carry.
@inlinable @inline(__always)
func mul255(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & laneMask) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & laneMask)) >> 8) & laneMask
    var ag = ((p >> 8) & laneMask) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & laneMask)) & 0xFF00_FF00
    return rb | ag
}

/// Source-over of one premultiplied pixel: `src + dst × (255 − srcA) / 255`.
///
/// No channel overflows when `src` is valid premultiplied (each channel ≤ its alpha).
@inlinable @inline(__always)
func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ mul255(dst, 255 &- (src >> 24))
}

/// `a + (b − a) × f / 256` per channel for `f` in 0...256 (bilinear weight), rounded.
/// Each lane holds at most 255·256 + 128 < 65536.
@inlinable @inline(__always)
func lerp256(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g = 256 &- f
    let rb = (((a & laneMask) &* g &+ (b & laneMask) &* f &+ 0x0080_0080) >> 8) & laneMask
    let ag = (((a >> 8) & laneMask) &* g &+ ((b >> 8) & laneMask) &* f &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// The 0...255 scale for a coverage × opacity product in 0...1 (round half up).
@inlinable @inline(__always)
func alphaScale(_ x: Double) -> UInt32 {
    UInt32(x * 255 + 0.5)
}

// The same arithmetic on all four channels at once: a pixel widened to 64 bits holds B, R, G
// and A in 16-bit lanes (bits 0, 16, 32, 48), so one multiply serves four channels. Every
// lane computes exactly what the 32-bit functions above compute for its channel.

/// The B, R, G, A lanes of a widened pixel.
@usableFromInline let wideMask: UInt64 = 0x00FF_00FF_00FF_00FF

/// `0xAARRGGBB` → 16-bit lanes B, R, G, A.
@inlinable @inline(__always)
func widen(_ p: UInt32) -> UInt64 {
    let q = UInt64(p)
    return (q | q << 24) & wideMask
}

/// 16-bit lanes B, R, G, A (each ≤ 255) → `0xAARRGGBB`.
@inlinable @inline(__always)
func narrow(_ e: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (e & 0x00FF_00FF) | ((e >> 24) & 0xFF00_FF00))
}

/// `lerp256` on widened pixels: each lane holds at most 255·256 + 128 < 65536.
@inlinable @inline(__always)
func lerp256Wide(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 {
    ((a &* (256 &- f) &+ b &* f &+ 0x0080_0080_0080_0080) >> 8) & wideMask
}

/// `mul255` on a widened pixel, for `a` in 0...255.
@inlinable @inline(__always)
func mul255Wide(_ e: UInt64, _ a: UInt64) -> UInt64 {
    let x = e &* a &+ 0x0080_0080_0080_0080
    return ((x &+ ((x >> 8) & wideMask)) >> 8) & wideMask
}

/// `over` on widened pixels (alpha in the top lane).
@inlinable @inline(__always)
func overWide(_ src: UInt64, _ dst: UInt64) -> UInt64 {
    src &+ mul255Wide(dst, 255 &- (src >> 48))
}
