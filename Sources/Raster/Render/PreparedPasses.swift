import Synchronization

/// A render pass list with every pass's commands prepared for its target (edges, corners,
/// fast-path constants), as `PreparedCommands` does for one list: a compositor prepares frame
/// k + 1's passes while frame k's execute. Preparing touches no pixels.
///
/// Executed more than once (a frame drawn again into another framebuffer), each offscreen pass
/// runs once at most: its surface keeps the pixels, and only the framebuffer pass draws again.
/// A redraw inside a region runs only the offscreen passes whose pixels reach it. Strata
/// extension.
public final class PreparedPasses: Sendable {
    /// The passes, in execution order.
    public let passes: [RenderPass]
    /// Each pass's commands prepared for its target's size.
    let prepared: [PreparedCommands]
    /// The framebuffer size the framebuffer passes were prepared for.
    public let width: Int, height: Int
    /// Which passes have run (offscreen passes run once at most).
    private let passesRun: Mutex<[Bool]>
    /// Whether any pass draws offscreen (without, a redraw allocates nothing to track them).
    private let hasOffscreenPasses: Bool

    /// Prepares `passes` for a `width` × `height` framebuffer.
    public convenience init(_ passes: [RenderPass], framebufferWidth width: Int, framebufferHeight height: Int) {
        self.init(passes, framebufferWidth: width, framebufferHeight: height, defersKnown: false)
    }

    /// Prepares `passes`; with `defersKnown`, framebuffer commands kept from earlier frames whose
    /// place is known are prepared only when a redraw reaches them
    /// (`PreparedCommands(_:width:height:defersKnown:)`). Only the thread that prepares frames
    /// may defer.
    package init(_ passes: [RenderPass], framebufferWidth width: Int, framebufferHeight height: Int, defersKnown: Bool) {
        self.passes = passes
        passesRun = Mutex([Bool](repeating: false, count: passes.count))
        hasOffscreenPasses = passes.contains { if case .offscreen = $0.target { true } else { false } }
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        prepared = passes.map { pass in
            switch pass.target {
            case .framebuffer: PreparedCommands(pass.commands, width: width, height: height, defersKnown: defersKnown)
            case .offscreen(let surface): PreparedCommands(pass.commands, width: surface.width, height: surface.height)
            }
        }
    }

    /// The fill commands of the framebuffer passes.
    public var framebufferCommandCount: Int {
        passes.reduce(0) { n, pass in
            if case .framebuffer = pass.target { return n + pass.commands.count }
            return n
        }
    }

    /// True the first time only: whether this execution runs offscreen pass `index`.
    func claimOffscreenPass(_ index: Int) -> Bool {
        passesRun.withLock { done in
            guard !done[index] else { return false }
            done[index] = true
            return true
        }
    }

    /// Per pass, whether it is an offscreen pass whose pixels reach `rects` of the framebuffer
    /// (through the framebuffer commands that meet them): a pass is needed when a needed command
    /// samples its surface (texture, alpha mask) or a needed pass copies it, or when it writes a
    /// surface that is needed (its target, or the owner it applies itself to as a mask). Walked
    /// from the last pass back, so each pass sees everything that reads after it. Empty when
    /// there is no offscreen pass.
    func offscreenPassesNeeded(meeting rects: [IntRect]) -> [Bool] {
        guard hasOffscreenPasses else { return [] }
        var needed = Set<ObjectIdentifier>()
        func read(_ command: FillCommand) {
            if let s = command.paint.sampledSurface { needed.insert(ObjectIdentifier(s)) }
        }
        var result = [Bool](repeating: false, count: passes.count)
        for i in passes.indices.reversed() {
            let pass = passes[i]
            guard case .offscreen(let target) = pass.target else {
                prepared[i].forEachCommand(meeting: rects, read)
                continue
            }
            var writes = [ObjectIdentifier(target)]
            if case .applyAsMask(let owner) = pass.effect { writes.append(ObjectIdentifier(owner)) }
            guard writes.contains(where: needed.contains) else { continue }
            result[i] = true
            needed.formUnion(writes)
            pass.commands.forEach(read)
            if case .copy(let source) = pass.load { needed.insert(ObjectIdentifier(source)) }
        }
        return result
    }
}

extension Paint {
    /// The surface the paint samples, if any.
    var sampledSurface: Surface? {
        switch self {
        case .solid, .gradient: nil
        case .texture(let s, _, _), .textureOverColor(let s, _, _, _), .tintedTexture(let s, _, _, _), .alphaMask(let s, _, _): s
        }
    }
}

extension PreparedPasses {
    /// Whether the framebuffer can be redrawn in part: exactly one framebuffer pass, with no
    /// post effect, no latch and no copy load.
    package var canRedrawInPart: Bool {
        var count = 0
        for pass in passes {
            guard case .framebuffer = pass.target else { continue }
            count += 1
            guard pass.effect == nil, pass.latch == nil else { return false }
            if case .copy = pass.load { return false }
        }
        return count == 1
    }

    /// The framebuffer's commands with the device pixels each may touch, and the offscreen
    /// passes, for comparing this frame with the next; nil unless `canRedrawInPart`.
    package var drawnCommands: DrawnCommands? {
        guard canRedrawInPart else { return nil }
        for (pass, commands) in zip(passes, prepared) {
            guard case .framebuffer = pass.target else { continue }
            return DrawnCommands(commands: pass.commands, bounds: commands.commandBounds, width: width, height: height,
                                 load: pass.load, offscreenPasses: passes.filter { if case .offscreen = $0.target { true } else { false } })
        }
        return nil
    }
}
