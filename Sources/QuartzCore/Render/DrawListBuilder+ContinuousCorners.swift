import Foundation
import Raster

/// `cornerCurve = .continuous`: the background and the border are filled as paths
/// (`ContinuousCornerPath`); `.circular` corners keep the analytic rounded-rect fills.
///
/// Differs from Apple: clipping by `masksToBounds` (contents and sublayers) stays circular with
/// the same radius, as do the corners of an implicit shadow's source; the rasteriser's clips
/// are rounded rects, not paths.
extension DrawListBuilder {
    /// Whether `shape` (the layer's rounded bounds) is drawn with continuous corners.
    static func hasContinuousCorners(_ s: LayerState, _ shape: RoundedRect) -> Bool {
        s.cornerCurve == .continuous
            && (shape.topLeft > 0 || shape.topRight > 0 || shape.bottomRight > 0 || shape.bottomLeft > 0)
    }
}
