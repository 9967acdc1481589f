# Every way a dentry becomes a kept negative is bounded, not only failed
# lookups: unlink and rmdir turn the dentry negative in place (the
# container case: deleted files leave their dentries behind), and lookups
# of names renamed away leave negatives too.  With fs.dentry-dir-max=1000
# each kind of storm in one ext4 directory must stay within 1.25 x the
# limit (peak) and the limit (settled), and reclaim must have freed the
# rest.  Series v1 failed the unlink and rmdir cases: it admitted only
# dentries new to the LRU, and d_delete() makes an LRU dentry negative in
# place (+20,000 negatives, reclaimed +0).
. /nd/ndlib.sh
plan 12
# takes: 118 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
L=1000

made() { # KIND NAMES DIR
	mkdir -p $3 && set_max $L
	base=$(nr_negative) r0=$(reclaimed) k0=$(killed)
	out=$(ndmon -i 20 -a 1000 -- ndgen -d $3 -c $1 -n $2)
	check "$1: $2 names made and removed" [ "$(kv "$out" status)" = 0 ]
	settle
	peak=$(($(kv "$out" peak_negative) - base))
	final=$(($(nr_negative) - base))
	freed=$(($(reclaimed) - r0 + $(killed) - k0))
	echo "# $1: names=$2 peak=$peak settled=$final freed=$freed"
	check "$1-made negatives: peak $peak <= 1.25 x $L" [ "$peak" -le $((L * 5 / 4)) ]
	check "$1-made negatives: settled $final <= $L" [ "$final" -le $L ]
	check "$1-made negatives: reclaim freed $freed >= $(($2 - L * 5 / 4))" \
		[ "$freed" -ge $(($2 - L * 5 / 4)) ]
}

made unlink 20000 /mnt/unlink
made rmdir 5000 /mnt/rmdir

# Names renamed away: 5000 files move from /mnt/ra to /mnt/rb, then the
# old names are looked up (failed lookups in ra); then renames that
# replace an existing entry in rb, whose replaced dentries must not be
# kept either.
mkdir /mnt/ra /mnt/rb
i=0; while [ $i -lt 5000 ]; do : > /mnt/ra/f$i; i=$((i + 1)); done
set_max $L
base=$(nr_negative)
i=0; while [ $i -lt 5000 ]; do mv /mnt/ra/f$i /mnt/rb/f$i; i=$((i + 1)); done
i=0; while [ $i -lt 5000 ]; do [ -e /mnt/ra/f$i ] && break; i=$((i + 1)); done
check "rename: every old name is gone" [ $i = 5000 ]
i=0; while [ $i -lt 2000 ]; do : > /mnt/rb/g$i; mv /mnt/rb/g$i /mnt/rb/f$i; i=$((i + 1)); done
settle
final=$(($(nr_negative) - base))
echo "# rename: settled=$final"
check "rename: settled $final <= 2 x $L (one limited directory each)" [ "$final" -le $((2 * L)) ]
check "rename: all 5000 renamed files are there" [ "$(ls /mnt/rb | wc -l)" = 5000 ]
set_max 0
rm -rf /mnt/unlink /mnt/rmdir /mnt/ra /mnt/rb
umount /mnt
check "umount after the unlink storms" [ $? = 0 ]
finish
