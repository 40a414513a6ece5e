import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAGradientLayer` exhibits.
    static var gradientItems: [GalleryItem] { [] }
}
