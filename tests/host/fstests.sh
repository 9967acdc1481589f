#!/usr/bin/env bash
# make fstests' verdict (scripts/fstests.sh --report) from made-up
# records: equal sets pass; a test that fails only on patched, one not
# run on one kernel only, or a missing record fails.  And the source is
# found, or its absence explained.  TAP output; seconds.
. "$(dirname "$0")/../../scripts/lib.sh"
n=0
t() { n=$((n + 1)); if eval "$2"; then echo "ok $n - fstests: $1"; else echo "not ok $n - fstests: $1"; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
R=$tmp/results
for s in stock 1000 auto; do
	for fs in ext4 xfs; do
		d=$R/fstests-$s/fstests/$fs; mkdir -p "$d"
		printf 'generic/001\ngeneric/002\n' > "$d/ran.txt"
		echo generic/009 > "$d/notrun.txt"; echo generic/002 > "$d/fail.txt"
		echo "$s" > "$d/setting"
	done
	echo 0 > "$R/fstests-$s.status"; : > "$R/fstests-$s.out"
done
echo "1 2" > "$R/fstests.took"
report() { ND_BUILD=$tmp FSTESTS_DOCS=$tmp/docs.md bash "$TOP/scripts/fstests.sh" --report 2>&1 | tail -1; }
t "equal sets pass" '[ "$(report)" = "4 passed, 0 failed" ]'
echo 0 > "$R/fstests-auto/fstests/xfs/setting"
t "a run whose limit was not set fails" '[ "$(report)" = "3 passed, 1 failed" ]'
echo auto > "$R/fstests-auto/fstests/xfs/setting"
echo generic/002 > "$R/fstests-1000/fstests/ext4/ran.txt"
t "a run that stopped early fails" '[ "$(report)" = "3 passed, 1 failed" ]'
printf 'generic/001\ngeneric/002\n' > "$R/fstests-1000/fstests/ext4/ran.txt"
echo generic/001 >> "$R/fstests-auto/fstests/xfs/fail.txt"
t "a test failing only on patched fails" '[ "$(report)" = "3 passed, 1 failed" ]'
echo generic/001 > "$R/fstests-stock/fstests/ext4/notrun.txt"
t "a test not run on one kernel only fails" '[ "$(report)" = "1 passed, 3 failed" ]'
rm -r "$R/fstests-1000"
t "a missing record fails" '[ "$(report)" = "0 passed, 4 failed" ]'
t "the source is found (../shared/third-party or FSTESTS_SRC)" 'fstests_src >/dev/null'
t "a missing source is explained" '(FSTESTS_SRC=/nonexistent fstests_src) 2>&1 | grep -q "does not exist"'
