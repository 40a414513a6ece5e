import Raster

/// Which pixels changed in the last few presents, so that a buffer holding an older frame is
/// brought up to date by copying only those (two MIT-SHM buffers take turns: each is two
/// presents behind). Shared by `X11Window` and `X11SurfacePresenter`.
struct PresentHistory {
    private var serial = 0
    /// Per present, the rectangles that changed (nil: every pixel).
    private var recent: [(serial: Int, rects: [IntRect]?)] = []
    private static let depth = 8

    /// Records a present whose frame differs from the one before in `rects` (nil: everywhere);
    /// returns its serial, which the buffer it is written to then holds.
    mutating func record(_ rects: [IntRect]?) -> Int {
        serial += 1
        recent.append((serial, rects))
        if recent.count > Self.depth { recent.removeFirst(recent.count - Self.depth) }
        return serial
    }

    /// What a buffer holding present `held` must copy to hold the latest one; nil for all of it.
    func rects(since held: Int) -> [IntRect]? {
        guard held > 0, held <= serial else { return nil }
        var region = DamageRegion(clip: .unbounded)
        for k in (held + 1)...Swift.max(held + 1, serial) where k <= serial {
            guard let r = recent.first(where: { $0.serial == k }), let rects = r.rects else { return nil }
            region.add(rects)
        }
        return region.rects
    }

    /// Forgets everything (buffers reallocated): the next present is whole.
    mutating func reset() { recent = [] }
}
