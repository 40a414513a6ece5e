import CX11
import Foundation

/// The images a window is presented from: two MIT-SHM buffers taking turns, or one plain image
/// for `XPutImage`, and which of them the server may still be reading. The one buffer manager of
/// X11Host: `X11Window` (the main connection) and `X11SurfacePresenter` (a render thread's
/// connection) each own one.
///
/// A buffer is not written again until the server's `ShmCompletion` for it arrives; the owner
/// reads completions from its connection and calls `completed(segment:)`.
final class BufferPool {
    private let handle: OpaquePointer
    private let format: PixelFormat
    /// Whether shared memory is to be tried; cleared when an attach fails.
    private var triesSharedMemory: Bool
    /// Called with a message when presents fall back to `XPutImage` or a buffer cannot be made.
    private let note: (String) -> Void
    /// Called once when a shared-memory attach fails (presents use `XPutImage` from then on).
    var onSharedMemoryFailure: (() -> Void)?
    private(set) var buffers: [ImageBuffer] = []
    /// Shared-memory buffers taking turns. With two, the server had to finish the put of the
    /// frame before last by the time a frame is drawn, and when it had not (it shares the cores
    /// with the renderer's threads) the render thread waited a round trip; a third gives the
    /// server a whole frame more. The renderer copies what a buffer misses from the newest one.
    static let sharedBufferCount = 3
    private var saidNoSharedMemory = false

    /// A pool for `handle`'s server; `sharedMemory` says whether MIT-SHM is offered.
    init(display handle: OpaquePointer, format: PixelFormat, sharedMemory: Bool, note: @escaping (String) -> Void) {
        self.handle = handle
        self.format = format
        triesSharedMemory = sharedMemory
        self.note = note
    }

    /// Whether presents go through shared memory (false after a failed attach).
    var usesSharedMemory: Bool { triesSharedMemory && buffers.first?.segment != nil }

    /// A `width` × `height` buffer the server is not reading, allocating when the size changed.
    /// When every buffer is in flight, `collectCompletions` is called after a round trip (every
    /// completion that will come has arrived then); puts that never completed had failed, so
    /// their buffers are taken as free.
    func freeBuffer(width: Int, height: Int, collectCompletions: () -> Void) -> ImageBuffer? {
        if let first = buffers.first, first.width != width || first.height != height {
            XSync(handle, 0)
            release()
        }
        if buffers.isEmpty { allocate(width: width, height: height) }
        if let free = newestFree() { return taken(free) }
        XSync(handle, 0)
        collectCompletions()
        if let free = newestFree() { return taken(free) }
        for buffer in buffers { buffer.isBusy = false }
        return buffers.first.map(taken)
    }

    private var handedOut = 0

    /// The free buffer handed out last: it holds the newest frame, so the least is redrawn or copied.
    private func newestFree() -> ImageBuffer? {
        buffers.lazy.filter { !$0.isBusy }.max { $0.lastTaken < $1.lastTaken }
    }

    private func taken(_ buffer: ImageBuffer) -> ImageBuffer {
        handedOut += 1
        buffer.lastTaken = handedOut
        return buffer
    }

    /// Marks the buffer of shared-memory segment `segment` as free (its `ShmCompletion` arrived).
    func completed(segment: ShmSeg) {
        for buffer in buffers where buffer.segment?.pointee.shmseg == segment { buffer.isBusy = false }
    }

    /// Frees every buffer (and its shared memory).
    func release() {
        for buffer in buffers { buffer.destroy(display: handle) }
        buffers = []
    }

    private func allocate(width: Int, height: Int) {
        if !triesSharedMemory && !saidNoSharedMemory && !XErrorTrap.isLost(handle) && XShmQueryExtension(handle) == 0 {
            saidNoSharedMemory = true
            note("X11Host: the X server has no MIT-SHM extension; presenting with XPutImage (slower)")
        }
        if triesSharedMemory {
            do {
                for _ in 0..<Self.sharedBufferCount {
                    buffers.append(try ImageBuffer.makeShared(display: handle, format: format, width: width, height: height))
                }
                return
            } catch {
                release()
                triesSharedMemory = false
                onSharedMemoryFailure?()
                note("X11Host: MIT-SHM failed (\(error)); presenting with XPutImage (slower)")
            }
        }
        do {
            buffers.append(try ImageBuffer.makePlain(display: handle, format: format, width: width, height: height))
        } catch {
            note("X11Host: cannot allocate a \(width)x\(height) image (\(error)); frame dropped")
        }
    }
}
