import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAShapeLayer` exhibits.
    static var shapeItems: [GalleryItem] { [] }
}
