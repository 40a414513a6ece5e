import Foundation
import Raster

/// Drawing a layer with a running `CATransition`: its old and new looks, each through the
/// ordinary path, in the layer's plane.
extension DrawListBuilder {
    /// Draws the passes of `transition` back to front, each shifted in the layer's own plane by
    /// its offset (its opacity is already in its root's state). Nothing is clipped to the layer's
    /// bounds: as on Apple, a push or move-in shows outside them unless an ancestor masks.
    func emitTransition(_ transition: PresentedTransition, matrix: CATransform3D, clip: Clip, opacity: Float) {
        for pass in transition.passes {
            let shifted = CATransform3DMakeTranslation(pass.offset.x, pass.offset.y, 0).concatenating(matrix)
            emit(pass.layer, matrix: shifted, clip: clip, opacity: opacity)
        }
    }
}
