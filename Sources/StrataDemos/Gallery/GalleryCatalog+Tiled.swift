import QuartzCore

extension GalleryCatalog {
    /// The gallery's `CATiledLayer` exhibits.
    static var tiledItems: [GalleryItem] {
        [GalleryItem(name: "tiled map", make: makeTiledExhibit)]
    }

    /// A 4096 × 4096-point `MapTiledLayer` seen through its cell: it pans (an `anchorPoint`
    /// keyframe animation: the map point at the cell's centre) and zooms (`transform.scale`
    /// 0.6…1.8), so tiles are drawn as they come into view, at three levels of detail.
    @Sendable static func makeTiledExhibit(_ size: CGSize) -> CALayer {
        let exhibit = CALayer()
        exhibit.frame = CGRect(origin: .zero, size: size)
        exhibit.masksToBounds = true
        let map = MapTiledLayer()
        map.name = "tiled map"
        map.levelsOfDetail = 3
        map.levelsOfDetailBias = 1
        map.bounds = CGRect(x: 0, y: 0, width: 4096, height: 4096)
        map.anchorPoint = CGPoint(x: 0.45, y: 0.45)
        map.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let pan = CAKeyframeAnimation(keyPath: "anchorPoint")
        pan.values = [CGPoint(x: 0.45, y: 0.45), CGPoint(x: 0.53, y: 0.46), CGPoint(x: 0.55, y: 0.55),
                      CGPoint(x: 0.46, y: 0.54), CGPoint(x: 0.45, y: 0.45)]
        pan.duration = 16
        pan.repeatCount = .infinity
        map.add(pan, forKey: "pan")
        let zoom = CAKeyframeAnimation(keyPath: "transform.scale")
        zoom.values = [1, 1.8, 0.6, 1].map { NSNumber(value: $0) }
        zoom.duration = 10
        zoom.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeInEaseOut),
                                CAMediaTimingFunction(name: .easeInEaseOut)]
        zoom.repeatCount = .infinity
        map.add(zoom, forKey: "zoom")
        exhibit.addSublayer(map)
        return exhibit
    }
}
