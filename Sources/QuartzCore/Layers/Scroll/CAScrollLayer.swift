import Foundation

/// Apple's `CAScrollLayer`: a layer that shows part of its sublayers by moving its
/// `bounds.origin`. It handles no input and draws no scroll bars, as on Apple.
///
/// `masksToBounds` defaults to true (Apple's default for this class), so the layer is a window
/// onto its content.
open class CAScrollLayer: CALayer {
    /// The axes the layer may scroll along; `.both` by default. An unknown mode scrolls nowhere.
    open var scrollMode: CAScrollLayerScrollMode {
        get { state.scroll?.scrollMode ?? .both }
        set { setProperty("scrollMode", \.scroll!.scrollMode, newValue) }
    }

    /// Apple's defaults for a scroll layer: `masksToBounds` is true; the rest as `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "masksToBounds" { return true }
        return super.defaultValue(forKey: key)
    }

    /// Moves the bounds origin to `p` along the axes `scrollMode` allows (the other coordinate
    /// keeps its value). A non-finite coordinate changes nothing, with a message.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else {
            StrataDiagnostics.report("CAScrollLayer.scroll(to: \(p)): the point is not finite; the layer does not scroll")
            return
        }
        let mode = scrollMode
        var origin = bounds.origin
        if mode.scrollsHorizontally { origin.x = p.x }
        if mode.scrollsVertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds = CGRect(origin: origin, size: bounds.size)
    }

    /// Moves the bounds origin as little as possible so that `r` (in this layer's coordinates)
    /// lies inside the bounds; a rect larger than the bounds shows its top-left part. Only along
    /// the axes `scrollMode` allows. A non-finite or null rect changes nothing, with a message.
    open func scroll(to r: CGRect) {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
            StrataDiagnostics.report("CAScrollLayer.scroll(to: \(r)): the rect is not finite; the layer does not scroll")
            return
        }
        let x0 = r.origin.x, x1 = r.origin.x + r.size.width, y0 = r.origin.y, y1 = r.origin.y + r.size.height
        guard x1.isFinite, y1.isFinite else {
            StrataDiagnostics.report("CAScrollLayer.scroll(to: \(r)): the rect's far edge is not finite; the layer does not scroll")
            return
        }
        let b = bounds
        scroll(to: CGPoint(x: Self.minimalOrigin(b.origin.x, abs(b.size.width), min(x0, x1), max(x0, x1)),
                           y: Self.minimalOrigin(b.origin.y, abs(b.size.height), min(y0, y1), max(y0, y1))))
    }

    /// The origin nearest `origin` whose span `[o, o + length]` contains `[lo, hi]` (or starts at
    /// `lo` when the span is the shorter one).
    private static func minimalOrigin(_ origin: CGFloat, _ length: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
        if lo < origin || hi - lo > length { return lo }
        if hi > origin + length { return hi - length }
        return origin
    }
}
