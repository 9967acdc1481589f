# Nothing lost: 20,000 real files share a directory with a storm of failed
# lookups under a small limit, while files are renamed away and back and
# others created and unlinked.  Afterwards every file stats, opens and
# holds its contents, and readdir returns exactly the same set; the same
# again after a remount (from disk).
. /nd/ndlib.sh
plan 8
# takes: 65 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
N=20000
d=/mnt/files
mkdir $d
check "create $N files" ndcensus create $d $N
set_max 256
ndgen -d $d -t 3 -n 20000 > /tmp/gen.out &
gen=$!
ndcensus churn $d 1000 2 > /tmp/churn.out
churn_rc=$?
wait $gen
gen_rc=$?
cat /tmp/gen.out /tmp/churn.out
check "storm: every lookup of a missing name gave ENOENT" [ $gen_rc = 0 ]
check "rename/create/unlink churn during reclaim succeeded" [ $churn_rc = 0 ]
check "reclaim ran (negative_reclaimed $(reclaimed) > 0)" [ "$(reclaimed)" -gt 0 ]
check "all files intact while cached" ndcensus verify $d $N
settle
check "all files intact after reclaim settled" ndcensus verify $d $N
# Reclaim must leave positive dentries alone.  The verify above left one
# cached (unused) positive dentry per file; another storm must not take
# them: positives = nr_dentry - nr_negative (dentry-state) stays put.
positives() { set -- $(cat /proc/sys/fs/dentry-state); echo $(($1 - $5)); }
p0=$(positives)
ndgen -d $d -t 2 -n 15000 -p again > /dev/null
settle
p1=$(positives)
echo "# cached positive dentries: $p0 before the storm, $p1 after"
check "reclaim left the cached positive dentries alone ($p0 -> $p1)" [ "$p1" -ge $((p0 - 100)) ]
umount /mnt && mount_scratch
check "all files intact after remount" ndcensus verify $d $N
set_max 0
umount /mnt
finish
