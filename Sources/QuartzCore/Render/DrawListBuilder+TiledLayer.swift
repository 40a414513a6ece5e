import Foundation
import Raster

extension DrawListBuilder {
    /// The commands that draw a `CATiledLayer`'s own content: each visible tile's image over its
    /// rectangle, clipped to the layer's bounds (and to its rounded shape with `masksToBounds`).
    /// The tiles were drawn on the app thread; this only places them, each at its fade-in's
    /// opacity at the frame's time.
    func emitTiledContent(_ layer: PresentedLayer, map: Projective, clip: Clip, opacity: Float) {
        let s = layer.state
        guard let tiles = s.tiled?.tiles, !tiles.isEmpty else { return }
        let b = s.bounds
        let c = s.masksToBounds ? Self.boundsClip(clip, s, shape: Self.roundedBounds(s), map: map) : clip
        for tile in tiles {
            let r = tile.rect.finiteIntersection(b)
            let fade = tile.opacity(at: frameTime)
            guard !r.isNull, tile.rect.width > 0, tile.rect.height > 0, fade > 0 else { continue }
            let sx = Double(tile.image.width) / Double(tile.rect.width)
            let sy = Double(tile.image.height) / Double(tile.rect.height)
            let toTexel = Projective(affine: sx, 0, 0, sy, -Double(tile.rect.minX) * sx, -Double(tile.rect.minY) * sy)
            appendCommand(FillCommand(shape: RoundedRect(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY),
                                      localToDevice: map,
                                      paint: .texture(tile.image.surface, map: toTexel, filter: .bilinear),
                                      opacity: opacity * fade, clip: c))
        }
    }

    /// The overlapping parts a `CATiledLayer` draws: its tiles count as one (they never overlap).
    static func tiledPartCount(_ s: LayerState) -> Int { (s.tiled?.tiles.isEmpty ?? true) ? 0 : 1 }
}
