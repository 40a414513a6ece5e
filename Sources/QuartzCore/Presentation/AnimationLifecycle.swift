import Foundation

/// The app-side bookkeeping of attached animations: begin times resolved at commit, delegate
/// callbacks, removal on completion, and transaction completion blocks.
///
/// `update(at:)` runs on the app's thread (the display link calls it every tick; tests and
/// `presentation()` call it with the media clock's time), so delegates and completion blocks run
/// where the app expects them, never on the render thread.
package enum AnimationLifecycle {
    final class Entry {
        weak var layer: CALayer?
        let animation: CAAnimation
        var groups: [CompletionGroup]
        var needsBeginTime: Bool
        var started = false
        /// The media clock current when the animation was added: only updates reading the same
        /// clock deliver its events (tests each drive their own manual clock).
        let clock = CAMediaClock.current
        init(layer: CALayer, animation: CAAnimation, groups: [CompletionGroup], needsBeginTime: Bool) {
            self.layer = layer; self.animation = animation; self.groups = groups; self.needsBeginTime = needsBeginTime
        }
    }

    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    /// Whether any animation added under `clock` is still being tracked.
    package static func hasLiveAnimations(on clock: CAMediaClock) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries.values.contains { $0.clock === clock }
    }

    /// Whether any attached animation is still being tracked.
    package static var hasLiveAnimations: Bool {
        lock.lock(); defer { lock.unlock() }
        return !entries.isEmpty
    }

    static func added(_ animation: CAAnimation, to layer: CALayer, needsBeginTime: Bool) {
        let groups = CATransaction.openCompletionGroups()
        for g in groups { g.enter() }
        lock.lock()
        entries[ObjectIdentifier(animation)] = Entry(layer: layer, animation: animation, groups: groups,
                                                     needsBeginTime: needsBeginTime)
        lock.unlock()
    }

    /// The animation ended (removed early when `finished` is false).
    static func stopped(_ animation: CAAnimation, finished: Bool) {
        lock.lock()
        let entry = entries.removeValue(forKey: ObjectIdentifier(animation))
        let started = entry?.started ?? true
        entry?.started = true
        lock.unlock()
        guard let entry else { return }
        // Delivered later, as on Apple: a caller that removes an animation and then sets state
        // sees that state in the callback, and a removal inside a callback does not re-enter.
        post(clock: entry.clock) {
            if !started { animation.delegate?.animationDidStart(animation) }
            animation.delegate?.animationDidStop(animation, finished: finished)
            for g in entry.groups { g.leave() }
        }
    }

    /// Callbacks waiting for the end of the app thread's run-loop turn (`deliverPending`), each
    /// with the clock of its animation.
    nonisolated(unsafe) private static var pending: [(clock: CAMediaClock, callback: () -> Void)] = []
    nonisolated(unsafe) private static var deliveryScheduled = false

    /// Queues `callback` for delivery: at the next `CATransaction.flush()` on a thread reading
    /// `clock` (the main run loop flushes at the end of every turn), or from a main-queue block
    /// when queued on the main thread.
    static func post(clock: CAMediaClock, _ callback: @escaping () -> Void) {
        lock.lock()
        pending.append((clock, callback))
        let schedule = Thread.isMainThread && !deliveryScheduled
        if schedule { deliveryScheduled = true }
        lock.unlock()
        guard schedule else { return }
        DispatchQueue.main.async { @Sendable in
            lock.lock(); deliveryScheduled = false; lock.unlock()
            deliverPending()
        }
    }

    /// Runs the queued callbacks of the current clock, including those they queue, in order.
    package static func deliverPending() {
        let clock = CAMediaClock.current
        // A callback that keeps queueing callbacks forever is cut off after a million rounds.
        for _ in 0..<1_000_000 {
            lock.lock()
            guard let i = pending.firstIndex(where: { $0.clock === clock }) else { lock.unlock(); return }
            let callback = pending.remove(at: i).callback
            lock.unlock()
            callback()
        }
    }

    /// Sends `animationDidStart` to animations that began by global media time `t`, and finishes
    /// those that ended: `animationDidStop(finished: true)`, removal from the layer when
    /// `isRemovedOnCompletion`, and completion blocks whose last animation this was.
    package static func update(at t: CFTimeInterval) {
        lock.lock()
        let clock = CAMediaClock.current
        let live = entries.values.filter { $0.clock === clock }
        lock.unlock()
        var finished: [Entry] = []
        for e in live where e.layer == nil {
            // The layer is gone: its animations end unfinished (delegates and completion blocks
            // still hear of it, and nothing is tracked forever).
            stopped(e.animation, finished: false)
        }
        for e in live {
            guard !locked({ e.needsBeginTime }), let layer = e.layer else { continue }
            let sample = e.animation.mediaTiming().sample(atParentTime: layer.convertTime(t, from: nil))
            guard sample.position != .before else { continue }
            // Decided under the lock: threads updating at once (each flush runs this) start and
            // finish each animation once; every thread that had listed a finished one delivered
            // its stop, and left its completion groups again (ThreadSanitizer).
            let (starts, ends) = locked { () -> (Bool, Bool) in
                let starts = !e.started
                e.started = true
                let ends = sample.position == .after && entries.removeValue(forKey: ObjectIdentifier(e.animation)) != nil
                return (starts, ends)
            }
            if starts {
                let animation = e.animation
                post(clock: e.clock) { animation.delegate?.animationDidStart(animation) }
            }
            if ends { finished.append(e) }
        }
        for e in finished {
            if e.animation.isRemovedOnCompletion, let layer = e.layer {
                CATransaction.locked {
                    guard let i = layer._animations.firstIndex(where: { $0.animation === e.animation }) else { return }
                    layer._animations.remove(at: i)
                    layer.markChanged()
                }
            }
            post(clock: e.clock) {
                e.animation.delegate?.animationDidStop(e.animation, finished: true)
                for g in e.groups { g.leave() }
            }
        }
    }

    /// Runs `body` holding the bookkeeping's lock.
    private static func locked<T>(_ body: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body()
    }

    /// Whether `animation` still waits for its begin time; clears the flag (the caller sets it).
    static func takeBeginTimeRequest(_ animation: CAAnimation) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let e = entries[ObjectIdentifier(animation)], e.needsBeginTime else { return false }
        e.needsBeginTime = false
        return true
    }
}

extension CALayer {
    /// Gives animations added since the last commit the layer's current time as their begin
    /// time (see `add(_:forKey:)`). Called for each layer as its tree is snapshotted.
    package func resolveBeginTimes(now: CFTimeInterval) {
        guard animationsAwaitBeginTime else { return }
        animationsAwaitBeginTime = false
        let local = convertTime(now, from: nil)
        for a in _animations where AnimationLifecycle.takeBeginTimeRequest(a.animation) {
            a.animation.beginTime = local
        }
    }
}
