import CX11

extension X11Window {
    /// Turns one X event for this window into an `X11Event`, or nil for events that only
    /// update state (`ShmCompletion`, moves without resize, partial exposes, …).
    func translate(_ event: inout XEvent) -> X11Event? {
        let type = event.type
        switch type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            let button = X11MouseButton(x11Button: e.button)
            let modifiers = X11Modifiers(rawValue: e.state)
            return type == ButtonPress
                ? .mouseDown(button: button, x: Int(e.x), y: Int(e.y), modifiers: modifiers)
                : .mouseUp(button: button, x: Int(e.x), y: Int(e.y), modifiers: modifiers)
        case MotionNotify:
            let e = event.xmotion
            return .mouseMove(x: Int(e.x), y: Int(e.y), modifiers: X11Modifiers(rawValue: e.state))
        case KeyPress:
            var keysym: KeySym = 0
            var text = [CChar](repeating: 0, count: 8)
            let count = XLookupString(&event.xkey, &text, Int32(text.count), &keysym, nil)
            var character: Character?
            if count == 1 {
                // XLookupString returns Latin-1; control characters (Escape, Tab…) are not printable.
                let byte = UInt8(bitPattern: text[0])
                if byte >= 0x20 && byte != 0x7F { character = Character(Unicode.Scalar(byte)) }
            }
            return .keyDown(keysym: UInt32(truncatingIfNeeded: keysym), character: character,
                            modifiers: X11Modifiers(rawValue: event.xkey.state))
        case ConfigureNotify:
            let e = event.xconfigure
            guard Int(e.width) != width || Int(e.height) != height else { return nil }
            updateSize(width: Int(e.width), height: Int(e.height))
            return .resize(width: width, height: height)
        case Expose:
            return event.xexpose.count == 0 ? .expose : nil
        case ClientMessage:
            let e = event.xclient
            guard e.message_type == display.atoms.wmProtocols,
                  Atom(truncatingIfNeeded: e.data.l.0) == display.atoms.wmDeleteWindow else { return nil }
            return .closeRequest
        case DestroyNotify:
            guard event.xdestroywindow.window == windowID else { return nil }
            markDestroyed()
            return .destroyed
        case display.shmCompletionType:
            let segment = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            }
            pool.completed(segment: segment)
            return nil
        default:
            return nil
        }
    }
}
