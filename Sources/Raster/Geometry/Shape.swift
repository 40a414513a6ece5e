/// What a fill command fills: an analytic rounded rectangle (the layer's own shape, with the
/// fast paths) or a general path.
public enum Shape: Sendable {
    /// A rounded rectangle in plane-local coordinates.
    case roundedRect(RoundedRect)
    /// A path in plane-local coordinates, filled with the rule.
    case path(PathGeometry, FillRule)
}
