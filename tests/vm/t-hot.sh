# Hot negatives survive: a few missing names looked up again and again
# (the $PATH / include path / import pattern) while a storm of one-off
# names runs in the same directory under a limit.
# Observable: after the storm, look each hot name up once more.  A hot
# name that is still cached is answered from the dcache and adds nothing;
# one that was reclaimed is a miss and adds one negative dentry.  So
# misses = growth of nr_negative (the directory is below its limit then,
# so nothing is reclaimed in between).
. /nd/ndlib.sh
mount_scratch || exit 1
H=64
L=1000
d=/mnt/hot
mkdir $d
set_max $L
ndgen -d $d -t 2 -n 60000 -p cold > /tmp/cold.out &
cold=$!
sleep 0.3
# Two hot lookers, the hot names created once the storm is going.
ndgen -d $d -n $H -p hot -r 3000 > /tmp/hot.out &
hot=$!
wait $cold
kill $hot 2>/dev/null
wait $hot
settle
before=$(nr_negative)
ndgen -d $d -n $H -p hot > /dev/null
after=$(nr_negative)
misses=$((after - before))
echo "# hot names: $H, still cached: $((H - misses)), reclaimed: $misses, settled negatives: $before"
check "at least 90% of $H hot names still cached ($((H - misses)))" [ $((misses * 10)) -le $H ]
check "the storm was trimmed (settled $before <= $L)" [ "$before" -le $L ]
set_max 0
umount /mnt
finish
