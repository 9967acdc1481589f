# fs.dentry-dir-max=auto charges what it keeps for a directory beyond the
# floor (the growth of its allowance, as the dentries it lets the
# directory keep, and the 8 KiB filter of freed names) to the memory
# cgroup of the task that first took the directory over the limit, and
# refuses growth that the cgroup's memory.max does not allow; the
# cgroup's reclaim (or an ancestor's, after the cgroup went) gets back
# growth the directory no longer uses, and switching auto off gives all
# growth and its charge back.
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
limit_of() { dir_limit /$1; }
# Hot names looked up during a storm, all in cgroup $1, directory /$1.
workload() {
	mkdir -p /mnt/$1
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

# The cgroup's own reclaim (memory.reclaim) frees the directory's cached
# negatives, which are charged to it too; the growth they no longer use
# is a reservation that reclaim must get back as well, down to the
# smallest allowance that holds what the directory still keeps.  The
# directory stays in use (a process's working directory, as a directory
# with open files would): reclaim that frees the directory itself gives
# everything back anyway.
(cd /mnt/roomy && exec sleep 100000) &
pin=$!
shrunk=$(stat_of auto_shrunk)
rb=$(other_kmem roomy)
echo 256M > $CG/roomy/memory.reclaim 2>/dev/null
rcount=$(dir_count /roomy)
rlim=$(limit_of roomy)
ra=$(other_kmem roomy)
shrunk2=$(stat_of auto_shrunk)
want=$(( (lim - ${rlim:-$lim}) * dsize ))
echo "# roomy after memory.reclaim: count ${rcount:-none}, allowance $lim -> ${rlim:-none}, other kernel memory $rb -> $ra, auto_shrunk ${shrunk:-none} -> ${shrunk2:-none}"
check "memory.reclaim: the directory's negatives were reclaimed (${rcount:-none} < $lim / 2)" \
	[ "${rcount:-$lim}" -lt $((lim / 2)) ]
check "memory.reclaim: the unused growth is given back (allowance $lim -> ${rlim:-none}, count ${rcount:-none})" \
	sh -c "[ ${rlim:-$lim} -lt $lim ] && [ ${rlim:-0} -ge ${rcount:-0} ] &&
	       { [ ${rlim:-0} = $FLOOR ] || [ $((${rlim:-0} / 2)) -lt ${rcount:-0} ]; }"
check "memory.reclaim: counted in auto_shrunk (${shrunk:-none} -> ${shrunk2:-none}, $((lim - ${rlim:-$lim})) given back)" \
	sh -c "[ -n '$shrunk2' ] && [ $((${shrunk2:-0} - ${shrunk:-0})) = $((lim - ${rlim:-$lim})) ]"
check "memory.reclaim: the cgroup is uncharged ($((rb - ra)) ~ $want bytes)" \
	sh -c "[ $want -gt 0 ] && [ $((rb - ra)) -ge $((want - SLACK)) ] && [ $((rb - ra)) -le $((want + SLACK)) ]"
kill $pin; wait $pin 2>/dev/null

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

rm -rf /mnt/tight

# A limit set higher up, on "outer": the directory of its child "inner"
# grows, charged to inner; inner is removed (its charge moves to outer)
# while the directory stays in use; outer's reclaim takes the growth
# back all the same.
mkdir $CG/outer
echo +memory > $CG/outer/cgroup.subtree_control
mkdir $CG/outer/inner
workload outer/inner
olim=$(limit_of outer/inner)
(cd /mnt/outer/inner && exec sleep 100000) &
pin=$!
rmdir $CG/outer/inner
ob=$(other_kmem outer)
echo 256M > $CG/outer/memory.reclaim 2>/dev/null
orlim=$(limit_of outer/inner)
ocount=$(dir_count /outer/inner)
oa=$(other_kmem outer)
kill $pin; wait $pin 2>/dev/null
want=$(( (${olim:-$FLOOR} - ${orlim:-$FLOOR}) * dsize ))
echo "# outer/inner: allowance ${olim:-none} -> ${orlim:-none} (count ${ocount:-none}) after inner went and outer's memory.reclaim; outer's other kernel memory $ob -> $oa"
check "outer/inner grew (${olim:-none} > $FLOOR)" [ "${olim:-0}" -gt $FLOOR ]
check "inner removed, outer's reclaim takes its unused growth back (allowance ${olim:-none} -> ${orlim:-none}, count ${ocount:-none})" \
	sh -c "[ ${orlim:-${olim:-0}} -lt ${olim:-0} ] && [ ${orlim:-0} -ge ${ocount:-0} ]"
check "and uncharges outer ($((ob - oa)) ~ $want bytes)" \
	sh -c "[ $want -gt 0 ] && [ $((ob - oa)) -ge $((want - SLACK)) ] && [ $((ob - oa)) -le $((want + SLACK)) ]"
rm -rf /mnt/outer

# Roomy again, to switch auto off with its directory grown; the queue
# events of its passes report its allowance as the limit, not the floor
echo > $T/trace
echo 1 > $T/events/dcache/dcache_negative_queue/enable
workload roomy
echo 0 > $T/events/dcache/dcache_negative_queue/enable
lim=$(limit_of roomy)
qmax=$(grep ' dcache_negative_queue: ' $T/trace | sed -n 's/.* limit=\([0-9]*\).*/\1/p' | sort -n | tail -1)
check "queue events report the grown allowance (largest limit ${qmax:-none}, allowance ${lim:-none})" \
	[ "${qmax:-0}" -gt $FLOOR ]
tb=$(other_kmem roomy)
echo 1000 > $MAXF
ta=$(other_kmem roomy)
want=$(( (${lim:-$FLOOR} - FLOOR) * dsize ))
echo "# roomy: allowance ${lim:-none}, other kernel memory $tb -> $ta when auto was switched off (growth $want bytes)"
check "roomy grew again (${lim:-none} > $FLOOR)" [ "${lim:-0}" -gt $FLOOR ]
check "switching auto off gives the growth back (auto_grown $(stat_of auto_grown))" [ "$(stat_of auto_grown)" = 0 ]
check "switching auto off uncharges it ($((tb - ta)) ~ $want bytes)" near $((tb - ta)) $want $SLACK
rm -rf /mnt/roomy
rmdir $CG/roomy $CG/tight $CG/outer
check "the cgroups can be removed" sh -c "[ ! -d $CG/roomy ] && [ ! -d $CG/tight ] && [ ! -d $CG/outer ]"
echo 0 > $MAXF
umount /mnt
check "umount" [ $? = 0 ]
finish
