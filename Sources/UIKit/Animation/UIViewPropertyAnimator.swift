import Foundation

/// An interruptible, scrubbable view animation: the changes of its `animations` blocks run as
/// Core Animation animations that it can pause, scrub (`fractionComplete`), reverse, stop and
/// finish at the start, the end or where they are.
///
/// How it works here: the blocks' changes are captured as the view changes of an animation
/// block are; the animator keeps, for each changed layer property, its start and end values
/// and adds one animation per property under the key path as key, its begin time set back so
/// that its time matches the animator's fraction. Pausing and scrubbing re-add them frozen (`speed` 0 at a
/// `timeOffset`). Completion handlers run on the main thread with the final position.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject {
    /// The duration of one pass, in seconds.
    public let duration: TimeInterval
    /// Seconds before the animations start after `startAnimation()` (`startAnimation(afterDelay:)`).
    open private(set) var delay: TimeInterval = 0
    /// The state.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations run (false while paused or inactive).
    open private(set) var isRunning = false
    /// Whether the animations run (or will run) towards their start values.
    open var isReversed = false {
        didSet {
            guard oldValue != isReversed, state == .active else { return }
            // Where the animations are, measured in the direction they ran until now.
            baseFraction = currentFraction(reversed: oldValue)
            if isRunning { run(from: baseFraction, delay: 0) } else { freeze() }
        }
    }
    /// Whether it can be paused and stopped (always true here).
    open var isInterruptible = true
    /// Whether the animations stay active at the end (paused at 1) instead of completing.
    open var pausesOnCompletion = false
    /// Whether touches reach the animating views.
    open var isUserInteractionEnabled = true
    /// Whether scrubbing is linear in time (true here: `fractionComplete` is a time fraction).
    open var scrubsLinearly = true

    private let timing: (curve: UIView.AnimationCurve?, controlPoints: (CGPoint, CGPoint)?, dampingRatio: CGFloat?)
    private var tracks: [Track] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The fraction reached when the animations were last (re)started or frozen.
    private var baseFraction: Double = 0
    /// The media time the running animations' fraction was `baseFraction` at.
    private var baseTime: CFTimeInterval = 0
    /// Bumped at every (re)start: stops of older animations are ignored.
    private var generation = 0
    private var running = 0

    private struct Track {
        let layer: CALayer
        let key: String
        let from: Any?
        let to: Any?
    }

    /// An animator with a UIKit curve.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = (curve, nil, nil)
        super.init()
        if let animations { addAnimations(animations) }
    }

    /// An animator with a cubic Bézier timing curve through two control points.
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = (nil, (point1, point2), nil)
        super.init()
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of `ratio` (1: no overshoot).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = (nil, nil, ratio)
        super.init()
        if let animations { addAnimations(animations) }
    }

    /// An animator already running `animations`, as `UIView.animate` would.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private static func validDuration(_ d: TimeInterval) -> TimeInterval {
        guard d.isFinite, d > 0 else {
            if !d.isFinite { StrataDiagnostics.report("UIViewPropertyAnimator: duration \(d) is not finite; 0 is used") }
            return 0
        }
        return d
    }

    /// How far the animations are, 0…1 (settable while paused or inactive: scrubbing).
    open var fractionComplete: CGFloat {
        get { CGFloat(currentFraction()) }
        set {
            guard newValue.isFinite else { return StrataDiagnostics.report("fractionComplete = \(newValue): ignored") }
            guard !isRunning else { return }
            if state == .inactive { activate() }
            baseFraction = min(max(Double(newValue), 0), 1)
            freeze()
        }
    }

    /// Adds the changes in `animation` to the animator (they take its timing).
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds the changes in `animation` (the delay factor is accepted; they start with the rest).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let block = AnimationBlock(duration: max(duration, 1e-6), delay: 0, curve: .linear,
                                   tracker: CompletionTracker(parent: nil, completion: nil))
        ViewAnimationStack.open(block)
        animation()
        for change in ViewAnimationStack.capture(block) {
            if let i = tracks.firstIndex(where: { $0.layer === change.layer && $0.key == change.key }) {
                let old = tracks[i]
                tracks[i] = Track(layer: old.layer, key: old.key, from: old.from, to: ViewAnimationStack.modelValue(of: change.layer, change.key))
            } else {
                tracks.append(Track(layer: change.layer, key: change.key, from: change.from,
                                    to: ViewAnimationStack.modelValue(of: change.layer, change.key)))
            }
        }
        if isRunning { restartFromCurrentFraction() } else if state == .active { freeze() }
    }

    /// Adds a handler called when the animations end, with where they ended.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts (or resumes) the animations.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts (or resumes) the animations after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return StrataDiagnostics.report("UIViewPropertyAnimator.startAnimation: the animator is stopped; call finishAnimation(at:)") }
        if state == .inactive { activate() }
        self.delay = delay.isFinite ? max(delay, 0) : 0
        isRunning = true
        run(from: baseFraction, delay: self.delay)
    }

    /// Pauses the animations where they are (the views stay there).
    open func pauseAnimation() {
        if state == .inactive { activate() }
        guard state == .active else { return }
        baseFraction = currentFraction()
        isRunning = false
        freeze()
    }

    /// Stops the animations. With `withoutFinishing` the views keep what they show now as their
    /// model values and the animator becomes inactive without calling completions; otherwise
    /// it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let fraction = currentFraction()
        baseFraction = fraction
        isRunning = false
        generation += 1
        setModelValues(at: fraction)
        removeAnimations()
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { tracks.removeAll() }
    }

    /// Finishes a stopped animator: the views take the values at `finalPosition` and the
    /// completions run.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return StrataDiagnostics.report("UIViewPropertyAnimator.finishAnimation(at:): the animator is not stopped") }
        switch finalPosition {
        case .end: setModelValues(at: 1)
        case .start: setModelValues(at: 0)
        case .current: break
        }
        complete(at: finalPosition)
    }

    // MARK: Driving the layers

    private func activate() {
        state = .active
        baseFraction = isReversed ? 1 : 0
    }

    /// The time fraction now (0…1), in the forward direction of the values.
    private func currentFraction(reversed: Bool? = nil) -> Double {
        guard isRunning, duration > 0 else { return baseFraction }
        let elapsed = max(0, CACurrentMediaTime() - baseTime) / duration
        let f = (reversed ?? isReversed) ? baseFraction - elapsed : baseFraction + elapsed
        return min(max(f, 0), 1)
    }

    private func restartFromCurrentFraction() {
        baseFraction = currentFraction()
        if isRunning { run(from: baseFraction, delay: 0) } else { freeze() }
    }

    /// Runs the animations from `fraction` towards the end (or the start when reversed).
    private func run(from fraction: Double, delay: TimeInterval) {
        generation += 1
        baseFraction = fraction
        baseTime = CACurrentMediaTime() + delay
        let remaining = isReversed ? fraction : 1 - fraction
        guard duration > 0, remaining > 0, !tracks.isEmpty else {
            // Nothing left to run: complete on the next turn, as a zero-length animation would.
            let g = generation
            DispatchQueue.main.async { MainActor.assumeIsolated { if g == self.generation { self.animationsEnded() } } }
            return
        }
        running = 0
        for track in tracks {
            // Reversed: the same values the other way round, from the mirrored fraction.
            // Begun that much earlier (a timeOffset would wrap around to play a whole duration).
            let anim = makeAnimation(track, reversed: isReversed)
            let done = (isReversed ? 1 - fraction : fraction) * duration
            anim.beginTime = track.layer.convertTime(baseTime, from: nil) - done
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            anim.delegate = AnimatorRelay(animator: self, generation: generation)
            running += 1
            track.layer.add(anim, forKey: track.key)
        }
    }

    /// Shows every track frozen at `baseFraction`.
    private func freeze() {
        generation += 1
        for track in tracks {
            let anim = makeAnimation(track)
            anim.speed = 0
            if baseFraction >= 1 {
                // The end exactly: an offset of a whole duration (or within the timing's rounding
                // snap of it) wraps to the start, which showed a finished `pausesOnCompletion`
                // animator at its start values.
                anim.fromValue = track.to
                anim.timeOffset = 0
            } else {
                anim.timeOffset = baseFraction * duration
            }
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            track.layer.add(anim, forKey: track.key)
        }
    }

    private func makeAnimation(_ track: Track, reversed: Bool = false) -> CABasicAnimation {
        let anim: CABasicAnimation
        if let ratio = timing.dampingRatio {
            anim = ViewAnimationStack.springAnimation(key: track.key, duration: duration, (ratio, 0))
        } else {
            anim = CABasicAnimation(keyPath: track.key)
            if let (c1, c2) = timing.controlPoints {
                anim.timingFunction = CAMediaTimingFunction(controlPoints: Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y))
            } else {
                anim.timingFunction = (timing.curve ?? .easeInOut).timingFunction
            }
        }
        anim.fromValue = reversed ? track.to : track.from
        anim.toValue = reversed ? track.from : track.to
        anim.duration = max(duration, 1e-6)
        return anim
    }

    private func removeAnimations() {
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
    }

    /// Sets the model values to what the animations show at `fraction` (0: start, 1: end).
    private func setModelValues(at fraction: Double) {
        UIView.performWithoutAnimation {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for track in tracks {
                let value: Any?
                if fraction <= 0 { value = track.from } else if fraction >= 1 { value = track.to } else {
                    value = track.layer.currentPresentedValue(forKey: track.key)
                }
                if let value { track.layer.setValue(value, forKey: track.key) }
            }
            CATransaction.commit()
        }
    }

    /// One of the running animations stopped.
    fileprivate func animationStopped(generation g: Int, finished: Bool) {
        guard g == generation, isRunning else { return }
        running -= 1
        if running <= 0 { animationsEnded() }
    }

    private func animationsEnded() {
        if pausesOnCompletion {
            baseFraction = isReversed ? 0 : 1
            isRunning = false
            freeze()
            return
        }
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        setModelValues(at: isReversed ? 0 : 1)
        generation += 1
        removeAnimations()
        complete(at: position)
    }

    private func complete(at position: UIViewAnimatingPosition) {
        state = .inactive
        isRunning = false
        tracks.removeAll()
        let handlers = completions
        completions.removeAll()
        for h in handlers { h(position) }
    }
}

/// The delegate of a property animator's running animations. It holds the animator strongly,
/// as Core Animation holds an animation's delegate: a running animator lives until its
/// animations stop or are removed even when the app keeps no reference to it (iOS code often
/// starts one from a local `let`), and no longer.
private final class AnimatorRelay: NSObject, CAAnimationDelegate, @unchecked Sendable {
    let animator: UIViewPropertyAnimator
    let generation: Int
    @MainActor init(animator: UIViewPropertyAnimator, generation: Int) { self.animator = animator; self.generation = generation }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard MainQueue.isCurrent else { return }
        MainActor.assumeIsolated { animator.animationStopped(generation: generation, finished: flag) }
    }
}
