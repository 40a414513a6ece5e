import Foundation

/// Apple's frame protocol spellings, beside Strata's `prepareFrame`/`draw` pipeline.
extension CARenderer {
    /// Starts a frame at media time `t`, as `beginFrame(atTime:)`. The time stamp is ignored
    /// (Apple's display-link timing; Strata takes only the media time).
    public func beginFrame(atTime t: CFTimeInterval, timeStamp: UnsafeMutablePointer<CVTimeStamp>?) {
        beginFrame(atTime: t)
    }

    /// The region the current frame will draw: the whole bounds when the committed tree or an
    /// animation changed since the last frame, else the rectangles added by `addUpdate(_:)`
    /// (`.null` when there are none: nothing to draw).
    ///
    /// Differs from Apple: the region is the whole surface whenever anything changed (the
    /// renderer's damage tracking works on the draw list, after this call).
    public func updateBounds() -> CGRect {
        if treeChangedSinceLastFrame { return bounds }
        return pendingUpdate.intersection(bounds)
    }

    /// Adds `r` to the region to redraw in the current frame, even if nothing changed there.
    /// Strata redraws the whole surface for any update.
    public func addUpdate(_ r: CGRect) {
        guard !r.isNull, !r.isEmpty else { return }
        let keep = pendingUpdate.union(r)
        invalidate()
        pendingUpdate = keep.intersection(bounds)
    }
}
