import Foundation

/// Explicit animations attached to a layer. They never change model values.
extension CALayer {
    /// Attaches a copy of `anim` under `key` (replacing an animation with the same key, whose
    /// delegate then hears `finished: false`). A duration of 0 takes the transaction's duration;
    /// a begin time of 0 becomes the commit time in the layer's time space.
    ///
    /// A `CATransition` is stored under `kCATransition` whatever `key` is (as Apple's header says),
    /// and keeps the layer's subtree as last committed: the renderer draws that old look
    /// transitioning to the new one.
    package func attach(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else { return }
        if anim.isSelfContainingGroup {
            StrataDiagnostics.report("add(_:forKey:): the animation group contains itself (directly or through a nested group); not added")
            return
        }
        let copy = anim.copy() as! CAAnimation
        if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
           basic.byValue == nil, let path = basic.keyPath, let old = pendingOldValues[path] {
            // An action with no values animates from what was on screen to the new model value.
            basic.fromValue = old
        }
        // As on Apple, a transition is always stored under kCATransition, whatever the key.
        let isTransition = copy is CATransition
        let storedKey = isTransition ? kCATransition
            : key ?? "\(Self.anonymousKeyPrefix)\(ObjectIdentifier(copy).hashValue)"
        if let i = _animations.firstIndex(where: { $0.key == storedKey }) {
            let old = _animations.remove(at: i)
            AnimationLifecycle.stopped(old.animation, finished: false)
        }
        _animations.append(AttachedAnimation(key: storedKey, animation: copy,
                                             transitionFrom: isTransition ? lastCommittedSnapshot() : nil))
        AnimationLifecycle.added(copy, to: self, needsBeginTime: copy.beginTime == 0)
        if copy.beginTime == 0 { animationsAwaitBeginTime = true }
        markChanged()
    }

    /// The animation attached under `key` (the layer's own copy; do not modify it).
    package func attachedAnimation(forKey key: String) -> CAAnimation? {
        _animations.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order they were added; nil when none.
    package func attachedAnimationKeys() -> [String]? {
        let keys = _animations.map(\.key).filter { !$0.hasPrefix(Self.anonymousKeyPrefix) }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    package func detachAnimation(forKey key: String) {
        guard let i = _animations.firstIndex(where: { $0.key == key }) else { return }
        let old = _animations.remove(at: i)
        AnimationLifecycle.stopped(old.animation, finished: false)
        markChanged()
    }

    /// Removes every animation; each delegate hears `finished: false`.
    package func detachAllAnimations() {
        let old = _animations
        _animations.removeAll()
        for a in old { AnimationLifecycle.stopped(a.animation, finished: false) }
        if !old.isEmpty { markChanged() }
    }

    /// This layer's subtree as last committed (its own transition left out, so transitions
    /// replacing one another do not chain old trees), or nil before its first commit.
    package func lastCommittedSnapshot() -> LayerSnapshot? {
        guard let (tree, _) = CommittedTrees.snapshot(for: rootLayer) else { return nil }
        var work = [tree]
        while let node = work.popLast() {
            if node.model === self {
                return LayerSnapshot(state: node.state, isTransformLayer: node.isTransformLayer,
                                     animations: node.animations.filter { !($0.animation is CATransition) },
                                     sublayers: node.sublayers, mask: node.mask, model: node.model)
            }
            work.append(contentsOf: node.sublayers)
            if let m = node.mask { work.append(m) }
        }
        return nil
    }

    package static let anonymousKeyPrefix = "org.strata.anonymous."

    /// The animations as committed to snapshots.
    package var attachedAnimations: [AttachedAnimation] { _animations }
}
