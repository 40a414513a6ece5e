/// The geometry `OverlapGraph` asks of polygons, on points in its flat pool (no arrays made).
extension OverlapGraph {
    typealias Points = UnsafeBufferPointer<SIMD3<Double>>

    static func facingPlane(_ points: Points) -> Plane? {
        guard var plane = PlaneSorter.planeOf(points), projectedArea(points) > minimumArea else { return nil }
        if plane.normal.z < 0 { plane.normal = -plane.normal; plane.d = -plane.d }
        return plane
    }

    static func projectedArea(_ points: Points) -> Double {
        var twice = 0.0
        var a = points[points.count - 1]
        for b in points {
            twice += a.x * b.y - b.x * a.y
            a = b
        }
        return abs(twice) / 2
    }

    static func box(_ points: Points) -> SIMD4<Double> {
        var lo = SIMD2(points[0].x, points[0].y), hi = lo
        for i in 1..<points.count {
            let q = SIMD2(points[i].x, points[i].y)
            lo = pointwiseMin(lo, q)
            hi = pointwiseMax(hi, q)
        }
        return SIMD4(lo.x, lo.y, hi.x, hi.y)
    }

    /// The centre of the points and the largest distance from it to one.
    static func sphere(_ points: Points) -> SIMD4<Double> {
        var c = SIMD3<Double>(0, 0, 0)
        for p in points { c += p }
        c /= Double(points.count)
        var r2 = 0.0
        for p in points { let d = p - c; r2 = max(r2, (d * d).sum()) }
        return SIMD4(c.x, c.y, c.z, r2.squareRoot())
    }

    /// Whether two polygons, each crossing the other's plane, share a segment of the planes' line.
    static func interpenetrate(_ a: Points, _ pa: Plane, _ b: Points, _ pb: Plane) -> Bool {
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
    static func span(of points: Points, across plane: Plane, along u: SIMD3<Double>) -> (lo: Double, hi: Double) {
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
    static func depthOrder(_ a: Points, _ pa: Plane, _ b: Points, _ pb: Plane) -> Relation {
        var region: [SIMD2<Double>] = [], out: [SIMD2<Double>] = []
        region.reserveCapacity(a.count + b.count + 2)
        out.reserveCapacity(a.count + b.count + 2)
        for p in a { region.append(SIMD2(p.x, p.y)) }
        let m = b.count
        // b's winding, so that "inside" is the same side of each of its edges.
        var twice = 0.0
        for i in 0..<m {
            let p = b[i], q = b[(i + 1) % m]
            twice += p.x * q.y - q.x * p.y
        }
        let sign: Double = twice >= 0 ? 1 : -1
        for i in 0..<m where !region.isEmpty {
            let e0 = SIMD2(b[i].x, b[i].y), e1 = SIMD2(b[(i + 1) % m].x, b[(i + 1) % m].y)
            func side(_ p: SIMD2<Double>) -> Double { sign * ((e1.x - e0.x) * (p.y - e0.y) - (e1.y - e0.y) * (p.x - e0.x)) }
            out.removeAll(keepingCapacity: true)
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
            swap(&region, &out)
        }
        guard !region.isEmpty else { return .none }
        var c = SIMD2<Double>(0, 0)
        for p in region { c += p }
        c /= Double(region.count)
        func depth(_ p: Plane) -> Double { -(p.normal.x * c.x + p.normal.y * c.y + p.d) / p.normal.z }
        return depth(pa) <= depth(pb) ? .before : .after
    }

    static func sides(of points: Points, _ plane: Plane) -> (front: Bool, back: Bool) {
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
    static func projectionsOverlap(_ a: Points, _ b: Points) -> Bool {
        !hasSeparatingEdge(a, a, b) && !hasSeparatingEdge(b, a, b)
    }

    private static func hasSeparatingEdge(_ edgesOf: Points, _ a: Points, _ b: Points) -> Bool {
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
}

extension PlaneSorter {
    /// `planeOf` on points in a buffer (the same arithmetic).
    static func planeOf(_ pts: UnsafeBufferPointer<SIMD3<Double>>) -> Plane? {
        guard pts.count >= 3 else { return nil }
        var n = SIMD3<Double>(0, 0, 0)
        var centre = SIMD3<Double>(0, 0, 0)
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
            centre += a
        }
        let len = (n * n).sum().squareRoot()
        guard len > 1e-12, len.isFinite else { return nil }
        n /= len
        centre /= Double(pts.count)
        return Plane(normal: n, d: -(n * centre).sum())
    }
}
