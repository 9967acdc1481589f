# Nothing lost: 20,000 real files share a directory with a storm of failed
# lookups under a small limit, while files are renamed away and back and
# others created and unlinked.  Afterwards every file stats, opens and
# holds its contents, and readdir returns exactly the same set; the same
# again after a remount (from disk).
. /nd/ndlib.sh
mount_scratch || exit 1
N=20000
d=/mnt/files
mkdir $d
check "create $N files" ndcensus create $d $N
set_max 256
ndgen -d $d -t 3 -n 40000 > /tmp/gen.out &
gen=$!
ndcensus churn $d 2000 3 > /tmp/churn.out
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
umount /mnt && mount_scratch
check "all files intact after remount" ndcensus verify $d $N
set_max 0
umount /mnt
finish
