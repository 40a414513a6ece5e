import Foundation

/// Where Strata reports rejected input (a NaN position, an unknown key path…). Strata extension.
///
/// Apple's API has no error channel for these setters; Strata keeps the old value and writes one
/// line to standard error. Tests replace `handler` to capture the messages.
public enum StrataDiagnostics {
    nonisolated(unsafe) private static var _handler: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data(("strata: " + message + "\n").utf8))
    }
    private static let lock = NSLock()

    /// Receives every diagnostic message.
    public static var handler: @Sendable (String) -> Void {
        get { lock.lock(); defer { lock.unlock() }; return _handler }
        set { lock.lock(); defer { lock.unlock() }; _handler = newValue }
    }

    /// Reports one message (to the capture in progress on this task, if any, else to `handler`).
    ///
    /// What reaches `handler` is rate-limited (`DiagnosticRateLimiter`): a message repeated in a
    /// loop (10⁶ unbalanced `restoreGState()` calls) is written a few times, then as a count,
    /// and a flood of different messages is cut to a bounded number per second. Captures see
    /// every message.
    public static func report(_ message: String) {
        if let collector = collector { collector.append(message); return }
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        let lines = limiter.admit(message, now: now)
        let h = _handler
        lock.unlock()
        for line in lines { h(line) }
    }

    nonisolated(unsafe) private static var limiter = DiagnosticRateLimiter()

    /// The messages reported by `body` on this task (and only those: tests running in parallel
    /// each see their own), which reach `handler` no longer.
    package static func capture(_ body: () throws -> Void) rethrows -> [String] {
        let c = Collector()
        try $collector.withValue(c) { try body() }
        return c.messages
    }

    @TaskLocal private static var collector: Collector?

    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var _messages: [String] = []
        func append(_ m: String) { lock.lock(); _messages.append(m); lock.unlock() }
        var messages: [String] { lock.lock(); defer { lock.unlock() }; return _messages }
    }
}

/// Which diagnostics reach the handler: each distinct message its first `repeatsShown` times,
/// then at its 10th, 100th, 1000th… occurrence with the count; and at most `perWindow` lines per
/// `window` nanoseconds overall, the lines over that counted and reported with the next line
/// let through. Bounded memory: the repeat counts are forgotten past `maximumTracked` messages.
package struct DiagnosticRateLimiter: Sendable {
    package var repeatsShown = 3
    package var perWindow = 100
    package var window: UInt64 = 1_000_000_000
    package static let maximumTracked = 4096

    private var counts: [String: Int] = [:]
    private var windowStart: UInt64 = 0
    private var sentInWindow = 0
    private var suppressed = 0

    package init() {}

    /// The lines to write for `message` reported at `now` (nanoseconds, monotonic).
    package mutating func admit(_ message: String, now: UInt64) -> [String] {
        if counts.count >= Self.maximumTracked && counts[message] == nil { counts.removeAll(keepingCapacity: true) }
        let n = (counts[message] ?? 0) + 1
        counts[message] = n
        var line = message
        if n > repeatsShown {
            guard Self.isPowerOfTen(n) else { suppressed += 1; return [] }
            line = message + " (\(n) times so far)"
        }
        if now &- windowStart >= window {
            windowStart = now
            sentInWindow = 0
        }
        guard sentInWindow < perWindow else { suppressed += 1; return [] }
        sentInWindow += 1
        var lines: [String] = []
        if suppressed > 0 {
            lines.append("\(suppressed) diagnostic\(suppressed == 1 ? "" : "s") not shown (repeated or too many)")
            suppressed = 0
        }
        lines.append(line)
        return lines
    }

    private static func isPowerOfTen(_ n: Int) -> Bool {
        var v = n
        while v >= 10 && v % 10 == 0 { v /= 10 }
        return v == 1
    }
}
