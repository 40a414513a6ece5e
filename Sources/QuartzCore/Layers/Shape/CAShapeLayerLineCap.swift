import Foundation

/// How a `CAShapeLayer` draws the ends of open stroked subpaths (Apple's `CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name.
    public let rawValue: String
    /// A cap by name; an unknown name draws as `.butt`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The stroke ends at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half disc around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Half a line width beyond the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// Bridges to `NSString` as Apple's typed string constants do (KVC, archiving).
extension CAShapeLayerLineCap: _StrataStringNameBridging {}
