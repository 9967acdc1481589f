#!/usr/bin/env bash
# run-vm.sh [options] -- GUEST-COMMAND
# Boot KERNEL under QEMU with the project initramfs and a fresh ext4 image
# on /dev/vda, run GUEST-COMMAND (a shell command line) as the job, and
# return its exit status.  Results the guest leaves in /results land in
# $RESULTS/NAME/; the console log is $LOGS/NAME.log.
#
# The run fails, with a message naming the cause, on: a kernel panic, no
# power-off within the wall-clock timeout (hang), a kernel log line with
# BUG:, WARNING:, a lockdep report, KASAN, a soft lockup or a hung task,
# a missing exit status, or a non-zero status from the guest command.
#
# Options:
#   -k KERNEL    bzImage (default: the debug kernel)
#   -n NAME      run name for the log and results (default: run)
#   -t SECONDS   wall-clock timeout (default 600)
#   -c CPUS      guest vCPUs (default 2)
#   -m MEM       guest memory (default 2G)
#   -s SIZE      scratch ext4 image size (default 4G, sparse)
#   -i           instruction counting: -icount shift=0,sleep=off
#   -T           single-threaded TCG (thread=single: the vCPUs take turns)
#   -a ARGS      extra kernel command line
#   -r IMAGE     boot the Debian root disk IMAGE (scripts/debian-image.sh)
#                instead of the initramfs: /dev/vda and /dev/vdb as above,
#                the root on /dev/vdc, written to a qemu snapshot (the
#                image itself is never changed), init=/nd/debian-init.sh;
#                the job goes to the guest as a tar on /dev/vdb.
# ND_ACCEL=kvm tries KVM first (probed with a short boot; falls back to
# TCG if it fails or hangs).  The default is TCG.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kernel=$OUT/debug/arch/x86/boot/bzImage name=run timeout=600 cpus=2 mem=2G
size=4G icount=0 append="" rootimg="" single=0
while getopts "k:n:t:c:m:s:ia:r:T" o; do
	case $o in
	k) kernel=$OPTARG ;; n) name=$OPTARG ;; t) timeout=$OPTARG ;;
	c) cpus=$OPTARG ;; m) mem=$OPTARG ;; s) size=$OPTARG ;;
	i) icount=1 ;; a) append=$OPTARG ;; r) rootimg=$OPTARG ;; T) single=1 ;;
	*) die "bad option (see the header of $0)" ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || die "no guest command given"
cmd="$*"
[ -f "$kernel" ] || die "kernel $kernel not found"
initrd=$BUILD/initramfs.cpio.gz
if [ -n "$rootimg" ]; then
	[ -f "$rootimg" ] || die "root image $rootimg not found (make debian-image)"
else
	[ -f "$initrd" ] || die "initramfs $initrd not found (make initramfs)"
fi

mkdir -p "$LOGS" "$RESULTS"
run=$BUILD/runs/$name
rm -rf "$run"; mkdir -p "$run/job"
log=$LOGS/$name.log
rm -f "$log.qemu-crash"	# a crash below is this run's only
printf '%s\n' "$cmd" > "$run/job/job.sh"
# The guest's disks, fresh for each boot (and for a boot again, below)
disks() {
	rm -f "$run/results.img" "$run/scratch.img"
	# The Debian guest's init reads the job from the results disk.
	[ -z "$rootimg" ] || tar -cf "$run/results.img" -C "$run/job" --owner=0 --group=0 job.sh
	truncate -s "$size" "$run/scratch.img"
	mkfs.ext4 -q -F "$run/scratch.img"
	truncate -s 64M "$run/results.img"
}
if [ -z "$rootimg" ]; then
	(cd "$run/job" && echo job.sh | cpio -o -H newc --quiet -R 0:0) > "$run/job.cpio"
	# The kernel unpacks concatenated archives, but one that follows a
	# compressed archive must start 4-byte aligned: pad with zeros.
	cp "$initrd" "$run/initrd"
	truncate -s %512 "$run/initrd"
	cat "$run/job.cpio" >> "$run/initrd"
fi

accel="tcg,thread=multi"
[ "$icount" = 1 ] && accel=tcg
[ "$single" = 1 ] && accel="tcg,thread=single"
if [ "${ND_ACCEL:-tcg}" = kvm ] && [ "$icount" = 0 ] && [ -f "$initrd" ]; then
	# Probe with a job that does nothing: KVM must boot it and power off.
	mkdir -p "$run/probe" && echo true > "$run/probe/job.sh"
	cp "$initrd" "$run/probe.initrd" && truncate -s %512 "$run/probe.initrd"
	(cd "$run/probe" && echo job.sh | cpio -o -H newc --quiet -R 0:0) >> "$run/probe.initrd"
	if [ -w /dev/kvm ] && timeout -k 5 30 qemu-system-x86_64 -accel kvm \
		-m 256M -kernel "$kernel" -initrd "$run/probe.initrd" -display none \
		-serial file:"$run/kvm-probe.log" -monitor none -no-reboot \
		-append "console=ttyS0 panic=-1" >/dev/null 2>&1 &&
		grep -q '@@ND-EXIT' "$run/kvm-probe.log"; then
		accel=kvm
	else
		note "KVM probe failed or hung; using TCG"
	fi
fi
# watchdog_thresh=60: under TCG a busy host can stall a debug kernel's early
# boot (ACPI AML under KASAN) past the default 20 s; real lockups still
# report after 120 s, and the wall-clock timeout catches anything longer.
kargs="console=ttyS0 panic=-1 loglevel=5 slab_nomerge watchdog_thresh=60"
qemu=("${ND_QEMU:-qemu-system-x86_64}" -accel "$accel" -m "$mem" -smp "$cpus" -kernel "$kernel"
	-drive file="$run/scratch.img",if=virtio,format=raw
	-drive file="$run/results.img",if=virtio,format=raw
	-display none -serial file:"$log" -monitor none -no-reboot)
if [ -n "$rootimg" ]; then
	# snapshot=on: the guest's writes go to a temporary overlay that qemu
	# drops at exit, so every run starts from the same root.
	qemu+=(-drive file="$rootimg",if=virtio,format=raw,snapshot=on
		-append "$kargs root=/dev/vdc rootfstype=ext4 rw rootwait init=/nd/debian-init.sh $append")
else
	qemu+=(-initrd "$run/initrd" -append "$kargs $append")
fi
[ "$icount" = 1 ] && qemu+=(-icount shift=0,sleep=off)

note "booting $name ($accel, $cpus vCPUs, ${rootimg:+Debian root $(basename "$rootimg"), }timeout ${timeout}s): $cmd"
start=$(date +%s)
# Echo each suite and test result as the guest prints it, with the time
# since boot (the verdicts come after the boot, from the whole log).
: > "$log"
tail -n +1 -F "$log" 2>/dev/null > >(while IFS= read -r l; do
	l=${l%$'\r'}
	case $l in "@@SUITE "* | "ok "* | "not ok "*)
		printf '   %-13s %4ds  %s\n' "$name" $(( $(date +%s) - start )) "${l#@@SUITE }" ;;
	esac
done) &
tailpid=$!
# QEMU 7.2 itself was seen to die of SIGSEGV under multi-threaded TCG, in
# the guest's first second (once in a make check): the emulator's fault,
# not the guest's, which cannot kill its host process.  Such a boot is
# made again, once, on fresh disks, and said so; a second crash fails.
set +e
for try in 1 2; do
	disks
	timeout -k 10 "$timeout" "${qemu[@]}" > "$run/qemu.out" 2>&1
	qrc=$?
	case $qrc in 132|134|135|136|139) ;; *) break ;; esac
	[ $try = 2 ] && break
	cp "$log" "$log.qemu-crash"
	note "$name: qemu itself crashed (status $qrc: $(tail -1 "$run/qemu.out")); its log is $log.qemu-crash; booting again"
	: > "$log"
done
set -e
sleep 1; kill "$tailpid" 2>/dev/null || true
secs=$(( $(date +%s) - start ))

fail() { echo "FAIL[$name]: $*  (console log: $log)" >&2; exit 1; }
# Kernel messages carry a [ seconds] stamp; the job's own output does not.
klog_bad=$(grep -aE '^\[ *[0-9]+\.[0-9]+\] .*(BUG:|WARNING:|Oops|general protection|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|lockdep|KASAN|soft lockup|hung task|blocked for more than|list_add corruption|list_del corruption|Kernel panic)' "$log" | head -3 || true)
rcline=$(grep -a '^@@ND-EXIT rc=' "$log" | tail -1 | tr -d '\r' || true)
if grep -aq 'Kernel panic' "$log"; then
	fail "guest kernel panic: $(grep -a 'Kernel panic' "$log" | head -1)"
elif [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
	fail "guest hang: no power-off within ${timeout}s (last line: $(tail -c 300 "$log" | tail -1))"
elif [ "$qrc" != 0 ]; then
	fail "qemu exited with status $qrc: $(tail -3 "$run/qemu.out")"
elif [ -n "$klog_bad" ]; then
	fail "kernel reported a problem: $klog_bad"
elif [ -z "$rcline" ]; then
	fail "guest powered off without reporting an exit status"
fi
rm -rf "${RESULTS:?}/$name"; mkdir -p "$RESULTS/$name"
tar -xf "$run/results.img" -C "$RESULTS/$name" 2>/dev/null || true
rm -f "$run/scratch.img" "$run/results.img"
rc=${rcline#@@ND-EXIT rc=}
note "$name: guest exit status $rc after ${secs}s"
[ "$rc" = 0 ] || fail "guest command failed with status $rc"
exit 0
