/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// One point, `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` × `emitterDepth` centred on the emitter's position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of diameter `emitterSize.width` in the layer's plane.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of diameter `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}
