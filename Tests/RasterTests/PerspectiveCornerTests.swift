import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

// Under a perspective map the fully covered disc of each rounded corner is estimated from the
// Jacobian at the corner's quadrant; pixels inside it skip the coverage computation. The
// result must still match the reference within the differential tolerances.

/// A 32 × 32 square with radius 8, tilted away as a layer turning about y under m34 = −1/60.
func tiltedRoundedSquare(turn: Double) -> FillCommand {
    let c = cos(turn), s = sin(turn), d = 60.0
    // Local (x, y) about the centre → (x·cos, y, −x·sin) → perspective divide by 1 + z/d.
    let map = Projective.translation(-16, -16)
        .concatenating(Projective(m11: c, m12: 0, m13: s / d, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1))
        .concatenating(.translation(20, 20))
    return FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 32, maxY: 32, cornerRadius: 8),
                       localToDevice: map, paint: .solid(0xFFE0_6040), opacity: 0.5)
}

@Test(arguments: [0.5, 1.0])
func tiltedRoundedSquareMatchesTheReference(turn: Double) {
    let command = tiltedRoundedSquare(turn: turn)
    #expect(!command.localToDevice.isAffine)
    let (interior, rim) = compareWithReference([command], size: 40, background: 0xFF1E_1E24)
    #expect(interior <= interiorTolerance)
    #expect(rim <= edgeTolerance)
}

@Test func perspectiveCornersGetAFullyCoveredDisc() {
    // The prepared corners carry a positive full radius (before, perspective corners had none
    // and every pixel of their quadrant computed its coverage). The general path's corners:
    // the projective fast path, which the fill would take, prepares none.
    let scene = PreparedScene([tiltedRoundedSquare(turn: 0.5)], surface: Surface(width: 40, height: 40), similarityPath: false)
    #expect(scene.corners.count == 4)
    for corner in scene.corners {
        #expect(corner.fullRadiusSquared > 0)
        #expect(corner.fullRadiusSquared < 64)
    }
}
