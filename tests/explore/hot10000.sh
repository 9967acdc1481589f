# Exploration (measures, does not judge): t-auto's H=10000 run (hot_run,
# ndlib.sh) in three fresh directories of one boot, each with its own
# hash salt, the directory's count sampled each second into
# /results/trace-K.txt.  With the v3 rule that shrank a grown directory
# by a quarter per quiet turn, one directory in five or so settled at
# the bare need and lost 3% of phase B's hot lookups (CI, 2026-12-06).
#   bash scripts/run-vm.sh -m 640M -n hot10000 -- 'sh /nd/hot10000.sh'
. /nd/ndlib.sh
mount_scratch || exit 1
hot_failed=0
for k in 1 2 3; do
	( while :; do
		echo "$(date +%s) $(tr '\n' ' ' < $DBG/dcache/negative_dirs)"
		sleep 1
	done ) > /results/trace-$k.txt &
	mon=$!
	hot_run auto 10000
	kill $mon
	mv /mnt/h-auto-10000 /mnt/old-$k
	echo "run $k: miss_b=$miss_b miss_a=$miss_a count=$count" |
		tee -a /results/hot10000.txt
done
