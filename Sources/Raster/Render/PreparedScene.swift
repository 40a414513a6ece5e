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

    /// The first column past the crossing of row `py`, ⌊t⌋ + 1 for the estimate
    /// t = −(b·py + c)/a − 0.5 (in pixel indices), when t is farther than `margin` from every
    /// integer: then pixel x is inside exactly when x > t (a > 0) or x < t (a < 0), as `inside`
    /// itself would say. Nil when it is not (and for a == 0, NaN, or |t| ≥ 10⁹).
    @inline(__always) func decidedCrossing(_ py: Double) -> Int? {
        let t = -(b * py + c) * inverseA - 0.5
        // t + 1.5·2⁵² rounds t to the nearest integer (|t| < 2⁵¹), no conversion needed.
        let big = 6_755_399_441_055_744.0
        let nearest = (t + big) - big
        // NaN fails the test too.
        guard abs(t - nearest) > margin && abs(t) < 1e9 else { return nil }
        // The sum's low mantissa bits hold the nearest integer (|t| < 2³¹).
        let n = Int(Int32(truncatingIfNeeded: (t + big).bitPattern))
        return nearest > t ? n : n &+ 1
    }
}

/// The columns of `lo..<hi` where hard edge `e` holds on row `py`: from the first column where
/// it holds (a > 0) or up to the end of where it holds (a < 0). Exact, so two polygons sharing
/// the edge split its pixels exactly: decided from the crossing estimate where that is clear
/// of every pixel centre by the edge's rounding margin (`HardEdge.decidedCrossing`), else by
/// `inside` itself, pixel by pixel (`hardIntervalExact`).
@inline(__always)
func hardInterval(_ e: UnsafePointer<HardEdge>, _ py: Double, _ lo: Int, _ hi: Int) -> (Int, Int) {
    guard let first = e.pointee.decidedCrossing(py) else { return hardIntervalExact(e, py, lo, hi) }
    if e.pointee.a > 0 { return (Swift.min(Swift.max(lo, first), hi), hi) }
    return (lo, Swift.max(Swift.min(hi, first), lo))
}

/// `hardInterval` by evaluating `inside` around an estimate of the crossing (any estimate would
/// do: the loops settle it), out of line: the rare rows the estimate cannot decide.
@inline(never)
func hardIntervalExact(_ e: UnsafePointer<HardEdge>, _ py: Double, _ lo: Int, _ hi: Int) -> (Int, Int) {
    let e = e.pointee
    if e.a == 0 {
        return e.inside(0, py) ? (lo, hi) : (lo, lo)
    }
    var x = Swift.min(Swift.max(ceilInt(-(e.b * py + e.c) * e.inverseA - 0.5), lo), hi)
    if e.a > 0 {
        // inside(x) is monotone non-decreasing in x.
        while x > lo && e.inside(Double(x - 1) + 0.5, py) { x -= 1 }
        while x < hi && !e.inside(Double(x) + 0.5, py) { x += 1 }
        return (x, hi)
    } else {
        while x < hi && e.inside(Double(x) + 0.5, py) { x += 1 }
        while x > lo && !e.inside(Double(x - 1) + 0.5, py) { x -= 1 }
        return (lo, x)
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
struct ClipShape: Sendable, Equatable {
    var shape: RoundedRect
    var map: Projective
    /// A hole removes its shape (coverage × (1 − hole coverage)) instead of keeping it.
    var isHole = false
}

/// How a prepared fill is rasterised: the one place a fast path is recorded. Each payload is
/// an index into the scene's array of that path's constants (fills stay small to walk).
/// Chosen by `PreparedScene.chooseFillPath`, which documents the rules.
enum FillPath: Sendable, Equatable {
    /// Rows solved edge by edge, corners and clips per pixel (`BandRasterizer.renderRow`).
    case general
    /// `general` with the affine constants of `PreparedScene.rims` (four edges, affine).
    case affineRim(Int)
    /// The similarity-transformed rounded rect (`SimilarityFill`).
    case similarity(Int)
    /// The solid perspective rounded rect or BSP piece (`ProjectiveFill`).
    case projective(Int)
    /// A general path, by signed-area accumulation (`PathFill`).
    case path(Int)
}

/// A clip's coverage mask as the bands read it (the scene keeps the `CoverageMask` alive).
struct PreparedMask: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let rect: IntRect
    let width: Int

    init(_ m: CoverageMask) { bytes = m.bytes; rect = m.rect; width = m.width }

    /// Coverage 0...255 of device pixel (x, y).
    @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return UInt32(bytes[(y &- rect.y0) &* width &+ (x &- rect.x0)])
    }
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
    /// The paint, as a fetcher of source colours (`PaintFetch.swift`).
    var paint: PaintFetcher
    /// Local points with x in `cornerFree.x...cornerFree.z` or y in `cornerFree.y...cornerFree.w`
    /// lie in no corner quadrant: the common case skips the corner loop.
    var cornerFree: SIMD4<Double>
    /// The clip's coverage mask, if any.
    var mask: PreparedMask?
    /// How the fill is rasterised.
    var path: FillPath = .general
    /// How the paint combines with the pixels below; fast paths are `.normal` only.
    var blend: BlendMode = .normal
    /// The span kernels that draw the fill's spans (`SpanPipeline`), chosen from the paint and `blend`.
    var spans: SpanPipeline
    /// The colour a coverage producer may blend itself with source-over (its fused solid
    /// kernels): the paint's colour when the table chose `overSolid` for the fill's varying
    /// spans, else nil. Stored, not computed: a computed property read through a pointer
    /// copied the whole fill per span (9 % of the `paths` bench).
    var solidOverColor: UInt32?
    /// The scale (0...255) the paint is fetched at before blending: 255 under `.normal`, where
    /// opacity is part of coverage; the opacity under other modes, where coverage lerps the
    /// blended result and opacity scales the source (Core Graphics' rule).
    var fetchScale: UInt32 = 255
    /// All-or-nothing coverage (`FillCommand.antialias == false`).
    var aliased = false
    /// The index in `clipShapes` of the clip's occluder (outside the `clipShapes` range), or −1.
    var occluder = -1

    /// Whether a row's pixels depend on where its span starts (so a redraw may not clip its
    /// columns). Paths accumulate coverage from the left. A texture steps its texel position
    /// from the span's first pixel (16.16 fixed point, or Doubles), which lands on the same
    /// positions from any first pixel only when the map's entries are exact in that arithmetic
    /// (`Projective.isSeekable`): the 1 : 1 and integer-offset maps of kept subtrees, shadow
    /// masks and layer contents. Solid colours and gradients compute each pixel on its own.
    var stepsAlongRows: Bool {
        if case .path = path { return true }
        return paint.stepsAlongRows
    }

    /// The index of the fill's `AffineRim`, when it has one.
    @inline(__always) var rimIndex: Int? {
        if case .affineRim(let i) = path { return i }
        return nil
    }
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
    var paths: [PathFill] = []
    /// Per path, per band of `bandHeight` rows: offsets into `pathBandEdges` (CSR layout).
    var pathBandOffsets: [Int32] = []
    /// The edges of each band of each path, copied into the band's bucket: a band walks its
    /// edges in memory order (an index per entry sent every edge load to a scattered line).
    var pathBandEdges: [PathEdge] = []
    /// One path's edges before bucketing, and its bucket entries before they are appended to
    /// `pathBandEdges` (scratch, kept from path to path).
    var pathEdgeScratch: [PathEdge] = []
    var pathEntryScratch: [PathEdge] = []
    /// Scratch kept from path to path while preparing (flattened polygons, bucket counts), so
    /// that preparing a path allocates nothing once they have grown.
    var flattenBuffers = PathFlattener.Buffers()
    var pathBandCounts: [Int] = []
    var gradients: [PreparedGradient] = []
    /// Keeps the clips' masks alive while the bands read them.
    var masks: [CoverageMask] = []
    /// `PreparedGradient.tableSize` premultiplied colours per gradient.
    var gradientTables: [UInt32] = []
    /// Per command given to `init`, the device pixels its fills may touch (empty for a command
    /// dropped as undrawable): what damage tracking compares between frames.
    var commandBounds: [IntRect] = []
    /// Per command given to `init`, whether one of its fills steps along rows (`stepsAlongRows`).
    var commandSteps: [Bool] = []
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

