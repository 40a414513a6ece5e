/// The byte order of a pixel's components, with Apple's raw values.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The mask that selects the byte order in a `CGBitmapInfo`.
    case orderMask = 0x7000
    /// The default (big-endian, memory order as named by the alpha info).
    case orderDefault = 0
    /// 16-bit little-endian words.
    case order16Little = 0x1000
    /// 32-bit little-endian words: premultiplied-first is B, G, R, A in memory.
    case order32Little = 0x2000
    /// 16-bit big-endian words.
    case order16Big = 0x3000
    /// 32-bit big-endian words.
    case order32Big = 0x4000
}
