#!/bin/bash
# The field reports, in the Debian guest (no -icount: counts and memory,
# and teardown times that only show growth under TCG).  LIMIT=N sets
# fs.dentry-dir-max first (patched kernel).  Writes /results/field.txt,
# one line "NAME VALUE" per figure.
# 6. Health check: a program that stats 10,000 distinct missing names per
#    start (NSS's timing source), started 50 times.
# 7. Container teardown: overlayfs with its upper layer on ext4; a
#    workload creates and deletes 50,000 files and misses 50,000 lookups
#    in one directory of the container, then umount and rm -rf.
. /nd/ndlib.sh
mount_scratch || exit 1
if [ -n "$LIMIT" ]; then set_max "$LIMIT" || exit 1; fi
out=/results/field.txt
: > $out
slab() { sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }
rc=0

# 6. Health check, 50 starts of 10,000 distinct names each.
mkdir /mnt/hc
sync; echo 3 > /proc/sys/vm/drop_caches
base=$(nr_negative) s0=$(slab)
for i in $(seq 50); do
	ndgen -d /mnt/hc -p "run$i-" -n 10000 > /dev/null || { echo "# health check run $i failed"; rc=1; }
done
settle
echo "health_negatives $(( $(nr_negative) - base ))" >> $out
echo "health_slab_kib $(( $(slab) - s0 ))" >> $out
rm -rf /mnt/hc

# 7. Container teardown.
mkdir -p /mnt/lower/etc /mnt/c/upper /mnt/c/work /mnt/c/merged
cp -a /etc/. /mnt/lower/etc/ 2>/dev/null
mount -t overlay overlay -o lowerdir=/mnt/lower,upperdir=/mnt/c/upper,workdir=/mnt/c/work /mnt/c/merged || { echo "# overlay mount failed"; exit 1; }
mkdir /mnt/c/merged/app
base=$(nr_negative) s0=$(slab)
ndgen -d /mnt/c/merged/app -c unlink -t 2 -n 25000 > /dev/null || { echo "# container unlink failed"; rc=1; }
ndgen -d /mnt/c/merged/app -p miss -t 2 -n 25000 > /dev/null || { echo "# container lookups failed"; rc=1; }
settle
echo "container_negatives $(( $(nr_negative) - base ))" >> $out
echo "container_slab_kib $(( $(slab) - s0 ))" >> $out
t0=$(ms)
umount /mnt/c/merged || rc=1
t1=$(ms)
rm -rf /mnt/c || rc=1
t2=$(ms)
echo "container_umount_ms $((t1 - t0))" >> $out
echo "container_rmrf_ms $((t2 - t1))" >> $out
echo "container_left_negatives $(( $(nr_negative) - base ))" >> $out
cat $out
exit $rc
