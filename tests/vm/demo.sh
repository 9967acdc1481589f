# The demo storm, run on each kernel: STEPS x 4 threads x NAMES distinct
# failed stat()s in one ext4 directory, the negative dentry count after
# each step, then memory and umount time.  LIMIT=N sets fs.dentry-dir-max
# (patched kernel only).  Writes /results/curve.txt and /results/summary.txt.
. /nd/ndlib.sh
STEPS=${STEPS:-20} NAMES=${NAMES:-5000}
mount_scratch || exit 1
mkdir /mnt/storm
[ -n "$LIMIT" ] && { set_max "$LIMIT" || exit 1; }
base=$(nr_negative)
echo "# lookups negatives slab_kb" > /results/curve.txt
i=1
while [ $i -le $STEPS ]; do
	ndgen -d /mnt/storm -t 4 -n $NAMES -p s$i- > /dev/null || exit 1
	slab=$(sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo)
	echo "$((i * 4 * NAMES)) $(($(nr_negative) - base)) $slab" >> /results/curve.txt
	i=$((i + 1))
done
settle
neg=$(($(nr_negative) - base))
slab=$(sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo)
# dentry slab: objects and KiB (slab_nomerge keeps the cache on its own)
dobj=$(awk '$1 == "dentry" { print $3 }' /proc/slabinfo)
dkb=$(awk '$1 == "dentry" { print int($3 * $4 / 1024) }' /proc/slabinfo)
um=$(ndmon -i 2 -- umount /mnt)
cat > /results/summary.txt <<EOT
lookups $((STEPS * 4 * NAMES))
negatives $neg
slab_kb $slab
dentry_objs ${dobj:-?}
dentry_kb ${dkb:-?}
umount_ms $(kv "$um" elapsed_ms)
EOT
cat /results/summary.txt
