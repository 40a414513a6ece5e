/// The pixel format of a layer's backing store (Apple's `CALayerContentsFormat`).
///
/// Differs from Apple: Strata's backing stores are always 8-bit premultiplied BGRA; the format
/// is kept as set (KVC, archiving) but does not change how `display()` draws.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// 8 bits per channel, RGBA (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit half floats per channel.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// 8-bit grey.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
