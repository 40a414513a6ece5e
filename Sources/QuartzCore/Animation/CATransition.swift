/// An animated transition between a layer's old and new content (added under `kCATransition`).
///
/// Types: the public `fade`, `moveIn`, `push`, `reveal` and Apple's private `cube`, `oglFlip`,
/// `flip`, `pageCurl`, `pageUnCurl` (3D turns and a page curl); any other type fades, said once.
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
        case .oglFlip, .flip, .cube, .pageCurl, .pageUnCurl:
            return TransitionFrame(oldOpacity: 1, newOpacity: 1, oldOffset: .zero, newOffset: .zero,
                                   newOnTop: true, motion: motion(p))
        case .fade:
            return Self.fadeFrame(p)
        default:
            Self.reportUnknown(type)
            return Self.fadeFrame(p)
        }
    }

    private static func fadeFrame(_ p: Double) -> TransitionFrame {
        TransitionFrame(oldOpacity: 1 - p, newOpacity: p, oldOffset: .zero, newOffset: .zero, newOnTop: true)
    }

    /// The 3D motion of a flip, cube or curl at progress `p` (see `TransitionFrame.Motion`).
    ///
    /// Flips (Apple's `transitionFlipFromLeft` rule): from the left, the left side comes towards
    /// the viewer and the layer turns half a turn about its vertical centre line; from the top,
    /// the top side comes forward about the horizontal line. The old content shows for the first
    /// half, the new one (on the back) for the second. Cubes: the new face comes from the side
    /// the subtype names, a quarter turn. Curls: the page lifts off the edge the subtype names.
    private func motion(_ p: Double) -> TransitionFrame.Motion {
        let vertical = subtype == .fromTop || subtype == .fromBottom
        // +1 when the subtype's side turns forward under a positive angle (CATransform3DMakeRotation's
        // sign: about y, +angle brings −x forward; about x, +angle brings +y forward).
        let sign: Double = subtype == .fromRight || subtype == .fromTop ? -1 : 1
        switch type {
        case .oglFlip, .flip:
            let angle = sign * p * .pi
            return .flip(vertical: vertical, old: p < 0.5 ? angle : nil, new: p >= 0.5 ? angle - sign * .pi : nil)
        case .cube:
            // From the left, the new face turns in from the left: the cube turns towards +x
            // (the old face's centre goes right and back).
            let angle = sign * p * .pi / 2
            return .cube(vertical: vertical, old: angle, new: angle - sign * .pi / 2)
        default:
            let edge: TransitionFrame.Edge
            switch subtype {
            case .fromRight?: edge = .right
            case .fromTop?: edge = .top
            case .fromBottom?: edge = .bottom
            default: edge = .left
            }
            let unCurl = type == .pageUnCurl
            return .curl(edge: edge, amount: unCurl ? 1 - p : p, curledIsNew: unCurl)
        }
    }

    private static let reportLock = NSLock()
    nonisolated(unsafe) private static var reportedTypes = Set<String>()

    /// Says once per type name that Strata draws it as a fade.
    private static func reportUnknown(_ type: CATransitionType) {
        reportLock.lock()
        let first = reportedTypes.count < 64 && reportedTypes.insert(type.rawValue).inserted
        reportLock.unlock()
        if first {
            StrataDiagnostics.report("CATransition: type \"\(type.rawValue.prefix(80))\" is not one Strata draws (fade, moveIn, push, reveal, cube, oglFlip, flip, pageCurl, pageUnCurl); drawing a fade")
        }
    }
}
