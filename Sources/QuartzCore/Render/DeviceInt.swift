/// A device coordinate or extent as an Int: NaN gives 0 and values beyond ±1e9 pixels clamp
/// there, so a degenerate or huge mapping can never trap in the conversion (`Int(Double)` traps
/// on non-finite and out-of-range values). Every Double → Int of the render path goes through it.
@inline(__always)
func deviceInt(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    if v < -1e9 { return -1_000_000_000 }
    if v > 1e9 { return 1_000_000_000 }
    return Int(v)
}
