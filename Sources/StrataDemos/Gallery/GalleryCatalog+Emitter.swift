import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAEmitterLayer` exhibits.
    static var emitterItems: [GalleryItem] { [] }
}
