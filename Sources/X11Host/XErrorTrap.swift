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
        let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
        writeStandardError("X11Host: lost the connection to the X server on display \"\(name)\"; exiting\n")
        exit(XErrorTrap.connectionLostExitCode)
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
