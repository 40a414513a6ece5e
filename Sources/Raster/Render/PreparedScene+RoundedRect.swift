// Preparing a rounded rectangle: its device outline (clipped at the eye plane), anti-aliased
// edges, hard clip edges, clip shapes, paint, then the one decision of how it is rasterised.

/// A rounded rect's outline in device space: at most four sides and one eye-plane cut.
struct DeviceOutline {
    var segments: Outline
    /// +1 or −1: which side of the segments is inside.
    var orientation: Double
    var lo: SIMD2<Double>, hi: SIMD2<Double>
    /// The W threshold of the eye-plane clip.
    var eps: Double
}

/// A rounded rect's prepared parts (ranges into the scene's arrays), before its fill path.
struct RoundedRectParts {
    var outline: DeviceOutline
    var bounds: IntRect
    var edges: Range<Int>, hardEdges: Range<Int>, clipShapes: Range<Int>
    var paint: PaintFetcher
}

extension PreparedScene {
    /// Prepares a rounded rect: its parts, then the one decision of how it is rasterised.
    mutating func prepareRoundedRect(_ shape: RoundedRect, _ command: FillCommand, _ setup: FillSetup) {
        guard let parts = roundedRectParts(shape, command, setup) else { return }
        let path = chooseFillPath(shape, command, setup, outline: parts.outline, bounds: parts.bounds, edges: parts.edges,
                                  hardEdges: parts.hardEdges, clipShapes: parts.clipShapes, paint: parts.paint)
        appendRoundedRect(shape, command, setup, parts, path: path)
    }

    /// The parts of a rounded rect every fill path reads: its device outline and bounds,
    /// anti-aliased edges, hard clip edges, clip shapes and paint, appended to the scene. Nil
    /// when there is nothing more to append: the shape is undrawable (rolled back) or was too
    /// large for an outline and went to the path filler instead.
    mutating func roundedRectParts(_ shape: RoundedRect, _ command: FillCommand, _ setup: FillSetup) -> RoundedRectParts? {
        guard !shape.isEmpty else { return nil }
        let m = command.localToDevice
        guard let outline = Self.deviceOutline(shape, m), Self.isAnalytic(outline) else {
            // Device coordinates past ~1e150 pixels overflow the products of the outline and of
            // the rows' distances: such a shape is filled as a path, which the flattener cuts
            // to its guard square first (it drew nothing, or a quarter of its colour).
            if let path = Self.hugeShapePath(shape, m) { preparePath(path, .nonZero, command, setup) }
            return nil
        }
        var bounds = setup.bounds.intersection(IntRect(x0: floorInt(outline.lo.x) - 1, y0: floorInt(outline.lo.y) - 1,
                                                       x1: ceilInt(outline.hi.x) + 1, y1: ceilInt(outline.hi.y) + 1))
        guard !bounds.isEmpty else { return nil }
        let start = checkpoint
        let edgeRange = appendOutlineEdges(outline)
        var hardRange = hardEdges.count..<hardEdges.count
        if let polygon = command.clip.polygon {
            guard let r = appendHardEdges(polygon, outline: edgeRange, bounds: &bounds) else { rollback(to: start); return nil }
            hardRange = r
        }
        if let mask = command.clip.mask { bounds = bounds.intersection(mask.rect) }
        guard !bounds.isEmpty else { rollback(to: start); return nil }
        setHardEdgeMargins(hardRange, bounds)
        guard let clipRange = appendClipShapes(command.clip, outline),
              let paint = preparePaint(command.paint, setup.inverse, opacity8: setup.opacity8) else { rollback(to: start); return nil }
        return RoundedRectParts(outline: outline, bounds: bounds, edges: edgeRange, hardEdges: hardRange,
                                clipShapes: clipRange, paint: paint)
    }

    /// The fill of a rounded rect whose parts are appended, rasterised by `path` (corner
    /// zones and rim constants added for the general rows, the only reader of them).
    mutating func appendRoundedRect(_ shape: RoundedRect, _ command: FillCommand, _ setup: FillSetup,
                                    _ parts: RoundedRectParts, path: FillPath) {
        let m = command.localToDevice
        var cornerRange = corners.count..<corners.count
        var fillPath = path
        if path == .general {
            cornerRange = appendCorners(shape, m, setup.inverse, eps: parts.outline.eps, bounds: parts.bounds)
            if let rim = makeAffineRim(shape, command, setup, edges: parts.edges, hardEdges: parts.hardEdges,
                                       corners: cornerRange, clipShapes: parts.clipShapes, paint: parts.paint) {
                rims.append(rim)
                fillPath = .affineRim(rims.count - 1)
            }
        }
        appendFill(command, setup, bounds: parts.bounds, edges: parts.edges, hardEdges: parts.hardEdges, corners: cornerRange,
                   clipShapes: parts.clipShapes, paint: parts.paint,
                   cornerFree: SIMD4(shape.minX + Swift.max(shape.topLeft, shape.bottomLeft),
                                     shape.minY + Swift.max(shape.topLeft, shape.topRight),
                                     shape.maxX - Swift.max(shape.topRight, shape.bottomRight),
                                     shape.maxY - Swift.max(shape.bottomLeft, shape.bottomRight)),
                   path: fillPath)
    }

    /// The largest device coordinate the analytic fill takes: its squares (distances, edge
    /// normals) stay finite below √(greatest Double) ≈ 1.3e154; a side of 162 × 1e155 pixels
    /// drew a quarter of its colour (its distances overflowed), at 1e300 too (fuzz seed 3107675).
    static let analyticCoordinateLimit = 1e150

    /// Whether `outline` lies within `analyticCoordinateLimit` of the origin.
    static func isAnalytic(_ outline: DeviceOutline) -> Bool {
        let limit = analyticCoordinateLimit
        return abs(outline.lo.x) < limit && abs(outline.lo.y) < limit && abs(outline.hi.x) < limit && abs(outline.hi.y) < limit
    }

    /// `shape` as a path (corners as quarter-ellipse cubics) when `m` is affine and maps a
    /// corner beyond the path flattener's guard square; else nil.
    static func hugeShapePath(_ shape: RoundedRect, _ m: Projective) -> PathGeometry? {
        guard m.isAffine else { return nil }
        let corners = [(shape.minX, shape.minY), (shape.maxX, shape.minY), (shape.maxX, shape.maxY), (shape.minX, shape.maxY)]
            .map { m.applyHomogeneous(x: $0.0, y: $0.1) }.map { SIMD2($0.x / $0.z, $0.y / $0.z) }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              corners.contains(where: { abs($0.x) > PathFlattener.guardBand || abs($0.y) > PathFlattener.guardBand })
        else { return nil }
        let k = 0.5522847498307936   // the cubic's handle for a quarter circle
        var p = PathGeometry()
        let (x0, y0, x1, y1) = (shape.minX, shape.minY, shape.maxX, shape.maxY)
        let (tl, tr, br, bl) = (shape.topLeft, shape.topRight, shape.bottomRight, shape.bottomLeft)
        p.move(to: SIMD2(x0 + tl, y0))
        p.line(to: SIMD2(x1 - tr, y0))
        if tr > 0 { p.cubic(control1: SIMD2(x1 - tr + k * tr, y0), control2: SIMD2(x1, y0 + tr - k * tr), to: SIMD2(x1, y0 + tr)) }
        p.line(to: SIMD2(x1, y1 - br))
        if br > 0 { p.cubic(control1: SIMD2(x1, y1 - br + k * br), control2: SIMD2(x1 - br + k * br, y1), to: SIMD2(x1 - br, y1)) }
        p.line(to: SIMD2(x0 + bl, y1))
        if bl > 0 { p.cubic(control1: SIMD2(x0 + bl - k * bl, y1), control2: SIMD2(x0, y1 - bl + k * bl), to: SIMD2(x0, y1 - bl)) }
        p.line(to: SIMD2(x0, y0 + tl))
        if tl > 0 { p.cubic(control1: SIMD2(x0, y0 + tl - k * tl), control2: SIMD2(x0 + tl - k * tl, y0), to: SIMD2(x0 + tl, y0)) }
        p.close()
        return p
    }

    /// The outline of `shape` under `m` in device space, clipped at W > ε; nil when nothing
    /// of it lies in front of the eye or it has no area.
    static func deviceOutline(_ shape: RoundedRect, _ m: Projective) -> DeviceOutline? {
        // The four corners in homogeneous device space, in outline order; side i runs from
        // corner i to corner i+1: top, right, bottom, left.
        let h0 = m.applyHomogeneous(x: shape.minX, y: shape.minY), h1 = m.applyHomogeneous(x: shape.maxX, y: shape.minY)
        let h2 = m.applyHomogeneous(x: shape.maxX, y: shape.maxY), h3 = m.applyHomogeneous(x: shape.minX, y: shape.maxY)
        // Clip at W > ε (Sutherland–Hodgman against one plane), ε relative to the map's scale
        // since projective maps are defined up to a factor.
        let wScale = Swift.max(Swift.max(Swift.max(0, abs(h0.z)), abs(h1.z)), Swift.max(abs(h2.z), abs(h3.z)))
        guard wScale > 0 else { return nil }
        let eps = wScale * 1e-7
        let segments = eyeClippedOutline((h0, h1, h2, h3), eps: eps)
        guard segments.count > 0 else { return nil }
        // Orientation (shoelace over the closed outline) decides which side is inside.
        var area2 = 0.0
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for i in 0..<segments.count {
            let p = segments[i].p, q = segments[i].q
            area2 += p.x * q.y - q.x * p.y
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
        }
        guard area2.isFinite, abs(area2) > 1e-9, lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        return DeviceOutline(segments: segments, orientation: area2 > 0 ? 1 : -1, lo: lo, hi: hi, eps: eps)
    }

    /// The outline of the corners `h` (homogeneous device points, side i running from corner
    /// i to corner i + 1: top, right, bottom, left) cut at W > ε: each side's part in front of
    /// the eye, and where the outline left the eye plane's front, the cut along it (side 16)
    /// to where it came back.
    static func eyeClippedOutline(_ h: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), eps: Double) -> Outline {
        @inline(__always) func corner(_ i: Int) -> (h: SIMD3<Double>, side: UInt8) {
            (i == 0 ? h.0 : i == 1 ? h.1 : i == 2 ? h.2 : h.3, UInt8(1 << i))
        }
        @inline(__always) func project(_ p: SIMD3<Double>) -> SIMD2<Double> { SIMD2(p.x / p.z, p.y / p.z) }
        // Each point starts the segment to the next one (the last to the first). A plane cuts
        // the image of a rectangle (W affine over it) at most twice: five points. Four cuts
        // (W alternating around the corners within rounding of ε) leave nothing.
        var segments = Outline()
        var first = SIMD2<Double>.zero, previous = (p: SIMD2<Double>.zero, side: UInt8(0)), count = 0
        let fits = clipPolygon(4, corner, to: LabelledEyePlane(plane: EyePlane(eps: eps))) { point in
            guard count < 5 else { return false }
            let d = project(point.h)
            if count == 0 { first = d } else { segments.append(OutlineSegment(previous.p, d, previous.side)) }
            previous = (d, point.side); count &+= 1
            return true
        }
        guard fits else { return Outline() }
        if count > 0 { segments.append(OutlineSegment(previous.p, first, previous.side)) }
        return segments
    }

    /// The outline's anti-aliased edges (signed distance, positive inside).
    mutating func appendOutlineEdges(_ outline: DeviceOutline) -> Range<Int> {
        let edgeStart = edges.count
        for i in 0..<outline.segments.count {
            let p = outline.segments[i].p, q = outline.segments[i].q, side = outline.segments[i].side
            let dx = q.x - p.x, dy = q.y - p.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { continue }
            let a = -dy / len * outline.orientation, b = dx / len * outline.orientation
            edges.append(LineEdge(a: a, b: b, c: -(a * p.x + b * p.y), inverseA: abs(a) < 1e-12 ? 0 : 1 / a, side: side))
        }
        return edgeStart..<edges.count
    }

    /// Rounded-rect clips of other planes (those containing the whole outline dropped) and
    /// holes. Nil when a clip is not drawable (nothing may be drawn).
    mutating func appendClipShapes(_ clip: Clip, _ outline: DeviceOutline) -> Range<Int>? {
        let clipStart = clipShapes.count
        for (clipShape, map0) in clip.roundedRects {
            guard !clipShape.isEmpty, map0.isFinite else { return nil }
            let map = normalised(map0)
            var containsShape = true
            for i in 0..<outline.segments.count {
                let p = outline.segments[i].p
                let hp = map.applyHomogeneous(x: p.x, y: p.y)
                guard hp.z > 0 else { containsShape = false; break }
                let sd = clipShape.signedDistance(x: hp.x / hp.z, y: hp.y / hp.z)
                let g = deviceGradientLength(map, hp, sd.gx, sd.gy)
                if !(g > 0 && sd.distance / g < -2) { containsShape = false; break }
            }
            if !containsShape { clipShapes.append(ClipShape(shape: clipShape, map: map)) }
        }
        for (hole, map0) in clip.holes where !hole.isEmpty && map0.isFinite {
            clipShapes.append(ClipShape(shape: hole, map: normalised(map0), isHole: true))
        }
        return sharedClipShapes(from: clipStart)
    }

    /// How the fill is rasterised — the one place a fast path is chosen:
    /// - `similarity`: normal blending, four anti-aliased edges, no hard edges, no clip shapes
    ///   or mask, and a map that is a similarity (`SimilarityFill` decides the rest);
    /// - `projective`: otherwise a solid, non-affine plane or BSP piece with four edges and no
    ///   clip shapes or mask (`ProjectiveFill` decides the rest); affine fills without hard
    ///   edges keep the affine rim path;
    /// - `general` for everything else (the caller adds the affine rim constants when they apply).
    mutating func chooseFillPath(_ shape: RoundedRect, _ command: FillCommand, _ setup: FillSetup, outline: DeviceOutline,
                                 bounds: IntRect, edges edgeRange: Range<Int>, hardEdges hardRange: Range<Int>,
                                 clipShapes clipRange: Range<Int>, paint: PaintFetcher) -> FillPath {
        guard command.blendMode == .normal, command.antialias, command.clip.mask == nil,
              clipRange.isEmpty, edgeRange.count == 4 else { return .general }
        let inverse = setup.inverse
        // The walks blend a solid colour themselves where the span table chose `overSolid`.
        let solidColor = SpanPipeline(paint, command.blendMode).varying == .overSolid ? paint.color : nil
        if hardRange.isEmpty,
           let g = SimilarityFill(shape: shape, inverse: inverse, opacity: setup.opacity, opacity8: setup.opacity8,
                                  solidColor: solidColor) {
            similarities.append(g)
            return .similarity(similarities.count - 1)
        }
        let segments = outline.segments
        if segments.count == 4 && (!(inverse.isAffine && inverse.m33 == 1) || !hardRange.isEmpty) {
            let corners = SIMD8(segments[0].p.x, segments[0].p.y, segments[1].p.x, segments[1].p.y,
                                segments[2].p.x, segments[2].p.y, segments[3].p.x, segments[3].p.y)
            let p = edges.withUnsafeBufferPointer { edges in
                hardEdges.withUnsafeBufferPointer { hardEdges in
                    ProjectiveFill(shape: shape, inverse: inverse,
                                   edges: UnsafeBufferPointer(rebasing: edges[edgeRange]),
                                   hardEdges: UnsafeBufferPointer(rebasing: hardEdges[hardRange]), deviceCorners: corners,
                                   opacity: setup.opacity, opacity8: setup.opacity8, solidColor: solidColor)
                }
            }
            if let p {
                projectives.append(p)
                return .projective(projectives.count - 1)
            }
        }
        return .general
    }

    /// Rounded corners whose quadrant square reaches the bounds (general path only).
    mutating func appendCorners(_ shape: RoundedRect, _ m: Projective, _ inverse: Projective, eps: Double,
                                bounds: IntRect) -> Range<Int> {
        let cornerStart = corners.count
        func project(_ p: SIMD3<Double>) -> SIMD2<Double> { SIMD2(p.x / p.z, p.y / p.z) }
        // Rounded corners whose quadrant square reaches the bounds.
        let spec: [(Double, Double, Double, Double, Double, UInt8)] = [
            (shape.minX, shape.minY, 1, 1, shape.topLeft, 1 | 8),
            (shape.maxX, shape.minY, -1, 1, shape.topRight, 1 | 2),
            (shape.maxX, shape.maxY, -1, -1, shape.bottomRight, 2 | 4),
            (shape.minX, shape.maxY, 1, -1, shape.bottomLeft, 4 | 8),
        ]
        for (x, y, ix, iy, r, mask) in spec where r > 0 {
            // (ix, iy) points from the corner into the shape; the quadrant is the other side
            // of the arc's centre.
            let cx = x + ix * r, cy = y + iy * r
            var box = SIMD4<Double>(.infinity, .infinity, -.infinity, -.infinity)
            var quad = SIMD8<Double>(repeating: 0)
            var behind = false
            for (i, (qx, qy)) in [(x, y), (cx, y), (cx, cy), (x, cy)].enumerated() {
                let p = m.applyHomogeneous(x: qx, y: qy)
                if !(p.z > eps) { behind = true; break }
                let d = project(p)
                quad[2 * i] = d.x; quad[2 * i + 1] = d.y
                box = SIMD4(Swift.min(box.x, d.x), Swift.min(box.y, d.y), Swift.max(box.z, d.x), Swift.max(box.w, d.y))
            }
            if behind { box = SIMD4(-1e18, -1e18, 1e18, 1e18) }
            if box.z < Double(bounds.x0) - 1 || box.x > Double(bounds.x1) + 1
                || box.w < Double(bounds.y0) - 1 || box.y > Double(bounds.y1) + 1 { continue }
            // Under an affine map one device pixel spans at most σ local units (σ: the largest
            // singular value of the inverse's linear part), so a disc of radius r − σ/2 (less a
            // hair for rounding) is fully covered.
            var full = -1.0
            if inverse.isAffine && inverse.m33 == 1 {
                let sigma = largestSingularValue(inverse.m11, inverse.m12, inverse.m21, inverse.m22)
                let rho = r - 0.5 * sigma * (1 + 1e-6) - 1e-9 * r
                if rho > 0 { full = rho * rho }
            } else if !behind {
                // Projective: the device → local Jacobian varies over the quadrant; take its
                // largest singular value at the quadrant's four device corners, with a 10 %
                // margin for the variation in between (W is linear, so 1/W peaks at a corner;
                // across one corner's square it changes by a few per cent).
                var sigma = 0.0
                for i in 0..<4 {
                    guard let s = inverse.stretch(atX: quad[2 * i], y: quad[2 * i + 1]) else { sigma = .infinity; break }
                    sigma = Swift.max(sigma, s)
                }
                let rho = r - 0.5 * sigma * 1.1 - 1e-9 * r
                if sigma.isFinite && rho > 0 { full = rho * rho }
            }
            corners.append(CornerZone(cx: cx, cy: cy, sx: -ix, sy: -iy, radius: r, fullRadiusSquared: full, sideMask: mask))
            var slopes = SIMD4<Double>(repeating: 0)
            for i in 0..<4 {
                let j = (i + 1) & 3
                let dy = quad[2 * j + 1] - quad[2 * i + 1]
                slopes[i] = dy == 0 ? 0 : (quad[2 * j] - quad[2 * i]) / dy
            }
            cornerExtents.append(CornerExtent(box: box, quad: quad, slopes: slopes, behind: behind))
        }

        return cornerStart..<corners.count
    }

    /// The affine rim constants, when the fill is affine with exactly four anti-aliased, non-
    /// horizontal edges, no hard edges and no clips; nil otherwise.
    func makeAffineRim(_ shape: RoundedRect, _ command: FillCommand, _ setup: FillSetup, edges edgeRange: Range<Int>,
                       hardEdges hardRange: Range<Int>, corners cornerRange: Range<Int>,
                       clipShapes clipRange: Range<Int>, paint: PaintFetcher) -> AffineRim? {
        let inverse = setup.inverse
        guard command.blendMode == .normal, command.antialias, command.clip.mask == nil, inverse.isAffine && inverse.m33 == 1, edgeRange.count == 4,
              hardRange.isEmpty, clipRange.isEmpty, edges[edgeRange].allSatisfy({ $0.inverseA != 0 }) else { return nil }
        var r = AffineRim(a: .zero, b: .zero, c: .zero, outC: .zero, inC: .zero, slope: .zero, rising: .zero,
                          sides: .zero, midX: (shape.minX + shape.maxX) * 0.5, midY: (shape.minY + shape.maxY) * 0.5,
                          cx: .zero, cy: .zero, sx: .zero, sy: .zero, radius: .zero, fullRadiusSquared: .zero,
                          sideMask: .zero, pixelsPerUnit: 0)
        let (m11, m12, m21, m22) = (inverse.m11, inverse.m12, inverse.m21, inverse.m22)
        let unitsPerPixel = (m11 * m11 + m12 * m12).squareRoot()
        let tolerance = 1e-12 * unitsPerPixel
        if unitsPerPixel > 0, unitsPerPixel.isFinite,
           (abs(m11 - m22) <= tolerance && abs(m12 + m21) <= tolerance)
            || (abs(m11 + m22) <= tolerance && abs(m12 - m21) <= tolerance) {
            r.pixelsPerUnit = 1 / unitsPerPixel
        }
        for k in cornerRange {
            let z = corners[k]
            // (sx, sy) points out of the shape: top-left (−1, −1), top-right (1, −1)…
            let j = z.sy < 0 ? (z.sx < 0 ? 0 : 1) : (z.sx > 0 ? 2 : 3)
            r.cx[j] = z.cx; r.cy[j] = z.cy; r.sx[j] = z.sx; r.sy[j] = z.sy
            r.radius[j] = z.radius; r.fullRadiusSquared[j] = z.fullRadiusSquared; r.sideMask[j] = Int(z.sideMask)
        }
        for (i, e) in edges[edgeRange].enumerated() {
            r.sides[i] = Int(e.side)
            r.a[i] = e.a; r.b[i] = e.b; r.c[i] = e.c
            // d(x) = a·(x + 0.5) + b·py + c = ∓0.5  ⇔  x = (∓0.5 − c)/a − 0.5 − (b/a)·py.
            r.outC[i] = (-0.5 - e.c) * e.inverseA - 0.5
            r.inC[i] = (0.5 - e.c) * e.inverseA - 0.5
            r.slope[i] = -e.b * e.inverseA
            r.rising[i] = e.a > 0 ? 1 : 0
        }
        r.qa = m11 * m11 + m12 * m12
        r.inverseQa = r.qa > 0 ? 1 / r.qa : 0
        r.inverseDx = m11 != 0 ? 1 / m11 : 0
        r.inverseDy = m12 != 0 ? 1 / m12 : 0
        if SpanPipeline(paint, command.blendMode).varying == .overSolid {
            let color = paint.color
            r.isSolid = true
            r.color = color
            r.interior = paint.interior
        }
        return r
    }
}
