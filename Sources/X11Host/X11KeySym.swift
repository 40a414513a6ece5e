import CX11

/// The X11 keysyms a Strata app usually looks for, as `UInt32` (compare with
/// `X11Event.keyDown`'s `keysym`).
///
/// Strata's own type. Letters follow the case typed: Shift+S gives `S`, not `s`.
public enum X11KeySym {
    /// Escape.
    public static let escape = UInt32(XK_Escape)
    /// Space bar.
    public static let space = UInt32(XK_space)
    /// Return / Enter.
    public static let returnKey = UInt32(XK_Return)
    /// Left arrow.
    public static let left = UInt32(XK_Left)
    /// Right arrow.
    public static let right = UInt32(XK_Right)
    /// Up arrow.
    public static let up = UInt32(XK_Up)
    /// Down arrow.
    public static let down = UInt32(XK_Down)
    /// Lower-case `q`.
    public static let q = UInt32(XK_q)
    /// Lower-case `f`.
    public static let f = UInt32(XK_f)
    /// Lower-case `s`.
    public static let s = UInt32(XK_s)
    /// Lower-case `d`.
    public static let d = UInt32(XK_d)
    /// Upper-case `S` (Shift+S).
    public static let capitalS = UInt32(XK_S)
}
