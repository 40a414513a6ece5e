// The 8-bit premultiplied arithmetic of PixelMath.swift on eight pixels at once. A pixel's
// R/B and A/G channel pairs are masked into 16-bit lanes of a 256-bit vector, so one 16-bit
// multiply (vpmullw) serves sixteen channels. Every lane computes exactly what `mul255` and
// `over` compute for its channel: the same bounds hold (255·255 + 128 + 255 < 65536).

/// `mul255(p[i], a[i])` for eight pixels, with `a` already spread to both 16-bit halves
/// of each lane (`a | a << 16`, `a` in 0...255). One definition in every build: the lanes,
/// or (`lanes: false`, unoptimised builds' default, where vector code with scalar operands
/// runs ~15× slower than the loop) the one-pixel arithmetic it must equal. Tests run both.
@inlinable @inline(__always)
func mul255x8(_ p: SIMD8<UInt32>, spread a: SIMD16<UInt16>, lanes: Bool = vectorKernels) -> SIMD8<UInt32> {
    if !lanes {
        var r = SIMD8<UInt32>(repeating: 0)
        for i in 0..<8 { r[i] = mul255(p[i], UInt32(a[2 &* i])) }
        return r
    }
    var rb = unsafeBitCast(p & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* a &+ 128
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: SIMD16<UInt16>.self) &* a &+ 128
    ag = (ag &+ (ag &>> 8)) & 0xFF00
    return unsafeBitCast(rb, to: SIMD8<UInt32>.self) | unsafeBitCast(ag, to: SIMD8<UInt32>.self)
}

/// A per-pixel 0...255 scale spread to both 16-bit halves of its lane.
@inlinable @inline(__always)
func spread(_ a: SIMD8<UInt32>) -> SIMD16<UInt16> {
    unsafeBitCast(a | (a &<< 16), to: SIMD16<UInt16>.self)
}

/// `over(src[i], dst[i])` for eight pixels (`lanes` as for `mul255x8`).
@inlinable @inline(__always)
func overx8(_ src: SIMD8<UInt32>, _ dst: SIMD8<UInt32>, lanes: Bool = vectorKernels) -> SIMD8<UInt32> {
    if !lanes {
        var r = SIMD8<UInt32>(repeating: 0)
        for i in 0..<8 { r[i] = over(src[i], dst[i]) }
        return r
    }
    return src &+ mul255x8(dst, spread: spread(255 &- (src &>> 24)), lanes: true)
}

/// Eight pixels from `p` (no alignment needed).
@inlinable @inline(__always)
func load8(_ p: UnsafeMutablePointer<UInt32>) -> SIMD8<UInt32> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt32>.self)
}

/// Stores eight pixels at `p` (no alignment needed).
@inlinable @inline(__always)
func store8(_ v: SIMD8<UInt32>, _ p: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<UInt32>.self)
}

/// Whether all eight lanes are zero: two ORs of halves and one compare. (`s == .zero`, the
/// generic `Equatable` comparison, compiled to a loop over lanes spilled to the stack: in the
/// hot path of every anti-aliased path rim.)
@inlinable @inline(__always)
func allZero(_ s: SIMD8<UInt32>) -> Bool {
    let h = unsafeBitCast(s.lowHalf | s.highHalf, to: SIMD2<UInt64>.self)
    return h[0] | h[1] == 0
}

/// The first `n` (0...8) pixels at `p` in the low lanes, zero above.
@inlinable @inline(__always)
func loadPrefix(_ p: UnsafeMutablePointer<UInt32>, _ n: Int) -> SIMD8<UInt32> {
    var v = SIMD8<UInt32>(repeating: 0)
    for i in 0..<n { v[i] = p[i] }
    return v
}

/// Stores the low `n` (0...8) lanes of `v` at `p`.
@inlinable @inline(__always)
func storePrefix(_ v: SIMD8<UInt32>, _ p: UnsafeMutablePointer<UInt32>, _ n: Int) {
    for i in 0..<n { p[i] = v[i] }
}

/// `floor(x)` for `x` in 0...2²², as integers: through the 2²³ trick (adding 2²³ rounds to an
/// integer, to nearest even; a result above `x` steps down by one), with no conversion
/// instruction that Swift would guard per lane.
@inlinable @inline(__always)
func floorToUInt32(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
    let big = SIMD8<Float>(repeating: 8_388_608)
    var r = (x + big) - big
    r = r.replacing(with: r - 1, where: r .> x)
    return unsafeBitCast(r + big, to: SIMD8<UInt32>.self) & 0x007F_FFFF
}

/// `floor(x)` for `x` in 0..<2³², as integers: the same trick with 2⁵² on doubles (the
/// perspective and gradient lanes, whose positions and t stay in doubles).
@inlinable @inline(__always)
func floorToUInt32(_ x: SIMD8<Double>) -> SIMD8<UInt32> {
    let big = SIMD8<Double>(repeating: 4_503_599_627_370_496)
    var r = (x + big) - big
    r = r.replacing(with: r - 1, where: r .> x)
    return SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(r + big, to: SIMD8<UInt64>.self))
}

/// All ones in the lanes where `mask` holds, zero elsewhere: a comparison of doubles as a
/// mask for pixels.
@inlinable @inline(__always)
func pixelMask(_ mask: SIMDMask<SIMD8<Int64>>) -> SIMD8<UInt32> {
    SIMD8<UInt32>(truncatingIfNeeded: SIMD8<Int64>(repeating: 0).replacing(with: -1, where: mask))
}

/// Lane-wise max and min (the standard library's `pointwiseMax`/`pointwiseMin` are generic
/// calls that are not inlined: 3× slower in the rim loop). Compile to vmaxps/vminps.
@inlinable @inline(__always)
func max8(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: a .< b)
}
@inlinable @inline(__always)
func min8(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: b .< a)
}

/// Lane-wise absolute value (clears the sign bits).
@inlinable @inline(__always)
func abs8(_ a: SIMD8<Float>) -> SIMD8<Float> {
    unsafeBitCast(unsafeBitCast(a, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
}

/// Lane i is set when i < n.
@inlinable @inline(__always)
func lanesBelow(_ n: Int) -> SIMDMask<SIMD8<Int32>> {
    SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) .< SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: n))
}

/// `floor` of four values clamped to ±10⁹ (±∞ included; no NaN), as integers: the 1.5·2⁵²
/// trick rounds to an integer in the mantissa, a result above the value steps down by one.
/// No conversion instruction, so no per-lane range traps.
@inlinable @inline(__always)
func floor4(_ v: SIMD4<Double>) -> SIMD4<Int64> {
    let big = SIMD4<Double>(repeating: 6_755_399_441_055_744)
    var c = v.replacing(with: SIMD4(repeating: -1e9), where: v .< SIMD4(repeating: -1e9))
    c = c.replacing(with: SIMD4(repeating: 1e9), where: c .> SIMD4(repeating: 1e9))
    var r = (c + big) - big
    r = r.replacing(with: r - 1, where: r .> c)
    return unsafeBitCast(r + big, to: SIMD4<Int64>.self) &- unsafeBitCast(big, to: SIMD4<Int64>.self)
}

/// The texels at `base[index[i]]` and `base[index[i] + 1]` for eight lanes: one 64-bit load
/// per lane, split into the left and right texels.
@inlinable @inline(__always)
func gatherPairs(_ base: UnsafePointer<UInt32>, _ index: SIMD8<Int32>) -> (SIMD8<UInt32>, SIMD8<UInt32>) {
    let raw = UnsafeRawPointer(base)
    var v = SIMD8<UInt64>()
    for k in 0..<8 { v[k] = raw.loadUnaligned(fromByteOffset: Int(index[k]) &* 4, as: UInt64.self) }
    let w = unsafeBitCast(v, to: SIMD16<UInt32>.self)
    return (w.evenHalf, w.oddHalf)
}

/// `lerp256(a[i], b[i], f[i])` for eight pixels; `f` and `g` = 256 − f spread to both 16-bit
/// halves of each lane. Each 16-bit lane holds at most 255·256 + 128 < 65536.
@inlinable @inline(__always)
func lerp256x8(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ f: SIMD16<UInt16>, _ g: SIMD16<UInt16>) -> SIMD8<UInt32> {
    let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    let rb = (unsafeBitCast(a & m, to: SIMD16<UInt16>.self) &* g
              &+ unsafeBitCast(b & m, to: SIMD16<UInt16>.self) &* f &+ 128) &>> 8
    let ag = (unsafeBitCast((a &>> 8) & m, to: SIMD16<UInt16>.self) &* g
              &+ unsafeBitCast((b &>> 8) & m, to: SIMD16<UInt16>.self) &* f &+ 128) & 0xFF00
    return unsafeBitCast(rb, to: SIMD8<UInt32>.self) | unsafeBitCast(ag, to: SIMD8<UInt32>.self)
}

/// The 0...255 scales of eight coverages (0...1) × opacity, rounded as `alphaScale`; full
/// coverage gives exactly `opacity8` (opacity's own scale, what interiors use).
@inline(__always)
func coverageScales(_ c: SIMD8<Float>, opacity255: Float, opacity8: UInt32, lanes: Bool = vectorKernels) -> SIMD8<UInt32> {
    if !lanes {
        var r = SIMD8<UInt32>(repeating: 0)
        for i in 0..<8 { r[i] = c[i] == 1 ? opacity8 : UInt32((c[i] * opacity255 + 0.5).rounded(.down)) }
        return r
    }
    return floorToUInt32(c * opacity255 + 0.5).replacing(with: SIMD8(repeating: opacity8), where: c .== 1)
}
