import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock that `CACurrentMediaTime()` reads: the system's monotonic clock, or a manual one.
///
/// Not in Apple's API. Strata injects time so that tests drive animations frame by frame:
/// `CAMediaClock.withManualClock { clock in … clock.advance(by: 1.0 / 60) … }` makes every
/// `CACurrentMediaTime()` call in that task (and its child tasks) read `clock`, while other tests
/// running concurrently keep their own clock. Code that is not inside such a scope (the render
/// thread, an app) reads `CAMediaClock.system`, or a clock passed to it explicitly.
public final class CAMediaClock: Sendable {
    /// The system's monotonic clock (`CLOCK_MONOTONIC`), as `CACurrentMediaTime()` on Apple.
    public static let system = CAMediaClock(kind: .monotonic)

    /// The clock of the current task: a manual clock inside `withManualClock`, else `system`.
    @TaskLocal public static var current: CAMediaClock = CAMediaClock.system

    private enum Kind { case monotonic, manual }
    private let kind: Kind
    /// A manual clock's time, as the bits of the `Double`: an `Atomic` rather than a
    /// `Synchronization.Mutex`, which ThreadSanitizer cannot see on Linux (a clock is read by
    /// render threads while the thread that owns it advances it).
    private let manualTime: Atomic<UInt64>

    private init(kind: Kind, start: CFTimeInterval = 0) {
        self.kind = kind
        self.manualTime = Atomic(start.bitPattern)
    }

    /// A manual clock that stands still at `time` until `advance(by:)` or `set(_:)` moves it.
    public static func manual(startingAt time: CFTimeInterval = 0) -> CAMediaClock {
        CAMediaClock(kind: .manual, start: time)
    }

    /// Whether this clock only moves when told to.
    public var isManual: Bool { kind == .manual }

    /// The clock's time in seconds.
    public var time: CFTimeInterval {
        switch kind {
        case .monotonic: return Self.monotonicSeconds()
        case .manual: return CFTimeInterval(bitPattern: manualTime.load(ordering: .acquiring))
        }
    }

    /// Moves a manual clock forward (or back, with a negative delta); ignored on the system clock.
    public func advance(by seconds: CFTimeInterval) {
        guard kind == .manual, seconds.isFinite else { return }
        var old = manualTime.load(ordering: .relaxed)
        while true {
            let new = (CFTimeInterval(bitPattern: old) + seconds).bitPattern
            let (exchanged, found) = manualTime.compareExchange(expected: old, desired: new, ordering: .acquiringAndReleasing)
            if exchanged { return }
            old = found
        }
    }

    /// Sets a manual clock to `time`; ignored on the system clock.
    public func set(_ time: CFTimeInterval) {
        guard kind == .manual, time.isFinite else { return }
        manualTime.store(time.bitPattern, ordering: .releasing)
    }

    /// Runs `body` with a fresh manual clock as `current` for this task and its child tasks.
    public static func withManualClock<R>(
        startingAt time: CFTimeInterval = 0,
        _ body: (CAMediaClock) throws -> R
    ) rethrows -> R {
        let clock = CAMediaClock.manual(startingAt: time)
        // A thread's implicit transaction belongs to the clock it was opened under: commit it at
        // both edges of the scope, so work outside never leaks into the manual clock's world
        // (threads without a run loop, such as test threads, would otherwise keep it open).
        CATransaction.flush()
        return try $current.withValue(clock) {
            defer { CATransaction.flush() }
            return try body(clock)
        }
    }

    /// Runs the async `body` with a fresh manual clock as `current` for this task and its children.
    public static func withManualClock<R>(
        startingAt time: CFTimeInterval = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (CAMediaClock) async throws -> R
    ) async rethrows -> R {
        let clock = CAMediaClock.manual(startingAt: time)
        CATransaction.flush()
        return try await $current.withValue(clock) {
            defer { CATransaction.flush() }
            return try await body(clock)
        }
    }

    private static func monotonicSeconds() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
    }
}
