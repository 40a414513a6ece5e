#!/usr/bin/env bash
# Writes the JPEG fixtures of CoreGraphicsTests with ImageMagick (a different encoder from the
# libjpeg-turbo decoder under test), then derives the damaged ones with Python.
set -euo pipefail
cd "$(dirname "$0")"
# Left half red, right half blue, 4:4:4 so the colours stay sharp at the boundary.
convert -size 16x8 xc:red \( -size 8x8 xc:blue \) -geometry +8+0 -composite \
  -quality 95 -sampling-factor 1x1 -strip red-blue-16x8.jpg
convert -size 8x8 xc:'gray(128)' -colorspace Gray -quality 95 -strip gray-8x8.jpg
# Pure red as Adobe CMYK (C 0, M 100 %, Y 100 %, K 0).
convert -size 8x8 xc:'cmyk(0,255,255,0)' -colorspace CMYK -quality 95 cmyk-8x8.jpg
python3 - <<'PY'
data = open("red-blue-16x8.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[:-20])  # cut inside the entropy-coded scan
# A start-of-image marker, then a marker with a length running past the end, then noise.
open("corrupt.jpg", "wb").write(b"\xff\xd8\xff\xdb\x00\x43\x07" + bytes(range(7, 200)))
# The same image with its frame header claiming 60000 x 60000 pixels.
sof = data.index(b"\xff\xc0")
huge = bytearray(data)
huge[sof + 5 : sof + 9] = (60000).to_bytes(2, "big") * 2
open("huge-sof.jpg", "wb").write(bytes(huge))
PY
# Progressive (several scans): the tests repeat its last scan thousands of times.
convert red-blue-16x8.jpg -interlace Plane -quality 95 -sampling-factor 1x1 -strip progressive-16x8.jpg
