// Per-frame preparation of fill commands: everything that does not depend on the pixel is
// computed once here (serially), then every band reads it. Nothing here depends on bands,
// so a pixel's value never depends on where band boundaries fall.

/// An anti-aliased straight edge in device space: `d = a·x + b·y + c` is the signed distance
/// in pixels (unit normal), positive inside. `side` is the bit of the shape side it lies on
/// (top 1, right 2, bottom 4, left 8; 16 for the edge made by clipping at the eye plane).
struct LineEdge: Sendable {
    var a: Double, b: Double, c: Double
    /// 1/a, or 0 when the edge is horizontal (|a| < 1e-12): rows solve for x without dividing.
    var inverseA: Double
    var side: UInt8
}

/// A hard edge of a clip polygon: a pixel is inside when `a·x + b·y + c > 0` at its centre, or
/// `== 0` and `tieInside`. The line comes from canonically ordered endpoints so that two
/// polygons sharing the edge compute exactly opposite values and split pixels exactly.
struct HardEdge: Sendable {
    var a: Double, b: Double, c: Double
    var tieInside: Bool
    /// 1/a, or 0 when a == 0: rows estimate the crossing without dividing.
    var inverseA: Double = 0
    /// A bound, in pixels along a row, on the rounding error of `inside` and of the crossing
    /// estimate `−(b·py + c)/a − 0.5` (for pixel centres within `bounds` of the fill): a
    /// pixel whose centre is farther than this from the estimated crossing is inside or
    /// outside exactly as `inside` says without evaluating it. +∞ when a == 0.
    var margin: Double = .infinity

    @inline(__always) func inside(_ px: Double, _ py: Double) -> Bool {
        let d = a * px + b * py + c
        return d > 0 || (d == 0 && tieInside)
    }
}

/// A rounded corner: the local quadrant `(q − centre)·(sx, sy) > 0` uses the arc instead of
/// the two adjacent straight edges (`sideMask`). `box` bounds the quadrant square in device
/// pixels (x0, y0, x1, y1); `quad` holds its four device corners (x0, y0, x1, y1, …) in order,
/// unless `behind` (part of it lies behind the eye: every row it reaches is all rim).
/// `fullRadius²` (affine maps only, else −1): local points nearer the arc's centre than this
/// are at least half a device pixel inside the arc, so fully covered.
struct CornerZone: Sendable {
    var cx: Double, cy: Double, sx: Double, sy: Double, radius: Double
    var fullRadiusSquared: Double
    var sideMask: UInt8
}

/// Where a corner quadrant lies in device space (read per row, not per pixel).
struct CornerExtent: Sendable {
    var box: SIMD4<Double>
    var quad: SIMD8<Double>
    /// dx/dy of the quad's edge i (from corner i to i+1); 0 for a horizontal edge.
    var slopes: SIMD4<Double>
    var behind: Bool
}

/// A rounded-rect clip of another plane, with its device → local map.
struct ClipShape: Sendable {
    var shape: RoundedRect
    var map: Projective
    /// A hole removes its shape (coverage × (1 − hole coverage)) instead of keeping it.
    var isHole = false
}

/// What a prepared fill paints.
enum PreparedPaint: Sendable {
    /// A premultiplied colour, and the same already scaled by opacity (for interiors).
    case solid(color: UInt32, interior: UInt32)
    /// A texture; `deviceToTexel` maps device pixels to texel coordinates. A non-zero
    /// `underlay` is a colour the texture is composited over first (`Paint.textureOverColor`).
    case texture(TextureView, deviceToTexel: Projective, filter: Filter, underlay: UInt32)
    /// A colour scaled by a texture's alpha.
    case alphaMask(TextureView, deviceToTexel: Projective, color: UInt32)
}

/// One fill command, ready to rasterise.
struct PreparedFill: Sendable {
    /// Device pixels that may be touched (already inside the clip rect and the surface).
    var bounds: IntRect
    var edges: Range<Int>
    var hardEdges: Range<Int>
    var corners: Range<Int>
    var clipShapes: Range<Int>
    /// Device → plane-local map; normalised so that m33 == 1 when affine.
    var inverse: Projective
    var affine: Bool
    var opacity: Double
    var opacity8: UInt32
    var paint: PreparedPaint
    /// Local points with x in `cornerFree.x...cornerFree.z` or y in `cornerFree.y...cornerFree.w`
    /// lie in no corner quadrant: the common case skips the corner loop.
    var cornerFree: SIMD4<Double>
    /// Index of the fill's `AffineRim` in `PreparedScene.rims`, or −1 when the fast path does
    /// not apply. (An index, not the struct: fills stay small to walk.)
    var rim: Int = -1
    /// Index of the fill's `SimilarityFill` in `PreparedScene.similarities`, or −1 when that
    /// fast path does not apply (it then wins over `rim`).
    var similarity: Int = -1
    /// Index of the fill's `ProjectiveFill` in `PreparedScene.projectives`, or −1 when that
    /// fast path does not apply.
    var projective: Int = -1
}

/// The common fill, specialised: an affine map, exactly four anti-aliased edges none of them
/// horizontal, no hard edges and no clip shapes. Lane i holds edge i of the fill.
///
/// Rows solve their outer/inner ranges with one multiply-add per edge, `t = c + slope·py`,
/// and rim pixels evaluate `d = a·px + (b·py + c)` four edges at a time.
struct AffineRim: Sendable {
    /// The edges' `a`, `b` and `c` (signed distance in pixels, positive inside).
    var a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>
    /// Column (pixel index, centre at +0.5) where `d` crosses −0.5 / +0.5, as `c + slope·py`.
    var outC: SIMD4<Double>, inC: SIMD4<Double>, slope: SIMD4<Double>
    /// Lane i: edge i bounds the shape on the left (a > 0) rather than on the right.
    var rising: SIMD4<Int>
    /// Lane i: the side bit of edge i (top 1, right 2, bottom 4, left 8).
    var sides: SIMD4<Int>
    /// The local centre of the shape: a point's corner candidate is the one of its quadrant.
    var midX: Double, midY: Double
    /// Lane j: corner j (top-left, top-right, bottom-right, bottom-left) as in `CornerZone`;
    /// `sx = sy = 0` for a corner that is square or dropped (no pixel is in its quadrant).
    var cx: SIMD4<Double>, cy: SIMD4<Double>, sx: SIMD4<Double>, sy: SIMD4<Double>
    var radius: SIMD4<Double>, fullRadiusSquared: SIMD4<Double>, sideMask: SIMD4<Int>
    /// Device pixels per local unit when the map is a similarity (rotation, uniform scale,
    /// reflection): then a local distance converts with one multiply. 0 otherwise.
    var pixelsPerUnit: Double
    /// Row-invariant terms of the corner exclusions: |D|² of the per-pixel local step D =
    /// (m11, m12) and the reciprocals of |D|², m11 and m12 (0 when that is 0).
    var qa = 0.0, inverseQa = 0.0, inverseDx = 0.0, inverseDy = 0.0
    /// True when the paint is a solid colour: `color`, and `interior` (already × opacity).
    var isSolid = false
    var color: UInt32 = 0, interior: UInt32 = 0
}

/// One side of a fill's outline in device space, from `p` to `q` (or the cut made by the eye
/// plane, side 16).
struct OutlineSegment {
    var p: SIMD2<Double>, q: SIMD2<Double>
    var side: UInt8
    @inline(__always) init(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ side: UInt8) { self.p = p; self.q = q; self.side = side }
}

/// A fill's outline: at most five segments (four sides, one eye-plane cut), kept inline so
/// that preparing a fill allocates nothing for it.
struct Outline {
    private var storage = (OutlineSegment(.zero, .zero, 0), OutlineSegment(.zero, .zero, 0),
                           OutlineSegment(.zero, .zero, 0), OutlineSegment(.zero, .zero, 0),
                           OutlineSegment(.zero, .zero, 0))
    private(set) var count = 0

    subscript(i: Int) -> OutlineSegment {
        @inline(__always) get {
            precondition(i >= 0 && i < count)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i * MemoryLayout<OutlineSegment>.stride, as: OutlineSegment.self) }
        }
        @inline(__always) set {
            precondition(i >= 0 && i < 5)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<OutlineSegment>.stride, as: OutlineSegment.self)
            }
        }
    }

    @inline(__always) mutating func append(_ s: OutlineSegment) {
        precondition(count < 5)
        count += 1
        self[count - 1] = s
    }

    mutating func insert(_ s: OutlineSegment, at index: Int) {
        precondition(count < 5 && index >= 0 && index <= count)
        count += 1
        var i = count - 1
        while i > index { self[i] = self[i - 1]; i -= 1 }
        self[index] = s
    }
}

/// All prepared fills of one `execute` call, with their edges in flat arrays.
struct PreparedScene: Sendable {
    var fills: [PreparedFill] = []
    var edges: [LineEdge] = []
    var hardEdges: [HardEdge] = []
    var corners: [CornerZone] = []
    var cornerExtents: [CornerExtent] = []
    var clipShapes: [ClipShape] = []
    var rims: [AffineRim] = []
    var similarities: [SimilarityFill] = []
    var projectives: [ProjectiveFill] = []
    /// False forces every fill onto the general path (tests compare the two).
    var useSimilarityPath = true
}

/// Converts a device coordinate to an Int, clamping far and non-finite values.
@inline(__always)
func clampedInt(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    if v < -1e9 { return -1_000_000_000 }
    if v > 1e9 { return 1_000_000_000 }
    return Int(v)
}

// Not `rounded(.down)`, which is a libm call without SSE4.1, nor truncate-and-adjust (two
// conversions, a compare and a select: row setup does eight of these per row). After clamping
// to ±1e9 (NaN → 0, as `clampedInt`), v + 2^30 is positive, so truncation is the floor. The
// sum rounds v to a multiple of 2^-22 (2.4e-7): a value that close below an integer may floor
// up. Callers either leave a larger slack (1e-6) or sit where coverage is 0 or 1 within 1e-6,
// so no 8-bit value changes.
@inline(__always)
func floorInt(_ v: Double) -> Int {
    let c = v.isNaN ? 0 : Swift.min(Swift.max(v, -1e9), 1e9)
    return Int(c + 1_073_741_824) &- 1_073_741_824
}
@inline(__always)
func ceilInt(_ v: Double) -> Int {
    0 &- floorInt(-v)
}

/// Scales a projective map so that m33 == 1 when it is affine (W is then exactly 1).
func normalised(_ m: Projective) -> Projective {
    guard m.m13 == 0 && m.m23 == 0 && m.m33 != 0 && m.m33 != 1 else { return m }
    let r = 1 / m.m33
    return Projective(m11: m.m11 * r, m12: m.m12 * r, m13: 0, m21: m.m21 * r, m22: m.m22 * r, m23: 0,
                      m31: m.m31 * r, m32: m.m32 * r, m33: 1)
}

/// The length of the device-space gradient of a local function whose local gradient is
/// (gx, gy), at a device point whose homogeneous local image is `h` under `inv`.
/// Divides a local distance by it to get a device distance in pixels.
@inline(__always)
func deviceGradientLength(_ inv: Projective, _ h: SIMD3<Double>, _ gx: Double, _ gy: Double) -> Double {
    // q = (X/W, Y/W): ∂q/∂p = (row of inv − q·(m13, m23)) / W.
    let w = h.z, qx = h.x / w, qy = h.y / w
    let jxx = (inv.m11 - qx * inv.m13) / w, jxy = (inv.m21 - qx * inv.m23) / w
    let jyx = (inv.m12 - qy * inv.m13) / w, jyy = (inv.m22 - qy * inv.m23) / w
    let dx = gx * jxx + gy * jyx, dy = gx * jxy + gy * jyy
    return (dx * dx + dy * dy).squareRoot()
}

/// Anti-aliased coverage of a rounded rect at a device point, through a device → local map.
@inline(__always)
func roundedRectCoverage(_ shape: RoundedRect, _ map: Projective, _ px: Double, _ py: Double) -> Double {
    let h = map.applyHomogeneous(x: px, y: py)
    guard h.z > 0 else { return 0 }
    let sd = shape.signedDistance(x: h.x / h.z, y: h.y / h.z)
    let g = deviceGradientLength(map, h, sd.gx, sd.gy)
    guard g > 0, g.isFinite else { return sd.distance <= 0 ? 1 : 0 }
    let d = 0.5 - sd.distance / g
    return d <= 0 ? 0 : (d >= 1 ? 1 : d)
}

extension PreparedScene {
    /// Prepares every drawable command; commands that cannot draw anything (empty shape,
    /// zero or NaN opacity, non-finite or singular maps, entirely behind the eye or clipped
    /// away) are dropped here.
    init(_ commands: [FillCommand], surface: Surface, similarityPath: Bool = true) {
        self.init(commands, surfaceRect: IntRect(surface), similarityPath: similarityPath)
    }

    /// Prepares `commands` for a surface whose pixels are `surfaceRect`.
    init(_ commands: [FillCommand], surfaceRect: IntRect, similarityPath: Bool = true) {
        useSimilarityPath = similarityPath
        fills.reserveCapacity(commands.count)
        edges.reserveCapacity(commands.count * 4)
        similarities.reserveCapacity(commands.count)
        projectives.reserveCapacity(commands.count)
        var polygonEdges = 0
        for command in commands { polygonEdges += command.clip.polygon?.count ?? 0 }
        hardEdges.reserveCapacity(polygonEdges)
        for command in commands {
            prepare(command, surfaceRect)
        }
    }

    private mutating func prepare(_ command: FillCommand, _ surfaceRect: IntRect) {
        let shape = command.shape
        let m = command.localToDevice
        guard !shape.isEmpty, m.isFinite else { return }
        let opacity = Double(command.opacity)
        guard opacity.isFinite else { return }
        let clampedOpacity = Swift.min(Swift.max(opacity, 0), 1)
        let opacity8 = alphaScale(clampedOpacity)
        guard opacity8 > 0 else { return }
        var bounds = command.clip.rect.intersection(surfaceRect)
        guard !bounds.isEmpty, let inverse0 = m.inverted() else { return }
        let inverse = normalised(inverse0)

        // The four corners in homogeneous device space, in outline order; side i runs from
        // corner i to corner i+1: top, right, bottom, left.
        let h0 = m.applyHomogeneous(x: shape.minX, y: shape.minY), h1 = m.applyHomogeneous(x: shape.maxX, y: shape.minY)
        let h2 = m.applyHomogeneous(x: shape.maxX, y: shape.maxY), h3 = m.applyHomogeneous(x: shape.minX, y: shape.maxY)
        @inline(__always) func h(_ i: Int) -> SIMD3<Double> { i == 0 ? h0 : i == 1 ? h1 : i == 2 ? h2 : h3 }
        // Clip at W > ε (Sutherland–Hodgman against one plane), ε relative to the map's scale
        // since projective maps are defined up to a factor.
        let wScale = Swift.max(Swift.max(Swift.max(0, abs(h0.z)), abs(h1.z)), Swift.max(abs(h2.z), abs(h3.z)))
        guard wScale > 0 else { return }
        let eps = wScale * 1e-7
        var segments = Outline()
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
            let p = h(i), q = h((i + 1) & 3), side = UInt8(1 << i)
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
        guard segments.count > 0 else { return }
        if let e = exitPoint, let n = entryPoint {
            segments.insert(OutlineSegment(e, n, 16), at: exitIndex)
        }
        // Orientation (shoelace over the closed outline) decides which side is inside.
        var area2 = 0.0
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for i in 0..<segments.count {
            let p = segments[i].p, q = segments[i].q
            area2 += p.x * q.y - q.x * p.y
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
        }
        guard area2.isFinite, abs(area2) > 1e-9, lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return }
        let orientation: Double = area2 > 0 ? 1 : -1
        bounds = bounds.intersection(IntRect(x0: floorInt(lo.x) - 1, y0: floorInt(lo.y) - 1,
                                             x1: ceilInt(hi.x) + 1, y1: ceilInt(hi.y) + 1))
        guard !bounds.isEmpty else { return }

        let edgeStart = edges.count
        for i in 0..<segments.count {
            let p = segments[i].p, q = segments[i].q, side = segments[i].side
            let dx = q.x - p.x, dy = q.y - p.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { continue }
            let a = -dy / len * orientation, b = dx / len * orientation
            edges.append(LineEdge(a: a, b: b, c: -(a * p.x + b * p.y), inverseA: abs(a) < 1e-12 ? 0 : 1 / a, side: side))
        }
        let edgeRange = edgeStart..<edges.count

        // The clip polygon: hard edges, except those lying on the shape's outline.
        let hardStart = hardEdges.count
        if let polygon = command.clip.polygon {
            guard polygon.count >= 3, polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                hardEdges.removeSubrange(hardStart...); edges.removeSubrange(edgeStart...); return
            }
            var centroid = SIMD2<Double>(0, 0)
            var plo = SIMD2<Double>(repeating: .infinity), phi = SIMD2<Double>(repeating: -.infinity)
            for p in polygon { centroid += p; plo = pointwiseMin(plo, p); phi = pointwiseMax(phi, p) }
            centroid /= Double(polygon.count)
            bounds = bounds.intersection(IntRect(x0: floorInt(plo.x) - 1, y0: floorInt(plo.y) - 1,
                                                 x1: ceilInt(phi.x) + 1, y1: ceilInt(phi.y) + 1))
            for i in 0..<polygon.count {
                let p0 = polygon[i], q0 = polygon[(i + 1) % polygon.count]
                if p0 == q0 { continue }
                let onOutline = edges[edgeRange].contains { e in
                    abs(e.a * p0.x + e.b * p0.y + e.c) < 0.01 && abs(e.a * q0.x + e.b * q0.y + e.c) < 0.01
                }
                if onOutline { continue }
                let (p, q) = (p0.x < q0.x || (p0.x == q0.x && p0.y < q0.y)) ? (p0, q0) : (q0, p0)
                var a = p.y - q.y, b = q.x - p.x
                var c = -(a * p.x + b * p.y)
                let dc = a * centroid.x + b * centroid.y + c
                if dc == 0 || !dc.isFinite { continue }
                let flip = dc < 0
                if flip { a = -a; b = -b; c = -c }
                hardEdges.append(HardEdge(a: a, b: b, c: c, tieInside: !flip, inverseA: a == 0 ? 0 : 1 / a))
            }
        }
        let hardRange = hardStart..<hardEdges.count
        func abandon() {
            hardEdges.removeSubrange(hardStart...); edges.removeSubrange(edgeStart...)
        }
        guard !bounds.isEmpty else { return abandon() }
        // Rounding of d = a·px + b·py + c and of the crossing estimate stays below a few units
        // of 2⁻⁵² × (|a|·X + |b|·Y + |c|) (X, Y: the largest |px|, |py|), i.e. that over |a|
        // pixels along the row: 10⁻¹³ leaves a factor of several hundred.
        let extentX = Double(Swift.max(abs(bounds.x0), abs(bounds.x1))) + 1
        let extentY = Double(Swift.max(abs(bounds.y0), abs(bounds.y1))) + 1
        for k in hardRange where hardEdges[k].a != 0 {
            let e = hardEdges[k]
            let m = 1e-13 * ((abs(e.a) * extentX + abs(e.b) * extentY + abs(e.c)) / abs(e.a) + extentX)
            hardEdges[k].margin = m.isFinite ? m : .infinity
        }

        let cornerStart = corners.count
        // Rounded-rect clips of other planes; those containing the whole shape are dropped.
        let clipStart = clipShapes.count
        for (clipShape, map0) in command.clip.roundedRects {
            guard !clipShape.isEmpty, map0.isFinite else {
                abandon(); corners.removeSubrange(cornerStart...); cornerExtents.removeSubrange(cornerStart...); clipShapes.removeSubrange(clipStart...); return
            }
            let map = normalised(map0)
            var containsShape = true
            for i in 0..<segments.count {
                let p = segments[i].p
                let hp = map.applyHomogeneous(x: p.x, y: p.y)
                guard hp.z > 0 else { containsShape = false; break }
                let sd = clipShape.signedDistance(x: hp.x / hp.z, y: hp.y / hp.z)
                let g = deviceGradientLength(map, hp, sd.gx, sd.gy)
                if !(g > 0 && sd.distance / g < -2) { containsShape = false; break }
            }
            if !containsShape { clipShapes.append(ClipShape(shape: clipShape, map: map)) }
        }
        for (hole, map0) in command.clip.holes where !hole.isEmpty && map0.isFinite {
            clipShapes.append(ClipShape(shape: hole, map: normalised(map0), isHole: true))
        }
        let clipRange = clipStart..<clipShapes.count

        let paint: PreparedPaint
        switch command.paint {
        case .solid(let color):
            paint = .solid(color: color, interior: mul255(color, opacity8))
        case .texture(let texture, let map, let filter):
            guard texture.width > 0, texture.height > 0, map.isFinite else {
                abandon(); corners.removeSubrange(cornerStart...); cornerExtents.removeSubrange(cornerStart...); clipShapes.removeSubrange(clipStart...); return
            }
            paint = .texture(TextureView(texture), deviceToTexel: normalised(inverse.concatenating(map)), filter: filter, underlay: 0)
        case .textureOverColor(let texture, let map, let filter, let color):
            guard texture.width > 0, texture.height > 0, map.isFinite else {
                abandon(); corners.removeSubrange(cornerStart...); cornerExtents.removeSubrange(cornerStart...); clipShapes.removeSubrange(clipStart...); return
            }
            paint = .texture(TextureView(texture), deviceToTexel: normalised(inverse.concatenating(map)), filter: filter, underlay: color)
        case .alphaMask(let texture, let map, let color):
            guard texture.width > 0, texture.height > 0, map.isFinite else {
                abandon(); corners.removeSubrange(cornerStart...); cornerExtents.removeSubrange(cornerStart...); clipShapes.removeSubrange(clipStart...); return
            }
            paint = .alphaMask(TextureView(texture), deviceToTexel: normalised(inverse.concatenating(map)), color: color)
        }

        var similarity = -1
        if useSimilarityPath && edgeRange.count == 4 && hardRange.isEmpty && clipRange.isEmpty,
           let g = SimilarityFill(shape: shape, inverse: inverse, opacity: clampedOpacity, opacity8: opacity8,
                                  paint: command.paint) {
            similarity = similarities.count
            similarities.append(g)
        }
        var projective = -1
        // Affine fills without hard edges keep the affine rim path.
        if useSimilarityPath && similarity < 0 && clipRange.isEmpty && edgeRange.count == 4 && segments.count == 4
            && (!(inverse.isAffine && inverse.m33 == 1) || !hardRange.isEmpty) {
            let corners = SIMD8(segments[0].p.x, segments[0].p.y, segments[1].p.x, segments[1].p.y,
                                segments[2].p.x, segments[2].p.y, segments[3].p.x, segments[3].p.y)
            let p = edges.withUnsafeBufferPointer { edges in
                hardEdges.withUnsafeBufferPointer { hardEdges in
                    ProjectiveFill(shape: shape, inverse: inverse,
                                   edges: UnsafeBufferPointer(rebasing: edges[edgeRange]),
                                   hardEdges: UnsafeBufferPointer(rebasing: hardEdges[hardRange]), deviceCorners: corners,
                                   opacity: clampedOpacity, opacity8: opacity8, paint: command.paint)
                }
            }
            if let p {
                projective = projectives.count
                projectives.append(p)
            }
        }
        // The fast paths need no corner zones and no rim constants.
        var cornerRange = cornerStart..<cornerStart
        var rim = -1
        if similarity < 0 && projective < 0 {
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

            cornerRange = cornerStart..<corners.count
            if inverse.isAffine && inverse.m33 == 1 && edgeRange.count == 4 && hardRange.isEmpty && clipRange.isEmpty
                && edges[edgeRange].allSatisfy({ $0.inverseA != 0 }) {
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
                if case .solid(let color) = command.paint {
                    r.isSolid = true
                    r.color = color
                    r.interior = mul255(color, opacity8)
                }
                rim = rims.count
                rims.append(r)
            }
        }
        fills.append(PreparedFill(bounds: bounds, edges: edgeRange, hardEdges: hardRange, corners: cornerRange,
                                  clipShapes: clipRange, inverse: inverse, affine: inverse.isAffine && inverse.m33 == 1,
                                  opacity: clampedOpacity, opacity8: opacity8, paint: paint,
                                  cornerFree: SIMD4(shape.minX + Swift.max(shape.topLeft, shape.bottomLeft),
                                                    shape.minY + Swift.max(shape.topLeft, shape.topRight),
                                                    shape.maxX - Swift.max(shape.topRight, shape.bottomRight),
                                                    shape.maxY - Swift.max(shape.bottomLeft, shape.bottomRight)),
                                  rim: rim, similarity: similarity, projective: projective))
    }
}
