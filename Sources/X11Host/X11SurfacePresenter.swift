import CX11
import Foundation
import Raster

/// Presents frames into an existing window from one non-main thread, over a connection of its
/// own, so a render thread keeps frames flowing while the main thread (the app's) is busy.
///
/// Everything else about the window (events, resize, close) stays with the `X11Window` on the
/// main queue; X resources are shared between connections, so this connection can draw into the
/// window by its id. MIT-SHM double buffering with the same rules as `X11Window.present`
/// (never write a buffer before its `ShmCompletion`), falling back to `XPutImage`.
/// Use one presenter from one thread at a time.
public final class X11SurfacePresenter: @unchecked Sendable {
    private let handle: OpaquePointer
    private let window: UInt
    private let gc: GC
    private let format: PixelFormat
    private let packer: ChannelPacker?
    private let completionType: Int32
    private let pool: BufferPool

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
        XErrorTrap.quietly(on: handle) {
            XSync(handle, 0)
            pool.release()
            XFreeGC(handle, gc)
            _ = XCloseDisplay(handle)
        }
        XErrorTrap.forget(handle)
    }

    /// Whether frames go through MIT-SHM.
    public var usesSharedMemory: Bool { pool.usesSharedMemory }

    /// Blits `surface` to the window's top-left corner (the window clips what does not fit).
    public func present(_ surface: Surface) {
        present(surface, damage: nil)
    }

    /// Blits the rectangles of `surface` where it differs from the last frame presented
    /// (`damage`; nil: everywhere, as after an expose or a resize). Only they are put into the
    /// window, and the free buffer copies only what it misses (it holds an older frame).
    public func present(_ surface: Surface, damage: [IntRect]?) {
        let w = surface.width, h = surface.height
        guard w > 0, h > 0, let buffer = freeBuffer(width: w, height: h) else { return }
        let whole = IntRect(x0: 0, y0: 0, x1: w, y1: h)
        let held = buffer.heldPresent
        let serial = history.record(damage)
        buffer.write(surface, rects: history.damageSinceFrame(held) ?? [whole], format: format, packer: packer)
        buffer.heldPresent = serial
        let rects = damage ?? [whole]
        let pixels = buffer.put(rects, display: handle, drawable: window, gc: gc)
        counters.withLock { $0.pixels += pixels; $0.rectangles += rects.count; $0.presents += 1 }
        XFlush(handle)
        drainCompletions()
    }

    /// Presents a frame that `draw` renders straight into the free buffer the server reads (a
    /// `width` × `height` surface over the MIT-SHM segment, or the plain image): no copy of the
    /// frame on this side. `draw` returns the rectangles where its frame differs from the frame
    /// the window shows (nil: everywhere); only they are put into the window. The surface holds
    /// an older frame (the buffers take turns), so `draw` must bring all of it up to date
    /// (`CARenderer.draw(_:into:)` does, from what it knows each target holds). Returns false,
    /// drawing nothing, when the buffers are not 32-bit BGRA: the caller then presents a copy
    /// with `present(_:damage:)`.
    @discardableResult
    public func presentDamage(width: Int, height: Int, drawingWith draw: (Surface) -> [IntRect]?) -> Bool {
        guard packer == nil, width > 0, height > 0, let buffer = freeBuffer(width: width, height: height),
              let target = buffer.surface else { return false }
        // A later copy-present must not trust what this buffer held before.
        buffer.heldPresent = 0
        history.reset()
        let whole = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        let rects = draw(target) ?? [whole]
        guard !rects.isEmpty else { return true }
        let pixels = buffer.put(rects, display: handle, drawable: window, gc: gc)
        counters.withLock { $0.pixels += pixels; $0.rectangles += rects.count; $0.presents += 1 }
        XFlush(handle)
        drainCompletions()
        return true
    }

    /// Waits until the server has handled every put sent so far (`XSync` on this connection):
    /// call before the window is destroyed, or a put still queued there fails with BadDrawable
    /// (the server interleaves the two connections' requests freely).
    public func synchronize() {
        XErrorTrap.quietly(on: handle) { XSync(handle, 0) }
        drainCompletions()
    }

    /// Whether `presentDamage(width:height:drawingWith:)` can draw into the window's buffers
    /// (the visual is 32-bit BGRA, LSB first).
    public var drawsInPlace: Bool { packer == nil }

    /// Pixels and rectangles put into the window, and presents, since the presenter opened
    /// (readable from any thread: a debug counter for tests and the HUD).
    public var presentedTotals: (pixels: Int, rectangles: Int, presents: Int) {
        counters.withLock { ($0.pixels, $0.rectangles, $0.presents) }
    }
    private struct Totals { var pixels = 0, rectangles = 0, presents = 0 }
    private let counters = LockedState(Totals())
    private var history = DamageLog()

    /// Marks buffers whose `ShmCompletion` arrived as free (this connection selects no other events).
    private func drainCompletions() {
        while XPending(handle) > 0 {
            var event = XEvent()
            XNextEvent(handle, &event)
            guard event.type == completionType else { continue }
            let seg = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            }
            pool.completed(segment: seg)
        }
    }

    private func freeBuffer(width: Int, height: Int) -> ImageBuffer? {
        pool.freeBuffer(width: width, height: height) { drainCompletions() }
    }
}
