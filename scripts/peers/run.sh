#!/usr/bin/env bash
# Peer figures for the translucent-layers benchmark (docs/BENCHMARK.md): the same scene drawn by
# Blend2D and by cairo, so that `strata bench` can be compared with them in one run.
#
#   scripts/peers/run.sh                                   # blend2d + cairo, N = 50,100,200,400, 3 reps
#   scripts/peers/run.sh --peers blend2d --layers 100 --variants 2d --reps 1
#   scripts/peers/run.sh --layers 50,100,400 --variants paths          # vector drawing (opt-in)
#
# One frame for a visual check, from $PEERS_BUILD after a run (--out *.png writes a PNG, other names PPM):
#   blend2d/blend2d_bench --variant paths --layers 100 --warmup 0 --frames 98 --dump-frame 97 --out b.png
#   cairo/cairo_bench     --variant paths --layers 100 --warmup 0 --frames 98 --dump-frame 97 --out c.png
#   $PEERS_VENV/bin/python scripts/peers/tools/framediff.py b.png c.png --diff d.png
#
# Installs what is missing (libcairo2-dev via apt, blend2d-python in a private venv), builds the
# two C programs into $PEERS_BUILD (default /tmp/strata-peers-build), prints one JSON line per run
# and a median line per configuration. Results go to $PEERS_OUT (default /tmp/strata-peers).
# A peer that cannot be installed or built is left out with a message on stderr saying why and
# what to install; the script fails only when no peer is left.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="${PEERS_BUILD:-/tmp/strata-peers-build}"
VENV="${PEERS_VENV:-/tmp/strata-peers-venv}"
SUDO=""; [[ $(id -u) == 0 ]] || SUDO=sudo

# The peers asked for (orchestrate.py's --peers, default blend2d,cairo); other options pass through.
wanted="blend2d,cairo"; args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --peers) wanted="${2:-}"; shift 2 ;;
    --peers=*) wanted="${1#*=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
ready=()
skip() { echo "peers: leaving out $1: $2" >&2; }
mkdir -p "$BUILD/cairo" "$BUILD/blend2d"

for peer in ${wanted//,/ }; do
  case "$peer" in
    cairo)
      if ! pkg-config --exists cairo 2>/dev/null; then
        { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcairo2-dev pkg-config; } >&2 \
          || true
      fi
      if ! pkg-config --exists cairo pixman-1 2>/dev/null; then
        skip cairo "libcairo2-dev is not installed and apt-get could not install it (run: sudo apt-get install libcairo2-dev)"
      elif gcc -O2 -march=native -o "$BUILD/cairo/cairo_bench" "$HERE/cairo/cairo_bench.c" \
             $(pkg-config --cflags --libs cairo pixman-1) -lm; then
        ready+=(cairo)
      else
        skip cairo "cairo_bench.c did not compile (gcc's messages above)"
      fi ;;
    blend2d)
      # Blend2D's static library comes from the blend2d-python wheel on PyPI (no Debian package).
      if ! compgen -G "$VENV/lib/python3*/site-packages/blend2d/libblend2d.a" >/dev/null; then
        { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q --disable-pip-version-check blend2d-python==1.0.0; } >&2 || true
      fi
      B2D_A="$(ls "$VENV"/lib/python3*/site-packages/blend2d/libblend2d.a 2>/dev/null | head -1 || true)"
      if [ -z "$B2D_A" ]; then
        skip blend2d "no libblend2d.a: 'pip install blend2d-python==1.0.0' into $VENV failed (needs python3-venv and access to PyPI)"
      elif gcc -O2 -march=native -o "$BUILD/blend2d/blend2d_bench" "$HERE/blend2d/blend2d_bench.c" "$B2D_A" \
             -lstdc++ -lpthread -lm -lrt; then
        ready+=(blend2d)
      else
        skip blend2d "blend2d_bench.c did not link against $B2D_A (gcc's messages above)"
      fi ;;
    *) skip "$peer" "this runner builds blend2d and cairo only" ;;
  esac
done
if [ ${#ready[@]} -eq 0 ]; then
  echo "peers: no peer could be installed; nothing to run" >&2
  exit 1
fi
# orchestrate.py runs the programs relative to its working directory.
ln -sfn "$HERE/common" "$BUILD/common"
peers_list="$(IFS=,; echo "${ready[*]}")"
cd "$BUILD" && exec python3 "$HERE/tools/orchestrate.py" --no-extras --peers "$peers_list" "${args[@]}"
