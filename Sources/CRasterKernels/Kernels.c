// Level selection and the two compilations of KernelBodies.h (see CRasterKernels.h).
#include "CRasterKernels.h"
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

// Swift never fuses a multiply and an add; neither may these kernels (bit-identical output).
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
// Eight-pixel vectors pass between always-inline helpers only; no ABI boundary sees them.
#pragma clang diagnostic ignored "-Wpsabi"

#define KERNEL_SUFFIX baseline
#define KERNEL_ATTR
#include "KernelBodies.h"
#undef KERNEL_SUFFIX
#undef KERNEL_ATTR

#if defined(__x86_64__)
#define KERNEL_SUFFIX avx2
#define KERNEL_ATTR __attribute__((target("avx2")))
#include "KernelBodies.h"
#undef KERNEL_SUFFIX
#undef KERNEL_ATTR
#endif

/// AVX2 needs the CPU's flag (cpuid 7: EBX bit 5) and the OS saving YMM state (XCR0 bits 1–2).
static int best_level(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;   // OSXSAVE, AVX
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) ? STRATA_KERNEL_LEVEL_AVX2 : 0;
#else
    return 0;
#endif
}

// -1 until first use. Threads racing to initialise store the same value (relaxed atomics).
static int best = -1, current = -1;

int strata_kernel_best_level(void) {
    int b = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (b < 0) { b = best_level(); __atomic_store_n(&best, b, __ATOMIC_RELAXED); }
    return b;
}

int strata_kernel_level(void) {
    int l = __atomic_load_n(&current, __ATOMIC_RELAXED);
    if (l >= 0) return l;
    l = strata_kernel_best_level();
    // STRATA_KERNEL_LEVEL=0 runs the baseline code on any CPU (to measure or compare it).
    const char *env = getenv("STRATA_KERNEL_LEVEL");
    if (env && strcmp(env, "0") == 0) l = 0;
    __atomic_store_n(&current, l, __ATOMIC_RELAXED);
    return l;
}

void strata_set_kernel_level(int level) {
    int b = strata_kernel_best_level();
    __atomic_store_n(&current, level < 0 ? 0 : (level > b ? b : level), __ATOMIC_RELAXED);
}

void strata_over_solid_span(uint32_t *dst, intptr_t count, uint32_t src, bool padded) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) { over_solid_span_avx2(dst, count, src, padded); return; }
#endif
    over_solid_span_baseline(dst, count, src, padded);
}

void strata_similarity_row_solid(const StrataSimilarityRow *s, uint32_t *row,
                                 double rowX, double rowY, intptr_t x0, intptr_t x1) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) { similarity_row_solid_avx2(s, row, rowX, rowY, x0, x1); return; }
#endif
    similarity_row_solid_baseline(s, row, rowX, rowY, x0, x1);
}

intptr_t strata_bilinear_affine_groups(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i,
                                       intptr_t count, intptr_t *u, intptr_t *v) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) return bilinear_affine_groups_avx2(g, dst, i, count, u, v);
#endif
    return bilinear_affine_groups_baseline(g, dst, i, count, u, v);
}

void strata_projective_walk_row(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                                intptr_t stride, intptr_t x0, intptr_t x1, intptr_t midLo, intptr_t midHi) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) { projective_walk_row_avx2(p, r, row, stride, x0, x1, midLo, midHi); return; }
#endif
    projective_walk_row_baseline(p, r, row, stride, x0, x1, midLo, midHi);
}

void strata_projective_rims_row(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                                intptr_t stride, intptr_t x0, intptr_t ix0, intptr_t ix1, intptr_t x1) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) { projective_rims_row_avx2(p, r, row, stride, x0, ix0, ix1, x1); return; }
#endif
    projective_rims_row_baseline(p, r, row, stride, x0, ix0, ix1, x1);
}

bool strata_bilinear_affine_tail(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i, intptr_t count,
                                 intptr_t u, intptr_t v, intptr_t before, intptr_t after) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) return bilinear_affine_tail_avx2(g, dst, i, count, u, v, before, after);
#endif
    return bilinear_affine_tail_baseline(g, dst, i, count, u, v, before, after);
}

void strata_similarity_row_scales(const StrataSimilarityRow *s, uint32_t *scales,
                                  double rowX, double rowY, intptr_t x0, intptr_t x1) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) { similarity_row_scales_avx2(s, scales, rowX, rowY, x0, x1); return; }
#endif
    similarity_row_scales_baseline(s, scales, rowX, rowY, x0, x1);
}

intptr_t strata_blend_modes_span(int mode, uint32_t *dst, const uint32_t *src, intptr_t count,
                                 const uint32_t *coverage, uint32_t scale) {
#if defined(__x86_64__)
    if (strata_kernel_level() == STRATA_KERNEL_LEVEL_AVX2) return blend_modes_span_avx2(mode, dst, src, count, coverage, scale);
#endif
    return blend_modes_span_baseline(mode, dst, src, count, coverage, scale);
}
