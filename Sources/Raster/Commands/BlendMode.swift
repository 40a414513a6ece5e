/// How a command's colour combines with what is already there: Apple's `CGBlendMode` set, on
/// premultiplied 8-bit pixels (formulas of the W3C compositing spec, which Apple's follow).
///
/// Coverage c (shape anti-aliasing × clips) applies as `result = c·blend(src, dst) + (1 − c)·dst`,
/// so `copy`, `clear` and `sourceIn` change only the pixels inside the shape, as in `CGContext`;
/// a command's opacity scales the source before blending.
public enum BlendMode: Sendable, Equatable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity,
         clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
         destinationAtop, xor, plusDarker, plusLighter
}
