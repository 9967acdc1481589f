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
sum=$(grep -E '^CONFIG_' "$TOP/configs/base.config" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$out/.nd-config-sum" 2>/dev/null)" != "$sum" ]; then
	mk tinyconfig >/dev/null
	KCONFIG_CONFIG="$out/.config" "$src/scripts/kconfig/merge_config.sh" \
		-m -O "$out" "$out/.config" "$TOP/configs/base.config" >/dev/null
	mk olddefconfig >/dev/null
	echo "$sum" > "$out/.nd-config-sum"
fi
mk KCFLAGS=-g fs/dcache.o fs/inode.o >/dev/null
case $struct in
inode) pahole -C inode "$out/fs/inode.o" ;;
*) pahole -C "$struct" "$out/fs/dcache.o" ;;
esac
