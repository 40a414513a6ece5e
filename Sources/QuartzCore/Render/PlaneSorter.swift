import Foundation

/// Orders the planes of one 3D rendering context back to front, splitting planes that intersect,
/// so translucent intersecting layers blend right.
///
/// `sort` only orders pairs that overlap on screen and splits only planes that truly
/// interpenetrate (PlaneSorter+Overlap.swift); `bspSort`, a BSP tree as Chromium's compositor
/// builds, is the reference it is tested against and the fallback for cyclic overlaps.
///
/// Polygons are in the context's space after the perspective divide, where the viewer looks
/// down the −z axis from +∞ (an orthographic view: perspective is already in the coordinates).
package enum PlaneSorter {
    package struct Polygon {
        package var points: [SIMD3<Double>]
        package let item: Int
        /// Whether this is a piece of a split plane (then it must be drawn clipped to `points`).
        package var isFragment: Bool
    }

    static let epsilon = 1e-6

    /// Tests set this to draw with the reference BSP instead of `overlapSort`.
    @TaskLocal package static var usesReferenceBSP = false

    /// The polygons in drawing order. Polygons that do not overlap on screen, and coplanar ones,
    /// keep their input order; only polygons that truly interpenetrate come back as fragments.
    package static func sort(_ polygons: [Polygon]) -> [Polygon] {
        usesReferenceBSP ? bspSort(polygons) : overlapSort(polygons)
    }

    /// The polygons in drawing order by a BSP tree: the first polygon's infinite plane splits
    /// every other polygon it crosses, overlapping on screen or not. Coplanar polygons keep
    /// their input order.
    package static func bspSort(_ polygons: [Polygon]) -> [Polygon] {
        var output: [Polygon] = []
        output.reserveCapacity(polygons.count)
        // Explicit stack of work: either a set of polygons to partition, or a polygon to emit.
        enum Work { case partition([Polygon]), emit([Polygon]) }
        var stack: [Work] = [.partition(polygons)]
        while let work = stack.popLast() {
            switch work {
            case .emit(let ps):
                output.append(contentsOf: ps)
            case .partition(let ps):
                guard let first = ps.first else { continue }
                if ps.count == 1 { output.append(first); continue }
                guard let plane = planeOf(first.points) else {
                    // Degenerate splitter (a line seen edge-on): draw it first, partition the rest.
                    stack.append(.partition(Array(ps.dropFirst())))
                    stack.append(.emit([first]))
                    continue
                }
                var front: [Polygon] = [], back: [Polygon] = [], coplanar: [Polygon] = [first]
                for p in ps.dropFirst() {
                    classify(p, plane, &front, &back, &coplanar)
                }
                // Facing the viewer (normal towards +z): what is behind it is drawn first.
                let facing = plane.normal.z >= 0
                let (behind, inFront) = facing ? (back, front) : (front, back)
                stack.append(.partition(inFront))
                stack.append(.emit(coplanar))
                stack.append(.partition(behind))
            }
        }
        return output
    }

    package struct Plane { var normal: SIMD3<Double>; var d: Double }

    /// The plane through a polygon (Newell's method), nil when it has no area.
    package static func planeOf(_ pts: [SIMD3<Double>]) -> Plane? {
        pts.withUnsafeBufferPointer { planeOf($0) }
    }

    static func classify(_ p: Polygon, _ plane: Plane, _ front: inout [Polygon], _ back: inout [Polygon],
                                 _ coplanar: inout [Polygon]) {
        let dist = p.points.map { (plane.normal * $0).sum() + plane.d }
        let hasFront = dist.contains { $0 > epsilon }
        let hasBack = dist.contains { $0 < -epsilon }
        switch (hasFront, hasBack) {
        case (false, false): coplanar.append(p)
        case (true, false): front.append(p)
        case (false, true): back.append(p)
        case (true, true):
            var f: [SIMD3<Double>] = [], b: [SIMD3<Double>] = []
            for i in 0..<p.points.count {
                let j = (i + 1) % p.points.count
                let a = p.points[i], c = p.points[j]
                let da = dist[i], dc = dist[j]
                if da >= -epsilon { f.append(a) }
                if da <= epsilon { b.append(a) }
                if (da > epsilon && dc < -epsilon) || (da < -epsilon && dc > epsilon) {
                    let t = da / (da - dc)
                    let x = a + (c - a) * t
                    f.append(x); b.append(x)
                }
            }
            if f.count >= 3 { front.append(Polygon(points: f, item: p.item, isFragment: true)) }
            if b.count >= 3 { back.append(Polygon(points: b, item: p.item, isFragment: true)) }
        }
    }
}
