// The fast path for solid rounded rects (one radius at every corner, 0 included) under a
// projective or non-similarity affine map, with any number of hard edges (the pieces of a
// BSP-split plane) and no clip shapes: the bulk of the `3d` benchmark.
//
// Coverage is the general path's formula (`coverageAt`), eight pixels at a time in Float:
//
//   outside the corner quadrants:  the product of the four device edges, clamp(d + 0.5);
//   in a corner quadrant (r > 0):  clamp(0.5 − dist/g) × the two far edges,
//
// where dist = |u| − r is the local distance to the arc (u: the point relative to the arc's
// centre) and g the length of its device gradient, n·J with J = ∂q/∂p the map's Jacobian. With
// q = (X/W, Y/W), J·W = (row of the map − q·(m13, m23)), so dist/g = (|u| − r)·|u|·W / |G| with
// G = uₓ·(m11 − qₓm13, m21 − qₓm23) + u_y·(m12 − q_y m13, m22 − q_y m23): one reciprocal of W,
// two square roots and one division per eight pixels, no per-pixel branch.
//
// Precision: every chunk of eight restarts from Double values at its first pixel (edge
// distances, homogeneous local point), so Float only carries the lane offsets; local points
// are relative to the shape's centre and the shape is at most 8192 device pixels across, so
// Float's relative error stays below 10⁻³ px: an 8-bit value may move by one step at most.
//
// Rows need no corner maths: each row's outer range (the four edges' −0.5 solve ∩ the hard
// edges' exact intervals) is walked in from both ends eight pixels at a time until a chunk
// ends (starts, from the right) fully covered; the constant kernel paints what lies between.
// That is exact when the fully covered set along a row is an interval: it is for the edges
// (half-planes) and for the arcs (the image of a disc under a projective map is an ellipse,
// and a fixed distance inside a convex curve with a radius of curvature above it is convex;
// `ProjectivePathTests` renders every pixel with the formula and compares).
// The walk's chunk positions depend only on the row's outer range, never on bands or threads.

import CRasterKernels

/// Per-fill constants of the projective fast path.
struct ProjectiveFill: Sendable {
    /// Device → local map with the shape's centre at the local origin.
    var map: Projective
    /// Lane k = edge k (top, right, bottom, left): d + 0.5 = a·px + b·py + c.
    var edgeA: SIMD4<Double>, edgeB: SIMD4<Double>, edgeC: SIMD4<Double>
    /// The row's outer range: lane k is `sign·t` where t = outC + slope·py is the column where
    /// edge k's d crosses −0.5; sign +1 for an edge bounding from the left (then the range
    /// starts at floor + 1), −1 from the right (ends at −floor). Horizontal edges: no bound.
    var outC: SIMD4<Double>, slope: SIMD4<Double>, outSign: SIMD4<Double>
    var rising: SIMDMask<SIMD4<Int64>>
    /// The row's inner range (coverage 1 for every edge), likewise: lane k is
    /// `−sign·(inC + slope·py) − 10⁻⁹`; its floor f gives the start −f (sign +1) or the end
    /// f + 1 (sign −1). Pixels on its ends have coverage 1 within rounding.
    var inC: SIMD4<Double>
    /// True when an edge is horizontal: its rows are inner only where its d + 0.5 ≥ 1.
    var hasHorizontal: Bool
    /// Lane i: i times the per-pixel step of edge k's distance (k = 0...3), and of X, Y, W.
    var laneA0: SIMD8<Float>, laneA1: SIMD8<Float>, laneA2: SIMD8<Float>, laneA3: SIMD8<Float>
    var laneX: SIMD8<Float>, laneY: SIMD8<Float>, laneW: SIMD8<Float>
    /// The map's linear entries for the Jacobian.
    var j11: Float, j12: Float, j13: Float, j21: Float, j22: Float, j23: Float
    /// Half size − radius (the arc centres) and the radius, local units. Square corners: the
    /// half sizes are +∞, so no pixel is in a corner quadrant (as the general path).
    var innerHalfX: Float, innerHalfY: Float, radius: Float
    /// Device rows that may hold a pixel in a corner quadrant, per corner: row y is in
    /// corner k's range when y − arcRowLow[k] ≤ arcRowSpan[k] (unsigned: rows below low wrap
    /// around to large values); empty for square corners. Other rows skip the arc.
    var arcRowLow: SIMD4<UInt64>, arcRowSpan: SIMD4<UInt64>
    /// Arc rows: pixels with g_k(px) = midA[k]·px + midB[k]·py + midC[k] ≥ 0 for every k lie
    /// well inside |local x| ≤ innerHalfX with W > 0, so the arc formula gives them the
    /// edges' product: (h − δ)·W ∓ X ≥ 0 and W − ε ≥ 0 (lane 3: always true). δ dwarfs
    /// Float's error on X/W (below 10⁻³ local units, see above); `midInverseA` is 1/midA
    /// (0 where midA is 0).
    var midA: SIMD4<Double>, midB: SIMD4<Double>, midC: SIMD4<Double>, midInverseA: SIMD4<Double>
    /// Opacity × 255, and the opacity's 0...255 scale (what a fully covered pixel uses).
    var opacity255: Float, opacity8: UInt32
    var color: UInt32, interior: UInt32
    /// The constants above that CRasterKernels' solid rows need.
    var kernel = StrataProjectiveFill()

    /// The fast-path constants, or nil when the fill does not qualify: `edges` must be the
    /// shape's four sides in order (none lost to the eye plane), `inverse` normalised;
    /// `deviceCorners` are the shape's four corners in device space.
    init?(shape: RoundedRect, inverse: Projective, edges: UnsafeBufferPointer<LineEdge>,
          hardEdges: UnsafeBufferPointer<HardEdge>, deviceCorners: SIMD8<Double>,
          opacity: Double, opacity8: UInt32, solidColor: UInt32?) {
        guard let c = solidColor else { return nil }
        let r = shape.topLeft
        guard shape.topRight == r, shape.bottomRight == r, shape.bottomLeft == r, edges.count == 4 else { return nil }
        for k in 0..<4 where edges[k].side != UInt8(1 << k) { return nil }
        let midX = (shape.minX + shape.maxX) * 0.5, midY = (shape.minY + shape.maxY) * 0.5
        let halfX = (shape.maxX - shape.minX) * 0.5, halfY = (shape.maxY - shape.minY) * 0.5
        let m = inverse
        // Float carries lane offsets of values bounded by the device size (see above), and W
        // over the shape (linear in the device point, so extreme at a corner) must stay far
        // from 0 relative to its largest value, so that Float's X/W and Y/W stay accurate.
        let cx4 = SIMD4(deviceCorners[0], deviceCorners[2], deviceCorners[4], deviceCorners[6])
        let cy4 = SIMD4(deviceCorners[1], deviceCorners[3], deviceCorners[5], deviceCorners[7])
        let w4 = cx4 * m.m13 + cy4 * m.m23 + m.m33
        let wMin = w4.min(), wMax = w4.max()
        guard cx4.max() - cx4.min() <= 8192, cy4.max() - cy4.min() <= 8192, wMin > 0.05 * wMax, wMax.isFinite
        else { return nil }
        map = Projective(m11: m.m11 - midX * m.m13, m12: m.m12 - midY * m.m13, m13: m.m13,
                         m21: m.m21 - midX * m.m23, m22: m.m22 - midY * m.m23, m23: m.m23,
                         m31: m.m31 - midX * m.m33, m32: m.m32 - midY * m.m33, m33: m.m33)
        guard map.isFinite else { return nil }
        let e = Self.edgeConstants(edges)
        edgeA = e.a; edgeB = e.b; edgeC = e.c; outC = e.outC; inC = e.inC; slope = e.slope; outSign = e.outSign
        hasHorizontal = e.hasHorizontal
        rising = outSign .> 0
        let lane = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
        @inline(__always) func lanes(_ v: Double) -> SIMD8<Float> { SIMD8<Float>(lane * v) }
        laneA0 = lanes(edgeA[0]); laneA1 = lanes(edgeA[1]); laneA2 = lanes(edgeA[2]); laneA3 = lanes(edgeA[3])
        laneX = lanes(map.m11); laneY = lanes(map.m12); laneW = lanes(map.m13)
        j11 = Float(map.m11); j12 = Float(map.m12); j13 = Float(map.m13)
        j21 = Float(map.m21); j22 = Float(map.m22); j23 = Float(map.m23)
        innerHalfX = r > 0 ? Float(halfX - r) : .infinity; innerHalfY = r > 0 ? Float(halfY - r) : .infinity
        radius = Float(r)
        // Pixel-centre rows per corner (lane k spans cornerLow[k]...cornerHigh[k]).
        var cornerLow = SIMD4<Double>(repeating: .infinity), cornerHigh = SIMD4<Double>(repeating: -.infinity)
        if r > 0 {
            guard let rows = projectiveCornerRows(shape: shape, radius: r, inverse: m, edges: edges, hardEdges: hardEdges)
            else { return nil }
            (cornerLow, cornerHigh) = rows
        }
        (arcRowLow, arcRowSpan) = Self.arcRows(low: cornerLow, high: cornerHigh)
        (midA, midB, midC, midInverseA) = Self.middle(map, radius: r, halfX: halfX, halfY: halfY, wMin: wMin, wMax: wMax)
        opacity255 = Float(opacity * 255)
        self.opacity8 = opacity8
        color = c; interior = mul255(c, opacity8)
        fillKernel()
    }

    /// Each edge's distance constants (lane k = edge k; c + 0.5) and its outer and inner
    /// range solve: d(x) = a·(x + 0.5) + b·py + c = −0.5 ⇔ x = (−0.5 − c)/a − 0.5 − (b/a)·py.
    /// Horizontal edges bound no column (±10¹⁸) and set `hasHorizontal`.
    private static func edgeConstants(_ edges: UnsafeBufferPointer<LineEdge>)
        -> (a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, outC: SIMD4<Double>, inC: SIMD4<Double>,
            slope: SIMD4<Double>, outSign: SIMD4<Double>, hasHorizontal: Bool) {
        var edgeA = SIMD4<Double>.zero, edgeB = SIMD4<Double>.zero, edgeC = SIMD4<Double>.zero
        var outC = SIMD4<Double>.zero, inC = SIMD4<Double>.zero, slope = SIMD4<Double>.zero, outSign = SIMD4<Double>.zero
        var hasHorizontal = false
        for k in 0..<4 {
            let e = edges[k]
            edgeA[k] = e.a; edgeB[k] = e.b; edgeC[k] = e.c + 0.5
            if e.inverseA == 0 {
                outC[k] = -1e18; inC[k] = -1e18; outSign[k] = 1
                hasHorizontal = true
            } else {
                outC[k] = (-0.5 - e.c) * e.inverseA - 0.5
                inC[k] = (0.5 - e.c) * e.inverseA - 0.5
                slope[k] = -e.b * e.inverseA
                outSign[k] = e.a > 0 ? 1 : -1
            }
        }
        return (edgeA, edgeB, edgeC, outC, inC, slope, outSign, hasHorizontal)
    }

    /// `arcRowLow` and `arcRowSpan` from each corner's pixel-centre rows `low[k]...high[k]`.
    private static func arcRows(low: SIMD4<Double>, high: SIMD4<Double>) -> (SIMD4<UInt64>, SIMD4<UInt64>) {
        // Row y is in range k when y + 0.5 ≥ cornerLow[k] and y + 0.5 ≤ cornerHigh[k]: the
        // same test as on Doubles, solved for the first and last such y.
        var arcRowLow = SIMD4<UInt64>(repeating: 0), arcRowSpan = SIMD4<UInt64>(repeating: 0)
        for k in 0..<4 {
            let lowY = low[k], highY = high[k]
            guard lowY <= highY, lowY < 1e9, highY > -1e9 else {
                // Never: y − low wraps to ≥ 2⁶² for every row y in ±2³¹.
                arcRowLow[k] = UInt64(bitPattern: -(1 << 62)); arcRowSpan[k] = 0
                continue
            }
            // (Beyond ±10⁹ rows, the clamped end stands for every row.)
            var first = -1_000_000_000, last = 1_000_000_000
            if lowY > -1e9 {
                first = floorClamped(lowY - 0.5)
                while Double(first) + 0.5 < lowY { first += 1 }
                while Double(first - 1) + 0.5 >= lowY { first -= 1 }
            }
            if highY < 1e9 {
                last = floorClamped(highY - 0.5)
                while Double(last) + 0.5 > highY { last -= 1 }
                while Double(last + 1) + 0.5 <= highY { last += 1 }
            }
            if first > last {
                arcRowLow[k] = UInt64(bitPattern: -(1 << 62)); arcRowSpan[k] = 0
            } else {
                arcRowLow[k] = UInt64(bitPattern: Int64(first)); arcRowSpan[k] = UInt64(last - first)
            }
        }
        return (arcRowLow, arcRowSpan)
    }

    /// `midA`, `midB`, `midC` and `midInverseA` for the centred `map` (see their comment);
    /// no middle (every chunk of an arc row takes the arc formula) when it degenerates.
    private static func middle(_ map: Projective, radius: Double, halfX: Double, halfY: Double, wMin: Double, wMax: Double)
        -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        let mm = map
        var midA: SIMD4<Double>, midB: SIMD4<Double>, midC: SIMD4<Double>, midInverseA: SIMD4<Double>
        let h = radius > 0 ? halfX - radius : 1e18
        let delta = 0.01 * (halfX + halfY + 1) + 8e-3 * (abs(mm.m11) + abs(mm.m12)) / wMin
        let hd = h - delta, eps = 1e-3 * wMax
        // (h − δ)·W − X, (h − δ)·W + X, W − ε; lane 3: 0·px + 0·py + 1.
        midA = SIMD4(hd * mm.m13 - mm.m11, hd * mm.m13 + mm.m11, mm.m13, 0)
        midB = SIMD4(hd * mm.m23 - mm.m21, hd * mm.m23 + mm.m21, mm.m23, 0)
        midC = SIMD4(hd * mm.m33 - mm.m31, hd * mm.m33 + mm.m31, mm.m33 - eps, 1)
        midInverseA = SIMD4(repeating: 0)
        for k in 0..<4 where midA[k] != 0 { midInverseA[k] = 1 / midA[k] }
        if !(hd > 0) || !(midA.min().isFinite && midB.min().isFinite && midC.min().isFinite
                          && midA.max().isFinite && midB.max().isFinite && midC.max().isFinite) {
            // No middle: every chunk of an arc row takes the arc formula.
            midA = .zero; midB = .zero; midC = SIMD4(repeating: -1); midInverseA = .zero
        }
        return (midA, midB, midC, midInverseA)
    }

    /// Copies the constants CRasterKernels' solid rows need into `kernel`.
    private mutating func fillKernel() {
        withUnsafeMutableBytes(of: &kernel.laneA) {
            for (k, lane) in [laneA0, laneA1, laneA2, laneA3].enumerated() {
                $0.storeBytes(of: lane, toByteOffset: k * 32, as: SIMD8<Float>.self)
            }
        }
        withUnsafeMutableBytes(of: &kernel.laneX) { $0.storeBytes(of: laneX, as: SIMD8<Float>.self) }
        withUnsafeMutableBytes(of: &kernel.laneY) { $0.storeBytes(of: laneY, as: SIMD8<Float>.self) }
        withUnsafeMutableBytes(of: &kernel.laneW) { $0.storeBytes(of: laneW, as: SIMD8<Float>.self) }
        kernel.edgeA = (edgeA[0], edgeA[1], edgeA[2], edgeA[3])
        kernel.m11 = map.m11; kernel.m12 = map.m12; kernel.m13 = map.m13
        kernel.j11 = j11; kernel.j12 = j12; kernel.j13 = j13; kernel.j21 = j21; kernel.j22 = j22; kernel.j23 = j23
        kernel.innerHalfX = innerHalfX; kernel.innerHalfY = innerHalfY; kernel.radius = radius
        kernel.opacity255 = opacity255; kernel.opacity8 = opacity8
        kernel.color = color; kernel.interior = interior
    }

    /// Per-row constants: edge distances + 0.5 and the homogeneous local point at px = 0.
    struct Row {
        var e: SIMD4<Double>
        var x: Double, y: Double, w: Double
    }

    @inline(__always)
    func row(_ py: Double) -> Row {
        Row(e: edgeB * py + edgeC, x: map.m21 * py + map.m31, y: map.m22 * py + map.m32, w: map.m23 * py + map.m33)
    }

    /// Columns `lo..<hi` of row `py` whose pixels the arc formula gives the edges' product
    /// (see `midA`), less one pixel each side for rounding; may be empty.
    @inline(__always)
    func middleColumns(_ py: Double) -> (lo: Int, hi: Int) {
        let b = midB * py + midC
        // g(px) = a·px + b ≥ 0: px ≥ −b/a (a > 0), px ≤ −b/a (a < 0), b ≥ 0 (a = 0).
        let t = -b * midInverseA
        let zero = SIMD4<Double>(repeating: 0), far = SIMD4<Double>(repeating: 1e18)
        if any((midA .== zero) .& (b .< zero)) { return (0, 0) }
        let pl = maxLane(t.replacing(with: -far, where: .!(midA .> zero)))
        let pr = minLane(t.replacing(with: far, where: .!(midA .< zero)))
        // Pixel x's centre is x + 0.5: x ≥ pl − 0.5 and x ≤ pr − 0.5.
        return (floorClamped(pl - 0.5) &+ 2, floorClamped(pr - 0.5) &- 1)
    }

    /// Coverage (0...1, before opacity) of the eight pixels `x..<x+8` of a row.
    @inline(__always)
    func coverage8(_ row: Row, _ x: Int, arcs: Bool, lanes: Bool = vectorKernels) -> SIMD8<Float> {
        let px = Double(x) + 0.5
        // Scalar conversions: a SIMD4<Double> → SIMD4<Float> conversion here, or a branch
        // below, leads LLVM to mix the edges' lanes with the pixels' (3× the instructions).
        let ed = edgeA * px + row.e
        let e = SIMD4<Float>(Float(ed[0]), Float(ed[1]), Float(ed[2]), Float(ed[3]))
        let x0 = Float(map.m11 * px + row.x), y0 = Float(map.m12 * px + row.y), w0 = Float(map.m13 * px + row.w)
        if !lanes {
            // Unoptimised builds: the same Float arithmetic one lane at a time.
            var c = SIMD8<Float>(repeating: 0)
            for i in 0..<8 {
                c[i] = coverage1(arcs: arcs, e[0] + laneA0[i], e[1] + laneA1[i], e[2] + laneA2[i], e[3] + laneA3[i],
                                 x0 + laneX[i], y0 + laneY[i], w0 + laneW[i])
            }
            return c
        }
        let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
        // Edges: finite, so either clamp order will do.
        @inline(__always) func unit(_ v: SIMD8<Float>) -> SIMD8<Float> { min8(max8(v, zero), one) }
        let e0 = unit(SIMD8(repeating: e[0]) + laneA0), e1 = unit(SIMD8(repeating: e[1]) + laneA1)
        let e2 = unit(SIMD8(repeating: e[2]) + laneA2), e3 = unit(SIMD8(repeating: e[3]) + laneA3)
        let edges = (e0 * e1) * (e2 * e3)
        // A constant once inlined: a branch here would not be.
        if !arcs { return edges }
        let w = SIMD8(repeating: w0) + laneW
        let rw = one / w
        let qx = (SIMD8(repeating: x0) + laneX) * rw, qy = (SIMD8(repeating: y0) + laneY) * rw
        let ux = abs8(qx) - SIMD8(repeating: innerHalfX), uy = abs8(qy) - SIMD8(repeating: innerHalfY)
        let len = (ux * ux + uy * uy).squareRoot()
        // u with the signs of q: the point relative to its quadrant's arc centre.
        let sign = SIMD8<UInt32>(repeating: 0x8000_0000)
        let dx = unsafeBitCast(unsafeBitCast(ux, to: SIMD8<UInt32>.self) ^ (unsafeBitCast(qx, to: SIMD8<UInt32>.self) & sign),
                               to: SIMD8<Float>.self)
        let dy = unsafeBitCast(unsafeBitCast(uy, to: SIMD8<UInt32>.self) ^ (unsafeBitCast(qy, to: SIMD8<UInt32>.self) & sign),
                               to: SIMD8<Float>.self)
        let gx = dx * (SIMD8(repeating: j11) - qx * j13) + dy * (SIMD8(repeating: j12) - qy * j13)
        let gy = dx * (SIMD8(repeating: j21) - qx * j23) + dy * (SIMD8(repeating: j22) - qy * j23)
        let dist = (len - SIMD8(repeating: radius)) * len * w / (gx * gx + gy * gy).squareRoot()
        // 0/0 (a point at the arc's centre) is NaN: the clamp's order makes it 1 (inside).
        var arc = SIMD8<Float>(repeating: 0.5) - dist
        arc = one.replacing(with: arc, where: arc .< one)
        arc = zero.replacing(with: arc, where: zero .< arc)
        let farX = e3.replacing(with: e1, where: qx .< zero), farY = e0.replacing(with: e2, where: qy .< zero)
        let c = edges.replacing(with: arc * farX * farY, where: min8(ux, uy) .> zero)
        return zero.replacing(with: c, where: w .> zero)
    }

    /// `coverage8` for one lane (unoptimised builds).
    @inline(__always)
    func coverage1(arcs: Bool, _ d0: Float, _ d1: Float, _ d2: Float, _ d3: Float, _ x: Float, _ y: Float, _ w: Float) -> Float {
        @inline(__always) func unit(_ v: Float) -> Float { Swift.min(Swift.max(v, 0), 1) }
        let e0 = unit(d0), e1 = unit(d1), e2 = unit(d2), e3 = unit(d3)
        let edges = (e0 * e1) * (e2 * e3)
        guard arcs && innerHalfX.isFinite else { return edges }
        guard w > 0 else { return 0 }
        let rw = 1 / w
        let qx = x * rw, qy = y * rw
        let ux = abs(qx) - innerHalfX, uy = abs(qy) - innerHalfY
        guard Swift.min(ux, uy) > 0 else { return edges }
        let len = (ux * ux + uy * uy).squareRoot()
        let dx = qx < 0 ? -ux : ux, dy = qy < 0 ? -uy : uy
        let gx = dx * (j11 - qx * j13) + dy * (j12 - qy * j13)
        let gy = dx * (j21 - qx * j23) + dy * (j22 - qy * j23)
        let dist = (len - radius) * len * w / (gx * gx + gy * gy).squareRoot()
        let a = 0.5 - dist
        let arc = a.isNaN ? 1 : unit(a)
        return arc * (qx < 0 ? e1 : e3) * (qy < 0 ? e2 : e0)
    }

    /// The 0...255 scales of coverage × opacity, rounded as `alphaScale`; full coverage gives
    /// exactly `opacity8`, the interior's scale.
    @inline(__always)
    func scales(_ c: SIMD8<Float>, lanes: Bool = vectorKernels) -> SIMD8<UInt32> {
        coverageScales(c, opacity255: opacity255, opacity8: opacity8, lanes: lanes)
    }
}

/// What a projective fill's rows solve from, loaded once per band into locals (not through
/// the fill's pointer after every row's pixel stores).
struct ProjectiveRowSolve {
    let bx0: Int, bx1: Int
    let hard: Range<Int>
    let outC: SIMD4<Double>, inC: SIMD4<Double>, slope: SIMD4<Double>
    let rising: SIMDMask<SIMD4<Int64>>
    let hasHorizontal: Bool

    @inline(__always)
    init(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<ProjectiveFill>) {
        bx0 = f.pointee.bounds.x0; bx1 = f.pointee.bounds.x1
        hard = f.pointee.hardEdges
        outC = p.pointee.outC; inC = p.pointee.inC; slope = p.pointee.slope
        rising = p.pointee.rising
        hasHorizontal = p.pointee.hasHorizontal
    }
}

extension BandRasterizer {
    /// The arc rows of band `y0..<y1`: whether any row of it may hold a pixel in a corner
    /// quadrant, and the columns whose chunks take the edges-only coverage on every row of the
    /// band (each bound is monotone in the row, so the band's ends are its extremes).
    struct BandArcs { var any: Bool; var midLo: Int; var midHi: Int }

    @inline(__always)
    func bandArcs(_ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int) -> BandArcs {
        var arcs = BandArcs(any: bandHasArcRows(p, y0, y1), midLo: 0, midHi: 0)
        if arcs.any {
            let first = p.pointee.middleColumns(Double(y0) + 0.5), last = p.pointee.middleColumns(Double(y1 &- 1) + 0.5)
            arcs.midLo = Swift.max(first.lo, last.lo); arcs.midHi = Swift.min(first.hi, last.hi)
        }
        return arcs
    }

    /// Whether any row of band `y0..<y1` may hold a pixel in a corner quadrant.
    @inline(__always)
    func bandHasArcRows(_ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int) -> Bool {
        let arcRowLow = p.pointee.arcRowLow, arcRowSpan = p.pointee.arcRowSpan
        var any = false
        for k in 0..<4 {
            let first = Int64(bitPattern: arcRowLow[k]), last = first &+ Int64(bitPattern: arcRowSpan[k])
            if first <= Int64(y1 &- 1) && last >= Int64(y0) { any = true }
        }
        return any
    }

    /// Rows `y0..<y1` (inside the fill's bounds) of a fill on the projective fast path: the
    /// band's rows at once when they share their columns, else each row on its own.
    @inline(never)
    func renderProjective(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int) {
        let arcs = bandArcs(p, y0, y1)
        if !p.pointee.hasHorizontal && y1 &- y0 >= 2, let c = bandColumns(f, p, y0, y1) {
            projectiveBandRows(p, y0, y1, c, arcs)
        } else {
            projectiveRows(f, p, y0, y1, arcs)
        }
    }

    /// Rows `y0..<y1` of a band whose rows all have the same outer, inner and hard-edge
    /// columns `c`.
    @inline(__always)
    func projectiveBandRows(_ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int, _ c: (x0: Int, x1: Int, ix0: Int, ix1: Int),
                            _ arcs: BandArcs) {
        let arcRowLow = p.pointee.arcRowLow, arcRowSpan = p.pointee.arcRowSpan
        let color = p.pointee.color, interior = p.pointee.interior
        let bandHasArcRows = arcs.any, midLo = arcs.midLo, midHi = arcs.midHi
        // Every row of the band has the same outer, inner and hard-edge columns.
        if c.x0 >= c.x1 { return }
        // And usually the same rim coverage: then each row only blends.
        // Filled in place: returning an optional pair of rims copied its 161 bytes through
        // memcpy several times per band and fill in a baseline build (11 % of 3d's samples).
        var left = CachedRim(start: -1, inside: .init(repeating: false), scales: .zero), right = left
        let cached = bandRims(p, y0, y1, c, left: &left, right: &right)
        let color8 = SIMD8<UInt32>(repeating: color)
        for y in y0..<y1 {
            let rowPixels = pixels + y &* stride
            let yy = SIMD4<UInt64>(repeating: UInt64(truncatingIfNeeded: y))
            if bandHasArcRows && any((yy &- arcRowLow) .<= arcRowSpan) {
                let py = Double(y) + 0.5
                projectiveArcRow(p, p.pointee.row(py), rowPixels, c.x0, c.x1, midLo: midLo, midHi: midHi)
            } else if cached {
                // `strata_projective_rims_row`'s steps in its order, with the rims' scales known.
                if left.start >= 0 { blendCached(rowPixels, left, color8) }
                if c.ix0 < c.ix1 {
                    if c.ix1 &+ 7 <= stride { over_solid_padded(rowPixels + c.ix0, c.ix1 &- c.ix0, interior) } else {
                        over_solid(rowPixels + c.ix0, c.ix1 &- c.ix0, interior)
                    }
                }
                if right.start >= 0 { blendCached(rowPixels, right, color8) }
            } else {
                projectiveEdgeRow(p, p.pointee.row(Double(y) + 0.5), rowPixels, c.x0, c.ix0, c.ix1, c.x1)
            }
        }
    }

    /// Rows `y0..<y1`, each solved on its own: outer range and hard edges, then the arc walk
    /// or the edges-only walk between the rims and the exact inner range.
    @inline(__always)
    func projectiveRows(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int,
                        _ arcs: BandArcs) {
        let solve = ProjectiveRowSolve(f, p)
        let arcRowLow = p.pointee.arcRowLow, arcRowSpan = p.pointee.arcRowSpan
        let bandHasArcRows = arcs.any, midLo = arcs.midLo, midHi = arcs.midHi
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            let (x0, x1) = projectiveOuterRange(solve, py)
            if x0 >= x1 { continue }
            let r = p.pointee.row(py)
            let rowPixels = pixels + y &* stride
            // Row y may hold a pixel in corner k's quadrant when y − low[k] ≤ span[k] unsigned.
            let yy = SIMD4<UInt64>(repeating: UInt64(truncatingIfNeeded: y))
            // Only in a band that has arc rows (exactly the rows this test admits; the unsigned
            // 64-bit compare is some 35 instructions per row in a baseline build).
            if bandHasArcRows && any((yy &- arcRowLow) .<= arcRowSpan) {
                projectiveArcRow(p, r, rowPixels, x0, x1, midLo: midLo, midHi: midHi)
            } else {
                let (ix0, ix1) = projectiveInnerRange(solve, p, r, py, x0, x1)
                projectiveEdgeRow(p, r, rowPixels, x0, ix0, ix1, x1)
            }
        }
    }

    /// Row `py`'s outer range after the hard edges: pixels with d > −0.5 for every edge
    /// (boundary pixels have coverage 0 within rounding, and the walk computes theirs anyway).
    /// Edges bounding from the left (rising) give floor(t) + 1, from the right ceil(t): the
    /// floor of the extreme t, as floor is monotone. Empty (x0 ≥ x1) when the row draws nothing.
    @inline(__always)
    func projectiveOuterRange(_ s: ProjectiveRowSolve, _ py: Double) -> (x0: Int, x1: Int) {
        let far = SIMD4<Double>(repeating: 1e18)
        let tOut = s.outC + s.slope * py
        var x0 = Swift.max(s.bx0, floorClamped(maxLane(tOut.replacing(with: -far, where: .!s.rising))) &+ 1)
        var x1 = Swift.min(s.bx1, 0 &- floorClamped(-minLane(tOut.replacing(with: far, where: s.rising))))
        if x0 >= x1 { return (x0, x1) }
        for k in s.hard {
            (x0, x1) = hardInterval(hardEdges + k, py, x0, x1)
            if x0 >= x1 { break }
        }
        return (x0, x1)
    }

    /// Row `py`'s fully covered pixels with no corner in the row: the edges' inner range,
    /// solved exactly (ceil(t + 10⁻⁹) from the left, floor(t − 10⁻⁹) + 1 from the right),
    /// clamped into `x0..<x1`. Only the rims between it and the outer range compute coverage
    /// (none where a hard edge bounds the row, as at most piece boundaries).
    @inline(__always)
    func projectiveInnerRange(_ s: ProjectiveRowSolve, _ p: UnsafePointer<ProjectiveFill>, _ r: ProjectiveFill.Row,
                              _ py: Double, _ x0: Int, _ x1: Int) -> (ix0: Int, ix1: Int) {
        let far = SIMD4<Double>(repeating: 1e18)
        let tIn = s.inC + s.slope * py
        var ix0 = 0 &- floorClamped(-maxLane(tIn.replacing(with: -far, where: .!s.rising)) - 1e-9)
        var ix1 = floorClamped(minLane(tIn.replacing(with: far, where: s.rising)) - 1e-9) &+ 1
        if s.hasHorizontal {
            for k in 0..<4 where p.pointee.edgeA[k] == 0 && r.e[k] < 1 { ix1 = ix0 }
        }
        ix0 = Swift.min(Swift.max(ix0, x0), x1); ix1 = Swift.min(Swift.max(ix1, ix0), x1)
        return (ix0, ix1)
    }

    /// An arc row `x0..<x1`: walks from both ends, eight pixels at a time, until a chunk is
    /// fully covered; chunks inside `midLo..<midHi` take the edges-only coverage. The walk is
    /// CRasterKernels' (AVX2 where the CPU has it), on every architecture and in every build:
    /// there is no Swift twin that the tests would not run.
    @inline(__always)
    func projectiveArcRow(_ p: UnsafePointer<ProjectiveFill>, _ r: ProjectiveFill.Row, _ row: UnsafeMutablePointer<UInt32>,
                          _ x0: Int, _ x1: Int, midLo: Int, midHi: Int) {
        var kr = StrataProjectiveRow(e: (r.e[0], r.e[1], r.e[2], r.e[3]), x: r.x, y: r.y, w: r.w)
        strata_projective_walk_row(kernel(p), &kr, row, stride, x0, x1, midLo, midHi)
    }

    /// A row with no corner pixel whose coverage is 1 on `ix0..<ix1`: edges-only coverage on
    /// the rims, the constant kernel between (in CRasterKernels, as `projectiveArcRow`).
    @inline(__always)
    func projectiveEdgeRow(_ p: UnsafePointer<ProjectiveFill>, _ r: ProjectiveFill.Row, _ row: UnsafeMutablePointer<UInt32>,
                           _ x0: Int, _ ix0: Int, _ ix1: Int, _ x1: Int) {
        var kr = StrataProjectiveRow(e: (r.e[0], r.e[1], r.e[2], r.e[3]), x: r.x, y: r.y, w: r.w)
        strata_projective_rims_row(kernel(p), &kr, row, stride, x0, ix0, ix1, x1)
    }

    /// The C constants inside a fill, in place.
    @inline(__always)
    func kernel(_ p: UnsafePointer<ProjectiveFill>) -> UnsafePointer<StrataProjectiveFill> {
        (UnsafeRawPointer(p) + MemoryLayout<ProjectiveFill>.offset(of: \.kernel)!).assumingMemoryBound(to: StrataProjectiveFill.self)
    }

    /// The columns every row `y0..<y1` of a band would compute (outer range `x0..<x1` after
    /// the hard edges, inner range `ix0..<ix1`, as the row loop clamps them), or nil when
    /// some row may differ. Each lane's column is a monotone function of the row (a floor
    /// of `c + slope·py` or of `−(b·py + c)/a − 0.5`, each operation rounded monotonically),
    /// so a lane whose first and last rows agree is constant over the band, and a lane whose
    /// extreme never passes the constant bound never decides: then no row can differ. Hard
    /// edges must be decided by `HardEdge.decidedCrossing` at both ends with the same column;
    /// by monotonicity every row between does too. Horizontal edges: not handled (nil).
    @inline(__always)
    func bandColumns(_ f: UnsafePointer<PreparedFill>, _ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int)
        -> (x0: Int, x1: Int, ix0: Int, ix1: Int)? {
        let pyF = Double(y0) + 0.5, pyL = Double(y1 &- 1) + 0.5
        let outC = p.pointee.outC, inC = p.pointee.inC, slope = p.pointee.slope, sign = p.pointee.outSign
        let rising = p.pointee.rising
        // Rising lanes bound from the left: floor(t) + 1 (outer), −floor(−t − 10⁻⁹) (inner);
        // falling lanes from the right: −floor(−t) (outer), floor(t − 10⁻⁹) + 1 (inner).
        let oF = floor4((outC + slope * pyF) * sign), oL = floor4((outC + slope * pyL) * sign)
        let iF = floor4((inC + slope * pyF) * -sign - 1e-9), iL = floor4((inC + slope * pyL) * -sign - 1e-9)
        let one = SIMD4<Int64>(repeating: 1), zero = SIMD4<Int64>(repeating: 0)
        // Lower bounds (max): lane value at the first/last row; upper bounds (min) likewise.
        let outLoF = oF &+ one, outLoL = oL &+ one, outHiF = zero &- oF, outHiL = zero &- oL
        let inLoF = zero &- iF, inLoL = zero &- iL, inHiF = iF &+ one, inHiL = iL &+ one
        var x0 = Int64(f.pointee.bounds.x0), x1 = Int64(f.pointee.bounds.x1)
        var ix0 = Int64.min, ix1 = Int64.max
        for k in 0..<4 where rising[k] && outLoF[k] == outLoL[k] { x0 = Swift.max(x0, outLoF[k]) }
        for k in 0..<4 where !rising[k] && outHiF[k] == outHiL[k] { x1 = Swift.min(x1, outHiF[k]) }
        for k in 0..<4 where rising[k] && outLoF[k] != outLoL[k] {
            if Swift.max(outLoF[k], outLoL[k]) > x0 { return nil }
        }
        for k in 0..<4 where !rising[k] && outHiF[k] != outHiL[k] {
            if Swift.min(outHiF[k], outHiL[k]) < x1 { return nil }
        }
        var lo = Int(truncatingIfNeeded: x0), hi = Int(truncatingIfNeeded: x1)
        if lo >= hi { return (lo, hi, lo, lo) }
        for k in f.pointee.hardEdges {
            let e = hardEdges + k
            // Decided the same on the first and last rows: on every row between too.
            guard e.pointee.a != 0, let first = e.pointee.decidedCrossing(pyF), e.pointee.decidedCrossing(pyL) == first
            else { return nil }
            if e.pointee.a > 0 { lo = Swift.max(lo, first) } else { hi = Swift.min(hi, first) }
        }
        if lo >= hi { return (lo, hi, lo, lo) }
        // Inner range, clamped as the row loop does: ix0 ∈ [lo, hi], ix1 ∈ [ix0, hi].
        for k in 0..<4 where rising[k] && inLoF[k] == inLoL[k] { ix0 = Swift.max(ix0, inLoF[k]) }
        for k in 0..<4 where !rising[k] && inHiF[k] == inHiL[k] { ix1 = Swift.min(ix1, inHiF[k]) }
        ix0 = Swift.max(ix0, Int64(lo))
        for k in 0..<4 where rising[k] && inLoF[k] != inLoL[k] {
            if Swift.max(inLoF[k], inLoL[k]) > ix0 { return nil }
        }
        let ilo = Swift.min(Int(truncatingIfNeeded: ix0), hi)
        ix1 = Swift.min(ix1, Int64(hi))
        for k in 0..<4 where !rising[k] && inHiF[k] != inHiL[k] {
            if Swift.min(inHiF[k], inHiL[k]) < ix1 { return nil }
        }
        let ihi = Swift.min(Swift.max(Int(truncatingIfNeeded: ix1), ilo), hi)
        return (lo, hi, ilo, ihi)
    }

    /// One rim chunk of a band whose coverage is the same on every row: the eight pixels
    /// from `start` (−1: no rim), blended where `inside`, with `scales`.
    struct CachedRim {
        var start: Int
        var inside: SIMDMask<SIMD8<Int32>>
        var scales: SIMD8<UInt32>
    }

    /// The rims `x0..<ix0` and `ix1..<x1` of a band's non-arc rows (columns `c`, the same on
    /// every row), when each fits one chunk of eight and its coverage is the same on every
    /// row, written to `left` and `right`; else false. `strata_projective_rims_row` blends a rim of n < 8 pixels with the chunk
    /// at min(x, stride − 8), of exactly 8 with the chunk at x. Coverage is a product of
    /// the four clamped edge values; edge k's value in a lane is the same on every row when
    /// the edge is vertical (b = 0: the row adds exactly 0), or when it is clamped to 0 or
    /// to 1 on the band's first and last rows: the unclamped value, `Float(a·px + (b·py + c))
    /// + lane`, is monotone in py (each operation rounds monotonically), so it stays on that
    /// side of the clamp in every row between.
    @inline(__always)
    func bandRims(_ p: UnsafePointer<ProjectiveFill>, _ y0: Int, _ y1: Int, _ c: (x0: Int, x1: Int, ix0: Int, ix1: Int),
                  left: inout CachedRim, right: inout CachedRim) -> Bool {
        guard stride >= 8 else { return false }
        let first = p.pointee.row(Double(y0) + 0.5), last = p.pointee.row(Double(y1 &- 1) + 0.5)
        @inline(__always) func rim(_ a: Int, _ b: Int) -> CachedRim? {
            let n = b &- a
            if n <= 0 { return CachedRim(start: -1, inside: .init(repeating: false), scales: .zero) }
            if n > 8 { return nil }
            let start = n == 8 ? a : Swift.min(a, stride &- 8)
            let px = Double(start) + 0.5
            let lanes = (p.pointee.laneA0, p.pointee.laneA1, p.pointee.laneA2, p.pointee.laneA3)
            for k in 0..<4 where p.pointee.edgeB[k] != 0 {
                let lane = k == 0 ? lanes.0 : k == 1 ? lanes.1 : k == 2 ? lanes.2 : lanes.3
                let a = p.pointee.edgeA[k]
                let vF = SIMD8(repeating: Float(a * px + first.e[k])) + lane
                let vL = SIMD8(repeating: Float(a * px + last.e[k])) + lane
                let one = SIMD8<Float>(repeating: 1), zero = SIMD8<Float>(repeating: 0)
                // Every lane ≥ 1 at both ends, or ≤ 0 at both ends.
                let same = (vF .>= one) .& (vL .>= one) .| (vF .<= zero) .& (vL .<= zero)
                if !all(same) { return nil }
            }
            let scales = p.pointee.scales(p.pointee.coverage8(first, start, arcs: false))
            let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &- Int32(truncatingIfNeeded: a &- start)
            return CachedRim(start: start, inside: (lane .>= 0) .& (lane .< Int32(truncatingIfNeeded: n)), scales: scales)
        }
        guard let l = rim(c.x0, c.ix0), let r = rim(c.ix1, c.x1) else { return false }
        left = l
        right = r
        return true
    }

    /// Blends a cached rim chunk into a row.
    @inline(__always)
    func blendCached(_ row: UnsafeMutablePointer<UInt32>, _ r: CachedRim, _ color8: SIMD8<UInt32>) {
        let d = load8(row + r.start)
        store8(d.replacing(with: overx8(mul255x8(color8, spread: spread(r.scales)), d), where: r.inside), row + r.start)
    }
}
