/// How a context samples images it scales, with Apple's raw values.
///
/// Strata samples `.none` with nearest neighbour and every other level bilinearly.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (bilinear in Strata).
    case `default` = 0
    /// Nearest neighbour.
    case none = 1
    /// Low quality (bilinear in Strata).
    case low = 2
    /// High quality (bilinear in Strata).
    case high = 3
    /// Medium quality (bilinear in Strata).
    case medium = 4
}
