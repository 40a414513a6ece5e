import Foundation

/// View transitions, as `CATransition`s on the container's layer with Apple's type strings:
/// flips are `"oglFlip"` with the side as subtype, curls `"pageCurl"` / `"pageUnCurl"`, the
/// cross-dissolve `kCATransitionFade`. The old look is the container's last committed subtree
/// (pending changes are committed first), the new one its state after `animations`.
extension UIView {
    /// Transitions `view`'s whole content to the result of `animations` with the transition
    /// named in `options`. Changes made in `animations` are not animated one by one; the
    /// transition covers them. A view in no visible window just changes.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = ViewAnimationStack.blocks.last
        let tracker = CompletionTracker(parent: outer?.tracker, completion: completion)
        let block = AnimationBlock.make(duration: duration.isFinite ? duration : 0, delay: 0,
                                        options: options.union(.overrideInheritedDuration), nestedIn: outer, tracker: tracker)
        // The old look must be what is on screen now.
        CATransaction.commitPendingChanges()
        if let animations { performWithoutAnimation(animations) }
        if block.animates, options.transitionIndex != 0 {
            let anim = transitionAnimation(for: options, duration: block.duration, curve: block.curve)
            if options.contains(.allowUserInteraction) { block.allowsUserInteraction = true }
            ViewAnimationStack.add(anim, to: view.layer, key: kCATransition, view: view, block: block)
        }
        tracker.seal()
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview with a transition: `toView`
    /// takes `fromView`'s place and `fromView` is removed, or, with `.showHideTransitionViews`,
    /// `fromView` is hidden and `toView` shown. Without a superview the views just change.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if let parent = fromView.superview, toView.superview !== parent {
                    parent.insertSubview(toView, aboveSubview: fromView)
                }
                fromView.removeFromSuperview()
            }
        }
        guard let container = fromView.superview else {
            let tracker = CompletionTracker(parent: ViewAnimationStack.blocks.last?.tracker, completion: completion)
            performWithoutAnimation(swap)
            tracker.seal()
            return
        }
        transition(with: container, duration: duration, options: options, animations: swap, completion: completion)
    }

    /// The `CATransition` for the transition in `options` (crossfade when there is none).
    static func transitionAnimation(for options: AnimationOptions, duration: TimeInterval,
                                    curve: AnimationCurve) -> CATransition {
        let t = CATransition()
        switch options.transitionIndex {
        case 1: t.type = CATransitionType(rawValue: "oglFlip"); t.subtype = .fromLeft
        case 2: t.type = CATransitionType(rawValue: "oglFlip"); t.subtype = .fromRight
        case 3: t.type = CATransitionType(rawValue: "pageCurl"); t.subtype = .fromBottom
        case 4: t.type = CATransitionType(rawValue: "pageUnCurl"); t.subtype = .fromBottom
        case 6: t.type = CATransitionType(rawValue: "oglFlip"); t.subtype = .fromTop
        case 7: t.type = CATransitionType(rawValue: "oglFlip"); t.subtype = .fromBottom
        default: t.type = .fade
        }
        t.duration = duration
        t.timingFunction = curve.timingFunction
        return t
    }
}
