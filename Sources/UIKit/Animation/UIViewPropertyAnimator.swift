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
            if addedTracks != nil {
                // Back on the tracks as added (a continued animation's rest ends where it began).
                baseFraction = wholeFraction(baseFraction)
                restoreAddedTracks()
            }
            if isRunning { run(from: baseFraction, delay: 0) } else { freeze() }
        }
    }
    /// Whether it can be paused and stopped (always true here).
    open var isInterruptible = true
    /// Whether the animations stay active at the end (paused at 1) instead of completing.
    open var pausesOnCompletion = false
    /// Whether touches reach the animating views.
    open var isUserInteractionEnabled = true
    /// Whether a paused animator shows the straight mix of its start and end values at
    /// `fractionComplete` (true, the default, as on iOS) or the value its timing curve gives
    /// there (false). Pausing a running animator makes what it shows its fraction, so nothing
    /// jumps; resuming finds that fraction on the curve again. A spring scrubs along its own
    /// motion either way.
    open var scrubsLinearly = true {
        didSet { if oldValue != scrubsLinearly, state == .active, !isRunning { freeze() } }
    }

    private var parameters: UITimingCurveProvider
    /// The timing the animations run with (the last given to `continueAnimation`, if any).
    open var timingParameters: UITimingCurveProvider? { parameters }
    private var tracks: [Track] = []
    /// The tracks as added, while `tracks` run the rest of a continued animation from where it
    /// was shown (`continueAnimation`); nil otherwise.
    private var addedTracks: [Track]?
    /// The part of the whole animation the tracks cover, as fractions: 0…1, or the rest of a
    /// continued animation (`f…1`, or `0…f` reversed).
    private var span: (lo: Double, hi: Double) = (0, 1)
    /// Seconds for the tracks to run from their start to their end.
    private var passDuration: TimeInterval
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
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a cubic curve or a spring. A spring given by mass, stiffness and damping
    /// lasts as long as it takes to settle, whatever `duration` says (as on iOS).
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = Self.validDuration(duration)
        self.parameters = parameters
        passDuration = self.duration
        super.init()
        passDuration = wholePassDuration
    }

    /// An animator with a cubic Bézier timing curve through two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of `ratio` (1: no overshoot).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator already running `animations`, as `UIView.animate` would.
    @discardableResult
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

    /// How far the animations are, 0…1 (settable while paused or inactive: scrubbing): a time
    /// fraction while they run; while paused, the progress shown when `scrubsLinearly` (the
    /// default), else a time fraction.
    open var fractionComplete: CGFloat {
        get { CGFloat(wholeFraction(currentFraction())) }
        set {
            guard newValue.isFinite else { return StrataDiagnostics.report("fractionComplete = \(newValue): ignored") }
            guard !isRunning else { return }
            if state == .inactive { activate() }
            restoreAddedTracks()
            baseFraction = min(max(Double(newValue), 0), 1)
            freeze()
        }
    }

    /// Adds the changes in `animation` to the animator (they take its timing).
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds the changes in `animation` (the delay factor is accepted; they start with the rest).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if addedTracks != nil {
            baseFraction = Double(fractionComplete)
            restoreAddedTracks()
        }
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
        if !isRunning, let curve = scrubbingCurve { baseFraction = curve.firstTime(reaching: baseFraction) }
        self.delay = delay.isFinite ? max(delay, 0) : 0
        isRunning = true
        run(from: baseFraction, delay: self.delay)
    }

    /// Pauses the animations where they are (the views stay there).
    open func pauseAnimation() {
        if state == .inactive { activate() }
        guard state == .active else { return }
        if isRunning {
            baseFraction = currentFraction()
            if let curve = scrubbingCurve { baseFraction = curve.evaluate(at: baseFraction) }
        }
        isRunning = false
        freeze()
    }

    /// The cubic curve the animations run on when they are not a spring.
    private var cubicCurve: CAMediaTimingFunction {
        (parameters.cubicTimingParameters ?? UICubicTimingParameters()).timingFunction
    }

    /// The curve a paused animator's fraction is the progress of (it scrubs linearly); nil when
    /// the fraction is a time fraction (a spring, or `scrubsLinearly` false).
    private var scrubbingCurve: CAMediaTimingFunction? {
        scrubsLinearly && parameters.springTimingParameters == nil ? cubicCurve : nil
    }

    /// Resumes a paused (or running) animator for the rest of its animations: with `parameters`'
    /// timing when given (else the timing it had), the rest lasting `durationFactor` × `duration`
    /// seconds (0: the time it had left; a spring given by its physics takes its own time). The
    /// views go on from what they show, and `fractionComplete` from where it was, to the end (or
    /// the start when reversed). Call it to finish an interaction, as iOS code does on a pan's end.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else {
            return StrataDiagnostics.report("UIViewPropertyAnimator.continueAnimation: the animator is not active; call startAnimation()")
        }
        if !durationFactor.isFinite || durationFactor < 0 {
            StrataDiagnostics.report("UIViewPropertyAnimator.continueAnimation: duration factor \(durationFactor) is not a factor; 0 is used")
        }
        let whole = Double(fractionComplete)
        if isRunning { pauseAnimation() }
        let factor = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) : 0
        let left = isReversed ? whole : 1 - whole
        var seconds = factor > 0 ? factor * duration : left * wholePassDuration
        if let parameters { self.parameters = parameters }
        seconds = Self.settlingDuration(self.parameters) ?? seconds
        rebase(at: whole, seconds: seconds)
        isRunning = true
        delay = 0
        run(from: baseFraction, delay: 0)
    }

    /// The rest of the animations from `whole` (a fraction of the whole) as tracks of their
    /// own, from what each view shows now to where it ends, run in `seconds`.
    private func rebase(at whole: Double, seconds: TimeInterval) {
        let added = addedTracks ?? tracks
        let shown = tracks.map { $0.layer.attachedPresentedValue(forKey: $0.key) }
        tracks = zip(added, shown).map { t, value in
            isReversed ? Track(layer: t.layer, key: t.key, from: t.from, to: value ?? t.to)
                : Track(layer: t.layer, key: t.key, from: value ?? t.from, to: t.to)
        }
        addedTracks = added
        span = isReversed ? (0, whole) : (whole, 1)
        baseFraction = isReversed ? 1 : 0
        passDuration = max(seconds, 0)
    }

    /// Back on the tracks as added, timed as the whole animation (callers set `baseFraction`).
    private func restoreAddedTracks() {
        guard let added = addedTracks else { return }
        tracks = added
        addedTracks = nil
        span = (0, 1)
        passDuration = wholePassDuration
    }

    /// Seconds for the whole animation: `duration`, or a physical spring's settling time.
    private var wholePassDuration: TimeInterval { Self.settlingDuration(parameters) ?? duration }

    /// A fraction of the tracks' run as a fraction of the whole animation (they cover `span`).
    private func wholeFraction(_ fraction: Double) -> Double { span.lo + (span.hi - span.lo) * fraction }

    /// Stops the animations. With `withoutFinishing` the views keep what they show now as their
    /// model values and the animator becomes inactive without calling completions; otherwise
    /// it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let fraction = currentFraction()
        isRunning = false
        generation += 1
        setModelValues(at: fraction)
        removeAnimations()
        baseFraction = wholeFraction(fraction)
        restoreAddedTracks()
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
        guard isRunning, passDuration > 0 else { return baseFraction }
        let elapsed = max(0, CACurrentMediaTime() - baseTime) / passDuration
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
        guard passDuration > 0, remaining > 0, !tracks.isEmpty else {
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
            let done = (isReversed ? 1 - fraction : fraction) * passDuration
            anim.beginTime = track.layer.convertTime(baseTime, from: nil) - done
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            anim.delegate = AnimatorRelay(animator: self, generation: generation)
            running += 1
            track.layer.add(anim, forKey: track.key)
        }
    }

    /// Shows every track frozen at `baseFraction` (a progress on a straight line while it
    /// scrubs linearly, else a time fraction on its timing).
    private func freeze() {
        generation += 1
        let straight = scrubbingCurve != nil
        for track in tracks {
            let anim = makeAnimation(track)
            if straight { anim.timingFunction = CAMediaTimingFunction(name: .linear) }
            anim.speed = 0
            if baseFraction >= 1 {
                // The end exactly: an offset of a whole duration (or within the timing's rounding
                // snap of it) wraps to the start, which showed a finished `pausesOnCompletion`
                // animator at its start values.
                anim.fromValue = track.to
                anim.timeOffset = 0
            } else {
                anim.timeOffset = baseFraction * passDuration
            }
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            track.layer.add(anim, forKey: track.key)
        }
    }

    private func makeAnimation(_ track: Track, reversed: Bool = false) -> CABasicAnimation {
        let anim: CABasicAnimation
        if let spring = parameters.springTimingParameters {
            anim = Self.springAnimation(spring, key: track.key, duration: passDuration)
        } else {
            anim = CABasicAnimation(keyPath: track.key)
            // Run back, the curve runs back in time: from the end, it shows the same values as
            // the forward curve at the same moment ("reverse direction from its current
            // position"; the curve itself jumped for one that is not symmetric).
            anim.timingFunction = reversed ? cubicCurve.reversedInTime : cubicCurve
        }
        anim.fromValue = reversed ? track.to : track.from
        anim.toValue = reversed ? track.from : track.to
        anim.duration = max(passDuration, 1e-6)
        return anim
    }

    /// The spring's animation for one property over `duration` seconds.
    private static func springAnimation(_ spring: UISpringTimingParameters, key: String, duration: TimeInterval) -> CASpringAnimation {
        guard let physics = spring.physics else {
            return ViewAnimationStack.springAnimation(key: key, duration: duration, (spring.dampingRatio ?? 1, spring.initialVelocity.dx))
        }
        let anim = CASpringAnimation(keyPath: key)
        anim.mass = physics.mass
        anim.stiffness = physics.stiffness
        anim.damping = physics.damping
        anim.initialVelocity = spring.initialVelocity.dx
        return anim
    }

    /// How long a spring given by its physics takes to settle; nil for other timing.
    private static func settlingDuration(_ parameters: UITimingCurveProvider) -> TimeInterval? {
        guard let spring = parameters.springTimingParameters, spring.physics != nil else { return nil }
        let d = springAnimation(spring, key: "opacity", duration: 1).settlingDuration
        return d.isFinite && d > 0 ? min(d, 60) : nil
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
        restoreAddedTracks()
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
