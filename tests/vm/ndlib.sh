# Helpers for the in-guest tests (sourced; busybox sh).  Output is KTAP
# (as tools/testing/selftests/kselftest/ktap_helpers.sh prints it): a
# plan, then "ok N - what" / "not ok N - what", one line per check, with
# measured values in "#" lines, and totals.  The host fails a suite that
# runs a different number of checks than it planned.
T_N=0
T_FAIL=0
T_SKIP=0

plan() { echo "KTAP version 1"; echo "1..$1"; }

ok() { T_N=$((T_N + 1)); echo "ok $T_N - $*"; }
not_ok() { T_N=$((T_N + 1)); T_FAIL=$((T_FAIL + 1)); echo "not ok $T_N - $*"; }

# check "description" command...: one TAP line from a command's status.
check() {
	_d=$1; shift
	if "$@"; then ok "$_d"; else not_ok "$_d"; fi
}

# need "description" command...: a precondition of the suite (a tool is
# there), not a test of the series: reported when met, a failure if not.
need() {
	_d=$1; shift
	if "$@" > /dev/null; then echo "# env: $_d"; else not_ok "$_d"; fi
}

# Unused negative dentries on LRU lists, system wide (dentry-state field 5):
# maintained by the stock kernel, independent of the series' own counts.
# (cat, not read: a sysctl file read at a non-zero offset gives EOF, and
# the shell's read takes one byte at a time.)
nr_negative() { set -- $(cat /proc/sys/fs/dentry-state); echo "$5"; }
# Objects in the dentry slab that are not allocated dentries: a dentry
# killed while on a list nobody frees is never freed, but it no longer
# counts in dentry-state.  Free objects in per-CPU slabs count as in use
# in /proc/slabinfo (up to a few hundred per CPU, as many as a test's
# margin): the cache is shrunk first, which hands them back.  Dentries
# freed less than an RCU grace period ago still count: with
# NOT_DENTRIES_BEFORE=N, waits (up to 10 s) until fewer than N + 200, so
# that those go and what stays is a leak.
not_dentries() {
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		echo 1 2>/dev/null > /sys/kernel/slab/dentry/shrink
		_s=$(awk '$1 == "dentry" { print $2 }' /proc/slabinfo)
		set -- $(cat /proc/sys/fs/dentry-state)
		[ -z "$NOT_DENTRIES_BEFORE" ] && break
		[ $((_s - $1 - NOT_DENTRIES_BEFORE)) -lt 200 ] && break
		sleep 1
	done
	echo $((_s - $1))
}

# Value of "key=" in a line of key=value pairs.
kv() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

MAXF=/proc/sys/fs/dentry-dir-max
# The series' counters and directory list are in debugfs (v3); v2 kept
# them in /proc/fs/dcache (read there to watch a test fail on v2).
DBG=/sys/kernel/debug
[ -d $DBG/dcache ] || mount -t debugfs nodev $DBG 2>/dev/null
STATF=$DBG/dcache/negative_stat
DIRSF=$DBG/dcache/negative_dirs
[ -e $STATF ] || STATF=/proc/fs/dcache/negative_stat
set_max() { echo "$1" > $MAXF; }
# One counter of negative_stat ("name value" lines).
stat_of() { sed -n "s/^$1 //p" $STATF; }
reclaimed() { stat_of reclaimed; }
killed() { stat_of killed; }
# Negative dentries made since boot: each is still on an LRU (nr_negative),
# or was reclaimed or killed.  Exact once reclaim has settled; a dentry
# that reclaim picked but a lookup took back is counted twice.
made() { echo $(($(reclaimed) + $(killed) + $(nr_negative))); }

# Fresh ext4 on /dev/vda mounted at /mnt.
mount_scratch() { mount -t ext4 /dev/vda /mnt; }

# Let the counts settle (dentries freed after RCU, other tasks' dput()s):
# wait until the count stops moving.
settle() {
	_prev=-1
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		sleep 0.5
		_now=$(nr_negative)
		[ "$_now" = "$_prev" ] && return 0
		_prev=$_now
	done
}

# skip "description" "reason": a check that could not run here.
skip() { T_N=$((T_N + 1)); T_SKIP=$((T_SKIP + 1)); echo "ok $T_N - $1 # SKIP $2"; }

# End of a test file: the totals line.
finish() {
	echo "# Totals: pass:$((T_N - T_FAIL - T_SKIP)) fail:$T_FAIL xfail:0 xpass:0 skip:$T_SKIP error:0"
	[ "$T_FAIL" = 0 ]
}

# Count of directory $1 (a path) in negative_dirs ("count dev ino"
# lines), 0 if it is not listed, and nothing at all if there is no such
# file (so that a numeric check fails); ino_count takes an inode number.
ino_count() { [ -r $DIRSF ] && awk -v i="$1" '$3 == i { n = $1 } END { print n + 0 }' $DIRSF; }
dir_count() { ino_count "$(stat -c %i "$1")"; }

# $2 hot names looked up over and over in directory $1 while 4 threads
# look up $3 one-off names each there; returns the storm's exit status.
hot_during_storm() {
	ndgen -d "$1" -n "$2" -p hot -r 100000000 > /dev/null &
	_hot=$!
	ndgen -d "$1" -t 4 -n "$3" -p cold > /dev/null
	_st=$?
	kill $_hot; wait $_hot 2>/dev/null
	return $_st
}

# fs.dentry-dir-max=auto: hot names amid a storm in a directory of their
# own, /mnt/h-MODE-H.  One process looks up N (default 500,000) one-off
# names and, between them, H hot names, each once per 4 x H storm lookups,
# twice (phases A and B).  Every miss makes one negative dentry, which is
# still cached or was reclaimed or killed, so a phase's hot misses are the
# negative dentries it made beyond its N storm names.  Sets miss_b, hot_b
# (phase B's hot misses and lookups), count (what the directory keeps) and
# hot_failed=1 if a lookup did not give ENOENT.
hot_run() { # MODE H [N]
	d=/mnt/h-$1-$2
	mkdir $d
	echo "$1" > $MAXF
	m0=$(made)
	outa=$(ndgen -d $d -n ${3:-500000} -p a -H $2 -P $(($2 * 4)))
	settle
	m1=$(made)
	outb=$(ndgen -d $d -n ${3:-500000} -p b -H $2 -P $(($2 * 4)))
	settle
	m2=$(made)
	# phase A's first round of hot names misses by necessity
	miss_a=$((m1 - m0 - ${3:-500000} - $2)) hot_a=$(($(kv "$outa" hot) - $2))
	miss_b=$((m2 - m1 - ${3:-500000})) hot_b=$(kv "$outb" hot)
	count=$(dir_count $d)
	echo "# $1, H=$2: phase B $miss_b misses in $hot_b hot lookups, phase A $miss_a in $hot_a; directory keeps $count"
	echo "$1 $2 $miss_b $hot_b $miss_a $hot_a $count" >> /results/auto-hot.txt
	[ "$(kv "$outa" unexpected)" = 0 ] && [ "$(kv "$outb" unexpected)" = 0 ] ||
		hot_failed=1
}
# $1 misses in $2 lookups make a hit rate of at least 99%
hits_99() { [ "${2:-0}" -gt 0 ] && [ "$1" -ge 0 ] && [ $(($1 * 100)) -le "$2" ]; }
