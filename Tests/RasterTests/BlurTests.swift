import Testing
@testable import Raster

@Test func boxWidthsAddUpToTheGaussianVariance() {
    for sigma in [1.0, 2.5, 4, 10, 33] {
        let widths = boxWidths(sigma: sigma)
        let variance = widths.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
        // Box widths are odd integers, so the variance lands within one step of σ².
        #expect(abs(variance - sigma * sigma) <= 2 * sigma + 1, "σ \(sigma): \(widths)")
    }
}

@Test func blurSpreadsAPointSymmetricallyAndKeepsItsMass() {
    let s = Surface(width: 31, height: 31)
    s[15, 15] = 0xFFFF_FFFF
    blur(s, radius: 3, threads: 2)
    var mass = 0
    for y in 0..<31 { for x in 0..<31 { mass += Int(s[x, y] >> 24) } }
    #expect(abs(mass - 255) < 60)  // per-pass rounding of tiny values loses or gains a little
    #expect(s[15, 15] >> 24 > s[17, 15] >> 24)
    #expect(s[13, 15] == s[17, 15] && s[15, 13] == s[15, 17])
    // Premultiplied stays valid: colour channels never exceed alpha.
    #expect(pixels(s).allSatisfy { ($0 >> 16) & 255 <= $0 >> 24 })
}

@Test func blurKeepsFlatInteriorAndFadesAtTheBorder() {
    let s = Surface(width: 40, height: 40)
    s.clear(0xFF80_4020)
    blur(s, radius: 2, threads: 2)
    #expect(s[20, 20] == 0xFF80_4020)
    #expect(s[0, 20] >> 24 < 200)  // transparent black beyond the edge bleeds in
}

@Test func blurIsThreadIndependentAndIgnoresBadRadii() {
    let a = Surface(width: 70, height: 20), b = Surface(width: 70, height: 20)
    for s in [a, b] {
        for x in 0..<70 { s[x, x % 20] = 0xFF00_FF00 }
    }
    blur(a, radius: 4, threads: 1)
    blur(b, radius: 4, threads: 2)
    #expect(pixels(a) == pixels(b))
    let before = pixels(a)
    blur(a, radius: 0, threads: 2)
    blur(a, radius: .nan, threads: 2)
    blur(a, radius: -3, threads: 2)
    #expect(pixels(a) == before)
}
