import QuartzCore

/// One exhibit of `strata gallery`: a named layer tree that animates by itself.
///
/// Strata extension (no Apple counterpart).
public struct GalleryItem: Sendable {
    /// The name shown under the item and reported when a click hits it.
    public let name: String
    /// Makes the item's layer tree for a cell of the given size (its bounds), with its animations
    /// already added (repeating forever, so any time shows it moving).
    public let make: @Sendable (CGSize) -> CALayer

    /// An item called `name`, built by `make`.
    public init(name: String, make: @escaping @Sendable (CGSize) -> CALayer) {
        self.name = name
        self.make = make
    }
}
