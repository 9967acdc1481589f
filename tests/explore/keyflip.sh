# Is "Oops: int3" under multi-threaded TCG ours or the emulator's?  Flip a
# static key every 20 ms for SECS seconds while 2 vCPUs churn an ext4
# directory (ndtorture: create, unlink, rename, failed lookups), then
# report the flips.  KEY=trace flips a stock kernel's key: the tracepoint
# kmem:kmem_cache_alloc (slab allocation, hot in the churn) enabled and
# disabled; KEY=sysctl flips fs.dentry-dir-max 0 / 256 / auto (patched
# kernel).  An exploration: run-vm.sh fails the run on an oops.
#   bash scripts/run-vm.sh -k KERNEL -n keyflip-X -- 'KEY=trace sh /nd/keyflip.sh'
. /nd/ndlib.sh
mount_scratch || exit 1
KEY=${KEY:-trace} SECS=${SECS:-60}
EV=/sys/kernel/tracing/events/kmem/kmem_cache_alloc/enable
if [ "$KEY" = trace ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	[ -w $EV ] || { echo "no $EV"; exit 1; }
fi
mkdir /mnt/t
ndtorture -d /mnt/t -t 2 -s "$SECS" -f 300 > /tmp/torture.out &
tort=$!
flips=0
while kill -0 $tort 2>/dev/null; do
	case $KEY in
	trace) echo 1 > $EV; sleep 0.02; echo 0 > $EV; sleep 0.02 ;;
	sysctl) for v in 0 256 auto; do echo $v > $MAXF; sleep 0.02; done ;;
	esac
	flips=$((flips + 1))
done
wait $tort; rc=$?
echo "# keyflip KEY=$KEY: $flips rounds of flips in $SECS s; ndtorture: $(cat /tmp/torture.out)"
echo "keyflip $KEY flips=$flips torture_rc=$rc" > /results/keyflip.txt
exit $rc
