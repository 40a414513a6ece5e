import Testing
@testable import Raster

// Render passes: offscreen surfaces drawn in list order when the list executes (never when it
// is built), loads and effects as the functions they stand for, latched passes once.

private func fill(_ w: Int, _ h: Int, _ color: UInt32, opacity: Float = 1) -> FillCommand {
    FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h)), localToDevice: .identity,
                paint: .solid(color), opacity: opacity)
}

/// Draws all of `source` (w × h) at the framebuffer's top-left.
private func show(_ source: Surface, opacity: Float = 1) -> FillCommand {
    FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(source.width), maxY: Double(source.height)),
                localToDevice: .identity, paint: .texture(source, map: .identity, filter: .nearest), opacity: opacity)
}

@Test func anOffscreenPassDrawsWhenTheListExecutesAndBeforeThePassThatReadsIt() {
    let offscreen = Surface(width: 4, height: 4)
    let passes = [RenderPass(target: .offscreen(offscreen), commands: [fill(4, 4, 0xFFFF_0000)]),
                  RenderPass(target: .framebuffer, commands: [show(offscreen, opacity: 0.5)])]
    let prepared = PreparedPasses(passes, framebufferWidth: 6, framebufferHeight: 6)
    #expect(pixels(offscreen).allSatisfy { $0 == 0 }, "preparing draws nothing")
    #expect(prepared.framebufferCommandCount == 1)
    let framebuffer = Surface(width: 6, height: 6)
    framebuffer.clear(0xFFFF_FFFF)
    execute(prepared, on: framebuffer, threads: 2)
    #expect(offscreen[3, 3] == 0xFFFF_0000)
    // Red at 128 over white: (255, 127, 127).
    #expect(framebuffer[1, 1] == 0xFFFF_7F7F)
    #expect(framebuffer[5, 5] == 0xFFFF_FFFF)
}

@Test func aCopyLoadAndABlurEffectAreCopyThenBlur() {
    let source = Surface(width: 20, height: 12)
    execute([FillCommand(shape: RoundedRect(minX: 5, minY: 3, maxX: 12, maxY: 9), localToDevice: .identity,
                         paint: .solid(0xFF20_40C0))], on: source)
    let shadow = Surface(width: 20, height: 12)
    execute([RenderPass(target: .offscreen(shadow), load: .copy(source), commands: [], effect: .blur(radius: 2.5))],
            on: Surface(width: 1, height: 1))
    let expected = Surface(width: 20, height: 12)
    for y in 0..<12 { expected.row(y).update(from: source.row(y), count: 20) }
    blur(expected, radius: 2.5)
    #expect(pixels(shadow) == pixels(expected))
    #expect(shadow[8, 6] != source[8, 6], "blurred")
}

@Test func aMaskEffectMultipliesTheOwnerByTheTargetsAlpha() {
    let owner = Surface(width: 8, height: 8), scratch = Surface(width: 8, height: 8)
    owner.clear(0xFF00_FF00)
    // The left half at alpha 0x80, the right half clear.
    execute([RenderPass(target: .offscreen(scratch), load: .clear(0xFFFF_FFFF), commands: [],
                        effect: nil),
             RenderPass(target: .offscreen(scratch), load: .clear(0), commands: [fill(4, 8, 0x8000_0000)],
                        effect: .applyAsMask(to: owner))],
            on: Surface(width: 1, height: 1))
    // 255·128/255 = 128.
    #expect(owner[1, 1] == 0x8000_8000)
    #expect(owner[6, 1] == 0)
}

@Test func aLatchedPassRunsOnceWhicheverListExecutesItFirst() {
    let cached = Surface(width: 2, height: 2)
    let latch = PassLatch()
    // Half-transparent black: drawn twice it would become 0xC0 alpha.
    let fillCached = RenderPass(target: .offscreen(cached), commands: [fill(2, 2, 0x8000_0000)], latch: latch)
    let frame1 = PreparedPasses([fillCached, RenderPass(target: .framebuffer, commands: [show(cached)])],
                                framebufferWidth: 2, framebufferHeight: 2)
    let frame2 = PreparedPasses([fillCached, RenderPass(target: .framebuffer, commands: [show(cached)])],
                                framebufferWidth: 2, framebufferHeight: 2)
    #expect(!latch.isClaimed)
    let a = Surface(width: 2, height: 2), b = Surface(width: 2, height: 2)
    execute(frame1, on: a)
    #expect(latch.isClaimed)
    execute(frame2, on: b)
    #expect(cached[0, 0] == 0x8000_0000)
    #expect(a[1, 1] == 0x8000_0000 && b[1, 1] == 0x8000_0000)
}

@Test func preparedPassesExecutedAgainDrawOnlyTheFramebufferPass() {
    let offscreen = Surface(width: 3, height: 3)
    let prepared = PreparedPasses([RenderPass(target: .offscreen(offscreen), commands: [fill(3, 3, 0x8000_0080)]),
                                   RenderPass(target: .framebuffer, commands: [show(offscreen)])],
                                  framebufferWidth: 3, framebufferHeight: 3)
    let first = Surface(width: 3, height: 3), second = Surface(width: 5, height: 5)
    execute(prepared, on: first)
    execute(prepared, on: second)
    #expect(offscreen[2, 2] == 0x8000_0080, "the offscreen pass ran once (twice would give alpha 0xC0)")
    #expect(first[2, 2] == 0x8000_0080)
    #expect(second[2, 2] == 0x8000_0080, "another size: the framebuffer pass is prepared again")
    #expect(second[4, 4] == 0)
}

@Test func passesGiveTheSamePixelsWithOneAndTwoThreads() {
    func run(threads: Int) -> [UInt32] {
        let group = Surface(width: 90, height: 70), scratch = Surface(width: 90, height: 70)
        let shadow = Surface(width: 90, height: 70)
        let passes = [
            RenderPass(target: .offscreen(group), commands: busyScene(seed: 7, width: 90, height: 70)),
            RenderPass(target: .offscreen(scratch), load: .clear(0),
                       commands: [FillCommand(shape: RoundedRect(minX: 10, minY: 5, maxX: 80, maxY: 60, cornerRadius: 12),
                                              localToDevice: .identity, paint: .solid(0xFF00_0000))],
                       effect: .applyAsMask(to: group)),
            RenderPass(target: .offscreen(shadow), load: .copy(group), commands: [], effect: .blur(radius: 4)),
            RenderPass(target: .framebuffer, commands: [
                FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 90, maxY: 70), localToDevice: .translation(3, 4),
                            paint: .alphaMask(shadow, map: .identity, color: 0xFF00_0000), opacity: 0.5),
                show(group, opacity: 0.75)])]
        let framebuffer = Surface(width: 96, height: 80)
        framebuffer.clear(0xFFE0_E0E0)
        execute(passes, on: framebuffer, threads: threads)
        return pixels(framebuffer)
    }
    let one = run(threads: 1)
    #expect(one == run(threads: 2))
    #expect(Set(one).count > 100, "a busy picture")
}

/// A redraw inside a region runs only the offscreen passes whose pixels reach it: an app's label
/// redrawn every frame beside masked gradients and a button's shadow re-ran those passes (their
/// gradients and blurs were 45 % of its CPU). A later redraw that reaches one runs it then, once.
@Test func aRedrawRunsOnlyTheOffscreenPassesItsRegionReaches() {
    func passes(_ offscreen: Surface, _ far: Surface) -> [RenderPass] {
        var square = fill(8, 8, 0xFF00_00FF)
        square.localToDevice = Projective(affine: 1, 0, 0, 1, 24, 24)
        var farShown = show(far)
        farShown.localToDevice = Projective(affine: 1, 0, 0, 1, 24, 0)
        return [RenderPass(target: .offscreen(offscreen), load: .clear(0), commands: [fill(4, 4, 0xFFFF_0000)]),
                RenderPass(target: .offscreen(far), load: .copy(offscreen), commands: [fill(2, 2, 0xFF00_FF00)]),
                RenderPass(target: .framebuffer, commands: [show(offscreen), farShown, square])]
    }
    let offscreen = Surface(width: 4, height: 4), far = Surface(width: 4, height: 4)
    let prepared = PreparedPasses(passes(offscreen, far), framebufferWidth: 32, framebufferHeight: 32)
    let framebuffer = Surface(width: 32, height: 32)
    _ = execute(prepared, on: framebuffer, within: [IntRect(x0: 20, y0: 20, x1: 32, y1: 32)], clear: 0)
    #expect(framebuffer[28, 28] == 0xFF00_00FF)
    #expect(offscreen[1, 1] == 0 && far[3, 3] == 0, "no offscreen pass reaches the square")
    _ = execute(prepared, on: framebuffer, within: [IntRect(x0: 24, y0: 0, x1: 28, y1: 4)], clear: 0)
    #expect(far[0, 0] == 0xFF00_FF00 && far[3, 3] == 0xFFFF_0000, "the far copy and the surface it copies ran")
    #expect(framebuffer[1, 1] == 0, "outside the region: not drawn")
    _ = execute(prepared, on: framebuffer, within: [IntRect(x0: 0, y0: 0, x1: 32, y1: 32)], clear: 0)
    let whole = Surface(width: 32, height: 32)
    execute(PreparedPasses(passes(Surface(width: 4, height: 4), Surface(width: 4, height: 4)), framebufferWidth: 32,
                           framebufferHeight: 32), on: whole)
    #expect(pixels(framebuffer) == pixels(whole), "each pass ran once, and the frame is the full frame")
}
