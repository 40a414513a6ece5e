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
/// Offscreen passes run on the first execution only (`PreparedPasses`); framebuffer passes run
/// every time, prepared again when `framebuffer` is not the size they were prepared for.
public func execute(_ prepared: PreparedPasses, on framebuffer: Surface, threads: Int = 2, profile: RasterProfile? = nil) {
    let runsOffscreen = prepared.claimOffscreenPasses()
    for (pass, commands) in zip(prepared.passes, prepared.prepared) {
        let surface: Surface
        switch pass.target {
        case .framebuffer:
            surface = framebuffer
        case .offscreen(let s):
            guard runsOffscreen else { continue }
            surface = s
        }
        if let latch = pass.latch, !latch.claim() { continue }
        load(pass.load, into: surface)
        execute(commands, on: surface, threads: threads, profile: profile)
        switch pass.effect {
        case nil: break
        case .blur(let radius): blur(surface, radius: radius, threads: threads)
        case .applyAsMask(let owner): applyMask(owner, mask: surface, offsetX: 0, offsetY: 0)
        }
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
