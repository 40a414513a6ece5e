import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CAShapeLayer`'s own content.
    func emitShapeContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {}

    /// The overlapping parts a `CAShapeLayer` draws (0 for other layers).
    static func shapePartCount(_ s: LayerState) -> Int { 0 }
}
