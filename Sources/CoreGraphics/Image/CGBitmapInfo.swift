/// Bitmap layout flags: alpha info, float components and byte order, with Apple's raw values.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The raw flags.
    public let rawValue: UInt32
    /// Creates flags from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits holding a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits holding float information.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits holding a `CGImageByteOrderInfo`.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// Default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)
}
