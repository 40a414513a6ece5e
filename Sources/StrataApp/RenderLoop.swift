import Dispatch
import Foundation
import QuartzCore
import Raster

/// The render side of a window: a display link on its own queue evaluates the committed tree
/// at each tick and rasterises it; finished frames are handed to `present` (on the main queue).
///
/// The app thread only commits; it never waits for a frame, and a tick that finds nothing new
/// costs no rendering.
final class RenderLoop: @unchecked Sendable {
    let renderer: CARenderer
    private let queue = DispatchQueue(label: "org.strata.render", qos: .userInteractive)
    private var link: CADisplayLink?
    private let lock = NSLock()
    private var presentInFlight = false
    private var needsPresent = true
    private var pendingSize: (Int, Int)?
    /// Called on the render queue with a finished frame; must call `presented()` when done.
    var present: (@Sendable (Surface) -> Void)?

    // Statistics for the HUD and the note (frames presented, last frame's times).
    private(set) var framesPresented = 0
    private(set) var lastRasterMs = 0.0
    private(set) var lastEvaluateMs = 0.0

    init(width: Int, height: Int, root: CALayer) {
        renderer = CARenderer(width: width, height: height)
        renderer.layer = root
    }

    func start() {
        let link = CADisplayLink { [weak self] l in self?.tick(l) }
        self.link = link
        link.start(on: queue)
    }

    func stop() { link?.invalidate() }

    /// Draw and present on the next tick even if nothing changed (expose).
    func setNeedsPresent() { lock.lock(); needsPresent = true; lock.unlock() }

    /// The framebuffer follows the window's size from the next tick on.
    func resize(width: Int, height: Int) { lock.lock(); pendingSize = (width, height); needsPresent = true; lock.unlock() }

    /// Starts a new frame count (for the frames-per-second figure).
    func resetFrameCount() { lock.lock(); framesPresented = 0; lock.unlock() }

    /// The presenter finished with the last frame.
    func presented() { lock.lock(); presentInFlight = false; framesPresented += 1; lock.unlock() }

    private func tick(_ link: CADisplayLink) {
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
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        let stats = renderer.lastFrameStatistics
        guard stats.didDraw || force, let present else { return }
        if stats.didDraw {
            lastRasterMs = stats.rasterSeconds * 1000
            lastEvaluateMs = stats.evaluateSeconds * 1000
        }
        lock.lock(); presentInFlight = true; lock.unlock()
        present(renderer.surface)
    }
}
