import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CATiledLayer` exhibits.
    static var tiledItems: [GalleryItem] { [] }
}
