/// What a render pass's target holds before its commands draw.
public enum PassLoad: Sendable {
    /// The target as it is (a fresh offscreen surface is transparent).
    case keep
    /// Every pixel set to one premultiplied `0xAARRGGBB` colour.
    case clear(UInt32)
    /// A copy of another surface's pixels (its top-left on the target's; rows and columns
    /// beyond either surface are left as they are).
    case copy(Surface)
}
