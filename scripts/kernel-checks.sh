#!/usr/bin/env bash
# The checks a maintainer's bots run on the series, each compared with the
# stock tree so that only what the series adds counts:
#   W=1      extra compiler warnings on the changed objects (x86_64)
#   sparse   make C=2 on the changed objects (Debian package sparse)
#   i386     a 32-bit build of the changed objects (tinyconfig + base)
#   allmod   fs/dcache.o fs/namei.o fs/inode.o under allmodconfig
# and then `make bisect-build` (every commit builds on its own; BISECT=0
# skips it).
# Writes build/results/kernel-checks.md; exits non-zero on a new warning
# or a failed build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
OBJS="fs/dcache.o fs/namei.o fs/inode.o"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache-negdentry}
exec 9>"${TMPDIR:-/tmp}/nd-kbuild.lock"; flock 9
res=$RESULTS/kernel-checks; mkdir -p "$res"
md=$RESULTS/kernel-checks.md
bad=0

config() { # SRC OUT ARCH KIND
	local frag=$TOP/configs/base.config
	if [ "$4" = allmod ]; then
		bash "$TOP/scripts/kconfig.sh" "$1" "$2" "$3" allmodconfig
		return
	fi
	if [ "$3" = i386 ]; then
		mkdir -p "$2"; frag=$2/frag.config
		grep -v '^CONFIG_64BIT' "$TOP/configs/base.config" > "$frag"
		echo 'CONFIG_64BIT=n' >> "$frag"
	fi
	bash "$TOP/scripts/kconfig.sh" "$1" "$2" "$3" tinyconfig "$frag"
}

# Warnings (file:line: warning/error lines) of one check on one tree.
run() { # NAME KIND ARCH SRC EXTRA...
	local name=$1 kind=$2 arch=$3 src=$4; shift 4
	local out=$OUT/check-$kind-$arch-$name
	config "$src" "$out" "$arch" "$kind"
	make -s -C "$src" O="$out" ARCH="$arch" CC="ccache gcc" -j"$(nproc)" prepare >/dev/null 2>&1 || true
	rm -f $(for o in $OBJS; do echo "$out/$o"; done)
	if make -s -C "$src" O="$out" ARCH="$arch" CC="ccache gcc" -j"$(nproc)" "$@" $OBJS \
		> "$res/$kind-$arch-$name.log" 2>&1; then :; else echo "BUILD FAILED" >> "$res/$kind-$arch-$name.log"; fi
	grep -E '(warning|error):|BUILD FAILED' "$res/$kind-$arch-$name.log" |
		sed -E "s|$src/||; s/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/" | sort -u > "$res/$kind-$arch-$name.w" || true
}

{
echo "# Kernel checks: $(git -C "$TREE" log -1 --format="%h (%s)") vs stock"
echo
echo "Command: \`make kernel-checks\` ($(date -u +%F)); objects: $OBJS."
echo
echo "| check | stock warnings | patched warnings | new in patched |"
echo "|---|---|---|---|"
} > "$md"
for c in "w1 x86_64 W=1" "sparse x86_64 C=2" "tiny i386" "allmod x86_64"; do
	set -- $c; kind=$1 arch=$2; shift 2
	note "check $kind ($arch)"
	run stock "$kind" "$arch" "$STOCK_SRC" "$@"
	run patched "$kind" "$arch" "$TREE" "$@"
	new=$(comm -13 "$res/$kind-$arch-stock.w" "$res/$kind-$arch-patched.w" | wc -l)
	[ "$new" = 0 ] || { bad=1; comm -13 "$res/$kind-$arch-stock.w" "$res/$kind-$arch-patched.w" | sed 's/^/  new: /' >&2; }
	echo "| $kind ($arch${1:+, $*}) | $(wc -l < "$res/$kind-$arch-stock.w") | $(wc -l < "$res/$kind-$arch-patched.w") | $new |" >> "$md"
done
flock -u 9
if [ "${BISECT:-1}" = 0 ]; then
	echo "| bisect-build | | | not run (BISECT=0) |" >> "$md"
elif note "bisect-build"; bash "$TOP/scripts/bisect-build.sh" > "$res/bisect.log" 2>&1; then
	echo "| bisect-build (each commit, demo config) | | $(grep -c '^ok' "$res/bisect.log") commits built | 0 failed |" >> "$md"
else
	bad=1; echo "| bisect-build | | | FAILED: $(tail -1 "$res/bisect.log") |" >> "$md"
fi
cat "$md"
exit $bad
