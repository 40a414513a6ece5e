import Raster

/// What `CARenderer`'s damage tracking remembers: the last prepared frame's framebuffer
/// commands (to compare the next one with), the damage of the last few frames, and which frame
/// each target surface holds (targets may alternate: a window's two MIT-SHM buffers).
struct DamageHistory: Sendable {
    /// The last prepared frame's commands and how its framebuffer was cleared.
    var base: Base?
    struct Base: Sendable {
        var drawn: DrawnCommands
        var clears: Bool
        var clearColor: UInt32
    }

    /// Per prepared frame, its damage against the frame before.
    private var log = DamageLog()
    private var targets: [(surface: WeakSurface, serial: Int)] = []
    private struct WeakSurface: @unchecked Sendable { weak var surface: Surface? }
    /// Frames remembered: a target more frames behind than this is redrawn whole.
    static let depth = DamageLog.depth

    /// The damage of a frame whose commands are `drawn`, against `base`: the boxes to redraw and
    /// the finer changed pixels to present (`DrawnCommands.changes(from:)`); nil for every pixel.
    static func damage(of drawn: DrawnCommands?, clears: Bool, clearColor: UInt32,
                       against base: Base?) -> (redraw: [IntRect], changed: [IntRect])? {
        guard let drawn, let base, base.clears == clears, base.clearColor == clearColor else { return nil }
        return drawn.changes(from: base.drawn)
    }

    /// Records a prepared frame and its damage; returns its serial.
    mutating func record(_ drawn: DrawnCommands?, clears: Bool, clearColor: UInt32, damage: [IntRect]?) -> Int {
        base = drawn.map { Base(drawn: $0, clears: clears, clearColor: clearColor) }
        return log.record(damage)
    }

    /// The damage of frame `s` against the frame before it; nil for every pixel (or unknown).
    func damage(ofFrame s: Int) -> [IntRect]? { log.damage(ofFrame: s) }

    /// The pixels that differ between frames `held` and `s`; nil when any frame between is
    /// unknown or whole (`DamageLog.damage(from:to:)`).
    func damage(from held: Int, to s: Int) -> [IntRect]? { log.damage(from: held, to: s) }

    /// The frame `surface` holds, when it is one this renderer drew.
    func serial(heldBy surface: Surface) -> Int? {
        targets.first { $0.surface.surface === surface }?.serial
    }

    /// The target other than `surface` holding the newest frame after `held` and up to `s`, with
    /// that frame: pixels that changed since `held` can be copied from it instead of redrawn.
    func newestTarget(besides surface: Surface, after held: Int, upTo s: Int) -> (surface: Surface, serial: Int)? {
        var best: (surface: Surface, serial: Int)?
        for t in targets where t.serial > held && t.serial <= s && t.serial > (best?.serial ?? 0) {
            if let other = t.surface.surface, other !== surface { best = (other, t.serial) }
        }
        return best
    }

    /// Notes that `surface` now holds frame `s` (0: no frame of a tree).
    mutating func hold(_ surface: Surface, serial s: Int) {
        targets.removeAll { $0.surface.surface == nil || $0.surface.surface === surface }
        targets.append((WeakSurface(surface: surface), s))
        if targets.count > 4 { targets.removeFirst() }
    }

    /// Forgets what every target holds (their pixels are redrawn whole next time).
    mutating func forgetTargets() { targets = [] }
}
