extension CGPath {
    /// Whether `point` is inside the path mapped by `transform`, under `rule`.
    ///
    /// Open subpaths count as closed, as when filling. Curves are flattened to 1/10000 of the
    /// path's size, so a point that close to a curve may be classified either way.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.x.isFinite, point.y.isFinite else {
            StrataDiagnostics.report("CGPath.contains(\(point)): rejected non-finite value; false")
            return false
        }
        let path = transform.isIdentity ? self : CGPath(elements: elements.map { $0.applying(transform) })
        let box = path.boundingBox
        guard !box.isNull, point.x >= box.minX, point.x <= box.maxX, point.y >= box.minY, point.y <= box.maxY
        else { return false }
        var tolerance = Swift.max(box.width, box.height) * 1e-4
        if !(tolerance.isFinite && tolerance > 0) { tolerance = 1e-3 }
        var winding = 0
        for polyline in path.polylines(tolerance: tolerance) {
            let p = polyline.points
            guard p.count > 2 else { continue }
            for i in 0..<p.count {
                let a = p[i], b = p[(i + 1) % p.count]
                // Which side of a→b the point lies on: > 0 left, < 0 right.
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y {
                    if b.y > point.y, side > 0 { winding += 1 }
                } else if b.y <= point.y, side < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }
}
