// The kernels, included twice by Kernels.c with KERNEL_SUFFIX (a name suffix) and KERNEL_ATTR
// (the target attribute) set: every function here is compiled once per instruction set.
// Vectors are GCC/Clang vector extensions of 32 bytes (eight pixels): one AVX2 register, two
// SSE2 or NEON registers. Each step mirrors the Swift function named in its comment.

#define KCAT2(a, b) a##_##b
#define KCAT(a, b) KCAT2(a, b)
#define K(name) KCAT(name, KERNEL_SUFFIX)
#define KINLINE static inline __attribute__((always_inline)) KERNEL_ATTR

#ifndef STRATA_KERNEL_TYPES
#define STRATA_KERNEL_TYPES
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef uint64_t u64x4 __attribute__((vector_size(32)));
/// Eight premultiplied pixels as Float channels in 0...1 (`unpack01`), one vector per channel.
typedef struct { f32x8 r, g, b, a; } rgba8f;
#endif

KINLINE u32x8 K(load8)(const uint32_t *p) { u32x8 v; memcpy(&v, p, sizeof v); return v; }
KINLINE void K(store8)(u32x8 v, uint32_t *p) { memcpy(p, &v, sizeof v); }
KINLINE u32x8 K(splat32)(uint32_t x) { return (u32x8){x, x, x, x, x, x, x, x}; }
KINLINE f32x8 K(splatf)(float x) { return (f32x8){x, x, x, x, x, x, x, x}; }
/// Lanes of `b` where `mask` (all ones or zero per 32-bit lane) is set, else of `a`.
KINLINE u32x8 K(select32)(i32x8 mask, u32x8 b, u32x8 a) { return ((u32x8)mask & b) | (~(u32x8)mask & a); }
KINLINE f32x8 K(selectf)(i32x8 mask, f32x8 b, f32x8 a) { return (f32x8)K(select32)(mask, (u32x8)b, (u32x8)a); }
/// Lane i is set when i < n (`lanesBelow`).
KINLINE i32x8 K(lanes_below)(intptr_t n) {
    i32x8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    int32_t m = (int32_t)n;
    return lane < (i32x8){m, m, m, m, m, m, m, m};
}

/// `mul255(p, a)` (PixelMath.swift) on one pixel.
KINLINE uint32_t K(mul255)(uint32_t p, uint32_t a) {
    uint32_t rb = (p & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/// `spread` (EightPixelMath.swift): a 0...255 scale in both 16-bit halves of its lane.
KINLINE u16x16 K(spread)(u32x8 a) { return (u16x16)(a | (a << 16)); }

/// `mul255x8` (EightPixelMath.swift).
KINLINE u32x8 K(mul255x8)(u32x8 p, u16x16 a) {
    u16x16 rb = (u16x16)(p & 0x00FF00FFu) * a + 128;
    rb = (rb + (rb >> 8)) >> 8;
    u16x16 ag = (u16x16)((p >> 8) & 0x00FF00FFu) * a + 128;
    ag = (ag + (ag >> 8)) & 0xFF00;
    return (u32x8)rb | (u32x8)ag;
}

/// `overx8` (EightPixelMath.swift).
KINLINE u32x8 K(overx8)(u32x8 src, u32x8 dst) {
    return src + K(mul255x8)(dst, K(spread)(255 - (src >> 24)));
}

/// `lerp256x8` (EightPixelMath.swift).
KINLINE u32x8 K(lerp256x8)(u32x8 a, u32x8 b, u16x16 f, u16x16 g) {
    u16x16 rb = ((u16x16)(a & 0x00FF00FFu) * g + (u16x16)(b & 0x00FF00FFu) * f + 128) >> 8;
    u16x16 ag = ((u16x16)((a >> 8) & 0x00FF00FFu) * g + (u16x16)((b >> 8) & 0x00FF00FFu) * f + 128) & 0xFF00;
    return (u32x8)rb | (u32x8)ag;
}

/// `over_solid_span` (SpanKernels.swift), its lanes path.
static KERNEL_ATTR void K(over_solid_span)(uint32_t *dst, intptr_t count, uint32_t src, bool padded) {
    uint32_t ia = 255 - (src >> 24);
    if (ia == 0) {
        for (intptr_t i = 0; i < count; i++) dst[i] = src;
        return;
    }
    if (src == 0) return;
    u32x8 s8 = K(splat32)(src);
    u16x16 a16 = K(spread)(K(splat32)(ia));
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) K(store8)(s8 + K(mul255x8)(K(load8)(dst + i), a16), dst + i);
    if (padded) {
        if (i < count) {
            u32x8 d = K(load8)(dst + i);
            K(store8)(K(select32)(K(lanes_below)(count - i), s8 + K(mul255x8)(d, a16), d), dst + i);
        }
        return;
    }
    for (; i < count; i++) dst[i] = src + K(mul255)(dst[i], ia);
}

// MARK: Similarity rows (SimilarityFill.swift)

KINLINE f32x8 K(min8)(f32x8 a, f32x8 b) { return K(selectf)(b < a, b, a); }
KINLINE f32x8 K(max8)(f32x8 a, f32x8 b) { return K(selectf)(a < b, b, a); }

/// `SimilarityFill.coverage8`.
KINLINE f32x8 K(coverage8)(const StrataSimilarityRow *s, double rowX, double rowY, intptr_t x) {
    double px = (double)x + 0.5;
    f32x8 laneX, laneY;
    memcpy(&laneX, s->laneX, sizeof laneX); memcpy(&laneY, s->laneY, sizeof laneY);
    f32x8 lx = K(splatf)((float)(rowX + s->stepXx * px)) + laneX;
    f32x8 ly = K(splatf)((float)(rowY + s->stepXy * px)) + laneY;
    f32x8 ax = (f32x8)((u32x8)lx & 0x7FFFFFFFu), ay = (f32x8)((u32x8)ly & 0x7FFFFFFFu);
    f32x8 qx = ax - K(splatf)(s->innerHalfX), qy = ay - K(splatf)(s->innerHalfY);
    f32x8 zero = K(splatf)(0), one = K(splatf)(1), rph = K(splatf)(s->radiusPlusHalf);
    f32x8 edges = K(min8)(K(max8)(rph - qx, zero), one) * K(min8)(K(max8)(rph - qy, zero), one);
    f32x8 arc = K(min8)(K(max8)(rph - __builtin_elementwise_sqrt(qx * qx + qy * qy), zero), one);
    return K(selectf)(K(min8)(qx, qy) > K(splatf)(s->cornerThreshold), arc, edges);
}

/// `floorToUInt32` (EightPixelMath.swift).
KINLINE u32x8 K(floor_u32)(f32x8 x) {
    f32x8 big = K(splatf)(8388608.0f);
    f32x8 r = (x + big) - big;
    r = K(selectf)(r > x, r - 1, r);
    return (u32x8)(r + big) & 0x007FFFFFu;
}

/// `coverageScales` (EightPixelMath.swift).
KINLINE u32x8 K(scales)(const StrataSimilarityRow *s, f32x8 c) {
    u32x8 r = K(floor_u32)(c * K(splatf)(s->opacity255) + 0.5f);
    return K(select32)(c == K(splatf)(1), K(splat32)(s->opacity8), r);
}

KINLINE u32x8 K(blend_solid)(const StrataSimilarityRow *s, u32x8 color, f32x8 c, u32x8 d) {
    return K(overx8)(K(mul255x8)(color, K(spread)(K(scales)(s, c))), d);
}

/// `loadPrefix`/`storePrefix`: the first n (0...8) pixels.
KINLINE u32x8 K(load_prefix)(const uint32_t *p, intptr_t n) {
    u32x8 v = {0, 0, 0, 0, 0, 0, 0, 0};
    for (intptr_t i = 0; i < n; i++) v[i] = p[i];
    return v;
}
KINLINE void K(store_prefix)(u32x8 v, uint32_t *p, intptr_t n) {
    for (intptr_t i = 0; i < n; i++) p[i] = v[i];
}

/// `BandRasterizer.similarityRowSolid`: the same walks, chunk for chunk.
static KERNEL_ATTR void K(similarity_row_solid)(const StrataSimilarityRow *s, uint32_t *row,
                                                 double rowX, double rowY, intptr_t x0, intptr_t x1) {
    u32x8 color = K(splat32)(s->color);
    intptr_t x = x0, xr = x1;
    bool leftDone = false, rightDone = false;
    while (xr - x >= 16) {
        f32x8 cl = K(coverage8)(s, rowX, rowY, x), cr = K(coverage8)(s, rowX, rowY, xr - 8);
        K(store8)(K(blend_solid)(s, color, cl, K(load8)(row + x)), row + x);
        K(store8)(K(blend_solid)(s, color, cr, K(load8)(row + (xr - 8))), row + (xr - 8));
        x += 8; xr -= 8;
        leftDone = cl[7] == 1; rightDone = cr[0] == 1;
        if (leftDone || rightDone) break;
    }
    while (!leftDone && x < xr) {
        f32x8 c = K(coverage8)(s, rowX, rowY, x);
        intptr_t n = xr - x;
        if (n >= 8) {
            K(store8)(K(blend_solid)(s, color, c, K(load8)(row + x)), row + x);
            x += 8;
            leftDone = c[7] == 1;
        } else if (xr < x1 && x + 8 <= x1) {
            u32x8 d = K(load8)(row + x);
            K(store8)(K(select32)(K(lanes_below)(n), K(blend_solid)(s, color, c, d), d), row + x);
            x = xr;
        } else {
            K(store_prefix)(K(blend_solid)(s, color, c, K(load_prefix)(row + x, n)), row + x, n);
            x = xr;
        }
    }
    while (!rightDone && xr > x) {
        intptr_t start = x > xr - 8 ? x : xr - 8;
        f32x8 c = K(coverage8)(s, rowX, rowY, start);
        intptr_t n = xr - start;
        if (n == 8) {
            K(store8)(K(blend_solid)(s, color, c, K(load8)(row + start)), row + start);
        } else if (start + 8 <= x1) {
            u32x8 d = K(load8)(row + start);
            K(store8)(K(select32)(K(lanes_below)(n), K(blend_solid)(s, color, c, d), d), row + start);
        } else {
            K(store_prefix)(K(blend_solid)(s, color, c, K(load_prefix)(row + start, n)), row + start, n);
        }
        xr = start;
        rightDone = c[0] == 1;
    }
    if (x < xr) K(over_solid_span)(row + x, xr - x, s->interior, true);
}

// MARK: Bilinear groups (SpanKernels.swift, BilinearLanes)

/// `BilinearLanes.axis`: each lane's top-left texel index and weight, clamped to the edge.
KINLINE void K(axis)(i32x8 p, int32_t maxP, i32x8 *index, u32x8 *weight) {
    i32x8 zero = {0, 0, 0, 0, 0, 0, 0, 0};
    i32x8 maxV = {maxP, maxP, maxP, maxP, maxP, maxP, maxP, maxP};
    i32x8 c = (i32x8)K(select32)(p < zero, (u32x8)zero, (u32x8)p);
    c = (i32x8)K(select32)(c > maxV, (u32x8)maxV, (u32x8)c);
    i32x8 end = c == maxV;
    i32x8 whole = c >> 16;
    *index = (i32x8)K(select32)(end, (u32x8)(whole - 1), (u32x8)whole);
    *weight = K(select32)(end, K(splat32)(256), (u32x8)((c >> 8) & 255));
}

/// `gatherPairs`: the texels at base[index[k]] and base[index[k] + 1].
KINLINE void K(gather_pairs)(const uint32_t *base, i32x8 index, u32x8 *left, u32x8 *right) {
    uint64_t w[8];
    for (int k = 0; k < 8; k++) memcpy(&w[k], (const char *)base + (intptr_t)index[k] * 4, 8);
    u32x8 a, b;
    memcpy(&a, w, 32); memcpy(&b, w + 4, 32);
    *left = __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
    *right = __builtin_shufflevector(a, b, 1, 3, 5, 7, 9, 11, 13, 15);
}

/// `BilinearLanes.group`.
KINLINE u32x8 K(bilinear_group)(const StrataBilinearSpan *g, i32x8 laneU, i32x8 laneV, intptr_t u, intptr_t v,
                                 u16x16 s16, u32x8 d) {
    int32_t u32 = (int32_t)u, v32 = (int32_t)v;
    i32x8 iu, iv; u32x8 wu, wv;
    K(axis)((i32x8)((u32x8)(i32x8){u32, u32, u32, u32, u32, u32, u32, u32} + (u32x8)laneU), g->maxU, &iu, &wu);
    K(axis)((i32x8)((u32x8)(i32x8){v32, v32, v32, v32, v32, v32, v32, v32} + (u32x8)laneV), g->maxV, &iv, &wv);
    uint32_t st = (uint32_t)g->stride;
    i32x8 index = (i32x8)((u32x8)iv * K(splat32)(st) + (u32x8)iu);
    u32x8 p00, p01, p10, p11;
    K(gather_pairs)(g->pixels, index, &p00, &p01);
    K(gather_pairs)(g->pixels + g->stride, index, &p10, &p11);
    u16x16 fu = K(spread)(wu), fv = K(spread)(wv);
    u16x16 gu = 256 - fu, gv = 256 - fv;
    u32x8 t = K(lerp256x8)(K(lerp256x8)(p00, p01, fu, gu), K(lerp256x8)(p10, p11, fu, gu), fv, gv);
    if (g->underlay != 0) {
        u32x8 n = ~t;
        t += K(mul255x8)(K(splat32)(g->underlay), (u16x16)((n >> 24) | ((n >> 8) & 0x00FF0000u)));
    }
    return K(overx8)(K(mul255x8)(t, s16), d);
}

/// |x| < 2³⁰ (the `safe` test of `over_bilinear_affine`).
KINLINE bool K(small)(intptr_t x) { return (uintptr_t)(x + ((intptr_t)1 << 30)) < ((uintptr_t)1 << 31); }

static KERNEL_ATTR intptr_t K(bilinear_affine_groups)(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i,
                                                       intptr_t count, intptr_t *up, intptr_t *vp) {
    intptr_t u = *up, v = *vp;
    const intptr_t du = g->du, dv = g->dv;
    i32x8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    i32x8 laneU = (i32x8)((u32x8)lane * K(splat32)((uint32_t)g->du));
    i32x8 laneV = (i32x8)((u32x8)lane * K(splat32)((uint32_t)g->dv));
    u16x16 scale16 = K(spread)(K(splat32)(g->scale));
    while (i + 8 <= count && K(small)(u) && K(small)(v) && K(small)(u + 7 * du) && K(small)(v + 7 * dv)) {
        u16x16 s16 = g->coverage ? K(spread)(K(load8)(g->coverage + i)) : scale16;
        K(store8)(K(bilinear_group)(g, laneU, laneV, u, v, s16, K(load8)(dst + i)), dst + i);
        u += 8 * du; v += 8 * dv; i += 8;
    }
    *up = u; *vp = v;
    return i;
}

// MARK: Projective rows (ProjectiveFill.swift)

KINLINE f32x8 K(loadf8)(const float *p) { f32x8 v; memcpy(&v, p, sizeof v); return v; }
KINLINE f32x8 K(unit)(f32x8 v) { return K(min8)(K(max8)(v, K(splatf)(0)), K(splatf)(1)); }

/// `ProjectiveFill.coverage8`.
KINLINE f32x8 K(projective_coverage8)(const StrataProjectiveFill *p, const StrataProjectiveRow *r,
                                      intptr_t x, bool arcs) {
    double px = (double)x + 0.5;
    float e[4];
    for (int k = 0; k < 4; k++) e[k] = (float)(p->edgeA[k] * px + r->e[k]);
    float x0 = (float)(p->m11 * px + r->x), y0 = (float)(p->m12 * px + r->y), w0 = (float)(p->m13 * px + r->w);
    f32x8 zero = K(splatf)(0), one = K(splatf)(1);
    f32x8 e0 = K(unit)(K(splatf)(e[0]) + K(loadf8)(p->laneA[0])), e1 = K(unit)(K(splatf)(e[1]) + K(loadf8)(p->laneA[1]));
    f32x8 e2 = K(unit)(K(splatf)(e[2]) + K(loadf8)(p->laneA[2])), e3 = K(unit)(K(splatf)(e[3]) + K(loadf8)(p->laneA[3]));
    f32x8 edges = (e0 * e1) * (e2 * e3);
    if (!arcs) return edges;
    f32x8 w = K(splatf)(w0) + K(loadf8)(p->laneW);
    f32x8 rw = one / w;
    f32x8 qx = (K(splatf)(x0) + K(loadf8)(p->laneX)) * rw, qy = (K(splatf)(y0) + K(loadf8)(p->laneY)) * rw;
    f32x8 ux = (f32x8)((u32x8)qx & 0x7FFFFFFFu) - K(splatf)(p->innerHalfX);
    f32x8 uy = (f32x8)((u32x8)qy & 0x7FFFFFFFu) - K(splatf)(p->innerHalfY);
    f32x8 len = __builtin_elementwise_sqrt(ux * ux + uy * uy);
    f32x8 dx = (f32x8)((u32x8)ux ^ ((u32x8)qx & 0x80000000u));
    f32x8 dy = (f32x8)((u32x8)uy ^ ((u32x8)qy & 0x80000000u));
    f32x8 gx = dx * (K(splatf)(p->j11) - qx * p->j13) + dy * (K(splatf)(p->j12) - qy * p->j13);
    f32x8 gy = dx * (K(splatf)(p->j21) - qx * p->j23) + dy * (K(splatf)(p->j22) - qy * p->j23);
    f32x8 dist = (len - K(splatf)(p->radius)) * len * w / __builtin_elementwise_sqrt(gx * gx + gy * gy);
    f32x8 arc = K(splatf)(0.5f) - dist;
    arc = K(selectf)(arc < one, arc, one);
    arc = K(selectf)(zero < arc, arc, zero);
    f32x8 farX = K(selectf)(qx < zero, e1, e3), farY = K(selectf)(qy < zero, e2, e0);
    f32x8 c = K(selectf)(K(min8)(ux, uy) > zero, arc * farX * farY, edges);
    return K(selectf)(w > zero, c, zero);
}

/// `ProjectiveFill.scales`.
KINLINE u32x8 K(projective_scales)(const StrataProjectiveFill *p, f32x8 c) {
    u32x8 r = K(floor_u32)(c * K(splatf)(p->opacity255) + 0.5f);
    return K(select32)(c == K(splatf)(1), K(splat32)(p->opacity8), r);
}

/// `coverage8` of a row: with arcs outside `midLo..<midHi` when `arcs`, else edges only.
KINLINE f32x8 K(row_coverage8)(const StrataProjectiveFill *p, const StrataProjectiveRow *r, intptr_t x,
                               bool arcs, intptr_t midLo, intptr_t midHi) {
    if (!arcs) return K(projective_coverage8)(p, r, x, false);
    if (x >= midLo && x + 8 <= midHi) return K(projective_coverage8)(p, r, x, false);
    return K(projective_coverage8)(p, r, x, true);
}

KINLINE u32x8 K(projective_blend)(const StrataProjectiveFill *p, u32x8 color8, f32x8 c, u32x8 d) {
    return K(overx8)(K(mul255x8)(color8, K(spread)(K(projective_scales)(p, c))), d);
}

/// `blendPartial`.
KINLINE void K(projective_partial)(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                                   intptr_t stride, intptr_t x, intptr_t xr, u32x8 color8,
                                   bool arcs, intptr_t midLo, intptr_t midHi) {
    intptr_t n = xr - x;
    if (stride < 8) {
        f32x8 c = K(row_coverage8)(p, r, x, arcs, midLo, midHi);
        K(store_prefix)(K(projective_blend)(p, color8, c, K(load_prefix)(row + x, n)), row + x, n);
        return;
    }
    intptr_t start = x < stride - 8 ? x : stride - 8;
    u32x8 d = K(load8)(row + start);
    u32x8 lane = (u32x8){0, 1, 2, 3, 4, 5, 6, 7} - (uint32_t)(x - start);
    i32x8 inside = (i32x8)(lane < K(splat32)((uint32_t)n));
    f32x8 c = K(row_coverage8)(p, r, start, arcs, midLo, midHi);
    K(store8)(K(select32)(inside, K(projective_blend)(p, color8, c, d), d), row + start);
}

static KERNEL_ATTR void K(projective_walk_row)(const StrataProjectiveFill *p, const StrataProjectiveRow *r,
                                                uint32_t *row, intptr_t stride, intptr_t x0, intptr_t x1,
                                                intptr_t midLo, intptr_t midHi) {
    u32x8 color8 = K(splat32)(p->color);
    intptr_t x = x0, xr = x1;
    bool leftDone = false, rightDone = false;
    while (xr - x >= 16) {
        f32x8 cl = K(row_coverage8)(p, r, x, true, midLo, midHi), cr = K(row_coverage8)(p, r, xr - 8, true, midLo, midHi);
        K(store8)(K(projective_blend)(p, color8, cl, K(load8)(row + x)), row + x);
        K(store8)(K(projective_blend)(p, color8, cr, K(load8)(row + (xr - 8))), row + (xr - 8));
        x += 8; xr -= 8;
        leftDone = cl[7] == 1; rightDone = cr[0] == 1;
        if (leftDone || rightDone) break;
    }
    while (!leftDone && x < xr) {
        if (xr - x < 8) {
            K(projective_partial)(p, r, row, stride, x, xr, color8, true, midLo, midHi);
            x = xr;
            break;
        }
        f32x8 c = K(row_coverage8)(p, r, x, true, midLo, midHi);
        K(store8)(K(projective_blend)(p, color8, c, K(load8)(row + x)), row + x);
        x += 8;
        leftDone = c[7] == 1;
    }
    while (!rightDone && xr > x) {
        if (xr - x < 8) {
            K(projective_partial)(p, r, row, stride, x, xr, color8, true, midLo, midHi);
            xr = x;
            break;
        }
        intptr_t start = xr - 8;
        f32x8 c = K(row_coverage8)(p, r, start, true, midLo, midHi);
        K(store8)(K(projective_blend)(p, color8, c, K(load8)(row + start)), row + start);
        xr = start;
        rightDone = c[0] == 1;
    }
    if (x < xr) K(over_solid_span)(row + x, xr - x, p->interior, true);
}

KINLINE void K(projective_rim)(const StrataProjectiveFill *p, const StrataProjectiveRow *r, uint32_t *row,
                               intptr_t stride, intptr_t a, intptr_t b, u32x8 color8) {
    intptr_t x = a;
    while (b - x >= 8) {
        f32x8 c = K(projective_coverage8)(p, r, x, false);
        K(store8)(K(projective_blend)(p, color8, c, K(load8)(row + x)), row + x);
        x += 8;
    }
    if (x < b) K(projective_partial)(p, r, row, stride, x, b, color8, false, 0, 0);
}

static KERNEL_ATTR void K(projective_rims_row)(const StrataProjectiveFill *p, const StrataProjectiveRow *r,
                                                uint32_t *row, intptr_t stride, intptr_t x0, intptr_t ix0,
                                                intptr_t ix1, intptr_t x1) {
    u32x8 color8 = K(splat32)(p->color);
    K(projective_rim)(p, r, row, stride, x0, ix0, color8);
    if (ix0 < ix1) K(over_solid_span)(row + ix0, ix1 - ix0, p->interior, ix1 + 7 <= stride);
    K(projective_rim)(p, r, row, stride, ix1, x1, color8);
}

// MARK: Tails and coverage rows

static KERNEL_ATTR bool K(bilinear_affine_tail)(const StrataBilinearSpan *g, uint32_t *dst, intptr_t i, intptr_t count,
                                                intptr_t u, intptr_t v, intptr_t before, intptr_t after) {
    intptr_t n = count - i;
    if (n <= 0) return false;
    intptr_t shift = 8 - n - after;
    if (shift < 0) shift = 0;
    intptr_t su = u - shift * g->du, sv = v - shift * g->dv;
    if (!(shift <= i + before && K(small)(su) && K(small)(sv) && K(small)(su + 7 * g->du) && K(small)(sv + 7 * g->dv)))
        return false;
    uint32_t *at = dst + (i - shift);
    u32x8 k = (u32x8){0, 1, 2, 3, 4, 5, 6, 7} - (uint32_t)shift;
    i32x8 inside = (i32x8)(k < K(splat32)((uint32_t)n));
    u32x8 sc = K(splat32)(g->scale);
    if (g->coverage) {
        for (int l = 0; l < 8; l++) {
            intptr_t j = i - shift + l;
            if (j < i) j = i;
            if (j > count - 1) j = count - 1;
            sc[l] = g->coverage[j];
        }
    }
    i32x8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    i32x8 laneU = (i32x8)((u32x8)lane * K(splat32)((uint32_t)g->du));
    i32x8 laneV = (i32x8)((u32x8)lane * K(splat32)((uint32_t)g->dv));
    u32x8 d = K(load8)(at);
    K(store8)(K(select32)(inside, K(bilinear_group)(g, laneU, laneV, su, sv, K(spread)(sc), d), d), at);
    return true;
}

static KERNEL_ATTR void K(similarity_row_scales)(const StrataSimilarityRow *s, uint32_t *scales,
                                                  double rowX, double rowY, intptr_t x0, intptr_t x1) {
    intptr_t x = x0;
    while (x < x1) {
        f32x8 c = K(coverage8)(s, rowX, rowY, x);
        K(store8)(K(scales)(s, c), scales + (x - x0));
        x += 8;
        if (x <= x1 && c[7] == 1) break;
    }
    if (x > x1) x = x1;
    intptr_t xr = x1;
    while (xr > x) {
        intptr_t start = x > xr - 8 ? x : xr - 8;
        f32x8 c = K(coverage8)(s, rowX, rowY, start);
        intptr_t n = xr - start;
        if (n == 8) K(store8)(K(scales)(s, c), scales + (start - x0));
        else K(store_prefix)(K(scales)(s, c), scales + (start - x0), n);
        xr = start;
        if (c[0] == 1) break;
    }
    for (intptr_t j = x; j < xr; j++) scales[j - x0] = s->opacity8;
}

// MARK: Blend modes (BlendKernels.swift)
// `blendPixel` and `lerpBlend` in eight lanes: the same IEEE Float steps in the same order,
// branches as selects (both sides computed; a lane's unused side, even 0/0, is discarded), so
// each pixel is bit-identical to the one-pixel loop, which stays the definition and the tail.

KINLINE f32x8 K(sel)(i32x8 mask, f32x8 b, f32x8 a) { return K(selectf)(mask, b, a); }
/// `Swift.min(x, y)` = `y < x ? y : x`.
KINLINE f32x8 K(swift_min)(f32x8 x, f32x8 y) { return K(sel)(y < x, y, x); }

/// `unpack01`: `0xAARRGGBB` → (r, g, b, a) · (1 / 255).
KINLINE rgba8f K(unpack01x8)(u32x8 p) {
    f32x8 k = K(splatf)(1.0f / 255.0f);
    rgba8f v;
    v.r = __builtin_convertvector((i32x8)((p >> 16) & 255u), f32x8) * k;
    v.g = __builtin_convertvector((i32x8)((p >> 8) & 255u), f32x8) * k;
    v.b = __builtin_convertvector((i32x8)(p & 255u), f32x8) * k;
    v.a = __builtin_convertvector((i32x8)(p >> 24), f32x8) * k;
    return v;
}

/// `hardLight(cs, cd)`.
KINLINE f32x8 K(hard_light8)(f32x8 cs, f32x8 cd) {
    f32x8 s2 = 2 * cs - 1;
    return K(sel)(cs <= 0.5f, cd * 2 * cs, cd + s2 - cd * s2);
}
/// `colorDodge(cs, cd)`.
KINLINE f32x8 K(color_dodge8)(f32x8 cs, f32x8 cd) {
    f32x8 one = K(splatf)(1), zero = K(splatf)(0);
    f32x8 r = K(sel)(cs >= 1, one, K(swift_min)(one, cd / (1 - cs)));
    return K(sel)(cd == 0, zero, r);
}
/// `colorBurn(cs, cd)`.
KINLINE f32x8 K(color_burn8)(f32x8 cs, f32x8 cd) {
    f32x8 one = K(splatf)(1), zero = K(splatf)(0);
    f32x8 r = K(sel)(cs <= 0, zero, 1 - K(swift_min)(one, (1 - cd) / cs));
    return K(sel)(cd >= 1, one, r);
}
/// `softLight(cs, cd)`.
KINLINE f32x8 K(soft_light8)(f32x8 cs, f32x8 cd) {
    f32x8 low = cd - (1 - 2 * cs) * cd * (1 - cd);
    f32x8 dd = K(sel)(cd <= 0.25f, ((16 * cd - 12) * cd + 4) * cd, __builtin_elementwise_sqrt(cd));
    return K(sel)(cs <= 0.5f, low, cd + (2 * cs - 1) * (dd - cd));
}

/// B(cs, cd) of the separable modes, one channel.
KINLINE f32x8 K(separable8)(int mode, f32x8 cs, f32x8 cd) {
    switch (mode) {
    case STRATA_BLEND_MULTIPLY: return cs * cd;
    case STRATA_BLEND_SCREEN: return cs + cd - cs * cd;
    case STRATA_BLEND_OVERLAY: return K(hard_light8)(cd, cs);
    case STRATA_BLEND_DARKEN: return K(sel)(cd < cs, cd, cs);
    case STRATA_BLEND_LIGHTEN: return K(sel)(cs < cd, cd, cs);
    case STRATA_BLEND_COLOR_DODGE: return K(color_dodge8)(cs, cd);
    case STRATA_BLEND_COLOR_BURN: return K(color_burn8)(cs, cd);
    case STRATA_BLEND_HARD_LIGHT: return K(hard_light8)(cs, cd);
    case STRATA_BLEND_SOFT_LIGHT: return K(soft_light8)(cs, cd);
    case STRATA_BLEND_DIFFERENCE: { f32x8 p = cs - cd, q = cd - cs; return K(sel)(p < q, q, p); }
    default: return cs + cd - 2 * cs * cd;   // exclusion
    }
}

/// The separable half of `blendPixel`: B on straight colours, then
/// (1 − da)·S + (1 − sa)·D + sa·da·B per colour, alpha sa + da − sa·da.
KINLINE rgba8f K(blend_separable8)(int mode, rgba8f s, rgba8f d) {
    f32x8 zero = K(splatf)(0);
    i32x8 sIn = s.a > 0, dIn = d.a > 0;
    f32x8 ks = 1 - d.a, kd = 1 - s.a, k = s.a * d.a;
    rgba8f r;
#define STRATA_SEPARABLE_CHANNEL(c) do { \
        f32x8 cs = K(sel)(sIn, s.c / s.a, zero), cd = K(sel)(dIn, d.c / d.a, zero); \
        r.c = ks * s.c + kd * d.c + k * K(separable8)(mode, cs, cd); \
    } while (0)
    STRATA_SEPARABLE_CHANNEL(r);
    STRATA_SEPARABLE_CHANNEL(g);
    STRATA_SEPARABLE_CHANNEL(b);
#undef STRATA_SEPARABLE_CHANNEL
    r.a = s.a + d.a - s.a * d.a;
    return r;
}

/// `blendPixel(mode, src, dst)` for the modes `STRATA_BLEND_*` name; `mode` is a constant
/// wherever this is inlined (see `blend_modes_loop`), so the switch folds away.
KINLINE rgba8f K(blend8)(int mode, rgba8f s, rgba8f d) {
    rgba8f r;
#define STRATA_EACH(expr) do { \
        f32x8 sc, dc; \
        sc = s.r; dc = d.r; r.r = (expr); sc = s.g; dc = d.g; r.g = (expr); \
        sc = s.b; dc = d.b; r.b = (expr); sc = s.a; dc = d.a; r.a = (expr); \
    } while (0)
    f32x8 sa = s.a, da = d.a, one = K(splatf)(1), zero = K(splatf)(0);
    switch (mode) {
    case STRATA_BLEND_SOURCE_IN: STRATA_EACH(sc * da); return r;
    case STRATA_BLEND_SOURCE_OUT: STRATA_EACH(sc * (1 - da)); return r;
    case STRATA_BLEND_SOURCE_ATOP: STRATA_EACH(sc * da + dc * (1 - sa)); return r;
    case STRATA_BLEND_DESTINATION_OVER: STRATA_EACH(dc + sc * (1 - da)); return r;
    case STRATA_BLEND_DESTINATION_IN: STRATA_EACH(dc * sa); return r;
    case STRATA_BLEND_DESTINATION_OUT: STRATA_EACH(dc * (1 - sa)); return r;
    case STRATA_BLEND_DESTINATION_ATOP: STRATA_EACH(dc * sa + sc * (1 - da)); return r;
    case STRATA_BLEND_XOR: STRATA_EACH(sc * (1 - da) + dc * (1 - sa)); return r;
    case STRATA_BLEND_PLUS_LIGHTER: STRATA_EACH(K(sel)(one < sc + dc, one, sc + dc)); return r;
    case STRATA_BLEND_PLUS_DARKER: {
        f32x8 ra = K(swift_min)(one, sa + da);
        STRATA_EACH(K(sel)(ra - (sa - sc) - (da - dc) < zero, zero, ra - (sa - sc) - (da - dc)));
        r.a = ra;
        return r;
    }
    default: return K(blend_separable8)(mode, s, d);
    }
#undef STRATA_EACH
}

/// `unit(v)` of `lerpBlend`: v > 0 ? (v < 1 ? v : 1) : 0 (NaN → 0).
KINLINE f32x8 K(unit8)(f32x8 v) {
    return K(sel)(v > 0, K(sel)(v < 1, v, K(splatf)(1)), K(splatf)(0));
}

/// `lerpBlend(dst, blended, coverage)`: dst + (blended − dst)·c, clamped, colour ≤ alpha, rounded.
KINLINE u32x8 K(lerp_blend8)(rgba8f d, rgba8f b, f32x8 c) {
    f32x8 ua = K(unit8)(d.a + (b.a - d.a) * c);
#define STRATA_CHANNEL(ch) ({ f32x8 u = K(unit8)(d.ch + (b.ch - d.ch) * c); \
        K(floor_u32)(K(sel)(ua < u, ua, u) * 255 + 0.5f); })
    u32x8 r = STRATA_CHANNEL(r), g = STRATA_CHANNEL(g), bl = STRATA_CHANNEL(b);
#undef STRATA_CHANNEL
    u32x8 a = K(floor_u32)(ua * 255 + 0.5f);
    return a << 24 | r << 16 | g << 8 | bl;
}

/// The eight-pixel groups of `blend_span_modes` with a constant `mode`: returns the pixels done.
KINLINE intptr_t K(blend_modes_loop)(int mode, uint32_t *dst, const uint32_t *src, intptr_t count,
                                     const uint32_t *coverage, uint32_t scale) {
    f32x8 k = K(splatf)(1.0f / 255.0f);
    u32x8 zero = K(splat32)(0);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        u32x8 c = coverage ? K(load8)(coverage + i) : K(splat32)(scale);
        u32x8 d = K(load8)(dst + i);
        rgba8f dv = K(unpack01x8)(d);
        rgba8f b = K(blend8)(mode, K(unpack01x8)(K(load8)(src + i)), dv);
        u32x8 out = K(lerp_blend8)(dv, b, __builtin_convertvector(c, f32x8) * k);
        K(store8)(K(select32)(c == zero, d, out), dst + i);
    }
    return i;
}

static KERNEL_ATTR intptr_t K(blend_modes_span)(int mode, uint32_t *dst, const uint32_t *src, intptr_t count,
                                                 const uint32_t *coverage, uint32_t scale) {
    switch (mode) {
#define STRATA_MODE(m) case m: return K(blend_modes_loop)(m, dst, src, count, coverage, scale);
    STRATA_MODE(STRATA_BLEND_MULTIPLY) STRATA_MODE(STRATA_BLEND_SCREEN) STRATA_MODE(STRATA_BLEND_OVERLAY)
    STRATA_MODE(STRATA_BLEND_DARKEN) STRATA_MODE(STRATA_BLEND_LIGHTEN) STRATA_MODE(STRATA_BLEND_COLOR_DODGE)
    STRATA_MODE(STRATA_BLEND_COLOR_BURN) STRATA_MODE(STRATA_BLEND_SOFT_LIGHT) STRATA_MODE(STRATA_BLEND_HARD_LIGHT)
    STRATA_MODE(STRATA_BLEND_DIFFERENCE) STRATA_MODE(STRATA_BLEND_EXCLUSION)
    STRATA_MODE(STRATA_BLEND_SOURCE_IN) STRATA_MODE(STRATA_BLEND_SOURCE_OUT) STRATA_MODE(STRATA_BLEND_SOURCE_ATOP)
    STRATA_MODE(STRATA_BLEND_DESTINATION_OVER) STRATA_MODE(STRATA_BLEND_DESTINATION_IN)
    STRATA_MODE(STRATA_BLEND_DESTINATION_OUT) STRATA_MODE(STRATA_BLEND_DESTINATION_ATOP)
    STRATA_MODE(STRATA_BLEND_XOR) STRATA_MODE(STRATA_BLEND_PLUS_DARKER) STRATA_MODE(STRATA_BLEND_PLUS_LIGHTER)
#undef STRATA_MODE
    default: return 0;
    }
}

#undef KCAT2
#undef KCAT
#undef K
#undef KINLINE
