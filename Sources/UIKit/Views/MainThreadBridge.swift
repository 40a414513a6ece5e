import Foundation

/// Carries values that are not `Sendable` into and out of `MainActor.assumeIsolated` for the
/// layer callbacks (nonisolated protocol requirements that always run on the main thread).
final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
