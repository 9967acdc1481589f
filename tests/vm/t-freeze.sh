# Reclaim must not tie one filesystem's trouble to another's.  Series v1
# queued directories with a reference held, behind one global mutex: a
# directory removed while queued was released (its final dput, so the
# eviction of its inode) by the worker under that mutex; on a frozen ext4
# the eviction waits for the thaw, and the umount of any other filesystem
# then waited for the same mutex.  Here: busy directories keep reclaim
# going, a directory queued behind them is removed, its filesystem is
# frozen, and the umount of an unrelated tmpfs must finish within 10 s.
# And the limit holds elsewhere meanwhile (v1 had one worker for all
# directories, stuck behind the frozen eviction): a storm in a directory
# of the frozen filesystem is held to the limit.
. /nd/ndlib.sh
plan 6
# takes: 31 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
mkdir -p /mnt2 && mount -t tmpfs none /mnt2 || exit 1
set_max 256
# Busy: eight directories with 30,000 negatives each to trim.  They are
# made under a high limit, which is then lowered: one more negative in each
# queues it with the whole trim ahead.
set_max 1000000
i=0; while [ $i -lt 8 ]; do mkdir /mnt/busy$i; ndgen -d /mnt/busy$i -n 30000 >/dev/null; i=$((i + 1)); done
mkdir /mnt/small
ndgen -d /mnt/small -n 2000 >/dev/null
set_max 256
i=0; while [ $i -lt 8 ]; do ndgen -d /mnt/busy$i -p more -n 2 >/dev/null; i=$((i + 1)); done
# The victim: queued behind them, then removed and its filesystem frozen.
mkdir /mnt/victim
ndgen -d /mnt/victim -n 600 >/dev/null
rmdir /mnt/victim
check "the queued directory could be removed" [ ! -e /mnt/victim ]
fsfreeze --freeze /mnt
check "froze the scratch filesystem" [ $? = 0 ]
sleep 3
umount /mnt2 &
pid=$!
t=0
while [ $t -lt 20 ] && kill -0 $pid 2>/dev/null; do sleep 0.5; t=$((t + 1)); done
if kill -0 $pid 2>/dev/null; then
	not_ok "umount of an unrelated tmpfs while ext4 is frozen: still blocked after 10 s"
else
	wait $pid
	check "umount of an unrelated tmpfs while ext4 is frozen finished in $((t / 2)) s" [ $? = 0 ]
fi
# Freeing goes on meanwhile: lookups and freeing negative dentries need no
# write, so a storm of 5,000 names in another directory of the frozen
# filesystem is held to the limit, and each name made room or was not kept.
r0=$(reclaimed) k0=$(killed)
ndgen -d /mnt/small -p more -n 5000 >/dev/null
c=$(dir_count /mnt/small)
f=$(($(reclaimed) - r0 + $(killed) - k0))
echo "# storm while frozen: count $c, $f reclaimed or killed"
check "a storm while the filesystem is frozen is held to the limit (count $c <= 256, $f >= 5000 freed)" [ "${c:-99999}" -le 256 -a "$f" -ge 5000 ]
fsfreeze --unfreeze /mnt
check "thawed" [ $? = 0 ]
wait
settle
set_max 0
rm -rf /mnt/busy* /mnt/small
umount /mnt
check "umount of the thawed filesystem" [ $? = 0 ]
finish
