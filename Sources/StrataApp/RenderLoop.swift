import Dispatch
import Foundation
import QuartzCore
import Raster
import Synchronization

/// The render side of a window: a display link on its own queue shows the committed tree
/// through a `FramePipeline` (frame k + 1 prepared on a second thread while frame k is drawn
/// straight into the window's buffer), presenting only what changed.
///
/// The app thread only commits; it never waits for a frame. A tick that finds nothing new and
/// nothing animating puts the link to sleep; a commit of the tree, an expose or a resize wakes it.
final class RenderLoop: @unchecked Sendable {
    let pipeline: FramePipeline
    var renderer: CARenderer { pipeline.renderer }
    private let queue = DispatchQueue(label: "org.strata.render", qos: .userInteractive)
    private var link: PausingDisplayLink?
    private var commits: CommittedTrees.Observation?
    private let lock = NSLock()
    private var needsPresent = true
    private var pendingSize: (Int, Int)?
    /// The display's frame interval: frame k + 1 is prepared for the time of the next tick.
    private let frameInterval: CFTimeInterval = 1.0 / 60
    /// How long the last tick that presented took (render queue only).
    private var lastTickSeconds: CFTimeInterval = 0

    /// Statistics for the HUD and the note: written on the render queue, read on the main
    /// queue (the HUD), so behind a mutex.
    private struct Counters {
        var framesPresented = 0
        var lastRasterMs = 0.0
        var lastEvaluateMs = 0.0
        var lastFrameTime: CFTimeInterval = 0
    }
    private let counters = Mutex(Counters())

    /// Frames presented since the last `resetFrameCount()`.
    var framesPresented: Int { counters.withLock { $0.framesPresented } }
    /// The last drawn frame's evaluation and rasterisation time, in milliseconds.
    var lastFrameMs: Double { counters.withLock { $0.lastRasterMs + $0.lastEvaluateMs } }
    /// The media time the last presented frame shows.
    var lastFrameTime: CFTimeInterval { counters.withLock { $0.lastFrameTime } }
    /// Whether the display link sleeps (nothing changed, nothing animates).
    var isSleeping: Bool { link?.isSleeping ?? false }

    /// A loop drawing `root` at `width` × `height` into `output`.
    init(width: Int, height: Int, root: CALayer, output: FrameOutput) {
        let renderer = CARenderer(width: width, height: height)
        renderer.layer = root
        pipeline = FramePipeline(renderer: renderer, output: output)
    }

    func start() {
        let link = PausingDisplayLink { [weak self] in self?.tick() }
        self.link = link
        commits = CommittedTrees.observeCommits(of: renderer.layer!) { [weak self] in self?.wake() }
        link.start(on: queue)
    }

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

    private func tick() {
        lock.lock()
        let size = pendingSize
        pendingSize = nil
        let force = needsPresent || flash.wantsPresent
        needsPresent = false
        lock.unlock()
        if let (w, h) = size { pipeline.resize(width: w, height: h) }
        let now = CACurrentMediaTime()
        let overlay = flash.isOn || flash.wantsPresent
        // The next frame is shown at the next tick, or later when frames take longer than a
        // tick: prepared for when it will be seen, an animation does not lag behind the clock.
        let next = now + max(frameInterval, lastTickSeconds)
        let shown = pipeline.show(at: now, preparingNextAt: next, force: force, compose: overlay ? flash.compose : nil)
        if shown.presented { lastTickSeconds = CACurrentMediaTime() - now }
        guard shown.presented else {
            // Nothing new, nothing animating (else it would have drawn), no flash fading:
            // sleep until woken.
            link?.pauseUnlessWoken()
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
