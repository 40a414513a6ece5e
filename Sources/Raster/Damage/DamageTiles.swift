/// The union of many rectangles, rounded out to a grid of square tiles and given back as
/// disjoint rectangles (runs of tiles per tile row, merged down the rows): a frame's changed
/// pixels to within a tile. `DamageRegion` keeps at most a few boxes, merging overlapping ones,
/// so a chain of small overlapping moves (layers circling the screen) becomes one box over all
/// of it; the tiles keep the holes. A window is sent only the tiles (the X server copies every
/// pixel it is sent), while the rasteriser redraws the few boxes. Strata extension.
package struct DamageTiles: Sendable {
    /// The frame's size and the side of a tile: 8 pixels, or wider for frames over 2,048
    /// pixels wide, so a tile row fits in `words` 64-bit words.
    package let width: Int, height: Int, tile: Int
    private static let words = 4
    private let columns: Int
    /// Per tile row, `words` words of a bit per tile column: set where a rectangle added reaches.
    private var bits: [UInt64]

    package init(width: Int, height: Int) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        tile = Swift.max(8, (self.width + 64 * Self.words - 1) / (64 * Self.words))
        columns = (self.width + tile - 1) / tile
        bits = Array(repeating: 0, count: (self.height + tile - 1) / tile * Self.words)
    }

    /// Marks every tile that `rect` (clipped to the frame) reaches.
    package mutating func add(_ rect: IntRect) {
        let r = rect.intersection(IntRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        let c0 = r.x0 / tile, c1 = (r.x1 + tile - 1) / tile
        for row in (r.y0 / tile)..<((r.y1 + tile - 1) / tile) {
            let base = row * Self.words
            for w in (c0 >> 6)...((c1 - 1) >> 6) {
                let lo = Swift.max(c0 - w * 64, 0), hi = Swift.min(c1 - w * 64, 64)
                let ones: UInt64 = hi - lo >= 64 ? ~0 : ((1 << UInt64(hi - lo)) - 1) << UInt64(lo)
                bits[base + w] |= ones
            }
        }
    }

    /// Pixels of the tiles marked (clipped to the frame).
    package var area: Int { rects(maximum: .max)?.reduce(0) { $0 + $1.area } ?? 0 }

    /// The marked tiles as disjoint rectangles clipped to the frame: each run of tiles in a tile
    /// row, extended down over the rows below with the same run. Nil when that takes more than
    /// `maximum` rectangles.
    package func rects(maximum: Int) -> [IntRect]? {
        var out: [IntRect] = []
        // The runs of the row above, in column order, with the rectangle each extends. A row
        // has at most (columns + 1) / 2 runs: reserved once (growing them was a dozen
        // allocations a frame).
        var above: [(c0: Int, c1: Int, index: Int)] = []
        var current: [(c0: Int, c1: Int, index: Int)] = []
        above.reserveCapacity((columns + 1) / 2)
        current.reserveCapacity((columns + 1) / 2)
        out.reserveCapacity(Swift.min(maximum, 64))
        for row in 0..<(bits.count / Self.words) {
            let y0 = row * tile, y1 = Swift.min(height, y0 + tile)
            current.removeAll(keepingCapacity: true)
            var p = 0, c = 0
            while let c0 = nextColumn(row: row, from: c, set: true) {
                let c1 = nextColumn(row: row, from: c0, set: false) ?? columns
                c = c1
                while p < above.count && above[p].c0 < c0 { p += 1 }
                if p < above.count, above[p].c0 == c0, above[p].c1 == c1 {
                    out[above[p].index].y1 = y1
                    current.append(above[p])
                } else {
                    guard out.count < maximum else { return nil }
                    current.append((c0, c1, out.count))
                    out.append(IntRect(x0: c0 * tile, y0: y0, x1: Swift.min(width, c1 * tile), y1: y1))
                }
            }
            swap(&above, &current)
        }
        return out
    }

    /// The first tile column at or after `c` in `row` whose bit is `set`; nil when none.
    private func nextColumn(row: Int, from c: Int, set: Bool) -> Int? {
        var w = c >> 6, bit = c & 63
        while w < Self.words {
            var word = bits[row * Self.words + w]
            if !set { word = ~word }
            word &= ~0 << UInt64(bit)
            if word != 0 {
                let column = w * 64 + word.trailingZeroBitCount
                return column < columns ? column : nil
            }
            w += 1
            bit = 0
        }
        return nil
    }
}
