/// One input or window event of an `X11Window`, delivered on the main queue.
///
/// Strata's own type (Apple delivers `UIEvent`/`NSEvent`). Positions are in window pixels,
/// origin top left, y down, as X11 reports them.
public enum X11Event: Sendable, Equatable {
    /// A mouse button went down at (`x`, `y`); `modifiers` is the state before the press.
    case mouseDown(button: X11MouseButton, x: Int, y: Int, modifiers: X11Modifiers)
    /// A mouse button went up at (`x`, `y`); `modifiers` still holds that button.
    case mouseUp(button: X11MouseButton, x: Int, y: Int, modifiers: X11Modifiers)
    /// The pointer moved to (`x`, `y`); held buttons show in `modifiers` (`.button1`…).
    /// Consecutive moves waiting in one batch are coalesced into the last one.
    case mouseMove(x: Int, y: Int, modifiers: X11Modifiers)
    /// A key was pressed: its keysym (see `X11KeySym`), the printable character it types
    /// (`nil` for Escape, arrows and other non-printing keys) and the modifier state.
    case keyDown(keysym: UInt32, character: Character?, modifiers: X11Modifiers)
    /// The window changed size; the next `present` fills a buffer of this size.
    case resize(width: Int, height: Int)
    /// Part of the window lost its contents and should be presented again.
    /// Sent once per batch of exposed rectangles.
    case expose
    /// The window manager asks the window to close (`WM_DELETE_WINDOW`).
    case closeRequest
    /// The window was destroyed by someone else (e.g. `xdotool windowclose`).
    case destroyed
}
