import Foundation

/// Apple's `CATiledLayer`: content drawn tile by tile through `draw(in:)`, only where the
/// layer can be seen, at the level of detail its scale on screen needs.
///
/// Differs from Apple: tiles are drawn on the thread that commits, during the display pass
/// each frame (`CALayer.displayAnimatedProperties(in:)`, which windows and `strata render` run
/// before every commit) and at a commit after `setNeedsDisplay()`, up to 2 s of drawing per
/// pass; a tile slower than 0.5 s sends the layer's later tiles to a background queue, committed
/// when drawn. The render thread only draws the finished tile images, so it never runs your
/// code. Which tiles are visible is worked out from presentation values (so an animated scroll
/// or zoom draws the tiles it will show) and the clips of `masksToBounds` ancestors and the root
/// layer's bounds. Tiles of the layer's first display, and tiles redrawn after
/// `setNeedsDisplay()`, appear at once; every later tile fades in over `fadeDuration()` from
/// when it was drawn, as on Apple. Drawn tiles are kept in a least-recently-used cache of 64 MiB
/// per layer.
open class CATiledLayer: CALayer {
    /// The tiles drawn so far; presentation copies have their own, unused one.
    package let tileCache = TileCache()
    /// Where tiles too slow for the commit are drawn, one after another.
    package let tileQueue = DispatchQueue(label: "org.strata.CATiledLayer.tiles", qos: .utility)
    /// Messages already given for this layer's bad settings (each is said once).
    private var reported: Set<String> = []

    /// A tiled layer with Apple's defaults; it draws its visible tiles at the next commit.
    public override init() {
        super.init()
        setNeedsDisplay()
    }

    /// A copy of `layer`'s values (for presentation copies); its tile cache starts empty.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// A tiled layer decoded from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The time, in seconds, newly drawn tiles take to fade in: 0.25 (Apple's default).
    /// Override it in a subclass to change it (0: tiles appear at once). A value that is not a
    /// finite number ≥ 0 is reported once per layer and treated as 0.
    ///
    /// The fade runs on media time (`CACurrentMediaTime()`) from the moment the tile is drawn;
    /// tiles of the layer's first display, and those redrawn after `setNeedsDisplay()`, do not
    /// fade (Strata keeps no old tile to fade from).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The largest size of a tile, in pixels (256 × 256 by default). Values are stored as given;
    /// drawing keeps each side within 16…2048 pixels (a non-positive or non-finite side is
    /// drawn as 256), with a message.
    open var tileSize: CGSize {
        get { state.tiled?.tileSize ?? CGSize(width: 256, height: 256) }
        set { setProperty("tileSize", \.tiled!.tileSize, newValue); invalidateTiles() }
    }

    /// How many levels of detail the layer keeps (1 by default); each level has half the
    /// resolution of the one before. Drawing clamps it to 1…31 and, as on Apple, to the level
    /// whose one tile holds the whole layer.
    open var levelsOfDetail: Int {
        get { state.tiled?.levelsOfDetail ?? 1 }
        set { setProperty("levelsOfDetail", \.tiled!.levelsOfDetail, newValue); invalidateTiles() }
    }

    /// How many of the levels of detail magnify (0 by default): 2 gives levels at 2× and 4×.
    /// Drawing clamps it to 0…30.
    open var levelsOfDetailBias: Int {
        get { state.tiled?.levelsOfDetailBias ?? 0 }
        set { setProperty("levelsOfDetailBias", \.tiled!.levelsOfDetailBias, newValue); invalidateTiles() }
    }

    /// Forgets every drawn tile; the visible ones are drawn again at the next commit.
    open override func setNeedsDisplay() {
        guard !isPresentationCopy else { return }
        CATransaction.locked { tileCache.removeAll() }
        super.setNeedsDisplay()
    }

    /// Forgets the drawn tiles that meet `r` (in the layer's coordinates); they are drawn again
    /// at the next commit.
    open override func setNeedsDisplay(_ r: CGRect) {
        guard !isPresentationCopy else { return }
        CATransaction.locked { tileCache.remove(intersecting: r) }
        super.setNeedsDisplay()
    }

    /// Draws the visible tiles that are not drawn yet (with the model's geometry: the commit
    /// it runs in is about to show it). Does not set `contents`.
    open override func display() {
        guard !isPresentationCopy else { return }
        updateTiles(geometry: self)
    }

    private func invalidateTiles() {
        guard !isPresentationCopy else { return }
        CATransaction.locked { tileCache.removeAll() }
        super.setNeedsDisplay()
    }

    /// Says `message` once for this layer.
    package func reportOnce(_ message: String) {
        let new = CATransaction.locked { reported.insert(message).inserted }
        if new { StrataDiagnostics.report(message) }
    }
}
