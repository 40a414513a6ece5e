import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CAReplicatorLayer` exhibits.
    static var replicatorItems: [GalleryItem] { [] }
}
