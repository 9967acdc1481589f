#!/usr/bin/env bash
# make bench: stock vs patched 6.12, same workloads in the same invocation.
# Runs the guests; scripts/bench-report.sh then writes
# build/results/bench.md (printed, and copied to docs/results.md) and
# build/results/bench-*.svg.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-3}
SK=$OUT/stock/arch/x86/boot/bzImage PK=$OUT/patched/arch/x86/boot/bzImage
run() { bash "$TOP/scripts/run-vm.sh" -t 1800 "$@" >&2; }

# PARTS picks what runs (default all): fast storm layout debian robot.  Each
# guest run leaves its records in build/results/NAME/; the report
# (scripts/bench-report.sh, also `make bench-report`) is made from them.
PARTS=" ${PARTS:-fast storm layout debian robot} "
part() { [[ $PARTS == *" $1 "* ]]; }
# 2. Fast path, under instruction counting, alternating kernels.
if part fast; then
for r in $(seq "$ROUNDS"); do
	run -i -k "$SK" -n bench-fast-stock-$r -- 'sh /nd/bench-fastpath.sh'
	run -i -k "$PK" -n bench-fast-off-$r -- 'sh /nd/bench-fastpath.sh'
	run -i -k "$PK" -n bench-fast-on-$r -- 'LIMIT=1000000 sh /nd/bench-fastpath.sh'
	run -i -k "$PK" -n bench-fast-1024-$r -- 'LIMIT=1024 sh /nd/bench-fastpath.sh'
	run -i -k "$PK" -n bench-fast-auto-$r -- 'LIMIT=auto sh /nd/bench-fastpath.sh'
done
fi
# 1, 3-6. Storms, stock then patched (limit 10000, off, 1000 and auto for
# memory and teardown).
if part storm; then
run -k "$SK" -n bench-storm-stock -- 'sh /nd/bench-storm.sh'
run -k "$PK" -n bench-storm-patched -- 'LIMIT=10000 sh /nd/bench-storm.sh'
run -k "$PK" -n bench-storm-off -- 'LIMIT=0 NOBOUND=1 sh /nd/bench-storm.sh'
run -k "$PK" -n bench-storm-1000 -- 'LIMIT=1000 NOBOUND=1 sh /nd/bench-storm.sh'
run -k "$PK" -n bench-storm-auto -- 'LIMIT=auto NOBOUND=1 sh /nd/bench-storm.sh'
fi
# 8. Real programs in the Debian guest (tests/debian/bench-work.sh) under
# instruction counting, the five settings alternating in each round; the
# field reports (bench-field.sh) once per kernel, without -icount.
# One vCPU under -icount: with two, the Debian guest stalled in virtio-blk
# notification (RCU stall reports, no progress) on this QEMU (7.2).
IMG=${DEBIAN_IMG:-$BUILD/debian/root.img}
if part debian; then
	for r in $(seq "$ROUNDS"); do
		run -i -c 1 -r "$IMG" -k "$SK" -n bench-work-stock-$r -- 'bash /nd/bench-work.sh'
		run -i -c 1 -r "$IMG" -k "$PK" -n bench-work-off-$r -- 'bash /nd/bench-work.sh'
		run -i -c 1 -r "$IMG" -k "$PK" -n bench-work-1000-$r -- 'LIMIT=1000 bash /nd/bench-work.sh'
		run -i -c 1 -r "$IMG" -k "$PK" -n bench-work-10000-$r -- 'LIMIT=10000 bash /nd/bench-work.sh'
		run -i -c 1 -r "$IMG" -k "$PK" -n bench-work-auto-$r -- 'LIMIT=auto bash /nd/bench-work.sh'
	done
	run -r "$IMG" -k "$SK" -n bench-field-stock -- 'bash /nd/bench-field.sh'
	run -r "$IMG" -k "$PK" -n bench-field-1000 -- 'LIMIT=1000 bash /nd/bench-field.sh'
	run -r "$IMG" -k "$PK" -n bench-field-off -- 'bash /nd/bench-field.sh'
	run -r "$IMG" -k "$PK" -n bench-field-10000 -- 'LIMIT=10000 bash /nd/bench-field.sh'
	run -r "$IMG" -k "$PK" -n bench-field-auto -- 'LIMIT=auto bash /nd/bench-field.sh'
fi
# 9. The upstream robot's workloads (tests/debian/bench-robot.sh: filebench,
# stress-ng, two processes stat()ing one directory), the same way.
if part robot; then
	for r in $(seq "$ROUNDS"); do
		for s in stock off 1000 10000 auto; do
			k=$PK l=$s
			case $s in stock) k=$SK l="" ;; off) l="" ;; esac
			run -i -c 1 -r "$IMG" -k "$k" -n bench-robot-$s-$r -- "LIMIT=$l bash /nd/bench-robot.sh"
		done
	done
fi
# 7. Layout.
if part layout; then
bash "$TOP/scripts/layout.sh" "$STOCK_SRC" stock dentry > "$RESULTS/layout-stock.txt"
bash "$TOP/scripts/layout.sh" "$TREE" patched dentry > "$RESULTS/layout-patched.txt"
bash "$TOP/scripts/layout.sh" "$STOCK_SRC" stock inode > "$RESULTS/layout-stock-inode.txt"
bash "$TOP/scripts/layout.sh" "$TREE" patched inode > "$RESULTS/layout-patched-inode.txt"
fi

ROUNDS=$ROUNDS PARTS="$(echo $PARTS)" exec bash "$TOP/scripts/bench-report.sh"
