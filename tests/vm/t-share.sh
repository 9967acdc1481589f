# Second chance is not shared by accident.  The global LRU shrinker gives a
# dentry marked DCACHE_REFERENCED one more lap and clears the mark; the
# clock of a directory at its limit gives a negative dentry with credit one
# more lap and takes one credit.  dput() sets both marks; an RCU-walk
# lookup, which never reaches dput(), sets only the credit, so the LRU
# shrinker treats such a name as stock does.  If the two shared a mark,
# each would clear what the other was about to read.
# A name is hit through dput() here by rmdir() of the missing name: its
# lookup takes a reference (stat() and open() are RCU-walk lookups).
# The LRU shrinker is run through shrinker debugfs over exactly the
# superblock's LRU once (a longer walk would meet rotated dentries again).
# Observable, as in t-hot.sh: with the limit raised out of the way, probe
# the hot names; each one no longer cached adds one negative dentry.
. /nd/ndlib.sh
plan 6
# takes: 7 (seconds in a full make check, beside another guest)
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

# Hit each of the $H hot names of $1 once through dput() (ref-walk).
dput_hits() {
	_i=0
	while [ $_i -lt $H ]; do rmdir "$1/hot0-$_i" 2>/dev/null; _i=$((_i + 1)); done
}

# 1. The clock passes hot names, then the LRU shrinker comes.  The
# directory gets, oldest first, 1000 one-off names and 64 hot names, hit
# once through dput().  The limit goes to 1000 and 1,200 new names arrive:
# the clock goes past every old name and the hot ones (taking one credit)
# more than once.  Then one walk of the LRU shrinker: the hot names must
# still have the mark dput() gave them and get their lap.
d=/mnt/share1
mkdir $d
set_max 100000
ndgen -d $d -n 1000 -p old > /dev/null
ndgen -d $d -n $H -p hot > /dev/null
dput_hits $d
set_max 1000
ndgen -d $d -n 1200 -p trigger > /dev/null
settle
trimmed=$(dir_count $d)
lru_walk
m=$(hot_misses $d)
echo "# clock then LRU: count $trimmed, hot names kept $((H - m)) of $H"
check "clock then LRU shrinker: at least 90% of hot names kept ($((H - m)) of $H)" [ $((m * 10)) -le $H ]
check "the clock held the directory to its limit (count $trimmed <= 1000)" [ "${trimmed:-9999}" -le 1000 ]

# 2. The LRU shrinker passes hot names, then the clock comes: 64 hot names
# hit once through dput(), one walk of the LRU shrinker (they get their
# lap, it clears its mark), then 1000 older-looking names are not possible,
# so 1,200 new one-off names at limit 1000: the clock reaches the hot names
# and must find the credit the LRU shrinker left alone.
d=/mnt/share2
mkdir $d
set_max 1000
ndgen -d $d -n $H -p hot > /dev/null
dput_hits $d
lru_walk
ndgen -d $d -n 1200 -p storm > /dev/null
settle
trimmed=$(dir_count $d)
m=$(hot_misses $d)
echo "# LRU then clock: count $trimmed, hot names kept $((H - m)) of $H"
check "LRU shrinker then clock: at least 90% of hot names kept ($((H - m)) of $H)" [ $((m * 10)) -le $H ]
check "the clock held the directory to its limit (count $trimmed <= 1000)" [ "${trimmed:-9999}" -le 1000 ]

# 3. The shrinker's own second chance is kept as it was: a name hit once
# through dput() survives one walk (its mark is cleared) and is freed by
# the next.
d=/mnt/share3
mkdir $d
ndgen -d $d -n $H -p hot > /dev/null
dput_hits $d
lru_walk
lru_walk
m=$(hot_misses $d)
check "two LRU walks free names not used in between ($m of $H)" [ "$m" = $H ]

# 4. RCU-walk hits leave the LRU shrinker as it is in stock 6.12: names
# looked up again only by stat() have no DCACHE_REFERENCED, and one walk
# frees them (v2 marked them for the shrinker too).
d=/mnt/share4
mkdir $d
set_max 1000
ndgen -d $d -n $H -p hot -r 3 > /dev/null
lru_walk
m=$(hot_misses $d)
check "one LRU walk frees names hit only by RCU-walk lookups, as stock does ($m of $H)" [ "$m" = $H ]
set_max 0
umount /mnt
finish
