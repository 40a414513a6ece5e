import Dispatch
import QuartzCore
import Raster
import X11Host

/// Where a window's frames go: the window's buffers (`X11SurfacePresenter`), or memory in tests.
protocol FrameOutput: AnyObject, Sendable {
    /// Presents a frame that `draw` renders into a `width` × `height` surface the output owns
    /// (holding an older frame); `draw` returns where the frame differs from the one shown (nil:
    /// everywhere). Returns false, drawing nothing, when the output cannot be drawn into.
    func presentDamage(width: Int, height: Int, drawingWith draw: (Surface) -> [IntRect]?) -> Bool
    /// Presents a copy of `surface` where it differs from the frame shown (nil: everywhere).
    func present(_ surface: Surface, damage: [IntRect]?)
}

extension X11SurfacePresenter: FrameOutput {}

/// The one path from a committed layer tree to a window, taken by every `LayerWindow` (apps,
/// demos) and by `strata bench --mode window`: while frame k is rasterised straight into the
/// window's free MIT-SHM buffer, frame k + 1 is evaluated and its draw list built on a second
/// thread; only the frame's damage is put into the window.
///
/// Used from one thread at a time (a window's render queue). A frame prepared ahead is always
/// drawn, in order: the renderer's damage tracking counts on it.
final class FramePipeline: @unchecked Sendable {
    let renderer: CARenderer
    private let output: FrameOutput
    private let preparing = DispatchQueue(label: "org.strata.prepare", qos: .userInteractive)
    private let group = DispatchGroup()
    /// The next frame, prepared on `preparing`; read only after `group.wait()`.
    private var ahead: CARenderer.PreparedFrame?
    /// The media time of the frame shown last (set before it is drawn).
    private(set) var lastShownTime: CFTimeInterval = 0
    /// Whether the last frame went through a copy (debug overlays): switching paths redraws all.
    private var copied = false

    /// What showing one frame did.
    struct Shown {
        /// The media time the frame shows.
        var time: CFTimeInterval
        /// Whether anything was presented.
        var presented: Bool
        /// The renderer's statistics of the frame (evaluation happened when it was prepared).
        var statistics: CARenderer.FrameStatistics
    }

    init(renderer: CARenderer, output: FrameOutput) {
        self.renderer = renderer
        self.output = output
    }

    /// Shows the frame for `time` (the one prepared ahead by the last call, if any) and, when it
    /// changed anything and `next` is given, starts preparing the frame at `next` meanwhile.
    /// `force` presents the whole frame even if nothing changed (expose, resize);
    /// `presentsUnchanged` presents an unchanged frame's damage (none) too, for `compose`. `compose`
    /// turns the drawn framebuffer into what is shown (a debug overlay): such frames are drawn
    /// into the renderer's own surface and copied.
    func show(at time: CFTimeInterval, preparingNextAt next: CFTimeInterval?, force: Bool, presentsUnchanged: Bool = false,
              compose: ((Surface, [IntRect]?) -> (Surface, [IntRect]?))? = nil) -> Shown {
        // A frame prepared ahead that found nothing new is dropped (it recorded nothing): a
        // commit may have come since, and this tick must show it.
        let frame: CARenderer.PreparedFrame
        if let ahead = takeAhead(), ahead.changesPixels { frame = ahead } else { frame = renderer.prepareFrame(atTime: time, notBeforeCommit: true) }
        guard frame.changesPixels || force || presentsUnchanged else {
            return Shown(time: frame.time, presented: false, statistics: CARenderer.FrameStatistics())
        }
        lastShownTime = frame.time
        // Shown times only go forward, by at least a tick.
        if let next { prepareAhead(at: max(next, frame.time + 1.0 / 240)) }
        if (compose != nil) != copied {
            copied = compose != nil
            // Into the copy path: the framebuffer catches up with the last frame shown, so the
            // overlay starts from this frame's own damage. Out of it: the window's buffers were
            // written by copies, so the renderer forgets what they hold and redraws them.
            if copied { renderer.drawLastFrame(into: renderer.surface) } else { renderer.invalidate() }
        }
        if let compose {
            renderer.draw(frame, into: renderer.surface)
            let damage = force ? nil : renderer.lastFrameStatistics.damage
            let (shown, rects) = compose(renderer.surface, damage)
            output.present(shown, damage: rects)
        } else {
            drawInPlace(frame, force: force)
        }
        return Shown(time: frame.time, presented: true, statistics: renderer.lastFrameStatistics)
    }

    /// Draws `frame` into the output's free buffer and presents its damage; an output that
    /// cannot be drawn into gets a copy of the framebuffer.
    private func drawInPlace(_ frame: CARenderer.PreparedFrame, force: Bool) {
        let (w, h) = (renderer.surface.width, renderer.surface.height)
        let drawn = output.presentDamage(width: w, height: h) { target in
            renderer.draw(frame, into: target)
            return force ? nil : renderer.lastFrameStatistics.damage
        }
        if !drawn {
            renderer.draw(frame, into: renderer.surface)
            output.present(renderer.surface, damage: force ? nil : renderer.lastFrameStatistics.damage)
        }
    }

    /// The framebuffer follows a new size: a frame prepared for the old size is drawn (into the
    /// renderer's surface) first, and the next frame redraws everything.
    func resize(width: Int, height: Int) {
        if let frame = takeAhead() { renderer.draw(frame, into: renderer.surface) }
        renderer.surface.resize(width: width, height: height)
        renderer.invalidate()
    }

    /// A copy of the last frame shown.
    func makeImage() -> CGImage {
        if let frame = takeAhead() { renderer.draw(frame, into: renderer.surface) }
        renderer.drawLastFrame(into: renderer.surface)
        return renderer.makeImage()
    }

    /// Waits for a frame being prepared ahead; returns it (nil when none was asked for).
    func takeAhead() -> CARenderer.PreparedFrame? {
        group.wait()
        defer { ahead = nil }
        return ahead
    }

    private func prepareAhead(at t: CFTimeInterval) {
        let renderer = self.renderer
        preparing.async(group: group) { [self] in ahead = renderer.prepareFrame(atTime: t, notBeforeCommit: true) }
    }
}
