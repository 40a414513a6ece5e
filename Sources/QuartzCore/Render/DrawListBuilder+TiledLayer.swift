import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CATiledLayer`'s own content.
    func emitTiledContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {}

    /// The overlapping parts a `CATiledLayer` draws (0 for other layers).
    static func tiledPartCount(_ s: LayerState) -> Int { 0 }
}
