# The bound: storms of distinct missing names in one ext4 directory, for
# several limits and thread counts.  The peak (sampled every 20 ms) must
# stay within 1.25 x the limit, the settled count within the limit and not
# far under 7/8 of it (no over-reclaim).  With the limit off the same
# storm keeps every negative dentry (stock behaviour).
# Counts come from /proc/sys/fs/dentry-state (nr_negative), which the
# stock kernel maintains, minus the value before the storm.
. /nd/ndlib.sh
plan 27
# takes: 59 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
SCALE=${SCALE:-1}

storm() { # LIMIT THREADS NAMES_PER_THREAD
	L=$1 T=$2 N=$(($3 * SCALE))
	d=/mnt/storm-$L-$T
	mkdir $d && set_max $L
	base=$(nr_negative)
	out=$(ndmon -i 20 -a 1000 -o /results/bound-$L-$T.csv -- ndgen -d $d -t $T -n $N)
	check "limit $L, $T threads: generator saw ENOENT for all $((T * N)) lookups" [ "$(kv "$out" status)" = 0 ]
	settle
	peak=$(($(kv "$out" peak_negative) - base))
	final=$(($(nr_negative) - base))
	echo "# limit=$L threads=$T lookups=$((T * N)) peak=$peak settled=$final"
	echo "$L $T $((T * N)) $peak $final" >> /results/bound.txt
	if [ "$L" = 0 ]; then
		check "limit off, $T threads: all $((T * N)) negatives kept (got $final)" \
			[ "$final" -ge $((T * N * 99 / 100)) ]
	else
		check "limit $L, $T threads: peak $peak <= 1.25 x limit" [ "$peak" -le $((L * 5 / 4)) ]
		check "limit $L, $T threads: settled $final <= limit" [ "$final" -le "$L" ]
		check "limit $L, $T threads: settled $final >= 0.8 x limit (no over-reclaim)" \
			[ "$final" -ge $((L * 4 / 5)) ]
	fi
	set_max 0
	rm -rf $d
}

storm 0 4 12500
storm 256 1 25000
storm 256 4 12500
storm 1000 1 25000
storm 1000 4 12500
storm 10000 1 25000
storm 10000 4 12500
umount /mnt
check "umount after the storms" [ $? = 0 ]
finish
