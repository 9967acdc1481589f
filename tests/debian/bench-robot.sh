#!/bin/bash
# The upstream test robot's filesystem workloads (Debian guest, run under
# -icount shift=0,sleep=off by scripts/bench.sh: one guest nanosecond is
# one instruction).  LIMIT=N sets fs.dentry-dir-max first (patched kernel).
# One line "NAME NS" per workload goes to /results/robot.txt: guest ns per
# operation, that is instructions per operation (1e9 / ops per second for
# the time-bound ones); what the series did meanwhile to
# /results/robot-counters.txt as bench-work.sh writes it.
#  - filebench webproxy, varmail, fileserver (/opt/filebench, built into
#    the image from ../shared/third-party/): the robot's -7.4% on webproxy
#    got the 2024 unlink change reverted.  Scaled to one vCPU under TCG:
#    4 threads, 1 KiB files (webproxy keeps its 10,000 files in one
#    directory, where a limit of 1000 is at work), fileserver 2,000 files
#    of 16 KiB; 3 guest seconds each (3e9 instructions).  varmail without
#    its fsyncs: under -icount a wait for the disk is counted in timer
#    ticks, not instructions (191 ops/s with them, 19 ms per op).
#  - stress-ng dentry, dir, dirmany, touch, open: 2 workers, a fixed
#    number of bogo-ops; guest ns per bogo-op, start and exit included.
#  - ndbench -t 2: two processes stat() one hot name (neg, pos) or their
#    own missing names (miss) in one directory, will-it-scale style.
#    TCG runs vCPUs one at a time and has no caches: this counts the
#    instructions; whether two CPUs fight over the parent's cache line it
#    cannot show.
. /nd/ndlib.sh
. /nd/benchlib.sh
mountpoint -q /mnt || mount_scratch || exit 1
if [ -n "$LIMIT" ]; then set_max "$LIMIT" || exit 1; fi
W=/mnt/robot
rm -rf $W
mkdir -p $W
out=/results/robot.txt cnt=/results/robot-counters.txt
: > $out
: > $cnt
# record NAME OPS_PER_S: instructions per operation
record() { awk -v n="$1" -v r="$2" 'BEGIN { if (r > 0) printf "%s %.0f\n", n, 1e9 / r; else exit 1 }' >> $out; }
rc=0

# filebench: ASLR off (its processes share memory at fixed addresses)
echo 0 > /proc/sys/kernel/randomize_va_space
FB=/opt/filebench
fb() { # NAME SED-SCRIPT
	local name=$1 c0
	if [ ! -x $FB/filebench ]; then
		echo "# filebench: not in the image (no source when it was made)"; rc=1; return
	fi
	mkdir -p $W/$name
	sed -e "s|^set \$dir=.*|set \$dir=$W/$name|" -e 's|^set \$nthreads=.*|set $nthreads=4|' \
		-e "$2" -e '/^run/d' $FB/workloads/$name.f > $W/$name.f
	echo "run 3" >> $W/$name.f
	c0=$(snap)
	$FB/filebench -f $W/$name.f > /results/filebench-$name.out 2>&1
	delta "fb-$name" "$c0" "$(snap)" $cnt
	# "IO Summary: 582426 ops 116206.908 ops/s ..."
	ops=$(sed -n 's/.*IO Summary: *[0-9]* ops \([0-9.]*\) ops\/s.*/\1/p' /results/filebench-$name.out)
	record "fb-$name" "${ops:-0}" || { echo "# filebench $name failed:"; tail -5 /results/filebench-$name.out; rc=1; }
	rm -rf "${W:?}/$name"
}
fb webproxy 's|^set \$meanfilesize=.*|set $meanfilesize=1k|'
fb varmail 's|^set \$filesize=.*|set $filesize=1k|; /fsync/d'
fb fileserver 's|^set \$filesize=.*|set $filesize=16k|; s|^set \$nfiles=.*|set $nfiles=2000|'

# stress-ng's filesystem stressors, a fixed number of bogo-ops each (about
# 2 guest seconds on stock), timed whole: run for a time instead, their
# rates varied by up to 130% between identical runs on stock (under
# -icount an idle wait jumps the clock to the next timer)
for s in dentry:4000 dir:3000 dirmany:2000 touch:5000 open:20000; do
	name=${s%:*} n=${s#*:}
	mkdir -p $W/sng
	c0=$(snap)
	t0=$(date +%s%N)
	stress-ng --"$name" 2 --"$name"-ops "$n" --timeout 300s --metrics-brief --temp-path $W/sng \
		--yaml /results/stress-ng-"$name".yaml > /results/stress-ng-"$name".out 2>&1 ||
		{ echo "# stress-ng --$name failed"; rc=1; }
	t1=$(date +%s%N)
	delta "sng-$name" "$c0" "$(snap)" $cnt
	ops=$(sed -n 's/^ *bogo-ops: //p' /results/stress-ng-"$name".yaml | head -1)
	if [ "${ops:-0}" -gt 0 ]; then
		echo "sng-$name $(( (t1 - t0) / ops ))" >> $out
	else
		echo "# stress-ng --$name: no bogo-ops"; rc=1
	fi
	rm -rf $W/sng
done

# two processes, one directory
mkdir -p $W/st
for m in neg pos miss; do
	n=100000; [ $m = miss ] && n=10000
	c0=$(snap)
	o=$(ndbench -m $m -d $W/st -n $n -t 2) || { echo "# ndbench -m $m -t 2 failed"; rc=1; continue; }
	echo "stat2-$m $(kv "$o" ns_per_op)" >> $out
	delta "stat2-$m" "$c0" "$(snap)" $cnt
	settle
done

echo "# negatives at the end: $(nr_negative)"
cat $out $cnt
exit $rc
