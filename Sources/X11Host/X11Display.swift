import CX11
import Dispatch
import Foundation

/// A connection to an X server, with the event source that feeds its windows.
///
/// Strata's own type. Main-actor bound: Xlib call sequences need one owner. Events are read by a
/// `DispatchSource` on the main queue and handed to the `X11Window` they belong to. If the server
/// goes away mid-run the process prints a message and exits with `connectionLostExitCode`;
/// closing windows or dropping the display after that is quiet (no exit from teardown alone).
@MainActor
public final class X11Display {
    /// The exit code used when the X server goes away mid-run (74, `EX_IOERR`).
    public nonisolated static let connectionLostExitCode: Int32 = XErrorTrap.connectionLostExitCode

    /// The display name connected to, as Xlib reports it (e.g. `":1"`).
    public let name: String
    /// Whether the server offers MIT-SHM; presents may still fall back if attaching fails.
    public let supportsSharedMemory: Bool
    /// Whether presents convert each pixel (the visual is not 32-bit BGRA LSB-first).
    public var convertsPixels: Bool { packer != nil }

    let handle: OpaquePointer
    let screen: Int32
    let format: PixelFormat
    let packer: ChannelPacker?
    let shmCompletionType: Int32
    let atoms: Atoms
    /// Set once an attach failed: every window then uses `XPutImage`.
    var sharedMemoryFailed = false

    private var source: DispatchSourceRead?
    private var windows: [UInt: WeakWindow] = [:]
    /// Events read and not yet delivered, with the server's time of pointer events (ms).
    private var pending: [(window: X11Window, event: X11Event, time: UInt32?)] = []
    private var isDelivering = false
    private var deliveryScheduled = false
    private var notesShown: Set<String> = []

    struct Atoms {
        let wmProtocols: Atom, wmDeleteWindow: Atom, netWMName: Atom, utf8String: Atom, netWMPid: Atom
    }

    private struct WeakWindow { weak var window: X11Window? }

    /// Connects to the display `name`, or to `$DISPLAY` when `name` is nil.
    ///
    /// Throws `X11Error.noDisplay` or `.cannotConnect` ("no X server: … set DISPLAY or use
    /// --headless") when there is no server to talk to.
    public init(name: String? = nil) throws {
        let requested = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let requested, !requested.isEmpty else { throw X11Error.noDisplay }
        XErrorTrap.install()
        guard let handle = XOpenDisplay(requested) else { throw X11Error.cannotConnect(display: requested) }
        self.handle = handle
        XErrorTrap.allowQuietTeardown(of: handle)
        self.name = String(cString: XDisplayString(handle))
        screen = XDefaultScreen(handle)
        switch PixelFormat.read(display: handle, screen: screen) {
        case .success(let format): self.format = format
        case .failure(let error):
            XCloseDisplay(handle)
            throw error
        }
        packer = format.isNative ? nil : ChannelPacker(format)
        supportsSharedMemory = XShmQueryExtension(handle) != 0
        shmCompletionType = supportsSharedMemory ? XShmGetEventBase(handle) + ShmCompletion : -1
        func atom(_ name: String) -> Atom { XInternAtom(handle, name, 0) }
        atoms = Atoms(wmProtocols: atom("WM_PROTOCOLS"), wmDeleteWindow: atom("WM_DELETE_WINDOW"),
                      netWMName: atom("_NET_WM_NAME"), utf8String: atom("UTF8_STRING"), netWMPid: atom("_NET_WM_PID"))
        if !format.isNative {
            note("X11Host: the visual is not 32-bit BGRA LSB-first (\(format.summary)); converting every pixel on present (slow)")
        }
        source = Self.makeEventSource(fd: XConnectionNumber(handle), owner: self)
        deliverQueuedEventsLater()
    }

    isolated deinit {
        source?.cancel()
        XErrorTrap.quietly(on: handle) { _ = XCloseDisplay(handle) }
        XErrorTrap.forget(handle)
    }

    /// Reads every event Xlib has or the socket holds, then delivers them to the windows'
    /// `onEvent` handlers. The event source calls this; so does every `present`.
    ///
    /// Handlers may call Xlib, which reads the socket as it flushes (XCB polls for input while
    /// writing) or waits for a reply: events read that way are in Xlib's queue, no longer on the
    /// socket, and the read source would never fire for them. So this repeats until Xlib's queue
    /// is empty after the handlers ran.
    public func processEvents() {
        // The server went away while a window was being closed; any further use ends here.
        if XErrorTrap.isLost(handle) { XErrorTrap.exitForLostConnection(name: name) }
        repeat {
            pullEvents()
            deliverPending()
        } while !isDelivering && XEventsQueued(handle, QueuedAfterReading) > 0
    }

    /// Sends the requests buffered so far (`XFlush`), then picks up any event the flush read.
    func flush() {
        XFlush(handle)
        deliverQueuedEventsLater()
    }

    /// Root cause of windows that missed their first Expose: any Xlib call outside
    /// `processEvents` that flushes or waits for a reply (`XFlush`, `XSync`, an atom lookup) may
    /// read the events waiting on the socket into Xlib's queue. When it does so before the
    /// read source's thread looks (likely on a loaded machine), the source sees an empty socket
    /// and never fires; the events waited for the next present. After such calls this looks in
    /// Xlib's queue (without blocking) and, if events are there, delivers them from the main
    /// queue, as the read source would have.
    func deliverQueuedEventsLater() {
        guard !deliveryScheduled, XEventsQueued(handle, QueuedAfterReading) > 0 else { return }
        deliveryScheduled = true
        Self.scheduleDelivery(owner: self)
    }

    /// Waits until the server has handled every request sent so far (`XSync`), then delivers
    /// the events that arrived meanwhile. For tests and screenshots; presenting never needs it.
    public func synchronize() {
        XSync(handle, 0)
        processEvents()
    }

    /// Prints `message` on stderr the first time it is noted on this display.
    func note(_ message: String) {
        guard notesShown.insert(message).inserted else { return }
        writeStandardError(message + "\n")
    }

    func register(_ window: X11Window) { windows[window.windowID] = WeakWindow(window: window) }
    func unregister(_ window: X11Window) { windows[window.windowID] = nil }

    /// Moves events from Xlib into the pending queue without running any handler.
    func pullEvents() {
        while XPending(handle) > 0 {
            var event = XEvent()
            XNextEvent(handle, &event)
            guard let window = windows[UInt(event.xany.window)]?.window,
                  let translated = window.translate(&event) else { continue }
            let time = Self.serverTime(of: event)
            if case .mouseMove = translated, let last = pending.last, last.window === window,
               case .mouseMove = last.event {
                pending[pending.count - 1].event = translated
                pending[pending.count - 1].time = time
            } else {
                pending.append((window, translated, time))
            }
        }
    }

    private func deliverPending() {
        // A handler may present, which delivers again: the outer loop carries on instead.
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pending.isEmpty {
            let (window, event, time) = pending.removeFirst()
            window.currentEventServerTime = time
            window.onEvent?(event)
            window.currentEventServerTime = nil
        }
    }

    /// The server's time of a pointer event, in milliseconds (nil for other events).
    private static func serverTime(of event: XEvent) -> UInt32? {
        switch event.type {
        case ButtonPress, ButtonRelease: UInt32(truncatingIfNeeded: event.xbutton.time)
        case MotionNotify: UInt32(truncatingIfNeeded: event.xmotion.time)
        default: nil
        }
    }

    /// Nonisolated so the handler closure does not inherit main-actor isolation (a main-actor
    /// closure fired by Dispatch dies with SIGILL); the source runs on the main queue, so
    /// `assumeIsolated` holds.
    ///
    /// The source watches a duplicate of the connection's descriptor and closes it in its cancel
    /// handler. Dispatch must not see its descriptor closed before cancellation completes:
    /// `XCloseDisplay` closing it directly let the next display reuse the number while the old
    /// registration was still live, and that display then never heard of its events.
    private nonisolated static func scheduleDelivery(owner: X11Display) {
        DispatchQueue.main.async { @Sendable [weak owner] in
            MainActor.assumeIsolated {
                owner?.deliveryScheduled = false
                owner?.processEvents()
            }
        }
    }

    private nonisolated static func makeEventSource(fd: Int32, owner: X11Display) -> DispatchSourceRead {
        let watched = dup(fd)
        let source = DispatchSource.makeReadSource(fileDescriptor: watched >= 0 ? watched : fd, queue: .main)
        source.setEventHandler { @Sendable [weak owner] in
            MainActor.assumeIsolated { owner?.processEvents() }
        }
        if watched >= 0 { source.setCancelHandler { @Sendable in close(watched) } }
        source.resume()
        return source
    }
}
