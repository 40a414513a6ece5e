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
        let d = display.handle
        buffer.write(surface, width: w, height: h, format: display.format, packer: display.packer)
        if buffer.segment != nil {
            XShmPutImage(d, windowID, gc, buffer.image, 0, 0, 0, 0, UInt32(w), UInt32(h), 1)
            buffer.isBusy = true
        } else {
            XPutImage(d, windowID, gc, buffer.image, 0, 0, 0, 0, UInt32(w), UInt32(h))
        }
        XFlush(d)
        let end = monotonicSeconds()
        frameInfo.lastPresentTime = end
        frameInfo.lastPresentDuration = end - start
        frameInfo.framesPresented += 1
        frameInfo.usesSharedMemory = buffer.segment != nil
        display.processEvents()
    }

    /// A buffer of the window's size that the server is not reading, allocating (two SHM
    /// buffers, or one plain image as the fallback) when the size changed.
    private func freeBuffer() -> ImageBuffer? {
        if let first = buffers.first, first.width != width || first.height != height {
            releaseBuffers()
        }
        if buffers.isEmpty { allocateBuffers() }
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        // Both in flight. The server sends ShmCompletion as it finishes each put, so after a
        // round trip every completion that will ever come is in Xlib's queue.
        XSync(display.handle, 0)
        display.pullEvents()
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        // No completion after the round trip: those puts failed (an X error was printed),
        // so the server is not reading the buffers.
        for buffer in buffers { buffer.isBusy = false }
        return buffers.first
    }

    private func allocateBuffers() {
        let d = display.handle
        if display.supportsSharedMemory && !display.sharedMemoryFailed {
            do {
                for _ in 0..<2 {
                    buffers.append(try ImageBuffer.makeShared(display: d, format: display.format,
                                                              width: width, height: height))
                }
                return
            } catch {
                releaseBuffers()
                display.sharedMemoryFailed = true
                display.note("X11Host: MIT-SHM failed (\(error)); presenting with XPutImage (slower)")
            }
        } else if !display.supportsSharedMemory {
            display.note("X11Host: the X server has no MIT-SHM extension; presenting with XPutImage (slower)")
        }
        do {
            buffers.append(try ImageBuffer.makePlain(display: d, format: display.format,
                                                     width: width, height: height))
        } catch {
            display.note("X11Host: cannot allocate a \(width)x\(height) image (\(error)); frame dropped")
        }
    }
}
