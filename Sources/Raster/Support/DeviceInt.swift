/// A device coordinate or extent as an Int: NaN gives 0 and values beyond ±1e9 pixels clamp
/// there, so a degenerate or huge mapping can never trap in the conversion (`Int(Double)` traps
/// on non-finite and out-of-range values). Every Double → Int of the render path goes through it
/// or through `boundedInt`.
@inlinable @inline(__always)
public func deviceInt(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    if v < -1e9 { return -1_000_000_000 }
    if v > 1e9 { return 1_000_000_000 }
    return Int(v)
}

/// `v` truncated toward zero and clamped to `range` (NaN gives `nan`, by default the range's
/// lower bound): a count or index computed in floating point that can never trap, however
/// huge or undefined the input (1e300 sweeps, NaN frame rates…).
@inlinable @inline(__always)
public func boundedInt(_ v: Double, in range: ClosedRange<Int>, nan: Int? = nil) -> Int {
    if v.isNaN { return nan ?? range.lowerBound }
    if v <= Double(range.lowerBound) { return range.lowerBound }
    if v >= Double(range.upperBound) { return range.upperBound }
    return Swift.min(Swift.max(Int(v), range.lowerBound), range.upperBound)
}
