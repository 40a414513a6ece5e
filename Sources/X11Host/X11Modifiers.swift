import CX11

/// Modifier keys and held pointer buttons, as in an X11 event's `state` field.
///
/// Strata's own type; the raw values are X11's masks, so `rawValue` is the event state.
public struct X11Modifiers: OptionSet, Sendable, Hashable {
    /// The X11 state bits.
    public let rawValue: UInt32
    /// Wraps an X11 state value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shift (`ShiftMask`).
    public static let shift = X11Modifiers(rawValue: UInt32(ShiftMask))
    /// Caps Lock (`LockMask`).
    public static let capsLock = X11Modifiers(rawValue: UInt32(LockMask))
    /// Control (`ControlMask`).
    public static let control = X11Modifiers(rawValue: UInt32(ControlMask))
    /// Alt, usually (`Mod1Mask`).
    public static let alt = X11Modifiers(rawValue: UInt32(Mod1Mask))
    /// Super / Windows key, usually (`Mod4Mask`).
    public static let superKey = X11Modifiers(rawValue: UInt32(Mod4Mask))
    /// Pointer button 1 held (`Button1Mask`).
    public static let button1 = X11Modifiers(rawValue: UInt32(Button1Mask))
    /// Pointer button 2 held (`Button2Mask`).
    public static let button2 = X11Modifiers(rawValue: UInt32(Button2Mask))
    /// Pointer button 3 held (`Button3Mask`).
    public static let button3 = X11Modifiers(rawValue: UInt32(Button3Mask))
}
