/* Scene definition shared by the C peers (cairo, blend2d, membw).
 * Mirrors docs/BENCHMARK.md exactly:
 *   canvas 1024x768, background #1E1E24, N layers 128x128, corner radius 16,
 *   opacity 0.5, colour HSV(i/N, 0.65, 0.95), ellipse motion, z (2d/image) or
 *   y (3d, m34 = -1/500 about the canvas centre) rotation, fixed timestep t = k/60.
 *   Variant `paths`: stars and dashed Bezier circles at the same centres and z angles
 *   (geometry and the one-time dash split below, "Variant paths").
 * Written for this peer harness; no third-party code. */
#ifndef PEERS_SCENE_H
#define PEERS_SCENE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#define SCENE_W 1024
#define SCENE_H 768
#define LAYER_SIZE 128.0
#define LAYER_RADIUS 16.0
#define LAYER_OPACITY 0.5
#define BG_R 0x1E
#define BG_G 0x1E
#define BG_B 0x24
#define PERSPECTIVE_D 500.0

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct {
  double r, g, b; /* 0..1, straight */
} scene_rgb;

static inline scene_rgb scene_hsv(double h, double s, double v) {
  double hh = fmod(h, 1.0) * 6.0;
  int i = (int)floor(hh);
  double f = hh - i;
  double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  scene_rgb c;
  switch (i % 6) {
    case 0: c.r = v; c.g = t; c.b = p; break;
    case 1: c.r = q; c.g = v; c.b = p; break;
    case 2: c.r = p; c.g = v; c.b = t; break;
    case 3: c.r = p; c.g = q; c.b = v; break;
    case 4: c.r = t; c.g = p; c.b = v; break;
    default: c.r = v; c.g = p; c.b = q; break;
  }
  return c;
}

static inline scene_rgb scene_layer_color(int i, int n) {
  return scene_hsv((double)i / n, 0.65, 0.95);
}

/* Layer state at scene time t. */
typedef struct {
  double cx, cy;  /* centre (position) in canvas pixels */
  double angle;   /* rotation.z (2d/image) or rotation.y (3d), radians */
} scene_layer_state;

static inline scene_layer_state scene_layer_at(int i, int n, double t, int is3d) {
  scene_layer_state s;
  double a = 2.0 * M_PI * i / n;
  double w = 2.0 * M_PI / (6 + i % 7);
  s.cx = 512.0 + 400.0 * cos(w * t + a);
  s.cy = 384.0 + 280.0 * sin(w * t + a);
  if (is3d) {
    double d = 5 + i % 3;
    s.angle = 2.0 * M_PI * t / d + a; /* timeOffset = a/(2pi)*d  ->  +a */
  } else {
    double d = 4 + i % 5;
    s.angle = 2.0 * M_PI * t / d + a;
  }
  return s;
}

/* 3d: project a layer-local point (u, v), relative to the anchor (centre), to
 * canvas pixels.  Layer transform = rotateY(angle); container sublayerTransform
 * m34 = -1/500 about the canvas centre (512,384).  Returns w for reference. */
static inline double scene_project3d(const scene_layer_state* s, double u, double v,
                                     double* X, double* Y) {
  double c = cos(s->angle), sn = sin(s->angle);
  double x = (s->cx - 512.0) + u * c;
  double y = (s->cy - 384.0) + v;
  double z = -u * sn;
  double w = 1.0 - z / PERSPECTIVE_D;
  *X = 512.0 + x / w;
  *Y = 384.0 + y / w;
  return w;
}

/* Outline of the 128x128 rounded rect (r = 16) centred on (0,0), flattened with `seg`
 * segments per quarter circle.  Writes 4*(seg+1) points (x,y interleaved) and returns
 * the count.  Used to draw the 3d variant with libraries that have no projective
 * transform (cairo, Blend2D): a planar shape under a projective map is exactly its
 * projected outline (straight edges stay straight), so projecting a finely flattened
 * outline and filling the polygon renders the same geometry. */
static inline int scene_rrect_outline(double* xy, int seg) {
  const double h = 64.0, r = LAYER_RADIUS;
  const double cxs[4] = {h - r, h - r, -h + r, -h + r};
  const double cys[4] = {-h + r, h - r, h - r, -h + r};
  int k = 0;
  for (int c = 0; c < 4; c++) {
    double a0 = -M_PI / 2 + c * M_PI / 2;
    for (int s = 0; s <= seg; s++) {
      double a = a0 + (M_PI / 2) * s / seg;
      xy[2 * k] = cxs[c] + r * cos(a);
      xy[2 * k + 1] = cys[c] + r * sin(a);
      k++;
    }
  }
  return k;
}

/* The 128x128 tile, straight alpha RGBA (BENCHMARK.md "The tile"). */
static inline void scene_tile_rgba(uint8_t* out /* 128*128*4 */) {
  for (int y = 0; y < 128; y++)
    for (int x = 0; x < 128; x++) {
      uint8_t* p = out + (y * 128 + x) * 4;
      int b = 255 - x - y;
      if (b < 0) b = 0;
      double dx = x - 64, dy = y - 64;
      int inside = dx * dx + dy * dy < 60.0 * 60.0;
      p[0] = (uint8_t)(2 * x);
      p[1] = (uint8_t)(2 * y);
      p[2] = (uint8_t)b;
      p[3] = inside ? 255 : 0;
    }
}

/* Premultiplied 0xAARRGGBB (native-endian uint32: BGRA bytes on little endian). */
static inline void scene_tile_argb32_premul(uint32_t* out) {
  uint8_t rgba[128 * 128 * 4];
  scene_tile_rgba(rgba);
  for (int i = 0; i < 128 * 128; i++) {
    uint32_t a = rgba[i * 4 + 3];
    uint32_t r = rgba[i * 4 + 0] * a / 255, g = rgba[i * 4 + 1] * a / 255,
             b = rgba[i * 4 + 2] * a / 255;
    out[i] = (a << 24) | (r << 16) | (g << 8) | b;
  }
}

static inline double scene_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds (user + system) used so far by this process, all threads. */
static inline double scene_cpu(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* Simple option parsing shared by the C peers. */
typedef struct {
  const char* variant; /* 2d | 3d | image */
  int layers;
  int frames;
  int warmup;
  int threads;
  const char* method;
  const char* png; /* --png or --out: dump frame `dump_frame` here (*.png: PNG, else binary PPM) */
  int dump_frame;
} scene_opts;

static inline void scene_parse(int argc, char** argv, scene_opts* o, const char* default_method) {
  o->variant = "2d";
  o->layers = 100;
  o->frames = 600;
  o->warmup = 30;
  o->threads = 0;
  o->method = default_method;
  o->png = NULL;
  o->dump_frame = 90;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--variant") && v) { o->variant = v; i++; }
    else if (!strcmp(a, "--layers") && v) { o->layers = atoi(v); i++; }
    else if (!strcmp(a, "--frames") && v) { o->frames = atoi(v); i++; }
    else if (!strcmp(a, "--warmup") && v) { o->warmup = atoi(v); i++; }
    else if (!strcmp(a, "--threads") && v) { o->threads = atoi(v); i++; }
    else if (!strcmp(a, "--method") && v) { o->method = v; i++; }
    else if ((!strcmp(a, "--png") || !strcmp(a, "--out")) && v) { o->png = v; i++; }
    else if (!strcmp(a, "--dump-frame") && v) { o->dump_frame = atoi(v); i++; }
    else { fprintf(stderr, "unknown option %s\n", a); exit(2); }
  }
}

/* Write a premultiplied ARGB32 (native uint32) buffer as binary PAM (RGB, alpha dropped;
 * canvas is opaque).  run-all / check tools convert it to PNG. */
static inline void scene_write_pam(const char* path, const uint8_t* data, int w, int h, int stride) {
  FILE* f = fopen(path, "wb");
  if (!f) { perror(path); return; }
  fprintf(f, "P6\n%d %d\n255\n", w, h);
  for (int y = 0; y < h; y++) {
    const uint32_t* row = (const uint32_t*)(data + (size_t)y * stride);
    for (int x = 0; x < w; x++) {
      uint8_t px[3] = {(uint8_t)(row[x] >> 16), (uint8_t)(row[x] >> 8), (uint8_t)row[x]};
      fwrite(px, 1, 3, f);
    }
  }
  fclose(f);
}

/* ---- Variant paths (BENCHMARK.md "Variant paths (vector drawing)") ----------------------
 * Shapes are built once in shape-local coordinates (centre at the origin, y down, "up" = -y),
 * as a small command list that each peer converts into its own path object.  The peer then
 * draws shape i with the transform  canvas = centre_i + R(angle_i) * local, where R is the
 * 2d variant's z rotation (x' = x cos a - y sin a, y' = x sin a + y cos a). */
#define PATHS_STAR_OUTER 64.0
#define PATHS_STAR_INNER 26.0
#define PATHS_CIRCLE_R 56.0
#define PATHS_KAPPA 0.55228474983079339840 /* 4/3 (sqrt(2) - 1) */
#define PATHS_STROKE_WIDTH 4.0
#define PATHS_FILL_ALPHA 0.5
#define PATHS_STROKE_ALPHA 0.6 /* white */
#define PATHS_DASH_ON 12.0
#define PATHS_DASH_OFF 6.0
#define PATHS_MAX_CMDS 128

static inline int scene_paths_is_circle(int i) { return i % 4 == 3; }

typedef struct {
  char op;      /* 'M' (x0,y0), 'L' (x0,y0), 'C' (x0,y0 x1,y1 x2,y2: controls then end), 'Z' */
  double p[6];
} scene_cmd;

typedef struct {
  scene_cmd c[PATHS_MAX_CMDS];
  int n;
} scene_cmds;

static inline void scene_cmd_add(scene_cmds* o, char op, double a, double b, double c, double d,
                                 double e, double f) {
  if (o->n >= PATHS_MAX_CMDS) { fprintf(stderr, "scene: path too long\n"); exit(1); }
  scene_cmd* m = &o->c[o->n++];
  m->op = op;
  m->p[0] = a; m->p[1] = b; m->p[2] = c; m->p[3] = d; m->p[4] = e; m->p[5] = f;
}

/* Five-pointed star: vertex j = 0..9 at angle -pi/2 + j*pi/5 (clockwise on screen from
 * straight up), radius 64 for even j, 26 for odd j.  M v0, L v1 .. L v9, Z: ten segments. */
static inline void scene_paths_star(scene_cmds* o) {
  o->n = 0;
  for (int j = 0; j < 10; j++) {
    double r = (j & 1) ? PATHS_STAR_INNER : PATHS_STAR_OUTER;
    double a = -M_PI / 2 + j * M_PI / 5;
    scene_cmd_add(o, j ? 'L' : 'M', r * cos(a), r * sin(a), 0, 0, 0, 0);
  }
  scene_cmd_add(o, 'Z', 0, 0, 0, 0, 0, 0);
}

/* The four cubic quarter arcs of the circle, clockwise on screen from the top point:
 * q[k] = 8 doubles (p0, p1, p2, p3). */
static inline void scene_paths_circle_quarters(double q[4][8]) {
  const double r = PATHS_CIRCLE_R, k = PATHS_KAPPA * PATHS_CIRCLE_R;
  const double pts[4][8] = {
    {0, -r, k, -r, r, -k, r, 0},  /* top -> right */
    {r, 0, r, k, k, r, 0, r},     /* right -> bottom */
    {0, r, -k, r, -r, k, -r, 0},  /* bottom -> left */
    {-r, 0, -r, -k, -k, -r, 0, -r} /* left -> top */
  };
  memcpy(q, pts, sizeof pts);
}

/* Circle of radius 56: M top, 4 x C, Z. */
static inline void scene_paths_circle(scene_cmds* o) {
  double q[4][8];
  scene_paths_circle_quarters(q);
  o->n = 0;
  scene_cmd_add(o, 'M', q[0][0], q[0][1], 0, 0, 0, 0);
  for (int s = 0; s < 4; s++) scene_cmd_add(o, 'C', q[s][2], q[s][3], q[s][4], q[s][5], q[s][6], q[s][7]);
  scene_cmd_add(o, 'Z', 0, 0, 0, 0, 0, 0);
}

/* Arc length of the cubic c (8 doubles) for t in [0, u]: 8 sub-intervals x 8-point
 * Gauss-Legendre, exact to ~1e-12 on these smooth quarter arcs. */
static inline double scene_cubic_len(const double* c, double u) {
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                              0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                              0.1012285362903763};
  double sum = 0;
  const int sub = 8;
  for (int k = 0; k < sub; k++) {
    double a = u * k / sub, b = u * (k + 1) / sub, m = (a + b) / 2, h = (b - a) / 2;
    for (int j = 0; j < 8; j++) {
      double t = m + h * (j < 4 ? -x[j] : x[j - 4]), mt = 1 - t;
      double wt = w[j & 3];
      double dx = 3 * (mt * mt * (c[2] - c[0]) + 2 * mt * t * (c[4] - c[2]) + t * t * (c[6] - c[4]));
      double dy = 3 * (mt * mt * (c[3] - c[1]) + 2 * mt * t * (c[5] - c[3]) + t * t * (c[7] - c[5]));
      sum += wt * h * sqrt(dx * dx + dy * dy);
    }
  }
  return sum;
}

/* Parameter t at which the arc length from 0 reaches s (0 <= s <= len): bisection. */
static inline double scene_cubic_t_at(const double* c, double s) {
  double lo = 0, hi = 1;
  for (int it = 0; it < 60; it++) {
    double mid = (lo + hi) / 2;
    if (scene_cubic_len(c, mid) < s) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/* The piece of cubic c between parameters t0 < t1, as a cubic (de Casteljau twice). */
static inline void scene_cubic_piece(const double* c, double t0, double t1, double* out) {
  double l[8];
  /* left part [0, t1] */
  for (int d = 0; d < 2; d++) {
    double p0 = c[d], p1 = c[2 + d], p2 = c[4 + d], p3 = c[6 + d], t = t1;
    double a = p0 + (p1 - p0) * t, b = p1 + (p2 - p1) * t, cc = p2 + (p3 - p2) * t;
    double ab = a + (b - a) * t, bc = b + (cc - b) * t, abc = ab + (bc - ab) * t;
    l[d] = p0; l[2 + d] = a; l[4 + d] = ab; l[6 + d] = abc;
  }
  /* right part of l from t0/t1 */
  double u = t1 > 0 ? t0 / t1 : 0;
  for (int d = 0; d < 2; d++) {
    double p0 = l[d], p1 = l[2 + d], p2 = l[4 + d], p3 = l[6 + d], t = u;
    double a = p0 + (p1 - p0) * t, b = p1 + (p2 - p1) * t, cc = p2 + (p3 - p2) * t;
    double ab = a + (b - a) * t, bc = b + (cc - b) * t, abc = ab + (bc - ab) * t;
    out[d] = abc; out[2 + d] = bc; out[4 + d] = cc; out[6 + d] = p3;
  }
}

/* Emit the part [s0, s1] (arc length, 0 <= s0 < s1 <= total) of the closed quarter-arc chain
 * as cubic pieces; `move` = start a new sub-path with M. */
static inline void scene_emit_span(scene_cmds* o, double q[4][8], const double* len, double s0,
                                   double s1, int move) {
  double base = 0;
  for (int k = 0; k < 4; k++) {
    double a = s0 - base, b = s1 - base;
    if (b > 0 && a < len[k]) {
      double ta = a <= 0 ? 0 : scene_cubic_t_at(q[k], a);
      double tb = b >= len[k] ? 1 : scene_cubic_t_at(q[k], b);
      double pc[8];
      scene_cubic_piece(q[k], ta, tb, pc);
      if (move) { scene_cmd_add(o, 'M', pc[0], pc[1], 0, 0, 0, 0); move = 0; }
      scene_cmd_add(o, 'C', pc[2], pc[3], pc[4], pc[5], pc[6], pc[7]);
    }
    base += len[k];
  }
}

/* The circle's dashed outline, split once: dash [12, 6], phase 0, lengths measured along the
 * Bezier curves from the top point clockwise.  Dash d covers [18 d, 18 d + 12].  The outline
 * is closed and the pattern is "on" both at its end and at its start, so the last (partial)
 * dash and the first dash are one open sub-path through the top point (as cairo's dasher
 * joins them).  Open sub-paths, to be stroked with butt caps.  Returns the total length. */
static inline double scene_paths_circle_dashed(scene_cmds* o) {
  double q[4][8], len[4], total = 0;
  scene_paths_circle_quarters(q);
  for (int k = 0; k < 4; k++) { len[k] = scene_cubic_len(q[k], 1.0); total += len[k]; }
  const double period = PATHS_DASH_ON + PATHS_DASH_OFF;
  o->n = 0;
  int ndash = (int)ceil(total / period);
  double last0 = (ndash - 1) * period, last1 = last0 + PATHS_DASH_ON;
  int wrap = last1 > total; /* last dash runs past the end: it joins the first one */
  for (int d = wrap ? 1 : 0; d < ndash - (wrap ? 1 : 0); d++) {
    double s0 = d * period, s1 = fmin(s0 + PATHS_DASH_ON, total);
    if (s1 > s0) scene_emit_span(o, q, len, s0, s1, 1);
  }
  if (wrap) {
    scene_emit_span(o, q, len, last0, total, 1);
    scene_emit_span(o, q, len, 0, fmin(PATHS_DASH_ON, total), 0);
  }
  return total;
}

#endif
