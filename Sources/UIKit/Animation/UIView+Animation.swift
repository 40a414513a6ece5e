import Foundation

/// UIKit's block-based view animations.
///
/// Inside the `animations` closure, changes to animatable view (and layer) properties add
/// `CABasicAnimation`s — `CASpringAnimation`s for the spring methods — to the backing layers,
/// under the key path as key, with the block's duration, delay, curve and options; model values
/// change at once. Rules (Apple's documentation, and Strata's choices where it says nothing):
/// - A duration ≤ 0 changes the values without animating them.
/// - `completion` runs on the main thread when every animation of the block has ended, with
///   `finished` false if any was removed or replaced first; when nothing animated it runs at
///   the next turn of the main run loop with `true` (Apple: "at the beginning of the next run
///   loop cycle").
/// - Without `.beginFromCurrentState` an animation starts from the old model value and replaces
///   an in-flight animation of the same property (which then completes with `finished` false),
///   as Apple documents for `setAnimationBeginsFromCurrentState(false)`; with it, from the value
///   on screen. iOS 8's undocumented additive animations are not reproduced.
/// - Nested blocks inherit the enclosing duration, curve and repeat options unless overridden.
/// - Only views in a visible window animate (their layers are drawn); others change at once.
/// - Animating views do not take touches unless `.allowUserInteraction` is given.
extension UIView {
    /// Animates the changes in `animations` over `duration` seconds (ease-in-ease-out).
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes, then calls `completion`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes after `delay` with `options`, then calls `completion`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: delay, options: options, spring: nil,
                 animations: animations, completion: completion)
    }

    /// Animates the changes with a spring: `dampingRatio` 1 settles without overshoot, lower
    /// values oscillate; `velocity` is the initial speed in units of the whole change per second.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity),
                 animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations disabled (even inside a block).
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let was = ViewAnimationStack.animationsEnabled
        ViewAnimationStack.animationsEnabled = false
        actionsWithoutAnimation()
        ViewAnimationStack.animationsEnabled = was
    }

    /// Whether view changes in animation blocks animate (true by default).
    public class var areAnimationsEnabled: Bool { ViewAnimationStack.animationsEnabled }

    /// Turns block animations on or off for the main thread.
    public class func setAnimationsEnabled(_ enabled: Bool) { ViewAnimationStack.animationsEnabled = enabled }

    /// The duration of the innermost open animation block, or 0 outside any.
    public class var inheritedAnimationDuration: TimeInterval { ViewAnimationStack.blocks.last?.duration ?? 0 }

    /// The one path of every closure-based block.
    static func runBlock(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                         spring: (CGFloat, CGFloat)?, animations: () -> Void, completion: ((Bool) -> Void)?) {
        let outer = ViewAnimationStack.blocks.last
        let tracker = CompletionTracker(parent: outer?.tracker, completion: completion)
        let safeDuration = duration.isFinite ? duration : 0
        if !duration.isFinite { StrataDiagnostics.report("UIView.animate: duration \(duration) is not finite; changes are made without animation") }
        let block = AnimationBlock.make(duration: safeDuration, delay: delay.isFinite ? max(delay, 0) : 0,
                                        options: options, nestedIn: outer, tracker: tracker)
        if let spring { block.spring = (spring.0, spring.1) }
        ViewAnimationStack.open(block)
        animations()
        ViewAnimationStack.close(block, layoutSubviews: options.contains(.layoutSubviews))
    }
}
