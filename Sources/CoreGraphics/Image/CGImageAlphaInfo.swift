/// Where alpha is stored in a pixel and whether colors are premultiplied, with Apple's raw values.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Premultiplied alpha, last (RGBA).
    case premultipliedLast = 1
    /// Premultiplied alpha, first (ARGB).
    case premultipliedFirst = 2
    /// Straight alpha, last.
    case last = 3
    /// Straight alpha, first.
    case first = 4
    /// No alpha; the last byte is ignored.
    case noneSkipLast = 5
    /// No alpha; the first byte is ignored.
    case noneSkipFirst = 6
    /// Alpha only, no color.
    case alphaOnly = 7
}
