import Foundation

/// The properties `CATiledLayer` adds to `CALayer`, with Apple's defaults, and the tiles drawn
/// for the last display pass (what the render side shows).
package struct TiledLayerState: LayerKindState, @unchecked Sendable {
    package static let propertyKeys: [String] = ["tileSize", "levelsOfDetail", "levelsOfDetailBias"]
    /// The largest tile, in pixels (Apple's default 256 × 256).
    package var tileSize = CGSize(width: 256, height: 256)
    /// How many levels of detail the layer keeps (Apple's default 1).
    package var levelsOfDetail = 1
    /// How many of those levels magnify (Apple's default 0).
    package var levelsOfDetailBias = 0
    /// The visible tiles, drawn on the app thread; not a KVC property.
    package var tiles: [TileImage] = []

    package init() {}

    package func propertyValue(forKey key: String) -> Any?? {
        switch key {
        case "tileSize": return .some(tileSize as Any?)
        case "levelsOfDetail": return .some(levelsOfDetail as Any?)
        case "levelsOfDetailBias": return .some(levelsOfDetailBias as Any?)
        default: return nil
        }
    }

    package mutating func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "tileSize": guard let v = KVCValue.size(value) else { return false }; tileSize = v
        case "levelsOfDetail": guard let v = Self.integer(value) else { return false }; levelsOfDetail = v
        case "levelsOfDetailBias": guard let v = Self.integer(value) else { return false }; levelsOfDetailBias = v
        default: return false
        }
        return true
    }

    /// An integer from a KVC value (an Int or a number that is a whole value in Int's range).
    private static func integer(_ value: Any?) -> Int? {
        if let i = value as? Int { return i }
        guard let d = KVCValue.double(value), d.isFinite, d == d.rounded(),
              abs(d) < 9.0e18 else { return nil }
        return Int(d)
    }
}

extension LayerState {
    /// Whether a tile of this (tiled) layer is still fading in after media time `t`: what it
    /// draws then changes with time alone, with nothing committed.
    package func hasTilesFading(after t: CFTimeInterval) -> Bool {
        tiled?.tiles.contains { $0.fades(after: t) } ?? false
    }
}
