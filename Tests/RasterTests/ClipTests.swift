import Testing
@testable import Raster

@Test func clipRectIsAHardPixelBoundary() {
    let s = Surface(width: 10, height: 10)
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 10, maxY: 10), localToDevice: .identity,
                         paint: .solid(0xFFFF_FFFF), clip: Clip(rect: IntRect(x0: 3, y0: 4, x1: 7, y1: 5)))],
            on: s, threads: 1)
    for y in 0..<10 {
        for x in 0..<10 {
            #expect(s[x, y] == ((3..<7).contains(x) && y == 4 ? 0xFFFF_FFFF : 0))
        }
    }
}

@Test func twoPolygonPiecesCoverEverySharedPixelExactlyOnce() {
    // A square split along a slanted line into two pieces, each drawn at 50 % red over
    // white: every covered pixel is blended exactly once, so there is no seam.
    let s = Surface(width: 24, height: 24)
    s.clear(0xFFFF_FFFF)
    let shape = RoundedRect(minX: 2, minY: 2, maxX: 22, maxY: 22)
    let a = SIMD2<Double>(2, 2), b = SIMD2<Double>(22, 2), c = SIMD2<Double>(22, 22), d = SIMD2<Double>(2, 22)
    let m0 = SIMD2<Double>(9.3, 2), m1 = SIMD2<Double>(15.7, 22)
    let left = Clip(polygon: [a, m0, m1, d]), right = Clip(polygon: [m1, m0, b, c])
    execute([FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_0000), opacity: 0.5, clip: left),
             FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_0000), opacity: 0.5, clip: right)],
            on: s, threads: 2)
    for y in 2..<22 {
        for x in 2..<22 { #expect(s[x, y] == 0xFFFF_7F7F, "(\(x), \(y))") }
    }
    #expect(s[1, 10] == 0xFFFF_FFFF)
}

@Test func polygonEdgesOnTheOutlineKeepTheShapesAntialiasing() {
    let s = Surface(width: 12, height: 6)
    let shape = RoundedRect(minX: 2.5, minY: 0, maxX: 9.5, maxY: 6)
    let quad: [SIMD2<Double>] = [SIMD2(2.5, 0), SIMD2(9.5, 0), SIMD2(9.5, 6), SIMD2(2.5, 6)]
    execute([FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF),
                         clip: Clip(polygon: quad))], on: s, threads: 1)
    #expect(s[2, 3] == 0x8080_8080)
    #expect(s[9, 3] == 0x8080_8080)
    #expect(s[5, 3] == 0xFFFF_FFFF)
}

@Test func roundedRectClipOfAnotherPlaneMatchesTheReference() {
    // A square clipped by a rotated rounded rect (a masksToBounds ancestor in another plane).
    let clipShape = RoundedRect(minX: 0, minY: 0, maxX: 20, maxY: 14, cornerRadius: 5)
    let deviceToLocal = Projective.translation(-14, -12).concatenating(.rotation(-0.5)).concatenating(.translation(10, 7))
    let command = FillCommand(shape: RoundedRect(minX: 4, minY: 4, maxX: 24, maxY: 24), localToDevice: .identity,
                              paint: .solid(0xFF30_C060), clip: Clip(roundedRects: [(clipShape, deviceToLocal)]))
    let (interior, rim) = compareWithReference([command], size: 28, background: 0xFF00_0000)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
    // Also the clip matters: the square's corner (5, 5) is outside the rotated clip.
    let s = Surface(width: 28, height: 28)
    execute([command], on: s, threads: 1)
    #expect(s[4, 4] == 0)
    #expect(s[14, 12] == 0xFF30_C060)
}

@Test func splitLinesThroughPixelCentresGiveEachPixelToExactlyOnePiece() {
    // Both split lines pass exactly through pixel centres (x = 10.5, and the diagonal
    // y = x), where the tie rule alone decides; still every pixel is blended exactly once.
    let pieces: [[[SIMD2<Double>]]] = [
        [[SIMD2(10.5, 2), SIMD2(2, 2), SIMD2(2, 22), SIMD2(10.5, 22)],
         [SIMD2(10.5, 2), SIMD2(22, 2), SIMD2(22, 22), SIMD2(10.5, 22)]],
        [[SIMD2(2, 2), SIMD2(22, 2), SIMD2(22, 22)],
         [SIMD2(2, 2), SIMD2(22, 22), SIMD2(2, 22)]],
    ]
    for pair in pieces {
        let s = Surface(width: 24, height: 24)
        s.clear(0xFFFF_FFFF)
        let commands = pair.map {
            FillCommand(shape: RoundedRect(minX: 2, minY: 2, maxX: 22, maxY: 22), localToDevice: .identity,
                        paint: .solid(0xFFFF_0000), opacity: 0.5, clip: Clip(polygon: $0))
        }
        execute(commands, on: s, threads: 1)
        var wrong = 0
        for y in 2..<22 { for x in 2..<22 where s[x, y] != 0xFFFF_7F7F { wrong += 1 } }
        #expect(wrong == 0)
    }
}
