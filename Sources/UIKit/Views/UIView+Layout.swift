import Foundation

/// Layout: driven by the layer's layout cycle (the view is the layer's delegate, so the commit's
/// `layoutSublayers` reaches `layoutSubviews`).
extension UIView {
    /// Marks the view for layout at the next layout pass (the end of this run-loop turn).
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out this view and its subviews now if any of them needs it, parents first.
    public func layoutIfNeeded() {
        // Parents first, iteratively: a parent's layoutSubviews may mark its children.
        var work: [UIView] = [self]
        while let v = work.popLast() {
            v.layer.layoutIfNeeded()
            work.append(contentsOf: v._subviews)
        }
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.width.isFinite, size.height.isFinite else { return }
        var f = frame
        f.size = size
        frame = f
    }

    /// Says "no intrinsic size in this dimension".
    public static let noIntrinsicMetric: CGFloat = -1
}
