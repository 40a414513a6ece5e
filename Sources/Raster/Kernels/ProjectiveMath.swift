// Scalar helpers for the projective fast path's row setup (one call per row, not per pixel).

/// The exact floor of `v` clamped to ±1e9 (NaN → an unspecified value in that range), as
/// `floor4` lane by lane: the 1.5·2⁵² trick rounds to an integer in the mantissa, a result
/// above the value steps down by one; no conversion instruction, so no range trap.
@inline(__always)
func floorClamped(_ v: Double) -> Int {
    let big = 6_755_399_441_055_744.0
    var c = v < -1e9 ? -1e9 : v
    c = c > 1e9 ? 1e9 : c
    var r = (c + big) - big
    r = r > c ? r - 1 : r
    return Int(truncatingIfNeeded: Int64(bitPattern: (r + big).bitPattern) &- Int64(bitPattern: big.bitPattern))
}

/// The largest lane (lanes are finite).
@inline(__always)
func maxLane(_ v: SIMD4<Double>) -> Double {
    let a = v.lowHalf, b = v.highHalf
    let h = a.replacing(with: b, where: a .< b)
    return h[0] < h[1] ? h[1] : h[0]
}

/// The smallest lane (lanes are finite).
@inline(__always)
func minLane(_ v: SIMD4<Double>) -> Double {
    let a = v.lowHalf, b = v.highHalf
    let h = a.replacing(with: b, where: b .< a)
    return h[1] < h[0] ? h[1] : h[0]
}
