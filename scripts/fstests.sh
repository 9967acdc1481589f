#!/usr/bin/env bash
# make fstests: fstests (xfstests) on the stock kernel and on the patched
# one with fs.dentry-dir-max at 1000 and at auto, in the Debian guest
# (tests/debian/fstests.sh), on ext4 and xfs.  The tests that fail or are
# not run on patched must be the ones that fail or are not run on stock:
# both sets are printed, and their differences.  Writes
# build/results/fstests.md (copied to docs/fstests.md) and ends with
# "N passed, N failed", one check per filesystem and setting.
#   FSTESTS_GROUPS  fstests' groups (default "dir rename"; "quick" is
#                   hours per setting under TCG)
#   FSTESTS         tests run besides the groups (default: ten quick tests
#                   of names, links and renames)
#   FSTESTS_FS      filesystems (default "ext4 xfs")
#   LANES           guests at a time (default 2)
# With --report, only the report, from the last run's records.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
SK=$OUT/fstests-stock/arch/x86/boot/bzImage
PK=$OUT/fstests-patched/arch/x86/boot/bzImage
IMG=${DEBIAN_IMG:-$BUILD/debian/root.img}
GROUPS_=${FSTESTS_GROUPS-"dir rename"}
EXTRA=${FSTESTS-"generic/002 generic/023 generic/024 generic/025 generic/028
	generic/035 generic/078 generic/184 generic/236 generic/294"}
FS=${FSTESTS_FS:-"ext4 xfs"}
SETS="stock 1000 auto"
LANES=${LANES:-2}
t0=$(date +%s)
mkdir -p "$RESULTS"
if [ "${1:-}" != --report ]; then
for k in "$SK" "$PK" "$IMG"; do [ -f "$k" ] || die "$k is missing (make fstests builds it)"; done
[ -f "$BUILD/debian/fstests.sum" ] || die "the Debian image has no fstests (see make debian-image's warning)"

boot() { # SET: one guest, every filesystem at SET
	local set=$1 k=$PK runs="" fs
	[ "$set" = stock ] && k=$SK
	for fs in $FS; do runs="$runs $fs:$set"; done
	local rc=0
	bash "$TOP/scripts/run-vm.sh" -r "$IMG" -k "$k" -s 10G -t 14400 -n "fstests-$set" -- \
		"FSTESTS_RUNS='${runs# }' FSTESTS_GROUPS='$GROUPS_' FSTESTS='$(echo $EXTRA)' FSTESTS_SIZE=4G sh /nd/fstests.sh" \
		> "$RESULTS/fstests-$set.out" 2>&1 || rc=$?
	echo $rc > "$RESULTS/fstests-$set.status"
}
note "fstests: groups '$GROUPS_' and $(echo $EXTRA | wc -w) more on $FS; stock, 1000, auto ($LANES at a time; 0.5-3 minutes a test and setting under TCG)"
running=0
for set in $SETS; do
	rm -rf "$RESULTS/fstests-$set" "$RESULTS/fstests-$set.status"
	boot "$set" &
	running=$((running + 1))
	if [ $running -ge "$LANES" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true
echo "$(( ($(date +%s) - t0) / 60 )) $LANES" > "$RESULTS/fstests.took"
fi
read -r took lanes < "$RESULTS/fstests.took" || took="?"

pass=0 fail=0
md=$RESULTS/fstests.md
{
	echo "# fstests: stock vs patched"
	echo
	echo "Made by \`make fstests\` (scripts/fstests.sh) on $(date -u +%Y-%m-%d), series at $(git -C "$TOP" rev-parse --short HEAD),"
	echo "fstests $(basename "$(fstests_src)"), groups \`$GROUPS_\` plus \`$(echo $EXTRA)\`,"
	echo "Debian bookworm guest under QEMU TCG, each filesystem on a 4 GB loop file;"
	echo "the three guests took $took min, ${lanes:-2} at a time."
	echo
} > "$md"
set_of() { # SET FS KIND: sorted test names, or "(no record)"
	local f=$RESULTS/fstests-$1/fstests/$2/$3.txt
	if [ -f "$f" ]; then sort -u "$f"; else echo "(no record)"; fi
}
words() { local w; w=$(tr '\n' ' ' | sed 's/ $//'); echo "${w:-none}"; }
for set in $SETS; do
	st=$(cat "$RESULTS/fstests-$set.status" 2>/dev/null || echo 1)
	why=$(grep -E '^FAIL' "$RESULTS/fstests-$set.out" | tail -1 || true)
	echo "- boot \`$set\`: $( [ "$st" = 0 ] && echo clean || echo "status $st ${why:-}")" >> "$md"
done
echo >> "$md"
echo "| filesystem | setting | ran | not run | failed | failed only here | failed only on stock | not run only here |" >> "$md"
echo "|---|---|---|---|---|---|---|---|" >> "$md"
for fs in $FS; do
	for set in $SETS; do
		ran=$(set_of "$set" "$fs" ran | grep -c / || true)
		nr=$(set_of "$set" "$fs" notrun | grep -c / || true)
		fl=$(set_of "$set" "$fs" fail | words)
		if [ "$set" = stock ]; then
			echo "| $fs | stock | $ran | $nr | $fl | | | |" >> "$md"
			continue
		fi
		only=$(comm -13 <(set_of stock "$fs" fail) <(set_of "$set" "$fs" fail) | words)
		gone=$(comm -23 <(set_of stock "$fs" fail) <(set_of "$set" "$fs" fail) | words)
		nro=$(comm -3 <(set_of stock "$fs" notrun) <(set_of "$set" "$fs" notrun) | tr -d '\t' | words)
		rano=$(comm -3 <(set_of stock "$fs" ran) <(set_of "$set" "$fs" ran) | tr -d '\t' | words)
		# ./check lists a test it then finds it cannot run under "Ran:" too
		real=$(comm -23 <(set_of "$set" "$fs" ran) <(set_of "$set" "$fs" notrun) | grep -c / || true)
		had=$(cat "$RESULTS/fstests-$set/fstests/$fs/setting" 2>/dev/null || echo "(no record)")
		echo "| $fs | $set | $ran | $nr | $fl | $only | $gone | $nro |" >> "$md"
		what="$fs, $set: the same failures and not-run tests as stock (failed only here: $only; only on stock: $gone; not run on one: $nro; ran on one only: $rano; $real really ran; limit $had)"
		if [ "$real" -gt 0 ] && [ "$only" = none ] && [ "$gone" = none ] && [ "$nro" = none ] &&
		   [ "$rano" = none ] && [ "$had" = "$set" ]; then
			echo "ok   $what"; pass=$((pass + 1))
		else
			echo "FAIL $what"; fail=$((fail + 1))
		fi
	done
done
echo >> "$md"
echo "Not run on stock (the same on patched where the table says none):" >> "$md"
for fs in $FS; do echo "- $fs: $(set_of stock "$fs" notrun | words)" >> "$md"; done
# a boot that panicked, hung or logged a WARN fails whatever its sets say
for set in 1000 auto; do
	st=$(cat "$RESULTS/fstests-$set.status" 2>/dev/null || echo 1)
	if [ "$st" != 0 ] && [ "$(cat "$RESULTS/fstests-stock.status" 2>/dev/null)" = 0 ]; then
		echo "FAIL boot $set: $(grep -E '^FAIL' "$RESULTS/fstests-$set.out" | tail -1)"
		fail=$((fail + 1))
	fi
done
cat "$md"
docs=${FSTESTS_DOCS:-$TOP/docs/fstests.md}
mkdir -p "$(dirname "$docs")"
cp "$md" "$docs"
echo "fstests: the guests took $took min; build/results/fstests.md, docs/fstests.md"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
