# Helpers for the in-guest tests (sourced; busybox sh).  Output is TAP:
# "ok N - what" / "not ok N - what", one line per check.
T_N=0
T_FAIL=0

ok() { T_N=$((T_N + 1)); echo "ok $T_N - $*"; }
not_ok() { T_N=$((T_N + 1)); T_FAIL=$((T_FAIL + 1)); echo "not ok $T_N - $*"; }

# check "description" command...: one TAP line from a command's status.
check() {
	_d=$1; shift
	if "$@"; then ok "$_d"; else not_ok "$_d"; fi
}

# Unused negative dentries on LRU lists, system wide (dentry-state field 5):
# maintained by the stock kernel, independent of the series' own counts.
# (cat, not read: a sysctl file read at a non-zero offset gives EOF, and
# the shell's read takes one byte at a time.)
nr_negative() { set -- $(cat /proc/sys/fs/dentry-state); echo "$5"; }

# Value of "key=" in a line of key=value pairs.
kv() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

MAXF=/proc/sys/fs/dentry-dir-max
STATF=/proc/fs/dcache/negative_stat
DIRSF=/proc/fs/dcache/negative_dirs
set_max() { echo "$1" > $MAXF; }
# One counter of negative_stat ("name value" lines).
stat_of() { sed -n "s/^$1 //p" $STATF; }
# v1 of the series kept these two in debugfs: read there when it is the
# kernel under test (to watch a test fail on v1).
reclaimed() {
	[ -e $STATF ] && { stat_of reclaimed; return; }
	cat /sys/kernel/debug/dcache/negative_reclaimed
}
killed() {
	[ -e $STATF ] && { stat_of killed; return; }
	cat /sys/kernel/debug/dcache/negative_killed
}
# Negative dentries made since boot: each is still on an LRU (nr_negative),
# or was reclaimed or killed.  Exact once reclaim has settled; a dentry
# that reclaim picked but a lookup took back is counted twice.
made() { echo $(($(reclaimed) + $(killed) + $(nr_negative))); }

# Fresh ext4 on /dev/vda mounted at /mnt.
mount_scratch() { mount -t ext4 /dev/vda /mnt; }

# Let the reclaim worker finish: wait until the count stops moving.
settle() {
	_prev=-1
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		sleep 0.5
		_now=$(nr_negative)
		[ "$_now" = "$_prev" ] && return 0
		_prev=$_now
	done
}

# End of a test file: a summary line the host collects.
finish() {
	echo "# $T_N checks, $T_FAIL failed"
	[ "$T_FAIL" = 0 ]
}

# Directories queued for reclaim: negative_dirs lines
# "count limit state dev ino path" with state "queued".
queued_dirs() { awk '$3 == "queued"' $DIRSF | wc -l; }
queue_failed() { stat_of queue_failed; }
# Count of the tracked directory with path $1 (from the ext4 root), or empty.
dir_count() { awk -v p="$1" '$6 == p { print $1 }' $DIRSF; }
# The limit that applies to directory $1 (its allowance in auto mode).
dir_limit() { awk -v p="$1" '$6 == p { print $2 }' $DIRSF; }

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
