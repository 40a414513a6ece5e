import Foundation

/// How a `CAShapeLayer` decides the inside of its path (Apple's `CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name.
    public let rawValue: String
    /// A rule by name; an unknown name fills as `.nonZero`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where the number of crossings is odd.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Bridges to `NSString` as Apple's typed string constants do (KVC, archiving).
extension CAShapeLayerFillRule: _StrataStringNameBridging {}
