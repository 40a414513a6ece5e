import Foundation

/// Commit observers: a render loop that sleeps while nothing changes is woken by the commit
/// that changes its tree (Strata's stand-in for the render server hearing of a transaction).
extension CommittedTrees {
    /// One observer of a root's commits; the observation ends when this is released or `cancel()`ed.
    package final class Observation: @unchecked Sendable {
        fileprivate let root: ObjectIdentifier
        fileprivate let handler: @Sendable () -> Void
        fileprivate init(root: ObjectIdentifier, handler: @escaping @Sendable () -> Void) {
            self.root = root
            self.handler = handler
        }
        /// Stops the calls (idempotent).
        package func cancel() { Observers.remove(self) }
        deinit { Observers.remove(self) }
    }

    /// Calls `handler` after every commit that publishes `root`'s tree, on the committing
    /// thread, with no lock held (it may commit or render itself). Keep the result alive.
    package static func observeCommits(of root: CALayer, _ handler: @escaping @Sendable () -> Void) -> Observation {
        let observation = Observation(root: ObjectIdentifier(root), handler: handler)
        Observers.add(observation)
        return observation
    }

    /// Tells `root`'s observers that its tree was published.
    static func notifyCommitted(_ root: CALayer) {
        for observation in Observers.observing(ObjectIdentifier(root)) { observation.handler() }
    }

    /// The observers by root, weakly held: a dropped observation stops being called.
    private enum Observers {
        struct Weak { weak var observation: Observation? }
        static let lock = NSLock()
        nonisolated(unsafe) static var byRoot: [ObjectIdentifier: [Weak]] = [:]

        static func add(_ o: Observation) {
            lock.lock(); defer { lock.unlock() }
            byRoot[o.root, default: []].append(Weak(observation: o))
        }

        static func remove(_ o: Observation) {
            lock.lock(); defer { lock.unlock() }
            byRoot[o.root]?.removeAll { $0.observation == nil || $0.observation === o }
            if byRoot[o.root]?.isEmpty == true { byRoot[o.root] = nil }
        }

        static func observing(_ root: ObjectIdentifier) -> [Observation] {
            lock.lock(); defer { lock.unlock() }
            return byRoot[root]?.compactMap(\.observation) ?? []
        }
    }
}
