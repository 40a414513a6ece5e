import CX11
import Foundation

/// Process-wide Xlib error and I/O-error handlers.
///
/// Xlib's default error handler exits the process on any protocol error; ours prints the
/// error and carries on, unless a caller is trapping errors on that display (to learn whether
/// `XShmAttach` or a `XSendEvent` worked), in which case the first error is recorded instead.
enum XErrorTrap {
    /// Exit code when the X server goes away mid-run (`EX_IOERR` of sysexits.h).
    static let connectionLostExitCode: Int32 = 74

    private static let lock = NSLock()
    /// Displays being trapped, by `Display*` address → first error text (nil: none yet).
    nonisolated(unsafe) private static var trapped: [UInt: String?] = [:]
    nonisolated(unsafe) private static var installed = false
    /// Displays being torn down: losing the server there is harmless and must not exit.
    nonisolated(unsafe) private static var quiet: Set<UInt> = []
    /// Displays whose server went away during a teardown; the next use of them exits.
    nonisolated(unsafe) private static var lost: Set<UInt> = []

    private static func key(_ display: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))
    }

    /// Lets Xlib return from an I/O error on `display` instead of exiting, when we say so.
    static func allowQuietTeardown(of display: OpaquePointer) {
        XSetIOErrorExitHandler(display, ioErrorExitHandler, nil)
    }

    /// Runs teardown calls (`XDestroyWindow`, `XCloseDisplay`…) that may find the server gone:
    /// if so the display is marked lost, and the program goes on.
    static func quietly(on display: OpaquePointer, _ body: () -> Void) {
        lock.lock(); quiet.insert(key(display)); lock.unlock()
        body()
        lock.lock(); quiet.remove(key(display)); lock.unlock()
    }

    /// Whether the server went away during a quiet teardown on `display`.
    static func isLost(_ display: OpaquePointer) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return lost.contains(key(display))
    }

    /// Forgets `display` once it has been closed (its address may be reused).
    static func forget(_ display: OpaquePointer) {
        lock.lock(); lost.remove(key(display)); lock.unlock()
    }

    /// Prints the lost-connection message and exits with `connectionLostExitCode`.
    static func exitForLostConnection(name: String) -> Never {
        writeStandardError("X11Host: lost the connection to the X server on display \"\(name)\"; exiting\n")
        exit(connectionLostExitCode)
    }

    /// Installs the handlers once per process.
    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        _ = XSetErrorHandler(errorHandler)
        _ = XSetIOErrorHandler(ioErrorHandler)
    }

    /// Runs `body`, then a round trip (`XSync`), and returns the first X error it caused.
    static func firstError(on display: OpaquePointer, _ body: () -> Void) -> String? {
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))
        lock.lock(); trapped[key] = .some(nil); lock.unlock()
        body()
        XSync(display, 0)
        lock.lock(); let error = trapped.removeValue(forKey: key) ?? nil; lock.unlock()
        return error
    }

    private static let errorHandler: XErrorHandler = { display, event in
        guard let display, let event else { return 0 }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            + " (request \(event.pointee.request_code).\(event.pointee.minor_code))"
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))
        XErrorTrap.lock.lock()
        let isTrapped = XErrorTrap.trapped[key] != nil
        if isTrapped, XErrorTrap.trapped[key]! == nil { XErrorTrap.trapped[key] = .some(message) }
        XErrorTrap.lock.unlock()
        if !isTrapped { writeStandardError("X11Host: X error: \(message)\n") }
        return 0
    }

    private static let ioErrorHandler: XIOErrorHandler = { display in
        if let display {
            XErrorTrap.lock.lock()
            let isQuiet = XErrorTrap.quiet.contains(XErrorTrap.key(display))
            if isQuiet { XErrorTrap.lost.insert(XErrorTrap.key(display)) }
            XErrorTrap.lock.unlock()
            // Returning lets Xlib call the display's exit handler below, which returns too.
            if isQuiet { return 0 }
        }
        let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
        XErrorTrap.exitForLostConnection(name: name)
    }

    private static let ioErrorExitHandler: XIOErrorExitHandler = { display, _ in
        guard let display, !XErrorTrap.isLost(display) else { return }
        let name = String(cString: XDisplayString(display))
        XErrorTrap.exitForLostConnection(name: name)
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Writes `text` to file descriptor 2 in one unbuffered `write`.
func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
