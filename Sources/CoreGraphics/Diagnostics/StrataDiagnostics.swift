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

    /// Reports one message.
    public static func report(_ message: String) { handler(message) }
}
