/// How a texture is sampled between texels.
///
/// The Core Animation equivalents are `CALayerContentsFilter` `.nearest` and `.linear`;
/// `.trilinear` maps to `.bilinear` here (no mipmaps).
public enum Filter: Sendable, Equatable {
    /// The texel whose square holds the sample point.
    case nearest
    /// The four nearest texel centres (at +0.5), weighted linearly; edges clamp.
    case bilinear
}
