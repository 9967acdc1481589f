# The demo storm, run on each kernel: STEPS x 4 threads x NAMES distinct
# failed stat()s in one ext4 directory (/storm), and NAMES/5 more per step
# in a second one (/logs), the negative dentry count after each step, then
# memory and umount time.  LIMIT=N sets fs.dentry-dir-max (patched kernel
# only).  Writes /results/curve.txt and /results/summary.txt, the count of
# each directory after each step as the kernel shows it (/results/dirs.txt,
# patched only) and what an administrator sees with `ndtop` half-way
# through the storm (its table) and at its end (`ndtop -1`)
# (/results/ndtop-{mid,end}.txt).
. /nd/ndlib.sh
STEPS=${STEPS:-20} NAMES=${NAMES:-5000}
mount_scratch || exit 1
mkdir /mnt/storm /mnt/logs
[ -n "$LIMIT" ] && { set_max "$LIMIT" || exit 1; }
base=$(nr_negative)
echo "# lookups negatives slab_kb" > /results/curve.txt
i=1
while [ $i -le $STEPS ]; do
	# half-way, ndtop's table of one refresh taken during a step (its
	# CHANGE/s column is the storm's rate); wait below waits for it too
	[ $i = $((STEPS / 2)) ] && { ndtop -b -n 1 -d 1 -r 5 > /results/ndtop-mid.txt & }
	ndgen -d /mnt/logs -n $((NAMES / 5)) -p l$i- > /dev/null &
	ndgen -d /mnt/storm -t 4 -n $NAMES -p s$i- > /dev/null || exit 1
	wait
	slab=$(sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo)
	echo "$((i * 4 * NAMES)) $(($(nr_negative) - base)) $slab" >> /results/curve.txt
	# 0 for a directory not listed: it holds no counted negative dentry
	[ -r $DIRSF ] && { a=$(dir_count /mnt/storm) b=$(dir_count /mnt/logs)
		echo "$((i * 4 * NAMES)) $a $b" >> /results/dirs.txt; }
	i=$((i + 1))
done
settle
ndtop -1 -r 5 > /results/ndtop-end.txt
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
