import Testing
@testable import Raster

// A rounded rect whose device coordinates reach 1e155 pixels or more overflowed the analytic
// fill's squared distances and drew a quarter of its colour over the pixels it covers (fuzz
// seed 3107675: a root layer of 162 × 1e300 points). Past `analyticCoordinateLimit` it is
// filled as a path, which is cut to the flattener's guard square first.

@Test(arguments: [1e100, 1e149, 1e151, 1e155, 1e200, 1e300, 1e307])
func aHugeRectCoveringTheSurfacePaintsEveryPixel(_ height: Double) {
    for width in [162.35786425999228, 4.0] {
        let shape = RoundedRect(minX: 0, minY: -9.449910453209426, maxX: width, maxY: height - 9.449910453209426,
                                topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0)
        // Centred on the surface's left edge (x) and on its top row (y), as a layer's position does.
        let map = Projective.translation(width == 4 ? 0 : -width / 2, -height / 2 + 9.449910453209426)
        let surface = Surface(width: 4, height: 4)
        execute([FillCommand(shape: shape, localToDevice: map, paint: .solid(0xFFFF_0000))], on: surface, threads: 1)
        var wrong = 0
        for y in 0..<4 { for x in 0..<4 where surface[x, y] != 0xFFFF_0000 { wrong += 1 } }
        #expect(wrong == 0, "\(width) × \(height): pixel (0, 0) is \(String(surface[0, 0], radix: 16))")
    }
}

@Test func theAnalyticFillStopsBelowTheSquareRootOfTheGreatestDouble() {
    #expect(PreparedScene.analyticCoordinateLimit * PreparedScene.analyticCoordinateLimit < Double.greatestFiniteMagnitude / 1e6)
    #expect(PreparedScene.analyticCoordinateLimit >= 1e100, "shapes of ordinary huge sizes keep the analytic fill")
}
