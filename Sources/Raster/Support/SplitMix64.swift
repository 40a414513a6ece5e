/// SplitMix64: a small seedable generator that gives the same numbers on every platform, so a
/// random scene (tests, the scene fuzzer) is rebuilt exactly from its seed.
///
/// `package`: shared by Strata's tests and `strata fuzz`, not part of the API.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    /// A generator whose first output is SplitMix64's for `seed`.
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in 0..<1 with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
