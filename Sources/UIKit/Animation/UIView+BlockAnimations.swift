import Foundation

/// The begin/commit animation API of iPhone OS 2 (the seed's), still used by old code: settings
/// made between `beginAnimations` and `commitAnimations` apply to every change of the block,
/// wherever they are made in it. The selector callbacks need the Objective-C runtime; their
/// closure equivalents are `setAnimationWillStart(_:)` and `setAnimationDidStop(_:)`.
extension UIView {
    /// Opens an animation block named `animationID` with `context` (both handed to the
    /// callbacks). Defaults: 0.2 s, ease-in-out, no repeat, as on iOS.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let outer = ViewAnimationStack.blocks.last
        let tracker = CompletionTracker(parent: outer?.tracker, completion: nil)
        let block = AnimationBlock.make(duration: 0.2, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve, .overrideInheritedOptions],
                                        nestedIn: outer, tracker: tracker)
        block.legacy = LegacyBlockSettings(name: animationID, context: context)
        ViewAnimationStack.open(block)
    }

    /// Closes the innermost `beginAnimations` block: its changes start animating.
    public class func commitAnimations() {
        guard let block = ViewAnimationStack.blocks.last, let legacy = block.legacy else {
            return StrataDiagnostics.report("UIView.commitAnimations() without beginAnimations; ignored")
        }
        let name = legacy.name, context = legacy.context
        if let willStart = legacy.willStart { block.tracker.didStart = { willStart(name, context) } }
        if let didStop = legacy.didStop { block.tracker.completion = { didStop(name, $0, context) } }
        if let (transition, view) = legacy.transition, block.animates {
            let anim = UIView.transitionAnimation(for: transition.options, duration: block.duration, curve: block.curve)
            ViewAnimationStack.add(anim, to: view.layer, key: kCATransition, view: view, block: block)
        }
        ViewAnimationStack.close(block)
    }

    /// The `beginAnimations` block being defined, or nil (settings outside one do nothing).
    private static var legacyBlock: AnimationBlock? {
        guard let b = ViewAnimationStack.blocks.last, b.legacy != nil else { return nil }
        return b
    }

    /// The block's duration in seconds.
    public class func setAnimationDuration(_ duration: TimeInterval) {
        guard duration.isFinite else { return StrataDiagnostics.report("setAnimationDuration(\(duration)): not finite; ignored") }
        legacyBlock?.duration = duration
    }
    /// Seconds before the block's animations start.
    public class func setAnimationDelay(_ delay: TimeInterval) {
        guard delay.isFinite else { return StrataDiagnostics.report("setAnimationDelay(\(delay)): not finite; ignored") }
        legacyBlock?.delay = max(delay, 0)
    }
    /// The block's timing curve.
    public class func setAnimationCurve(_ curve: AnimationCurve) { legacyBlock?.curve = curve }
    /// How many times the animations repeat (fractions allowed; `1e100` repeats for ever).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        guard !repeatCount.isNaN else { return StrataDiagnostics.report("setAnimationRepeatCount(nan): ignored") }
        legacyBlock?.repeatCount = max(repeatCount, 0)
    }
    /// Whether each repetition runs forward then backward.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) { legacyBlock?.autoreverses = repeatAutoreverses }
    /// Whether the block starts from the values on screen of in-flight animations.
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        legacyBlock?.beginsFromCurrentState = fromCurrentState
    }
    /// A transition of `view`'s whole content for the block (the seed's flip between two
    /// subviews). `cache` is accepted (the old look is always a snapshot here).
    public class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let block = legacyBlock else { return }
        let options: AnimationOptions
        switch transition {
        case .none: block.legacy?.transition = nil; return
        case .flipFromLeft: options = .transitionFlipFromLeft
        case .flipFromRight: options = .transitionFlipFromRight
        case .curlUp: options = .transitionCurlUp
        case .curlDown: options = .transitionCurlDown
        }
        block.legacy?.transition = ((options: options, cache: cache), view)
    }

    /// Strata's closure form of `setAnimationWillStartSelector`: `handler(animationID, context)`
    /// runs when the block's first animation starts.
    public class func setAnimationWillStart(_ handler: @escaping (String?, UnsafeMutableRawPointer?) -> Void) {
        legacyBlock?.legacy?.willStart = handler
    }
    /// Strata's closure form of `setAnimationDidStopSelector`: `handler(animationID, finished,
    /// context)` runs when the block's animations have ended.
    public class func setAnimationDidStop(_ handler: @escaping (String?, Bool, UnsafeMutableRawPointer?) -> Void) {
        legacyBlock?.legacy?.didStop = handler
    }

    @available(*, unavailable, message: "Linux has no Objective-C runtime to call selectors: use UIView.setAnimationWillStart { id, context in … } and UIView.setAnimationDidStop { id, finished, context in … }")
    public class func setAnimationDelegate(_ delegate: Any?) {}
    @available(*, unavailable, message: "Linux has no selectors: use UIView.setAnimationWillStart { id, context in … }")
    public class func setAnimationWillStart(_ selector: String) {}
    @available(*, unavailable, message: "Linux has no selectors: use UIView.setAnimationDidStop { id, finished, context in … }")
    public class func setAnimationDidStop(_ selector: String) {}
}

/// What a `beginAnimations` block carries besides the common parameters.
@MainActor
final class LegacyBlockSettings {
    let name: String?
    let context: UnsafeMutableRawPointer?
    var willStart: ((String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?
    var transition: ((options: UIView.AnimationOptions, cache: Bool), UIView)?
    init(name: String?, context: UnsafeMutableRawPointer?) { self.name = name; self.context = context }
}
