import Foundation
import Testing
@testable import QuartzCore

/// A tiled layer that records each `draw(in:)` (the clip's bounding box and the context's
/// scale) and fills the tile with a colour from its column and row.
class RecordingTiledLayer: CATiledLayer {
    var clips: [CGRect] = []
    var scales: [CGFloat] = []

    /// Tile (column, row)'s colour: red 40·column, green 40·row, blue 255, opaque.
    static func color(column: Int, row: Int) -> UInt32 {
        0xFF00_00FF | UInt32(40 * column & 0xFF) << 16 | UInt32(40 * row & 0xFF) << 8
    }

    override func draw(in ctx: CGContext) {
        let r = ctx.boundingBoxOfClipPath
        clips.append(r)
        scales.append(ctx.ctm.a)
        let c = Self.color(column: Int((r.minX / r.width).rounded()), row: Int((r.minY / r.height).rounded()))
        ctx.setFillColor(CGColor(red: CGFloat(c >> 16 & 0xFF) / 255, green: CGFloat(c >> 8 & 0xFF) / 255,
                                 blue: CGFloat(c & 0xFF) / 255, alpha: 1))
        ctx.fill(r)
    }
}

/// `CATiledLayer`: Apple's defaults, one `draw(in:)` per visible tile with the clip and scale
/// of its level, tiles reused when scrolling, the memory bound, and clamped bad settings.
struct TiledLayerTests {
    /// A window-sized root (its bounds clip, as a window does) holding a tiled layer.
    private func makeTree(window: CGSize, layerFrame: CGRect) -> (CALayer, RecordingTiledLayer) {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: window)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let tiled = RecordingTiledLayer()
        tiled.frame = layerFrame
        root.addSublayer(tiled)
        return (root, tiled)
    }

    private func tile(_ c: Int, _ r: Int, side: CGFloat = 256) -> CGRect {
        CGRect(x: CGFloat(c) * side, y: CGFloat(r) * side, width: side, height: side)
    }

    @Test(.manualClock) func defaultsAndKeyValueCoding() {
        let t = CATiledLayer()
        #expect(t.tileSize == CGSize(width: 256, height: 256))
        #expect(t.levelsOfDetail == 1)
        #expect(t.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
        #expect(t.value(forKey: "tileSize") as? CGSize == CGSize(width: 256, height: 256))
        t.setValue(NSNumber(value: 4), forKey: "levelsOfDetail")
        t.setValue(2, forKey: "levelsOfDetailBias")
        t.setValue(CGSize(width: 128, height: 64), forKey: "tileSize")
        #expect(t.levelsOfDetail == 4 && t.levelsOfDetailBias == 2 && t.tileSize == CGSize(width: 128, height: 64))
        let copy = CATiledLayer(layer: t)
        #expect(copy.levelsOfDetail == 4 && copy.tileSize == CGSize(width: 128, height: 64))
    }

    /// A 1000 × 600 layer in a 300 × 300 window: the visible part (0…300)² plus half a tile
    /// (128) reaches 428, so columns 0…1 and rows 0…1 are drawn, each once, at scale 1.
    @Test(.manualClock) func drawsOnlyTheVisibleTilesClippedToEach() {
        let (root, tiled) = makeTree(window: CGSize(width: 300, height: 300), layerFrame: CGRect(x: 0, y: 0, width: 1000, height: 600))
        let image = Golden.render(root, width: 300, height: 300)
        #expect(tiled.clips == [tile(0, 0), tile(1, 0), tile(0, 1), tile(1, 1)])
        #expect(tiled.scales == [1, 1, 1, 1])
        #expect(tiled.state.tiled?.tiles.count == 4)
        #expect(Golden.pixel(image, 10, 10) == RecordingTiledLayer.color(column: 0, row: 0))
        #expect(Golden.pixel(image, 270, 10) == RecordingTiledLayer.color(column: 1, row: 0))
        #expect(Golden.pixel(image, 10, 270) == RecordingTiledLayer.color(column: 0, row: 1))
        #expect(Golden.pixel(image, 299, 299) == RecordingTiledLayer.color(column: 1, row: 1))
        // Scrolled by (300, 300): columns and rows 0…2 show; the four drawn are reused.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        tiled.frame.origin = CGPoint(x: -300, y: -300)
        CATransaction.commit()
        // Rendered once the new tiles have faded in (`fadeDuration()` after they were drawn).
        let scrolled = Golden.render(root, width: 300, height: 300, time: CATiledLayer.fadeDuration())
        #expect(tiled.tileCache.tilesDrawn == 9)
        #expect(Set(tiled.clips).count == 9)
        #expect(Golden.pixel(scrolled, 0, 0) == RecordingTiledLayer.color(column: 1, row: 1))
        #expect(Golden.pixel(scrolled, 250, 250) == RecordingTiledLayer.color(column: 2, row: 2))
    }

    /// Levels: with 3 levels (1, ½, ¼) a layer shown at ¼ scale draws 1024-point tiles at
    /// scale ¼; with one level it draws 256-point tiles at scale 1; a 2-level magnifying bias
    /// at 3× draws 64-point tiles at scale 4.
    @Test(.manualClock) func levelOfDetailFollowsTheScaleOnScreen() {
        let (root, tiled) = makeTree(window: CGSize(width: 300, height: 300), layerFrame: CGRect(x: 0, y: 0, width: 4000, height: 4000))
        tiled.clips = []
        tiled.scales = []
        CATransaction.begin(); CATransaction.setDisableActions(true)
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.transform = CATransform3DMakeScale(0.25, 0.25, 1)
        tiled.levelsOfDetail = 3
        CATransaction.commit()
        _ = Golden.render(root, width: 300, height: 300)
        // Visible: (0…1200)² in the layer, + 512 → columns and rows 0…1 of 1024-point tiles.
        #expect(tiled.clips == [tile(0, 0, side: 1024), tile(1, 0, side: 1024), tile(0, 1, side: 1024), tile(1, 1, side: 1024)])
        #expect(tiled.scales == [0.25, 0.25, 0.25, 0.25])

        let grid1 = TileGrid.make(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0,
                                  contentsScale: 1, deviceScale: 0.25, boundsSize: CGSize(width: 4000, height: 4000)) { _ in }
        #expect(grid1.level == 0 && grid1.tileWidth == 256)
        let magnified = TileGrid.make(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 3, levelsOfDetailBias: 2,
                                      contentsScale: 1, deviceScale: 3, boundsSize: CGSize(width: 4000, height: 4000)) { _ in }
        #expect(magnified.level == 2 && magnified.pixelScale == 4 && magnified.tileWidth == 64)
        // Apple: the coarsest level holds the whole layer in one tile (512 = 2 tiles → level −1).
        let small = TileGrid.make(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 10, levelsOfDetailBias: 0,
                                  contentsScale: 1, deviceScale: 0.01, boundsSize: CGSize(width: 512, height: 512)) { _ in }
        #expect(small.level == -1 && small.tileWidth == 512)
        // contentsScale 2: level 0 is 2 pixels per point, so a 256-pixel tile covers 128 points.
        let retina = TileGrid.make(tileSize: CGSize(width: 256, height: 256), levelsOfDetail: 1, levelsOfDetailBias: 0,
                                   contentsScale: 2, deviceScale: 2, boundsSize: CGSize(width: 4000, height: 4000)) { _ in }
        #expect(retina.level == 0 && retina.pixelScale == 2 && retina.tileWidth == 128)
    }

    /// An animated scroll draws the tiles the presentation shows, not the model's.
    @Test func visibleTilesFollowThePresentation() {
        CAMediaClock.withManualClock(startingAt: 0) { clock in
            let (root, tiled) = makeTree(window: CGSize(width: 300, height: 300), layerFrame: CGRect(x: 0, y: 0, width: 2000, height: 256))
            attachToRenderer(root)
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 1000    // origin 0
            a.toValue = 0         // origin −1000
            a.duration = 1
            tiled.add(a, forKey: "scroll")
            CATransaction.flush()
            clock.set(0.5)        // origin −500: the layer's 500…800 shows, 372…928 with the margin
            tiled.updateVisibleTiles()
            #expect(tiled.tileCache.shownKeys.map(\.column) == [1, 2, 3])
            #expect(tiled.tileCache.shownKeys.map(\.row) == [0, 0, 0])
            #expect(tiled.state.tiled?.tiles.map(\.rect) == [tile(1, 0), tile(2, 0), tile(3, 0)])
        }
    }

    /// A 20,000 × 20,000 layer scrolled to 40 places in an 800 × 600 window: at most 5 × 5
    /// tiles are visible at a time, and the cache never holds more than its 64 MiB (256 tiles of
    /// 256 KiB) though about a thousand tiles are drawn (all of them would be 1.5 GiB).
    @Test(.manualClock) func memoryStaysBoundedWhileScrollingAHugeLayer() {
        let (root, tiled) = makeTree(window: CGSize(width: 800, height: 600), layerFrame: CGRect(x: 0, y: 0, width: 20_000, height: 20_000))
        for k in 0..<40 {
            let x = CGFloat(k * 4_993 % 19_200), y = CGFloat(k * 7_919 % 19_400)
            CATransaction.begin(); CATransaction.setDisableActions(true)
            tiled.frame.origin = CGPoint(x: -x, y: -y)
            CATransaction.commit()
            let before = tiled.clips.count
            tiled.updateTiles(geometry: tiled)
            // Tiles past the synchronous budget (a sanitizer's speed) are drawn in the
            // background: the checks read the layer after they are stored.
            tiled.tileQueue.sync {}
            let window = CGRect(x: x - 128, y: y - 128, width: 800 + 256, height: 600 + 256)
            #expect(tiled.clips[before...].allSatisfy { $0.intersects(window) }, "only visible tiles are drawn")
            #expect((tiled.state.tiled?.tiles.count ?? 0) <= 30)
            #expect(tiled.tileCache.bytes <= TileCache.defaultBudgetBytes)
        }
        #expect(tiled.tileCache.tilesDrawn > 600)
        #expect(tiled.tileCache.count <= 256)
    }

    /// The same scroll with every tile drawn on the background queue (a layer whose drawing
    /// proved slow): the cache keeps its budget after the background tiles are stored too.
    /// Before, only an update trimmed it, so the tiles stored after one (a screenful, about 25
    /// of 256 KiB) stayed over the budget until the next.
    @Test(.manualClock) func memoryStaysBoundedWhenTilesAreDrawnInTheBackground() {
        let (root, tiled) = makeTree(window: CGSize(width: 800, height: 600), layerFrame: CGRect(x: 0, y: 0, width: 20_000, height: 20_000))
        CATransaction.locked { tiled.tileCache.drawsSlowly = true }
        for k in 0..<40 {
            let x = CGFloat(k * 4_993 % 19_200), y = CGFloat(k * 7_919 % 19_400)
            CATransaction.begin(); CATransaction.setDisableActions(true)
            tiled.frame.origin = CGPoint(x: -x, y: -y)
            CATransaction.commit()
            tiled.updateTiles(geometry: tiled)
            tiled.tileQueue.sync {}
            let bytes = CATransaction.locked { tiled.tileCache.bytes }
            #expect(bytes <= TileCache.defaultBudgetBytes, "\(bytes) bytes after position \(k)")
        }
        #expect(CATransaction.locked { tiled.tileCache.tilesDrawn } > 600)
        withExtendedLifetime(root) {}
    }

    /// `setNeedsDisplay(_:)` redraws only the tiles meeting the rect; `setNeedsDisplay()` all.
    @Test(.manualClock) func invalidationRedrawsTheTilesItMeets() {
        let (root, tiled) = makeTree(window: CGSize(width: 300, height: 300), layerFrame: CGRect(x: 0, y: 0, width: 1000, height: 600))
        _ = Golden.render(root, width: 300, height: 300)
        #expect(tiled.tileCache.tilesDrawn == 4)
        tiled.setNeedsDisplay(CGRect(x: 300, y: 10, width: 5, height: 5))   // tile (1, 0) only
        _ = Golden.render(root, width: 300, height: 300)
        #expect(tiled.tileCache.tilesDrawn == 5)
        #expect(tiled.clips.last == tile(1, 0))
        tiled.setNeedsDisplay()
        _ = Golden.render(root, width: 300, height: 300)
        #expect(tiled.tileCache.tilesDrawn == 9)
    }

    /// Bad settings are clamped with one message each: a tile side of 0, NaN or −5 is drawn as
    /// 256, 1 as 16 and 10⁹ as 2048 pixels; 0 or 10⁶ levels as 1 or 31; a bias of −1 or 10⁶ as
    /// 0 or 30; and tiles too small for the screen grow until at most 1024 show.
    @Test(.manualClock) func hostileSettingsAreClamped() throws {
        func grid(_ size: CGSize, lod: Int = 1, bias: Int = 0) -> (TileGrid, [String]) {
            var messages: [String] = []
            let g = TileGrid.make(tileSize: size, levelsOfDetail: lod, levelsOfDetailBias: bias, contentsScale: 1,
                                  deviceScale: 1, boundsSize: CGSize(width: 1000, height: 1000)) { messages.append($0) }
            return (g, messages)
        }
        #expect(grid(.zero).0.tileWidthPixels == 256)
        #expect(grid(.zero).1.count == 2)
        #expect(grid(CGSize(width: CGFloat.nan, height: -5)).0.tileHeightPixels == 256)
        #expect(grid(CGSize(width: 1, height: 1)).0.tileWidthPixels == 16)
        #expect(grid(CGSize(width: 1e9, height: 1e9)).0.tileWidthPixels == 2048)
        #expect(grid(CGSize(width: 256, height: 256), lod: 0).0.level == 0)
        #expect(grid(CGSize(width: 256, height: 256), lod: 0).1.count == 1)
        let many = grid(CGSize(width: 256, height: 256), lod: 1_000_000, bias: 1_000_000)
        #expect(many.0.level == 0, "device scale 1 picks level 0 among 2^30 … 2^0")
        #expect(many.1.count == 2)
        #expect(grid(CGSize(width: 256, height: 256), bias: -1).0.level == 0)

        let (root, tiled) = makeTree(window: CGSize(width: 1200, height: 1200), layerFrame: CGRect(x: 0, y: 0, width: 5000, height: 5000))
        tiled.state.tiled?.tileSize = CGSize(width: 16, height: 16)   // as set, before any commit draws
        var keys: [TileKey] = []
        let messages = StrataDiagnostics.capture { keys = tiled.visibleTiles(geometry: tiled).0 }
        // (0…1200) + half a 16-point tile is 0…1208: 76² = 5776 tiles of 16 points, 38² = 1444 of
        // 32, both past 1024; 19² = 361 of 64 points show.
        #expect(keys.count == 19 * 19)
        #expect(keys.first?.widthPixels == 64)
        #expect(messages.count == 1 && messages[0].contains("1024"), "\(messages)")
        // A 10⁹-point layer with nothing clipping it: coarser levels until tiles of at most 512
        // pixels, 4 M pixels in all (the least budget: 16 tiles), cover it.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let lone = RecordingTiledLayer()
        lone.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 1e9)
        CATransaction.commit()
        var hugeKeys: [TileKey] = []
        var hugeGrid: TileGrid?
        _ = StrataDiagnostics.capture { (hugeKeys, hugeGrid) = lone.visibleTiles(geometry: lone) }
        let g2 = try #require(hugeGrid)
        #expect(hugeKeys.count <= 1024 && g2.tileWidthPixels == 512)
        #expect(hugeKeys.count == 16)
        #expect(Double(g2.tileWidth) * 4 >= 1e9, "4 × 4 tiles cover the whole layer")
        // Tile indices beyond 10^15 are refused (Int conversion would trap or lose the column).
        let g = grid(CGSize(width: 256, height: 256)).0
        #expect(g.indexRanges(covering: CGRect(x: 1e300, y: 0, width: 1e290, height: 10)) == nil)
        #expect(g.indexRanges(covering: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)) == nil)
        #expect(g.indexRanges(covering: CGRect(x: 256, y: 0, width: 256, height: 10))?.columns == 1...1)
    }
}

/// A tiled layer whose `draw(in:)` takes `delay` seconds per tile (issue #25: 49 such tiles of
/// a second each blocked `commit()` for 49 s, drawn one after another inside it). Fills each
/// tile with `RecordingTiledLayer`'s colour of its column and row; counts the calls.
final class SlowTiledLayer: CATiledLayer, @unchecked Sendable {
    let delay: Double = 0.6
    private let lock = NSLock()
    private var _calls = 0
    var calls: Int { lock.lock(); defer { lock.unlock() }; return _calls }

    override func draw(in ctx: CGContext) {
        Thread.sleep(forTimeInterval: delay)
        let r = ctx.boundingBoxOfClipPath
        let c = RecordingTiledLayer.color(column: Int((r.minX / r.width).rounded()), row: Int((r.minY / r.height).rounded()))
        ctx.setFillColor(CGColor(red: CGFloat(c >> 16 & 0xFF) / 255, green: CGFloat(c >> 8 & 0xFF) / 255,
                                 blue: CGFloat(c & 0xFF) / 255, alpha: 1))
        ctx.fill(r)
        lock.lock(); _calls += 1; lock.unlock()
    }
}

extension TiledLayerTests {
    /// 16 tiles of 128 points (a 512² layer in a 512² window), each taking 0.6 s: drawn inside
    /// the commit that was 9.6 s; now the commit waits for the first tile only (a tile over
    /// 0.5 s sends the layer's other tiles to the background; bound 3 s for a loaded machine),
    /// and the others are committed as they are drawn: within 40 s every tile's colour shows.
    @Test(.timeLimit(.minutes(1))) func slowTilesAreDrawnOffTheCommit() {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        CATransaction.commit()
        let renderer = CARenderer(width: 512, height: 512)
        renderer.layer = root
        let tiled = SlowTiledLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        tiled.tileSize = CGSize(width: 128, height: 128)
        tiled.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        root.addSublayer(tiled)
        let start = DispatchTime.now().uptimeNanoseconds
        CATransaction.commit()
        let commitSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
        #expect(commitSeconds < 3, "commit took \(commitSeconds) s")
        #expect(tiled.calls <= 2, "tiles drawn inside the commit: \(tiled.calls)")
        var missing = 16
        let deadline = DispatchTime.now() + 40
        while missing > 0, DispatchTime.now() < deadline {
            // Tiles drawn in the background fade in from when they were drawn: a frame a
            // second ahead shows every tile drawn so far whole.
            renderer.beginFrame(atTime: CACurrentMediaTime() + 1)
            renderer.render()
            renderer.endFrame()
            let image = renderer.makeImage()
            missing = 0
            for r in 0..<4 { for c in 0..<4 where Golden.pixel(image, 64 + 128 * c, 64 + 128 * r) != RecordingTiledLayer.color(column: c, row: r) { missing += 1 } }
            if missing > 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(missing == 0, "\(missing) tiles never appeared")
        #expect(tiled.calls == 16, "each tile drawn once")
    }
}

/// A `RecordingTiledLayer` whose tiles fade in over 1 s.
final class SlowFadeTiledLayer: RecordingTiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 1 }
}

/// A `RecordingTiledLayer` whose `fadeDuration()` is not a number.
final class NaNFadeTiledLayer: RecordingTiledLayer {
    override class func fadeDuration() -> CFTimeInterval { .nan }
}

extension TiledLayerTests {
    /// Tiles drawn after the layer's first display fade in over `fadeDuration()` (0.25 s) from
    /// when they were drawn, on media time: the first screenful shows whole at once. Scrolled by
    /// (300, 300) at t = 1, tile (2, 2) (R 80, G 80, B 255), drawn then, over the white root is
    /// white at t = 1, a quarter in at 1.0625 (255 − ¼ · 175 = 211 in red and green), half at
    /// 1.125 (167.5), whole from 1.25 on; tile (1, 1), drawn before the scroll, is whole
    /// throughout. The renderer keeps drawing while a tile fades, and stops after.
    @Test(.manualClock) func tilesDrawnAfterTheFirstDisplayFadeIn() {
        let (root, tiled) = makeTree(window: CGSize(width: 300, height: 300), layerFrame: CGRect(x: 0, y: 0, width: 1000, height: 600))
        let renderer = CARenderer(width: 300, height: 300)
        renderer.layer = root
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        func frame(at t: CFTimeInterval) -> CGImage {
            renderer.beginFrame(atTime: t); renderer.render(); renderer.endFrame()
            return renderer.makeImage()
        }
        let first = frame(at: 0)
        #expect(Golden.pixel(first, 10, 10) == RecordingTiledLayer.color(column: 0, row: 0))
        #expect(Golden.pixel(first, 299, 299) == RecordingTiledLayer.color(column: 1, row: 1))
        #expect(tiled.state.tiled?.tiles.allSatisfy { !$0.hasFade } == true)

        CAMediaClock.current.set(1)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        tiled.frame.origin = CGPoint(x: -300, y: -300)
        CATransaction.commit()
        CALayer.displayAnimatedProperties(in: root)
        CATransaction.flush()
        #expect(tiled.tileCache.tilesDrawn == 9)
        let newTile = RecordingTiledLayer.color(column: 2, row: 2)
        let white: UInt32 = 0xFFFF_FFFF
        for (t, expected) in [(1.0, white), (1.0625, 0xFFD3_D3FF as UInt32), (1.125, 0xFFA7_A7FF as UInt32), (1.25, newTile)] {
            let image = frame(at: t)
            #expect(renderer.lastFrameStatistics.didDraw, "at t = \(t)")
            Golden.expectPixel(image, 250, 250, expected, tolerance: 1, "at t = \(t)")
            #expect(Golden.pixel(image, 0, 0) == RecordingTiledLayer.color(column: 1, row: 1), "at t = \(t)")
        }
        let after = frame(at: 2)
        #expect(!renderer.lastFrameStatistics.didDraw, "no work once every tile is whole")
        #expect(Golden.pixel(after, 250, 250) == newTile)
    }

    /// A subclass's `fadeDuration()` sets the fade (1 s: half in at 0.5 s); tiles redrawn after
    /// `setNeedsDisplay()` show at once; a NaN duration is reported and shows tiles at once.
    @Test(.manualClock) func fadeDurationComesFromTheClass() {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let slow = SlowFadeTiledLayer(), bad = NaNFadeTiledLayer()
        slow.frame = CGRect(x: 0, y: 0, width: 1000, height: 100)
        bad.frame = CGRect(x: 0, y: 150, width: 1000, height: 100)
        root.addSublayer(slow)
        root.addSublayer(bad)
        CATransaction.commit()
        _ = Golden.render(root, width: 300, height: 300, time: 0)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        slow.frame.origin.x = -300
        bad.frame.origin.x = -300
        CATransaction.commit()
        let diagnostics = StrataDiagnostics.capture {
            let half = Golden.render(root, width: 300, height: 300, time: 0.5)
            // Tile (2, 0) of the slow layer: half way from white to (80, 0, 255).
            Golden.expectPixel(half, 250, 50, 0xFFA7_7FFF, tolerance: 1)
            // The NaN layer's new tile shows whole at once.
            #expect(Golden.pixel(half, 250, 200) == RecordingTiledLayer.color(column: 2, row: 0))
        }
        #expect(diagnostics.contains { $0.contains("fadeDuration() nan") })
        slow.setNeedsDisplay()
        let redrawn = Golden.render(root, width: 300, height: 300, time: 0.5)
        #expect(Golden.pixel(redrawn, 250, 50) == RecordingTiledLayer.color(column: 2, row: 0))
    }
}
