// The fast path for the overwhelmingly common fill: a rounded rect with one radius at every
// corner (0 included), mapped to the device by a similarity (rotation, uniform scale,
// reflection, translation), with no hard edges and no clip shapes. Its coverage is then a
// pure function of the pixel centre's local position, measured in device pixels from the
// shape's centre (q = |p| − (half − r)):
//
//   in a corner quadrant (q.x > 0 and q.y > 0, r > 0):  clamp(0.5 − (|q| − r))
//   elsewhere:  clamp(0.5 − (q.x − r)) · clamp(0.5 − (q.y − r))
//
// which is what the general path computes (the arc's distance in a corner quadrant, the
// product of the straight edges elsewhere) as long as the shape is at least one device pixel
// across, so that the far sides never reduce the coverage of a pixel the near side touches.
// It runs eight pixels at a time in Float: local coordinates relative to the centre are small
// (half sizes of at most 8192 px, checked in `init`), so Float's 2⁻²⁴ relative error stays
// below 5·10⁻⁴ px — at most one 8-bit step, and only where a value lies on a rounding boundary.
//
// Rows need no corner maths: the fully covered set is convex, so along a row it is one
// interval. Walking in from each end of the row's outer range eight pixels at a time (both
// ends in step while they cannot meet), blending as it goes, until a chunk ends (starts, from
// the right) fully covered, leaves an interior between the two walks that is fully covered:
// the constant-colour kernel paints it. A fully covered rim pixel gets exactly the interior's
// value, so where the walks stop changes nothing. Chunk positions depend only on the row's
// outer range, never on bands or threads.

import CRasterKernels

/// Per-fill constants of the similarity fast path.
struct SimilarityFill: Sendable {
    /// Local point (device pixels, relative to the shape's centre) of device point (0, 0),
    /// and its change per device pixel along x (`stepX*`) and along y (`stepY*`).
    var originX: Double, originY: Double
    var stepXx: Double, stepXy: Double, stepYx: Double, stepYy: Double
    /// Half size + 0.5 px: where |local x| or |local y| reaches it, coverage is 0.
    var extentX: Double, extentY: Double
    /// The row's outer range, as lanes (lo x, hi x, lo y, hi y) of the column where local x
    /// (y) crosses ∓extent, linear in the row's pixel centre py: `floor4(outerA + outerB · py)`
    /// is (x0 − 1, −x1) for the x axis, then for the y axis. An axis whose step along x is 0
    /// is constant along the row: its lanes give (−1e9, 1e9) and `zeroStepX`/`zeroStepY` says
    /// to test it once per row instead.
    var outerA: SIMD4<Double>, outerB: SIMD4<Double>
    var zeroStepX: Bool, zeroStepY: Bool
    /// Half size − radius (the arc centres), and radius + 0.5, in device pixels, in every lane.
    var innerHalfX: SIMD8<Float>, innerHalfY: SIMD8<Float>, radiusPlusHalf: SIMD8<Float>
    /// 0 when the corners are round: pixels with min(q.x, q.y) above it use the arc; +∞ else.
    var cornerThreshold: SIMD8<Float>
    /// Lane i: i · stepXx and i · stepXy.
    var laneX: SIMD8<Float>, laneY: SIMD8<Float>
    /// Opacity × 255, and the opacity's 0...255 scale (what a fully covered pixel uses).
    var opacity255: Float, opacity8: UInt32
    /// True when the paint is a solid colour: `color`, and `interior` (already × opacity).
    var isSolid: Bool
    var color: UInt32, interior: UInt32
    /// The constants above that CRasterKernels' solid row needs.
    var kernel = StrataSimilarityRow()

    /// The fast-path constants for a shape under an affine device → local map (m33 == 1),
    /// or nil when the fill does not qualify.
    init?(shape: RoundedRect, inverse: Projective, opacity: Double, opacity8: UInt32, solidColor: UInt32?) {
        let r = shape.topLeft
        guard shape.topRight == r, shape.bottomRight == r, shape.bottomLeft == r,
              inverse.isAffine, inverse.m33 == 1 else { return nil }
        let (m11, m12, m21, m22) = (inverse.m11, inverse.m12, inverse.m21, inverse.m22)
        let unitsPerPixel = (m11 * m11 + m12 * m12).squareRoot()
        guard unitsPerPixel > 0, unitsPerPixel.isFinite else { return nil }
        let tolerance = 1e-12 * unitsPerPixel
        guard (abs(m11 - m22) <= tolerance && abs(m12 + m21) <= tolerance)
                || (abs(m11 + m22) <= tolerance && abs(m12 - m21) <= tolerance) else { return nil }
        let ppu = 1 / unitsPerPixel
        let halfX = (shape.maxX - shape.minX) * 0.5 * ppu, halfY = (shape.maxY - shape.minY) * 0.5 * ppu
        let radius = r * ppu
        // At least one pixel across (see above), and small enough for Float.
        guard halfX >= 0.5, halfY >= 0.5, halfX <= 8192, halfY <= 8192, radius.isFinite else { return nil }
        let midX = (shape.minX + shape.maxX) * 0.5, midY = (shape.minY + shape.maxY) * 0.5
        originX = (inverse.m31 - midX) * ppu
        originY = (inverse.m32 - midY) * ppu
        guard originX.isFinite, originY.isFinite else { return nil }
        stepXx = m11 * ppu; stepXy = m12 * ppu; stepYx = m21 * ppu; stepYy = m22 * ppu
        extentX = halfX + 0.5; extentY = halfY + 0.5
        zeroStepX = stepXx == 0; zeroStepY = stepXy == 0
        // Each end is (edge − mask · row's local point) · scale − 0.5, the row's local point
        // being origin + stepY · py.
        var rangeEdge = SIMD4<Double>.zero, rangeScale = SIMD4<Double>.zero, rowMask = SIMD4<Double>.zero
        for (lane, step, extent) in [(0, stepXx, extentX), (2, stepXy, extentY)] {
            if step == 0 {
                rangeEdge[lane] = -1e9; rangeEdge[lane + 1] = 1e9
                rangeScale[lane] = 1; rangeScale[lane + 1] = 1
            } else {
                // Ordered so that lane `lane` is the low end whatever the step's sign.
                rangeEdge[lane] = step > 0 ? -extent : extent; rangeEdge[lane + 1] = -rangeEdge[lane]
                rangeScale[lane] = 1 / step; rangeScale[lane + 1] = 1 / step
                rowMask[lane] = 1; rowMask[lane + 1] = 1
            }
        }
        let flip = SIMD4<Double>(1, -1, 1, -1)
        let origin = SIMD4(originX, originX, originY, originY), stepY = SIMD4(stepYx, stepYx, stepYy, stepYy)
        outerA = flip * ((rangeEdge - rowMask * origin) * rangeScale - 0.5)
        outerB = -flip * rowMask * stepY * rangeScale
        guard outerA[0].isFinite, outerA[1].isFinite, outerA[2].isFinite, outerA[3].isFinite,
              outerB[0].isFinite, outerB[1].isFinite, outerB[2].isFinite, outerB[3].isFinite else { return nil }
        innerHalfX = SIMD8(repeating: Float(halfX - radius)); innerHalfY = SIMD8(repeating: Float(halfY - radius))
        radiusPlusHalf = SIMD8(repeating: Float(radius + 0.5))
        cornerThreshold = SIMD8(repeating: radius > 0 ? 0 : .infinity)
        laneX = .zero; laneY = .zero
        for i in 0..<8 {
            laneX[i] = Float(stepXx * Double(i)); laneY[i] = Float(stepXy * Double(i))
        }
        opacity255 = Float(opacity * 255)
        self.opacity8 = opacity8
        if let c = solidColor {
            isSolid = true; color = c; interior = mul255(c, opacity8)
        } else {
            isSolid = false; color = 0; interior = 0
        }
        withUnsafeMutableBytes(of: &kernel.laneX) { $0.storeBytes(of: laneX, as: SIMD8<Float>.self) }
        withUnsafeMutableBytes(of: &kernel.laneY) { $0.storeBytes(of: laneY, as: SIMD8<Float>.self) }
        kernel.innerHalfX = innerHalfX[0]; kernel.innerHalfY = innerHalfY[0]
        kernel.radiusPlusHalf = radiusPlusHalf[0]; kernel.cornerThreshold = cornerThreshold[0]
        kernel.opacity255 = opacity255; kernel.opacity8 = opacity8
        kernel.color = color; kernel.interior = interior
        kernel.stepXx = stepXx; kernel.stepXy = stepXy
    }
}

extension BandRasterizer {
    /// Rows `y0..<y1` (inside the fill's bounds) of a fill on the similarity fast path.
    @inline(never)
    func renderSimilarity(_ f: UnsafePointer<PreparedFill>, _ s: UnsafePointer<SimilarityFill>, _ y0: Int, _ y1: Int) {
        let g = s.pointee
        let bx0 = f.pointee.bounds.x0, bx1 = f.pointee.bounds.x1
        // The outer range of row y: |local x| < extentX and |local y| < extentY at the pixel
        // centre, each an interval of x (pixels strictly inside). Pixels on its boundary have
        // coverage 0 within rounding. All four ends at once, without branches.
        @inline(__always) func range(_ y: Int) -> (Int, Int) {
            let py = Double(y) + 0.5
            let rowX = g.originX + g.stepYx * py, rowY = g.originY + g.stepYy * py
            if g.zeroStepX && !(abs(rowX) < g.extentX) { return (0, 0) }
            if g.zeroStepY && !(abs(rowY) < g.extentY) { return (0, 0) }
            let ends = floor4(g.outerA + g.outerB * py)
            return (Swift.max(bx0, Int(truncatingIfNeeded: Swift.max(ends[0], ends[2])) &+ 1),
                    Swift.min(bx1, 0 &- Int(truncatingIfNeeded: Swift.max(ends[1], ends[3]))))
        }
        // The next row's range is computed before this row's work, so that it is not held up
        // behind the work's mispredicted branches.
        var next = range(y0)
        for y in y0..<y1 {
            let (x0, x1) = next
            if y &+ 1 < y1 { next = range(y &+ 1) }
            if x0 >= x1 { continue }
            let py = Double(y) + 0.5
            let rowX = g.originX + g.stepYx * py, rowY = g.originY + g.stepYy * py
            let row = pixels + y &* stride
            if g.isSolid {
                similarityRowSolid(s, row, rowX, rowY, x0, x1)
            } else {
                similarityRowPaint(f, s, row, y, rowX, rowY, x0, x1)
            }
        }
    }

    /// One row of a solid fill: walks from both ends, blending eight pixels per step, then
    /// the constant kernel for the interior between the walks.
    @inline(__always)
    func similarityRowSolid(_ s: UnsafePointer<SimilarityFill>, _ row: UnsafeMutablePointer<UInt32>,
                            _ rowX: Double, _ rowY: Double, _ x0: Int, _ x1: Int) {
        // The walks run in CRasterKernels (AVX2 where the CPU has it) on every architecture
        // and in every build, so that the tests run the code that ships.
        let kernel = (UnsafeRawPointer(s) + MemoryLayout<SimilarityFill>.offset(of: \.kernel)!)
            .assumingMemoryBound(to: StrataSimilarityRow.self)
        strata_similarity_row_solid(kernel, row, rowX, rowY, x0, x1)
    }

    /// One row of a fill with any other paint: the same walks write coverage scales into the
    /// coverage row, the interior gets the opacity's scale, and the paint's kernel runs once.
    @inline(__always)
    func similarityRowPaint(_ f: UnsafePointer<PreparedFill>, _ s: UnsafePointer<SimilarityFill>,
                            _ row: UnsafeMutablePointer<UInt32>, _ y: Int,
                            _ rowX: Double, _ rowY: Double, _ x0: Int, _ x1: Int) {
        // The walks in CRasterKernels (see `similarityRowSolid`).
        let kernel = (UnsafeRawPointer(s) + MemoryLayout<SimilarityFill>.offset(of: \.kernel)!)
            .assumingMemoryBound(to: StrataSimilarityRow.self)
        strata_similarity_row_scales(kernel, coverage, rowX, rowY, x0, x1)
        paintSpan(f, row, y, x0, x1, coverage: UnsafePointer(coverage), room: (x0, stride &- x1))
    }
}
