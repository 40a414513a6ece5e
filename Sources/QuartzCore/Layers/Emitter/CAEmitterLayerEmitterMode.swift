/// Where on the emitter shape particles are born (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At the shape's points (corners, end points; the centre of a circle or sphere).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// On the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// On the shape's surface (a rectangle's or circle's area, a cuboid's faces, a sphere's skin).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}
