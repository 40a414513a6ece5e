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
        return graph.drawingOrder()
    }
}

/// The working state of `PlaneSorter.overlapSort`: polygons (fragments appended as they are
/// split off, the split polygon marked dead), their "drawn before" edges, and pairs to decide.
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

    var polygons: [Polygon]
    /// Each polygon's plane with its normal turned towards the viewer (z ≥ 0); nil when it has
    /// no area or is seen edge-on, then it takes part in no pair.
    var planes: [Plane?]
    /// Screen box: (minX, minY, maxX, maxY).
    var boxes: [SIMD4<Double>]
    /// Position of the polygon (or the one it was split from) in the input.
    var keys: [Int]
    var alive: [Bool]
    /// Polygons whose boxes overlap (symmetric; dead entries are skipped).
    var neighbours: [[Neighbour]]
    /// Pairs to decide, with where each is in the other's `neighbours`.
    var pending: [(a: Int, b: Int, ia: Int, ib: Int)] = []

    /// A polygon whose box overlaps, and whether the pair is decided. An order found between
    /// two polygons holds for their pieces too (they do not meet, nor do pieces of them), and
    /// so does a lack of overlap: pieces take over their edges, checked against the boxes only
    /// (`removeFalseEdges` drops those that close a cycle without an overlap).
    struct Neighbour {
        var other: Int
        var kind: Kind
    }
    enum Kind: UInt8 { case undecided, disjoint, ownerFirst, otherFirst }

    /// Makes `a` and `b` neighbours (recording the order `kind` gives, if any); returns their
    /// positions in each other's lists.
    mutating func link(_ a: Int, _ b: Int, _ kind: Kind) -> (Int, Int) {
        let mirrored: Kind = kind == .ownerFirst ? .otherFirst : kind == .otherFirst ? .ownerFirst : kind
        neighbours[a].append(Neighbour(other: b, kind: kind))
        neighbours[b].append(Neighbour(other: a, kind: mirrored))
        if kind == .ownerFirst { addEdge(a, b) } else if kind == .otherFirst { addEdge(b, a) }
        return (neighbours[a].count - 1, neighbours[b].count - 1)
    }
    /// "Drawn before" edges are the neighbours whose kind is `ownerFirst` (successors) or
    /// `otherFirst` (predecessors); this counts each polygon's predecessors that are neither
    /// dead nor drawn yet.
    var indegree: [Int]
    /// Set once the topological sort runs: then polygons are drawn one by one.
    var sorting = false
    var drawn: [Bool]
    var ready = MinHeap()
    /// Every live polygon not drawn yet by priority (stale entries popped lazily), for `findCycle`.
    var undrawn = MinHeap()

    init(_ input: [Polygon]) {
        polygons = input
        planes = []
        boxes = []
        planes.reserveCapacity(input.count)
        boxes.reserveCapacity(input.count)
        for p in input {
            planes.append(Self.facingPlane(p.points))
            boxes.append(Self.box(p.points))
        }
        keys = Array(input.indices)
        alive = Array(repeating: true, count: input.count)
        neighbours = Array(repeating: [], count: input.count)
        indegree = Array(repeating: 0, count: input.count)
        drawn = Array(repeating: false, count: input.count)
    }

    static func facingPlane(_ points: [SIMD3<Double>]) -> Plane? {
        guard var plane = PlaneSorter.planeOf(points), projectedArea(points) > minimumArea else { return nil }
        if plane.normal.z < 0 { plane.normal = -plane.normal; plane.d = -plane.d }
        return plane
    }

    static func projectedArea(_ points: [SIMD3<Double>]) -> Double {
        var twice = 0.0
        var a = points[points.count - 1]
        for b in points {
            twice += a.x * b.y - b.x * a.y
            a = b
        }
        return abs(twice) / 2
    }

    static func box(_ points: [SIMD3<Double>]) -> SIMD4<Double> {
        var lo = SIMD2(points[0].x, points[0].y), hi = lo
        for p in points.dropFirst() {
            let q = SIMD2(p.x, p.y)
            lo = pointwiseMin(lo, q)
            hi = pointwiseMax(hi, q)
        }
        return SIMD4(lo.x, lo.y, hi.x, hi.y)
    }

    func boxesOverlap(_ a: Int, _ b: Int) -> Bool {
        let p = boxes[a], q = boxes[b], e = Self.epsilon
        return p.x < q.z - e && q.x < p.z - e && p.y < q.w - e && q.y < p.w - e
    }

    /// Sort-and-sweep on x: every pair of (non-degenerate) polygons whose boxes overlap.
    mutating func findOverlappingPairs() {
        let order = polygons.indices.filter { planes[$0] != nil }.sorted {
            boxes[$0].x != boxes[$1].x ? boxes[$0].x < boxes[$1].x : $0 < $1
        }
        var active: [Int] = []
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
        let n = polygons.count
        var decided: [(a: Int, b: Int, r: Relation)] = []
        decided.reserveCapacity(pending.count)
        var splitters = Array(repeating: [Int](), count: n)
        for (a, b, _, _) in pending.reversed() {
            let r = relation(a, b)
            if r == .none { continue }
            if r == .split { splitters[b].append(a) }
            decided.append((a, b, r))
        }
        pending.removeAll(keepingCapacity: true)
        // Each input polygon's live pieces (itself when unsplit), root by root.
        var pieceList: [Int] = []
        pieceList.reserveCapacity(2 * n)
        var pieceStart: [Int] = []
        pieceStart.reserveCapacity(n + 1)
        var current: [Int] = [], next: [Int] = []
        for b in 0..<n {
            pieceStart.append(pieceList.count)
            guard planes[b] != nil else { continue }
            if splitters[b].isEmpty { pieceList.append(b); continue }
            current.removeAll(keepingCapacity: true)
            current.append(b)
            for a in splitters[b] {
                next.removeAll(keepingCapacity: true)
                for q in current {
                    if relation(a, q) == .split, cut(q, by: a, into: &next) { continue }
                    next.append(q)
                }
                swap(&current, &next)
            }
            pieceList.append(contentsOf: current)
        }
        pieceStart.append(pieceList.count)
        var fa: [Int] = [], fb: [Int] = []
        // Pairs of pieces to link, gathered first to size each piece's list.
        var links: [(Int32, Int32, Kind)] = []
        links.reserveCapacity(64 * polygons.count)
        var degree = [Int32](repeating: 0, count: polygons.count)
        for (a, b, r) in decided {
            fa.removeAll(keepingCapacity: true)
            for i in pieceStart[a]..<pieceStart[a + 1] where boxesOverlap(pieceList[i], b) { fa.append(pieceList[i]) }
            if fa.isEmpty { continue }
            fb.removeAll(keepingCapacity: true)
            for i in pieceStart[b]..<pieceStart[b + 1] where boxesOverlap(pieceList[i], a) { fb.append(pieceList[i]) }
            if r != .split {
                let kind: Kind = r == .before ? .ownerFirst : .otherFirst
                for p in fa {
                    for q in fb where boxesOverlap(p, q) {
                        links.append((Int32(p), Int32(q), kind))
                        degree[p] += 1
                        degree[q] += 1
                    }
                }
                continue
            }
            // b's pieces that were cut by a's plane lie on one side of it (a's pieces too);
            // the others do not meet a, and are decided like any pair.
            let plane = planes[a]!
            for q in fb {
                let kind: Kind
                switch Self.sides(of: polygons[q].points, plane) {
                case (true, false): kind = .ownerFirst
                case (false, true): kind = .otherFirst
                default: kind = .undecided
                }
                for p in fa where boxesOverlap(p, q) {
                    links.append((Int32(p), Int32(q), kind))
                    degree[p] += 1
                    degree[q] += 1
                }
            }
        }
        // Then each list is filled at its final size.
        for v in degree.indices where degree[v] > 0 { neighbours[v].reserveCapacity(Int(degree[v])) }
        for (p, q, kind) in links {
            let (ip, iq) = link(Int(p), Int(q), kind)
            if kind == .undecided { pending.append((Int(p), Int(q), ip, iq)) }
        }
        // Decide pairs in input order (pending is used as a stack).
        pending.reverse()
    }

    /// Replaces `q` by its pieces on either side of `a`'s plane (appending those that take part
    /// in pairs to `pieces`), before any pair is linked. False when it does not cut `q`.
    mutating func cut(_ q: Int, by a: Int, into pieces: inout [Int]) -> Bool {
        guard let plane = planes[a], let own = planes[q] else { return false }
        var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
        PlaneSorter.classify(polygons[q], plane, &front, &back, &coplanar)
        guard !(front.isEmpty && back.isEmpty), coplanar.isEmpty else { return false }
        alive[q] = false
        for piece in front + back {
            let id = polygons.count
            polygons.append(piece)
            planes.append(Self.projectedArea(piece.points) > Self.minimumArea ? own : nil)
            boxes.append(Self.box(piece.points))
            keys.append(keys[q])
            alive.append(true)
            neighbours.append([])
            indegree.append(0)
            drawn.append(false)
            if planes[id] != nil { pieces.append(id) }
        }
        return true
    }

    /// Decides every pending pair, splitting where two polygons interpenetrate.
    mutating func resolvePairs() {
        while let (a, b, ia, ib) = pending.popLast() {
            guard alive[a], alive[b] else { continue }
            switch relation(a, b) {
            case .none:
                neighbours[a][ia].kind = .disjoint
                neighbours[b][ib].kind = .disjoint
            case .before:
                addEdge(a, b)
                neighbours[a][ia].kind = .ownerFirst
                neighbours[b][ib].kind = .otherFirst
            case .after:
                addEdge(b, a)
                neighbours[a][ia].kind = .otherFirst
                neighbours[b][ib].kind = .ownerFirst
            case .split: split(b, by: a)
            }
        }
    }

    /// How `a` and `b` must be ordered.
    func relation(_ a: Int, _ b: Int) -> Relation {
        guard let pa = planes[a], let pb = planes[b], boxesOverlap(a, b),
              Self.projectionsOverlap(polygons[a].points, polygons[b].points) else { return .none }
        let inputOrder: Relation = (keys[a], a) < (keys[b], b) ? .before : .after
        // Sides towards the viewer are positive (the normals face +z).
        switch Self.sides(of: polygons[b].points, pa) {
        case (false, false): return inputOrder   // coplanar
        case (true, false): return .before       // b entirely in front of a's plane
        case (false, true): return .after
        case (true, true):
            switch Self.sides(of: polygons[a].points, pb) {
            case (false, false): return inputOrder
            case (true, false): return .after    // a in front of b's plane
            case (false, true): return .before
            case (true, true):
                // Each crosses the other's plane: they interpenetrate only if their pieces of the
                // planes' common line overlap; else one is in front wherever both are seen.
                return Self.interpenetrate(polygons[a].points, pa, polygons[b].points, pb)
                    ? .split : Self.depthOrder(polygons[a].points, pa, polygons[b].points, pb)
            }
        }
    }

    /// Whether two polygons, each crossing the other's plane, share a segment of the planes' line.
    static func interpenetrate(_ a: [SIMD3<Double>], _ pa: Plane, _ b: [SIMD3<Double>], _ pb: Plane) -> Bool {
        var u = SIMD3(pa.normal.y * pb.normal.z - pa.normal.z * pb.normal.y,
                      pa.normal.z * pb.normal.x - pa.normal.x * pb.normal.z,
                      pa.normal.x * pb.normal.y - pa.normal.y * pb.normal.x)
        let len = (u * u).sum().squareRoot()
        guard len > 1e-9 else { return true }   // nearly parallel planes: split to be safe
        u /= len
        let sa = span(of: a, across: pb, along: u), sb = span(of: b, across: pa, along: u)
        return min(sa.hi, sb.hi) - max(sa.lo, sb.lo) > epsilon
    }

    /// Where `points`' polygon meets `plane`, as an interval of positions along `u`.
    static func span(of points: [SIMD3<Double>], across plane: Plane, along u: SIMD3<Double>) -> (lo: Double, hi: Double) {
        var lo = Double.infinity, hi = -Double.infinity
        var prev = points[points.count - 1]
        var dPrev = (plane.normal * prev).sum() + plane.d
        for p in points {
            let d = (plane.normal * p).sum() + plane.d
            if abs(d) <= epsilon {
                let t = (p * u).sum()
                lo = min(lo, t); hi = max(hi, t)
            } else if (dPrev > epsilon && d < -epsilon) || (dPrev < -epsilon && d > epsilon) {
                let t = ((prev + (p - prev) * (dPrev / (dPrev - d))) * u).sum()
                lo = min(lo, t); hi = max(hi, t)
            }
            prev = p
            dPrev = d
        }
        return (lo, hi)
    }

    /// The order of two polygons that do not intersect but whose projections overlap: compare
    /// their depths at a point seen through both (the centroid of the projections' overlap).
    static func depthOrder(_ a: [SIMD3<Double>], _ pa: Plane, _ b: [SIMD3<Double>], _ pb: Plane) -> Relation {
        var region = a.map { SIMD2($0.x, $0.y) }
        let clip = b.map { SIMD2($0.x, $0.y) }
        // b's winding, so that "inside" is the same side of each of its edges.
        var twice = 0.0
        for i in clip.indices {
            let p = clip[i], q = clip[(i + 1) % clip.count]
            twice += p.x * q.y - q.x * p.y
        }
        let sign: Double = twice >= 0 ? 1 : -1
        for i in clip.indices where !region.isEmpty {
            let e0 = clip[i], e1 = clip[(i + 1) % clip.count]
            func side(_ p: SIMD2<Double>) -> Double { sign * ((e1.x - e0.x) * (p.y - e0.y) - (e1.y - e0.y) * (p.x - e0.x)) }
            var out: [SIMD2<Double>] = []
            var prev = region[region.count - 1], sPrev = side(prev)
            for p in region {
                let s = side(p)
                if s >= 0 {
                    if sPrev < 0 { out.append(prev + (p - prev) * (sPrev / (sPrev - s))) }
                    out.append(p)
                } else if sPrev >= 0 {
                    out.append(prev + (p - prev) * (sPrev / (sPrev - s)))
                }
                prev = p
                sPrev = s
            }
            region = out
        }
        guard !region.isEmpty else { return .none }
        var c = SIMD2<Double>(0, 0)
        for p in region { c += p }
        c /= Double(region.count)
        func depth(_ p: Plane) -> Double { -(p.normal.x * c.x + p.normal.y * c.y + p.d) / p.normal.z }
        return depth(pa) <= depth(pb) ? .before : .after
    }

    static func sides(of points: [SIMD3<Double>], _ plane: Plane) -> (front: Bool, back: Bool) {
        var front = false, back = false
        for p in points {
            let d = (plane.normal * p).sum() + plane.d
            front = front || d > epsilon
            back = back || d < -epsilon
        }
        return (front, back)
    }

    /// Whether two convex polygons' (x, y) projections share area: no edge normal of either
    /// separates them (touching along an edge is not overlapping).
    static func projectionsOverlap(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in !hasSeparatingEdge(a, a, b) && !hasSeparatingEdge(b, a, b) }
        }
    }

    private static func hasSeparatingEdge(_ edgesOf: UnsafeBufferPointer<SIMD3<Double>>, _ a: UnsafeBufferPointer<SIMD3<Double>>,
                                          _ b: UnsafeBufferPointer<SIMD3<Double>>) -> Bool {
        var prev = edgesOf[edgesOf.count - 1]
        for cur in edgesOf {
            let ex = cur.x - prev.x, ey = cur.y - prev.y
            prev = cur
            let len = (ex * ex + ey * ey).squareRoot()
            guard len > 1e-12 else { continue }
            // The edge's normal, unnormalised: gaps along it are `len` times too long.
            let nx = -ey, ny = ex, tolerance = epsilon * len
            var loA = Double.infinity, hiA = -Double.infinity, loB = Double.infinity, hiB = -Double.infinity
            for p in a { let t = p.x * nx + p.y * ny; loA = min(loA, t); hiA = max(hiA, t) }
            for p in b { let t = p.x * nx + p.y * ny; loB = min(loB, t); hiB = max(hiB, t) }
            if hiA <= loB + tolerance || hiB <= loA + tolerance { return true }
        }
        return false
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
        guard let plane = planes[a], let own = planes[b] else { return false }
        var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = []
        PlaneSorter.classify(polygons[b], plane, &front, &back, &coplanar)
        let pieces = front + back
        guard !pieces.isEmpty, coplanar.isEmpty else { return false }
        alive[b] = false
        let others = neighbours[b]
        for n in others where n.kind == .ownerFirst && alive[n.other] && !drawn[n.other] { release(n.other) }
        for piece in pieces {
            let id = polygons.count
            polygons.append(piece)
            // A piece lies in b's plane; recomputing it from the piece would only add rounding.
            planes.append(Self.projectedArea(piece.points) > Self.minimumArea ? own : nil)
            boxes.append(Self.box(piece.points))
            keys.append(keys[b])
            alive.append(true)
            neighbours.append([])
            indegree.append(0)
            drawn.append(false)
            guard planes[id] != nil else { continue }
            // Orders found for b hold for its pieces (the edges carry them on); pairs not yet
            // decided are decided for each piece.
            for n in others where n.kind != .disjoint && alive[n.other] && boxesOverlap(n.other, id) {
                if n.kind == .undecided {
                    let (ik, iid) = link(n.other, id, .undecided)
                    pending.append((n.other, id, ik, iid))
                } else {
                    _ = link(id, n.other, n.kind)
                }
            }
        }
        return true
    }

    /// One predecessor of `w` is gone (drawn or split).
    mutating func release(_ w: Int) {
        indegree[w] -= 1
        if indegree[w] == 0 && sorting { ready.push(priority(w), w) }
    }

    func priority(_ v: Int) -> UInt64 { UInt64(keys[v]) << 32 | UInt64(v) }

    /// The topological order of the live polygons, earliest input first among ready ones.
    mutating func drawingOrder() -> [Polygon] {
        sorting = true
        var remaining = 0
        for v in polygons.indices where alive[v] {
            remaining += 1
            if indegree[v] == 0 { ready.push(priority(v), v) }
            undrawn.push(priority(v), v)
        }
        var output: [Polygon] = []
        output.reserveCapacity(remaining)
        var splitsLeft = Self.cycleSplitsPerPolygon * keys.count
        while remaining > 0 {
            if let u = ready.pop() {
                // Stale entries: split since, drawn already, or given a predecessor since.
                guard alive[u], !drawn[u], indegree[u] == 0 else { continue }
                draw(u, &output)
                remaining -= 1
                continue
            }
            // Only cycles are left.
            let cycle = findCycle()
            if removeFalseEdges(cycle) { continue }
            let firstNew = polygons.count
            if splitsLeft > 0, let (piece, by) = cycleSplit(cycle), split(piece, by: by) {
                splitsLeft -= 1
                resolvePairs()
                remaining -= 1
                for v in firstNew..<polygons.count where alive[v] {
                    remaining += 1
                    if indegree[v] == 0 { ready.push(priority(v), v) }
                    undrawn.push(priority(v), v)
                }
            } else {
                let u = cycle.min { priority($0) < priority($1) }!
                draw(u, &output)
                remaining -= 1
            }
        }
        return output
    }

    mutating func draw(_ u: Int, _ output: inout [Polygon]) {
        drawn[u] = true
        output.append(polygons[u])
        for n in neighbours[u] where n.kind == .ownerFirst && alive[n.other] && !drawn[n.other] { release(n.other) }
    }

    /// A cycle among the polygons not drawn yet (when every one of them has a predecessor not
    /// drawn yet): walk back from the earliest until a polygon repeats.
    /// Scratch marks, one per polygon, -1 between uses (`findCycle`, `cycleSplit`).
    var marks: [Int] = []

    mutating func growMarks() {
        if marks.count < polygons.count { marks.append(contentsOf: repeatElement(-1, count: polygons.count - marks.count)) }
    }

    mutating func findCycle() -> [Int] {
        while let v = undrawn.first, !alive[v] || drawn[v] { _ = undrawn.pop() }
        let start = undrawn.first!
        growMarks()
        var path: [Int] = []
        var v = start
        while marks[v] < 0 {
            marks[v] = path.count
            path.append(v)
            v = neighbours[v].first { $0.kind == .otherFirst && alive[$0.other] && !drawn[$0.other] }!.other
        }
        let cycle = Array(path[marks[v]...])
        for p in path { marks[p] = -1 }
        return cycle
    }

    /// Edges taken over by pieces were checked against the boxes only: drops those of `cycle`
    /// between polygons whose projections do not overlap. False when all of them hold.
    mutating func removeFalseEdges(_ cycle: [Int]) -> Bool {
        var removed = false
        for (i, v) in cycle.enumerated() {
            // cycle[i + 1] is a predecessor of cycle[i], and cycle[0] one of the last.
            let u = cycle[(i + 1) % cycle.count]
            guard !Self.projectionsOverlap(polygons[u].points, polygons[v].points) else { continue }
            guard let j = neighbours[u].firstIndex(where: { $0.other == v && $0.kind == .ownerFirst }) else { continue }
            neighbours[u][j].kind = .disjoint
            if let j = neighbours[v].firstIndex(where: { $0.other == u && $0.kind == .otherFirst }) { neighbours[v][j].kind = .disjoint }
            release(v)
            removed = true
        }
        return removed
    }

    /// Which polygon of `cycle` to split by which other's plane: one straddling the other's
    /// plane, preferably two straddling each other's planes without being ordered directly (the
    /// pair whose overlap the rest of the cycle goes round), splitting the one with less area
    /// (fragments draw clipped, which is slower). Nil when none straddles another.
    mutating func cycleSplit(_ cycle: [Int]) -> (Int, Int)? {
        let c = cycle.count
        growMarks()
        for (i, p) in cycle.enumerated() { marks[p] = i }
        defer { for p in cycle { marks[p] = -1 } }
        // straddles[i * c + j]: cycle[i] has points on both sides of cycle[j]'s plane.
        var straddles = [Bool](repeating: false, count: c * c)
        var straddling = [Bool](repeating: false, count: c)
        for (i, p) in cycle.enumerated() where planes[p] != nil {
            let points = polygons[p].points
            for (j, q) in cycle.enumerated() where i != j {
                guard let pq = planes[q] else { continue }
                let s = Self.sides(of: points, pq)
                if s.front && s.back { straddles[i * c + j] = true; straddling[i] = true }
            }
        }
        // direct[i * c + j]: cycle[i] and cycle[j] are ordered directly (looked up from the
        // straddling ones' side only: it is symmetric).
        var direct = [Bool](repeating: false, count: c * c)
        for (i, p) in cycle.enumerated() where straddling[i] {
            for n in neighbours[p] where n.kind == .ownerFirst || n.kind == .otherFirst {
                let j = marks[n.other]
                if j >= 0 { direct[i * c + j] = true }
            }
        }
        let areas = cycle.map { area($0) }
        var best: (score: Int, piece: Int, plane: Int)? = nil
        for i in 0..<c {
            for j in 0..<c where straddles[i * c + j] {
                let score = (direct[i * c + j] ? 0 : 4) + (straddles[j * c + i] ? 2 : 0) + (areas[i] <= areas[j] ? 1 : 0)
                if best == nil || score > best!.score { best = (score, cycle[i], cycle[j]) }
            }
        }
        return best.map { ($0.piece, $0.plane) }
    }

    func area(_ p: Int) -> Double { Self.projectedArea(polygons[p].points) }
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
