// `OverlapGraph`, step 2: deciding pending pairs (Newell's tests, splits where polygons meet).

extension OverlapGraph {
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
}
