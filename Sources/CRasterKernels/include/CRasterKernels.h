// The hottest pixel kernels of Raster in C, so that one binary runs AVX2 code where the CPU
// has it and SSE2 code elsewhere: Swift has no per-function target attribute, and a user who
// depends on the QuartzCore product cannot pass `-target-cpu`. Each kernel is compiled twice
// (kernels.c: once for x86-64's baseline, once with `target("avx2")`) and the level is chosen
// once from cpuid, as pixman and Skia do. On other architectures (arm64) only the baseline
// compilation exists, and it runs there too: these kernels have no Swift twin, so the code
// the tests run (KernelLevelTests at every level, the differential and golden tests) is the
// code every platform ships. Their arithmetic is Raster's (the same integer and IEEE Float
// steps as PixelMath.swift, no fused multiply-add), so output is bit-identical whichever
// level runs and matches the Swift kernels' one-pixel loops.
#ifndef STRATA_CRASTERKERNELS_H
#define STRATA_CRASTERKERNELS_H

#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Instruction-set levels: 0 = portable C (the compiler's baseline: SSE2 on x86-64, NEON on arm64), 1 = AVX2.
enum { STRATA_KERNEL_LEVEL_BASELINE = 0, STRATA_KERNEL_LEVEL_AVX2 = 1 };

/// The level the kernels run at (the best the CPU and OS support, unless lowered).
int strata_kernel_level(void);
/// The best level this CPU and OS support.
int strata_kernel_best_level(void);
/// Runs the kernels at `level`, clamped to 0...best (tests compare the levels; diagnostics).
void strata_set_kernel_level(int level);

/// `over_solid_span` of SpanKernels.swift: source-over of the premultiplied colour `src` on
/// `count` pixels. `padded`: at least 7 readable, final pixels follow the span, so the last
/// partial group runs as one masked group of eight.
void strata_over_solid_span(uint32_t *dst, intptr_t count, uint32_t src, bool padded);

/// The per-fill constants of SimilarityFill.swift that a solid row needs.
typedef struct StrataSimilarityRow {
    /// Lane i: i · stepXx, i · stepXy (as Float).
    float laneX[8], laneY[8];
    float innerHalfX, innerHalfY, radiusPlusHalf, cornerThreshold, opacity255;
    uint32_t opacity8, color, interior;
    double stepXx, stepXy;
} StrataSimilarityRow;

/// `similarityRowSolid` of SimilarityFill.swift: one row `x0..<x1` of a solid similarity fill.
void strata_similarity_row_solid(const StrataSimilarityRow *s, uint32_t *row,
                                 double rowX, double rowY, intptr_t x0, intptr_t x1);

/// The coverage part of `similarityRowPaint` (SimilarityFill.swift): the 0...255 scales of
/// row `x0..<x1` into `scales` (index 0 = x0; room for x1 − x0 + 8 entries).
void strata_similarity_row_scales(const StrataSimilarityRow *s, uint32_t *scales,
                                  double rowX, double rowY, intptr_t x0, intptr_t x1);

/// The constants of `BilinearLanes` (SpanKernels.swift) for one span.
typedef struct StrataBilinearSpan {
    const uint32_t *pixels;
    intptr_t stride;
    int32_t du, dv, maxU, maxV;
    uint32_t underlay;
    /// Used when `coverage` is null.
    uint32_t scale;
    const uint32_t *coverage;
} StrataBilinearSpan;

/// The eight-pixel groups of `over_bilinear_affine` from pixel `i` while a whole group fits
/// in `count` and its positions are in Int32 range (`safe` there): returns the next `i` and
/// advances `*u`, `*v` (16.16 texel positions of pixel `i`) with it.
intptr_t strata_bilinear_affine_groups(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i,
                                       intptr_t count, intptr_t *u, intptr_t *v);

/// The per-fill constants of ProjectiveFill.swift that a solid row needs.
typedef struct StrataProjectiveFill {
    /// Lane i: i times the per-pixel step of edge k's distance, and of X, Y, W.
    float laneA[4][8], laneX[8], laneY[8], laneW[8];
    double edgeA[4];
    double m11, m12, m13;
    float j11, j12, j13, j21, j22, j23;
    float innerHalfX, innerHalfY, radius, opacity255;
    uint32_t opacity8, color, interior;
} StrataProjectiveFill;

/// `ProjectiveFill.Row`: edge distances + 0.5 and the homogeneous local point at px = 0.
typedef struct StrataProjectiveRow {
    double e[4];
    double x, y, w;
} StrataProjectiveRow;

/// `projectiveArcRow` (ProjectiveFill.swift): an arc row `x0..<x1` walked from both ends,
/// eight pixels per step; chunks inside `midLo..<midHi` take the edges-only coverage.
/// `stride`: the row's pixels (a partial chunk stays inside them).
void strata_projective_walk_row(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                                intptr_t stride, intptr_t x0, intptr_t x1, intptr_t midLo, intptr_t midHi);

/// `projectiveEdgeRow` (ProjectiveFill.swift), edges-only coverage: rims `x0..<ix0`
/// and `ix1..<x1`, the interior between.
void strata_projective_rims_row(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                                intptr_t stride, intptr_t x0, intptr_t ix0, intptr_t ix1, intptr_t x1);

/// The last partial group of `over_bilinear_affine` (fewer than 8 pixels from `i`): one
/// masked group inside the row when `before`/`after` pixels of the row lie around the span
/// and its positions are safe; returns false (nothing drawn) otherwise.
bool strata_bilinear_affine_tail(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i, intptr_t count,
                                 intptr_t u, intptr_t v, intptr_t before, intptr_t after);

/// The blend modes `strata_blend_modes_span` runs in eight lanes (`BlendMode` cases of the same
/// names); the non-separable ones (hue, saturation, color, luminosity) stay one pixel at a time.
enum {
    STRATA_BLEND_MULTIPLY = 1, STRATA_BLEND_SCREEN, STRATA_BLEND_OVERLAY, STRATA_BLEND_DARKEN,
    STRATA_BLEND_LIGHTEN, STRATA_BLEND_COLOR_DODGE, STRATA_BLEND_COLOR_BURN, STRATA_BLEND_SOFT_LIGHT,
    STRATA_BLEND_HARD_LIGHT, STRATA_BLEND_DIFFERENCE, STRATA_BLEND_EXCLUSION,
    STRATA_BLEND_SOURCE_IN, STRATA_BLEND_SOURCE_OUT, STRATA_BLEND_SOURCE_ATOP,
    STRATA_BLEND_DESTINATION_OVER, STRATA_BLEND_DESTINATION_IN, STRATA_BLEND_DESTINATION_OUT,
    STRATA_BLEND_DESTINATION_ATOP, STRATA_BLEND_XOR, STRATA_BLEND_PLUS_DARKER, STRATA_BLEND_PLUS_LIGHTER
};

/// `blend_span_modes` (BlendKernels.swift) on the whole groups of eight of a span: `count`
/// pixels of premultiplied `src` blended onto `dst` with `mode` (a `STRATA_BLEND_*` value),
/// coverage per pixel from `coverage` (zero leaves the pixel) or `scale` for all when it is
/// null. Returns how many pixels it did (a multiple of 8; 0 for a mode it does not run): the
/// caller's one-pixel loop does the rest, with the same values.
intptr_t strata_blend_modes_span(int mode, uint32_t *dst, const uint32_t *src, intptr_t count,
                                 const uint32_t *coverage, uint32_t scale);

#ifdef __cplusplus
}
#endif

#endif
