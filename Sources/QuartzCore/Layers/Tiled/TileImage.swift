import Foundation

/// One drawn tile of a `CATiledLayer`: its rectangle in the layer's coordinates and its pixels.
/// The render side draws these, clipped to the layer's bounds; it never calls `draw(in:)`.
package struct TileImage: @unchecked Sendable {
    /// Where the tile lies in the layer's coordinate space (it may reach beyond the bounds).
    package let rect: CGRect
    /// The tile's pixels, `rect` × the level's scale, row 0 at `rect.minY`.
    package let image: CGImage
    /// The media time the tile's fade-in starts (when it was drawn); −∞ for a tile shown at once.
    package let fadeStart: CFTimeInterval
    /// Seconds the fade-in lasts (the class's `fadeDuration()`); 0 for a tile shown at once.
    package let fadeDuration: CFTimeInterval

    package init(rect: CGRect, image: CGImage, fadeStart: CFTimeInterval = -.infinity, fadeDuration: CFTimeInterval = 0) {
        self.rect = rect
        self.image = image
        let fades = fadeStart.isFinite && fadeDuration.isFinite && fadeDuration > 0
        self.fadeStart = fades ? fadeStart : -.infinity
        self.fadeDuration = fades ? fadeDuration : 0
    }

    /// Whether the tile has a fade-in (done or not).
    package var hasFade: Bool { fadeDuration > 0 }

    /// The tile's opacity at media time `t`: 0 before its fade starts, rising linearly to 1 over
    /// the fade, 1 after it (and always 1 for a tile shown at once).
    package func opacity(at t: CFTimeInterval) -> Float {
        guard hasFade else { return 1 }
        let f = (t - fadeStart) / fadeDuration
        guard f.isFinite else { return f.isNaN || f > 0 ? 1 : 0 }
        return Float(min(max(f, 0), 1))
    }

    /// Whether the tile's opacity still changes after media time `t`.
    package func fades(after t: CFTimeInterval) -> Bool {
        hasFade && !(t >= fadeStart + fadeDuration)
    }

    /// This tile shown at once (no fade).
    package var withoutFade: TileImage { TileImage(rect: rect, image: image) }
}
