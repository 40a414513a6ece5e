#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#include <string.h>

// Font lookup by name, in C because fontconfig's property names are macros and its patterns
// are easier to walk here. Every function copies strings into caller buffers (truncated, always
// NUL-terminated) and frees what it allocated.

/// Whether two names are equal ignoring ASCII case and blanks (fontconfig's rule for names).
static inline int strata_fc_same_name(const char *a, const char *b) {
    for (;;) {
        while (*a == ' ') a++;
        while (*b == ' ') b++;
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
        if (!x) return 1;
        a++; b++;
    }
}

static inline void strata_fc_copy(FcPattern *p, const char *object, int n, char *out, int size) {
    FcChar8 *s = NULL;
    out[0] = 0;
    if (size > 0 && FcPatternGetString(p, object, n, &s) == FcResultMatch && s) {
        strncpy(out, (const char *)s, (size_t)size - 1);
        out[size - 1] = 0;
    }
}

/// The fonts whose `object` (FC_FAMILY, FC_FULLNAME, FC_POSTSCRIPT_NAME) equals `name`
/// (fontconfig's comparison: case- and blank-insensitive). Writes the first one's file and face
/// index; with FC_FAMILY, the family's regular style (fontconfig's best match for the family).
/// Returns 1 when found, 0 when no font has that name, −1 when fontconfig failed.
static inline int strata_fc_find(const char *object, const char *name,
                                 char *path, int pathSize, int *index) {
    FcConfig *config = FcConfigGetCurrent();
    if (!config && !FcInit()) return -1;
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return -1;
    FcPatternAddString(pattern, object, (const FcChar8 *)name);
    FcObjectSet *os = FcObjectSetBuild(FC_FILE, FC_INDEX, (char *)0);
    FcFontSet *set = os ? FcFontList(NULL, pattern, os) : NULL;
    int found = 0;
    if (set && set->nfont > 0) {
        FcPattern *chosen = set->fonts[0];
        FcPattern *best = NULL;
        if (strcmp(object, FC_FAMILY) == 0) {
            // The family exists: let fontconfig pick its regular face.
            FcPattern *q = FcPatternDuplicate(pattern);
            if (q) {
                FcConfigSubstitute(NULL, q, FcMatchPattern);
                FcDefaultSubstitute(q);
                FcResult r;
                best = FcFontMatch(NULL, q, &r);
                FcPatternDestroy(q);
                // Only if the match is of the family asked for (not a substitute).
                if (best) {
                    FcChar8 *fam = NULL;
                    int same = 0;
                    for (int i = 0; FcPatternGetString(best, FC_FAMILY, i, &fam) == FcResultMatch; i++) {
                        if (fam && strata_fc_same_name((const char *)fam, name)) { same = 1; break; }
                    }
                    if (same) chosen = best;
                }
            }
        }
        strata_fc_copy(chosen, FC_FILE, 0, path, pathSize);
        int i = 0;
        if (FcPatternGetInteger(chosen, FC_INDEX, 0, &i) != FcResultMatch) i = 0;
        *index = i;
        found = path[0] ? 1 : 0;
        if (best) FcPatternDestroy(best);
    }
    if (set) FcFontSetDestroy(set);
    if (os) FcObjectSetDestroy(os);
    FcPatternDestroy(pattern);
    return found;
}

/// Fontconfig's best match for a generic family ("sans-serif"), whatever is installed.
static inline int strata_fc_match_any(const char *family, char *path, int pathSize, int *index) {
    FcPattern *q = FcPatternCreate();
    if (!q) return -1;
    FcPatternAddString(q, FC_FAMILY, (const FcChar8 *)family);
    FcConfigSubstitute(NULL, q, FcMatchPattern);
    FcDefaultSubstitute(q);
    FcResult r;
    FcPattern *best = FcFontMatch(NULL, q, &r);
    FcPatternDestroy(q);
    if (!best) return 0;
    strata_fc_copy(best, FC_FILE, 0, path, pathSize);
    int i = 0;
    if (FcPatternGetInteger(best, FC_INDEX, 0, &i) != FcResultMatch) i = 0;
    *index = i;
    FcPatternDestroy(best);
    return path[0] ? 1 : 0;
}

/// Fontconfig's best match for `family` at `weight` (FC_WEIGHT units) and `slant` (FC_SLANT
/// units), falling back through fontconfig's own substitutes. Writes the file, face index and the
/// matched family. Returns 1 when a font was found, 0 when none, -1 when fontconfig failed.
static inline int strata_fc_match_style(const char *family, int weight, int slant,
                                        char *path, int pathSize, int *index,
                                        char *matchedFamily, int familySize) {
    FcConfig *config = FcConfigGetCurrent();
    if (!config && !FcInit()) return -1;
    FcPattern *q = FcPatternCreate();
    if (!q) return -1;
    FcPatternAddString(q, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(q, FC_WEIGHT, weight);
    FcPatternAddInteger(q, FC_SLANT, slant);
    FcConfigSubstitute(NULL, q, FcMatchPattern);
    FcDefaultSubstitute(q);
    FcResult r;
    FcPattern *best = FcFontMatch(NULL, q, &r);
    FcPatternDestroy(q);
    if (!best) return 0;
    strata_fc_copy(best, FC_FILE, 0, path, pathSize);
    strata_fc_copy(best, FC_FAMILY, 0, matchedFamily, familySize);
    int i = 0;
    if (FcPatternGetInteger(best, FC_INDEX, 0, &i) != FcResultMatch) i = 0;
    *index = i;
    FcPatternDestroy(best);
    return path[0] ? 1 : 0;
}

/// fontconfig's FC_FAMILY, FC_FULLNAME and FC_POSTSCRIPT_NAME object names.
static inline const char *strata_fc_family(void) { return FC_FAMILY; }
static inline const char *strata_fc_fullname(void) { return FC_FULLNAME; }
static inline const char *strata_fc_postscript_name(void) { return FC_POSTSCRIPT_NAME; }
#endif
