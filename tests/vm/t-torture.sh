# Torture: threads mixing create, unlink, rename, mkdir/rmdir and failed
# lookups for a bounded time while the limit is flipped on and off (and
# to auto), then a census of every file against the threads' own model.  The host fails
# the run on any BUG, WARNING, lockdep, KASAN, soft lockup or hung task.
. /nd/ndlib.sh
plan 3
# takes: 64 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
SECS=${TORTURE_SECONDS:-60}
mkdir /mnt/t /mnt/storm
ndgen -d /mnt/storm -t 2 -n 1000000 > /tmp/storm.out &
storm=$!
( while [ ! -e /tmp/stop ]; do
	for v in 256 0 1000 auto 300 0 100000; do set_max $v; sleep 0.2; done
  done ) &
flipper=$!
out=$(ndtorture -d /mnt/t -t 4 -s $SECS -f 300)
rc=$?
touch /tmp/stop
wait $flipper
kill $storm 2>/dev/null
wait $storm
echo "# $out"
check "torture: no errors, no lost or unexpected files" [ $rc = 0 ]
check "torture did work ($(kv "$out" ops) ops)" [ "$(kv "$out" ops)" -gt 1000 ]
set_max 0
umount /mnt
check "umount after torture" [ $? = 0 ]
finish
