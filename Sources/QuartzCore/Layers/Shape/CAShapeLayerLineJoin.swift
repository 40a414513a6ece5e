import Foundation

/// How a `CAShapeLayer` joins the segments of its stroked path (Apple's `CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name.
    public let rawValue: String
    /// A join by name; an unknown name draws as `.miter`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, bevelled beyond `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A circular arc around the corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// The corner cut off straight.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// Bridges to `NSString` as Apple's typed string constants do (KVC, archiving).
extension CAShapeLayerLineJoin: _StrataStringNameBridging {}
