import Foundation

/// Carries values that are not `Sendable` into and out of `MainActor.assumeIsolated` for the
/// layer callbacks (nonisolated protocol requirements that always run on the main thread).
final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// Whether the caller runs on the main actor: the main thread, or the main dispatch queue that
/// the main actor's jobs run on (under a test runner that is not always the main thread).
enum MainQueue {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static var isCurrent: Bool {
        _ = installed
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) != nil
    }
}
