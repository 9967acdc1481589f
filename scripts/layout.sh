#!/usr/bin/env bash
# layout.sh SRC NAME: pahole's view of struct dentry in SRC, built for
# x86_64 with the demo config and debug info (only fs/dcache.o is built).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=$(realpath "$1") out=$OUT/layout-$2
mkdir -p "$out"
cp "$OUT/stock/.config" "$out/.config"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache-negdentry}
mk() { make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
mk olddefconfig >/dev/null
mk KCFLAGS=-g fs/dcache.o >/dev/null
pahole -C dentry "$out/fs/dcache.o"
