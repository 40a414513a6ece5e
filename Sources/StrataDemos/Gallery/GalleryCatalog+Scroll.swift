import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAScrollLayer` exhibits.
    static var scrollItems: [GalleryItem] { [] }
}
