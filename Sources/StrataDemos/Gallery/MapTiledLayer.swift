import QuartzCore

/// A `CATiledLayer` that draws a procedural map (sea, beaches, grass, forest and rock from value
/// noise, with a grid every 256 points), one tile per `draw(in:)` call.
///
/// Strata extension (demo code).
public final class MapTiledLayer: CATiledLayer {
    /// The side of one map cell, in points.
    static let cell: CGFloat = 16

    /// Fills the cells of the tile being drawn (the clip's bounding box) and the grid lines.
    public override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        guard tile.width.isFinite, tile.height.isFinite, tile.width > 0, tile.height > 0 else { return }
        let c = Self.cell
        let x0 = Int((tile.minX / c).rounded(.down)), x1 = Int((tile.maxX / c).rounded(.up))
        let y0 = Int((tile.minY / c).rounded(.down)), y1 = Int((tile.maxY / c).rounded(.up))
        for j in y0..<y1 {
            for i in x0..<x1 {
                ctx.setFillColor(Self.color(Self.height(Double(i) * Double(c), Double(j) * Double(c))))
                ctx.fill(CGRect(x: CGFloat(i) * c, y: CGFloat(j) * c, width: c, height: c))
            }
        }
        ctx.setFillColor(CGColor(gray: 0, alpha: 0.35))
        let grid: CGFloat = 256
        var gx = (tile.minX / grid).rounded(.down) * grid
        while gx < tile.maxX { ctx.fill(CGRect(x: gx, y: tile.minY, width: 1, height: tile.height)); gx += grid }
        var gy = (tile.minY / grid).rounded(.down) * grid
        while gy < tile.maxY { ctx.fill(CGRect(x: tile.minX, y: gy, width: tile.width, height: 1)); gy += grid }
    }

    /// The terrain height at a map point, in 0…1: two octaves of smooth value noise.
    package static func height(_ x: Double, _ y: Double) -> Double {
        0.65 * noise(x / 160, y / 160) + 0.35 * noise(x / 48 + 17, y / 48 + 31)
    }

    /// Value noise: a hashed value at each integer lattice point, smoothly interpolated.
    private static func noise(_ x: Double, _ y: Double) -> Double {
        let xi = x.rounded(.down), yi = y.rounded(.down)
        let fx = x - xi, fy = y - yi
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        let ix = Int64(xi), iy = Int64(yi)
        let a = lattice(ix, iy), b = lattice(ix + 1, iy), c = lattice(ix, iy + 1), d = lattice(ix + 1, iy + 1)
        return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy
    }

    /// A hash of a lattice point, in 0…1.
    private static func lattice(_ x: Int64, _ y: Int64) -> Double {
        var h = UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 31; h &*= 0xBF58_476D_1CE4_E5B9; h ^= h >> 29
        return Double(h >> 11) / Double(1 << 53)
    }

    /// The map colour of a height.
    package static func color(_ h: Double) -> CGColor {
        switch h {
        case ..<0.42: return CGColor(red: 0.10, green: 0.24, blue: 0.52, alpha: 1)   // deep sea
        case ..<0.48: return CGColor(red: 0.19, green: 0.43, blue: 0.73, alpha: 1)   // shallows
        case ..<0.51: return CGColor(red: 0.86, green: 0.80, blue: 0.56, alpha: 1)   // beach
        case ..<0.64: return CGColor(red: 0.36, green: 0.63, blue: 0.29, alpha: 1)   // grass
        case ..<0.74: return CGColor(red: 0.17, green: 0.42, blue: 0.20, alpha: 1)   // forest
        case ..<0.82: return CGColor(red: 0.50, green: 0.46, blue: 0.42, alpha: 1)   // rock
        default: return CGColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)        // snow
        }
    }
}
