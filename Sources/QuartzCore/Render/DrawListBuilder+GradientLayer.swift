import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CAGradientLayer`'s own content.
    func emitGradientContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {}

    /// The overlapping parts a `CAGradientLayer` draws (0 for other layers).
    static func gradientPartCount(_ s: LayerState) -> Int { 0 }
}
