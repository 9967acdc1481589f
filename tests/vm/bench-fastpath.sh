# Fast-path cost of one stat(): a cached negative, a miss, a positive.
# Run under -icount shift=0,sleep=off, where guest ns = instructions.
# LIMIT=N sets fs.dentry-dir-max first (patched kernel).
. /nd/ndlib.sh
mount_scratch || exit 1
mkdir /mnt/b
[ -n "$LIMIT" ] && { set_max "$LIMIT" || exit 1; }
for m in neg miss pos; do
	n=200000
	[ $m = miss ] && n=20000
	out=$(ndbench -m $m -d /mnt/b -n $n) || exit 1
	echo "$m $(kv "$out" ns_per_op)" >> /results/fastpath.txt
done
cat /results/fastpath.txt
