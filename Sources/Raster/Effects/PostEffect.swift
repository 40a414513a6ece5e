/// What a render pass does to its target once its commands have drawn.
public enum PostEffect: Sendable {
    /// A Gaussian blur of standard deviation `radius` pixels (`blur(_:radius:threads:)`):
    /// shadows.
    case blur(radius: Double)
    /// Multiplies another surface by the target's alpha, the target's top-left on its
    /// top-left (`applyMask(_:mask:offsetX:offsetY:)`): a mask layer applied to the group it
    /// masks.
    case applyAsMask(to: Surface)
}
