import Foundation

/// The open animation blocks of the main thread, and how a block's changes become animations.
@MainActor
enum ViewAnimationStack {
    static var blocks: [AnimationBlock] = []
    static var animationsEnabled = true

    /// The layer keys a view animates inside a block: its own properties' layer keys and the
    /// layer properties iOS animates in blocks too (`cornerRadius`, borders, shadows…).
    /// `hidden`, `contents` and the sublayer events change at once, as on iOS.
    static let animatableKeys: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "contentsRect",
        "contentsCenter", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
        // CAShapeLayer- and CAGradientLayer-backed views.
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "lineDashPhase",
        "colors", "locations", "startPoint", "endPoint",
    ]

    /// The action a view gives its layer for `key`: `NSNull` (no animation) outside a block,
    /// when animations are disabled, for a zero duration or a key that does not animate;
    /// otherwise an action that records the change in the innermost block.
    static func action(for view: UIView, layer: CALayer, key: String) -> CAAction? {
        guard animationsEnabled, let block = blocks.last, block.animates,
              animatableKeys.contains(key) else { return NSNull() }
        let from = block.beginsFromCurrentState ? layer.currentPresentedValue(forKey: key) : modelValue(of: layer, key)
        return ViewAnimationAction(block: block, view: view, from: from)
    }

    /// The model value of `key` (no KVC boxing).
    static func modelValue(of layer: CALayer, _ key: String) -> Any? {
        layer.state.propertyValue(forKey: key) ?? layer.state.customValues[key]
    }

    /// Opens a block: changes made until `close` join it. The first block of a turn commits
    /// what is pending first, so views just added to a visible window animate from the values
    /// they were given (their layers must be committed to run actions).
    static func open(_ block: AnimationBlock) {
        if blocks.isEmpty { CATransaction.commitPendingChanges() }
        blocks.append(block)
    }

    /// Closes the innermost block: its changes become animations, then its completion is sealed.
    static func close(_ block: AnimationBlock, layoutSubviews: Bool = false) {
        if layoutSubviews {
            var seen = Set<ObjectIdentifier>()
            for change in block.changes {
                guard let v = change.view, seen.insert(ObjectIdentifier(v)).inserted else { continue }
                v.layoutIfNeeded()
            }
        }
        if let i = blocks.lastIndex(where: { $0 === block }) { blocks.remove(at: i) }
        if let keyframes = block.keyframes {
            keyframes.addAnimations(for: block)
        } else {
            for change in block.changes { addAnimation(for: change, in: block) }
        }
        block.tracker.seal()
    }

    /// Closes `block` without animating: its changes are handed back (property animators make
    /// and drive their own animations from them).
    static func capture(_ block: AnimationBlock) -> [LayerChange] {
        if let i = blocks.lastIndex(where: { $0 === block }) { blocks.remove(at: i) }
        return block.changes
    }

    /// Adds the basic (or spring) animation of one change, under the key path as its key.
    static func addAnimation(for change: LayerChange, in block: AnimationBlock) {
        let anim: CABasicAnimation
        if let spring = block.spring {
            anim = springAnimation(key: change.key, duration: block.duration, spring)
        } else {
            anim = CABasicAnimation(keyPath: change.key)
            anim.timingFunction = block.curve.timingFunction
        }
        anim.fromValue = change.from
        anim.toValue = modelValue(of: change.layer, change.key)
        anim.duration = block.duration
        add(anim, to: change.layer, key: change.key, view: change.view, block: block)
    }

    /// UIKit's spring: Strata's mapping (Apple's is undocumented) is a unit mass with the
    /// stiffness and damping of a spring whose period is the duration,
    /// `stiffness = (2π / duration)²`, `damping = 4π·ratio / duration` (the perceptual-duration
    /// spring of `CASpringAnimation(perceptualDuration:bounce:)` with bounce = 1 − ratio); the
    /// initial velocity is in units of the whole distance per second, as UIKit's is.
    static func springAnimation(key: String, duration: TimeInterval,
                                _ spring: (dampingRatio: CGFloat, velocity: CGFloat)) -> CASpringAnimation {
        let anim = CASpringAnimation(keyPath: key)
        let d = max(duration, 1e-3)
        let ratio = spring.dampingRatio.isFinite ? min(max(spring.dampingRatio, 0), 10) : 1
        anim.mass = 1
        anim.stiffness = pow(2 * .pi / d, 2)
        anim.damping = 4 * .pi * ratio / d
        anim.initialVelocity = spring.velocity.isFinite ? spring.velocity : 0
        anim.allowsOverdamping = ratio > 1
        return anim
    }

    /// Adds `anim` with the block's delay, repeat and autoreverse, tracked for its completion.
    static func add(_ anim: CAAnimation, to layer: CALayer, key: String, view: UIView?, block: AnimationBlock) {
        if block.delay > 0, block.delay.isFinite {
            anim.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + block.delay
            anim.fillMode = .backwards
        }
        anim.repeatCount = block.repeatCount
        anim.autoreverses = block.autoreverses
        let blocksTouches = !block.allowsUserInteraction
        anim.delegate = AnimationRelay(tracker: block.tracker, view: blocksTouches ? view : nil)
        block.tracker.enter()
        if blocksTouches { view?.interactionBlockingAnimations += 1 }
        layer.add(anim, forKey: key)
    }
}

/// The action a view returns inside a block: it records the change in the block (the
/// animation is made when the block closes).
final class ViewAnimationAction: NSObject, CAAction, @unchecked Sendable {
    private let block: AnimationBlock
    private weak var view: UIView?
    private let from: Any?

    @MainActor init(block: AnimationBlock, view: UIView, from: Any?) {
        self.block = block; self.view = view; self.from = from
    }

    nonisolated func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard MainQueue.isCurrent, let object = anObject as? CALayer else { return }
        let box = UncheckedBox(object)
        MainActor.assumeIsolated {
            let layer = box.value
            if let keyframes = block.keyframes {
                keyframes.record(layer: layer, key: event, before: from, view: view)
            } else if !block.changes.contains(where: { $0.layer === layer && $0.key == event }) {
                block.changes.append(LayerChange(layer: layer, key: event, from: from, view: view))
            }
        }
    }
}

/// The delegate of every animation a block adds: tells the block's completion tracker, and
/// gives the view back its touches.
final class AnimationRelay: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let tracker: CompletionTracker
    private weak var view: UIView?
    private let blocksTouches: Bool
    private var stopped = false

    @MainActor init(tracker: CompletionTracker, view: UIView?) {
        self.tracker = tracker; self.view = view; blocksTouches = view != nil
    }

    nonisolated func animationDidStart(_ anim: CAAnimation) {
        onMain { self.tracker.animationStarted() }
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        onMain {
            guard !self.stopped else { return }
            self.stopped = true
            if self.blocksTouches, let v = self.view { v.interactionBlockingAnimations = max(0, v.interactionBlockingAnimations - 1) }
            self.tracker.leave(finished: flag)
        }
    }

    private nonisolated func onMain(_ body: @escaping @MainActor () -> Void) {
        if MainQueue.isCurrent { MainActor.assumeIsolated { body() } } else { DispatchQueue.main.async { MainActor.assumeIsolated { body() } } }
    }
}
