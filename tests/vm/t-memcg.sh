# fs.dentry-dir-max=auto reserves and charges nothing: what a cgroup's
# tasks keep is charged to it as any dentry (SLAB_ACCOUNT), and its own
# memory.max bounds it through the memcg-aware LRU.
# 1. "roomy" (no limit) looks up hot names amid one-off names until its
#    directory grows.  Kernel memory charged to it that is no slab, stack,
#    page table, percpu or vmalloc memory ("other") moves by less than a
#    quarter of what the growth would be as dentries (v2 charged exactly
#    that, for dentries that did not exist).
# 2. "tight" (memory.max 16 MiB) storms 100 directories x 1024 names (more
#    dentries than 16 MiB holds): every lookup fails as it should, nothing
#    is OOM-killed, and its reclaim frees some of the negatives kept.
# 3. roomy's hot names are still cached after tight's storm.
. /nd/ndlib.sh
plan 8
# takes: 57 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
CG=/sys/fs/cgroup
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
# Kernel memory charged to cgroup $1 that memory.stat names no kind of
# (bytes), after the periodic 2-second flush of the statistics.
other_kmem() {
	sleep 3
	awk '$1 == "kernel" { k = $2 } $1 == "slab" { s = $2 }
	     $1 == "kernel_stack" { ks = $2 } $1 == "pagetables" { p = $2 }
	     $1 == "sec_pagetables" { sp = $2 } $1 == "percpu" { pc = $2 }
	     $1 == "vmalloc" { v = $2 }
	     END { print k - s - ks - p - sp - pc - v }' $CG/$1/memory.stat
}
# Run "$@" in cgroup $1 (its cgroup.procs is $0 of the inner shell).
in_cg() { _cg=$1; shift; sh -c 'echo $$ > $0 && exec "$@"' $CG/$_cg/cgroup.procs "$@"; }
mkdir $CG/roomy $CG/tight
echo 16M > $CG/tight/memory.max
echo auto > $MAXF

# 1.
mkdir /mnt/roomy
k0=$(other_kmem roomy)
in_cg roomy ndgen -d /mnt/roomy -n 200000 -p s -H 2000 -P 8000 > /dev/null
check "roomy: every lookup gave ENOENT" [ $? = 0 ]
settle
k1=$(other_kmem roomy)
grown=$(dir_count /mnt/roomy)
echo "# roomy: directory keeps $grown; other kernel memory $k0 -> $k1 bytes"
check "roomy: the directory grew beyond the floor ($grown)" [ "$grown" -gt 1024 ]
check "roomy: no charge beyond the dentries' own ($((k1 - k0)) bytes < $(((grown - 1024) * dsize / 4)))" \
	[ $((k1 - k0)) -lt $(((grown - 1024) * dsize / 4)) ]

# 2.
n0=$(nr_negative)
in_cg tight sh -c 'for i in $(seq 100); do
	mkdir /mnt/t$i && ndgen -d /mnt/t$i -n 1024 -p x > /dev/null || exit 1
done'
check "tight: every lookup of its storm gave ENOENT" [ $? = 0 ]
settle
kept=$(($(nr_negative) - n0))
oom=$(sed -n 's/^oom_kill //p' $CG/tight/memory.events)
peak=$(cat $CG/tight/memory.peak 2>/dev/null || cat $CG/tight/memory.current)
echo "# tight: $kept of 102400 negatives kept, memory peak $peak, oom_kill $oom"
check "tight: nothing OOM-killed (${oom:-none})" [ "${oom:-1}" = 0 ]
check "tight: its own reclaim freed negatives ($kept of 102400 kept)" [ "$kept" -lt 102400 ]

# 3. 2000 one-off names and each hot name once: misses beyond the 2000
m0=$(made)
in_cg roomy ndgen -d /mnt/roomy -n 2000 -p after -H 2000 -P 2000 > /dev/null
miss=$(($(made) - m0 - 2000))
echo "# roomy after tight's storm: $miss of 2000 hot names missed"
check "roomy: its hot names stayed cached ($miss of 2000 missed)" [ "$miss" -ge 0 -a "$miss" -le 20 ]
echo 0 > $MAXF
rm -rf /mnt/roomy /mnt/t*
rmdir $CG/roomy $CG/tight 2>/dev/null
umount /mnt
check "umount" [ $? = 0 ]
finish
