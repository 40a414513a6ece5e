extension PlaneSorter {
    /// The polygons in drawing order, constraining only pairs that overlap on screen:
    ///
    /// 1. Screen (x, y) boxes, and a sort-and-sweep on x for the pairs whose boxes overlap.
    /// 2. Each such pair: no constraint if the convex projections do not overlap (separating
    ///    axis); else Newell's tests (one polygon entirely on one side of the other's plane
    ///    fixes the order; coplanar ones keep input order); else, if they meet, the later one
    ///    is split by the other's plane; else (each crosses the other's plane away from the
    ///    other) their depths at a common point decide. Every input polygon is cut by all the
    ///    planes it must be split by before its pieces are linked: they take over its orders
    ///    (box-checked), so only live pieces carry edges, stored once, in `neighbours`.
    /// 3. A topological sort of "drawn before" that, among ready polygons, takes the earliest
    ///    in input order. When only cycles are left, one is found by walking back along the
    ///    edges and broken by splitting one of its polygons by another's plane.
    ///
    /// Unsplit polygons come back as they went in (not fragments), so they draw unclipped.
    package static func overlapSort(_ polygons: [Polygon]) -> [Polygon] {
        guard polygons.count > 1 else { return polygons }
        var graph = OverlapGraph(polygons)
        graph.findOverlappingPairs()
        graph.splitAndLink()
        graph.resolvePairs()
        defer { graph.free() }
        return graph.drawingOrder()
    }
}

/// The working state of `PlaneSorter.overlapSort`: polygons (fragments appended as they are
/// split off, the split polygon marked dead), their "drawn before" edges, and pairs to decide.
///
/// Everything is flat and indexed by polygon id: the points of all polygons in one pool, the
/// neighbour lists in one arena, so splitting and linking allocate nothing per polygon.
struct OverlapGraph {
    typealias Polygon = PlaneSorter.Polygon
    typealias Plane = PlaneSorter.Plane

    /// Distances to planes and gaps between projections below this are zero (context units).
    static let epsilon = PlaneSorter.epsilon
    /// Projections with less area than this cover nothing and constrain nothing.
    static let minimumArea = 1e-9
    /// Cycle-breaking splits allowed per input polygon; past them a cycle is cut by drawing its
    /// earliest polygon first (approximate, never seen in practice).
    static let cycleSplitsPerPolygon = 8

    /// The input, returned as it is for polygons that are not split.
    let input: [Polygon]
    /// Every polygon's points, one after another; `spans[v]` is where polygon v's are.
    var points: [SIMD3<Double>] = []
    var spans: [Range<Int>] = []
    var isFragment: [Bool] = []
    /// Each polygon's plane with its normal turned towards the viewer (z ≥ 0); nil when it has
    /// no area or is seen edge-on, then it takes part in no pair.
    var planes: [Plane?] = []
    /// Screen box: (minX, minY, maxX, maxY).
    var boxes: SorterBuffer<SIMD4<Double>>
    /// Bounding sphere (centre, radius), for the sides of a plane a polygon is on.
    var spheres: [SIMD4<Double>] = []
    /// Position of the polygon (or the one it was split from) in the input.
    var keys: [Int] = []
    var alive: [Bool] = []
    /// Polygons whose boxes overlap (symmetric; dead entries are skipped): polygon v's list is
    /// `entries[lists[v].start ..< lists[v].start + lists[v].count]`, moved to the arena's end
    /// (twice as long) when it fills.
    var lists: SorterBuffer<NeighbourList>
    var entries: SorterBuffer<Neighbour>
    /// Pairs to decide, with where each is in the other's neighbour list.
    var pending: [(a: Int, b: Int, ia: Int, ib: Int)] = []
    /// Splits `resolvePairs` may still make. Pieces of polygons with huge or nearly degenerate
    /// coordinates can keep splitting one another without end (a fuzzed scene grew to 2.6 GB);
    /// past this budget an interpenetrating pair is ordered by input order instead (approximate).
    lazy var pairSplitsLeft = 16 * input.count + 64
    /// Scratch for cutting polygons.
    var scratchDistances: [Double] = []
    var scratchFront: [SIMD3<Double>] = []
    var scratchBack: [SIMD3<Double>] = []
    /// Scratch for `split`: the neighbours a split polygon's pieces take over.
    var scratchHeirs: [Heir] = []
    struct Heir { var box: SIMD4<Double>; var other: Int32; var kind: Kind }

    /// A polygon whose box overlaps, and whether the pair is decided. An order found between
    /// two polygons holds for their pieces too (they do not meet, nor do pieces of them), and
    /// so does a lack of overlap: pieces take over their edges, checked against the boxes only
    /// (`removeFalseEdges` drops those that close a cycle without an overlap).
    struct Neighbour {
        var other: Int32
        var kind: Kind
    }
    enum Kind: UInt8 { case undecided, disjoint, ownerFirst, otherFirst }
    struct NeighbourList { var start: Int32 = 0, count: Int32 = 0, capacity: Int32 = 0 }

    func neighbourCount(_ v: Int) -> Int { Int(lists[v].count) }
    func neighbour(_ v: Int, _ i: Int) -> Neighbour { entries[Int(lists[v].start) + i] }
    mutating func setKind(_ v: Int, _ i: Int, _ kind: Kind) { entries[Int(lists[v].start) + i].kind = kind }

    /// Appends to v's list; returns the position in it.
    mutating func appendNeighbour(_ v: Int, _ n: Neighbour) -> Int {
        var list = lists[v]
        if list.count == list.capacity {
            let capacity = max(4, 2 * Int(list.capacity))
            // Slots past a list's count are never read: no need to fill them.
            let start = entries.appendUninitialized(count: capacity)
            (entries.base + start).initialize(from: entries.base + Int(list.start), count: Int(list.count))
            list.start = Int32(start)
            list.capacity = Int32(capacity)
        }
        entries[Int(list.start + list.count)] = n
        list.count += 1
        lists[v] = list
        return Int(list.count) - 1
    }

    /// Makes `a` and `b` neighbours (recording the order `kind` gives, if any); returns their
    /// positions in each other's lists.
    mutating func link(_ a: Int, _ b: Int, _ kind: Kind) -> (Int, Int) {
        let mirrored: Kind = kind == .ownerFirst ? .otherFirst : kind == .otherFirst ? .ownerFirst : kind
        let ia = appendNeighbour(a, Neighbour(other: Int32(b), kind: kind))
        let ib = appendNeighbour(b, Neighbour(other: Int32(a), kind: mirrored))
        if kind == .ownerFirst { addEdge(a, b) } else if kind == .otherFirst { addEdge(b, a) }
        return (ia, ib)
    }
    /// "Drawn before" edges are the neighbours whose kind is `ownerFirst` (successors) or
    /// `otherFirst` (predecessors); this counts each polygon's predecessors that are neither
    /// dead nor drawn yet.
    var indegree: [Int] = []
    /// Set once the topological sort runs: then polygons are drawn one by one.
    var sorting = false
    var drawn: [Bool] = []
    var ready = MinHeap()
    /// Every live polygon not drawn yet by priority (stale entries popped lazily), for `findCycle`.
    var undrawn = MinHeap()

    init(_ input: [Polygon]) {
        self.input = input
        let n = input.count
        var points: [SIMD3<Double>] = [], spans: [Range<Int>] = []
        points.reserveCapacity(8 * n)
        spans.reserveCapacity(4 * n)
        for p in input {
            let start = points.count
            points.append(contentsOf: p.points)
            spans.append(start..<points.count)
        }
        var planes: [Plane?] = [], spheres: [SIMD4<Double>] = []
        var boxes = SorterBuffer<SIMD4<Double>>(capacity: 24 * n)
        spheres.reserveCapacity(24 * n)
        planes.reserveCapacity(24 * n)
        points.withUnsafeBufferPointer { pool in
            for span in spans {
                let pts = Points(rebasing: pool[span])
                planes.append(Self.facingPlane(pts))
                boxes.append(Self.box(pts))
                spheres.append(Self.sphere(pts))
            }
        }
        self.points = points
        self.spans = spans
        self.planes = planes
        self.boxes = boxes
        self.spheres = spheres
        isFragment = input.map(\.isFragment)
        keys = Array(input.indices)
        alive = Array(repeating: true, count: n)
        lists = SorterBuffer(capacity: 4 * n)
        _ = lists.append(repeating: NeighbourList(), count: n)
        entries = SorterBuffer(capacity: 64 * n)
        indegree = Array(repeating: 0, count: n)
        drawn = Array(repeating: false, count: n)
    }

    var count: Int { spans.count }

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
        // Decide pairs in input order (pending is used as a stack).
        pending.reverse()
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

    /// Replaces `q` by its pieces on either side of `a`'s plane (appending those that take part
    /// in pairs to `pieces`), before any pair is linked. False when it does not cut `q`.
    mutating func cut(_ q: Int, by a: Int, into pieces: inout [Int]) -> Bool {
        guard let made = cutPieces(q, by: a) else { return false }
        for id in made where planes[id] != nil { pieces.append(id) }
        return true
    }

    /// Cuts `q` by `a`'s plane (as `PlaneSorter.classify` does): appends its pieces, marks it
    /// dead and returns the pieces' ids; nil (and nothing changed) when the plane does not cut
    /// it into pieces with area.
    mutating func cutPieces(_ q: Int, by a: Int) -> Range<Int>? {
        guard let plane = planes[a], let own = planes[q] else { return nil }
        let span = spans[q], m = span.count
        let eps = PlaneSorter.epsilon
        scratchDistances.removeAll(keepingCapacity: true)
        var hasFront = false, hasBack = false
        for i in span {
            let d = (plane.normal * points[i]).sum() + plane.d
            hasFront = hasFront || d > eps
            hasBack = hasBack || d < -eps
            scratchDistances.append(d)
        }
        if !hasFront && !hasBack { return nil }   // coplanar
        let first = count
        if hasFront != hasBack {
            // Entirely on one side: one piece, the same polygon.
            addPiece(q, own, points: nil, isFragment: isFragment[q])
        } else {
            scratchFront.removeAll(keepingCapacity: true)
            scratchBack.removeAll(keepingCapacity: true)
            for i in 0..<m {
                let j = i + 1 == m ? 0 : i + 1
                let p = points[span.lowerBound + i], c = points[span.lowerBound + j]
                let dp = scratchDistances[i], dc = scratchDistances[j]
                if dp >= -eps { scratchFront.append(p) }
                if dp <= eps { scratchBack.append(p) }
                if (dp > eps && dc < -eps) || (dp < -eps && dc > eps) {
                    let t = dp / (dp - dc)
                    let x = p + (c - p) * t
                    scratchFront.append(x); scratchBack.append(x)
                }
            }
            if scratchFront.count >= 3 { addPiece(q, own, points: true, isFragment: true) }
            if scratchBack.count >= 3 { addPiece(q, own, points: false, isFragment: true) }
            guard count > first else { return nil }
        }
        alive[q] = false
        return first..<count
    }

    /// Appends a piece of `q`: its points again (`points` nil), or the front or back scratch.
    private mutating func addPiece(_ q: Int, _ own: Plane, points which: Bool?, isFragment fragment: Bool) {
        let start = points.count
        switch which {
        case nil:
            // (Through the scratch: appending a slice of the pool to itself would copy it.)
            scratchFront.removeAll(keepingCapacity: true)
            scratchFront.append(contentsOf: points[spans[q]])
            points.append(contentsOf: scratchFront)
        case true?: points.append(contentsOf: scratchFront)
        case false?: points.append(contentsOf: scratchBack)
        }
        let span = start..<points.count
        // A piece lies in q's plane; recomputing it from the piece would only add rounding.
        let (area, box, sphere) = points.withUnsafeBufferPointer { pool in
            let pts = Points(rebasing: pool[span])
            return (Self.projectedArea(pts), Self.box(pts), Self.sphere(pts))
        }
        spans.append(span)
        isFragment.append(fragment)
        planes.append(area > Self.minimumArea ? own : nil)
        boxes.append(box)
        spheres.append(sphere)
        keys.append(keys[q])
        alive.append(true)
        lists.append(NeighbourList())
        indegree.append(0)
        drawn.append(false)
    }

    /// Decides every pending pair, splitting where two polygons interpenetrate.
    mutating func resolvePairs() {
        while let (a, b, ia, ib) = pending.popLast() {
            guard alive[a], alive[b] else { continue }
            switch relation(a, b) {
            case .none:
                setKind(a, ia, .disjoint)
                setKind(b, ib, .disjoint)
            case .before:
                addEdge(a, b)
                setKind(a, ia, .ownerFirst)
                setKind(b, ib, .otherFirst)
            case .after:
                addEdge(b, a)
                setKind(a, ia, .otherFirst)
                setKind(b, ib, .ownerFirst)
            case .split:
                if pairSplitsLeft > 0 {
                    pairSplitsLeft -= 1
                    split(b, by: a)
                } else if (keys[a], a) < (keys[b], b) {
                    addEdge(a, b)
                    setKind(a, ia, .ownerFirst)
                    setKind(b, ib, .otherFirst)
                } else {
                    addEdge(b, a)
                    setKind(a, ia, .otherFirst)
                    setKind(b, ib, .ownerFirst)
                }
            }
        }
    }

    /// Which sides of `plane` polygon v has points on (as `Self.sides`): by its bounding sphere
    /// when that lies clear of the plane, by its points otherwise.
    func sides(of v: Int, _ plane: Plane) -> (front: Bool, back: Bool) {
        let s = spheres[v]
        let centre = plane.normal.x * s.x + plane.normal.y * s.y + plane.normal.z * s.z + plane.d
        // Every point is within s.w of the centre, so at least `centre - s.w` in front (the
        // margin covers rounding, far below epsilon in context units).
        let reach = s.w + 2 * Self.epsilon
        if centre > reach { return (true, false) }
        if centre < -reach { return (false, true) }
        return points.withUnsafeBufferPointer { Self.sides(of: Points(rebasing: $0[spans[v]]), plane) }
    }

    /// Whether `relation(a, q) == .split`, testing the cheap conditions first.
    func splits(_ a: Int, _ q: Int) -> Bool {
        guard let pa = planes[a], let pq = planes[q], boxesOverlap(a, q) else { return false }
        let sq = sides(of: q, pa)
        guard sq.front && sq.back else { return false }
        let sa = sides(of: a, pq)
        guard sa.front && sa.back else { return false }
        return points.withUnsafeBufferPointer { pool in
            let ptsA = Points(rebasing: pool[spans[a]]), ptsQ = Points(rebasing: pool[spans[q]])
            return Self.projectionsOverlap(ptsA, ptsQ) && Self.interpenetrate(ptsA, pa, ptsQ, pq)
        }
    }

    func projectionsOverlap(_ a: Int, _ b: Int) -> Bool {
        points.withUnsafeBufferPointer { Self.projectionsOverlap(Points(rebasing: $0[spans[a]]), Points(rebasing: $0[spans[b]])) }
    }

    /// How `a` and `b` must be ordered.
    func relation(_ a: Int, _ b: Int) -> Relation {
        guard let pa = planes[a], let pb = planes[b], boxesOverlap(a, b) else { return .none }
        let inputOrder: Relation = (keys[a], a) < (keys[b], b) ? .before : .after
        return points.withUnsafeBufferPointer { pool in
            let ptsA = Points(rebasing: pool[spans[a]]), ptsB = Points(rebasing: pool[spans[b]])
            guard Self.projectionsOverlap(ptsA, ptsB) else { return .none }
            // Sides towards the viewer are positive (the normals face +z).
            switch sides(of: b, pa) {
            case (false, false): return inputOrder   // coplanar
            case (true, false): return .before       // b entirely in front of a's plane
            case (false, true): return .after
            case (true, true):
                switch sides(of: a, pb) {
                case (false, false): return inputOrder
                case (true, false): return .after    // a in front of b's plane
                case (false, true): return .before
                case (true, true):
                    // Each crosses the other's plane: they interpenetrate only if their pieces of the
                    // planes' common line overlap; else one is in front wherever both are seen.
                    return Self.interpenetrate(ptsA, pa, ptsB, pb) ? .split : Self.depthOrder(ptsA, pa, ptsB, pb)
                }
            }
        }
    }

    /// Counts a new "`a` drawn before `b`" (nothing to count once either is drawn: an edge
    /// into a drawn polygon would come from a piece of one that was not before it).
    mutating func addEdge(_ a: Int, _ b: Int) {
        guard !drawn[a], !drawn[b] else { return }
        indegree[b] += 1
    }

    /// Replaces `b` by its pieces on either side of `a`'s plane, each taking over b's pairs.
    @discardableResult
    mutating func split(_ b: Int, by a: Int) -> Bool {
        guard let pieces = cutPieces(b, by: a) else { return false }
        let start = Int(lists[b].start), end = start + Int(lists[b].count)
        // b's live neighbours with an order or a pair pending, in list order, with their boxes:
        // gathered once rather than filtered again for every piece (neither `alive` nor the
        // boxes of existing polygons change while the pieces are linked).
        var heirs = scratchHeirs
        scratchHeirs = []
        heirs.removeAll(keepingCapacity: true)
        for k in start..<end {
            let n = entries[k], o = Int(n.other)
            if n.kind == .ownerFirst && alive[o] && !drawn[o] { release(o) }
            if n.kind != .disjoint && alive[o] { heirs.append(Heir(box: boxes[o], other: n.other, kind: n.kind)) }
        }
        let e = Self.epsilon
        for id in pieces where planes[id] != nil {
            // Orders found for b hold for its pieces (the edges carry them on); pairs not yet
            // decided are decided for each piece. (b's list stays where it is: only the
            // others' and the piece's lists grow.)
            let q = boxes[id]
            for h in heirs {
                // `boxesOverlap(o, id)`.
                let p = h.box
                guard p.x < q.z - e && q.x < p.z - e && p.y < q.w - e && q.y < p.w - e else { continue }
                let o = Int(h.other)
                if h.kind == .undecided {
                    let (ik, iid) = link(o, id, .undecided)
                    pending.append((o, id, ik, iid))
                } else {
                    _ = link(id, o, h.kind)
                }
            }
        }
        scratchHeirs = heirs
        return true
    }

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

    /// Scratch marks, one per polygon, -1 between uses (`findCycle`, `cycleSplit`).
    var marks: [Int] = []

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
