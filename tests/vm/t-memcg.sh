# fs.dentry-dir-max=auto charges what it keeps for a directory beyond the
# floor (the growth of its allowance, as the dentries it lets the
# directory keep, and the 8 KiB filter of freed names) to the memory
# cgroup of the task that first took the directory over the limit, and
# refuses growth that the cgroup's memory.max does not allow; switching
# auto off gives the growth and its charge back.
# The charge is kernel memory that is no slab, stack, page table, percpu
# or vmalloc memory: memory.stat's "kernel" minus those, whose change is
# compared with what negative_dirs says the directory grew by.
# Two cgroups run the same workload (hot names looked up during a storm of
# one-off names) in a directory of their own: "roomy" has no limit,
# "tight" a memory.max of 2 MiB.
. /nd/ndlib.sh
mount_scratch || exit 1
CG=/sys/fs/cgroup
FLOOR=1024
mkdir -p $CG
grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none $CG
if ! grep -qw memory $CG/cgroup.controllers 2>/dev/null; then
	not_ok "memory cgroups: no memory controller in this kernel"
	umount /mnt
	finish
	exit 1
fi
echo +memory > $CG/cgroup.subtree_control
dsize=$(cat /sys/kernel/slab/dentry/object_size 2>/dev/null || echo 192)
echo "# struct dentry $dsize bytes"

# Kernel memory charged to cgroup $1 that is none of the kinds memory.stat
# names (bytes), after the periodic 2-second flush of the statistics.
other_kmem() {
	sleep 3
	awk '$1 == "kernel" { k = $2 } $1 == "slab" { s = $2 }
	     $1 == "kernel_stack" { ks = $2 } $1 == "pagetables" { p = $2 }
	     $1 == "sec_pagetables" { sp = $2 } $1 == "percpu" { pc = $2 }
	     $1 == "vmalloc" { v = $2 }
	     END { print k - s - ks - p - sp - pc - v }' $CG/$1/memory.stat
}
# Run "$@" in cgroup $1, as a process of its own (exec: its pid is $!).
IN_CG='echo $$ > $0 && exec "$@"'
# The allowance of directory /$1 of the scratch filesystem.
limit_of() { awk -v p=/$1 '$6 == p { print $2 }' $DIRSF; }
# Hot names looked up during a storm, all in cgroup $1, directory /$1.
workload() {
	mkdir /mnt/$1
	sh -c "$IN_CG" $CG/$1/cgroup.procs \
		ndgen -d /mnt/$1 -n 2000 -p hot -r 100000000 > /dev/null &
	_hot=$!
	sh -c "$IN_CG" $CG/$1/cgroup.procs \
		ndgen -d /mnt/$1 -t 4 -n 20000 -p cold > /dev/null
	_st=$?
	kill $_hot; wait $_hot 2>/dev/null
	settle
	return $_st
}
near() { # $1 within $3 of $2
	[ "$1" -ge $(($2 - $3)) ] && [ "$1" -le $(($2 + $3)) ]
}
SLACK=131072

echo auto > $MAXF
mkdir $CG/roomy $CG/tight
echo 2M > $CG/tight/memory.max

before=$(other_kmem roomy)
workload roomy
check "roomy: the workload ran (every storm lookup ENOENT)" [ $? = 0 ]
lim=$(limit_of roomy)
after=$(other_kmem roomy)
want=$(( (lim - FLOOR) * dsize + 8192 ))
echo "# roomy: allowance $lim, other kernel memory $before -> $after, growth and filter $want bytes"
check "roomy: the allowance grew (${lim:-none} > $FLOOR)" [ "${lim:-0}" -gt $FLOOR ]
check "roomy: the growth and filter are charged to the cgroup ($((after - before)) ~ $want bytes)" \
	near $((after - before)) $want $SLACK

rm -rf /mnt/roomy
sync
echo 2 > /proc/sys/vm/drop_caches
gone=$(other_kmem roomy)
echo "# roomy after its directory went: other kernel memory $gone"
check "roomy: the charge is given back when the directory goes ($((gone - before)) ~ 0)" \
	near $((gone - before)) 0 $SLACK

T=/sys/kernel/tracing
mount -t tracefs nodev $T 2>/dev/null
echo > $T/trace
echo 1 > $T/events/dcache/dcache_negative_allowance/enable
refused=$(stat_of auto_over_memcg)
workload tight
st=$?
tlim=$(limit_of tight)
refused2=$(stat_of auto_over_memcg)
echo 0 > $T/events/dcache/dcache_negative_allowance/enable
# Growth refusals traced, each leaving the allowance as it was (the count
# also has refusals of the filter, which are not allowance events)
ev=$(grep -c 'dcache_negative_allowance:.* refused=memcg' $T/trace)
evbad=$(grep 'dcache_negative_allowance:.* refused=memcg' $T/trace |
	sed 's/.* old=\([0-9]*\) new=\([0-9]*\) .*/\1 \2/' | awk '$1 != $2' | wc -l)
echo "# tight: allowance $tlim, auto_over_memcg ${refused:-none} -> ${refused2:-none}"
check "tight: the workload ran under memory.max 2M (status $st)" [ $st = 0 ]
check "tight: growth refused by the cgroup (auto_over_memcg ${refused:-none} -> ${refused2:-none})" \
	[ "${refused2:-0}" -gt "${refused:-0}" ]
check "tight: the refusals are traced (refused=memcg: $ev events, $evbad changed the allowance)" \
	sh -c "[ $ev -ge 1 ] && [ $ev -le $((${refused2:-0} - ${refused:-0})) ] && [ $evbad = 0 ]"
check "tight: its allowance stayed below roomy's (${tlim:-none} < $lim)" [ "${tlim:-0}" -lt "$lim" ]
oom=$(sed -n 's/^oom_kill //p' $CG/tight/memory.events)
check "tight: nothing was OOM-killed (oom_kill $oom)" [ "$oom" = 0 ]

tb=$(other_kmem tight)
echo 1000 > $MAXF
ta=$(other_kmem tight)
want=$(( (tlim - FLOOR) * dsize ))
echo "# tight: other kernel memory $tb -> $ta when auto was switched off (growth $want bytes)"
check "switching auto off gives the growth back (auto_grown $(stat_of auto_grown))" [ "$(stat_of auto_grown)" = 0 ]
check "switching auto off uncharges it ($((tb - ta)) ~ $want bytes)" near $((tb - ta)) $want $SLACK
rm -rf /mnt/tight
rmdir $CG/roomy $CG/tight
check "the cgroups can be removed" sh -c "[ ! -d $CG/roomy ] && [ ! -d $CG/tight ]"
echo 0 > $MAXF
umount /mnt
check "umount" [ $? = 0 ]
finish
