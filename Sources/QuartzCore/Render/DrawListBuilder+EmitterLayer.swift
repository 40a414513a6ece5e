import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CAEmitterLayer`'s own content.
    func emitEmitterContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {}

    /// The overlapping parts a `CAEmitterLayer` draws (0 for other layers).
    static func emitterPartCount(_ s: LayerState) -> Int { 0 }
}
