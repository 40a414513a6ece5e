/// The damage of the last few frames of a sequence, each numbered by a serial: what a buffer
/// holding an older frame must update to hold the newest. The one damage history of a window:
/// `CARenderer` keeps one for its targets (a window's MIT-SHM buffers take turns), and a window's
/// copy presents (`X11Window.present(_:damage:)`) keep one for the buffers they write.
/// Strata extension.
package struct DamageLog: Sendable {
    /// The serial of the newest frame recorded (0: none yet).
    package private(set) var serial = 0
    /// Per recorded frame, its damage against the frame before (nil: every pixel).
    private var frames: [(serial: Int, damage: [IntRect]?)] = []
    /// Frames remembered: a buffer more frames behind than this is brought up to date whole.
    package static let depth = 8

    package init() {}

    /// Records a frame whose pixels differ from the frame before in `damage` (nil: everywhere);
    /// returns its serial, which a buffer holding the frame then holds.
    @discardableResult
    package mutating func record(_ damage: [IntRect]?) -> Int {
        serial += 1
        frames.append((serial, damage))
        if frames.count > Self.depth { frames.removeFirst(frames.count - Self.depth) }
        return serial
    }

    /// The damage of frame `s` against the frame before it; nil for every pixel (or unknown).
    package func damage(ofFrame s: Int) -> [IntRect]? {
        frames.first { $0.serial == s }?.damage
    }

    /// The pixels that differ between frames `held` and `s` (the union of the damage of the
    /// frames after `held` up to `s`; empty when they are the same frame); nil when any of them
    /// is unknown or whole, or `held` is no frame (0 or less).
    package func damage(from held: Int, to s: Int) -> [IntRect]? {
        guard held > 0, held <= s else { return nil }
        var region = DamageRegion(clip: .unbounded)
        var k = held + 1
        while k <= s {
            guard let d = damage(ofFrame: k) else { return nil }
            region.add(d)
            k += 1
        }
        return region.rects
    }

    /// The pixels that differ between frame `held` and the newest one (`damage(from:to:)`).
    package func damageSinceFrame(_ held: Int) -> [IntRect]? {
        damage(from: held, to: serial)
    }

    /// Forgets every frame's damage (buffers reallocated): any buffer is then brought up to date
    /// whole. Serials keep counting.
    package mutating func reset() { frames = [] }
}
