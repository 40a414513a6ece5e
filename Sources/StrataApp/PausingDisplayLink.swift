import Dispatch
import Foundation
import QuartzCore

/// A display link that sleeps while there is nothing to do: a tick that finds no work calls
/// `pauseUnlessWoken()`, and `wake()` (a commit, an input event, an expose) resumes it at once.
/// A sleeping link's timer is suspended, so an idle window never wakes its process.
///
/// A wake that comes while a tick is deciding to sleep wins: `wake()` marks the link, the tick
/// sees the mark and keeps running, so no commit is left undrawn. The first tick after a wake
/// comes at once and reads the clock then (`CADisplayLink` reschedules on resume), so it shows
/// the state at the time it resumed, never a frame from before the sleep.
final class PausingDisplayLink: @unchecked Sendable {
    private let lock = NSLock()
    private var link: CADisplayLink?
    /// Set by `wake()`, cleared as each tick begins.
    private var woken = false
    private var sleeping = false

    /// A link calling `tick` every frame while awake (not ticking until `start`ed).
    init(_ tick: @escaping @Sendable () -> Void) {
        link = CADisplayLink { [weak self] _ in
            self?.beginTick()
            tick()
        }
    }

    /// Starts ticking on `queue`.
    func start(on queue: DispatchQueue) { lock.lock(); let l = link; lock.unlock(); l?.start(on: queue) }

    /// Ticks at `rate` frames per second (called on the queue the link ticks on).
    func setFrameRate(_ rate: Float) {
        lock.lock(); let l = link; lock.unlock()
        l?.preferredFrameRateRange = CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate)
    }

    /// The rate the link ticks at (its `preferredFrameRateRange`), in frames per second.
    var frameRate: Float {
        lock.lock(); let l = link; lock.unlock()
        return l.map { $0.preferredFrameRateRange.preferred ?? Float(CADisplayLink.displayRate) } ?? 0
    }

    // A scheduled `CADisplayLink` lives until it is invalidated: an owner dropped without
    // `invalidate()` must not leave it ticking.
    deinit { link?.invalidate() }

    /// Stops for good (a wake afterwards does nothing).
    func invalidate() {
        lock.lock(); let l = link; link = nil; lock.unlock()
        l?.invalidate()
    }

    /// Whether the link is asleep (its timer suspended).
    var isSleeping: Bool { lock.lock(); defer { lock.unlock() }; return sleeping }

    /// Resumes a sleeping link at once; on an awake one, keeps the tick in progress from sleeping.
    func wake() {
        lock.lock(); defer { lock.unlock() }
        woken = true
        guard sleeping else { return }
        sleeping = false
        link?.isPaused = false
    }

    /// Called by a tick that found nothing to do: sleeps unless woken since the tick began.
    func pauseUnlessWoken() {
        lock.lock(); defer { lock.unlock() }
        guard !woken, !sleeping, let link else { return }
        sleeping = true
        link.isPaused = true
    }

    private func beginTick() { lock.lock(); woken = false; lock.unlock() }
}
