import Testing
@testable import Raster

/// A surface over memory it does not own draws into that memory, row by row at its stride.
@Test
func wrappedSurfaceDrawsIntoTheGivenMemory() {
    let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 12 * 5)
    defer { memory.deallocate() }
    memory.initialize(repeating: 0xDEAD_BEEF, count: 12 * 5)
    let surface = try! #require(Surface(wrapping: memory, width: 10, height: 5, stride: 12))
    surface.clear(0xFF00_00FF)
    surface[9, 4] = 0xFFFF_0000
    #expect(memory[0] == 0xFF00_00FF && memory[9] == 0xFF00_00FF)
    // The two pixels past each row's width are not the surface's: untouched.
    #expect(memory[10] == 0xDEAD_BEEF && memory[11] == 0xDEAD_BEEF)
    #expect(memory[4 * 12 + 9] == 0xFFFF_0000)
    // Rasterising goes through the same rows.
    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 4, maxY: 5, cornerRadius: 0),
                         localToDevice: .identity, paint: .solid(0xFF00_FF00), opacity: 1,
                         clip: Clip(rect: IntRect(x0: 0, y0: 0, x1: 10, y1: 5)))], on: surface, threads: 2)
    #expect(memory[3 * 12 + 3] == 0xFF00_FF00 && memory[3 * 12 + 4] == 0xFF00_00FF)
    // Resizing moves the surface onto memory of its own and leaves the given memory alone.
    surface.resize(width: 3, height: 3)
    surface.clear(0xFF12_3456)
    #expect(surface.pixels != memory && memory[9] == 0xFF00_00FF && memory[0] == 0xFF00_FF00)
}

@Test
func wrappingRejectsImpossibleLayouts() {
    let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
    defer { memory.deallocate() }
    #expect(Surface(wrapping: memory, width: 0, height: 1, stride: 1) == nil)
    #expect(Surface(wrapping: memory, width: 4, height: 1, stride: 3) == nil)
    #expect(Surface(wrapping: memory, width: Surface.maximumDimension + 1, height: 1, stride: 20_000) == nil)
    #expect(Surface(wrapping: memory, width: 2, height: 2, stride: 2) != nil)
}
