import Foundation

/// One drawn tile of a `CATiledLayer`: its rectangle in the layer's coordinates and its pixels.
/// The render side draws these, clipped to the layer's bounds; it never calls `draw(in:)`.
package struct TileImage: @unchecked Sendable {
    /// Where the tile lies in the layer's coordinate space (it may reach beyond the bounds).
    package let rect: CGRect
    /// The tile's pixels, `rect` × the level's scale, row 0 at `rect.minY`.
    package let image: CGImage

    package init(rect: CGRect, image: CGImage) {
        self.rect = rect
        self.image = image
    }
}
