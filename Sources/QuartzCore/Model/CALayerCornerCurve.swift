/// The shape of a layer's rounded corners (Apple's `CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name.
    public let rawValue: String
    /// A curve by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle of radius `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous-curvature ("squircle") corner.
    ///
    /// Differs from Apple: Strata draws it as `.circular` (same radius); only the property and
    /// `CALayer.cornerCurveExpansionFactor(_:)` are Apple's.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
