/// A pointer button as X11 numbers them.
///
/// Strata's own type. X11 reports the scroll wheel as buttons 4–7.
public enum X11MouseButton: Sendable, Equatable, Hashable {
    /// Button 1.
    case left
    /// Button 2.
    case middle
    /// Button 3.
    case right
    /// Button 4: one wheel step up.
    case scrollUp
    /// Button 5: one wheel step down.
    case scrollDown
    /// Any other button, by its X11 number.
    case other(UInt32)

    /// The button for an X11 button number.
    public init(x11Button: UInt32) {
        switch x11Button {
        case 1: self = .left
        case 2: self = .middle
        case 3: self = .right
        case 4: self = .scrollUp
        case 5: self = .scrollDown
        default: self = .other(x11Button)
        }
    }
}
