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
bash "$TOP/scripts/kconfig.sh" "$src" "$out" x86_64 tinyconfig "$@"
# A build prints nothing (make -s) for minutes: say what to expect, then
# a line a minute with the objects compiled so far.
if [ -f "$out/vmlinux" ]; then
	note "building $out (incremental: seconds to a few minutes)"
else
	note "building $out (cold on 2 cores: ~5 min for the demo config, ~20 for debug; a few with a warm ccache)"
fi
t0=$(date +%s); : > "$out/.nd-build-start"
(while sleep 60; do
	note "  ... $(find "$out" -name '*.o' -newer "$out/.nd-build-start" | wc -l) objects compiled, $(( ($(date +%s) - t0) / 60 )) min"
done) &
heartbeat=$!
trap 'kill $heartbeat 2>/dev/null || true' EXIT
mk bzImage
note "built $out in $(( $(date +%s) - t0 )) s"
echo "$out/arch/x86/boot/bzImage"
