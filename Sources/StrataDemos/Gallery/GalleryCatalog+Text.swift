import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CATextLayer` exhibits.
    static var textItems: [GalleryItem] { [] }
}
