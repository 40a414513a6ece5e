import CX11
import Foundation
import Raster

extension X11Window {
    /// Shows `surface` in the window: its top-left overlap with the window is copied into a
    /// free buffer and blitted; pixels outside the overlap are left as they were.
    ///
    /// With MIT-SHM a buffer is not written again until the server's `ShmCompletion` for it
    /// arrives; when both are in flight this waits for one. Pending events are delivered
    /// afterwards (Xlib may have read them while waiting).
    public func present(_ surface: Surface) {
        guard !isClosed else { return }
        let start = monotonicSeconds()
        guard let buffer = freeBuffer() else { return }
        let w = min(surface.width, buffer.width), h = min(surface.height, buffer.height)
        guard w > 0, h > 0 else { return }
        buffer.write(surface, width: w, height: h, format: display.format, packer: display.packer)
        buffer.heldPresent = presentHistory.record(nil)
        blit(buffer, [IntRect(x0: 0, y0: 0, x1: w, y1: h)], since: start)
    }

    /// Shows `surface` (of the window's size) where it differs from the last frame shown:
    /// `damage` are those rectangles (nil: everywhere). Only they are put into the window, and
    /// only what the free buffer misses (its own frame is older) is copied into it.
    public func present(_ surface: Surface, damage: [IntRect]?) {
        guard !isClosed else { return }
        let start = monotonicSeconds()
        guard let buffer = freeBuffer() else { return }
        let whole = IntRect(x0: 0, y0: 0, x1: min(surface.width, buffer.width), y1: min(surface.height, buffer.height))
        guard !whole.isEmpty else { return }
        let sameSize = surface.width == buffer.width && surface.height == buffer.height
        let held = buffer.heldPresent
        let serial = presentHistory.record(sameSize ? damage : nil)
        let copy = presentHistory.damageSinceFrame(held) ?? [whole]
        buffer.write(surface, rects: copy, format: display.format, packer: display.packer)
        buffer.heldPresent = serial
        blit(buffer, sameSize ? damage ?? [whole] : [whole], since: start)
    }

    /// As `present(drawingWith:)`, for a `draw` that returns the rectangles where the frame it
    /// drew differs from the last frame shown (nil: everywhere): only they are put into the
    /// window. `draw` must bring the whole surface up to date (it holds an older frame).
    public func presentDamage(drawingWith draw: (Surface) -> [IntRect]?) {
        guard !isClosed else { return }
        guard let buffer = freeBuffer() else { return }
        let whole = IntRect(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)
        guard display.packer == nil, let target = buffer.surface else {
            present(drawingWith: { _ = draw($0) })
            return
        }
        let damage = draw(target)
        blit(buffer, damage ?? [whole], since: monotonicSeconds())
    }

    /// Shows a frame that `draw` renders straight into the buffer the server reads (a surface
    /// of the window's size over the free MIT-SHM segment, or the plain image): no copy of the
    /// frame on this side. The surface holds an older frame, not the last one; it is valid only
    /// during `draw`. When the visual is not 32-bit BGRA, `draw` gets a scratch surface that is
    /// converted as `present(_:)` converts.
    public func present(drawingWith draw: (Surface) -> Void) {
        guard !isClosed else { return }
        guard let buffer = freeBuffer() else { return }
        guard display.packer == nil, let target = buffer.surface else {
            let scratch = scratchSurface ?? Surface(width: width, height: height)
            scratch.resize(width: width, height: height)
            scratchSurface = scratch
            draw(scratch)
            let start = monotonicSeconds()
            buffer.write(scratch, width: min(width, buffer.width), height: min(height, buffer.height),
                         format: display.format, packer: display.packer)
            buffer.heldPresent = 0
            blit(buffer, [IntRect(x0: 0, y0: 0, x1: min(width, buffer.width), y1: min(height, buffer.height))], since: start)
            return
        }
        draw(target)
        buffer.heldPresent = 0
        blit(buffer, [IntRect(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)], since: monotonicSeconds())
    }

    /// Puts `rects` of `buffer` into the window and delivers events.
    private func blit(_ buffer: ImageBuffer, _ rects: [IntRect], since start: Double) {
        let d = display.handle
        let pixels = buffer.put(rects, display: d, drawable: windowID, gc: gc)
        frameInfo.pixelsPresented += pixels
        frameInfo.rectanglesPresented += rects.count
        XFlush(d)
        let end = monotonicSeconds()
        frameInfo.lastPresentTime = end
        frameInfo.lastPresentDuration = end - start
        frameInfo.framesPresented += 1
        frameInfo.usesSharedMemory = buffer.segment != nil
        display.processEvents()
    }

    /// A buffer of the window's size that the server is not reading (the completions come in
    /// with the connection's other events).
    private func freeBuffer() -> ImageBuffer? {
        pool.freeBuffer(width: width, height: height) { display.pullEvents() }
    }
}
