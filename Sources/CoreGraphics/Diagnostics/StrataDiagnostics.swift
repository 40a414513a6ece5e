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
    public static func report(_ message: String) {
        if let collector = collector { collector.append(message) } else { handler(message) }
    }

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
