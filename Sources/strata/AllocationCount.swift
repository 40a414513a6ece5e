import ArgumentParser
import CAllocationCounter

/// `strata bench --count-allocations`: the heap allocations the measured frames made, on every
/// thread of the process (the render, preparing and band threads included), through the
/// executable's counting `malloc` (`CAllocationCounter`). BENCHMARK.md asks for none per frame
/// in steady state on `2d`, `paths` and `glyphs`.
struct AllocationCount {
    private let start: UInt64

    /// Starts counting; nil when `enabled` is false.
    static func begin(if enabled: Bool) -> AllocationCount? {
        guard enabled else { return nil }
        strata_allocation_counting(true)
        return AllocationCount(start: strata_allocation_count())
    }

    /// Stops counting; returns the allocations made since `begin`, per frame (3 decimals).
    func end(frames: Int) -> Double {
        let n = strata_allocation_count() &- start
        strata_allocation_counting(false)
        return JSONLine.rounded(Double(n) / Double(Swift.max(frames, 1)), 3)
    }

    /// Refuses the flag where allocations cannot be counted (no glibc interposition).
    static func validate(_ enabled: Bool) throws {
        if enabled && !strata_allocation_counter_active() {
            throw ValidationError("--count-allocations needs glibc: this build cannot count allocations")
        }
    }
}
