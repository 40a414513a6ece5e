@testable import Raster

/// The seeded generator of the random-scene tests (Raster's SplitMix64).
typealias SeededRandom = SplitMix64

/// The largest difference between corresponding channels of two pixels.
func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    var m = 0
    for shift in stride(from: 0, to: 32, by: 8) {
        m = max(m, abs(Int((a >> UInt32(shift)) & 255) - Int((b >> UInt32(shift)) & 255)))
    }
    return m
}

/// A premultiplied random colour with alpha in 0...255.
func randomPremultiplied(_ rng: inout SeededRandom) -> UInt32 {
    let a = UInt32.random(in: 0...255, using: &rng)
    func ch() -> UInt32 { UInt32.random(in: 0...255, using: &rng) * a / 255 }
    return a << 24 | ch() << 16 | ch() << 8 | ch()
}

/// A copy of a surface's pixels, row by row.
func pixels(_ s: Surface) -> [UInt32] {
    var out: [UInt32] = []
    for y in 0..<s.height { for x in 0..<s.width { out.append(s[x, y]) } }
    return out
}

/// A small texture: straight gradient colours, opaque, premultiplied trivially.
func gradientTexture(_ w: Int, _ h: Int) -> Surface {
    let t = Surface(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w {
            let r = UInt32(x * 255 / max(w - 1, 1)), g = UInt32(y * 255 / max(h - 1, 1)), b = UInt32((x * 37 + y * 91) % 256)
            t[x, y] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }
    return t
}

/// Marks pixels on or next to an edge of any command: the reference coverage (white on
/// transparent, opacity 1) of the pixel or one of its 8 neighbours is neither 0 nor 255.
func edgeMask(_ commands: [FillCommand], width: Int, height: Int) -> [Bool] {
    var edge = [Bool](repeating: false, count: width * height)
    for c in commands {
        var white = c
        white.paint = .solid(0xFFFF_FFFF)
        white.opacity = 1
        let s = Surface(width: width, height: height)
        ReferenceRasterizer.execute([white], on: s)
        for y in 0..<height {
            for x in 0..<width {
                let a = s[x, y] >> 24
                guard a != 0 && a != 255 else { continue }
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) { edge[ny * width + nx] = true }
                }
            }
        }
    }
    return edge
}

/// Whether a prepared fill takes the projective fast path.
func isProjective(_ f: PreparedFill) -> Bool {
    if case .projective = f.path { return true }
    return false
}

/// Whether a prepared fill takes the similarity fast path.
func isSimilarity(_ f: PreparedFill) -> Bool {
    if case .similarity = f.path { return true }
    return false
}
