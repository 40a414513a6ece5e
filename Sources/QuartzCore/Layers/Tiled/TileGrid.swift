import Foundation

/// The key of one tile: its grid (level of detail and tile size in pixels) and its column and
/// row in that grid.
package struct TileKey: Hashable, Sendable {
    /// The level: tiles draw at `contentsScale × 2^level` pixels per point.
    package let level: Int
    package let widthPixels: Int
    package let heightPixels: Int
    package let column: Int
    package let row: Int
}

/// How a `CATiledLayer` is cut into tiles at the level of detail chosen for one display pass.
/// The grid is anchored at the layer's coordinate origin (not `bounds.origin`), so moving the
/// bounds origin reuses tiles already drawn.
package struct TileGrid: Equatable, Sendable {
    /// The chosen level (0 is `contentsScale` pixels per point; each step doubles or halves it).
    package let level: Int
    /// Pixels per point at this level.
    package let pixelScale: Double
    /// A tile's size in pixels (at least 1 × 1).
    package let tileWidthPixels: Int
    package let tileHeightPixels: Int

    /// The most tiles one display pass shows; past it the tiles grow (a tile size of 1 pixel on a
    /// large screen would otherwise mean millions of `draw(in:)` calls).
    package static let maximumVisibleTiles = 1024
    /// The pixels the visible tiles of one pass may hold at least (16 MiB of BGRA); a larger
    /// window allows 4 × its pixels (up to 64 M). Past it tiles are drawn at a coarser level.
    package static let minimumPixelBudget = 4 << 20
    package static let maximumPixelBudget = 64 << 20

    /// The pixel budget of a pass whose window (the root layer's bounds) has `windowPixels`.
    package static func pixelBudget(windowPixels: Double) -> Double {
        let w = windowPixels.isFinite && windowPixels > 0 ? windowPixels : 0
        return min(Double(maximumPixelBudget), max(Double(minimumPixelBudget), 4 * w))
    }
    /// Tile sides are kept within 16…2048 pixels (a 2048² tile is 16 MiB).
    package static let tileSideRange: ClosedRange<Double> = 16...2048
    /// Levels and bias are kept within ±30 (2^30 times magnified is past any useful zoom).
    package static let maximumLevels = 31

    /// A tile's size in points.
    package var tileWidth: Double { Double(tileWidthPixels) / pixelScale }
    package var tileHeight: Double { Double(tileHeightPixels) / pixelScale }

    /// The grid for a layer whose plane shows at `deviceScale` pixels per point, with Apple's
    /// level rules: the levels are `2^bias, 2^(bias−1), …` (`levelsOfDetail` of them), the
    /// coarsest no coarser than the one where the whole bounds fit one tile, and the level used
    /// is the coarsest one still at least as fine as the device (so tiles are never magnified
    /// unless the finest level is). Bad values are clamped; `report` explains each.
    package static func make(tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int,
                             contentsScale: CGFloat, deviceScale: Double, boundsSize: CGSize,
                             report: (String) -> Void) -> TileGrid {
        func side(_ v: Double, _ name: String) -> Double {
            guard v.isFinite, v > 0 else {
                report("CATiledLayer.tileSize.\(name) \(v) is not a positive number; 256 used")
                return 256
            }
            let c = min(max(v, tileSideRange.lowerBound), tileSideRange.upperBound)
            if c != v { report("CATiledLayer.tileSize.\(name) \(v) is outside \(Int(tileSideRange.lowerBound))…\(Int(tileSideRange.upperBound)) pixels; \(Int(c)) used") }
            return c.rounded(.up)
        }
        let tw = side(Double(tileSize.width), "width"), th = side(Double(tileSize.height), "height")
        var lod = levelsOfDetail
        if lod < 1 || lod > maximumLevels {
            lod = min(max(lod, 1), maximumLevels)
            report("CATiledLayer.levelsOfDetail \(levelsOfDetail) is outside 1…\(maximumLevels); \(lod) used")
        }
        var bias = levelsOfDetailBias
        if bias < 0 || bias > maximumLevels - 1 {
            bias = min(max(bias, 0), maximumLevels - 1)
            report("CATiledLayer.levelsOfDetailBias \(levelsOfDetailBias) is outside 0…\(maximumLevels - 1); \(bias) used")
        }
        let cs = contentsScale.isFinite && contentsScale > 0 ? Double(contentsScale) : 1
        let finest = bias
        var coarsest = bias - lod + 1
        // Apple: too many levels for the layer's size are clamped so that the bottom level is
        // a single tile.
        let largest = max(Double(boundsSize.width) * cs / tw, Double(boundsSize.height) * cs / th)
        if largest.isFinite, largest > 0 {
            let single = Int(max(-60, min(60, (-log2(largest)).rounded(.down))))
            coarsest = max(coarsest, min(single, finest))
        }
        let zoom = deviceScale.isFinite && deviceScale > 0 ? deviceScale / cs : 1
        let wanted = Int(max(-60, min(60, (log2(zoom) - 1e-9).rounded(.up))))
        let level = min(max(wanted, coarsest), finest)
        return TileGrid(level: level, pixelScale: cs * pow(2, Double(level)),
                        tileWidthPixels: Int(tw), tileHeightPixels: Int(th))
    }

    /// A grid whose tiles cover twice the points on each side: tiles of twice the pixels while
    /// they are smaller than 512, else the next coarser level (same pixels, half the scale).
    package func coarsened() -> TileGrid {
        if max(tileWidthPixels, tileHeightPixels) < 512 {
            return TileGrid(level: level, pixelScale: pixelScale,
                            tileWidthPixels: tileWidthPixels * 2, tileHeightPixels: tileHeightPixels * 2)
        }
        return TileGrid(level: level - 1, pixelScale: pixelScale / 2,
                        tileWidthPixels: tileWidthPixels, tileHeightPixels: tileHeightPixels)
    }

    /// Whether `count` tiles of this grid fit the per-pass limits (count and pixels).
    package func fits(tileCount count: Double, pixelBudget: Double) -> Bool {
        count <= Double(Self.maximumVisibleTiles)
            && count * Double(tileWidthPixels) * Double(tileHeightPixels) <= pixelBudget
    }

    /// The column and row ranges of the tiles that meet `r` (nil when `r` is empty, not finite,
    /// or so far from the origin that its tile indices leave the exactly representable range).
    package func indexRanges(covering r: CGRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard !r.isNull, !r.isEmpty, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let c0 = (Double(r.minX) / tileWidth).rounded(.down), c1 = (Double(r.maxX) / tileWidth).rounded(.up) - 1
        let r0 = (Double(r.minY) / tileHeight).rounded(.down), r1 = (Double(r.maxY) / tileHeight).rounded(.up) - 1
        let limit = 1e15
        guard abs(c0) < limit, abs(c1) < limit, abs(r0) < limit, abs(r1) < limit, c1 >= c0, r1 >= r0 else { return nil }
        return (Int(c0)...Int(c1), Int(r0)...Int(r1))
    }

    /// The key of a tile of this grid.
    package func key(column: Int, row: Int) -> TileKey {
        TileKey(level: level, widthPixels: tileWidthPixels, heightPixels: tileHeightPixels, column: column, row: row)
    }

    /// The tile's rectangle in the layer's coordinates.
    package func rect(column: Int, row: Int) -> CGRect {
        CGRect(x: Double(column) * tileWidth, y: Double(row) * tileHeight, width: tileWidth, height: tileHeight)
    }
}
