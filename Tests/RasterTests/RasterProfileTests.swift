import Testing
@testable import Raster

// `execute(…, profile:)` attributes each fill's time to the kernel that draws it, counts the
// fills, and changes no pixel.

@Test func profileAttributesFillsToTheirKernelsWithoutChangingPixels() {
    let shape = RoundedRect(minX: 0, minY: 0, maxX: 60, maxY: 40, cornerRadius: 8)
    let rotated = Projective.rotation(0.3).concatenating(.translation(70, 20))
    let commands = [
        // A similarity map, equal radii: the SDF fast path.
        FillCommand(shape: shape, localToDevice: rotated, paint: .solid(0xFF20_80C0), opacity: 0.5),
        // Clipped by a hard-edged polygon, equal radii: the projective SDF path's pieces.
        FillCommand(shape: shape, localToDevice: .translation(10, 60), paint: .solid(0xFFC0_4020), opacity: 0.7,
                    clip: Clip(polygon: [SIMD2(10, 60), SIMD2(70, 60), SIMD2(10, 100)])),
        // Non-uniform scale, rotated (no horizontal edge): not a similarity, the affine rim path.
        FillCommand(shape: shape, localToDevice: .scale(1.5, 1).concatenating(.rotation(0.2)).concatenating(.translation(20, 100)), paint: .solid(0xFF40_C040)),
    ]
    let plain = Surface(width: 160, height: 160), profiled = Surface(width: 160, height: 160)
    execute(commands, on: plain, threads: 2)
    let profile = RasterProfile()
    execute(commands, on: profiled, threads: 2, profile: profile)
    execute(commands, on: profiled, threads: 2, profile: profile)
    #expect(profile.fills(.similaritySolid) == 2)
    #expect(profile.fills(.projectiveClipped) == 2)
    #expect(profile.fills(.clipped) == 0)
    #expect(profile.fills(.affineRimSolid) == 2)
    #expect(profile.fills(.bilinearAffine) == 0)
    for k in [RasterProfile.Kernel.similaritySolid, .projectiveClipped, .affineRimSolid, .prepare] {
        #expect(profile.seconds(k) > 0, "\(k.name) took time")
    }
    #expect(profile.seconds(.bilinearPerspective) == 0)
    // Drawn twice over itself, the profiled surface differs; draw once more without a profile to compare.
    let again = Surface(width: 160, height: 160)
    execute(commands, on: again, threads: 1, profile: RasterProfile())
    #expect(pixels(again) == pixels(plain))
}
