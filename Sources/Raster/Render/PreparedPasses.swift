import Synchronization

/// A render pass list with every pass's commands prepared for its target (edges, corners,
/// fast-path constants), as `PreparedCommands` does for one list: a compositor prepares frame
/// k + 1's passes while frame k's execute. Preparing touches no pixels.
///
/// Executed more than once (a frame drawn again into another framebuffer), the offscreen passes
/// run the first time only: their surfaces keep the pixels, and only the framebuffer pass draws
/// again. Strata extension.
public final class PreparedPasses: Sendable {
    /// The passes, in execution order.
    public let passes: [RenderPass]
    /// Each pass's commands prepared for its target's size.
    let prepared: [PreparedCommands]
    /// The framebuffer size the framebuffer passes were prepared for.
    public let width: Int, height: Int
    private let offscreenDone = Atomic<Bool>(false)

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

    /// True the first time only: whether this execution runs the offscreen passes.
    func claimOffscreenPasses() -> Bool {
        !offscreenDone.exchange(true, ordering: .acquiringAndReleasing)
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
