import Testing
@testable import Raster

/// The one damage history (`DamageLog`) that the renderer's targets and a window's copy
/// presents share: which pixels a buffer holding an older frame must update.
struct DamageLogTests {
    private func r(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> IntRect { IntRect(x0: x0, y0: y0, x1: x1, y1: y1) }

    @Test func aBufferBehindUpdatesTheUnionOfTheFramesItMissed() {
        var log = DamageLog()
        #expect(log.record(nil) == 1)
        #expect(log.record([r(0, 0, 10, 10)]) == 2)
        #expect(log.record([r(20, 0, 30, 10)]) == 3)
        // A buffer holding frame 1 missed frames 2 and 3: two disjoint rects.
        let missed = log.damageSinceFrame(1)
        #expect(missed?.count == 2)
        #expect(missed?.reduce(0) { $0 + $1.area } == 200)
        #expect(log.damage(from: 2, to: 3) == [r(20, 0, 30, 10)])
        // The newest frame's holder misses nothing.
        #expect(log.damageSinceFrame(3) == [])
    }

    @Test func anUnknownFrameOrAWholeFrameBetweenMeansEverything() {
        var log = DamageLog()
        log.record([r(0, 0, 4, 4)])
        log.record(nil)
        log.record([r(0, 0, 4, 4)])
        #expect(log.damageSinceFrame(1) == nil)   // frame 2 changed every pixel
        #expect(log.damageSinceFrame(2) == [r(0, 0, 4, 4)])
        #expect(log.damageSinceFrame(0) == nil)   // no frame held
        #expect(log.damage(from: 3, to: 2) == nil) // a buffer ahead of the frame asked for
        #expect(log.damageSinceFrame(-5) == nil)
    }

    @Test func framesOlderThanTheDepthAndAResetAreForgotten() {
        var log = DamageLog()
        for _ in 0..<(DamageLog.depth + 2) { log.record([r(0, 0, 1, 1)]) }
        #expect(log.damageSinceFrame(1) == nil)   // frame 2 fell out of the log
        #expect(log.damageSinceFrame(log.serial - DamageLog.depth) == [r(0, 0, 1, 1)])
        log.reset()
        #expect(log.damageSinceFrame(log.serial - 1) == nil)
        #expect(log.record([r(0, 0, 1, 1)]) == DamageLog.depth + 3)   // serials keep counting
    }
}
