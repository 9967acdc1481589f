# Not a test (no checks; `make check` runs only t-*.sh): how many of 1,000
# hot names a directory in auto mode still holds after a 4 x 60,000-name
# storm in the same directory, all in a memory cgroup with memory.max
# unlimited, 8M, 4M and 2M, where the cgroup's own reclaim (the memcg-aware
# LRU shrinker) competes with the allowance.  One RESULT line per limit:
#   scripts/run-vm.sh -n press -- 'sh /nd/explore-pressure.sh'
. /nd/ndlib.sh
mount_scratch || exit 1
CG=/sys/fs/cgroup; mkdir -p $CG; mount -t cgroup2 none $CG; echo +memory > $CG/cgroup.subtree_control
IN_CG='echo $$ > $0 && exec "$@"'
for max in max 8M 4M 2M; do
	n=c$(echo $max | tr -d M); mkdir $CG/$n; echo $max > $CG/$n/memory.max
	echo auto > $MAXF
	mkdir /mnt/$n
	sh -c "$IN_CG" $CG/$n/cgroup.procs ndgen -d /mnt/$n -n 1000 -p hot -r 100000000 > /dev/null &
	h=$!
	sh -c "$IN_CG" $CG/$n/cgroup.procs ndgen -d /mnt/$n -t 4 -n 60000 -p cold > /dev/null
	kill $h; wait $h 2>/dev/null
	lim=$(dir_limit /$n)
	echo 100000 > $MAXF
	b=$(nr_negative); ndgen -d /mnt/$n -n 1000 -p hot > /dev/null; a=$(nr_negative)
	echo "RESULT memory.max=$max allowance=$lim hot_still_cached=$((1000 - (a - b)))/1000 current=$(cat $CG/$n/memory.current) $(grep -E '^(max|oom_kill) ' $CG/$n/memory.events | tr '\n' ' ')"
done
