/// A range of frame rates a display link would like, as on Apple platforms.
public struct CAFrameRateRange: Sendable, Equatable {
    /// The lowest acceptable rate, in frames per second.
    public var minimum: Float
    /// The highest acceptable rate, in frames per second.
    public var maximum: Float
    /// The preferred rate, or nil for the maximum.
    public var preferred: Float?

    /// A range; `preferred` nil means "as fast as allowed".
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The default: the display's rate (Strata's display runs at 60 Hz).
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
