import Testing
@testable import Raster

/// A scene of everything at once: textures, perspective, polygon and rounded-rect clips.
func busyScene(seed: UInt64, width: Int, height: Int) -> [FillCommand] {
    var rng = SeededRandom(seed: seed)
    var commands: [FillCommand] = []
    for i in 0..<14 {
        let w = Double.random(in: 10...60, using: &rng), h = Double.random(in: 10...90, using: &rng)
        let shape = RoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, cornerRadius: Double.random(in: 0...12, using: &rng))
        var map = Projective.translation(-w / 2, -h / 2).concatenating(.rotation(Double.random(in: 0...6.3, using: &rng)))
        if i % 3 == 0 {
            map = map.concatenating(Projective(m11: 1, m12: 0, m13: Double.random(in: -0.01...0.01, using: &rng),
                                               m21: 0, m22: 1, m23: Double.random(in: -0.01...0.01, using: &rng),
                                               m31: 0, m32: 0, m33: 1))
        }
        map = map.concatenating(.translation(Double.random(in: 0...Double(width), using: &rng),
                                             Double.random(in: 0...Double(height), using: &rng)))
        let paint: Paint
        switch i % 4 {
        case 0: paint = .texture(gradientTexture(6, 6), map: .scale(6 / w, 6 / h), filter: .bilinear)
        case 1: paint = .alphaMask(gradientTexture(4, 4), map: .scale(4 / w, 4 / h), color: 0xC0C0_0000)
        default: paint = .solid(randomPremultiplied(&rng))
        }
        var clip = Clip(rect: IntRect(x0: 2, y0: 3, x1: width - 1, y1: height - 2))
        if i % 5 == 2 {
            clip.polygon = [SIMD2(0, 0), SIMD2(Double(width), 10), SIMD2(Double(width) * 0.7, Double(height))]
        }
        if i % 4 == 3 {
            clip.roundedRects = [(RoundedRect(minX: 0, minY: 0, maxX: 30, maxY: 40, cornerRadius: 9),
                                  Projective.translation(-Double(width) / 3, -20).concatenating(.rotation(0.4)))]
        }
        commands.append(FillCommand(shape: shape, localToDevice: map, paint: paint,
                                    opacity: Float.random(in: 0.3...1, using: &rng), clip: clip))
    }
    return commands
}

@Test(arguments: [UInt64(7), 8])
func oneTwoAndThreeThreadsArePixelIdentical(seed: UInt64) {
    // 100 rows = 7 bands of 16, so band boundaries cut through shapes.
    let commands = busyScene(seed: seed, width: 50, height: 100)
    var results: [[UInt32]] = []
    for threads in [1, 2, 3] {
        let s = Surface(width: 50, height: 100)
        s.clear(0xFF1E_1E24)
        execute(commands, on: s, threads: threads)
        results.append(pixels(s))
    }
    #expect(results[0] == results[1])
    #expect(results[0] == results[2])
    // And the scene really drew something.
    #expect(results[0].contains { $0 != 0xFF1E_1E24 })
}
