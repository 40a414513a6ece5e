/// Several animations running together in the group's time space, clipped to its duration.
///
/// A child's `beginTime` is relative to the group's start; the group's `timingFunction` warps the
/// time its children see (as on Apple, which the card-flip seed relies on). A child with
/// `duration` 0 runs for the group's duration, as on Apple: the seeds' groups (card flip, fade +
/// path + resize) set no child durations and animate over the whole group, and the card flip's
/// children end held at the group's end.
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations, applied in order.
    open var animations: [CAAnimation]?

    /// A copy whose children are copies too, so changing a child of the receiver later does not
    /// affect an added group.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CAAnimationGroup {
            c.animations = animations?.map { ($0.copy(with: zone) as? CAAnimation) ?? $0 }
        }
        return copy
    }

    /// The time the children see at group local time `t` (0…duration): `t` warped by the group's
    /// timing function.
    package func childParentTime(atLocalTime t: CFTimeInterval, duration: CFTimeInterval) -> CFTimeInterval {
        guard timingFunction != nil else { return t }
        return easedFraction(atLocalTime: t, duration: duration) * duration
    }

    /// Each child with the parent time it sees at the group's `parentTime`, or an empty list when
    /// the group itself is inactive. Children may still be inactive at that time.
    package func children(atParentTime parentTime: CFTimeInterval,
                          defaultDuration: CFTimeInterval = CAAnimation.defaultDuration)
        -> [(animation: CAAnimation, parentTime: CFTimeInterval)] {
        let timing = mediaTiming(defaultDuration: defaultDuration)
        let sample = timing.sample(atParentTime: parentTime)
        guard sample.isVisible else { return [] }
        let t = childParentTime(atLocalTime: sample.localTime, duration: timing.effectiveDuration)
        return (animations ?? []).map { ($0, t) }
    }

    /// The duration a child with `duration` 0 runs for: the group's own pass.
    package func childDefaultDuration(groupDuration: CFTimeInterval) -> CFTimeInterval {
        groupDuration.isFinite && groupDuration > 0 ? groupDuration : CAAnimation.defaultDuration
    }

    package override func apply(sample: MediaTiming.Sample, duration: CFTimeInterval,
                                get: (String) -> Any?, set: (String, Any?) -> Void) {
        let t = childParentTime(atLocalTime: sample.localTime, duration: duration)
        for child in animations ?? [] {
            child.apply(atParentTime: t, defaultDuration: childDefaultDuration(groupDuration: duration),
                        get: get, set: set)
        }
    }
}
