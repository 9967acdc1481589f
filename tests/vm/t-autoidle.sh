# fs.dentry-dir-max=auto: idle directories do not keep the places that
# growing ones need (one per hashed lock, 64).  160 directories grow (800
# hot names amid 8,000 one-off names each) and go idle, taking most
# places; then a directory with 2,000 hot names amid a storm (2 x 100,000
# one-off names, 4 per hot lookup) still grows and hits >= 99% in phase
# B: at the floor (1024) it hits almost never.  Without the hand-over of
# idle places the last directory's lock is taken with probability about
# 1 - e^(-160/64) = 92%.
. /nd/ndlib.sh
mount_scratch || exit 1
FLOOR=1024
echo auto > $MAXF
idle=0 hot_failed=0
for i in $(seq 160); do
	mkdir /mnt/idle$i
	ndgen -d /mnt/idle$i -n 8000 -H 800 -P 3200 > /dev/null || hot_failed=1
	[ "$(dir_count /mnt/idle$i)" -gt $FLOOR ] && idle=$((idle + 1))
done
echo "# $idle of 160 idle directories grew beyond the floor"
check "idle directories: most grew beyond the floor ($idle of 160)" [ "$idle" -ge 80 ]
hot_run auto 2000 100000
check "after them, H=2000: >= 99% of phase B's hot lookups hit ($miss_b misses in $hot_b)" hits_99 $miss_b $hot_b
check "after them, H=2000: the directory grew ($count)" [ "$count" -gt $FLOOR ]
check "every lookup gave ENOENT" [ $hot_failed = 0 ]
echo 0 > $MAXF
rm -rf /mnt/idle* /mnt/h-*
umount /mnt
check "umount" [ $? = 0 ]
finish
