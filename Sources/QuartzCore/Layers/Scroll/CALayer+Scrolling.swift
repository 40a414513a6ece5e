import Foundation

/// Apple's scrolling methods on every layer: they move the closest `CAScrollLayer` ancestor.
extension CALayer {
    /// The closest ancestor that is a `CAScrollLayer` (not the layer itself).
    private var enclosingScrollLayer: CAScrollLayer? {
        var l = superlayer
        while let c = l {
            if let s = c as? CAScrollLayer { return s }
            l = c.superlayer
        }
        return nil
    }

    /// Scrolls the closest `CAScrollLayer` ancestor so that `p` (in this layer's coordinates)
    /// lies at its bounds origin. Does nothing without such an ancestor, as on Apple.
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        guard p.x.isFinite, p.y.isFinite else {
            StrataDiagnostics.report("CALayer.scroll(\(p)): the point is not finite; nothing scrolls")
            return
        }
        scrollLayer.scroll(to: scrollLayer.convert(p, from: self))
    }

    /// Scrolls the closest `CAScrollLayer` ancestor as little as possible so that `r` (in this
    /// layer's coordinates) becomes visible. Does nothing without such an ancestor.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
            StrataDiagnostics.report("CALayer.scrollRectToVisible(\(r)): the rect is not finite; nothing scrolls")
            return
        }
        scrollLayer.scroll(to: scrollLayer.convert(r, from: self))
    }

    /// The part of the layer's bounds not clipped by its closest `CAScrollLayer` ancestor, in
    /// its own coordinates: the bounds when it has no such ancestor, `CGRect.zero` when it is
    /// scrolled out of sight.
    ///
    /// Strata: a 3D-transformed path to the scroll layer is approximated by bounding boxes.
    public var visibleRect: CGRect {
        let b = bounds
        guard let scrollLayer = enclosingScrollLayer else { return b }
        let window = convert(scrollLayer.bounds, from: scrollLayer)
        let visible = b.finiteIntersection(window)
        return visible.isNull ? .zero : visible
    }
}
