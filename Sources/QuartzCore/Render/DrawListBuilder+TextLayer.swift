import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CATextLayer`'s own content.
    func emitTextContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {}

    /// The overlapping parts a `CATextLayer` draws (0 for other layers).
    static func textPartCount(_ s: LayerState) -> Int { 0 }
}
