import Testing
@testable import Raster

/// An edge that starts within 2⁻²² above the last row's end (y = 96 − 10⁻⁹ on a 96-row
/// surface, 96 a multiple of the 16-row bands): `floorInt` rounds its start to 96, a band past
/// the last, which trapped in `appendPathEdges` (fuzz seeds 2000231 and 3006862). It is
/// walked in the last row instead: the quad fills like the same quad ending at 96 exactly.
@Test func anEdgeStartingJustAboveTheLastRowEndFills() {
    let nearly = 96 - 1e-9
    let s = Surface(width: 32, height: 96), exact = Surface(width: 32, height: 96)
    execute([whiteFill(polygonPath([SIMD2(0, 50), SIMD2(10, nearly), SIMD2(20, 100), SIMD2(30, 50)]))], on: s, threads: 1)
    execute([whiteFill(polygonPath([SIMD2(0, 50), SIMD2(10, 96), SIMD2(20, 100), SIMD2(30, 50)]))], on: exact, threads: 1)
    #expect(s[10, 60] == 0xFFFF_FFFF)
    #expect(s[10, 95] == exact[10, 95])
    for y in [49, 50, 70, 95] { for x in [0, 9, 15, 29] { #expect(s[x, y] == exact[x, y], "\(x), \(y)") } }
}
