import Foundation

/// Which tiles are visible, and drawing them.
extension CATiledLayer {
    /// Brings the tiles up to date with what the layer shows at the current media time (its
    /// presentation values once it has been committed, its model values before).
    package func updateVisibleTiles() {
        guard !isPresentationCopy else { return }
        CATransaction.locked {
            let geometry = committedNode != nil ? presentationCopy() : nil
            updateTiles(geometry: geometry ?? self)
        }
    }

    /// Seconds of tile drawing one update may spend on the calling (committing) thread; the
    /// tiles left are drawn on a background queue and shown when ready.
    package static let synchronousBudget = 2.0
    /// A tile that takes longer than this to draw sends all of the layer's later tiles to the
    /// background queue: a commit then waits for at most that one tile.
    package static let slowTileSeconds = 0.5

    /// Draws the tiles `geometry` (this layer or its presentation copy, in its tree) shows that
    /// are not drawn yet, evicts old ones past the budget, and hands the visible ones to the
    /// render side (marking the layer changed only when they differ from the last ones).
    ///
    /// Fast tiles are drawn here, in the commit, up to `synchronousBudget` seconds; the others,
    /// and every tile of a layer whose `draw(in:)` proved slow, are drawn on a background queue
    /// (as Apple draws tiles on background threads) and committed from there when ready, so a
    /// `draw(in:)` taking a second blocks the app's thread for one tile, not for all of them.
    ///
    /// Tiles drawn in the layer's first pass, or in the first pass after it was invalidated,
    /// show at once; every later tile (scrolled or zoomed into view, or drawn in the
    /// background) fades in over the class's `fadeDuration()`, as on Apple.
    ///
    /// Holds the transaction lock (a commit already does): the background queue stores its
    /// tiles under it, and a direct `display()` trimmed the cache while a tile was stored (TSan).
    package func updateTiles(geometry: CALayer) {
        CATransaction.locked { updateTilesLocked(geometry: geometry) }
    }

    private func updateTilesLocked(geometry: CALayer) {
        let (keys, grid) = visibleTiles(geometry: geometry)
        var shown: [TileImage] = []
        shown.reserveCapacity(keys.count)
        if let grid {
            let start = DispatchTime.now().uptimeNanoseconds
            func seconds(since t: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds &- t) * 1e-9 }
            for key in keys {
                if let t = tileCache.cached(key) { shown.append(t); continue }
                guard !tileCache.drawsSlowly, seconds(since: start) < Self.synchronousBudget else {
                    drawInBackground(key, grid: grid)
                    continue
                }
                let tileStart = DispatchTime.now().uptimeNanoseconds
                let fade = tileCache.fadesNewTiles ? fadeDurationOfClass() : 0
                if let t = drawTile(key, grid: grid, fadeStart: CACurrentMediaTime(), fadeDuration: fade) {
                    tileCache.store(t, for: key)
                    shown.append(t)
                }
                if seconds(since: tileStart) > Self.slowTileSeconds { tileCache.drawsSlowly = true }
            }
        }
        tileCache.trim(keeping: Set(keys))
        if !keys.isEmpty { tileCache.fadesNewTiles = true }
        guard keys != tileCache.shownKeys || shown.count != state.tiled?.tiles.count else { return }
        tileCache.shownKeys = keys
        state.tiled?.tiles = shown
        markChanged()
    }

    /// Draws the tile of `key` on the layer's background queue (once, however often asked),
    /// then stores it and, when it still shows, commits the layer with it.
    private func drawInBackground(_ key: TileKey, grid: TileGrid) {
        guard !tileCache.pending.contains(key) else { return }
        tileCache.pending.insert(key)
        final class Job: @unchecked Sendable {
            weak var layer: CATiledLayer?
            let grid: TileGrid, generation: UInt64
            /// The clock of the thread that asked (a test's manual clock): the fade starts on it.
            let clock: CAMediaClock, fadeDuration: CFTimeInterval
            init(_ layer: CATiledLayer, _ grid: TileGrid, _ generation: UInt64, _ fade: CFTimeInterval) {
                (self.layer, self.grid, self.generation, self.fadeDuration) = (layer, grid, generation, fade)
                clock = CAMediaClock.current
            }
        }
        let job = Job(self, grid, tileCache.generation, fadeDurationOfClass())
        tileQueue.async {
            guard let layer = job.layer else { return }
            // User code: outside the lock. The fade starts when the tile is ready.
            let drawn = layer.drawTile(key, grid: job.grid, fadeStart: 0, fadeDuration: 0)
            let tile = drawn.map { TileImage(rect: $0.rect, image: $0.image, fadeStart: job.clock.time, fadeDuration: job.fadeDuration) }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.locked { layer.received(tile, for: key, generation: job.generation) }
            CATransaction.commit()
        }
    }

    /// Stores a tile drawn in the background (unless the layer was invalidated since it was
    /// asked for) and shows it when its key is among the visible ones.
    private func received(_ tile: TileImage?, for key: TileKey, generation: UInt64) {
        guard generation == tileCache.generation else { return }
        tileCache.pending.remove(key)
        guard let tile else { return }
        tileCache.store(tile, for: key)
        // The budget holds after a background tile too (it held only after an update before).
        tileCache.trim(keeping: Set(tileCache.shownKeys))
        guard tileCache.shownKeys.contains(key) else { return }
        state.tiled?.tiles = tileCache.shownKeys.compactMap { tileCache.cached($0) }
        markChanged()
    }

    /// The keys of the visible tiles, in rows top to bottom, and their grid.
    package func visibleTiles(geometry: CALayer) -> ([TileKey], TileGrid?) {
        let s = geometry.state
        guard let t = s.tiled, !s.isHidden else { return ([], nil) }
        let region = Self.visibleRegion(of: geometry)
        guard !region.isNull else { return ([], nil) }
        let map = LayerGeometry.planeMap(LayerGeometry.toRoot(geometry))
        var deviceScale = DrawListBuilder.maximumScale(map, over: region)
        if !deviceScale.isFinite || deviceScale <= 0 { deviceScale = 1 }
        var grid = TileGrid.make(tileSize: t.tileSize, levelsOfDetail: t.levelsOfDetail,
                                 levelsOfDetailBias: t.levelsOfDetailBias, contentsScale: s.contentsScale,
                                 deviceScale: deviceScale, boundsSize: s.bounds.size, report: reportOnce)
        // Half a tile beyond what shows: the render thread evaluates a little later than this
        // pass, and an animated scroll must not show a gap at the edge.
        let bounds = s.bounds
        var wanted = region.finiteOutset(dx: grid.tileWidth / 2, dy: grid.tileHeight / 2).finiteIntersection(bounds)
        if wanted.isNull { wanted = region }
        var top = geometry
        while let up = top._superlayer { top = up }
        // The root's bounds are the window (a layer with no superlayer has none).
        let window = top === geometry ? 0 : Double(top.state.bounds.width * top.state.bounds.height)
        let budget = TileGrid.pixelBudget(windowPixels: window)
        var coarsened = 0
        while let (cols, rows) = grid.indexRanges(covering: wanted),
              !grid.fits(tileCount: Double(cols.count) * Double(rows.count), pixelBudget: budget),
              grid.pixelScale > 1e-300 {
            grid = grid.coarsened()
            coarsened += 1
        }
        if coarsened > 0 {
            reportOnce("CATiledLayer: more than \(TileGrid.maximumVisibleTiles) tiles or \(Int(budget)) pixels would be visible; tiles drawn covering \(1 << min(coarsened, 60))× the points on each side")
        }
        guard let (cols, rows) = grid.indexRanges(covering: wanted) else {
            reportOnce("CATiledLayer: the visible part of the layer (\(wanted)) is too far from its origin to cut into tiles; nothing drawn")
            return ([], nil)
        }
        var keys: [TileKey] = []
        keys.reserveCapacity(cols.count * rows.count)
        for r in rows { for c in cols { keys.append(grid.key(column: c, row: r)) } }
        return (keys, grid)
    }

    /// The part of `layer`'s bounds not clipped away by a `masksToBounds` ancestor or by the
    /// root layer's bounds (the window), in `layer`'s coordinates (bounding boxes under
    /// rotation or perspective; a clip that cannot be mapped into the layer's plane is left out).
    package static func visibleRegion(of layer: CALayer) -> CGRect {
        var visible = layer.state.bounds.finiteIntersection(layer.state.bounds)
        var ancestor = layer._superlayer
        while let a = ancestor, !visible.isNull {
            let isRoot = a._superlayer == nil
            if a.state.masksToBounds || (isRoot && a.state.bounds.width > 0 && a.state.bounds.height > 0) {
                let clip = layer.convert(a.state.bounds, from: a)
                if !clip.isNull { visible = visible.finiteIntersection(clip) }
            }
            ancestor = a._superlayer
        }
        return visible
    }

    /// Draws one tile through `draw(in:)`: a bitmap of the tile's pixels whose context has the
    /// layer's coordinates (y down, as the backing store's), scaled to the level and clipped to
    /// the tile, so `ctx.boundingBoxOfClipPath` is the tile's rectangle.
    private func drawTile(_ key: TileKey, grid: TileGrid, fadeStart: CFTimeInterval, fadeDuration: CFTimeInterval) -> TileImage? {
        let rect = grid.rect(column: key.column, row: key.row)
        let w = grid.tileWidthPixels, h = grid.tileHeightPixels
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: grid.pixelScale, y: -grid.pixelScale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        draw(in: ctx)
        guard let image = ctx.makeImage() else { return nil }
        return TileImage(rect: rect, image: image, fadeStart: fadeStart, fadeDuration: fadeDuration)
    }

    /// The class's `fadeDuration()`, when it is a finite number of seconds ≥ 0; else 0 (tiles
    /// show at once), with a message.
    private func fadeDurationOfClass() -> CFTimeInterval {
        let d = type(of: self).fadeDuration()
        guard d.isFinite, d >= 0 else {
            reportOnce("CATiledLayer.fadeDuration() \(d) is not a finite number of seconds ≥ 0; tiles appear at once")
            return 0
        }
        return d
    }
}
