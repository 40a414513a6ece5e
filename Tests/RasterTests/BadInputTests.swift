import Testing
@testable import Raster

@Test func absurdInputsDrawNothingAndNeverTrap() {
    let s = Surface(width: 16, height: 16)
    let shape = RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 8, cornerRadius: 2)
    var commands: [FillCommand] = []
    // Overflowing maps, a polygon with NaN, a polygon with two points, an empty clip rect,
    // a rounded-rect clip that is empty: none of them can draw.
    commands.append(FillCommand(shape: shape, localToDevice: .scale(1e300, 1e300), paint: .solid(0xFFFF_FFFF)))
    commands.append(FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF),
                                clip: Clip(polygon: [SIMD2(0, 0), SIMD2(.nan, 3), SIMD2(5, 5)])))
    commands.append(FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF),
                                clip: Clip(polygon: [SIMD2(0, 0), SIMD2(5, 5)])))
    commands.append(FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF),
                                clip: Clip(rect: IntRect(x0: 5, y0: 5, x1: 5, y1: 9))))
    commands.append(FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF),
                                clip: Clip(roundedRects: [(RoundedRect(minX: 1, minY: 1, maxX: 1, maxY: 4), .identity)])))
    execute(commands, on: s, threads: 0)
    #expect(pixels(s).allSatisfy { $0 == 0 })
    // Opacity above 1 is clamped to 1; a zero-sized surface is a no-op.
    execute([FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0x8080_0000), opacity: 7)], on: s, threads: -3)
    #expect(s[4, 4] == 0x8080_0000)
    execute([FillCommand(shape: shape, localToDevice: .identity, paint: .solid(0xFFFF_FFFF))],
            on: Surface(width: 0, height: 0), threads: 2)
}
