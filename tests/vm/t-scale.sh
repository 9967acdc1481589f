# Reclaim scales with directories: each directory over the limit has its
# own work item, so many are trimmed side by side and a huge one does not
# starve a small one.
# 1. 1,000 directories go over fs.dentry-dir-max=256 at once (1,000
#    negatives each, made under a higher limit that is then lowered; one
#    more negative in each queues it): all must be trimmed, the queue
#    empty, within 60 s.
# 2. While 4 threads storm one directory with 400,000 distinct names, a
#    small directory that goes over the limit is trimmed within 10 s.
# The queue is read from /proc/fs/dcache/negative_dirs.
. /nd/ndlib.sh
mount_scratch || exit 1
N=1000
set_max 100000
i=0; while [ $i -lt $N ]; do mkdir /mnt/d$i; i=$((i + 1)); done
base=$(nr_negative)
i=0; while [ $i -lt $N ]; do ndgen -d /mnt/d$i -n 1000 >/dev/null; i=$((i + 1)); done
set_max 256
start=$(date +%s)
i=0; while [ $i -lt $N ]; do ndgen -d /mnt/d$i -p x -n 1 >/dev/null; i=$((i + 1)); done
t=0 q=$(queued_dirs)
echo "# $q directories queued after the last one went over"
while [ "$q" -gt 0 ] && [ $t -lt 120 ]; do sleep 0.5; t=$((t + 1)); q=$(queued_dirs); done
el=$(($(date +%s) - start))
settle
final=$(($(nr_negative) - base))
echo "# $N directories: queue empty after ${el} s, settled=$final"
check "$N directories over the limit: queue empty within 60 s ($q left, ${el} s)" [ "$q" = 0 ]
check "$N directories: settled $final <= $N x 256" [ "$final" -le $((N * 256)) ]
check "$N directories: settled $final >= $N x 200 (no over-reclaim)" [ "$final" -ge $((N * 200)) ]
set_max 0
rm -rf /mnt/d*

mkdir /mnt/big /mnt/small
set_max 256
ndgen -d /mnt/big -t 4 -n 100000 >/dev/null &
pid=$!
sleep 1
ndgen -d /mnt/small -n 2000 >/dev/null
t=0
while awk '$3 == "queued" && $6 == "/small"' $DIRSF | grep -q . && [ $t -lt 20 ]; do sleep 0.5; t=$((t + 1)); done
busy=0; kill -0 $pid 2>/dev/null && busy=1
check "small directory trimmed within 10 s while a big one is stormed (${t} x 0.5 s)" [ $t -lt 20 ]
echo "# big storm still running when small was done: $busy"
wait $pid
set_max 0
rm -rf /mnt/big /mnt/small
umount /mnt
check "umount" [ $? = 0 ]
finish
