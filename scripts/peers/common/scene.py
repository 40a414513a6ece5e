"""Scene definition shared by the Python peers (skia, blend2d-python, moderngl).

Mirrors docs/BENCHMARK.md (see common/scene.h for the C twin).
"""
import argparse
import colorsys
import json
import math
import time

W, H = 1024, 768
SIZE = 128.0
RADIUS = 16.0
OPACITY = 0.5
BG = (0x1E, 0x1E, 0x24)
PERSPECTIVE_D = 500.0


def layer_color(i, n):
    """Straight RGB floats 0..1 of HSV(i/n, 0.65, 0.95)."""
    return colorsys.hsv_to_rgb(i / n, 0.65, 0.95)


def layer_consts(i, n, is3d):
    a = 2 * math.pi * i / n
    w = 2 * math.pi / (6 + i % 7)
    d = (5 + i % 3) if is3d else (4 + i % 5)
    return a, w, 2 * math.pi / d


def layer_at(consts, t):
    """(cx, cy, angle) at scene time t for layer constants (a, w, rot_speed)."""
    a, w, rs = consts
    ph = w * t + a
    return 512.0 + 400.0 * math.cos(ph), 384.0 + 280.0 * math.sin(ph), rs * t + a


def affine_2d(cx, cy, ang):
    """Row-major 2x3 affine mapping layer-local (0..128) to canvas: T(c) R(ang) T(-64,-64)."""
    c, s = math.cos(ang), math.sin(ang)
    tx = cx - 64 * c + 64 * s
    ty = cy - 64 * s - 64 * c
    return (c, -s, tx, s, c, ty)


def projective_3d(cx, cy, ang):
    """Row-major 3x3 projective matrix mapping layer-local (0..128) to canvas for the 3d variant:
    T(canvas centre) * P(m34=-1/500) * T(pos - centre) * RotY(ang) * T(-64,-64), restricted to z=0."""
    c, s = math.cos(ang), math.sin(ang)
    dx, dy = cx - 512.0, cy - 384.0
    # (u, v) centred: x = dx + u c, y = dy + v, z = -u s, w = 1 - z/500 = 1 + u s/500
    p = s / PERSPECTIVE_D
    # X_h = 512 w + x ; Y_h = 384 w + y ; W = w
    m = [[c + 512 * p, 0.0, 512 + dx],
         [384 * p, 1.0, 384 + dy],
         [p, 0.0, 1.0]]
    # pre-translate by (-64, -64)
    for r in range(3):
        m[r][2] = m[r][2] - 64 * m[r][0] - 64 * m[r][1]
    return m


def tile_rgba_bytes():
    """128x128 straight-alpha RGBA tile as bytes (BENCHMARK.md)."""
    out = bytearray(128 * 128 * 4)
    for y in range(128):
        for x in range(128):
            o = (y * 128 + x) * 4
            out[o] = 2 * x
            out[o + 1] = 2 * y
            out[o + 2] = max(0, 255 - x - y)
            out[o + 3] = 255 if (x - 64) ** 2 + (y - 64) ** 2 < 3600 else 0
    return bytes(out)


def tile_premul_bgra_bytes():
    """Premultiplied BGRA (little-endian ARGB32) tile bytes."""
    src = tile_rgba_bytes()
    out = bytearray(len(src))
    for i in range(0, len(src), 4):
        r, g, b, a = src[i], src[i + 1], src[i + 2], src[i + 3]
        out[i] = b * a // 255
        out[i + 1] = g * a // 255
        out[i + 2] = r * a // 255
        out[i + 3] = a
    return bytes(out)


def parse(default_method=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="2d", choices=["2d", "3d", "image"])
    ap.add_argument("--layers", type=int, default=100)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--method", default=default_method)
    ap.add_argument("--png", default=None)
    ap.add_argument("--dump-frame", type=int, default=90)
    return ap.parse_args()


def run_frames(opts, render_frame, dump=None):
    """render_frame(k, t). Returns fps over opts.frames timed frames after opts.warmup, and
    records the process CPU seconds (all threads) of the timed frames in LAST_CPU."""
    total = opts.warmup + opts.frames
    t0 = c0 = 0.0
    for k in range(total):
        if k == opts.warmup:
            t0 = time.perf_counter()
            c0 = time.process_time()
        render_frame(k, k / 60.0)
        if dump and opts.png and k == opts.dump_frame:
            dump(opts.png)
    wall = time.perf_counter() - t0
    LAST_CPU[0] = time.process_time() - c0
    LAST_CPU[1] = opts.frames
    return opts.frames / wall


LAST_CPU = [0.0, 0]


def emit(peer, variant, layers, fps, threads, notes):
    d = {"peer": peer, "variant": variant, "layers": layers, "fps": round(fps, 2), "threads": threads}
    if LAST_CPU[0] > 0:
        d["cpu_s"] = round(LAST_CPU[0], 3)
        d["fps_per_cpu_s"] = round(LAST_CPU[1] / LAST_CPU[0], 2)
    d["notes"] = notes
    print(json.dumps(d), flush=True)
