import Dispatch
import Foundation
import QuartzCore
import Raster
import Synchronization

/// The render side of a window: a display link on its own queue evaluates the committed tree
/// at each tick and rasterises it; finished frames are handed to `present` (on the main queue).
///
/// The app thread only commits; it never waits for a frame. A tick that finds nothing new and
/// nothing animating puts the link to sleep; a commit of the tree, an expose or a resize wakes it.
final class RenderLoop: @unchecked Sendable {
    let renderer: CARenderer
    private let queue = DispatchQueue(label: "org.strata.render", qos: .userInteractive)
    private var link: PausingDisplayLink?
    private var commits: CommittedTrees.Observation?
    private let lock = NSLock()
    private var presentInFlight = false
    private var needsPresent = true
    private var pendingSize: (Int, Int)?
    /// Called on the render queue with a finished frame and where it differs from the frame
    /// presented before (nil: everywhere); must call `presented()` when done.
    var present: (@Sendable (Surface, [IntRect]?) -> Void)?

    /// Statistics for the HUD and the note: written on the render queue and by the presenter,
    /// read on the main queue (the HUD), so behind a mutex.
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
    /// The media time the last drawn frame shows.
    var lastFrameTime: CFTimeInterval { counters.withLock { $0.lastFrameTime } }
    /// Whether the display link sleeps (nothing changed, nothing animates).
    var isSleeping: Bool { link?.isSleeping ?? false }

    init(width: Int, height: Int, root: CALayer) {
        renderer = CARenderer(width: width, height: height)
        renderer.layer = root
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
        queue.sync {}
    }

    /// A copy of the framebuffer, taken on the render queue (never while a frame is drawn).
    func makeImage() -> CGImage { queue.sync { renderer.makeImage() } }

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

    /// The presenter finished with the last frame.
    func presented() {
        lock.lock(); presentInFlight = false; lock.unlock()
        counters.withLock { $0.framesPresented += 1 }
    }

    private func tick() {
        lock.lock()
        if presentInFlight { lock.unlock(); return }
        let size = pendingSize
        pendingSize = nil
        let force = needsPresent
        needsPresent = false
        lock.unlock()
        if let (w, h) = size {
            renderer.surface.resize(width: w, height: h)
            renderer.invalidate()
        }
        let now = CACurrentMediaTime()
        renderer.beginFrame(atTime: now)
        renderer.render()
        renderer.endFrame()
        let stats = renderer.lastFrameStatistics
        guard stats.didDraw || force || flash.wantsPresent, let present else {
            // Nothing new, nothing animating (else it would have drawn), no flash fading:
            // sleep until woken.
            if !stats.didDraw { link?.pauseUnlessWoken() }
            return
        }
        if stats.didDraw {
            counters.withLock {
                $0.lastFrameTime = now
                $0.lastRasterMs = stats.rasterSeconds * 1000
                $0.lastEvaluateMs = stats.evaluateSeconds * 1000
            }
        }
        lock.lock(); presentInFlight = true; lock.unlock()
        // Damage: only what changed is presented; an expose or a resize presents everything.
        let (shown, damage) = flash.compose(renderer.surface, damage: force ? nil : stats.didDraw ? stats.damage : [])
        present(shown, damage)
    }
}
