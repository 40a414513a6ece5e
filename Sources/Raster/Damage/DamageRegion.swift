/// A set of device pixels kept as a few disjoint rectangles: the damage of a frame.
///
/// Rectangles that overlap are merged into their bounding box; beyond `maximumRects`, the two
/// whose bounding box adds the fewest pixels are merged. The result covers every pixel added
/// (and a few more), clipped to `clip`. Strata extension.
package struct DamageRegion: Sendable {
    /// The rectangles, disjoint, none empty.
    package private(set) var rects: [IntRect] = []
    package let clip: IntRect
    package let maximumRects: Int

    package init(clip: IntRect, maximumRects: Int = 8) {
        self.clip = clip
        self.maximumRects = Swift.max(1, maximumRects)
    }

    /// Adds the pixels of `rect`.
    package mutating func add(_ rect: IntRect) {
        var r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        // Absorb every rect that overlaps, until none does (a merged box may reach new ones).
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < rects.count {
                if !rects[i].intersection(r).isEmpty {
                    r = r.union(rects[i])
                    rects.remove(at: i)
                    merged = true
                } else {
                    i += 1
                }
            }
        }
        rects.append(r)
        while rects.count > maximumRects { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    package mutating func add(_ other: [IntRect]) { for r in other { add(r) } }

    /// Pixels covered.
    package var area: Int { rects.reduce(0) { $0 + $1.area } }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let u = rects[i].union(rects[j])
                let cost = u.area - rects[i].area - rects[j].area
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let u = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(u)
    }
}
