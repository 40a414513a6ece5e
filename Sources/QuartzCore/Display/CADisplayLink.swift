import Dispatch
import Foundation
import Raster

/// A timer synchronised to the display's refresh (60 Hz here), calling its handler every frame.
///
/// Differs from Apple: Linux has no `#selector`, so the action is a closure (`init(handler:)`,
/// or `init(target:action:)` with a method reference). It ticks from a strict
/// `DispatchSourceTimer` on the queue of the run loop it is added to (`.main` → the main
/// queue); a paused link suspends its timer and costs no CPU.
public final class CADisplayLink: @unchecked Sendable {
    /// The refresh rate of Strata's display.
    public static let displayRate: Double = 60

    private let handler: (CADisplayLink) -> Void
    private let lock = NSLock()
    private var timer: DispatchSourceTimer?
    private var suspended = false
    private var invalidated = false
    private var interval: Double = 1 / CADisplayLink.displayRate
    /// When the last tick began (the monotonic clock, not the media clock: tests may stop that).
    private var lastTick: DispatchTime?

    /// The time of the last frame shown (media time).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time the next frame will be shown (media time).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The display's frame duration: 1/60 s.
    public var duration: CFTimeInterval { 1 / Self.displayRate }

    /// Calls `handler` every frame once added to a run loop.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Calls `action` on `target` every frame (the target is held strongly, as Apple).
    public convenience init<T: AnyObject>(target: T, action: @escaping (T) -> (CADisplayLink) -> Void) {
        self.init { link in action(target)(link) }
    }

    /// Whether ticks are suspended. A paused link's timer is suspended: it costs no CPU and
    /// wakes nothing. Unpausing ticks at once and then every frame from then on, so the first
    /// tick's `timestamp` is the time it resumed (never a frame missed while paused) — but
    /// never sooner than one frame interval after the last tick: a link paused and unpaused
    /// over and over still ticks at most at its rate.
    public var isPaused: Bool {
        get { lock.lock(); defer { lock.unlock() }; return suspended }
        set {
            lock.lock(); defer { lock.unlock() }
            guard newValue != suspended, !invalidated else { return }
            suspended = newValue
            guard let timer else { return }
            if newValue {
                timer.suspend()
            } else {
                let ns = Int((effectiveInterval() * 1e9).rounded())
                let now = DispatchTime.now()
                let due = lastTick.map { DispatchTime(uptimeNanoseconds: $0.uptimeNanoseconds &+ UInt64(ns)) } ?? now
                timer.schedule(deadline: max(now, due), repeating: .nanoseconds(ns), leeway: .microseconds(500))
                timer.resume()
            }
        }
    }

    /// The rate the link would like; the tick interval follows `preferred` (or `maximum`).
    public var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { retime() }
    }

    /// The preferred rate in frames per second; 0 means the display's rate.
    public var preferredFramesPerSecond: Int {
        get { boundedInt(Double(preferredFrameRateRange.preferred ?? 0), in: 0...Int(Int32.max), nan: 0) }
        set { preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: Float(max(newValue, 0)), preferred: Float(max(newValue, 0))) }
    }

    /// Apple's deprecated divider: the link fires every `frameInterval` display frames; default 1.
    /// Setting it sets `preferredFrameRateRange` to the display rate divided by it; a value
    /// below 1 is reported and ignored (Apple leaves it undefined).
    public var frameInterval: Int {
        get { lock.lock(); defer { lock.unlock() }; return storedFrameInterval }
        set {
            guard newValue >= 1 else {
                StrataDiagnostics.report("CADisplayLink.frameInterval \(newValue) is below 1; ignored")
                return
            }
            lock.lock(); storedFrameInterval = newValue; lock.unlock()
            let rate = Float(Self.displayRate / Double(newValue))
            preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: rate, preferred: rate)
        }
    }
    private var storedFrameInterval = 1

    /// Starts ticking on the run loop's queue (`RunLoop.main` ticks on the main queue; any other
    /// run loop ticks on a private serial queue). The mode is accepted for source compatibility.
    /// As on Apple, the run loop retains the link until `invalidate()`: a link nobody else keeps
    /// goes on ticking.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let queue: DispatchQueue = runloop === RunLoop.main ? .main : DispatchQueue(label: "org.strata.displaylink")
        start(on: queue)
    }

    /// Starts ticking on `queue`. Strata extension (e.g. a render queue).
    public func start(on queue: DispatchQueue) {
        lock.lock(); defer { lock.unlock() }
        guard timer == nil, !invalidated else { return }
        let t = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer = t
        let ns = Int((effectiveInterval() * 1e9).rounded())
        t.schedule(deadline: .now() + .nanoseconds(ns), repeating: .nanoseconds(ns), leeway: .microseconds(500))
        // Strong: the scheduled timer keeps the link (Apple's run loop retains it); `invalidate()`
        // drops the handler, which frees a link nobody else keeps, and with it its target.
        t.setEventHandler { @Sendable in self.tick() }
        if !suspended { t.resume() } else { t.resume(); t.suspend() }
    }

    /// Stops ticking from a run loop (same as `invalidate()` here: a link serves one run loop).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops the link for good and releases its handler's captures.
    public func invalidate() {
        lock.lock(); defer { lock.unlock() }
        guard !invalidated else { return }
        invalidated = true
        if let timer {
            if suspended { timer.resume() }
            timer.setEventHandler(handler: nil)
            timer.cancel()
        }
        timer = nil
    }

    private func effectiveInterval() -> Double {
        let r = preferredFrameRateRange
        let fps = Double(r.preferred.flatMap { $0 > 0 ? $0 : nil } ?? (r.maximum > 0 ? r.maximum : Float(Self.displayRate)))
        // A NaN or infinite rate (nothing validates CAFrameRateRange) ticks at the display's.
        guard fps.isFinite else { return 1 / Self.displayRate }
        return 1 / min(max(fps, 1), Self.displayRate * 2)
    }

    private func retime() {
        lock.lock(); defer { lock.unlock() }
        guard let timer else { return }
        let ns = Int((effectiveInterval() * 1e9).rounded())
        timer.schedule(deadline: .now() + .nanoseconds(ns), repeating: .nanoseconds(ns), leeway: .microseconds(500))
    }

    private func tick() {
        lock.lock()
        let stop = invalidated || suspended
        if !stop { lastTick = .now() }
        lock.unlock()
        guard !stop else { return }
        let now = CACurrentMediaTime()
        timestamp = now
        targetTimestamp = now + effectiveInterval()
        handler(self)
    }
}

extension CADisplayLink {
    /// Apple's selector form. Linux has no Objective-C selectors: use `CADisplayLink(handler:)`
    /// or `CADisplayLink(target:action:)` with a method reference (`Self.step`).
    @available(*, unavailable, message: "Linux has no Objective-C selectors: use CADisplayLink { link in … } or CADisplayLink(target: self, action: Self.step)")
    public convenience init(target: Any, selector sel: Selector) {
        fatalError("unavailable")
    }
}
