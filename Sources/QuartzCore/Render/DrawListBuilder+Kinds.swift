import Foundation
import Raster

/// What special layers draw of their own, between their contents and their first sublayer
/// (Apple: "the shape is composited between the layer's contents and its first sublayer").
extension DrawListBuilder {
    /// Appends the commands of `layer`'s kind (shape, gradient, text, particles…).
    /// `clip` is the layer's incoming clip; a kind that honours `masksToBounds` narrows it itself.
    func emitKindContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        if s.gradient != nil { emitGradientContent(layer, map: map, clip: clip, opacity: opacity) }
        if s.shape != nil { emitShapeContent(layer, map: map, clip: clip, opacity: opacity) }
        if s.text != nil { emitTextContent(layer, map: map, clip: clip, opacity: opacity) }
        if s.emitter != nil { emitEmitterContent(layer, map: map, clip: clip, opacity: opacity) }
        if s.tiled != nil { emitTiledContent(layer, map: map, clip: clip, opacity: opacity) }
    }

    /// How many overlapping parts the kind draws (for group opacity: 2 or more parts of one layer
    /// must blend with each other before the layer's opacity applies).
    static func kindPartCount(_ s: LayerState) -> Int {
        shapePartCount(s) + gradientPartCount(s) + textPartCount(s) + emitterPartCount(s) + tiledPartCount(s)
    }
}
