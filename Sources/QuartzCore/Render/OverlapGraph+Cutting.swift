// `OverlapGraph`: cutting a polygon by a plane into pieces that join the graph.

extension OverlapGraph {
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
}
