import CX11
import Foundation
import Raster

/// Presents frames into an existing window from one non-main thread, over a connection of its
/// own, so a render thread keeps frames flowing while the main thread (the app's) is busy.
///
/// Everything else about the window (events, resize, close) stays with the `X11Window` on the
/// main queue; X resources are shared between connections, so this connection can draw into the
/// window by its id. MIT-SHM triple buffering with the same rules as `X11Window.present`
/// (never write a buffer before its `ShmCompletion`), falling back to `XPutImage`.
///
/// Every request on this connection is made on one serial queue of the presenter's (Xlib is
/// not thread-safe without `XInitThreads`). A frame drawn in place is put into the window there
/// while the caller goes on to its next frame: the put, the flush and reading completions
/// (≈ 0.15–0.2 ms a frame) overlap the next frame's rasterising. Taking a free buffer makes no
/// request when one is ready (the buffer list sits behind a lock), so the caller waits for the
/// queue only to allocate buffers or when all of them are in flight.
/// Use one presenter from one thread at a time.
public final class X11SurfacePresenter: @unchecked Sendable {
    private let handle: OpaquePointer
    private let window: UInt
    private let gc: GC
    private let format: PixelFormat
    private let packer: ChannelPacker?
    private let completionType: Int32
    /// The buffers; read and written only inside `poolLock`.
    private let pool: BufferPool
    private let poolLock = LockedState(())
    /// Where every X request of this connection is made.
    private let queue = DispatchQueue(label: "org.strata.x11.present", qos: .userInteractive)

    /// Opens a second connection to `displayName` (`$DISPLAY` when nil) presenting into `window`.
    public init(displayName: String?, window: UInt) throws {
        let requested = displayName ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let requested, !requested.isEmpty else { throw X11Error.noDisplay }
        XErrorTrap.install()
        guard let handle = XOpenDisplay(requested) else { throw X11Error.cannotConnect(display: requested) }
        XErrorTrap.allowQuietTeardown(of: handle)
        switch PixelFormat.read(display: handle, screen: XDefaultScreen(handle)) {
        case .success(let f): format = f
        case .failure(let error):
            XCloseDisplay(handle)
            throw error
        }
        self.handle = handle
        self.window = window
        packer = format.isNative ? nil : ChannelPacker(format)
        let sharedMemory = XShmQueryExtension(handle) != 0
        completionType = sharedMemory ? XShmGetEventBase(handle) + ShmCompletion : -1
        pool = BufferPool(display: handle, format: format, sharedMemory: sharedMemory) { writeStandardError($0 + "\n") }
        gc = XCreateGC(handle, window, 0, nil)
        XSetGraphicsExposures(handle, gc, 0)
    }

    deinit {
        // No block is queued now (each holds the presenter), or this runs inside the last one,
        // on `queue`: either way no other request is under way on the connection.
        XErrorTrap.quietly(on: handle) {
            XSync(handle, 0)
            poolLock.withLock { _ in pool.release() }
            XFreeGC(handle, gc)
            _ = XCloseDisplay(handle)
        }
        XErrorTrap.forget(handle)
    }

    /// Whether frames go through MIT-SHM.
    public var usesSharedMemory: Bool { poolLock.withLock { _ in pool.usesSharedMemory } }

    /// Blits `surface` to the window's top-left corner (the window clips what does not fit).
    public func present(_ surface: Surface) {
        present(surface, damage: nil)
    }

    /// Blits the rectangles of `surface` where it differs from the last frame presented
    /// (`damage`; nil: everywhere, as after an expose or a resize). Only they are put into the
    /// window, and the free buffer copies only what it misses (it holds an older frame).
    /// Returns when the put is sent (the surface is no longer read).
    public func present(_ surface: Surface, damage: [IntRect]?) {
        let w = surface.width, h = surface.height
        guard w > 0, h > 0 else { return }
        queue.sync {
            guard let buffer = waitForFreeBuffer(width: w, height: h) else { return }
            let whole = IntRect(x0: 0, y0: 0, x1: w, y1: h)
            let held = buffer.heldPresent
            let serial = history.record(damage)
            buffer.write(surface, rects: history.damageSinceFrame(held) ?? [whole], format: format, packer: packer)
            buffer.heldPresent = serial
            put(buffer, damage ?? [whole])
        }
    }

    /// Presents a frame that `draw` renders straight into the free buffer the server reads (a
    /// `width` × `height` surface over the MIT-SHM segment, or the plain image): no copy of the
    /// frame on this side. `draw` returns the rectangles where its frame differs from the frame
    /// the window shows (nil: everywhere); only they are put into the window, on the
    /// presenter's queue after this returns (with MIT-SHM; a plain image is put before).
    /// The surface holds an older frame (the buffers take turns), so `draw` must bring all of it
    /// up to date (`CARenderer.draw(_:into:)` does, from what it knows each target holds).
    /// Returns false, drawing nothing, when the buffers are not 32-bit BGRA: the caller then
    /// presents a copy with `present(_:damage:)`.
    @discardableResult
    public func presentDamage(width: Int, height: Int, drawingWith draw: (Surface) -> [IntRect]?) -> Bool {
        guard packer == nil, width > 0, height > 0, let buffer = takeBuffer(width: width, height: height) else { return false }
        guard let target = buffer.surface else {
            poolLock.withLock { _ in buffer.isBusy = false }
            return false
        }
        // A later copy-present must not trust what this buffer held before.
        buffer.heldPresent = 0
        let whole = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let rects = draw(target) ?? [whole]
        guard !rects.isEmpty else {
            poolLock.withLock { _ in buffer.isBusy = false }
            return true
        }
        if buffer.segment != nil {
            queue.async { [self] in history.reset(); put(buffer, rects) }
        } else {
            // `XPutImage` reads the image while it runs: the next frame must not draw into it meanwhile.
            queue.sync { history.reset(); put(buffer, rects) }
        }
        return true
    }

    /// Waits until the server has handled every put sent so far (`XSync` on this connection):
    /// call before the window is destroyed, or a put still queued there fails with BadDrawable
    /// (the server interleaves the two connections' requests freely).
    public func synchronize() {
        queue.sync {
            XErrorTrap.quietly(on: handle) { XSync(handle, 0) }
            drainCompletions()
        }
    }

    /// Whether `presentDamage(width:height:drawingWith:)` can draw into the window's buffers
    /// (the visual is 32-bit BGRA, LSB first).
    public var drawsInPlace: Bool { packer == nil }

    /// Pixels and rectangles put into the window, and presents, since the presenter opened
    /// (readable from any thread: a debug counter for tests and the HUD). Counts every frame
    /// handed to the presenter before the call: it waits for puts still queued.
    public var presentedTotals: (pixels: Int, rectangles: Int, presents: Int) {
        queue.sync {}
        return counters.withLock { ($0.pixels, $0.rectangles, $0.presents) }
    }
    private struct Totals { var pixels = 0, rectangles = 0, presents = 0 }
    private let counters = LockedState(Totals())
    private var history = DamageLog()

    /// Puts `rects` of `buffer` into the window, flushes and reads completions. On `queue`.
    private func put(_ buffer: ImageBuffer, _ rects: [IntRect]) {
        dispatchPrecondition(condition: .onQueue(queue))
        let pixels = poolLock.withLock { _ in
            let pixels = buffer.put(rects, display: handle, drawable: window, gc: gc)
            // A put of nothing visible sent no request, so no completion will free the buffer.
            if pixels == 0 { buffer.isBusy = false }
            return pixels
        }
        counters.withLock { $0.pixels += pixels; $0.rectangles += rects.count; $0.presents += 1 }
        XFlush(handle)
        drainCompletions()
    }

    /// A free buffer for the caller to draw into, marked busy so that no later frame takes it
    /// before its put completes: a ready one without any request, else from `queue` (which
    /// allocates, or waits for a completion).
    private func takeBuffer(width: Int, height: Int) -> ImageBuffer? {
        let ready = poolLock.withLock { _ in
            let buffer = pool.readyBuffer(width: width, height: height)
            buffer?.isBusy = buffer?.segment != nil
            return buffer
        }
        if let ready { return ready }
        return queue.sync {
            let buffer = waitForFreeBuffer(width: width, height: height)
            poolLock.withLock { _ in buffer?.isBusy = buffer?.segment != nil }
            return buffer
        }
    }

    /// A free buffer, allocating or waiting for completions as needed. On `queue`.
    private func waitForFreeBuffer(width: Int, height: Int) -> ImageBuffer? {
        dispatchPrecondition(condition: .onQueue(queue))
        return poolLock.withLock { _ in
            pool.freeBuffer(width: width, height: height) {
                for segment in readCompletions() { pool.completed(segment: segment) }
            }
        }
    }

    /// Marks buffers whose `ShmCompletion` arrived as free. On `queue`.
    private func drainCompletions() {
        let segments = readCompletions()
        guard !segments.isEmpty else { return }
        poolLock.withLock { _ in for segment in segments { pool.completed(segment: segment) } }
    }

    /// The segments of the `ShmCompletion` events read so far (this connection selects no other events).
    private func readCompletions() -> [ShmSeg] {
        var segments: [ShmSeg] = []
        while XPending(handle) > 0 {
            var event = XEvent()
            XNextEvent(handle, &event)
            guard event.type == completionType else { continue }
            segments.append(withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            })
        }
        return segments
    }
}
