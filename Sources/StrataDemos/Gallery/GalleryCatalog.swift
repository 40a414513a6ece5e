import QuartzCore

/// Every exhibit of `strata gallery`, in display order. Each layer kind lists its own items in
/// `GalleryCatalog+<Kind>.swift`.
///
/// Strata extension (no Apple counterpart).
public enum GalleryCatalog {
    /// All items: shapes, gradients, text, replicators, emitters, scrolling and tiles.
    public static var all: [GalleryItem] {
        shapeItems + gradientItems + textItems + replicatorItems + emitterItems + scrollItems + tiledItems
    }
}
