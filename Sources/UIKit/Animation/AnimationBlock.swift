import Foundation

/// One open animation block (`animate(withDuration:…)`, `beginAnimations`, a keyframe or a
/// nested block): its parameters, the changes made inside it, and the completion it owes.
@MainActor
final class AnimationBlock {
    var duration: TimeInterval
    var delay: TimeInterval
    var curve: UIView.AnimationCurve
    var repeatCount: Float
    var autoreverses: Bool
    var beginsFromCurrentState: Bool
    var allowsUserInteraction: Bool
    /// Spring parameters (`usingSpringWithDamping:initialSpringVelocity:`), or nil.
    var spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// Inside `animateKeyframes`: the keyframe being defined and where changes go.
    var keyframes: KeyframeRecorder?
    /// Layer property changes made in this block, in order: turned into animations when the
    /// block closes (so the block API's settings apply whatever their place in the block).
    var changes: [LayerChange] = []
    /// The settings of a `beginAnimations` block, nil for closure blocks.
    var legacy: LegacyBlockSettings?
    /// Completion bookkeeping shared with the blocks it is nested in.
    let tracker: CompletionTracker

    init(duration: TimeInterval, delay: TimeInterval, curve: UIView.AnimationCurve, repeatCount: Float = 0,
         autoreverses: Bool = false, beginsFromCurrentState: Bool = false, allowsUserInteraction: Bool = false,
         tracker: CompletionTracker) {
        self.duration = duration; self.delay = delay; self.curve = curve; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.beginsFromCurrentState = beginsFromCurrentState
        self.allowsUserInteraction = allowsUserInteraction; self.tracker = tracker
    }

    /// A block for `options`, nested in `outer` (nil: outermost): a nested block inherits the
    /// enclosing duration, curve and repeat options unless told not to, as Apple documents for
    /// `.overrideInheritedDuration`, `.overrideInheritedCurve` and `.overrideInheritedOptions`.
    /// Chosen where Apple says nothing: a nested block's delay adds to the enclosing one's.
    static func make(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
                     nestedIn outer: AnimationBlock?, tracker: CompletionTracker) -> AnimationBlock {
        let block = AnimationBlock(duration: duration, delay: delay, curve: options.curve,
                                   repeatCount: options.contains(.repeat) ? .infinity : 0,
                                   autoreverses: options.contains(.autoreverse),
                                   beginsFromCurrentState: options.contains(.beginFromCurrentState),
                                   allowsUserInteraction: options.contains(.allowUserInteraction),
                                   tracker: tracker)
        guard let outer else { return block }
        if !options.contains(.overrideInheritedDuration) { block.duration = outer.duration }
        if !options.contains(.overrideInheritedCurve) { block.curve = outer.curve }
        if !options.contains(.overrideInheritedOptions) {
            block.repeatCount = outer.repeatCount
            block.autoreverses = outer.autoreverses
            block.beginsFromCurrentState = block.beginsFromCurrentState || outer.beginsFromCurrentState
            block.allowsUserInteraction = block.allowsUserInteraction || outer.allowsUserInteraction
        }
        block.delay = outer.delay + delay
        block.spring = outer.spring
        return block
    }

    /// Whether changes in this block animate at all (a positive, finite duration).
    var animates: Bool { duration > 0 && duration.isFinite }
}

/// A property of a layer changed inside a block: where it went from.
struct LayerChange {
    let layer: CALayer
    let key: String
    /// The value the animation starts from (the old model value, or the presentation value
    /// with `.beginFromCurrentState`).
    let from: Any?
    /// The view whose layer this is (for the user-interaction rule), if any.
    weak var view: UIView?
}

/// The completion of one block: how many of its animations are still running, whether all
/// finished, and the blocks (nested ones included) waiting for them.
@MainActor
final class CompletionTracker {
    private var pending = 0
    private var sealed = false
    private var fired = false
    private(set) var allFinished = true
    /// Whether any animation was added: when none was, the completion waits for the next
    /// run-loop turn, as Apple documents for a duration of 0.
    private var addedAny = false
    var completion: ((Bool) -> Void)?
    /// Called just before `completion` (the block API's did-stop callback comes from here too).
    var willComplete: (() -> Void)?
    /// Called when the first animation starts (the block API's will-start callback).
    var didStart: (() -> Void)?
    /// The tracker of the enclosing block, which also waits for this one's animations.
    let parent: CompletionTracker?

    init(parent: CompletionTracker?, completion: ((Bool) -> Void)?) {
        self.parent = parent
        self.completion = completion
        parent?.enter()
    }

    func enter() { pending += 1; addedAny = true }

    /// One of the animations began (after its delay): the will-start callback runs once.
    func animationStarted() {
        let start = didStart
        didStart = nil
        start?()
        parent?.animationStarted()
    }

    func leave(finished: Bool) {
        if !finished { allFinished = false }
        pending -= 1
        fireIfDone()
    }

    /// The block closed: nothing more can join.
    func seal() {
        sealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending <= 0, !fired else { return }
        fired = true
        let finished = allFinished
        let run: @MainActor () -> Void = { [self] in
            willComplete?()
            completion?(finished)
            completion = nil
            willComplete = nil
            parent?.leave(finished: finished)
        }
        if addedAny { run() } else { DispatchQueue.main.async { MainActor.assumeIsolated { run() } } }
    }
}
