import Testing
@testable import Raster

// Fills whose row pixels do not depend on where a span starts may be clipped anywhere by a
// damage redraw (issue #21: an app screen's kept card textures, shadow masks and gradients
// widened every damaged rectangle to whole card columns, redrawing 4.5× the damage). Textures
// and masks under maps whose entries are multiples of 2⁻¹⁵ (whole-pixel offsets, 1 : 1,
// halves and quarters), and every gradient, are such fills; other maps still step.

/// A texture with alpha varying per texel (premultiplied), as a shadow mask is.
private func maskTexture(_ w: Int, _ h: Int) -> Surface {
    let t = Surface(width: w, height: h)
    for y in 0..<h { for x in 0..<w { t[x, y] = UInt32((x * 53 + y * 29) % 256) << 24 } }
    return t
}

/// Kept textures at whole-pixel offsets, shadow masks 1 : 1 and at ¼, a rotated linear
/// gradient and a radial one, over an opaque background.
private func seekableScene(width: Int, height: Int) -> [FillCommand] {
    let stops = [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(0, 0.4, 1, 0.7))]
    return [
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)), localToDevice: .identity,
                    paint: .solid(0xFF20_2830)),
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 37, maxY: 29, cornerRadius: 6), localToDevice: .translation(7, 5),
                    paint: .texture(gradientTexture(37, 29), map: .identity, filter: .bilinear), opacity: 0.9),
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 60, maxY: 40), localToDevice: .translation(30, 22),
                    paint: .alphaMask(maskTexture(60, 40), map: .identity, color: 0xFF00_0000), opacity: 0.5),
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 64, maxY: 48), localToDevice: .translation(50, 40),
                    paint: .alphaMask(maskTexture(17, 13), map: .scale(0.25, 0.25), color: 0xFF10_2040), opacity: 0.7),
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 50, maxY: 30, cornerRadius: 8),
                    localToDevice: .rotation(0.4).concatenating(.translation(20, 60)),
                    paint: .gradient(Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(50, 12)), stops: stops), map: .identity),
                    opacity: 0.8),
        FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 40, maxY: 40, cornerRadius: 20), localToDevice: .translation(80, 8),
                    paint: .gradient(Gradient(kind: .radial(startCenter: SIMD2(20, 20), startRadius: 0, endCenter: SIMD2(20, 20),
                                                            endRadius: 20), stops: stops), map: .identity)),
    ]
}

@Test func texturesAtWholePixelOffsetsMasksAndGradientsRedrawExactlyWithoutWidening() {
    let (w, h) = (130, 100)
    let commands = seekableScene(width: w, height: h)
    let full = Surface(width: w, height: h)
    execute(commands, on: full, threads: 2)
    let prepared = PreparedPasses([RenderPass(target: .framebuffer, commands: commands)], framebufferWidth: w, framebufferHeight: h)
    var rng = SeededRandom(seed: 21)
    for _ in 0..<40 {
        let x0 = Int.random(in: 0..<w - 2, using: &rng), y0 = Int.random(in: 0..<h - 2, using: &rng)
        let rect = IntRect(x0: x0, y0: y0, x1: min(w, x0 + Int.random(in: 1...40, using: &rng)), y1: min(h, y0 + Int.random(in: 1...40, using: &rng)))
        // Nothing steps: the rectangle is redrawn as it is, not widened to whole columns.
        #expect(prepared.prepared[0].widenedForExactRedraw([rect], clip: IntRect(full)) == [rect])
        let partial = Surface(width: w, height: h)
        partial.copy(IntRect(partial), from: full)
        partial.clear(rect, to: 0xFF00_FF00)
        execute(prepared, on: partial, within: [rect], clear: 0xFF00_0000, threads: 2)
        let wrong = (rect.y0..<rect.y1).flatMap { y in (rect.x0..<rect.x1).filter { partial[$0, y] != full[$0, y] }.map { ($0, y) } }
        #expect(wrong.isEmpty, "rect \(rect): \(wrong.count) pixels differ from the full frame, first \(wrong.first.map { "\($0)" } ?? "")")
    }
}

@Test func mapsWithInexactEntriesStillStep() {
    #expect(Projective.identity.isSeekable)
    #expect(Projective.translation(-12, 7.5).isSeekable)
    #expect(Projective.scale(0.25, 0.5).concatenating(.translation(3, 4)).isSeekable)
    #expect(!Projective.scale(1.0 / 3, 1.0 / 3).isSeekable)
    #expect(!Projective.rotation(0.3).isSeekable)
    #expect(!Projective.translation(0.1, 0).isSeekable)
    #expect(!Projective.translation(5000, 0).isSeekable)   // beyond 2¹²: positions could leave the fixed-point range
    #expect(!Projective(m11: 1, m12: 0, m13: 0.001, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).isSeekable)
    #expect(!Projective.translation(.nan, 0).isSeekable)
}

/// The fixed-point alpha-mask kernel (and its eight-lane whole-pixel path) gives exactly the
/// pixels of the per-pixel Double kernel under maps with exact entries, clamping at the edges.
@Test(arguments: [false, true])
func theAffineAlphaMaskKernelMatchesTheGeneralOne(lanes: Bool) {
    let tex = TextureView(maskTexture(23, 9))
    // Whole-pixel and fractional translations (the eight-lane paths), then general maps.
    let maps: [Projective] = [.identity, .translation(-5, 2), .translation(9, -3), .translation(-5.25, 2.5),
                              .translation(3.375, -0.625), .translation(-0.0078125, 0.9921875), .translation(12.5, 0),
                              .scale(0.25, 0.25).concatenating(.translation(-1.5, 0.75)),
                              .scale(0.5, 2), Projective(affine: 0.5, 0.25, -0.125, 1, 3, 1),
                              // Masks made at ½ and ¼ of the resolution, drawn back magnified (the
                              // eight-lane scaled path), at whole and fractional offsets; a minification.
                              .scale(0.5, 0.5), .scale(0.5, 0.5).concatenating(.translation(-0.75, 1.25)),
                              .scale(0.25, 0.25).concatenating(.translation(2.125, 0)),
                              .scale(0.375, 0.5).concatenating(.translation(-3, 0.5)), .scale(1.5, 1)]
    var rng = SeededRandom(seed: 5)
    for m in maps {
        for y in -2..<12 {
            for (x0, count) in [(-4, 40), (0, 23), (3, 11), (17, 9), (-30, 7), (-9, 33), (1, 16), (-12, 90), (5, 61)] {
                let start = m.applyHomogeneous(x: Double(x0) + 0.5, y: Double(y) + 0.5)
                let step = SIMD3(m.m11, m.m12, m.m13)
                var coverage = (0..<count).map { _ in UInt32.random(in: 0...255, using: &rng) }
                if y % 3 == 0 { coverage = Array(repeating: 255, count: count) }
                let background = (0..<count).map { _ in randomPremultiplied(&rng) }
                var a = background, b = background
                coverage.withUnsafeBufferPointer { c in
                    let cov = y % 2 == 0 ? c.baseAddress : nil
                    a.withUnsafeMutableBufferPointer {
                        over_solid_alpha_mask_affine($0.baseAddress!, count, tex, color: 0xF0A0_4010, start: start, step: step,
                                                     scale: 200, coverage: cov, lanes: lanes)
                    }
                    b.withUnsafeMutableBufferPointer {
                        over_solid_alpha_mask($0.baseAddress!, count, tex, color: 0xF0A0_4010, start: start, step: step,
                                              perspective: false, scale: 200, coverage: cov)
                    }
                }
                #expect(a == b, "map \(m) row \(y) from \(x0)")
            }
        }
    }
}

/// A gradient's colour table is made once and shared by the value's copies (kept commands are
/// prepared again every frame they are redrawn); a copy whose stops were changed gets its own.
@Test func aGradientsCopiesShareItsTableUntilTheirStopsChange() {
    let red = [GradientStop(location: 0, color: SIMD4(1, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(1, 0, 0, 1))]
    let blue = [GradientStop(location: 0, color: SIMD4(0, 0, 1, 1)), GradientStop(location: 1, color: SIMD4(0, 0, 1, 1))]
    func draw(_ g: Gradient) -> UInt32 {
        let s = Surface(width: 8, height: 8)
        execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 8, maxY: 8), localToDevice: .identity,
                             paint: .gradient(g, map: .identity))], on: s, threads: 1)
        return s[4, 4]
    }
    let g = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(8, 0)), stops: red)
    #expect(draw(g) == 0xFFFF_0000)
    var copy = g
    #expect(draw(copy) == 0xFFFF_0000)
    copy.stops = blue
    #expect(copy.table === g.table, "the copy still holds the cache")
    #expect(draw(copy) == 0xFF00_00FF, "its table is made again from its own stops")
    #expect(draw(g) == 0xFFFF_0000)
}

/// A fresh `Gradient` value with the stops of one prepared lately (a command rebuilt every
/// frame) takes the table made then instead of making it again; the tables held stay within
/// the capacity, the least recently used going first; each table is the one its stops make.
@Test func recentGradientTablesAreSharedByStopsAndBounded() {
    func stops(_ r: Float) -> [GradientStop] {
        [GradientStop(location: 0, color: SIMD4(r, 0, 0, 1)), GradientStop(location: 1, color: SIMD4(0, 0, 1, 0.5))]
    }
    func gradient(_ r: Float) -> Gradient { Gradient(kind: .linear(start: .zero, end: SIMD2(1, 0)), stops: stops(r)) }
    func made(_ g: Gradient) -> [UInt32] {
        var t: [UInt32] = []
        PreparedGradient.appendTable(g, to: &t)
        return t
    }
    let recent = RecentGradientTables(capacity: 2)
    let first = recent.table(for: gradient(1))
    #expect(first.entries == made(gradient(1)) && first.entries.count == PreparedGradient.tableSize)
    #expect(recent.table(for: gradient(1)) === first && recent.count == 1, "a new value with the same stops shares the table")
    _ = recent.table(for: gradient(0.5))
    _ = recent.table(for: gradient(1))          // used last: survives the next insert
    #expect(recent.table(for: gradient(0.25)).entries == made(gradient(0.25)))
    #expect(recent.count == 2)
    // NaN locations never compare equal: each call makes a table, and the count stays bounded.
    var nan = gradient(1)
    nan.stops[0].location = .nan
    for _ in 0..<10 { _ = recent.table(for: nan) }
    #expect(recent.count == 2)
}

/// Threads preparing gradients at once (a render thread and `CGContext` drawing on others)
/// share `RecentGradientTables` and a value's own table: each draw gets the table of its own
/// stops. Under ThreadSanitizer it also checks both levels' synchronisation, which TSan sees
/// now that they use `LockedState` and `AtomicLazyReference` rather than `Synchronization.Mutex`.
@Test func gradientsPreparedOnManyThreadsGetTheirOwnTables() async {
    func solid(_ i: Int) -> [GradientStop] {
        let c = SIMD4<Float>(Float(i % 4) / 3, Float(i / 4 % 4) / 3, 1, 1)
        return [GradientStop(location: 0, color: c), GradientStop(location: 1, color: c)]
    }
    func expected(_ i: Int) -> UInt32 {
        0xFF00_00FF | UInt32(i % 4 * 85) << 16 | UInt32(i / 4 % 4 * 85) << 8
    }
    let shared = Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(4, 0)), stops: solid(5))
    let wrong = await withTaskGroup(of: Int.self) { group in
        for thread in 0..<4 {
            group.addTask {
                var wrong = 0
                for round in 0..<60 {
                    let i = (thread * 7 + round) % 16
                    // A fresh value (the shared level) or one value's copies (its own level).
                    let g = round % 3 == 0 ? shared : Gradient(kind: .linear(start: SIMD2(0, 0), end: SIMD2(4, 0)), stops: solid(i))
                    let s = Surface(width: 4, height: 4)
                    execute([FillCommand(shape: RoundedRect(minX: 0, minY: 0, maxX: 4, maxY: 4), localToDevice: .identity,
                                         paint: .gradient(g, map: .identity))], on: s, threads: 1)
                    if s[2, 2] != (round % 3 == 0 ? expected(5) : expected(i)) { wrong += 1 }
                }
                return wrong
            }
        }
        return await group.reduce(0, +)
    }
    #expect(wrong == 0)
}
