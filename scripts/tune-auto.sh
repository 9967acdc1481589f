#!/usr/bin/env bash
# make tune-auto: what each of auto's four constants buys, measured with
# each halved and doubled (issue: "keep at most four, each justified").
# Builds a test-only variant of the patched kernel (build/out/tune, never
# shipped) in which the constants are boot parameters instead of
# #defines, then boots it once per setting and runs
# tests/explore/autotune.sh.  Writes build/results/tune-auto.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
WT=$BUILD/linux-tune
[ -d "$TREE/.git" ] || die "no kernel tree: run make tree"
if [ ! -d "$WT" ]; then
	git -C "$TREE" worktree add -f --detach "$WT" "$BRANCH" >/dev/null
fi
git -C "$WT" checkout -q -f --detach "$BRANCH"
# The four #defines become core_param()s with the same defaults.
python3 - "$WT/fs/dcache.c" <<'PY'
import re, sys
p = sys.argv[1]; s = open(p).read()
# each #define becomes the expression that reads its boot parameter
new = {
 'NEG_AUTO_FLOOR': 'nd_floor',
 'NEG_AUTO_CEIL': '(nd_ceil * nd_floor)',
 'NEG_AUTO_GROW': 'nd_grow',
 'NEG_AUTO_SPARE': 'nd_spare',
}
for name, expr in new.items():
    m = re.search(r'^#define %s\s.*$' % name, s, re.M)
    assert m, name
    s = s[:m.start()] + '#define %s %s' % (name, expr) + s[m.end():]
decl = '''static unsigned int nd_floor = 1024, nd_ceil = 64, nd_grow = 16, nd_spare = 4;
core_param(nd_floor, nd_floor, uint, 0444);
core_param(nd_ceil, nd_ceil, uint, 0444);
core_param(nd_grow, nd_grow, uint, 0444);
core_param(nd_spare, nd_spare, uint, 0444);
'''
i = s.index('static int dentry_dir_max __read_mostly;')
s = s[:i] + decl + s[i:]
s = s.replace('#include "internal.h"', '#include <linux/moduleparam.h>\n#include "internal.h"', 1)
open(p, 'w').write(s)
PY
grep -q "core_param(nd_floor" "$WT/fs/dcache.c" || die "tunable variant not made"
note "building the tunable variant (build/out/tune)"
bash "$TOP/scripts/build-kernel.sh" "$WT" "$OUT/tune" configs/base.config >/dev/null
K=$OUT/tune/arch/x86/boot/bzImage
out=$RESULTS/tune-auto.txt
: > "$out"
for set in "" nd_spare=2 nd_spare=8 nd_grow=8 nd_grow=32 \
	   nd_ceil=32 nd_ceil=128 nd_floor=512 nd_floor=2048; do
	name=tune-${set:-default}
	bash "$TOP/scripts/run-vm.sh" -t 1800 -k "$K" -n "$name" -a "$set" -- \
		'sh /nd/autotune.sh' >&2 || note "$name: guest run failed"
	line=$(cat "$RESULTS/$name/autotune.txt" 2>/dev/null || echo "failed")
	echo "${set:-default} $line" | tee -a "$out"
done
# The table: one row per setting, phase B's hot misses in hot lookups.
md=$RESULTS/tune-auto.md
{
	echo "# auto's constants, halved and doubled"
	echo
	echo "$(uname -n), commit $(git -C "$TOP" rev-parse --short HEAD), $(date -u +%F), \`make tune-auto\`."
	echo "Defaults: nd_floor=1024, nd_ceil=64 (x floor), nd_grow=16 (1/16 per refault),"
	echo "nd_spare=4 (shrink by at most 1/4, to no less than 4 x the names with credit). stat2: 4 x 250,000 names each stat()ed twice."
	echo "hH: H hot names amid 2 x 500,000 one-off names; misses in phase B's hot lookups."
	echo
	echo "| setting | stat2 peak | stat2 kept | h1000 miss | h1000 kept | h10000 miss | h10000 kept | h40000 miss | h40000 kept | h10000 after 200,000 one-offs |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
	while read -r set rest; do
		v() { echo "$rest" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
		echo "| $set | $(v stat2_peak) | $(v stat2_kept) | $(v h1000_miss) | $(v h1000_kept) | $(v h10000_miss) | $(v h10000_kept) | $(v h40000_miss) | $(v h40000_kept) | $(v shrunk_to) |"
	done < "$out"
} > "$md"
cat "$md"
