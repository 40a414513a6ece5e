/// One step of a frame: draw fill commands into a target, then optionally post-process it.
///
/// Offscreen work (group opacity, masks, shadows, cached layer content) is a list of passes,
/// each drawing an offscreen surface that later passes read through `Paint.texture` or
/// `Paint.alphaMask`; the framebuffer pass comes last. A pass list is a description: building
/// it touches no pixels, `execute(_:on:threads:profile:)` runs it in order. Not an Apple type
/// (Core Animation's render passes are private).
public struct RenderPass: Sendable {
    /// The surface the pass draws into.
    public var target: PassTarget
    /// What the target holds before the commands draw.
    public var load: PassLoad
    /// The fills, source-over in order, with the band-parallel executor.
    public var commands: [FillCommand]
    /// What happens once the commands have drawn, or nil for nothing.
    public var effect: PostEffect?
    /// For a pass that fills a surface kept across frames: the first execution claims it and
    /// later ones skip the pass. Nil: the pass runs every time it is executed.
    public var latch: PassLatch?

    /// Creates a pass; by default it keeps what the target holds and has no effect.
    public init(target: PassTarget, load: PassLoad = .keep, commands: [FillCommand],
                effect: PostEffect? = nil, latch: PassLatch? = nil) {
        self.target = target
        self.load = load
        self.commands = commands
        self.effect = effect
        self.latch = latch
    }
}
