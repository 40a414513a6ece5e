/// How particles are composited (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple spells it.
    public let rawValue: String
    /// The value with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In no particular order, source-over (the default; Strata draws cell by cell, oldest first).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles first (underneath), source-over.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest particles last (on top), source-over.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by z, the farthest first, source-over.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added together (Raster's plusLighter blend mode).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
