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

    /// Scratch marks, one per polygon, -1 between uses (`findCycle`, `cycleSplit`).
    var marks: [Int] = []
}
