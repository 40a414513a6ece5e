import Dispatch
import Foundation
import QuartzCore
import Raster

/// The render side of a window, and its one display link: the link ticks on its own queue and
/// shows the committed tree through a `FramePipeline` (frame k + 1 prepared on a second thread
/// while frame k is drawn straight into the window's buffer), presenting only what changed, then
/// hands the app side its frame work on the main queue (`appFrame`).
///
/// The app thread only commits; it never waits for a frame. A tick that finds nothing new and
/// nothing animating puts the link to sleep; a commit of the tree, an expose or a resize wakes it.
final class RenderLoop: @unchecked Sendable {
    let pipeline: FramePipeline
    /// The tree shown (the renderer's layer).
    private let root: CALayer
    var renderer: CARenderer { pipeline.renderer }
    private let queue = DispatchQueue(label: "org.strata.render", qos: .userInteractive)
    private var link: PausingDisplayLink?
    private var commits: CommittedTrees.Observation?
    private let lock = NSLock()
    private var needsPresent = true
    private var pendingSize: (Int, Int)?
    /// The link's frame interval: frame k + 1 is prepared for the time of the next tick. The
    /// display's, unless every animation in the tree asks for a lower rate (render queue only).
    private var frameInterval: CFTimeInterval = 1.0 / 60
    /// How long ticks that present take, smoothed (render queue only).
    private var tickSeconds: CFTimeInterval = 0

    /// Statistics for the HUD and the note: written on the render queue, read on the main
    /// queue (the HUD), so behind a mutex.
    private struct Counters {
        var framesPresented = 0
        var lastRasterMs = 0.0
        var lastEvaluateMs = 0.0
        var lastFrameTime: CFTimeInterval = 0
    }
    private let counters = LockedState(Counters())

    /// Frames presented since the last `resetFrameCount()`.
    var framesPresented: Int { counters.withLock { $0.framesPresented } }
    /// The last drawn frame's evaluation and rasterisation time, in milliseconds.
    var lastFrameMs: Double { counters.withLock { $0.lastRasterMs + $0.lastEvaluateMs } }
    /// The media time the last presented frame shows.
    var lastFrameTime: CFTimeInterval { counters.withLock { $0.lastFrameTime } }
    /// Whether the display link sleeps (nothing changed, nothing animates).
    var isSleeping: Bool { link?.isSleeping ?? false }

    /// The app side's frame work (delivering animation events, redrawing custom animatable
    /// properties, `onFrame`), run on the main queue after each tick that presented, and after
    /// every tick while `wantsAppTicks` is set: one display link drives both sides. Requests
    /// coalesce, so a busy main thread gets one call when it is free, not a backlog.
    var appFrame: (@Sendable () -> Void)?
    private var appFramePending = false
    /// Whether the app wants a call every tick even when nothing changes (an `onFrame` handler,
    /// the HUD): the link then never sleeps. Set from the main thread.
    var wantsAppTicks: Bool {
        get { lock.lock(); defer { lock.unlock() }; return appTicks }
        set { lock.lock(); appTicks = newValue; lock.unlock(); if newValue { wake() } }
    }
    private var appTicks = false

    /// A loop drawing `root` at `width` × `height` into `output`.
    init(width: Int, height: Int, root: CALayer, output: FrameOutput) {
        self.root = root
        let renderer = CARenderer(width: width, height: height)
        renderer.layer = root
        pipeline = FramePipeline(renderer: renderer, output: output)
    }

    func start() {
        let link = PausingDisplayLink { [weak self] in self?.tick() }
        self.link = link
        commits = CommittedTrees.observeCommits(of: root) { [weak self] in self?.committed() }
        queue.async { [weak self] in self?.setFrameRate(self?.animationFrameRate() ?? Float(CADisplayLink.displayRate)) }
        link.start(on: queue)
    }

    /// A commit: run the link at the rate the committed animations ask for, and wake it.
    private func committed() {
        let rate = animationFrameRate()
        queue.async { [weak self] in self?.setFrameRate(rate) }
        wake()
    }

    /// The rate the tree's animations ask for (`CAAnimation.preferredFrameRateRange`): the
    /// display's unless every one asks for less.
    private func animationFrameRate() -> Float {
        root.preferredAnimationFrameRate() ?? Float(CADisplayLink.displayRate)
    }

    /// Ticks at `rate` frames per second from now on (render queue only).
    private func setFrameRate(_ rate: Float) {
        let interval = 1 / Double(rate)
        guard interval != frameInterval, interval.isFinite else { return }
        frameInterval = interval
        link?.setFrameRate(rate)
    }

    /// The link's tick rate in frames per second (for tests and the HUD).
    var frameRate: Double { queue.sync { 1 / frameInterval } }
    /// The rate the display link itself was set to tick at.
    var linkFrameRate: Float { queue.sync { link?.frameRate ?? 0 } }

    /// Resumes a sleeping link (a commit, an expose, a resize).
    func wake() { link?.wake() }

    /// Stops ticking and waits for a tick in progress (and its present) to finish: after this
    /// returns, the render queue touches neither the renderer nor the window again.
    func stop() {
        commits = nil
        link?.invalidate()
        queue.sync { _ = pipeline.takeAhead() }
    }

    /// A copy of the last frame shown, taken on the render queue (never while a frame is drawn).
    func makeImage() -> CGImage { queue.sync { pipeline.makeImage() } }

    /// Draw and present on the next tick even if nothing changed (expose).
    func setNeedsPresent() { lock.lock(); needsPresent = true; lock.unlock(); wake() }

    /// The framebuffer follows the window's size from the next tick on.
    func resize(width: Int, height: Int) { lock.lock(); pendingSize = (width, height); needsPresent = true; lock.unlock(); wake() }

    /// The "flash updated regions" overlay, used on the render queue only.
    private let flash = DamageFlash()

    /// Turns the damaged-region flashing on or off (the `d` key).
    func toggleDamageFlash() {
        // Toggled on the render queue, then the (maybe sleeping) link is woken: its next tick
        // runs after the toggle and presents the change.
        queue.async { self.flash.toggle() }
        wake()
    }

    /// Starts a new frame count (for the frames-per-second figure).
    func resetFrameCount() { counters.withLock { $0.framesPresented = 0 } }

    /// Runs `appFrame` on the main queue, once however many ticks ask before it runs.
    private func requestAppFrame() {
        guard let appFrame else { return }
        lock.lock()
        let pending = appFramePending
        appFramePending = true
        lock.unlock()
        guard !pending else { return }
        DispatchQueue.main.async { @Sendable [self] in
            lock.lock(); appFramePending = false; lock.unlock()
            appFrame()
        }
    }

    private func tick() {
        lock.lock()
        let size = pendingSize
        pendingSize = nil
        let force = needsPresent
        needsPresent = false
        lock.unlock()
        if let (w, h) = size { pipeline.resize(width: w, height: h) }
        let now = CACurrentMediaTime()
        let overlay = flash.isOn || flash.wantsPresent
        // The next frame is shown at the next tick, or later when frames take longer than a
        // tick: prepared for when it will be seen (a smoothed tick length, at most a quarter
        // second: one slow frame must not throw the next one far ahead), an animation does not
        // lag behind the clock.
        let next = now + min(max(frameInterval, tickSeconds), 0.25)
        let shown = pipeline.show(at: now, preparingNextAt: next, force: force, presentsUnchanged: flash.wantsPresent,
                                  compose: overlay ? flash.compose : nil)
        if shown.presented { tickSeconds += 0.25 * ((CACurrentMediaTime() - now) - tickSeconds) }
        if shown.presented || wantsAppTicks { requestAppFrame() }
        guard shown.presented else {
            // Nothing new, nothing animating (else it would have drawn), no flash fading, no
            // app ticks wanted: sleep until woken.
            if !wantsAppTicks { link?.pauseUnlessWoken() }
            return
        }
        let stats = shown.statistics
        counters.withLock {
            $0.framesPresented += 1
            $0.lastFrameTime = shown.time
            if stats.didDraw {
                $0.lastRasterMs = stats.rasterSeconds * 1000
                $0.lastEvaluateMs = stats.evaluateSeconds * 1000
            }
        }
    }
}
