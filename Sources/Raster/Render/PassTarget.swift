/// Where a render pass draws.
public enum PassTarget: Sendable {
    /// The surface the pass list is executed on (the frame's last pass).
    case framebuffer
    /// An offscreen surface, allocated (transparent) when the pass list was built; its pixels
    /// are drawn only when the pass executes.
    case offscreen(Surface)
}
