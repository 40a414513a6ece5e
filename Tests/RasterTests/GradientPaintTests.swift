import Testing
@testable import Raster

// Gradients through the painter: hand-computed ramps, banding, pad behaviour, and the radial
// and conic geometries against the reference.

private func fillRect(_ w: Int, _ h: Int, _ paint: Paint, opacity: Float = 1) -> Surface {
    let s = Surface(width: w, height: h)
    execute([FillCommand(path: PathGeometry(rect: 0, 0, Double(w), Double(h)), rule: .nonZero, localToDevice: .identity,
                         paint: paint, opacity: opacity)], on: s, threads: 2)
    return s
}

private let black = SIMD4<Float>(0, 0, 0, 1), white = SIMD4<Float>(1, 1, 1, 1)

@Test func linearRampIsWithinOneLevelOfTheExactValue() {
    let g = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(256, 0)),
                     stops: [GradientStop(location: 0, color: black), GradientStop(location: 1, color: white)])
    let s = fillRect(256, 2, .gradient(g, map: .identity))
    for x in 0..<256 {
        // t = (x + 0.5) / 256 at the pixel centre.
        let exact = (Double(x) + 0.5) / 256 * 255
        let v = Double(s[x, 0] & 255)
        #expect(abs(v - exact) <= 1)
        #expect(s[x, 0] >> 24 == 255)
    }
}

@Test func closeColoursShowNoStepLargerThanOneLevel() {
    // 1024 px from grey 128 to grey 132: every step between neighbours is 0 or 1.
    let a = SIMD4<Float>(128 / 255, 128 / 255, 128 / 255, 1), b = SIMD4<Float>(132 / 255, 132 / 255, 132 / 255, 1)
    let g = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(1024, 0)),
                     stops: [GradientStop(location: 0, color: a), GradientStop(location: 1, color: b)])
    let s = fillRect(1024, 1, .gradient(g, map: .identity))
    #expect(s[0, 0] & 255 == 128 && s[1023, 0] & 255 == 132)
    for x in 1..<1024 {
        let step = Int(s[x, 0] & 255) - Int(s[x - 1, 0] & 255)
        #expect(step == 0 || step == 1)
    }
}

@Test func padAndNoPadOutsideTheAxis() {
    let stops = [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(0, 0, 1, 1))]
    let padded = fillRect(40, 1, .gradient(Gradient(kind: .linear(start: SIMD2(10, 0), end: SIMD2(30, 0)), stops: stops), map: .identity))
    #expect(padded[2, 0] == 0xFFFF_0000 && padded[37, 0] == 0xFF00_00FF)
    let bare = fillRect(40, 1, .gradient(Gradient(kind: .linear(start: SIMD2(10, 0), end: SIMD2(30, 0)), stops: stops,
                                                  extendsBefore: false, extendsAfter: false), map: .identity))
    #expect(bare[2, 0] == 0 && bare[37, 0] == 0 && bare[20, 0] >> 24 == 255)
}

@Test func straightColoursInterpolateThenPremultiply() {
    // Opaque red to transparent blue: halfway the straight colour is (0.5, 0, 0.5, 0.5), so
    // premultiplied (0.25, 0, 0.25, 0.5) → 0x80 alpha, 0x40 red and blue.
    let g = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(1, 0)),
                     stops: [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(0, 0, 1, 0))])
    let s = fillRect(2, 1, .gradient(g, map: .identity))
    // Pixel 0: centre x = 0.5 → t 0.5.
    let p = s[0, 0]
    #expect(abs(Int(p >> 24) - 128) <= 1 && abs(Int((p >> 16) & 255) - 64) <= 1 && abs(Int(p & 255) - 64) <= 1)
}

@Test func radialAndConicMatchTheReference() {
    let stops = [GradientStop(location: 0, color: SIMD4(1, 0.5, 0, 1)), GradientStop(location: 0.6, color: SIMD4(0, 0.2, 1, 0.8)),
                 GradientStop(location: 1, color: SIMD4(0.1, 0.9, 0.3, 1))]
    let kinds: [(Gradient.Kind, Bool)] = [
        (.radial(startCenter: SIMD2(16, 16), startRadius: 0, endCenter: SIMD2(16, 16), endRadius: 14), false),
        (.radial(startCenter: SIMD2(10, 12), startRadius: 2, endCenter: SIMD2(20, 18), endRadius: 12), true),
        (.conic(center: SIMD2(16, 15), angle: 0.7), true),
    ]
    for (kind, extend) in kinds {
        let g = Gradient(kind: kind, stops: stops, extendsBefore: extend, extendsAfter: extend)
        let command = FillCommand(path: PathGeometry(rect: 0, 0, 32, 32), rule: .nonZero,
                                  localToDevice: .identity, paint: .gradient(g, map: .identity))
        let fast = Surface(width: 32, height: 32), slow = Surface(width: 32, height: 32)
        execute([command], on: fast, threads: 2)
        ReferenceRasterizer.execute([command], on: slow)
        var worst = 0, off = 0
        for y in 0..<32 { for x in 0..<32 {
            let d = channelDifference(fast[x, y], slow[x, y])
            worst = max(worst, d)
            if d > 2 { off += 1 }
        } }
        // The table quantises t to 1/1023 (under 1 level between these stops); the conic's seam
        // at its start angle and the radial's edge circle may flip a pixel between two colours.
        #expect(off <= 4, "\(kind): \(off) pixels off, worst \(worst)")
    }
}

@Test func gradientThroughARotatedPlaneMatchesTheReference() {
    let g = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(20, 10)),
                     stops: [GradientStop(location: 0, color: SIMD4(0, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(1, 1, 0, 0.5))])
    let map = Projective.rotation(0.4).concatenating(.translation(12, 4))
    let command = FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 16, cornerRadius: 4), localToDevice: map,
                              paint: .gradient(g, map: .identity), opacity: 0.8)
    let (interior, rim) = compareWithReference([command], size: 40, background: 0xFF10_2030)
    #expect(interior <= 2 && rim <= edgeTolerance)
}

@Test func degenerateGradientsDrawNothingOrTheirOneColourWithoutCrashing() {
    let red = GradientStop(location: 0.5, color: SIMD4(1, 0, 0, 1))
    let cases: [(Gradient, UInt32?)] = [
        // No stops: transparent.
        (Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(8, 0)), stops: []), 0),
        // One stop: that colour everywhere.
        (Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(8, 0)), stops: [red]), 0xFFFF_0000),
        // NaN locations are dropped; NaN colour channels count as 0.
        (Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(8, 0)),
                  stops: [GradientStop(location: .nan, color: SIMD4(0, 1, 0, 1)), GradientStop(location: 0.2, color: SIMD4(.nan, 0, 1, 1))]), 0xFF00_00FF),
        // A zero-length axis, a NaN point, negative radii, two zero circles at one centre: nothing.
        (Gradient(kind: .linear(start: SIMD2(3, 3), end: SIMD2(3, 3)), stops: [red]), 0),
        (Gradient(kind: .linear(start: SIMD2(.nan, 0), end: SIMD2(8, 0)), stops: [red]), 0),
        (Gradient(kind: .radial(startCenter: SIMD2(4, 4), startRadius: -1, endCenter: SIMD2(4, 4), endRadius: -5), stops: [red]), 0),
        (Gradient(kind: .radial(startCenter: SIMD2(4, 4), startRadius: 0, endCenter: SIMD2(4, 4), endRadius: 0), stops: [red]), 0),
        (Gradient(kind: .conic(center: SIMD2(1e300, -1e300), angle: .infinity), stops: [red]), 0),
        // Huge coordinates: finite, so drawn (padded).
        (Gradient(kind: .linear(start: SIMD2(-1e300, 0), end: SIMD2(1e300, 0)), stops: [red]), 0xFFFF_0000),
    ]
    for (g, expected) in cases {
        let s = Surface(width: 8, height: 8)
        execute([FillCommand(path: PathGeometry(rect: 0, 0, 8, 8), rule: .nonZero, localToDevice: .identity,
                             paint: .gradient(g, map: .identity))], on: s, threads: 2)
        if let expected { #expect(s[4, 4] == expected, "\(g.kind)") }
        #expect(pixels(s).allSatisfy { $0 >> 24 >= ($0 >> 16) & 255 && $0 >> 24 >= $0 & 255 })
    }
}
