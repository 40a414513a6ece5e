/// A display time stamp, as Core Video's struct that `CARenderer.beginFrame(atTime:timeStamp:)`
/// takes on Apple platforms.
///
/// Strata ignores time stamps (frames are timed by media time alone); the struct exists so
/// that Apple code passing one compiles. `smpteTime` is left out.
public struct CVTimeStamp: Sendable {
    /// The structure version (0).
    public var version: UInt32 = 0
    /// The scale of `videoTime`.
    public var videoTimeScale: Int32 = 0
    /// The video time, in `videoTimeScale` units.
    public var videoTime: Int64 = 0
    /// The host time.
    public var hostTime: UInt64 = 0
    /// The rate relative to the nominal rate.
    public var rateScalar: Double = 0
    /// The refresh period, in `videoTimeScale` units.
    public var videoRefreshPeriod: Int64 = 0
    /// Which fields are valid.
    public var flags: UInt64 = 0
    /// Reserved.
    public var reserved: UInt64 = 0

    /// An all-zero time stamp.
    public init() {}
}
