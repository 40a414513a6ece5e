// Paths: flattened to straight device-space edges at prepare time (curves to within 0.1 px,
// after the projective map, each subpath clipped at W > ε and closed), then bucketed by band
// of rows so that a band visits only the edges that reach it. The bucketing only speeds the
// walk up: a row's coverage depends on the edges crossing that row alone, never on bands.

/// A straight edge of a flattened path in device space, oriented so that `y0 < y1`;
/// `direction` is +1 when the path ran down the screen along it, −1 when up.
struct PathEdge: Sendable {
    var x0: Double, y0: Double, y1: Double
    /// dx/dy along the edge.
    var dxdy: Double
    var direction: Double
    /// The rows the edge is walked in, `firstRow...lastRow`: those from ⌊y0⌋ to ⌈y1⌉ − 1 within
    /// the fill's rows when prepared (each is then tested against the edge's exact extent).
    var firstRow: Int32, lastRow: Int32
}

/// A prepared path fill: its band buckets of edges.
struct PathFill: Sendable {
    /// Where this fill's `bandCount + 1` offsets start in `PreparedScene.pathBandOffsets`.
    var bandOffsets: Int
    /// Rows per bucket (`PreparedScene.pathBucketRows`), the bucket of the fill's first row,
    /// and how many buckets it spans.
    var bucketRows: Int, firstBand: Int, bandCount: Int
    var evenOdd: Bool
}

/// Turns a path into closed device-space polygons.
struct PathFlattener {
    /// Device pixels: the largest distance between a curve and its chords.
    static let tolerance = 0.1
    /// The most pieces one curve is cut into (a curve ±10⁹ px long stays bounded).
    static let maximumPiecesPerCurve = 1024
    /// The most device points one path may flatten to; a larger path is not drawn.
    static let maximumPoints = 4_000_000

    let map: Projective
    let affine: Bool
    /// The W threshold of the eye-plane clip (projective maps only).
    let eps: Double
    /// Closed polygons in device space, one after another; `starts` marks each one's first point.
    var points: [SIMD2<Double>] = []
    var starts: [Int] = []
    /// The current subpath: device points (affine) or homogeneous points (projective).
    private var subpath: [SIMD3<Double>] = []
    var overflow = false
    /// The guard square (`guardBand`) in local coordinates (affine maps), corner by corner;
    /// made when a subpath first reaches past the square (nil inside: not made yet).
    private var localGuardCache: [SIMD2<Double>]?? = nil

    init?(_ path: PathGeometry, _ map: Projective) {
        self.map = map
        affine = map.isAffine
        var wScale = 0.0
        if !affine {
            for p in path.points { wScale = Swift.max(wScale, abs(map.applyHomogeneous(x: p.x, y: p.y).z)) }
            guard wScale > 0, wScale.isFinite else { return nil }
        }
        eps = wScale * 1e-7
    }

    /// The guard square in local coordinates, or nil when the map cannot express it there.
    private mutating func localGuard() -> [SIMD2<Double>]? {
        if let made = localGuardCache { return made }
        let made = Self.localGuard(map)
        localGuardCache = .some(made)
        return made
    }

    private static func localGuard(_ map: Projective) -> [SIMD2<Double>]? {
        guard map.isAffine, let inverse = map.inverted() else { return nil }
        let g = Self.guardBand
        let local = [SIMD2(-g, -g), SIMD2(g, -g), SIMD2(g, g), SIMD2(-g, g)].map { d in
            let h = inverse.applyHomogeneous(x: d.x, y: d.y)
            return SIMD2(h.x / h.z, h.y / h.z)
        }
        if local.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { return nil }
        // A map whose translation dwarfs the guard square (a layer of 1e160 points centred
        // on the screen: local 5e159 is device 0) cannot express the square in local
        // coordinates (5e159 ± 1e8 is 5e159): the cut is then made in device space.
        let back = local.map { p in map.applyHomogeneous(x: p.x, y: p.y) }.map { SIMD2($0.x / $0.z, $0.y / $0.z) }
        if !back.allSatisfy({ abs(abs($0.x) - g) <= g / 4 && abs(abs($0.y) - g) <= g / 4 }) { return nil }
        return local
    }

    /// The arrays a flattener fills, kept from path to path (`PreparedScene.flattenBuffers`) so
    /// that flattening allocates nothing once they have grown.
    struct Buffers: Sendable {
        var points: [SIMD2<Double>] = []
        var starts: [Int] = []
        fileprivate var subpath: [SIMD3<Double>] = []

        /// Empties the buffers, keeping their room.
        mutating func removeAll() {
            points.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            subpath.removeAll(keepingCapacity: true)
        }
    }

    /// Device points of every closed subpath of `path`; nil when it has a non-finite point or
    /// flattens to more than `maximumPoints`.
    static func polygons(_ path: PathGeometry, _ map: Projective) -> (points: [SIMD2<Double>], starts: [Int])? {
        var buffers = Buffers()
        guard polygons(path, map, into: &buffers) else { return nil }
        return (buffers.points, buffers.starts)
    }

    /// `polygons(_:_:)` into `buffers.points` and `buffers.starts` (their old contents
    /// replaced); false when the path is not drawn.
    static func polygons(_ path: PathGeometry, _ map: Projective, into buffers: inout Buffers) -> Bool {
        guard path.isFinite, var f = PathFlattener(path, map) else { return false }
        swap(&f.points, &buffers.points); swap(&f.starts, &buffers.starts); swap(&f.subpath, &buffers.subpath)
        defer { swap(&f.points, &buffers.points); swap(&f.starts, &buffers.starts); swap(&f.subpath, &buffers.subpath) }
        f.points.removeAll(keepingCapacity: true); f.starts.removeAll(keepingCapacity: true)
        f.subpath.removeAll(keepingCapacity: true)
        return f.walk(path)
    }

    /// Flattens every subpath of `path` into `points` and `starts`; false on overflow.
    private mutating func walk(_ path: PathGeometry) -> Bool {
        var i = 0
        var current = SIMD2<Double>(0, 0), start = current
        var open = false
        for verb in path.verbs {
            switch verb {
            case .move:
                flush()
                current = path.points[i]; start = current; i += 1
                add(current); open = true
            case .line:
                let p = path.points[i]; i += 1
                if !open { add(p); start = p; open = true } else { add(p) }
                current = p
            case .quad:
                let c = path.points[i], p = path.points[i + 1]; i += 2
                if !open { add(current); start = current; open = true }
                addQuad(current, c, p)
                current = p
            case .cubic:
                let c1 = path.points[i], c2 = path.points[i + 1], p = path.points[i + 2]; i += 3
                if !open { add(current); start = current; open = true }
                addCubic(current, c1, c2, p)
                current = p
            case .close:
                flush()
                current = start; open = false
            }
            if overflow { return false }
        }
        flush()
        if overflow { return false }
        return true
    }

    /// Appends one local point (mapped now).
    mutating func add(_ p: SIMD2<Double>) {
        if subpath.count + points.count >= Self.maximumPoints { overflow = true; return }
        // Affine: the local point, mapped when the subpath ends (after the guard-band clip,
        // done in local space where huge coordinates are still exact).
        subpath.append(affine ? SIMD3(p.x, p.y, 1) : map.applyHomogeneous(x: p.x, y: p.y))
    }

    /// Device position of a local point when it lies in front of the eye, else nil.
    private func device(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        let h = map.applyHomogeneous(x: p.x, y: p.y)
        guard h.z > eps || (affine && h.z != 0) else { return nil }
        return SIMD2(h.x / h.z, h.y / h.z)
    }

    /// Pieces for a curve whose device control polygon has second differences of length up to
    /// `m`, of degree `degree` (Wang's bound: the chords stay within `tolerance`).
    private func pieces(_ m: Double, degree: Double) -> Int {
        let n = (degree * (degree - 1) / 8 * m / Self.tolerance).squareRoot().rounded(.up)
        // Beyond Int's range (control points near 1e40 and more) too: the most pieces.
        return boundedInt(n, in: 1...Self.maximumPiecesPerCurve, nan: Self.maximumPiecesPerCurve)
    }

    /// Whether a curve whose device control points (all in front of the eye) span `lo...hi`
    /// lies wholly beyond twice the guard band on one side: the guard-band clip then cuts it
    /// away whatever its shape, so it is drawn as its chord, which lies beyond the same side
    /// (fuzz seed 4503618: curves 10²⁰ px long, each cut into 1,024 pieces the clip dropped).
    /// The curve lies within its control points' hull (a projective image too: its weights,
    /// the control points' W, are positive). Callers check that the points are finite.
    @inline(__always)
    static func liesBeyondGuard(_ lo: SIMD2<Double>, _ hi: SIMD2<Double>) -> Bool {
        let far = 2 * guardBand
        return lo.x > far || lo.y > far || hi.x < -far || hi.y < -far
    }

    mutating func addQuad(_ p0: SIMD2<Double>, _ c: SIMD2<Double>, _ p1: SIMD2<Double>) {
        var n = Self.maximumPiecesPerCurve
        // With a control point behind the eye the curve is cut into the most pieces: its
        // device image is not a polynomial curve there.
        if let d0 = device(p0), let d1 = device(c), let d2 = device(p1) {
            if ((d0 + d1 + d2) * 0) == .zero,
               Self.liesBeyondGuard(pointwiseMin(pointwiseMin(d0, d1), d2), pointwiseMax(pointwiseMax(d0, d1), d2)) {
                return add(p1)
            }
            let dd = d0 - 2 * d1 + d2
            // A projective image is a rational curve: twice the polynomial bound covers its
            // bend for the mild perspective of layer planes in front of the eye.
            n = pieces((dd * dd).sum().squareRoot() * (affine ? 1 : 2), degree: 2)
        }
        for k in 1...n {
            let t = Double(k) / Double(n), u = 1 - t
            add(u * u * p0 + 2 * u * t * c + t * t * p1)
            if overflow { return }
        }
    }

    mutating func addCubic(_ p0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p1: SIMD2<Double>) {
        var n = Self.maximumPiecesPerCurve
        if let d0 = device(p0), let d1 = device(c1), let d2 = device(c2), let d3 = device(p1) {
            if ((d0 + d1 + d2 + d3) * 0) == .zero,
               Self.liesBeyondGuard(pointwiseMin(pointwiseMin(d0, d1), pointwiseMin(d2, d3)),
                                    pointwiseMax(pointwiseMax(d0, d1), pointwiseMax(d2, d3))) {
                return add(p1)
            }
            let a = d0 - 2 * d1 + d2, b = d1 - 2 * d2 + d3
            let m = Swift.max((a * a).sum(), (b * b).sum()).squareRoot()
            n = pieces(m * (affine ? 1 : 2), degree: 3)
        }
        for k in 1...n {
            let t = Double(k) / Double(n), u = 1 - t
            add(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p1)
            if overflow { return }
        }
    }

    /// Ends the current subpath: clipped at W > ε (projective), projected and kept as a
    /// closed polygon.
    mutating func flush() {
        defer { subpath.removeAll(keepingCapacity: true) }
        guard subpath.count >= 2 else { return }
        let start = points.count
        if affine {
            for h in subpath {
                let d = map.applyHomogeneous(x: h.x, y: h.y)
                points.append(SIMD2(d.x / d.z, d.y / d.z))
            }
            let g = Self.guardBand
            if points[start...].contains(where: { !(abs($0.x) <= g && abs($0.y) <= g) }) {
                if let local = localGuard() {
                    // Cut in local space, then mapped: the crossings are exact to a tiny fraction
                    // of a pixel however far the points are (mapped first, 1e20 + 10 is 1e20).
                    points.removeSubrange(start...)
                    for p in Self.clip(subpath.map { SIMD2($0.x, $0.y) }, to: local) {
                        let d = map.applyHomogeneous(x: p.x, y: p.y)
                        points.append(SIMD2(d.x / d.z, d.y / d.z))
                    }
                } else {
                    clipToGuardBand(from: start)
                }
            }
        } else {
            // Cut at the plane W = ε, on the closed polygon, and projected. (A copy of the
            // subpath, so that only the sink touches `self`; released before `defer` empties it.)
            do {
                let subpath = self.subpath
                _ = clipPolygon(subpath.count, { subpath[$0] }, to: EyePlane(eps: eps)) { r in
                    points.append(SIMD2(r.x / r.z, r.y / r.z))
                    return true
                }
            }
        }
        if !affine { clipToGuardBand(from: start) }
        if points.count - start >= 2 { starts.append(start) } else { points.removeSubrange(start...) }
    }

    /// Half the side of the guard square: polygon parts beyond ±this many device pixels are
    /// cut away (in double precision) before any Int conversion or edge slope. The visible
    /// area is at most 16,384 pixels from the origin, so nothing visible changes, while edges
    /// of 1e20…1e300-pixel geometry keep exact slopes near the target instead of clamping.
    static let guardBand = 1.0e8

    /// The closed polygon `points[start...]` clipped to the guard square, in place. Winding
    /// inside the square is unchanged (the cut follows its sides).
    mutating func clipToGuardBand(from start: Int) {
        let g = Self.guardBand
        guard points[start...].contains(where: { abs($0.x) > g || abs($0.y) > g }) else { return }
        let poly = Self.clippedToGuardSquare(Array(points[start...]))
        points.removeSubrange(start...)
        points.append(contentsOf: poly)
    }

    /// `polygon` clipped to the guard square, each crossing computed by `crossing`.
    static func clippedToGuardSquare(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
        // Each side: axis 0 (x) or 1 (y), and the sign of the bound.
        let sides = [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)].lazy.map { GuardSide(axis: $0.0, sign: $0.1, bound: guardBand) }
        return clipPolygon(polygon, toAll: sides)
    }

    /// The closed polygon `poly` clipped to the convex polygon `window` (either orientation),
    /// each crossing computed by `intersection` (accurate far out).
    static func clip(_ poly: [SIMD2<Double>], to window: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var area = 0.0
        for i in window.indices {
            let a = window[i], b = window[(i + 1) % window.count]
            area += a.x * b.y - a.y * b.x
        }
        let orient: Double = area < 0 ? -1 : 1
        let sides = window.indices.lazy.map { WindowSide(a: window[$0], b: window[($0 + 1) % window.count], orient: orient) }
        return clipPolygon(poly, toAll: sides)
    }

    /// Where the line through `p`, `q` meets the line through `a`, `b`: each line as
    /// d × r = k with k from its points by an exact-ish difference of products, so the error
    /// is relative to the lines' distances from the origin, not to |p| (1e20 or 1e300).
    static func intersection(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double>? {
        let m = [p, q, a, b].map { Swift.max(Swift.abs($0.x), Swift.abs($0.y)) }.max()!
        if m > 1e150 { return farIntersection(p, q, a, b) }
        let s = 1.0
        let (p, q, a, b) = (p * s, q * s, a * s, b * s)
        func kahan(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double {   // x·y − z·w
            let zw = z * w
            return (-zw).addingProduct(x, y) + zw.addingProduct(-z, w)
        }
        let d1 = q - p, d2 = b - a
        // Line 1: d1 × r = d1 × p = q.x·p.y − q.y·p.x (u × v = u.x·v.y − u.y·v.x); line 2 alike.
        let k1 = kahan(q.x, p.y, q.y, p.x)
        let k2 = kahan(b.x, a.y, b.y, a.x)
        let det = d1.x * d2.y - d1.y * d2.x
        guard det != 0, det.isFinite else { return nil }
        let r = (d2 * k1 - d1 * k2) / det
        let out = r / s
        return out.x.isFinite && out.y.isFinite ? out : nil
    }

    /// `intersection` for points beyond ±1e150, where products of coordinates overflow: each
    /// line is scaled by a power of two of its own (one shared scale took the guard square's
    /// small coordinates below the smallest double, and a 1e300-long stroke lost its edges) and
    /// written as u × r = c with u its unit direction and c its offset, which stays finite.
    static func farIntersection(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double>? {
        func line(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> (u: SIMD2<Double>, c: Double)? {
            let m = Swift.max(Swift.abs(p.x), Swift.abs(p.y), Swift.abs(q.x), Swift.abs(q.y))
            guard m > 0, m.isFinite else { return nil }
            let s = Double(sign: .plus, exponent: -m.exponent, significand: 1)
            let ps = p * s, qs = q * s, d = qs - ps
            let length = (d * d).sum().squareRoot()
            guard length > 0, length.isFinite else { return nil }
            // q × p (= d × p) by Kahan's difference of products, then the offset of the unit line.
            let w = qs.y * ps.x
            let k = (-w).addingProduct(qs.x, ps.y) + w.addingProduct(-qs.y, ps.x)
            return (d / length, k / length / s)
        }
        guard let (u1, c1) = line(p, q), let (u2, c2) = line(a, b) else { return nil }
        let det = u1.x * u2.y - u1.y * u2.x
        guard det != 0 else { return nil }
        let r = SIMD2(c1 * u2.x - c2 * u1.x, c1 * u2.y - c2 * u1.y) / det
        return r.x.isFinite && r.y.isFinite ? r : nil
    }

    /// Where the line through `p` and `q` crosses `axis` = `bound`. From the line's offset
    /// p × q computed as an exact-ish difference of products (fused multiply-adds), so a line
    /// between points 1e20 or 1e100 pixels away still crosses near the target within a tiny
    /// fraction of a pixel of its true place (interpolating from p loses |p| · 2⁻⁵³: 10⁴ pixels
    /// at 1e20). Beyond ±1e154 the products overflow: then plain interpolation.
    static func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>, axis: Int, at bound: Double) -> SIMD2<Double> {
        // Beyond 1e150 both points are scaled by a power of two (exactly) so that the products
        // below stay finite: the offset is then c / s.
        let m = Swift.max(Swift.abs(p.x), Swift.abs(p.y), Swift.abs(q.x), Swift.abs(q.y))
        let s = m > 1e150 ? Double(sign: .plus, exponent: -m.exponent, significand: 1) : 1
        let p = p * s, q = q * s
        let o = 1 - axis
        let da = q[axis] - p[axis], dO = q[o] - p[o]
        // c = p[o]·q[a] − q[o]·p[a] (Kahan's difference of products).
        let w = q[o] * p[axis]
        let e = w.addingProduct(-q[o], p[axis])        // w − q[o]·p[a]: the rounding of w, exactly
        let c = (-w).addingProduct(p[o], q[axis]) + e  // p[o]·q[a] − w, then corrected
        var r = SIMD2<Double>(repeating: 0)
        r[axis] = bound
        let v = (c / s + dO * bound) / da
        if c.isFinite && v.isFinite {
            r[o] = v
        } else {
            let t = (bound * s - p[axis]) / da
            r[o] = (p[o] * (1 - t) + q[o] * t) / s
        }
        return r
    }
}

extension PreparedScene {
    /// The most band-bucket entries one path may need (an edge is copied into every band it
    /// crosses, 48 bytes each: at most 192 MB); a path needing more is not drawn (memory stays
    /// bounded). Over 60,000 edges each crossing a 1,024-row surface top to bottom.
    static let maximumPathBandEntries = 4_000_000

    mutating func preparePath(_ path: PathGeometry, _ rule: FillRule, _ command: FillCommand, _ setup: FillSetup) {
        guard !path.isEmpty, PathFlattener.polygons(path, command.localToDevice, into: &flattenBuffers) else { return }
        let points = flattenBuffers.points, starts = flattenBuffers.starts
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return }
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
        }
        guard lo.x <= hi.x else { return }
        var bounds = setup.bounds.intersection(IntRect(x0: floorInt(lo.x), y0: floorInt(lo.y),
                                                       x1: ceilInt(hi.x) + 1, y1: ceilInt(hi.y) + 1))
        if let mask = command.clip.mask { bounds = bounds.intersection(mask.rect) }
        guard !bounds.isEmpty else { return }
        let start = checkpoint
        var hardRange = hardEdges.count..<hardEdges.count
        if let polygon = command.clip.polygon {
            // A path has no analytic outline edges: every polygon edge is hard.
            guard let r = appendHardEdges(polygon, outline: edges.count..<edges.count, bounds: &bounds) else { return }
            hardRange = r
            guard !bounds.isEmpty else { return rollback(to: start) }
            setHardEdgeMargins(hardRange, bounds)
        }
        let clipStart = clipShapes.count
        for (shape, map) in command.clip.roundedRects {
            guard !shape.isEmpty, map.isFinite else { return rollback(to: start) }
            clipShapes.append(ClipShape(shape: shape, map: normalised(map)))
        }
        for (hole, map) in command.clip.holes where !hole.isEmpty && map.isFinite {
            clipShapes.append(ClipShape(shape: hole, map: normalised(map), isHole: true))
        }
        guard let paint = preparePaint(command.paint, setup.inverse, opacity8: setup.opacity8),
              let fill = appendPathEdges(points, starts, bounds: bounds, evenOdd: rule == .evenOdd) else { return rollback(to: start) }
        paths.append(fill)
        appendFill(command, setup, bounds: bounds, edges: edges.count..<edges.count, hardEdges: hardRange,
                   corners: corners.count..<corners.count, clipShapes: sharedClipShapes(from: clipStart), paint: paint,
                   cornerFree: .zero, path: .path(paths.count - 1))
    }

    /// The polygons' non-horizontal edges and their band buckets within `bounds`' rows.
    mutating func appendPathEdges(_ points: [SIMD2<Double>], _ starts: [Int], bounds: IntRect, evenOdd: Bool) -> PathFill? {
        var edges = pathEdgeScratch
        pathEdgeScratch = []
        defer { pathEdgeScratch = edges }
        edges.removeAll(keepingCapacity: true)
        Self.collectPathEdges(points, starts, bounds: bounds, into: &edges)
        // Buckets of `bandHeight` rows: the band walk visits each edge once per bucket and walks
        // its rows there (`renderPath`).
        let buckets = PathBuckets(rows: bandHeight, bounds: bounds)
        // Count, then lay the buckets out in one array (CSR); the counts' array is kept from
        // path to path.
        var counts = pathBandCounts
        pathBandCounts = []
        defer { pathBandCounts = counts }
        counts.removeAll(keepingCapacity: true)
        counts.append(contentsOf: repeatElement(0, count: buckets.count + 1))
        let entryStart = pathBandEdges.count
        guard let total = buckets.count(edges, into: &counts, limit: Swift.min(Self.maximumPathBandEntries, Int(Int32.max) - 1 - entryStart))
        else { return nil }
        for b in 0..<buckets.count { counts[b + 1] += counts[b] }
        let offsetStart = pathBandOffsets.count
        for c in counts { pathBandOffsets.append(Int32(entryStart + c)) }
        // The entries are laid out in a scratch array kept from path to path, then appended at
        // once (appending `total` placeholders to overwrite went element by element).
        var entries = pathEntryScratch
        pathEntryScratch = []
        defer { pathEntryScratch = entries }
        if entries.count < total {
            entries.append(contentsOf: repeatElement(PathEdge(x0: 0, y0: 0, y1: 0, dxdy: 0, direction: 0, firstRow: 0, lastRow: 0),
                                                    count: total - entries.count))
        }
        buckets.scatter(edges, into: &entries, counts: &counts)
        pathBandEdges.append(contentsOf: entries[0..<total])
        return PathFill(bandOffsets: offsetStart, bucketRows: buckets.rows, firstBand: buckets.first, bandCount: buckets.count,
                        evenOdd: evenOdd)
    }

    /// The non-horizontal edges of the closed polygons that reach `bounds`' rows, each with the
    /// rows it is walked in.
    static func collectPathEdges(_ points: [SIMD2<Double>], _ starts: [Int], bounds: IntRect, into edges: inout [PathEdge]) {
        if edges.capacity < points.count { edges.reserveCapacity(points.count) }
        let top = Double(bounds.y0), bottom = Double(bounds.y1)
        points.withUnsafeBufferPointer { points in
            starts.withUnsafeBufferPointer { starts in
                for (k, s) in starts.enumerated() {
                    let end = k + 1 < starts.count ? starts[k + 1] : points.count
                    for i in s..<end {
                        let p = points[i], q = points[i + 1 < end ? i + 1 : s]
                        if p.y == q.y { continue }
                        let (a, b, dir) = p.y < q.y ? (p, q, 1.0) : (q, p, -1.0)
                        // Rows the edge cannot reach within the bounds are dropped here.
                        if b.y <= top || a.y >= bottom { continue }
                        // floorInt/ceilInt round values within 2⁻²² of an integer to it: an edge
                        // that short may give r1 = r0 − 1. It is walked in row r0 (the row loop
                        // tests its exact extent). An edge starting within 2⁻²² above bounds.y1
                        // rounds to y1: its first row is the last one (a band past the last
                        // indexed the band counts out of range).
                        let r0 = Swift.min(Swift.max(floorInt(a.y), bounds.y0), bounds.y1 - 1)
                        let r1 = Swift.max(r0, Swift.min(ceilInt(b.y), bounds.y1) - 1)
                        edges.append(PathEdge(x0: a.x, y0: a.y, y1: b.y, dxdy: (b.x - a.x) / (b.y - a.y), direction: dir,
                                              firstRow: Int32(r0), lastRow: Int32(r1)))
                    }
                }
            }
        }
    }
}

/// The band buckets of one path fill: `count` buckets of `rows` rows from bucket `first` (the
/// one holding the fill's first row). An edge goes into every bucket its rows reach.
struct PathBuckets {
    let rows: Int, first: Int, count: Int

    init(rows: Int, bounds: IntRect) {
        self.rows = rows
        first = bounds.y0 / rows
        count = (bounds.y1 - 1) / rows - first + 1
    }

    /// The buckets `e` is copied into, from 0.
    @inline(__always) func range(_ e: PathEdge) -> ClosedRange<Int> {
        (Swift.max(Int(e.firstRow) / rows, first) - first)...(Swift.max(Int(e.lastRow) / rows, first) - first)
    }

    /// Adds each bucket's entry count to `counts[b + 1]`; the entries in all, or nil once they
    /// pass `limit` (the path is not drawn).
    func count(_ edges: [PathEdge], into counts: inout [Int], limit: Int) -> Int? {
        var total = 0
        let over: Bool = edges.withUnsafeBufferPointer { edges in
            counts.withUnsafeMutableBufferPointer { counts in
                for e in edges {
                    let r = range(e)
                    for b in r { counts[b + 1] += 1 }
                    total += r.count
                    if total > limit { return true }
                }
                return false
            }
        }
        return over ? nil : total
    }

    /// Copies each edge into its buckets' slots of `entries`, in edge order within a bucket;
    /// `counts[b]` is where bucket b's entries start (moved past them).
    func scatter(_ edges: [PathEdge], into entries: inout [PathEdge], counts: inout [Int]) {
        edges.withUnsafeBufferPointer { edges in
            entries.withUnsafeMutableBufferPointer { entries in
                counts.withUnsafeMutableBufferPointer { counts in
                    for e in edges {
                        for b in range(e) {
                            entries[counts[b]] = e
                            counts[b] += 1
                        }
                    }
                }
            }
        }
    }
}
