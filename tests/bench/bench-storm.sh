# Storm figures for one kernel: memory after a 1M-lookup storm, teardown
# (rmdir, umount) and the first inotify watch (IN_MODIFY) and fanotify
# mark (FAN_EVENT_ON_CHILD), which walk every child, after 100k/500k/1M-lookup storms,
# and (with LIMIT, patched kernel) peak/settled counts and reclaim
# capacity for 1, 2 and 4 threads.  Writes /results/*.txt.
. /nd/ndlib.sh
mount_scratch || exit 1
[ -n "$LIMIT" ] && { set_max "$LIMIT" || exit 1; }

# Teardown and watch setup against storm size.
for n in 100000 500000 1000000; do
	mkdir /mnt/w; base=$(nr_negative)
	ndgen -d /mnt/w -t 4 -n $((n / 4)) > /dev/null || exit 1
	settle
	neg=$(($(nr_negative) - base))
	w=$(ndbench -m watch -d /mnt/w)
	r=$(ndmon -i 2 -- rmdir /mnt/w)
	mkdir /mnt/u
	ndgen -d /mnt/u -t 4 -n $((n / 4)) > /dev/null || exit 1
	settle
	# The first fanotify mark with FAN_EVENT_ON_CHILD walks the children
	# too (inotify's was taken on /mnt/w); the group goes away at once.
	f=$(ndbench -m fanotify -d /mnt/u)
	u=$(ndmon -i 2 -- umount /mnt)
	mount_scratch
	rmdir /mnt/u
	echo "$n $neg $(kv "$w" ns_per_op) $(kv "$r" elapsed_ms) $(kv "$u" elapsed_ms) $(kv "$f" ns_per_op)" >> /results/teardown.txt
done

# Memory after a 1,000,000-lookup storm.
sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
mkdir /mnt/m
out=$(ndmon -i 200 -a 1000 -o /results/storm-1m.csv -- ndgen -d /mnt/m -t 4 -n 250000)
settle
slab=$(sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo)
free=$(sed -n 's/^MemFree: *\([0-9]*\) kB/\1/p' /proc/meminfo)
dobj=$(awk '$1 == "dentry" { print $3 }' /proc/slabinfo)
echo "$(nr_negative) $dobj $slab $free" > /results/memory.txt
rm -rf /mnt/m

# NOBOUND=1: figures 6-8 only (the limit-off and second fixed-limit runs).
[ -n "$LIMIT" ] && [ -z "$NOBOUND" ] || { cat /results/*.txt; exit 0; }

# Bound and capacity: limits 1000 and 10000, 1, 2 and 4 threads, 200k lookups.
for L in ${BOUND_LIMITS:-1000 10000 auto}; do
	for t in 1 2 4; do
		set_max $L
		mkdir /mnt/s; base=$(nr_negative)
		r0=$(reclaimed) k0=$(killed)
		# names of their own: a directory made again may get the same
		# hash salt, and auto would see names of an earlier run come back
		out=$(ndmon -i 20 -a 500 -- ndgen -d /mnt/s -t $t -n $((200000 / t)) -p "l$L.$t.")
		settle
		peak=$(($(kv "$out" peak_negative) - base))
		final=$(($(nr_negative) - base))
		echo "$L $t 200000 $peak $final $(kv "$out" elapsed_ms) $(($(reclaimed) - r0)) $(($(killed) - k0))" >> /results/bound.txt
		rm -rf /mnt/s
	done
done

# The same bound for negatives made by unlink: 100k files created and
# removed in one directory (1 and 4 threads).
for L in ${BOUND_LIMITS:-1000 10000 auto}; do
	for t in 1 4; do
		set_max $L
		mkdir /mnt/s; base=$(nr_negative)
		r0=$(reclaimed) k0=$(killed)
		out=$(ndmon -i 20 -a 500 -- ndgen -d /mnt/s -c unlink -t $t -n $((100000 / t)) -p "u$L.$t.")
		settle
		peak=$(($(kv "$out" peak_negative) - base))
		final=$(($(nr_negative) - base))
		echo "$L $t 100000 $peak $final $(kv "$out" elapsed_ms) $(($(reclaimed) - r0)) $(($(killed) - k0))" >> /results/bound-unlink.txt
		rm -rf /mnt/s
	done
done
cat /results/*.txt
