import Foundation

/// Groups layer changes so they reach the render side together, and carries the parameters of
/// the implicit animations they start.
///
/// Each thread has its own stack of transactions. A change made with no transaction open starts
/// an implicit one, committed when control returns to the main dispatch queue (or by `flush()`).
public final class CATransaction: NSObject {
    /// One level of the stack: its own values (nil means "ask the enclosing level").
    final class Level {
        var values: [String: Any] = [:]
        let isImplicit: Bool
        let completion = CompletionGroup()
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// The per-thread stack and the layers changed since the last commit.
    final class Stack {
        var levels: [Level] = []
        var changed: [ObjectIdentifier: CALayer] = [:]
        var implicitCommitScheduled = false
        /// Above 0 while presentation copies are being made: their `init(layer:)` (a subclass's
        /// own code) may set properties, which must neither run actions nor mark the copies for
        /// commit.
        var presentationCopyDepth = 0
    }

    /// Runs `body` with property writes neither running actions nor joining the transaction.
    static func makingPresentationCopies<T>(_ body: () -> T) -> T {
        let s = stack
        s.presentationCopyDepth += 1
        defer { s.presentationCopyDepth -= 1 }
        return body()
    }

    /// Whether presentation copies are being made on this thread.
    static var isMakingPresentationCopies: Bool { stack.presentationCopyDepth > 0 }

    /// The thread-specific slot holding each thread's `Stack` (retained; released when the
    /// thread exits). Every property write reads it: a `pthread_getspecific` costs a few
    /// nanoseconds where `Thread.current.threadDictionary` hashed an `NSString` key each time
    /// (a quarter of the time of building a 100,000-deep tree).
    private static let stackKey: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<Stack>.fromOpaque(raw).release()
        }
        precondition(created == 0, "CATransaction: no thread-specific key (pthread_key_create: \(created))")
        return key
    }()

    static var stack: Stack {
        if let raw = pthread_getspecific(stackKey) { return Unmanaged<Stack>.fromOpaque(raw).takeUnretainedValue() }
        let s = Stack()
        pthread_setspecific(stackKey, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    /// The transaction lock (recursive): held by every read and write of a layer's model values
    /// and hierarchy, and by commits, so that layers may be used from any thread and a commit
    /// snapshots a consistent tree. `lock()`/`unlock()` expose it, as on Apple.
    package static let modelLock = NSRecursiveLock()

    /// Runs `body` holding the transaction lock.
    @inline(__always)
    package static func locked<T>(_ body: () throws -> T) rethrows -> T {
        modelLock.lock()
        defer { modelLock.unlock() }
        return try body()
    }

    /// Opens a transaction.
    public class func begin() {
        stack.levels.append(Level(isImplicit: false))
    }

    /// Commits the innermost transaction; the outermost commit hands the changes to the render side.
    public class func commit() {
        let s = stack
        guard let level = s.levels.popLast() else {
            StrataDiagnostics.report("CATransaction.commit() without a matching begin(); ignored")
            return
        }
        level.completion.seal()
        // The outermost explicit transaction commits even inside an implicit one (which a thread
        // without a run loop may hold open indefinitely): its changes reach the screen now.
        if s.levels.allSatisfy(\.isImplicit) { commitChanges(s) }
    }

    /// Commits any implicit transaction now; explicit transactions still open are left alone.
    /// Also delivers the animation events due by now (delegate callbacks, completion blocks), as
    /// the main run loop does at the end of each turn on Apple platforms. Events are never
    /// delivered from inside the call that caused them (`removeAnimation(forKey:)`, `add`): they
    /// wait for this, or for a main-queue block when caused on the main thread.
    public class func flush() {
        AnimationLifecycle.update(at: CACurrentMediaTime())
        defer { AnimationLifecycle.deliverPending() }
        let s = stack
        while let last = s.levels.last, last.isImplicit {
            s.levels.removeLast()
            last.completion.seal()
        }
        if s.levels.isEmpty { commitChanges(s) }
    }

    /// Commits this thread's implicit transaction when it has changes (no animation events).
    package class func commitPendingChanges() {
        let s = stack
        guard !s.changed.isEmpty, s.levels.allSatisfy(\.isImplicit) else { return }
        while let last = s.levels.popLast() { last.completion.seal() }
        commitChanges(s)
    }

    /// Acquires the global transaction lock (recursive).
    public class func lock() { modelLock.lock() }
    /// Releases the global transaction lock.
    public class func unlock() { modelLock.unlock() }

    /// The duration of implicit animations: the innermost value set, else 0.25 s.
    public class func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval)
            ?? KVCValue.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }
    /// Sets the duration of implicit animations in this transaction.
    public class func setAnimationDuration(_ d: CFTimeInterval) { setValue(d, forKey: kCATransactionAnimationDuration) }

    /// The timing function of implicit animations (nil: Apple's default for the action).
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }
    /// Sets the timing function of implicit animations in this transaction.
    public class func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) {
        setValue(f, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip their implicit actions.
    public class func disableActions() -> Bool { KVCValue.bool(value(forKey: kCATransactionDisableActions)) ?? false }
    /// Turns implicit actions off (or on) for this transaction.
    public class func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The block run once every animation added in this transaction has finished.
    public class func completionBlock() -> (() -> Void)? { value(forKey: kCATransactionCompletionBlock) as? () -> Void }
    /// Sets the completion block of the innermost transaction.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        let level = currentLevel()
        level.values[kCATransactionCompletionBlock] = block
        level.completion.block = block
    }

    /// A transaction value: the innermost level that has one.
    public class func value(forKey key: String) -> Any? {
        for level in stack.levels.reversed() {
            if let v = level.values[key] { return v }
        }
        return nil
    }

    /// Sets a value on the innermost transaction (opening an implicit one when none is open).
    public class func setValue(_ value: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(value as? () -> Void)
            return
        }
        currentLevel().values[key] = value
    }

    // MARK: Engine side

    /// The innermost level, opening an implicit transaction when none is open.
    static func currentLevel() -> Level {
        let s = stack
        if let l = s.levels.last { return l }
        let l = Level(isImplicit: true)
        s.levels.append(l)
        scheduleImplicitCommit(s)
        return l
    }

    /// Records a changed layer; opens an implicit transaction when needed.
    static func layerChanged(_ layer: CALayer) {
        guard stack.presentationCopyDepth == 0 else { return }
        _ = currentLevel()
        stack.changed[ObjectIdentifier(layer)] = layer
    }

    /// The completion groups of every open level: an animation added now belongs to all of them.
    static func openCompletionGroups() -> [CompletionGroup] {
        _ = currentLevel()
        return stack.levels.map(\.completion)
    }

    private static func scheduleImplicitCommit(_ s: Stack) {
        guard Thread.isMainThread, !s.implicitCommitScheduled else { return }
        s.implicitCommitScheduled = true
        DispatchQueue.main.async { @Sendable in
            let s = CATransaction.stack
            s.implicitCommitScheduled = false
            CATransaction.flush()
        }
    }

    /// Commits the thread's changed layers, holding the transaction lock: commits from several
    /// threads serialise, and each snapshots a tree no other thread is changing.
    private static func commitChanges(_ s: Stack) {
        locked { commitChangesLocked(s) }
    }

    private static func commitChangesLocked(_ s: Stack) {
        // The changed layers of every pass; one changed in two passes is listed twice, which the
        // committer ignores (a dictionary here hashed and retained every layer of a 100,000-deep chain
        // once more).
        var layers: [CALayer] = []
        // Apple's display cycle: lay out, then display, the changed layers. Their code may change
        // more layers, which join this commit; a few passes settle any sane layout.
        for _ in 0..<8 where !s.changed.isEmpty {
            let changed = Array(s.changed.values)
            s.changed.removeAll()
            layers.append(contentsOf: changed)
            for layer in changed where layer.needsLayoutFlag { layer.layoutIfNeeded() }
            for layer in changed where layer.needsDisplayFlag { layer.displayIfNeeded() }
        }
        layers.append(contentsOf: s.changed.values)
        s.changed.removeAll()
        guard !layers.isEmpty else { return }
        LayerCommitter.commit(changedLayers: layers)
    }
}

/// The transaction key of `animationDuration()` for `CATransaction.value(forKey:)`.
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key of `disableActions()` for `CATransaction.value(forKey:)`.
public let kCATransactionDisableActions = "disableActions"
/// The transaction key of `animationTimingFunction()` for `CATransaction.value(forKey:)`.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key of `completionBlock()` for `CATransaction.value(forKey:)`.
public let kCATransactionCompletionBlock = "completionBlock"

/// Counts the animations of one transaction still running; runs the completion block once, after
/// the transaction committed and its last animation finished.
final class CompletionGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0
    private var sealed = false
    private var fired = false
    var block: (() -> Void)?

    func enter() { lock.lock(); pending += 1; lock.unlock() }
    func leave() { lock.lock(); pending -= 1; lock.unlock(); fireIfDone() }
    func seal() { lock.lock(); sealed = true; lock.unlock(); fireIfDone() }

    private func fireIfDone() {
        lock.lock()
        let ready = sealed && pending <= 0 && !fired && block != nil
        if ready { fired = true }
        let b = block
        lock.unlock()
        if ready { b?() }
    }
}
