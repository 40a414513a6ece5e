/// The names of the value functions `CAValueFunction(name:)` provides.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's `kCAValueFunction…` constants.
    public let rawValue: String

    /// Creates a name from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One number: a rotation in radians about the x axis.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// One number: a rotation in radians about the y axis.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// One number: a rotation in radians about the z axis.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three numbers: a scale by (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// One number: a scale along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// One number: a scale along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// One number: a scale along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three numbers: a translation by (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// One number: a translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// One number: a translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// One number: a translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
