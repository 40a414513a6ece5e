import Foundation

/// The tiles a `CATiledLayer` has drawn, least recently shown evicted first once they hold
/// more than `budgetBytes` (tiles on screen are never evicted, so a screenful larger than the
/// budget stays whole).
package final class TileCache {
    /// Apple documents no figure; 64 MiB holds 256 tiles of 256 × 256 BGRA pixels.
    package static let defaultBudgetBytes = 64 << 20

    private struct Entry {
        let tile: TileImage
        let bytes: Int
        var lastUse: UInt64
    }

    private var entries: [TileKey: Entry] = [:]
    private var clock: UInt64 = 0
    package let budgetBytes: Int
    /// The bytes of pixels held now.
    package private(set) var bytes = 0
    /// Tiles drawn since the cache was made (each a `draw(in:)` call).
    package private(set) var tilesDrawn = 0
    /// The keys last handed to the render side, in order (to know when they change).
    package var shownKeys: [TileKey] = []

    package init(budgetBytes: Int = TileCache.defaultBudgetBytes) { self.budgetBytes = budgetBytes }

    /// How many tiles are held.
    package var count: Int { entries.count }

    /// The tile of `key`, drawn by `draw` when it is not held; marks it used now.
    package func tile(_ key: TileKey, draw: () -> TileImage?) -> TileImage? {
        if let t = cached(key) { return t }
        guard let tile = draw() else { return nil }
        store(tile, for: key)
        return tile
    }

    /// The tile of `key` when it is held (marked used now), else nil.
    package func cached(_ key: TileKey) -> TileImage? {
        clock &+= 1
        guard var e = entries[key] else { return nil }
        e.lastUse = clock
        entries[key] = e
        return e.tile
    }

    /// Holds `tile` as the drawing of `key`.
    package func store(_ tile: TileImage, for key: TileKey) {
        clock &+= 1
        tilesDrawn += 1
        let b = tile.image.bytesPerRow * tile.image.height
        if let old = entries[key] { bytes -= old.bytes }
        entries[key] = Entry(tile: tile, bytes: b, lastUse: clock)
        bytes += b
    }

    // Tiles drawn off the committing thread (a slow `draw(in:)`): which are on their way, and
    // a generation that every invalidation advances, so a tile drawn before it is dropped.

    /// Keys whose drawing has been handed to the background queue and not yet stored.
    package var pending: Set<TileKey> = []
    /// Advanced by every invalidation.
    package private(set) var generation: UInt64 = 0
    /// Whether one tile took longer than `slowTileSeconds` to draw: the layer's tiles are then
    /// all drawn in the background.
    package var drawsSlowly = false
    /// Whether tiles drawn now fade in: false until the first pass that shows tiles, and again
    /// after an invalidation (redrawn tiles replace the old ones at once: none is kept to fade
    /// from).
    package var fadesNewTiles = false

    /// Evicts the least recently used tiles not in `keep` until the budget holds.
    package func trim(keeping keep: Set<TileKey>) {
        guard bytes > budgetBytes else { return }
        let candidates = entries.filter { !keep.contains($0.key) }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, e) in candidates {
            guard bytes > budgetBytes else { break }
            entries[key] = nil
            bytes -= e.bytes
        }
    }

    /// Forgets every tile (the layer's content changed).
    package func removeAll() {
        generation &+= 1
        fadesNewTiles = false
        pending.removeAll()
        entries.removeAll()
        bytes = 0
        shownKeys = []
    }

    /// Forgets the tiles that meet `r` (in the layer's coordinates).
    package func remove(intersecting r: CGRect) {
        generation &+= 1
        fadesNewTiles = false
        pending.removeAll()
        for (key, e) in entries where !e.tile.rect.finiteIntersection(r).isNull {
            entries[key] = nil
            bytes -= e.bytes
        }
        shownKeys = []
    }
}
