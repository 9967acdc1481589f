# Reclaim costs the excess, not the directory: 50,000 distinct failed
# stat()s at limit 1000 in an ext4 directory that also holds 100,000
# cached positive dentries.  The clock looks only at the directory's
# counted negative dentries, so it scans at most 2 per negative freed
# (a walk of the children, as in v2, scanned 104).
. /nd/ndlib.sh
plan 4
# takes: 84 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
d=/mnt/big
mkdir $d
ndgen -d $d -n 100000 -p file -c statcreate > /dev/null
check "100,000 files made" [ "$(ls $d | wc -l)" = 100000 ]
set_max 1000
s0=$(stat_of scanned) r0=$(reclaimed) k0=$(killed)
out=$(ndgen -d $d -n 50000 -p miss)
settle
s=$(($(stat_of scanned) - s0)) r=$(($(reclaimed) - r0)) k=$(($(killed) - k0))
echo "# 100,000 cached files, 50,000 misses at limit 1000: scanned $s, reclaimed $r, killed $k"
check "every miss gave ENOENT" [ "$(kv "$out" unexpected)" = 0 ]
check "the excess was freed ($r reclaimed + $k killed >= 49000)" [ $((r + k)) -ge 49000 ]
check "at most 2 scanned per negative freed ($s for $r)" [ "$r" -gt 0 -a "$s" -le $((2 * r)) ]
set_max 0
umount /mnt
finish
