import Foundation

/// Implicit actions: what runs when a property changes or a layer enters or leaves a tree.
extension CALayer {
    /// The keys Core Animation animates implicitly (on a layer in an attached tree).
    package static let animatableKeys: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "hidden", "doubleSided", "masksToBounds", "opacity", "backgroundColor", "cornerRadius",
        "borderWidth", "borderColor", "contents", "contentsRect", "contentsCenter", "contentsScale",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "maskedCorners",
    ]

    /// The animatable keys whose values are colours (nil meaning transparent).
    package static let colorKeys: Set<String> = ["backgroundColor", "borderColor", "shadowColor"]

    /// The action for `event`, searched as Apple does: the delegate's `action(for:forKey:)`, the
    /// `actions` dictionary, the `style` dictionary's `actions` (following nested `style`s), then
    /// `defaultAction(forKey:)`. `NSNull` at any step ends the search with no action.
    package func searchAction(forKey event: String) -> CAAction? {
        if let a = delegate?.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        var style = self.style
        var depth = 0
        while let s = style, depth < 64 {
            if let acts = s["actions"] as? [String: CAAction], let a = acts[event] { return a is NSNull ? nil : a }
            style = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        if let a = Self.defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return implicitAnimation(forKey: event)
    }

    /// Apple's built-in implicit animation of an animatable property: a basic animation from the
    /// value on screen now to the new model value, with the transaction's duration and timing.
    ///
    /// Differs from Apple: from a nil `contents` or `shadowPath` the new value shows at once (Apple
    /// cross-fades `contents`); a nil colour animates from transparent black.
    private func implicitAnimation(forKey key: String) -> CAAction? {
        guard Self.animatableKeys.contains(key) || state.kindAnimatableKeys.contains(key) else { return nil }
        // A transaction duration of 0 means "no animation" (the seed's pan handler relies on it).
        guard CATransaction.animationDuration() > 0 else { return nil }
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = pendingOldValues[key]
        if animation.fromValue == nil, Self.colorKeys.contains(key) || state.kindColorKeys.contains(key) {
            // A nil colour is transparent: fade in from clear rather than jump.
            animation.fromValue = CGColor(gray: 0, alpha: 0)
        }
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction()
        return animation
    }

    /// Looks up the action for a property about to change (before the new value is written), and
    /// remembers the value on screen so an action with no `fromValue` starts from it.
    ///
    /// As on Apple, only a layer already committed in a tree that something draws (a renderer's
    /// or a window's `layer`) runs actions for property changes: a standalone layer, or one just
    /// added to an attached tree, changes at once. `action(forKey:)` still answers as usual.
    package func actionForChange(ofKey key: String) -> CAAction? {
        guard !isPresentationCopy, !CATransaction.isMakingPresentationCopies else { return nil }
        guard committedInAttachedTree, committedNode != nil, rootLayer.attachedRendererCount > 0 else { return nil }
        if CATransaction.disableActions() { return nil }
        pendingOldValues[key] = currentPresentedValue(forKey: key)
        return action(forKey: key)
    }

    /// After a property was written: mark the layer for commit and run the action found before.
    package func didChangeProperty(_ key: String, action: CAAction?) {
        if key == "bounds" {
            needsLayoutFlag = true
            if state.needsDisplayOnBoundsChange { needsDisplayFlag = true }
        }
        if type(of: self).needsDisplay(forKey: key) { needsDisplayFlag = true }
        markChanged()
        action?.run(forKey: key, object: self, arguments: nil)
        pendingOldValues[key] = nil
    }

    /// Runs the action of `kCAOnOrderIn` / `kCAOnOrderOut`.
    package func runOrderAction(_ event: String) {
        guard !isPresentationCopy, !CATransaction.isMakingPresentationCopies,
              !CATransaction.disableActions() else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }

    /// The value of `key` on screen now: the presentation value when the layer has been
    /// committed, else the model value.
    package func currentPresentedValue(forKey key: String) -> Any? {
        // Only this layer is evaluated (its committed values and animations), not its tree.
        if let node = committedNode { return value(forKey: key, of: node.state, under: node.animations) }
        return value(forKey: key, of: state, under: [])
    }

    /// The value `key` shows now from the model values and the animations attached so far,
    /// committed or not: what a property animator that froze its animations in this transaction
    /// shows (`currentPresentedValue` reads the last commit). An animation waiting for its
    /// begin time counts as beginning now.
    package func attachedPresentedValue(forKey key: String) -> Any? {
        value(forKey: key, of: state, under: _animations)
    }

    /// `key`'s value in `base` with `animations` applied at this layer's time now.
    private func value(forKey key: String, of base: LayerState, under animations: [AttachedAnimation]) -> Any? {
        var presented = base
        if !animations.isEmpty {
            AnimationEvaluation.apply(animations, to: &presented, layerTime: convertTime(CACurrentMediaTime(), from: nil))
        }
        if let v = presented.propertyValue(forKey: key) { return v }
        return presented.customValues[key]
    }

    /// This layer became the root a renderer draws: layers of its tree already committed count
    /// as committed there (a window attaches a tree it committed just before), and the next
    /// commit records the rest. A tree committed whole, as this root's published tree, is not
    /// committed again (snapshotting a 100,000-deep chain a second time, and freeing the first
    /// snapshot, was nearly a fifth of building, committing and drawing it, by perf). Iterative:
    /// deep trees are fine.
    package func treeWasAttached() {
        var work: [CALayer] = [self]
        var allCommitted = true
        while let layer = work.popLast() {
            if layer.committedNode != nil { layer.committedInAttachedTree = true } else { allCommitted = false }
            work.append(contentsOf: layer._sublayers)
            if let m = layer._mask { work.append(m) }
        }
        let published = allCommitted && committedNode != nil
            && CommittedTrees.snapshot(for: self)?.tree === committedNode
        if !published { markChanged() }
    }

    /// Marks this layer as changed in the current transaction.
    package func markChanged() {
        guard !isPresentationCopy else { return }
        CATransaction.layerChanged(self)
    }

    /// The sublayer list or mask changed.
    package func hierarchyDidChange() {
        needsLayoutFlag = true
        markChanged()
    }
}
