# Palette PNGs of 2 and 4 bits per pixel, plain and Adam7-interlaced (ImageMagick writes
# neither depth on request): the same 17 x 13 index pattern, written with zlib by hand.
import struct, zlib
W, H = 17, 13
def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xFFFFFFFF)
def pack(indices, depth):
    out, acc, n = bytearray(), 0, 0
    for v in indices:
        acc = acc << depth | v; n += depth
        if n == 8: out.append(acc); acc, n = 0, 0
    if n: out.append(acc << (8 - n))
    return bytes(out)
def write(name, depth, interlace):
    k = 1 << depth
    pix = [[(x * 3 + y * 5 + x * y) % k for x in range(W)] for y in range(H)]
    plte = b"".join(bytes([(i * 255) // (k - 1), (i * 97) % 256, 255 - (i * 255) // (k - 1)]) for i in range(k))
    raw = bytearray()
    if not interlace:
        for row in pix: raw += b"\0" + pack(row, depth)
    else:
        for x0, y0, dx, dy in [(0,0,8,8),(4,0,8,8),(0,4,4,8),(2,0,4,4),(0,2,2,4),(1,0,2,2),(0,1,1,2)]:
            xs = list(range(x0, W, dx))
            if not xs: continue
            for y in range(y0, H, dy): raw += b"\0" + pack([pix[y][x] for x in xs], depth)
    ihdr = struct.pack(">IIBBBBB", W, H, depth, 3, 0, 0, interlace)
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"PLTE", plte)
                           + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))
for d in (2, 4):
    write(f"palette-{d}-plain.png", d, 0)
    write(f"palette-{d}-adam7.png", d, 1)
