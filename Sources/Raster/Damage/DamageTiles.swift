/// The union of many rectangles, rounded out to a grid of square tiles and given back as a few
/// rectangles (runs of tiles per tile row, merged down the rows): a frame's changed pixels to
/// within a tile. `DamageRegion` keeps at most a few boxes, merging overlapping ones, so a
/// chain of small overlapping moves (layers circling the screen) becomes one box over all of
/// it; the tiles keep the holes. A window is sent only the tiles (the X server copies every
/// pixel it is sent), while the rasteriser redraws the few boxes. Strata extension.
package struct DamageTiles: Sendable {
    /// The frame's size and the side of a tile (at least 32; wider frames get wider tiles, so
    /// a tile row fits in one 64-bit word).
    package let width: Int, height: Int, tile: Int
    /// Per tile row, a bit per tile column: set where a rectangle added reaches.
    private var rows: [UInt64]

    package init(width: Int, height: Int) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        tile = Swift.max(32, (self.width + 63) / 64)
        rows = Array(repeating: 0, count: (self.height + tile - 1) / tile)
    }

    /// Marks every tile that `rect` (clipped to the frame) reaches.
    package mutating func add(_ rect: IntRect) {
        let r = rect.intersection(IntRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        let c0 = r.x0 / tile, c1 = (r.x1 + tile - 1) / tile
        let bits: UInt64 = c1 - c0 >= 64 ? ~0 : ((1 << UInt64(c1 - c0)) - 1) << UInt64(c0)
        for row in (r.y0 / tile)..<((r.y1 + tile - 1) / tile) { rows[row] |= bits }
    }

    /// Pixels of the tiles marked (clipped to the frame).
    package var area: Int { rects(maximum: .max)?.reduce(0) { $0 + $1.area } ?? 0 }

    /// The marked tiles as disjoint rectangles clipped to the frame: each run of tiles in a tile
    /// row, extended down over the rows below with the same run. Nil when that takes more than
    /// `maximum` rectangles.
    package func rects(maximum: Int) -> [IntRect]? {
        var out: [IntRect] = []
        // The rectangles still growing down: their column run and index in `out`.
        var open: [(c0: Int, c1: Int, index: Int)] = []
        var next: [(c0: Int, c1: Int, index: Int)] = []
        for (row, word) in rows.enumerated() {
            let y0 = row * tile, y1 = Swift.min(height, y0 + tile)
            next.removeAll(keepingCapacity: true)
            var w = word
            while w != 0 {
                let c0 = w.trailingZeroBitCount
                let c1 = c0 + (~(w >> UInt64(c0))).trailingZeroBitCount
                w &= c1 >= 64 ? 0 : ~0 << UInt64(c1)
                if let o = open.first(where: { $0.c0 == c0 && $0.c1 == c1 }) {
                    out[o.index].y1 = y1
                    next.append(o)
                } else {
                    guard out.count < maximum else { return nil }
                    next.append((c0, c1, out.count))
                    out.append(IntRect(x0: c0 * tile, y0: y0, x1: Swift.min(width, c1 * tile), y1: y1))
                }
            }
            swap(&open, &next)
        }
        return out
    }
}
