/// Runs render passes in order on `framebuffer` (the target of `.framebuffer` passes): each
/// pass loads its target, draws its commands with the band-parallel executor on `threads`
/// workers, then applies its effect. The pixels do not depend on `threads`.
///
/// Passes run in the order given, so a pass must come after every pass that draws a surface it
/// reads (a texture, a copy, a mask); `DrawListBuilder` lists offscreen passes before the pass
/// that uses them and the framebuffer pass last. Strata extension.
public func execute(_ passes: [RenderPass], on framebuffer: Surface, threads: Int = 2, profile: RasterProfile? = nil) {
    execute(PreparedPasses(passes, framebufferWidth: framebuffer.width, framebufferHeight: framebuffer.height),
            on: framebuffer, threads: threads, profile: profile)
}

/// Runs prepared passes, as `execute(_:on:threads:profile:)` runs the passes they came from.
/// Each offscreen pass runs once at most over all executions (`PreparedPasses`); framebuffer
/// passes run every time, prepared again when `framebuffer` is not the size they were prepared for.
public func execute(_ prepared: PreparedPasses, on framebuffer: Surface, threads: Int = 2, profile: RasterProfile? = nil) {
    for (i, (pass, commands)) in zip(prepared.passes, prepared.prepared).enumerated() {
        let surface: Surface
        switch pass.target {
        case .framebuffer:
            surface = framebuffer
        case .offscreen(let s):
            guard prepared.claimOffscreenPass(i) else { continue }
            surface = s
        }
        run(pass, commands, on: surface, threads: threads, profile: profile)
    }
}

/// One whole pass: claims its latch (a pass another frame already drew is skipped), loads the
/// target, draws the commands, applies the effect.
private func run(_ pass: RenderPass, _ commands: PreparedCommands, on surface: Surface, threads: Int, profile: RasterProfile?) {
    if let latch = pass.latch, !latch.claim() { return }
    load(pass.load, into: surface)
    execute(commands, on: surface, threads: threads, profile: profile)
    switch pass.effect {
    case nil: break
    case .blur(let radius): blur(surface, radius: radius, threads: threads)
    case .applyAsMask(let owner): applyMask(owner, mask: surface, offsetX: 0, offsetY: 0)
    }
}

private func load(_ load: PassLoad, into surface: Surface) {
    switch load {
    case .keep:
        break
    case .clear(let color):
        surface.clear(color)
    case .copy(let source):
        guard source !== surface else { return }
        let w = Swift.min(source.width, surface.width)
        guard w > 0 else { return }
        for y in 0..<Swift.min(source.height, surface.height) {
            surface.row(y).update(from: source.row(y), count: w)
        }
    }
}

/// Runs prepared passes as `execute(_:on:threads:profile:)` does, but redraws the framebuffer
/// only inside `region`: each rectangle is cleared to `clear` (when given), loaded as the
/// framebuffer pass says, and drawn with every command clipped to it; pixels outside the
/// region keep what the framebuffer held. When the framebuffer held the previous frame and
/// `region` covers every pixel where the two frames' commands differ (`DrawnCommands.damage`),
/// the result is the full redraw's, pixel for pixel. A pass list whose framebuffer pass has a
/// post effect is drawn in full (`DrawnCommands` is nil for it). Strata extension.
@discardableResult
package func execute(_ prepared: PreparedPasses, on framebuffer: Surface, within region: [IntRect], clear: UInt32?,
                     threads: Int = 2, profile: RasterProfile? = nil) -> Int {
    guard prepared.canRedrawInPart else {
        if let clear { framebuffer.clear(clear) }
        execute(prepared, on: framebuffer, threads: threads, profile: profile)
        return framebuffer.width * framebuffer.height
    }
    let whole = IntRect(framebuffer)
    var rects = region.map { $0.intersection(whole) }.filter { !$0.isEmpty }
    for (pass, commands) in zip(prepared.passes, prepared.prepared) {
        if case .framebuffer = pass.target { rects = commands.widenedForExactRedraw(rects, clip: whole) }
    }
    // A small region is drawn on this thread alone: waking the band helper (parked between
    // frames) took ≈ 1 ms on this loaded 2-core VM, 70 × the 16 µs of pixel work of a 64 × 64
    // spinner's damage (`strata bench --variant spinner --profile`). Pixels do not depend on it.
    let framebufferThreads = rects.reduce(0) { $0 + $1.area } < 65_536 ? 1 : threads
    if let clear {
        for r in rects { framebuffer.clear(r, to: clear) }
    }
    // Offscreen passes whose pixels reach no rect are not run (a label redrawn beside a masked
    // gradient or a shadow redrew them every frame); a later execution runs them if it needs them.
    let needed = prepared.offscreenPassesNeeded(meeting: rects)
    for (i, (pass, commands)) in zip(prepared.passes, prepared.prepared).enumerated() {
        switch pass.target {
        case .framebuffer:
            // Deferred commands: only those that reach the region are prepared, once for all rects.
            let commands = commands.reaching(rects)
            for r in rects {
                switch pass.load {
                case .keep: break
                case .clear(let color): framebuffer.clear(r, to: color)
                case .copy(let source): framebuffer.copy(r, from: source)
                }
                execute(commands, on: framebuffer, within: r, threads: framebufferThreads, profile: profile)
            }
        case .offscreen(let s):
            guard needed[i], prepared.claimOffscreenPass(i) else { continue }
            run(pass, commands, on: s, threads: threads, profile: profile)
        }
    }
    return rects.reduce(0) { $0 + $1.area }
}
