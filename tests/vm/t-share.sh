# Second chance is not shared by accident.  The global LRU shrinker gives a
# dentry marked DCACHE_REFERENCED one more lap and clears the mark; the
# reclaim hand of a directory over its limit gives a negative dentry looked
# up since it last passed one more lap and clears its own mark.  If both
# used the same bit, each would clear the mark the other was about to read:
# a hot negative would be freed by whichever came second.
# The LRU shrinker is run through shrinker debugfs over exactly the
# superblock's LRU once (a longer walk would meet rotated dentries again).
# Observable, as in t-hot.sh: with the limit raised out of the way, probe
# the hot names; each one no longer cached adds one negative dentry.
. /nd/ndlib.sh
mount_scratch || exit 1
H=64
sh_dir=$(ls -d /sys/kernel/debug/shrinker/sb-ext4:vda-* 2>/dev/null | head -n 1)
if [ -z "$sh_dir" ]; then
	not_ok "shrinker debugfs for the ext4 superblock (CONFIG_SHRINKER_DEBUG)"
	finish
	exit 1
fi
# One walk of the LRU shrinker over every dentry and inode on this
# superblock's LRU lists of the root memory cgroup, where this test's
# dentries are: "count" has a line "cgroup-inode count-per-node" for each
# cgroup with objects, the root's first (its inode is 0 without memory
# cgroups, 1 with them); "scan" takes "cgroup-inode node count".
lru_walk() {
	set -- $(head -n 1 "$sh_dir/count")
	echo "${1:-0} 0 ${2:-0}" > "$sh_dir/scan" ||
		not_ok "the LRU walk was refused: $1 0 $2"
}
# Misses of the hot names of $1: each makes one new negative dentry.
hot_misses() {
	set_max 100000
	_b=$(nr_negative)
	ndgen -d "$1" -n $H -p hot > /dev/null
	echo $(($(nr_negative) - _b))
}

# 1. The hand passes hot names, then the LRU shrinker comes.  The
# directory gets, oldest first, 1000 one-off names and 64 hot names (looked
# up twice).  The limit goes to 1000 and one more miss queues it: the hand
# trims it to 875 newest first, so it passes the hot names (second chance)
# and frees one-off names.  Then one walk of the LRU shrinker: the hot
# names were used since its last walk and must get their lap, not be freed
# because the hand cleared a mark that was the shrinker's.
d=/mnt/share1
mkdir $d
set_max 100000
ndgen -d $d -n 1000 -p old > /dev/null
ndgen -d $d -n $H -p hot -r 2 > /dev/null
set_max 1000
ndgen -d $d -n 1 -p trigger > /dev/null
settle
trimmed=$(dir_count /share1)
lru_walk
m=$(hot_misses $d)
echo "# hand then LRU: trimmed to $trimmed, hot names kept $((H - m)) of $H"
check "hand then LRU shrinker: at least 90% of hot names kept ($((H - m)) of $H)" [ $((m * 10)) -le $H ]
check "the hand trimmed the directory (count $trimmed <= 875)" [ "${trimmed:-9999}" -le 875 ]

# 2. The LRU shrinker passes hot names, then the hand comes.  64 hot names
# (looked up twice), one walk of the LRU shrinker (they get their lap),
# then 1000 names looked up twice, so the hand gives those a second chance
# and goes on to the hot names before it wraps and frees some of the 1000.
# The hot names were used since the hand last passed (it never did) and
# must be kept, not freed because the shrinker cleared a mark of the hand.
d=/mnt/share2
mkdir $d
set_max 100000
ndgen -d $d -n $H -p hot -r 2 > /dev/null
lru_walk
ndgen -d $d -n 1000 -p warm -r 2 > /dev/null
set_max 1000
ndgen -d $d -n 1 -p trigger > /dev/null
settle
trimmed=$(dir_count /share2)
m=$(hot_misses $d)
echo "# LRU then hand: trimmed to $trimmed, hot names kept $((H - m)) of $H"
check "LRU shrinker then hand: at least 90% of hot names kept ($((H - m)) of $H)" [ $((m * 10)) -le $H ]
check "the hand trimmed the directory (count $trimmed <= 875)" [ "${trimmed:-9999}" -le 875 ]

# 3. The shrinker's own second chance is kept as it was: a name looked up
# twice survives one walk (its mark is cleared) and is freed by the next.
d=/mnt/share3
mkdir $d
ndgen -d $d -n $H -p hot -r 2 > /dev/null
lru_walk
lru_walk
m=$(hot_misses $d)
check "two LRU walks free names not used in between ($m of $H)" [ "$m" = $H ]
set_max 0
umount /mnt
finish
