import Foundation

/// The view hierarchy: subviews in back-to-front order, mirrored by the layers' sublayers.
extension UIView {
    /// The view this one is a subview of.
    public var superview: UIView? { _superview }
    /// The subviews, back to front.
    public var subviews: [UIView] { _subviews }
    /// The window this view is in, or nil.
    public var window: UIWindow? { _window }

    /// Adds `view` in front of the other subviews (moving it there if it is one already).
    /// A view cannot be added to itself or to one of its own subviews: refused with a message.
    public func addSubview(_ view: UIView) {
        insert(view, at: _subviews.count - (view._superview === self ? 1 : 0))
    }

    /// Inserts `view` at `index` among the subviews (clamped to 0…count).
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `sibling` (at the front when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insert(view, relativeTo: sibling, offset: 1)
    }

    /// Inserts `view` just below `sibling` (at the front when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insert(view, relativeTo: sibling, offset: 0)
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: UIView) {
        guard view._superview === self else { return }
        insert(view, at: _subviews.count - 1)
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: UIView) {
        guard view._superview === self else { return }
        insert(view, at: 0)
    }

    /// Swaps the subviews at two indices (out-of-range indices are ignored with a message).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard _subviews.indices.contains(index1), _subviews.indices.contains(index2) else {
            return StrataDiagnostics.report("exchangeSubview(at: \(index1), withSubviewAt: \(index2)): index out of range (\(_subviews.count) subviews); ignored")
        }
        guard index1 != index2 else { return }
        _subviews.swapAt(index1, index2)
        restackLayers()
    }

    /// Removes this view from its superview (and window).
    ///
    /// Its animations, and those of its subtree, are removed: their completion blocks run with
    /// `finished == false`, as on iOS.
    public func removeFromSuperview() {
        guard let parent = _superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        let windowChanges = _window != nil
        if windowChanges { willMoveSubtree(toWindow: nil) }
        parent._subviews.removeAll { $0 === self }
        _superview = nil
        layer.removeFromSuperlayer()
        if windowChanges { removeSubtreeAnimations() }
        if windowChanges { moveSubtree(toWindow: nil) }
        didMoveToSuperview()
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current._superview
        }
        return false
    }

    /// The first view with this tag in a breadth-first search of this view and its descendants.
    public func viewWithTag(_ tag: Int) -> UIView? {
        var queue: [UIView] = [self]
        var i = 0
        while i < queue.count {
            let v = queue[i]
            if v.tag == tag { return v }
            queue.append(contentsOf: v._subviews)
            i += 1
        }
        return nil
    }

    // MARK: Implementation

    private func insert(_ view: UIView, relativeTo sibling: UIView, offset: Int) {
        guard sibling._superview === self, var i = _subviews.firstIndex(where: { $0 === sibling }) else {
            return addSubview(view)
        }
        if view._superview === self, let j = _subviews.firstIndex(where: { $0 === view }), j < i { i -= 1 }
        insert(view, at: i + offset)
    }

    /// The one insertion path: refuses cycles, moves within this view or from another parent,
    /// keeps the sublayers in the subviews' order, and sends the callbacks in UIKit's order.
    private func insert(_ view: UIView, at index: Int) {
        // A view with no subviews can only be an ancestor of this one by being this one.
        if view === self || (!view._subviews.isEmpty && isDescendant(of: view)) {
            return StrataDiagnostics.report("UIView: refused to add a view to itself or to one of its own subviews")
        }
        if view._superview === self {
            _subviews.removeAll { $0 === view }
            _subviews.insert(view, at: min(max(index, 0), _subviews.count))
            restackLayers()
            return
        }
        let newWindow = _window
        view.willMove(toSuperview: self)
        let windowChanges = view._window !== newWindow
        if windowChanges { view.willMoveSubtree(toWindow: newWindow) }
        if let old = view._superview {
            old.willRemoveSubview(view)
            old._subviews.removeAll { $0 === view }
        }
        let clamped = min(max(index, 0), _subviews.count)
        if clamped < _subviews.count {
            layer.insertSublayer(view.layer, below: _subviews[clamped].layer)
        } else if let last = _subviews.last {
            layer.insertSublayer(view.layer, above: last.layer)
        } else {
            layer.addSublayer(view.layer)
        }
        _subviews.insert(view, at: clamped)
        view._superview = self
        if windowChanges { view.moveSubtree(toWindow: newWindow) }
        view.didMoveToSuperview()
        didAddSubview(view)
        setNeedsLayout()
    }

    /// Puts the subviews' layers back in the subviews' order (other sublayers keep their places
    /// relative to the first subview layer).
    private func restackLayers() {
        guard let first = _subviews.first else { return }
        var previous = first.layer
        for view in _subviews.dropFirst() {
            layer.insertSublayer(view.layer, above: previous)
            previous = view.layer
        }
        setNeedsLayout()
    }

    /// The subtree, parents before children, without recursion.
    func subtreePreorder() -> [UIView] {
        var out: [UIView] = []
        var work: [UIView] = [self]
        while let v = work.popLast() {
            out.append(v)
            work.append(contentsOf: v._subviews.reversed())
        }
        return out
    }

    private func willMoveSubtree(toWindow newWindow: UIWindow?) {
        for v in subtreePreorder() { v.willMove(toWindow: newWindow) }
    }

    private func moveSubtree(toWindow newWindow: UIWindow?) {
        let views = subtreePreorder()
        for v in views { v._window = newWindow }
        for v in views { v.didMoveToWindow() }
    }

    private func removeSubtreeAnimations() {
        for v in subtreePreorder() where v.layer.animationKeys() != nil || !v.layer.attachedAnimations.isEmpty {
            v.layer.removeAllAnimations()
        }
    }
}
