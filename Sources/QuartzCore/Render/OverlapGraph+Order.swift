// `OverlapGraph`, step 3: the topological drawing order, and breaking cycles.

extension OverlapGraph {
    /// One predecessor of `w` is gone (drawn or split).
    mutating func release(_ w: Int) {
        indegree[w] -= 1
        if indegree[w] == 0 && sorting { ready.push(priority(w), w) }
    }

    func priority(_ v: Int) -> UInt64 { UInt64(keys[v]) << 32 | UInt64(v) }

    /// Polygon v as the sorter returns it: an input polygon as it came, a piece with its points.
    func output(_ v: Int) -> Polygon {
        v < input.count ? input[v] : Polygon(points: Array(points[spans[v]]), item: input[keys[v]].item, isFragment: isFragment[v])
    }

    /// The topological order of the live polygons, earliest input first among ready ones.
    mutating func drawingOrder() -> [Polygon] {
        sorting = true
        var remaining = 0
        for v in 0..<count where alive[v] {
            remaining += 1
            if indegree[v] == 0 { ready.push(priority(v), v) }
            undrawn.push(priority(v), v)
        }
        var order: [Int] = []
        order.reserveCapacity(remaining)
        var splitsLeft = Self.cycleSplitsPerPolygon * input.count
        while remaining > 0 {
            if let u = ready.pop() {
                // Stale entries: split since, drawn already, or given a predecessor since.
                guard alive[u], !drawn[u], indegree[u] == 0 else { continue }
                draw(u, &order)
                remaining -= 1
                continue
            }
            // Only cycles are left.
            let cycle = findCycle()
            if removeFalseEdges(cycle) { continue }
            let firstNew = count
            if splitsLeft > 0, let (piece, by) = cycleSplit(cycle), split(piece, by: by) {
                splitsLeft -= 1
                resolvePairs()
                remaining -= 1
                for v in firstNew..<count where alive[v] {
                    remaining += 1
                    if indegree[v] == 0 { ready.push(priority(v), v) }
                    undrawn.push(priority(v), v)
                }
            } else {
                let u = cycle.min { priority($0) < priority($1) }!
                draw(u, &order)
                remaining -= 1
            }
        }
        return order.map { output($0) }
    }

    mutating func draw(_ u: Int, _ order: inout [Int]) {
        drawn[u] = true
        order.append(u)
        let start = Int(lists[u].start)
        for k in start..<start + Int(lists[u].count) {
            let n = entries[k], o = Int(n.other)
            if n.kind == .ownerFirst && alive[o] && !drawn[o] { release(o) }
        }
    }

    mutating func growMarks() {
        if marks.count < count { marks.append(contentsOf: repeatElement(-1, count: count - marks.count)) }
    }

    /// A cycle among the polygons not drawn yet (when every one of them has a predecessor not
    /// drawn yet): walk back from the earliest until a polygon repeats.
    mutating func findCycle() -> [Int] {
        while let v = undrawn.first, !alive[v] || drawn[v] { _ = undrawn.pop() }
        let start = undrawn.first!
        growMarks()
        var path: [Int] = []
        var v = start
        while marks[v] < 0 {
            marks[v] = path.count
            path.append(v)
            let s = Int(lists[v].start), e = s + Int(lists[v].count)
            var k = s
            while k < e {
                let n = entries[k], o = Int(n.other)
                if n.kind == .otherFirst && alive[o] && !drawn[o] { break }
                k += 1
            }
            precondition(k < e, "a polygon left for a cycle has a predecessor")
            v = Int(entries[k].other)
        }
        let cycle = Array(path[marks[v]...])
        for p in path { marks[p] = -1 }
        return cycle
    }

    /// The position in v's list of `other` with `kind`.
    func position(in v: Int, of other: Int, _ kind: Kind) -> Int? {
        for i in 0..<neighbourCount(v) {
            let n = neighbour(v, i)
            if Int(n.other) == other && n.kind == kind { return i }
        }
        return nil
    }

    /// Edges taken over by pieces were checked against the boxes only: drops those of `cycle`
    /// between polygons whose projections do not overlap. False when all of them hold.
    mutating func removeFalseEdges(_ cycle: [Int]) -> Bool {
        var removed = false
        for (i, v) in cycle.enumerated() {
            // cycle[i + 1] is a predecessor of cycle[i], and cycle[0] one of the last.
            let u = cycle[(i + 1) % cycle.count]
            guard !projectionsOverlap(u, v) else { continue }
            guard let j = position(in: u, of: v, .ownerFirst) else { continue }
            setKind(u, j, .disjoint)
            if let j = position(in: v, of: u, .otherFirst) { setKind(v, j, .disjoint) }
            release(v)
            removed = true
        }
        return removed
    }

    /// Which polygon of `cycle` to split by which other's plane: one straddling the other's
    /// plane, preferably two straddling each other's planes without being ordered directly (the
    /// pair whose overlap the rest of the cycle goes round), splitting the one with less area
    /// (fragments draw clipped, which is slower). Nil when none straddles another.
    ///
    /// Pairs are scored in order, each test made only when a pair needs it, and the search stops
    /// at the first pair with the highest possible score (the one a full scan would pick).
    mutating func cycleSplit(_ cycle: [Int]) -> (Int, Int)? {
        let c = cycle.count
        growMarks()
        for (i, p) in cycle.enumerated() { marks[p] = i }
        defer { for p in cycle { marks[p] = -1 } }
        let areas = cycle.map { area($0) }
        // directRow[j] == i: cycle[i] and cycle[j] are ordered directly (filled for row i from
        // cycle[i]'s list when it first straddles another).
        var directRow = [Int](repeating: -1, count: c)
        var best: (score: Int, piece: Int, plane: Int)? = nil
        for i in 0..<c {
            let p = cycle[i]
            guard let pp = planes[p] else { continue }
            var rowFilled = false
            for j in 0..<c where j != i {
                let q = cycle[j]
                guard let pq = planes[q] else { continue }
                let s = sides(of: p, pq)
                guard s.front && s.back else { continue }
                if !rowFilled {
                    rowFilled = true
                    for k in 0..<neighbourCount(p) {
                        let n = neighbour(p, k)
                        guard n.kind == .ownerFirst || n.kind == .otherFirst else { continue }
                        let m = marks[Int(n.other)]
                        if m >= 0 { directRow[m] = i }
                    }
                }
                let back = sides(of: q, pp)
                let score = (directRow[j] == i ? 0 : 4) + (back.front && back.back ? 2 : 0) + (areas[i] <= areas[j] ? 1 : 0)
                if best == nil || score > best!.score {
                    best = (score, p, q)
                    if score == 7 { return (p, q) }
                }
            }
        }
        return best.map { ($0.piece, $0.plane) }
    }

    /// Releases the buffers kept by hand.
    func free() {
        boxes.free()
        lists.free()
        entries.free()
    }

    func area(_ p: Int) -> Double { points.withUnsafeBufferPointer { Self.projectedArea(Points(rebasing: $0[spans[p]])) } }
}

/// A binary min-heap of (priority, value).
struct MinHeap {
    private var items: [(UInt64, Int)] = []

    /// The value with the least priority, left in the heap.
    var first: Int? { items.first?.1 }

    mutating func push(_ priority: UInt64, _ value: Int) {
        items.append((priority, value))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].0 < items[parent].0 else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].0 < items[m].0 { m = l }
                if r < items.count && items[r].0 < items[m].0 { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top.1
    }
}
