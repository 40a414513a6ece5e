import Synchronization

/// Lets one message through, once, for the object that owns it (an animation reports a
/// non-finite or unusable value on its first frame only, whichever thread evaluates it).
package final class DiagnosticOnce: Sendable {
    private let done = Atomic<Bool>(false)

    package init() {}

    /// Reports `message()` unless this object already reported one.
    package func report(_ message: @autoclosure () -> String) {
        guard !done.exchange(true, ordering: .relaxed) else { return }
        StrataDiagnostics.report(message())
    }
}
