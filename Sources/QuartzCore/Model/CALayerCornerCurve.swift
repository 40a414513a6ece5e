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
    /// The background, border and `masksToBounds` clip leave each edge `cornerRadius × 1.528665`
    /// from the corner and blend into it with continuous curvature. Differs from Apple: Strata's
    /// own cubic construction (close to, not pixel-identical with, Apple's curve); a clip larger
    /// than 4 M device pixels, or partly behind the eye, stays circular (same radius).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
