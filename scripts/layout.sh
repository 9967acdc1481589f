#!/usr/bin/env bash
# layout.sh SRC NAME [STRUCT]: pahole's view of struct STRUCT (default
# dentry) in SRC, built for x86_64 with the demo config (tinyconfig plus
# configs/base.config) and debug info; only fs/dcache.o and fs/inode.o are
# built, in $OUT/layout-NAME.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=$(realpath "$1") out=$OUT/layout-$2 struct=${3:-dentry}
mkdir -p "$out"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache-negdentry}
mk() { make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
bash "$TOP/scripts/kconfig.sh" "$src" "$out" x86_64 tinyconfig "$TOP/configs/base.config"
mk KCFLAGS=-g fs/dcache.o fs/inode.o >/dev/null
case $struct in
inode) pahole -C inode "$out/fs/inode.o" ;;
*) pahole -C "$struct" "$out/fs/dcache.o" ;;
esac
