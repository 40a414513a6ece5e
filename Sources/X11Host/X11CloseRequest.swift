import CX11
import Foundation

/// Sends `window` on `display` (or `$DISPLAY`) the window manager's close request, a
/// `WM_PROTOCOLS` `ClientMessage` carrying `WM_DELETE_WINDOW`, as a close button does.
///
/// Strata's own function, for tests: Debian's `xdotool windowclose` destroys the window
/// instead. Throws `X11Error` when there is no display or the window does not exist.
public func sendCloseRequest(display: String?, window: UInt) throws {
    let requested = display ?? getenv("DISPLAY").map { String(cString: $0) }
    guard let requested, !requested.isEmpty else { throw X11Error.noDisplay }
    XErrorTrap.install()
    guard let d = XOpenDisplay(requested) else { throw X11Error.cannotConnect(display: requested) }
    XErrorTrap.allowQuietTeardown(of: d)
    defer {
        XErrorTrap.quietly(on: d) { _ = XCloseDisplay(d) }
        XErrorTrap.forget(d)
    }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = Window(window)
    event.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(d, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    let error = XErrorTrap.firstError(on: d) {
        _ = XSendEvent(d, Window(window), 0, NoEventMask, &event)
    }
    if let error { throw X11Error.requestFailed("sending WM_DELETE_WINDOW to window \(window): \(error)") }
}
