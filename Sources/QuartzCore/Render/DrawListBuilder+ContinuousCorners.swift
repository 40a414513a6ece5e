import Foundation
import Raster

/// `cornerCurve = .continuous`: the background and the border are filled as paths
/// (`ContinuousCornerPath`), and `masksToBounds` clips contents and sublayers with a coverage
/// mask of the same outline; `.circular` corners keep the analytic rounded-rect fills and clips.
///
/// Differs from Apple: when that mask would exceed `maximumMaskPixels`, or part of the layer
/// is behind the eye, the clip falls back to circular corners of the same radius; an implicit
/// shadow follows the drawn alpha, so it is continuous too.
extension DrawListBuilder {
    /// The most device pixels a continuous-corner clip mask may cover (beyond: circular clip).
    static let maximumMaskPixels = 4_194_304

    /// Whether `shape` (the layer's rounded bounds) is drawn with continuous corners.
    static func hasContinuousCorners(_ s: LayerState, _ shape: RoundedRect) -> Bool {
        s.cornerCurve == .continuous
            && (shape.topLeft > 0 || shape.topRight > 0 || shape.bottomRight > 0 || shape.bottomLeft > 0)
    }

    /// `c` narrowed to a layer's bounds (`masksToBounds`): its rounded bounds as an analytic
    /// clip, or for continuous corners a coverage mask of the outline over the visible pixels
    /// (times any mask already in `c`). The mask is rebuilt for every frame the layer is drawn.
    static func boundsClip(_ c: Clip, _ s: LayerState, shape: RoundedRect, map: Projective) -> Clip {
        let rect = CGRect(x: shape.minX, y: shape.minY, width: shape.maxX - shape.minX, height: shape.maxY - shape.minY)
        guard hasContinuousCorners(s, shape), map.inverted() != nil,
              let bounds = deviceBounds(of: rect, map) else { return clip(c, adding: shape, map: map) }
        var out = c
        out.rect = c.rect.intersection(bounds)
        guard !out.rect.isEmpty else { return out }
        guard (out.rect.x1 - out.rect.x0) * (out.rect.y1 - out.rect.y0) <= maximumMaskPixels else {
            return clip(c, adding: shape, map: map)
        }
        let mask = CoverageMask(path: ContinuousCornerPath.path(shape), rule: .nonZero, localToDevice: map, rect: out.rect)
        if let outer = c.mask { mask.intersect(outer) }
        out.mask = mask
        return out
    }

    /// `mask` moved by (dx, dy), kept only over `bounds` (clips follow a layer into an
    /// offscreen surface whose origin is elsewhere).
    static func shifted(_ mask: CoverageMask, dx: Int, dy: Int, to bounds: IntRect) -> CoverageMask {
        let moved = IntRect(x0: mask.rect.x0 + dx, y0: mask.rect.y0 + dy, x1: mask.rect.x1 + dx, y1: mask.rect.y1 + dy)
        let area = moved.intersection(bounds)
        let out = CoverageMask(rect: area)
        guard !area.isEmpty else { return out }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 { out[x, y] = mask[x - dx, y - dy] }
        }
        return out
    }
}
