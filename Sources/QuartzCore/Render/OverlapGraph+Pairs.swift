// `OverlapGraph`, step 1–2: the pairs whose screen boxes overlap, decided for the input polygons,
// each polygon cut by the planes of the earlier ones it meets, and the pieces linked.

extension OverlapGraph {
    func boxesOverlap(_ a: Int, _ b: Int) -> Bool {
        let p = boxes[a], q = boxes[b], e = Self.epsilon
        return p.x < q.z - e && q.x < p.z - e && p.y < q.w - e && q.y < p.w - e
    }

    /// Sort-and-sweep on x: every pair of (non-degenerate) polygons whose boxes overlap.
    mutating func findOverlappingPairs() {
        let order = (0..<count).filter { planes[$0] != nil }.sorted {
            boxes[$0].x != boxes[$1].x ? boxes[$0].x < boxes[$1].x : $0 < $1
        }
        var active: [Int] = []
        pending.reserveCapacity(16 * order.count)
        for i in order {
            let minX = boxes[i].x
            var k = 0
            while k < active.count {
                let j = active[k]
                if boxes[j].z <= minX + Self.epsilon {
                    // Ends left of this box, so left of every later one too.
                    active.swapAt(k, active.count - 1)
                    active.removeLast()
                    continue
                }
                if boxesOverlap(i, j) {
                    let (a, b) = i < j ? (i, j) : (j, i)
                    pending.append((a, b, 0, 0))
                }
                k += 1
            }
            active.append(i)
        }
        // Decide pairs in input order (pending is used as a stack).
        pending.sort { $0.a != $1.a ? $0.a > $1.a : $0.b > $1.b }
    }

    enum Relation { case none, before, after, split }

    /// Decides the input polygons' pairs, cuts each polygon by the planes of the earlier ones
    /// it meets (where its pieces still meet them), then links the live pieces: an order found
    /// between two input polygons holds for their pieces (they do not meet), checked against the
    /// boxes only; pieces of a pair that met are left pending, to be decided one by one.
    /// Splitting before linking spares the pieces that are split again their own edges.
    mutating func splitAndLink() {
        let (decided, splitterStart, splitters) = decideInputPairs()
        let (pieceList, pieceStart) = cutByEarlierPlanes(splitterStart, splitters)
        linkPieces(decided, pieceList, pieceStart)
        // Decide pairs in input order (pending is used as a stack).
        pending.reverse()
    }

    /// Decides the pending pairs of input polygons (emptying `pending`): the pairs with an
    /// order or a split, and each polygon's splitters, earliest first, flat:
    /// `splitters[splitterStart[b]..<splitterStart[b + 1]]`.
    private mutating func decideInputPairs() -> (decided: [(a: Int32, b: Int32, r: Relation)], splitterStart: [Int], splitters: [Int]) {
        let n = count
        var decided: [(a: Int32, b: Int32, r: Relation)] = []
        decided.reserveCapacity(pending.count)
        // Each polygon's splitters, earliest first, flat: splitterStart[b]..<splitterStart[b + 1].
        var splitterStart = [Int](repeating: 0, count: n + 1)
        for (a, b, _, _) in pending.reversed() {
            let r = relation(a, b)
            if r == .none { continue }
            if r == .split { splitterStart[b + 1] += 1 }
            decided.append((Int32(a), Int32(b), r))
        }
        pending.removeAll(keepingCapacity: true)
        for b in 0..<n { splitterStart[b + 1] += splitterStart[b] }
        var splitters = [Int](repeating: 0, count: splitterStart[n])
        var fill = splitterStart
        for (a, b, r) in decided where r == .split {
            splitters[fill[Int(b)]] = Int(a)
            fill[Int(b)] += 1
        }
        return (decided, splitterStart, splitters)
    }

    /// Cuts each input polygon by its splitters' planes (where its pieces still meet them):
    /// its live pieces, left to right, are `pieceList[pieceStart[b]..<pieceStart[b + 1]]`.
    private mutating func cutByEarlierPlanes(_ splitterStart: [Int], _ splitters: [Int]) -> (pieceList: [Int32], pieceStart: [Int]) {
        let n = splitterStart.count - 1
        // Each input polygon's live pieces (itself when unsplit), root by root.
        var pieceList: [Int32] = []
        pieceList.reserveCapacity(4 * n)
        var pieceStart: [Int] = []
        pieceStart.reserveCapacity(n + 1)
        var current: [Int] = [], next: [Int] = []
        for b in 0..<n {
            pieceStart.append(pieceList.count)
            guard planes[b] != nil else { continue }
            if splitterStart[b] == splitterStart[b + 1] { pieceList.append(Int32(b)); continue }
            current.removeAll(keepingCapacity: true)
            current.append(b)
            for s in splitterStart[b]..<splitterStart[b + 1] {
                let a = splitters[s]
                next.removeAll(keepingCapacity: true)
                for q in current {
                    if splits(a, q), cut(q, by: a, into: &next) { continue }
                    next.append(q)
                }
                swap(&current, &next)
            }
            // Left to right (by the boxes' minX), so that pieces of two polygons are paired by a sweep.
            if current.count > 1 {
                let boxes = boxes
                current.sort { (boxes[$0].x, $0) < (boxes[$1].x, $1) }
            }
            for q in current { pieceList.append(Int32(q)) }
        }
        pieceStart.append(pieceList.count)
        return (pieceList, pieceStart)
    }

    /// Links the pieces of every decided pair whose boxes overlap, with the order the pair
    /// gives them (a split pair: the side of the splitter's plane each piece is on).
    private mutating func linkPieces(_ decided: [(a: Int32, b: Int32, r: Relation)], _ pieceList: [Int32], _ pieceStart: [Int]) {
        // Pairs of pieces to link, gathered first to size each piece's list.
        var links = SorterBuffer<Link>(capacity: 8 * decided.count)
        var degree = SorterBuffer<Int32>(capacity: count)
        _ = degree.append(repeating: 0, count: count)
        var fa = SorterBuffer<Int32>(capacity: 64), fb = SorterBuffer<Int32>(capacity: 64)
        var kindB = SorterBuffer<Kind>(capacity: 64)
        defer { fa.free(); fb.free(); kindB.free(); links.free(); degree.free() }
        let e = Self.epsilon, boxes = boxes
        /// Whether boxes p and q overlap (as `boxesOverlap`).
        @inline(__always) func overlap(_ p: SIMD4<Double>, _ q: SIMD4<Double>) -> Bool {
            p.x < q.z - e && q.x < p.z - e && p.y < q.w - e && q.y < p.w - e
        }
        pieceList.withUnsafeBufferPointer { pieceList in
            for (a32, b32, r) in decided {
                let a = Int(a32), b = Int(b32)
                let boxA = boxes[a], boxB = boxes[b]
                fa.removeAll()
                for i in pieceStart[a]..<pieceStart[a + 1] where overlap(boxes[Int(pieceList[i])], boxB) { fa.append(pieceList[i]) }
                if fa.count == 0 { continue }
                fb.removeAll()
                for i in pieceStart[b]..<pieceStart[b + 1] where overlap(boxes[Int(pieceList[i])], boxA) { fb.append(pieceList[i]) }
                // The order each piece of b takes against a's: b's pieces that were cut by a's plane lie
                // on one side of it (a's pieces too); the others do not meet a, and are decided like any pair.
                kindB.removeAll()
                if r != .split {
                    _ = kindB.append(repeating: r == .before ? .ownerFirst : .otherFirst, count: fb.count)
                } else {
                    let plane = planes[a]!
                    for k in 0..<fb.count {
                        switch sides(of: Int(fb[k]), plane) {
                        case (true, false): kindB.append(.ownerFirst)
                        case (false, true): kindB.append(.otherFirst)
                        default: kindB.append(.undecided)
                        }
                    }
                }
                // Both lists run left to right: sweep on x, as `findOverlappingPairs` does.
                var first = 0
                for i in 0..<fa.count {
                    let p = fa[i], boxP = boxes[Int(p)]
                    // Pieces of b ending left of p end left of every later piece of a too.
                    while first < fb.count && boxes[Int(fb[first])].z - e <= boxP.x { first += 1 }
                    var k = first
                    while k < fb.count {
                        let q = fb[k], boxQ = boxes[Int(q)]
                        if boxQ.x >= boxP.z - e { break }   // this one and the later ones start right of p
                        if overlap(boxP, boxQ) {
                            links.append(Link(p: p, q: q, kind: kindB[k]))
                            degree[Int(p)] += 1
                            degree[Int(q)] += 1
                        }
                        k += 1
                    }
                }
            }
        }
        layOut(links, degree)
    }

    struct Link { var p: Int32, q: Int32, kind: Kind }

    /// Lays every (empty) neighbour list out at the arena's end at its final size and fills them
    /// with `links` in order (as `link` would, one by one), counting the orders they carry.
    mutating func layOut(_ links: SorterBuffer<Link>, _ degree: SorterBuffer<Int32>) {
        var total = 0
        for v in 0..<degree.count { total += Int(degree[v]) }
        // Room for the lists that grow when cycles are broken, so the arena is not copied then.
        entries.reserve(entries.count + total + total / 2 + 64)
        let base = entries.append(repeating: Neighbour(other: -1, kind: .disjoint), count: total)
        var start = base
        for v in 0..<degree.count where degree[v] > 0 {
            assert(lists[v].count == 0)
            lists[v] = NeighbourList(start: Int32(start), count: 0, capacity: degree[v])
            start += Int(degree[v])
        }
        let entriesBase = entries.base, lists = lists.base
        var undecided: [(a: Int, b: Int, ia: Int, ib: Int)] = []
        indegree.withUnsafeMutableBufferPointer { indegree in
            for l in 0..<links.count {
                let link = links[l]
                let p = Int(link.p), q = Int(link.q)
                let mirrored: Kind = link.kind == .ownerFirst ? .otherFirst : link.kind == .otherFirst ? .ownerFirst : link.kind
                let ip = lists[p].count, iq = lists[q].count
                entriesBase[Int(lists[p].start + ip)] = Neighbour(other: link.q, kind: link.kind)
                entriesBase[Int(lists[q].start + iq)] = Neighbour(other: link.p, kind: mirrored)
                lists[p].count = ip + 1
                lists[q].count = iq + 1
                switch link.kind {
                case .ownerFirst: indegree[q] += 1
                case .otherFirst: indegree[p] += 1
                case .undecided: undecided.append((p, q, Int(ip), Int(iq)))
                case .disjoint: break
                }
            }
        }
        pending.append(contentsOf: undecided)
    }
}
