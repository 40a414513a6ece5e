#!/usr/bin/env bash
# Every PNG colour type at every bit depth it allows, each plain and Adam7-interlaced, from one
# 17 x 13 image (odd sizes leave some Adam7 passes partly empty). ImageMagick writes all but
# 2- and 4-bit palettes, which make_palette.py writes with zlib by hand.
set -euo pipefail
cd "$(dirname "$0")"
convert -size 17x13 -seed 5 plasma:fractal -alpha set -channel A -fx "(i+2*j)/45" +channel /tmp/interlace-base.png
for spec in gray:1 gray:2 gray:4 gray:8 gray:16 palette:1 palette:8 graya:8 graya:16 rgb:8 rgb:16 rgba:8 rgba:16; do
  ct=${spec%:*}; d=${spec#*:}
  case $ct in
    gray) t="-type Grayscale -define png:color-type=0";;
    palette) t="-define png:color-type=3 -colors $((1 << d < 256 ? 1 << d : 256))";;
    graya) t="-type GrayscaleAlpha -define png:color-type=4";;
    rgb) t="-type TrueColor -define png:color-type=2";;
    rgba) t="-type TrueColorAlpha -define png:color-type=6";;
  esac
  for il in None PNG; do
    convert /tmp/interlace-base.png $t -depth $d -define png:bit-depth=$d -interlace $il \
      $ct-$d-$([ $il = PNG ] && echo adam7 || echo plain).png
  done
done
python3 make_palette.py
