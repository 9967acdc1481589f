#!/usr/bin/env bash
# build-kernel.sh SRC OUT FRAGMENT...
# Out-of-tree (O=) build of SRC into OUT from `tinyconfig` plus the given
# config fragments, with ccache.  Rebuilding is cheap: make's own
# dependency tracking plus ccache.  Prints the bzImage path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=$(realpath -m "$1") out=$(realpath -m "$2"); shift 2
[ -f "$src/Makefile" ] || die "no kernel source in $src"
mkdir -p "$out"
# One kernel build at a time on this machine (two cores).
exec 9>"${TMPDIR:-/tmp}/nd-kbuild.lock"
flock 9
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache-negdentry}
export CCACHE_BASEDIR=$BUILD CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP="2024-11-17" KBUILD_BUILD_USER=nd KBUILD_BUILD_HOST=nd
mk() { make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" "$@"; }
# Regenerate the config only when a fragment's options changed (not its
# comments: a reconfigure costs a kbuild pass over the whole tree).
sum=$(cat "$@" | grep -E '^CONFIG_' | sha256sum | cut -d' ' -f1)
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.nd-config-sum" 2>/dev/null)" != "$sum" ]; then
	note "configuring $out from tinyconfig + $*"
	mk tinyconfig >/dev/null
	KCONFIG_CONFIG="$out/.config" "$src/scripts/kconfig/merge_config.sh" \
		-m -O "$out" "$out/.config" "$@" >/dev/null
	mk olddefconfig >/dev/null
	# Every option we asked for must have survived olddefconfig (a later
	# fragment overrides an earlier one, as merge_config.sh does).
	bad=0
	while IFS= read -r line; do
		opt=${line%%=*} val=${line#*=}
		if [ "$val" = n ]; then
			grep -q "^$opt=" "$out/.config" || continue
		else
			grep -qx "$line" "$out/.config" && continue
		fi
		echo "error: $line did not take effect in $out/.config" >&2; bad=1
	done < <(cat "$@" | grep -E '^CONFIG_[A-Z0-9_]+=' | tac | awk -F= '!seen[$1]++' | tac)
	[ $bad = 0 ] || exit 1
	echo "$sum" > "$out/.nd-config-sum"
fi
note "building $out"
mk bzImage
echo "$out/arch/x86/boot/bzImage"
