#!/bin/sh
# fstests (xfstests, built into the Debian image's /opt/xfstests by
# scripts/debian-image.sh) with fs.dentry-dir-max set: one KTAP line per
# test and filesystem, "not ok" for a failure, SKIP for fstests' own
# "not run" (with its reason).  The test and scratch devices are two loop
# files on the scratch ext4 (/dev/vda).
#   FSTESTS_RUNS  "FS:SETTING ..." (default "ext4:1000 xfs:auto"): the
#                 filesystems, each with the sysctl's value for its run;
#                 "stock" leaves the sysctl alone (a stock kernel has none)
#   FSTESTS       the tests (default: the ten below)
#   FSTESTS_GROUPS  instead, fstests' groups (e.g. "dir rename"): every
#                 test of generic/ and of the filesystem's own directory
#                 in one of them, by tests/*/group.list, plus FSTESTS
#   FSTESTS_SIZE  each loop file's size (default 1500M)
# Records for scripts/fstests.sh: /results/fstests/FS/{ran,notrun,fail}.txt
# (sorted test names), check.log, and each failure's .out.bad and .dmesg.
#
# The default set, for make check: name handling that the bound must not
# change, with many failed lookups, renames and unlinks in one directory:
# 006 (name permutations), 007 (nametest: random create/unlink/stat),
# 011 (dirstress), 023/024/025/078 (renameat2: plain, NOREPLACE,
# EXCHANGE, WHITEOUT), 245 (rename onto a non-empty directory), 637 (a
# new fd sees a directory's changes), 736 (renames while readdir runs).
. /nd/ndlib.sh
# timeout: 1500
# takes: 324 (seconds in a full make check, beside another guest)
# A full make check runs four of them, about 50 s each on the debug
# kernel under TCG (mostly ./check's own mkfs and fsck around each test).
# check-env: FSTESTS="generic/007 generic/011 generic/078 generic/736"
RUNS=${FSTESTS_RUNS:-"ext4:1000 xfs:auto"}
TESTS=${FSTESTS:-"generic/006 generic/007 generic/011 generic/023 generic/024
	generic/025 generic/078 generic/245 generic/637 generic/736"}
SIZE=${FSTESTS_SIZE:-1500M}
FST=/opt/xfstests
# The tests to run on filesystem $1
tests_of() {
	if [ -n "$FSTESTS_GROUPS" ]; then
		for d in generic $1; do
			awk -v g=" $FSTESTS_GROUPS " -v d=$d '!/^#/ {
				for (i = 2; i <= NF; i++)
					if (index(g, " " $i " ")) { print d "/" $1; break }
			}' $FST/tests/$d/group.list 2>/dev/null
		done
		[ -n "$FSTESTS" ] && echo "$FSTESTS" | tr ' \t' '\n\n' | grep .
	else
		echo "$TESTS" | tr ' \t' '\n\n' | grep .
	fi | sort -u
}
n=0
for run in $RUNS; do n=$((n + $(tests_of ${run%%:*} | wc -l))); done
plan $n
# No source when the image was made (make debian-image warned): reported,
# not counted
if [ ! -e $FST ]; then
	for run in $RUNS; do
		for t in $(tests_of ${run%%:*}); do skip "${run%%:*}: $t" "no fstests in the image (no source when it was made)"; done
	done
	finish; exit
fi
need "fstests is in the image ($FST/check)" [ -x $FST/check ]
need "fstests has its group lists" [ -f $FST/tests/generic/group.list ]
[ -x $FST/check ] || { finish; exit; }
mount_scratch || exit 1
mkdir -p /mnt/fst/test /mnt/fst/scratch /results/fstests

for run in $RUNS; do
	fs=${run%%:*} set=${run#*:}
	r=/results/fstests/$fs
	mkdir -p $r
	these=$(tests_of $fs)
	# the setting each run had, for scripts/fstests.sh to check
	if [ "$set" != stock ] && ! set_max "$set"; then
		echo "unset" > $r/setting
		for t in $these; do not_ok "$fs: $t (could not set the limit to $set)"; done
		continue
	fi
	cat $MAXF > $r/setting 2>/dev/null || echo none > $r/setting
	truncate -s $SIZE /mnt/fst/test.img /mnt/fst/scratch.img
	T=$(losetup -f --show /mnt/fst/test.img)
	S=$(losetup -f --show /mnt/fst/scratch.img)
	# ./check mounts the test device as it is: make it first
	case $fs in
	xfs) mkfs.xfs -q -f "$T" ;;
	*) mkfs.$fs -q -F "$T" ;;
	esac > /tmp/mkfs.out 2>&1 || echo "# mkfs.$fs $T failed: $(tail -1 /tmp/mkfs.out)"
	cat > /tmp/fstests.config <<-EOF
	FSTYP=$fs
	TEST_DEV=$T
	TEST_DIR=/mnt/fst/test
	SCRATCH_DEV=$S
	SCRATCH_MNT=/mnt/fst/scratch
	RESULT_BASE=/mnt/fst/results
		EOF
	start=$(date +%s)
	# shellcheck disable=SC2086 # the tests are words
	(cd $FST && HOST_OPTIONS=/tmp/fstests.config ./check $these) > /tmp/check.out 2>&1
	echo "# $fs at $set: ./check took $(($(date +%s) - start)) s; $(grep -E '^(Ran|Not run|Failures|Passed all|Failed)' /tmp/check.out | tr '\n' ';')"
	# "Ran:", "Not run:" and "Failures:" lines list the tests
	listed() { sed -n "s/^$1: //p" /tmp/check.out | tr ' ' '\n' | grep . | sort -u; }
	listed Ran > $r/ran.txt
	listed "Not run" > $r/notrun.txt
	listed Failures > $r/fail.txt
	cp /tmp/check.out $r/check.out
	cp /mnt/fst/results/check.log $r/ 2>/dev/null
	for t in $(cat $r/fail.txt); do
		for f in /mnt/fst/results/$t.out.bad /mnt/fst/results/$t.dmesg /mnt/fst/results/$t.full; do
			[ -f $f ] && head -c 65536 $f > $r/$(echo $t | tr / -).${f##*.}
		done
	done
	for t in $these; do
		if grep -qx "$t" $r/fail.txt; then
			not_ok "$fs: $t"
		elif grep -qx "$t" $r/notrun.txt; then
			skip "$fs: $t" "$(grep -m1 "^$t .*\[not run\]" /tmp/check.out | sed 's/.*\[not run\] *//')"
		elif grep -qx "$t" $r/ran.txt; then
			ok "$fs: $t"
		else
			not_ok "$fs: $t (./check did not run it: $(tail -1 /tmp/check.out))"
		fi
	done
	umount /mnt/fst/test /mnt/fst/scratch 2>/dev/null
	losetup -d "$T" "$S"
	rm -f /mnt/fst/test.img /mnt/fst/scratch.img
	rm -rf /mnt/fst/results
done
[ -e $MAXF ] && set_max 0
umount /mnt
finish
