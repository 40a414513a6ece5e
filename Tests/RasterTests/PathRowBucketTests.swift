import Testing
@testable import Raster
import Glibc

// Paths are bucketed 16 rows at a time and each edge walked through its rows there
// (`renderPath`). Rows are found with floorInt/ceilInt, which round values within 2⁻²² of an
// integer to it, so an edge that short just below or above a row boundary must still land in
// a bucket (it once gave an empty row range and trapped).

@Test func edgesShorterThanTheRowRoundingAreBucketed() {
    // An L shape whose step is a slanted edge 10⁻¹³ px tall just below row `top`'s upper
    // boundary (floorInt(y0) = top, ceilInt(y1) = top), below the path's first row; once at
    // row 5, once at 16 (a band boundary).
    for top in [5.0, 16.0] {
        let path = polygonPath([SIMD2(2, top - 3), SIMD2(12, top - 3), SIMD2(12, top + 1e-13), SIMD2(7, top + 2e-13),
                                SIMD2(7, top + 4), SIMD2(2, top + 4)])
        let s = Surface(width: 16, height: 24)
        execute([whiteFill(path)], on: s, threads: 1)
        let y = Int(top)
        // Above the step the full width, below it the left part; the step's own sliver of
        // height is far below one 8-bit step.
        #expect(s[6, y - 2] == 0xFFFF_FFFF && s[10, y - 1] == 0xFFFF_FFFF)
        #expect(s[6, y] == 0xFFFF_FFFF && s[6, y + 3] == 0xFFFF_FFFF)
        #expect(s[10, y] == 0 && s[8, y + 2] == 0 && s[6, y + 4] == 0 && s[6, y - 4] == 0)
    }
}

@Test func rowBucketsDrawWhatBandBucketsDraw() {
    // The same star drawn alone and inside a path with 2²⁰+ edge rows (once bucketed row by row
    // and by bands of rows respectively; both by bands now), compared where the small star lies.
    var star: [SIMD2<Double>] = []
    for j in 0..<10 {
        let phi = -Double.pi / 2 + Double(j) * Double.pi / 5, r = j % 2 == 0 ? 30.0 : 12.0
        star.append(SIMD2(40 + r * cos(phi), 40 + r * sin(phi)))
    }
    let small = Surface(width: 80, height: 80), large = Surface(width: 80, height: 80)
    execute([whiteFill(polygonPath(star))], on: small, threads: 1)
    // Plus 7000 thin vertical slivers far right, each spanning every row: over 2²⁰ entries in
    // all, outside the compared area (x ≥ 100, clipped away by the surface).
    var p = polygonPath(star)
    for k in 0..<7000 {
        let x = 100 + Double(k) * 0.01
        p.move(to: SIMD2(x, -200)); p.line(to: SIMD2(x + 0.001, -200)); p.line(to: SIMD2(x, 280)); p.close()
    }
    execute([whiteFill(p)], on: large, threads: 1)
    #expect(pixels(small) == pixels(large))
}
