import Foundation

/// Hit testing with iOS's rules, and coordinate conversion between views.
extension UIView {
    /// `hitTest(_:with:)`'s default. iOS's rules: a hidden view, one with `alpha` < 0.01, one with `isUserInteractionEnabled`
    /// false (or animating in a block without `.allowUserInteraction`) and one whose
    /// `point(inside:with:)` is false are skipped with their subviews; subviews are tried front
    /// to back, each through its own (overridable) `hitTest(_:with:)`. The model values are
    /// tested, not the presentation values, as on iOS.
    ///
    /// Differs from iOS: below 256 levels of nesting the rest of the subtree is searched
    /// without recursion (so 10,000-deep trees do not overflow the stack), and overrides of
    /// `hitTest` that deep are not called; `point(inside:with:)` still is.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard takesTouches, self.point(inside: point, with: event) else { return nil }
        if HitTestDepth.current >= HitTestDepth.limit { return deepHitTest(point, with: event) }
        HitTestDepth.current += 1
        defer { HitTestDepth.current -= 1 }
        for sub in _subviews.reversed() {
            guard let p = sub.pointFromSuperview(point) else { continue }
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }

    /// Whether this view can take touches at all (iOS's skip rules, before geometry).
    var takesTouches: Bool {
        // Compared as the layer stores it (Float), so `alpha = 0.01` counts as 0.01.
        isUserInteractionEnabled && !isHidden && layer.opacity >= Float(0.01) && interactionBlockingAnimations == 0
    }

    /// `p` (in the superview's coordinates) in this view's coordinates, through this layer's
    /// own geometry only (no walk to the root).
    func pointFromSuperview(_ p: CGPoint) -> CGPoint? {
        let m = LayerGeometry.toSuperlayer(layer.state, superlayer: _superview?.layer.state)
        return LayerGeometry.unproject(p, LayerGeometry.planeMap(m))
    }

    /// The default search without recursion (see `hitTest(_:with:)`), from a view that already
    /// passed its own tests.
    private func deepHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        struct Frame { let view: UIView; let point: CGPoint; var next: Int }
        var stack = [Frame(view: self, point: point, next: _subviews.count - 1)]
        while !stack.isEmpty {
            let top = stack[stack.count - 1]
            if top.next < 0 { return top.view }   // no subview took it: the view itself
            stack[stack.count - 1].next -= 1
            let sub = top.view._subviews[top.next]
            guard sub.takesTouches, let p = sub.pointFromSuperview(top.point),
                  sub.point(inside: p, with: event) else { continue }
            stack.append(Frame(view: sub, point: p, next: sub._subviews.count - 1))
        }
        return nil
    }

    // MARK: Conversion

    /// Converts `point` from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window)?.layer)
    }

    /// Converts `point` from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window)?.layer)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    /// Converts `rect` from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }
}

/// How deep the current chain of `hitTest` calls is (main actor only).
@MainActor
enum HitTestDepth {
    static var current = 0
    static let limit = 256
}
