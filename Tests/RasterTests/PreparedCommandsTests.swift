import Testing
@testable import Raster

/// Preparing ahead (`PreparedCommands`, what `CARenderer.prepareFrame` does on the thread that
/// builds the frame) draws exactly what `execute` on the commands draws.
@Test(arguments: [UInt64(3), 4])
func preparedCommandsDrawWhatTheCommandsDraw(seed: UInt64) {
    let commands = busyScene(seed: seed, width: 96, height: 80)
    let direct = Surface(width: 96, height: 80), ahead = Surface(width: 96, height: 80)
    direct.clear(0xFF10_2030); ahead.clear(0xFF10_2030)
    execute(commands, on: direct, threads: 1)
    let prepared = PreparedCommands(commands, width: 96, height: 80)
    #expect(!prepared.isEmpty)
    execute(prepared, on: ahead, threads: 2)
    #expect(pixels(direct) == pixels(ahead))
    #expect(pixels(direct).contains { $0 != 0xFF10_2030 })
}

/// Commands prepared for one size and drawn on another surface are prepared again for it:
/// nothing is written outside the smaller surface, and the pixels are `execute`'s.
@Test
func preparedCommandsOnAnotherSizeArePreparedAgain() {
    let commands = busyScene(seed: 5, width: 96, height: 80)
    let prepared = PreparedCommands(commands, width: 96, height: 80)
    let small = Surface(width: 40, height: 30), expected = Surface(width: 40, height: 30)
    execute(prepared, on: small, threads: 2)
    execute(commands, on: expected, threads: 2)
    #expect(pixels(small) == pixels(expected))
    // Nothing to draw on an empty surface, and no crash.
    execute(prepared, on: Surface(width: 0, height: 0))
    #expect(PreparedCommands([], width: 10, height: 10).isEmpty)
}
