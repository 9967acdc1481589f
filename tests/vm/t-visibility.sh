# What an administrator sees: /proc/fs/dcache/negative_stat, negative_dirs,
# the dcache tracepoints and `ndtop -1`, each checked against what a storm
# of N one-off names did to one directory under a limit L:
#   reclaimed + killed + still counted = N, exactly;
#   the trace events add up to the counters, exactly;
#   ndtop lists the stormed directory first, with its count.
. /nd/ndlib.sh
mount_scratch || exit 1
L=1000
N=20000
isnum() { case $1 in '' | *[!0-9]*) return 1 ;; esac; }
keys="reclaimed killed queue_failed passes scanned second_chances dirs_tracked dirs_queued"
for k in $keys; do
	v=$(stat_of $k)
	check "negative_stat has $k ($v)" isnum "$v"
done
check "negative_dirs is root's only" [ "$(stat -c %a $DIRSF)" = 400 ]

# Tracing: our own buffer, only the dcache events.
T=/sys/kernel/tracing
mount -t tracefs nodev $T 2>/dev/null
check "dcache events in tracefs" [ -d $T/events/dcache/dcache_negative_reclaim ]
echo 8192 > $T/buffer_size_kb
echo > $T/trace
echo 1 > $T/events/dcache/enable

mkdir /mnt/v
ino=$(stat -c %i /mnt/v)
set_max $L
base=$(nr_negative)
for k in reclaimed killed passes scanned second_chances queue_failed; do eval "${k}0=\$(stat_of $k)"; done
ndgen -d /mnt/v -n $N > /dev/null
settle
t=0; while [ "$(queued_dirs)" != 0 ] && [ $t -lt 40 ]; do sleep 0.25; t=$((t + 1)); done
settle
echo 0 > $T/events/dcache/enable
for k in reclaimed killed passes scanned second_chances queue_failed; do eval "${k}1=\$(stat_of $k)"; done
cnt=$(dir_count /v)
dr=$((reclaimed1 - reclaimed0)) dk=$((killed1 - killed0))
echo "# storm of $N in /mnt/v (limit $L): reclaimed +$dr, killed +$dk, counted $cnt, nr_negative +$(($(nr_negative) - base))"
check "stormed directory listed in negative_dirs" isnum "$cnt"
check "reclaimed + killed + counted = $N ($dr + $dk + $cnt)" [ $((dr + dk + cnt)) = $N ]
check "counted $cnt <= limit $L" [ "$cnt" -le $L ]
check "nr_negative grew by the directory's count (+$(($(nr_negative) - base)), $cnt)" \
	[ $(($(nr_negative) - base)) = "$cnt" ]
check "dirs_queued back to 0" [ "$(stat_of dirs_queued)" = 0 ]
# One small GFP_NOWAIT allocation per directory, in a guest with memory to
# spare: a failure here would be a bug, not memory pressure.
check "no failed queueing ($queue_failed0 -> $queue_failed1)" [ "$queue_failed1" = "$queue_failed0" ]

cat $T/trace > /tmp/trace
grep -q "entries-in-buffer/entries-written: \([0-9]*\)/\1 " /tmp/trace
check "trace buffer lost nothing" [ $? = 0 ]
nq=$(grep -c ' dcache_negative_queue: ' /tmp/trace)
nk=$(grep -c ' dcache_negative_kill: ' /tmp/trace)
np=$(grep -c ' dcache_negative_reclaim: ' /tmp/trace)
sum() { grep ' dcache_negative_reclaim: ' /tmp/trace | sed -n "s/.* $1=\([0-9]*\).*/\1/p" | awk '{ s += $1 } END { print s + 0 }'; }
echo "# trace: $nq queue, $np reclaim, $nk kill events"
check "one queue event per pass ($nq, passes +$((passes1 - passes0)))" [ $nq = $((passes1 - passes0)) ]
check "one kill event per kill ($nk, killed +$dk)" [ $nk = $dk ]
check "every pass ended with a reclaim event ($np = $nq)" [ $np = $nq ]
check "freed in events = reclaimed ($(sum freed), +$dr)" [ "$(sum freed)" = $dr ]
check "scanned in events = scanned ($(sum scanned), +$((scanned1 - scanned0)))" \
	[ "$(sum scanned)" = $((scanned1 - scanned0)) ]
check "second chances in events = counter ($(sum second_chances), +$((second_chances1 - second_chances0)))" \
	[ "$(sum second_chances)" = $((second_chances1 - second_chances0)) ]
other=$(grep ' dcache_negative_' /tmp/trace | grep -vc " ino=$ino ")
check "every event names /mnt/v (inode $ino; $other others)" [ "$other" = 0 ]
last=$(grep ' dcache_negative_reclaim: ' /tmp/trace | tail -1 | sed -n 's/.* after=\([0-9]*\).*/\1/p')
check "last pass ended at or below 7/8 of the limit ($last)" [ "${last:-99999}" -le $((L - L / 8)) ]

# ndtop: a smaller directory over the limit and one below it.
mkdir /mnt/x /mnt/y
ndgen -d /mnt/x -n 1001 > /dev/null
ndgen -d /mnt/y -n 500 > /dev/null
settle
ndtop -1 > /tmp/ndtop.out
cat /tmp/ndtop.out | sed 's/^/# /'
first=$(grep '^dir ' /tmp/ndtop.out | head -1)
check "ndtop -1 lists /mnt/v first" [ "$(echo "$first" | cut -d' ' -f7)" = /mnt/v ]
check "ndtop -1 gives its count ($(echo "$first" | cut -d' ' -f2) = $(dir_count /v))" \
	[ "$(echo "$first" | cut -d' ' -f2)" = "$(dir_count /v)" ]
check "ndtop -1 lists /mnt/x, not /mnt/y (below the limit)" \
	[ "$(grep -c '^dir .* /mnt/x$' /tmp/ndtop.out)$(grep -c '^dir .* /mnt/y$' /tmp/ndtop.out)" = 10 ]
check "ndtop -1 reports the limit" grep -qx "limit $L" /tmp/ndtop.out
check "ndtop -1 reports the counters" [ "$(grep -c "^reclaimed \|^killed \|^dirs_tracked " /tmp/ndtop.out)" = 3 ]
check "dirs_tracked = the 2 directories listed ($(stat_of dirs_tracked), $(wc -l < $DIRSF))" \
	[ "$(stat_of dirs_tracked)" = 2 -a "$(wc -l < $DIRSF)" = 2 ]
ndtop -c 1 -d 0.2 > /tmp/ndtop.live
check "ndtop live view shows /mnt/v" grep -q ' /mnt/v$' /tmp/ndtop.live

# A removed directory leaves the list.
set_max 0
rm -rf /mnt/x
check "rmdir'ed /mnt/x no longer listed" [ -z "$(dir_count /x)" ]
umount /mnt
check "umount" [ $? = 0 ]
check "nothing of the ext4 filesystem listed after umount" [ -z "$(dir_count /v)" ]
finish
