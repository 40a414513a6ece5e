#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

// FreeType's flag and test macros, as functions Swift can call.

/// Load flags for outlines in font units: no scaling, no hinting, no embedded bitmaps.
static inline FT_Int32 strata_ft_load_unscaled(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}

/// Nonzero when the face has a (legacy 'kern' table) kerning pair table.
static inline int strata_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

/// Nonzero when the face is scalable (outlines, not only bitmaps).
static inline int strata_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// Nonzero when the loaded glyph slot holds an outline.
static inline int strata_ft_slot_is_outline(FT_GlyphSlot slot) {
    return slot->format == FT_GLYPH_FORMAT_OUTLINE ? 1 : 0;
}
#endif
