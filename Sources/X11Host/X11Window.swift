import CX11
import Foundation
import Raster

/// A titled, resizable top-level X11 window that shows `Surface`s.
///
/// Strata's own type (the role `UIWindow` + `CAMetalLayer` play on Apple platforms). Presents
/// go through MIT-SHM with three buffers taking turns, or `XPutImage` when shared memory is unavailable.
@MainActor
public final class X11Window {
    /// The connection this window lives on.
    public let display: X11Display
    /// The X11 window id (XID), e.g. for `xdotool` or `sendCloseRequest`.
    public let windowID: UInt
    /// The title shown by the window manager (`WM_NAME` and `_NET_WM_NAME`).
    public var title: String { didSet { if !isClosed { storeTitle() } } }
    /// Current width in pixels, updated by `ConfigureNotify` before the `.resize` event.
    public private(set) var width: Int
    /// Current height in pixels, updated by `ConfigureNotify` before the `.resize` event.
    public private(set) var height: Int
    /// Called on the main queue for every event of this window.
    public var onEvent: ((X11Event) -> Void)?
    /// While `onEvent` handles a pointer event: the X server's time of it, in milliseconds
    /// (wrapping every 49.7 days), else nil. Events are handled in batches, later than they
    /// happened: this is when the pointer moved, for velocities.
    public internal(set) var currentEventServerTime: UInt32?
    /// Timing of the last present and the path in use, for a HUD.
    public internal(set) var frameInfo = X11FrameInfo()
    /// Whether `close()` was called or the window was destroyed.
    public private(set) var isClosed = false

    let gc: GC
    /// The buffers presents are made from (created with the window).
    let pool: BufferPool
    /// Where `present(drawingWith:)` draws when the visual needs converting (no direct drawing).
    var scratchSurface: Surface?
    /// The damage of the last presents, to bring a buffer up to date (`present(_:damage:)`).
    var presentHistory = DamageLog()

    /// Creates and maps a window of `width`×`height` pixels titled `title`.
    ///
    /// Throws `X11Error.invalidWindowSize` unless both sizes are in `1...16384`.
    public init(display: X11Display, title: String, width: Int, height: Int) throws {
        let limit = 1...Surface.maximumDimension
        guard limit.contains(width), limit.contains(height) else {
            throw X11Error.invalidWindowSize(width: width, height: height)
        }
        let d = display.handle
        self.display = display
        self.title = title
        self.width = width
        self.height = height
        var attributes = XSetWindowAttributes()
        // No background: the server never clears what was presented (no flash on expose).
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask
        windowID = XCreateWindow(d, XRootWindow(d, display.screen), 0, 0, UInt32(width), UInt32(height), 0,
                                 display.format.depth, UInt32(InputOutput), display.format.visual,
                                 UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        gc = XCreateGC(d, windowID, 0, nil)
        pool = BufferPool(display: d, format: display.format,
                          sharedMemory: display.supportsSharedMemory && !display.sharedMemoryFailed) { [weak display] message in
            MainActor.assumeIsolated { display?.note(message) }
        }
        pool.onSharedMemoryFailure = { [weak display] in MainActor.assumeIsolated { display?.sharedMemoryFailed = true } }
        XSetGraphicsExposures(d, gc, 0)
        var deleteWindow = display.atoms.wmDeleteWindow
        XSetWMProtocols(d, windowID, &deleteWindow, 1)
        frameInfo.convertsPixels = display.convertsPixels
        frameInfo.usesSharedMemory = display.supportsSharedMemory && !display.sharedMemoryFailed
        storeTitle()
        storeProcessID()
        display.register(self)
        XMapWindow(d, windowID)
        display.flush()
    }

    isolated deinit { close() }

    /// Destroys the window and frees its buffers (and their shared memory). Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        display.unregister(self)
        // Quiet: a window closed after the server died must not end the program by itself.
        XErrorTrap.quietly(on: display.handle) {
            releaseBuffers()
            XFreeGC(display.handle, gc)
            XDestroyWindow(display.handle, windowID)
            // The round trip makes the server detach the segments now, not at some later flush.
            XSync(display.handle, 0)
        }
        // The round trip may have read other windows' events off the socket.
        if !XErrorTrap.isLost(display.handle) { display.deliverQueuedEventsLater() }
    }

    /// Records a size from `ConfigureNotify`; buffers follow on the next present.
    func updateSize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The window was destroyed from outside: free what is ours, but not the window.
    func markDestroyed() {
        guard !isClosed else { return }
        isClosed = true
        releaseBuffers()
        XFreeGC(display.handle, gc)
        display.unregister(self)
    }

    func releaseBuffers() { pool.release() }

    /// `_NET_WM_PID` (EWMH): which process owns the window, what window managers and tools such
    /// as `xdotool search --pid` read.
    private func storeProcessID() {
        let pid = UInt(getpid())   // format-32 data are C longs
        let cardinal: Atom = 6     // XA_CARDINAL (a cast macro Swift does not import)
        withUnsafeBytes(of: pid) { bytes in
            _ = XChangeProperty(display.handle, windowID, display.atoms.netWMPid, cardinal, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func storeTitle() {
        let d = display.handle
        XStoreName(d, windowID, title)
        let bytes = Array(title.utf8)
        XChangeProperty(d, windowID, display.atoms.netWMName, display.atoms.utf8String, 8,
                        PropModeReplace, bytes, Int32(bytes.count))
        display.flush()
    }
}
