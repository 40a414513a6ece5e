@testable import Raster

// Raster's five Sutherland–Hodgman clippers as they were before they became one loop
// (`clipPolygon` over a `ClipBoundary`), copied from 0a098a0 as the references the one loop
// must reproduce exactly (`PolygonClipTests`). Only tests use them.

enum OldClippers {
    /// `PreparedScene.deviceOutline`'s cut of the four corners at W > ε, as segments.
    static func eyeOutline(_ h: [SIMD3<Double>], eps: Double) -> [OutlineSegment] {
        var segments: [OutlineSegment] = []
        var exitPoint: SIMD2<Double>? = nil, entryPoint: SIMD2<Double>? = nil
        var exitIndex = 0
        func project(_ p: SIMD3<Double>) -> SIMD2<Double> { SIMD2(p.x / p.z, p.y / p.z) }
        func cut(_ p: SIMD3<Double>, _ q: SIMD3<Double>) -> SIMD3<Double> {
            let t = (p.z - eps) / (p.z - q.z)
            var r = p + (q - p) * t
            r.z = eps
            return r
        }
        for i in 0..<4 {
            let p = h[i], q = h[(i + 1) & 3], side = UInt8(1 << i)
            let pIn = p.z > eps, qIn = q.z > eps
            if pIn && qIn {
                segments.append(OutlineSegment(project(p), project(q), side))
            } else if pIn {
                let c = project(cut(p, q))
                segments.append(OutlineSegment(project(p), c, side))
                exitPoint = c; exitIndex = segments.count
            } else if qIn {
                let c = project(cut(p, q))
                entryPoint = c
                segments.append(OutlineSegment(c, project(q), side))
            }
        }
        if let e = exitPoint, let n = entryPoint {
            segments.insert(OutlineSegment(e, n, 16), at: exitIndex)
        }
        return segments
    }

    /// `PathFlattener.flush`'s cut of a projective subpath at W > ε, projected.
    static func eyePath(_ subpath: [SIMD3<Double>], eps: Double) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        let n = subpath.count
        for i in 0..<n {
            let p = subpath[i], q = subpath[(i + 1) % n]
            let pIn = p.z > eps, qIn = q.z > eps
            if pIn { points.append(SIMD2(p.x / p.z, p.y / p.z)) }
            if pIn != qIn {
                let t = (p.z - eps) / (p.z - q.z)
                var r = p + (q - p) * t
                r.z = eps
                points.append(SIMD2(r.x / r.z, r.y / r.z))
            }
        }
        return points
    }

    /// `PathFlattener.clipToGuardBand` on a whole polygon.
    static func guardBand(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let g = PathFlattener.guardBand
        guard points.contains(where: { abs($0.x) > g || abs($0.y) > g }) else { return points }
        var poly = points
        var next: [SIMD2<Double>] = []
        next.reserveCapacity(poly.count + 4)
        for (axis, sign) in [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)] {
            next.removeAll(keepingCapacity: true)
            let n = poly.count
            guard n > 0 else { break }
            for i in 0..<n {
                let p = poly[i], q = poly[(i + 1) % n]
                let pIn = sign * p[axis] <= g, qIn = sign * q[axis] <= g
                if pIn { next.append(p) }
                if pIn != qIn { next.append(PathFlattener.crossing(p, q, axis: axis, at: sign * g)) }
            }
            swap(&poly, &next)
        }
        return poly
    }

    /// `PathFlattener.clip(_:to:)`.
    static func window(_ poly: [SIMD2<Double>], to window: [SIMD2<Double>]) -> [SIMD2<Double>] {
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }
        var area = 0.0
        for i in window.indices { area += cross(window[i], window[(i + 1) % window.count]) }
        let orient: Double = area < 0 ? -1 : 1
        var poly = poly
        var next: [SIMD2<Double>] = []
        for i in window.indices {
            let a = window[i], b = window[(i + 1) % window.count], d = b - a
            func inside(_ p: SIMD2<Double>) -> Bool {
                var v = p - a
                let m = Swift.max(Swift.abs(v.x), Swift.abs(v.y))
                if m > 1e150, m.isFinite { v *= Double(sign: .plus, exponent: -m.exponent, significand: 1) }
                return orient * cross(d, v) >= 0
            }
            next.removeAll(keepingCapacity: true)
            let n = poly.count
            guard n > 0 else { break }
            for k in 0..<n {
                let p = poly[k], q = poly[(k + 1) % n]
                let pIn = inside(p), qIn = inside(q)
                if pIn { next.append(p) }
                if pIn != qIn, let r = PathFlattener.intersection(p, q, a, b) { next.append(r) }
            }
            swap(&poly, &next)
        }
        return poly
    }

    /// `ProjectiveCornerRows.swift`'s clip to a·x + b·y + c ≥ 0 into at most `capacity`
    /// points; nil where it returned −1 (overflow).
    static func halfPlane(_ src: [SIMD2<Double>], _ a: Double, _ b: Double, _ c: Double, capacity: Int) -> [SIMD2<Double>]? {
        var dst: [SIMD2<Double>] = []
        let n = src.count
        guard n > 0 else { return [] }
        var p = src[n - 1]
        var dp = a * p.x + b * p.y + c
        for i in 0..<n {
            let q = src[i]
            let dq = a * q.x + b * q.y + c
            if (dp > 0 && dq < 0) || (dp < 0 && dq > 0) {
                if dst.count == capacity { return nil }
                dst.append(p + (q - p) * (dp / (dp - dq)))
            }
            if dq >= 0 {
                if dst.count == capacity { return nil }
                dst.append(q)
            }
            p = q; dp = dq
        }
        return dst
    }
}
