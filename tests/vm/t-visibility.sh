# What an administrator sees (v3): debugfs dcache/negative_stat and
# negative_dirs, and ndtop, checked against a storm of N one-off names in
# /mnt/v under a limit L (N >> L):
#   reclaimed + killed + the directory's count = N, exactly;
#   the count is exactly L, listed under /mnt/v's device and inode;
#   ndtop lists /mnt/v at the top with its path, then smaller directories;
#   removed directories and unmounted filesystems leave the list.
. /nd/ndlib.sh
plan 32
# takes: 15 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
L=1000
N=20000
isnum() { case $1 in '' | *[!0-9]*) return 1 ;; esac; }
# "count" of the negative_dirs line for device $1 and inode $2, if any
dev_ino_count() { awk -v d="$1" -v i="$2" '$2 == d && $3 == i { print $1 }' $DIRSF; }
# Status 0 if negative_dirs can be read and has no line matching $1
# (grep says 1 for no match, 2 if it cannot read the file).
unlisted() { grep -q "$1" $DIRSF; [ $? = 1 ]; }

check "no /proc/fs/dcache (v2's files are gone)" [ ! -e /proc/fs/dcache ]
check "negative_stat is exactly reclaimed, killed, scanned, with numbers" \
	[ "$(sed 's/ [0-9][0-9]*$/ N/' $DBG/dcache/negative_stat | tr '\n' ' ')" = \
	  "reclaimed N killed N scanned N " ]
# The files are 0444: debugfs keeps them from others with its own mode.
m=$(stat -c %a $DBG)
check "debugfs ($DBG, mode $m) is closed to others" [ "${m#${m%?}}" = 0 ]

mkdir /mnt/v
check "mkdir /mnt/v" [ $? = 0 ]
ino=$(stat -c %i /mnt/v)
# major:minor of the ext4 filesystem, from stat's st_dev (glibc encoding)
d=$(stat -c %d /mnt/v)
dev=$(((d >> 8) & 0xfff)):$(((d & 0xff) | ((d >> 12) & 0xfff00)))
check "device $dev is /mnt's in mountinfo" \
	[ "$(awk '$5 == "/mnt" { print $3 }' /proc/self/mountinfo)" = "$dev" ]
set_max $L
check "limit set to $L" [ "$(cat $MAXF)" = $L ]
r0=$(reclaimed) k0=$(killed) s0=$(stat_of scanned)
ndgen -d /mnt/v -n $N > /dev/null
check "storm of $N one-off names in /mnt/v" [ $? = 0 ]
settle
r1=$(reclaimed) k1=$(killed) s1=$(stat_of scanned)
cnt=$(dir_count /mnt/v)
dr=$((r1 - r0)) dk=$((k1 - k0)) ds=$((s1 - s0))
echo "# storm of $N in /mnt/v (limit $L): reclaimed +$dr, killed +$dk, scanned +$ds, counted ${cnt:-none}"
check "/mnt/v listed in negative_dirs" isnum "$cnt"
check "its count is the limit, exactly ($cnt)" [ "$cnt" = $L ]
check "reclaimed + killed + counted = $N ($dr + $dk + $cnt)" [ $((dr + dk + cnt)) = $N ]
check "reclaim made room (reclaimed +$dr)" [ $dr -gt 0 ]
check "scanned >= reclaimed (+$ds, +$dr)" [ $ds -ge $dr ]
check "scanned <= 2 x (reclaimed + killed) for one-off names (+$ds)" [ $ds -le $((2 * (dr + dk))) ]
check "negative_dirs has '$L $dev $ino' for /mnt/v, once" \
	[ "$(grep " $dev $ino\$" $DIRSF)" = "$L $dev $ino" ]
check "every negative_dirs line is COUNT MAJ:MIN INO, COUNT > 0 ($(wc -l < $DIRSF) lines)" \
	[ "$(wc -l < $DIRSF)" -gt 0 -a "$(grep -vc '^[1-9][0-9]* [0-9][0-9]*:[0-9][0-9]* [0-9][0-9]*$' $DIRSF)" = 0 ]

# ndtop: a directory one name over the limit and one under it.
mkdir /mnt/x /mnt/y
inox=$(stat -c %i /mnt/x) inoy=$(stat -c %i /mnt/y)
ndgen -d /mnt/x -n 1001 > /dev/null
ndgen -d /mnt/y -n 500 > /dev/null
settle
ndtop -1 > /tmp/ndtop.out
check "ndtop -1 exits 0" [ $? = 0 ]
sed 's/^/# /' /tmp/ndtop.out
# /mnt/v and /mnt/x tie at the limit: either may come first.
top=$(grep '^dir ' /tmp/ndtop.out | head -1 | cut -d' ' -f2)
check "ndtop -1 lists nothing above /mnt/v (first count $top = $(dir_count /mnt/v))" \
	[ -n "$top" -a "$top" = "$(dir_count /mnt/v)" ]
check "ndtop -1 lists /mnt/v with its count, device, inode and path" \
	grep -qx "dir $L $dev $ino /mnt/v" /tmp/ndtop.out
check "ndtop -1 lists /mnt/x (1001 names) at the limit" \
	grep -qx "dir $L $dev $inox /mnt/x" /tmp/ndtop.out
check "ndtop -1 lists /mnt/y (500 names) with 500" \
	grep -qx "dir 500 $dev $inoy /mnt/y" /tmp/ndtop.out
check "ndtop -1 lists directories by count, highest first" \
	awk '$1 == "dir" { if (n++ && $2 > p) bad = 1; p = $2 } END { exit bad || n < 3 }' /tmp/ndtop.out
line() { grep -n "^dir .* $1\$" /tmp/ndtop.out | cut -d: -f1; }
check "ndtop -1 puts /mnt/y after /mnt/v and /mnt/x" \
	[ "$(line /mnt/y)" -gt "$(line /mnt/v)" -a "$(line /mnt/y)" -gt "$(line /mnt/x)" ]
check "ndtop -1 reports the limit" grep -qx "limit $L" /tmp/ndtop.out
check "ndtop -1 reports the three counters as negative_stat has them" \
	[ "$(grep '^reclaimed \|^killed \|^scanned ' /tmp/ndtop.out)" = "$(cat $STATF)" ]
ndtop -d 0.2 -n 1 -b > /tmp/ndtop.live
check "ndtop -d 0.2 -n 1 -b exits 0" [ $? = 0 ]
check "ndtop live view shows /mnt/v with its count" grep -q "^ *$L .* /mnt/v\$" /tmp/ndtop.live
# -s change: a directory that grows during the refresh (600 names, fewer
# than /mnt/v's) comes first; by count it would come after /mnt/v.  The
# names start 2 s after ndtop's first reading and are done before its
# second, 8 s later (a second or less here).
mkdir /mnt/z
(sleep 2; ndgen -d /mnt/z -n 600 > /dev/null) &
ndtop -d 8 -n 1 -b -s change > /tmp/ndtop.change
wait
sed 's/^/# /' /tmp/ndtop.change
check "ndtop -s change puts the growing /mnt/z first" \
	awk '/^ *NEGATIVE/ { getline; ok = $NF == "/mnt/z" } END { exit !ok }' /tmp/ndtop.change

# A removed directory leaves the list (its inode, taken before: no path now).
check "/mnt/x listed before its removal" [ "$(dev_ino_count $dev $inox)" = $L ]
rm -rf /mnt/x
check "removed /mnt/x (inode $inox) no longer listed" unlisted "^[0-9]* $dev $inox\$"
umount /mnt
check "umount" [ $? = 0 ]
check "nothing of device $dev listed after umount" unlisted "^[0-9]* $dev "
set_max 0
check "limit off again" [ "$(cat $MAXF)" = 0 ]
finish
