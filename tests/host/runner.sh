#!/usr/bin/env bash
# The VM runner must fail, naming the cause, for a failing guest command,
# a guest kernel panic and a guest that never powers off; and pass a
# command that succeeds.  TAP output.
. "$(dirname "$0")/../../scripts/lib.sh"
K=${KERNEL:?}
n=0
t() { # DESCRIPTION EXPECTED-RC EXPECTED-MESSAGE RUNNER-ARGS...
	local d=$1 want=$2 msg=$3; shift 3
	n=$((n + 1))
	out=$(bash "$TOP/scripts/run-vm.sh" -k "$K" "$@" 2>&1); rc=$?
	if [ "$rc" = "$want" ] && { [ -z "$msg" ] || grep -q -- "$msg" <<<"$out"; }; then
		echo "ok $n - runner: $d"
	else
		echo "not ok $n - runner: $d (status $rc, wanted $want${msg:+ and \"$msg\"})"
		echo "$out" | tail -3 | sed 's/^/# /'
	fi
}
t "a guest command that succeeds passes" 0 "" -n host-ok -t 300 -- 'echo fine > /results/out'
n=$((n + 1))
if [ "$(cat "$RESULTS/host-ok/out" 2>/dev/null)" = fine ]; then echo "ok $n - runner: /results file on the host"; else echo "not ok $n - runner: /results file on the host"; fi
t "a failing guest command fails with its status" 1 "guest command failed with status 3" -n host-exit3 -t 300 -- 'exit 3'
t "a guest kernel panic is reported as such" 1 "guest kernel panic" -n host-panic -t 300 -- 'echo c > /proc/sysrq-trigger'
t "a guest that never powers off is reported as a hang" 1 "guest hang" -n host-hang -t 30 -- 'sleep 100000'
t "a kernel WARNING in the log fails the run" 1 "kernel reported a problem" -n host-warn -t 300 -- 'echo "<4>WARNING: injected by the harness self-test" > /dev/kmsg'
# QEMU's own crash (seen: SIGSEGV under multi-threaded TCG) is booted
# again once, on fresh disks; a second one fails.  ND_QEMU: a stand-in
# that dies of SIGSEGV the first time (or every time), then is qemu.
fake=$(mktemp -d); trap 'rm -rf "$fake"' EXIT
printf '#!/bin/sh\n[ -e "$0.ran" ] || { : > "$0.ran"; kill -SEGV $$; }\nexec qemu-system-x86_64 "$@"\n' > "$fake/once"
printf '#!/bin/sh\nkill -SEGV $$\n' > "$fake/always"
chmod +x "$fake/once" "$fake/always"
ND_QEMU=$fake/once t "qemu crashing once: said so, booted again" 1 "qemu itself crashed (status 139" -n host-qemu-once -t 300 -- 'exit 3'
n=$((n + 1))
if grep -q "guest command failed with status 3" <<<"$out" && [ -e "$LOGS/host-qemu-once.log.qemu-crash" ]; then
	echo "ok $n - runner: qemu crashing once: the second boot's job status kept, the first log aside"
else
	echo "not ok $n - runner: qemu crashing once: the second boot's job status kept, the first log aside"
fi
ND_QEMU=$fake/always t "qemu crashing twice fails, naming its status" 1 "qemu exited with status 139" -n host-qemu-always -t 300 -- 'true'
# The Debian root (run-vm.sh -r, made by make debian-image): the same exit
# status and /results protocol, and the root disk is a snapshot per run.
IMG=${DEBIAN_IMG:-$BUILD/debian/root.img}
if [ -f "$IMG" ]; then
	t "Debian root: a failing guest command fails with its status" 1 "guest command failed with status 3" \
		-r "$IMG" -n host-debian-exit3 -t 300 -- 'echo fine > /results/out; echo x > /nd/marker; exit 3'
	n=$((n + 1))
	if [ "$(cat "$RESULTS/host-debian-exit3/out" 2>/dev/null)" = fine ]; then echo "ok $n - runner: Debian root: /results file on the host"; else echo "not ok $n - runner: Debian root: /results file on the host"; fi
	t "Debian root: a run does not see the last run's writes to the root" 0 "" \
		-r "$IMG" -n host-debian-clean -t 300 -- 'test ! -e /nd/marker'
else
	echo "# no Debian root image at $IMG (make debian-image): its runner checks not run"
fi
