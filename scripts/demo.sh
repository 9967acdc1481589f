#!/usr/bin/env bash
# make demo: the same negative dentry storm on the stock kernel and on the
# patched kernel with fs.dentry-dir-max set, side by side, plus a plot.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
LIMIT=${LIMIT:-1000}
bash "$TOP/scripts/run-vm.sh" -k "$OUT/stock/arch/x86/boot/bzImage" -n demo-stock -t 900 -- 'sh /nd/demo.sh'
bash "$TOP/scripts/run-vm.sh" -k "$OUT/patched/arch/x86/boot/bzImage" -n demo-patched -t 900 -- "LIMIT=$LIMIT sh /nd/demo.sh"
S=$RESULTS/demo-stock P=$RESULTS/demo-patched
val() { sed -n "s/^$2 //p" "$1/summary.txt"; }

echo
echo "Negative dentries on the ext4 filesystem after each step (/storm: 4 threads, /logs: 1; 2 vCPUs)"
printf '%12s %14s %26s\n' lookups "stock 6.12" "patched, dentry-dir-max=$LIMIT"
paste <(grep -v '^#' "$S/curve.txt") <(grep -v '^#' "$P/curve.txt") |
	awk '{ printf "%12d %14d %26d\n", $1, $2, $5 }'
echo
printf '%-28s %14s %14s\n' "after the storm" "stock" "patched"
printf '%-28s %14s %14s\n' "negative dentries (settled)" "$(val "$S" negatives)" "$(val "$P" negatives)"
printf '%-28s %14s %14s\n' "dentry slab objects" "$(val "$S" dentry_objs)" "$(val "$P" dentry_objs)"
printf '%-28s %14s %14s\n' "dentry slab (KiB)" "$(val "$S" dentry_kb)" "$(val "$P" dentry_kb)"
printf '%-28s %14s %14s\n' "all slab (KiB)" "$(val "$S" slab_kb)" "$(val "$P" slab_kb)"
printf '%-28s %14s %14s\n' "umount time (ms, TCG wall)" "$(val "$S" umount_ms)" "$(val "$P" umount_ms)"

echo
echo "What an administrator sees half-way through the storm (ndtop -b -n 1 -d 1 -r 5):"
echo "--- stock 6.12"; sed 's/^/    /' "$S/ndtop-mid.txt"
echo "--- patched, dentry-dir-max=$LIMIT"; sed 's/^/    /' "$P/ndtop-mid.txt"

svg=$RESULTS/demo-negatives.svg
gnuplot <<EOG
set terminal svg size 800,500 dynamic background rgb 'white'
set output '$svg'
set termoption noenhanced
set title 'Negative dentries on an ext4 filesystem (two directories) during a storm of failed lookups'
set xlabel 'failed lookups of distinct names'
set ylabel 'negative dentries (log scale)'
set key top left
set grid
set format x '%.0s%c'
set logscale y
set format y '%.0s%c'
plot '$S/curve.txt' using 1:2 with linespoints title 'stock 6.12', \
     '$P/curve.txt' using 1:2 with linespoints title 'patched, fs.dentry-dir-max=$LIMIT'
EOG
echo
echo "plot: $svg"

# Per directory, as the patched kernel lists them in negative_dirs; stock
# has no such list (its only number is the system-wide total).
dsvg=$RESULTS/demo-dirs.svg
gnuplot <<EOG
set terminal svg size 800,500 dynamic background rgb 'white'
set output '$dsvg'
set termoption noenhanced
set title 'Negative dentries per directory (patched, debugfs dcache/negative_dirs)'
set xlabel 'failed lookups of distinct names in /storm'
set ylabel 'negative dentries counted in the directory'
set key bottom right
set grid
set format x '%.0s%c'
set yrange [0:$((LIMIT * 5 / 4))]
set datafile missing '?'
plot '$P/dirs.txt' using 1:2 with linespoints title '/storm (4 threads)', \
     '$P/dirs.txt' using 1:3 with linespoints title '/logs (1 thread, 1/5 of the names)', \
     $LIMIT with lines dashtype 2 title 'fs.dentry-dir-max'
EOG
echo "plot: $dsvg"
echo
echo "In short: stock kept $(val "$S" negatives) negative dentries ($(val "$S" dentry_kb) KiB of dentry slab, umount $(val "$S" umount_ms) ms);"
echo "patched with fs.dentry-dir-max=$LIMIT kept $(val "$P" negatives) ($(val "$P" dentry_kb) KiB, umount $(val "$P" umount_ms) ms)."
