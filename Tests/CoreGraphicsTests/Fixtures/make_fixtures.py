#!/usr/bin/env python3
"""Writes the PNG fixtures of CoreGraphicsTests with zlib + struct only (no image library),
so the decoder under test is checked against bytes built independently of libpng."""
import os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def png(width, height, color_type, rows, bit_depth=8):
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)  # filter type 0 (None) on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))

def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)

# RGBA, straight alpha: opaque red, half green, transparent blue / white, 20% purple, near-opaque.
write("rgba-3x2.png", png(3, 2, 6, [
    [255, 0, 0, 255,   0, 255, 0, 128,   0, 0, 255, 0],
    [255, 255, 255, 255,   100, 50, 200, 51,   10, 20, 30, 254],
]))
# RGB without alpha.
write("rgb-2x1.png", png(2, 1, 2, [[1, 2, 3, 250, 128, 0]]))
# Gray + alpha.
write("gray-alpha-2x1.png", png(2, 1, 4, [[77, 255, 200, 102]]))
# A header claiming 100000 x 100000 RGBA followed by a tiny IDAT: must be refused before allocating.
ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
write("huge-ihdr.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
      + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))
