/// What a fill command puts inside its shape.
///
/// Colours are premultiplied `0xAARRGGBB`. Texture maps take plane-local coordinates (the
/// shape's space) to texel coordinates, where texel (i, j) covers `[i, i+1)×[j, j+1)` and its
/// centre is at +0.5; outside the texture the edge texels repeat (clamp to edge).
public enum Paint: Sendable {
    /// One premultiplied colour.
    case solid(UInt32)
    /// A premultiplied image, sampled through `map` (plane-local → texel coordinates).
    case texture(Surface, map: Projective, filter: Filter)
    /// A premultiplied image composited over one premultiplied colour (source-over) before the
    /// shape's coverage and the opacity apply: a layer's contents over its background drawn as
    /// one group (group opacity) without an offscreen pass. The colour shows through the
    /// image's transparent texels.
    case textureOverColor(Surface, map: Projective, filter: Filter, color: UInt32)
    /// A premultiplied image multiplied channel by channel by one premultiplied colour (a
    /// tint): emitter particles coloured by their cell's `color`, replicator instances by
    /// `instanceColor`. A white tint draws the image as `texture` does.
    case tintedTexture(Surface, map: Projective, filter: Filter, tint: UInt32)
    /// `color` scaled by the alpha of the sampled image (shadows, masks).
    case alphaMask(Surface, map: Projective, color: UInt32)
    /// A gradient, through `map` (plane-local → gradient coordinates).
    case gradient(Gradient, map: Projective)
}
