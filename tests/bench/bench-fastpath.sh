# Fast-path cost of one stat(): a cached negative, a miss, a positive.
# Run under -icount shift=0,sleep=off, where guest ns = instructions.
# LIMIT=N sets fs.dentry-dir-max first (patched kernel).
# "miss" makes 20,000 negatives in one directory: over a limit of 1024, it
# includes the work of making room.  "miss-big" does the same in a
# directory that also holds 100,000 cached files: what making room costs
# must not grow with the directory's other children.  "miss-small" makes 800 in
# each of 10 fresh directories, below any limit: the cost of admission
# alone, the common case of a directory that is not being stormed.
. /nd/ndlib.sh
mount_scratch || exit 1
mkdir /mnt/b
[ -n "$LIMIT" ] && { set_max "$LIMIT" || exit 1; }
for m in neg miss pos; do
	n=200000
	[ $m = miss ] && n=20000
	out=$(ndbench -m $m -d /mnt/b -n $n) || exit 1
	echo "$m $(kv "$out" ns_per_op)" >> /results/fastpath.txt
	# over a limit, reclaim goes on after the misses: let it finish
	# before the next figure, which would count its instructions
	settle
done
sum=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	mkdir /mnt/s$i
	out=$(ndbench -m miss -d /mnt/s$i -n 800) || exit 1
	sum=$(awk -v s=$sum -v v="$(kv "$out" ns_per_op)" 'BEGIN { print s + v }')
done
echo "miss-small $(awk -v s=$sum 'BEGIN { printf "%.1f", s / 10 }')" >> /results/fastpath.txt
mkdir /mnt/big
ndgen -d /mnt/big -n 100000 -p file -c statcreate > /dev/null || exit 1
out=$(ndbench -m miss -d /mnt/big -n 20000) || exit 1
echo "miss-big $(kv "$out" ns_per_op)" >> /results/fastpath.txt
cat /results/fastpath.txt
