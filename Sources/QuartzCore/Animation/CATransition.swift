/// An animated transition between a layer's old and new content (added under `kCATransition`).
///
/// Differs from Apple: `filter` is stored but not used; directions assume y grows downwards
/// (iOS layer geometry), so `.fromTop` starts the new content one height above; a nil `subtype`
/// behaves as `.fromLeft`.
open class CATransition: CAAnimation {
    /// The kind of transition. Defaults to `.fade`.
    open var type: CATransitionType = .fade
    /// The direction of motion-based types.
    open var subtype: CATransitionSubtype?
    /// Where in the transition (0…1) it starts. Defaults to 0.
    open var startProgress: Float = 0
    /// Where in the transition (0…1) it ends. Defaults to 1.
    open var endProgress: Float = 1
    /// A custom filter object (unused).
    open var filter: Any?

    /// A copy sharing no mutable state with the receiver.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let c = copy as? CATransition {
            c.type = type
            c.subtype = subtype
            c.startProgress = startProgress
            c.endProgress = endProgress
            c.filter = filter
        }
        return copy
    }

    /// How far through the transition (0…1) it is at local time `t`: the timing function's
    /// output mapped onto `startProgress…endProgress`.
    package func progress(atLocalTime t: CFTimeInterval, duration: CFTimeInterval) -> Double {
        let start = Double(min(max(startProgress, 0), 1)), end = Double(min(max(endProgress, 0), 1))
        return start + (end - start) * easedFraction(atLocalTime: t, duration: duration)
    }

    /// The progress at the layer's `parentTime`, or nil when the transition is not in effect.
    package func progress(atParentTime parentTime: CFTimeInterval,
                          defaultDuration: CFTimeInterval = CAAnimation.defaultDuration) -> Double? {
        let timing = mediaTiming(defaultDuration: defaultDuration)
        let sample = timing.sample(atParentTime: parentTime)
        guard sample.isVisible else { return nil }
        return progress(atLocalTime: sample.localTime, duration: timing.effectiveDuration)
    }

    /// How the renderer draws the old and new content at `progress` (0…1).
    package func frame(atProgress progress: Double) -> TransitionFrame {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        // The unit vector from where the new content enters (y down).
        let d: (x: Double, y: Double)
        switch subtype {
        case .fromRight?: d = (1, 0)
        case .fromTop?: d = (0, -1)
        case .fromBottom?: d = (0, 1)
        default: d = (-1, 0)
        }
        func offset(_ k: Double) -> CGPoint { CGPoint(x: d.x * k, y: d.y * k) }
        switch type {
        case .moveIn:
            return TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: .zero,
                                   newOffset: offset(1 - p), newOnTop: true)
        case .push:
            return TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: offset(-p),
                                   newOffset: offset(1 - p), newOnTop: true)
        case .reveal:
            return TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: offset(-p),
                                   newOffset: .zero, newOnTop: false)
        default:
            return TransitionFrame(oldOpacity: 1 - p, newOpacity: p, oldOffset: .zero,
                                   newOffset: .zero, newOnTop: true)
        }
    }
}
