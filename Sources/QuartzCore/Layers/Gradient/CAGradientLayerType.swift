import Foundation

/// The geometry of a `CAGradientLayer` (Apple's `CAGradientLayerType`).
///
/// All three are laid out in the layer's unit coordinate space ((0, 0) is the bounds' origin
/// corner, (1, 1) the opposite one) and stretched with the bounds.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's name.
    public let rawValue: String
    /// A type by name; an unknown name draws as `.axial`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` (location 0) to `endPoint` (location 1);
    /// every line perpendicular to it in unit space has one colour (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary from `startPoint` (location 0) out to the ellipse centred there whose
    /// half-width and half-height are |endPoint.x − startPoint.x| and |endPoint.y − startPoint.y|
    /// (location 1); beyond it the last colour.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary with the angle around `startPoint`, from the direction towards `endPoint`
    /// (location 0) all the way round (location 1), turning from +x towards +y.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Bridges to `NSString` as Apple's typed string constants do (KVC, archiving).
extension CAGradientLayerType: _StrataStringNameBridging {}
