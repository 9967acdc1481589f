# hot_run auto 1000 alone (for a tune kernel booted with nd_floor=...):
# the numbers and, where the kernel prints them, its turn and grow lines.
. /nd/ndlib.sh
mount_scratch || exit 1
hot_failed=0
hot_run auto 1000
cat $DIRSF
dmesg | grep -E 'nd(turn|grow)' > /results/dmesg.txt
echo "miss=$miss_b/$hot_b kept=$count" > /results/floor.txt
