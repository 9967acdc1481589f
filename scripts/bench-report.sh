#!/usr/bin/env bash
# bench-report.sh: the report of `make bench` from the records its guest
# runs left in build/results/ (ROUNDS and PARTS as they ran): medians and
# spreads, build/results/bench.md (printed, copied to docs/results.md) and
# the plots build/results/bench-*.svg.  Runs nothing; `make bench-report`
# remakes the report after the runs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-3}
PARTS=" ${PARTS:-fast storm layout debian robot} "
part() { [[ $PARTS == *" $1 "* ]]; }
md=$RESULTS/bench.md

# median and spread (max-min) of "MODE VALUE" lines over the rounds
stat_of() { # KIND MODE
	for r in $(seq "$ROUNDS"); do
		sed -n "s/^$2 //p" "$RESULTS/bench-fast-$1-$r/fastpath.txt"
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.0f %.0f", v[int((NR + 1) / 2)], v[NR] - v[1] }'
}
# median of one Debian workload over the rounds (KIND work or robot)
work_of() { # SETTING NAME [KIND]
	local k=${3:-work}
	for r in $(seq "$ROUNDS"); do
		sed -n "s/^$2 //p" "$RESULTS/bench-$k-$1-$r/$k.txt" 2>/dev/null || true
	done | sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.0f", v[int((NR + 1) / 2)] }'
}
# VALUE / STOCK to 4 places, "-" (and "?" in a .dat file) for no value
ratio() { if [ -n "$1" ]; then printf '%.4f' "$(echo "$1 / $2" | bc -l)"; else echo "${3:--}"; fi; }
# one row of a Debian table: stock's median and spread, each setting's
# ratio to stock; the ratios also go to $RESULTS/bench-KIND-ratios.dat
ratio_row() { # KIND NAME LABEL
	local k=$1 w=$2 s o a b c sp
	s=$(work_of stock "$w" "$k"); o=$(work_of off "$w" "$k"); a=$(work_of 1000 "$w" "$k")
	b=$(work_of 10000 "$w" "$k"); c=$(work_of auto "$w" "$k")
	[ -n "$s" ] && [ "$s" != 0 ] || { echo "| $3 | (no result) | | | | | |"; return; }
	sp=$(for r in $(seq "$ROUNDS"); do sed -n "s/^$w //p" "$RESULTS/bench-$k-stock-$r/$k.txt" 2>/dev/null || true; done |
		sort -n | awk -v m="$s" '{ v[NR] = $1 } END { printf "%.2f%%", 100 * (v[NR] - v[1]) / m }')
	echo "| $3 | $s | $sp | $(ratio "$o" "$s") | $(ratio "$a" "$s") | $(ratio "$b" "$s") | $(ratio "$c" "$s") |"
	echo "$w $(ratio "$o" "$s" ?) $(ratio "$a" "$s" ?) $(ratio "$b" "$s" ?) $(ratio "$c" "$s" ?)" >> "$RESULTS/bench-$k-ratios.dat"
}
size_of() { sed -n 's/.*size: \([0-9]*\),.*/\1/p' "$RESULTS/layout-$1.txt"; }
holes_of() { grep -c 'XXX.*hole' "$RESULTS/layout-$1.txt" || true; }
iname_of() { sed -n 's/.*d_iname\[\([0-9]*\)\].*/\1/p' "$RESULTS/layout-$1.txt" | head -1; }
S=$RESULTS/bench-storm-stock P=$RESULTS/bench-storm-patched
O=$RESULTS/bench-storm-off T=$RESULTS/bench-storm-1000 A=$RESULTS/bench-storm-auto
{
echo "# Benchmarks: stock vs patched Linux $(cd "$STOCK_SRC" && make -s kernelversion)"
echo
echo "Machine: $(nproc) host CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ {print $2}') GiB;"
echo "guest: 2 vCPUs, 2 GiB, QEMU $(qemu-system-x86_64 --version | head -1 | awk '{print $4}') TCG; ext4 on virtio-blk."
echo "Command: \`ROUNDS=$ROUNDS PARTS='$(echo $PARTS)' make bench\`, $(date -u '+%Y-%m-%d %H:%M UTC'), harness commit $(git -C "$TOP" rev-parse --short HEAD), series $(git -C "$TREE" rev-parse --short HEAD) ($(bash "$TOP/scripts/kernel-lines.sh" | head -1))."
echo
if part fast; then
echo "## Fast path (instructions per stat(), -icount shift=0,sleep=off, median of $ROUNDS, spread = max-min)"
echo
echo "Each figure is instructions per stat() (spread: max-min of the rounds), then"
echo "its ratio to stock.  \"miss, 20,000 in one directory\" goes over a limit of"
echo "1024: it then includes the work of making room (stock frees nothing);"
echo "\"miss, beside 100,000 files\" is the same in a directory that also holds"
echo "100,000 cached files; \"miss, below the limit\" is 800 new names in each"
echo "of 10 directories, the cost of counting alone; auto keeps 1024 in each"
echo "directory (its floor) until names come back."
echo
echo "| lookup | stock | limit off | limit 1e6 (never reached) | limit 1024 | auto |"
echo "|---|---|---|---|---|---|"
for m in neg miss-small miss miss-big pos; do
	read -r s ss <<<"$(stat_of stock $m)"
	label=$m
	case $m in
	neg) label="cached negative" ;; miss-small) label="miss, below the limit" ;;
	miss) label="miss, 20,000 in one directory" ;; pos) label="positive" ;;
	miss-big) label="miss, beside 100,000 files" ;;
	esac
	row="| $label | $s (±$ss)"
	for k in off on 1024 auto; do
		read -r v vs <<<"$(stat_of $k $m)"
		row="$row | $v (±$vs) $(printf '%.4f' "$(echo "$v / $s" | bc -l)")"
	done
	echo "$row |"
done
fi
if part storm; then
echo
echo "## Bound and reclaim capacity (patched; 200,000 distinct failed lookups in one directory)"
echo
echo "Rate is failed lookups per second of TCG wall time; killed is how many"
echo "new negatives were not kept because the hand found none it could free."
echo "For auto, peak/limit is against its floor, 1024."
echo
echo "| limit | threads | peak | peak/limit | settled | storm ms | lookups/s | reclaimed | killed | killed % |"
echo "|---|---|---|---|---|---|---|---|---|---|"
while read -r L t n peak final ms rec kil; do
	printf '| %s | %s | %s | %.3f | %s | %s | %.0f | %s | %s | %.1f |\n' "$L" "$t" "$peak" \
		"$(echo "$peak / ${L/auto/1024}" | bc -l)" "$final" "$ms" "$(echo "$n * 1000 / $ms" | bc -l)" \
		"$rec" "$kil" "$(echo "100 * $kil / $n" | bc -l)"
done < <(cat "$P/bound.txt" 2>/dev/null)
echo
echo "### The same for negatives made by unlink (100,000 files created and removed in one directory)"
echo
echo "| limit | threads | peak | peak/limit | settled | storm ms | files/s | reclaimed | killed | killed % |"
echo "|---|---|---|---|---|---|---|---|---|---|"
while read -r L t n peak final ms rec kil; do
	printf '| %s | %s | %s | %.3f | %s | %s | %.0f | %s | %s | %.1f |\n' "$L" "$t" "$peak" \
		"$(echo "$peak / ${L/auto/1024}" | bc -l)" "$final" "$ms" "$(echo "$n * 1000 / $ms" | bc -l)" \
		"$rec" "$kil" "$(echo "100 * $kil / $n" | bc -l)"
done < <(cat "$P/bound-unlink.txt" 2>/dev/null)
echo
echo "Stock, same storm sizes: see the negatives column of the teardown table (every lookup is kept)."
echo
echo "## Memory after a 1,000,000-lookup storm (4 threads)"
echo
echo "| kernel | negative dentries | dentry objects | Slab KiB | MemFree KiB |"
echo "|---|---|---|---|---|"
read -r a b c d < "$S/memory.txt"; echo "| stock | $a | $b | $c | $d |"
if [ -f "$O/memory.txt" ]; then read -r a b c d < "$O/memory.txt"; echo "| patched, limit off | $a | $b | $c | $d |"; fi
if [ -f "$T/memory.txt" ]; then read -r a b c d < "$T/memory.txt"; echo "| patched, limit 1000 | $a | $b | $c | $d |"; fi
read -r a b c d < "$P/memory.txt"; echo "| patched, limit 10000 | $a | $b | $c | $d |"
if [ -f "$A/memory.txt" ]; then read -r a b c d < "$A/memory.txt"; echo "| patched, auto | $a | $b | $c | $d |"; fi
echo
echo "## Teardown and watch setup after a storm (TCG wall clock: growth, not absolute cost)"
echo
echo "First watch that wants events on children: inotify IN_MODIFY, fanotify"
echo "FAN_MODIFY | FAN_EVENT_ON_CHILD; 6.12 walks every child dentry of the"
echo "directory under the inode's i_lock to flag it (the soft lockup of the"
echo "field report).  Each on its own directory after the same storm."
echo
echo "| lookups | kernel | negatives kept | inotify IN_MODIFY µs | fanotify ON_CHILD µs | rmdir ms | umount ms |"
echo "|---|---|---|---|---|---|---|"
teardown_row() { # LABEL: one line of teardown.txt on stdin
	read -r n a b c d x
	printf '| %s | %s | %s | %.0f | %.0f | %s | %s |\n' "$n" "$1" "$a" "$(echo "$b / 1000" | bc -l)" "$(echo "$x / 1000" | bc -l)" "$c" "$d"
}
for i in 1 2 3; do
	sed -n ${i}p "$S/teardown.txt" | teardown_row stock
	[ -f "$O/teardown.txt" ] && sed -n ${i}p "$O/teardown.txt" | teardown_row "patched, limit off"
	[ -f "$T/teardown.txt" ] && sed -n ${i}p "$T/teardown.txt" | teardown_row "patched, limit 1000"
	sed -n ${i}p "$P/teardown.txt" | teardown_row "patched, limit 10000"
	[ -f "$A/teardown.txt" ] && sed -n ${i}p "$A/teardown.txt" | teardown_row "patched, auto"
done
fi
if part debian; then
if [ -f "$RESULTS/bench-work-stock-1/work.txt" ]; then
echo
echo "## Real programs (Debian bookworm guest; guest instructions, -icount shift=0,sleep=off, median of $ROUNDS; ratio to stock)"
echo
echo "The spread is stock's own (max-min over the rounds, % of its median): workloads"
echo "that wait for the disk (git, postmark, bash's fork+exec) vary that much between"
echo "identical runs even under -icount, so ratios within it are noise."
echo
echo "| workload | stock (instructions) | stock spread | limit off | limit 1000 | limit 10000 | auto |"
echo "|---|---|---|---|---|---|---|"
: > "$RESULTS/bench-work-ratios.dat"
for w in include path python git postmark; do
	label=$w
	case $w in
	include) label="gcc, 40 files, 20 -I dirs" ;; path) label="bash, 600 PATH searches (30 dirs)" ;;
	python) label="python3, 120 imports x 3, 20 extra sys.path" ;; git) label="git status + ls-files x 3, 10k files" ;;
	postmark) label="postmark, per transaction" ;;
	esac
	ratio_row work $w "$label"
done
fi
if [ -f "$RESULTS/bench-work-1000-1/counters.txt" ]; then
echo
echo "What the series did during each workload (round 1; tests/debian/bench-work.sh"
echo "reads the counters around each timed part): growth of the unused negative"
echo "dentries (dentry-state), and, from debugfs dcache/negative_stat, negative"
echo "dentries freed to make room / not kept / looked at to find room."
echo "Where a limit never acted (0 / 0 / 0), a difference from stock is not its work."
echo
echo "| workload | negatives kept: stock / off / 1000 / 10000 / auto | limit 1000: reclaimed / killed / scanned | limit 10000 | auto |"
echo "|---|---|---|---|---|"
cnt() { sed -n "s/^$2 //p" "$RESULTS/bench-work-$1-1/counters.txt"; }
for w in include path python git postmark; do
	k=""
	for st in stock off 1000 10000 auto; do
		set -- $(cnt $st $w)
		k="$k${k:+ / }${1:--}"
	done
	row="| $w | $k"
	for st in 1000 10000 auto; do
		set -- $(cnt $st $w)
		row="$row | ${2:--} / ${3:--} / ${4:--}"
	done
	echo "$row |"
done
fi
if [ -f "$RESULTS/bench-field-stock/field.txt" ]; then
fv() { # SETTING NAME: one figure of a field run, "-" if not run
	local v
	v=$(sed -n "s/^$2 //p" "$RESULTS/bench-field-$1/field.txt" 2>/dev/null)
	echo "${v:--}"
}
frow() { # LABEL NAME
	echo "| $1 | $(fv stock "$2") | $(fv off "$2") | $(fv 1000 "$2") | $(fv 10000 "$2") | $(fv auto "$2") |"
}
echo
echo "## Field reports (Debian guest; counts, memory; TCG wall clock for teardown)"
echo
echo "| figure | stock | limit off | limit 1000 | limit 10000 | auto |"
echo "|---|---|---|---|---|---|"
frow "health check: negatives kept after 50 starts x 10,000 missing names" health_negatives
frow "health check: slab growth KiB" health_slab_kib
frow "container (overlayfs on ext4): negatives after 50k create+unlink and 50k misses" container_negatives
frow "container: slab growth KiB" container_slab_kib
frow "container: umount of the overlay, ms" container_umount_ms
frow "container: rm -rf of its directories, ms" container_rmrf_ms
fi
fi
if part robot && [ -f "$RESULTS/bench-robot-stock-1/robot.txt" ]; then
echo
echo "## The upstream robot's workloads (Debian guest, 1 vCPU; guest instructions per operation, -icount shift=0,sleep=off, median of $ROUNDS; ratio to stock)"
echo
echo "tests/debian/bench-robot.sh: filebench (4 threads, 3 guest seconds; webproxy"
echo "10,000 files of 1 KiB in one directory, varmail 1,000, fileserver 2,000 of"
echo "16 KiB; varmail without fsync), stress-ng (2 workers, a fixed number of"
echo "bogo-ops; per bogo-op, start and exit included) and two"
echo "processes stat()ing one directory.  Below 1 is fewer instructions than stock."
echo "TCG runs one vCPU at a time and models no caches: the two-process rows count"
echo "instructions, not cache-line contention."
echo
echo "| workload | stock (instructions/op) | stock spread | limit off | limit 1000 | limit 10000 | auto |"
echo "|---|---|---|---|---|---|---|"
: > "$RESULTS/bench-robot-ratios.dat"
for w in fb-webproxy fb-varmail fb-fileserver sng-dentry sng-dir sng-dirmany sng-touch sng-open \
	stat2-neg stat2-pos stat2-miss; do
	case $w in
	fb-*) label="filebench ${w#fb-}" ;; sng-*) label="stress-ng --${w#sng-}" ;;
	stat2-neg) label="2 processes, stat() of one cached negative" ;;
	stat2-pos) label="2 processes, stat() of one file" ;;
	stat2-miss) label="2 processes, 10,000 misses each" ;;
	esac
	ratio_row robot $w "$label"
done
echo
echo "What the series did (round 1): negative dentries freed to make room / not kept."
echo
echo "| workload | limit 1000 | limit 10000 | auto |"
echo "|---|---|---|---|"
for w in fb-webproxy fb-varmail fb-fileserver sng-dentry sng-dir sng-dirmany sng-touch sng-open stat2-miss; do
	row="| $w"
	for st in 1000 10000 auto; do
		set -- $(sed -n "s/^$w //p" "$RESULTS/bench-robot-$st-1/robot-counters.txt" 2>/dev/null)
		row="$row | ${2:--} / ${3:--}"
	done
	echo "$row |"
done
fi
echo
if part layout; then
echo "## Layout (pahole, x86_64)"
echo
echo "| kernel | sizeof(struct dentry) | d_iname | holes | sizeof(struct inode) |"
echo "|---|---|---|---|---|"
for k in stock patched; do
	echo "| $k | $(size_of $k) | $(iname_of $k) | $(holes_of $k) | $(sed -n 's/.*\/\* size: \([0-9]*\),.*/\1/p' "$RESULTS/layout-$k-inode.txt" | head -1) |"
done
fi
} > "$md"

if part storm; then
svg=$RESULTS/bench-negatives.svg
gnuplot <<EOG
set terminal svg size 800,500 dynamic background rgb 'white'
set output '$svg'
set datafile separator ','
set title 'Negative dentries during a 1,000,000-lookup storm (4 threads, ext4)'
set xlabel 'seconds (guest, TCG)'
set ylabel 'unused negative dentries, dentry-state (log scale)'
set key top left
set grid
set logscale y
set format y '%.0s%c'
plot '$S/storm-1m.csv' every ::1 using (\$1/1000):4 with lines lw 2 title 'stock 6.12', \
     '$P/storm-1m.csv' every ::1 using (\$1/1000):4 with lines lw 2 title 'patched, fs.dentry-dir-max=10000'
EOG
# Figure 8: the first mark that wants events on children, against the
# negatives the directory holds (teardown.txt: n negatives inotify-ns ...
# fanotify-ns), both kernels.
gnuplot <<EOG
set terminal svg size 800,450 dynamic background rgb 'white'
set output '$RESULTS/bench-watch.svg'
set title 'First watch on a directory after a storm of failed lookups (TCG wall)'
set xlabel 'negative dentries in the directory'
set ylabel 'time to add the mark, ms'
set logscale xy
set key top left
set grid
plot '$S/teardown.txt' using 2:(\$3/1e6) with linespoints lw 2 title 'stock, inotify IN_MODIFY', \
     '$S/teardown.txt' using 2:(\$6/1e6) with linespoints lw 2 title 'stock, fanotify ON_CHILD', \
     '$P/teardown.txt' using 2:(\$3/1e6) with linespoints lw 2 title 'patched (limit 10000), inotify', \
     '$P/teardown.txt' using 2:(\$6/1e6) with linespoints lw 2 title 'patched (limit 10000), fanotify'$( [ -f "$O/teardown.txt" ] && printf ', \\\n     %s' "'$O/teardown.txt' using 2:(\$3/1e6) with linespoints lw 2 title 'patched (limit off), inotify'")$( [ -f "$T/teardown.txt" ] && printf ', \\\n     %s' "'$T/teardown.txt' using 2:(\$3/1e6) with linespoints lw 2 title 'patched (limit 1000), inotify'")
EOG
fi
if [ -s "$RESULTS/bench-work-ratios.dat" ]; then
gnuplot <<EOG
set terminal svg size 800,450 dynamic background rgb 'white'
set output '$RESULTS/bench-work.svg'
set title 'Real programs, patched vs stock 6.12 (guest instructions, Debian guest)'
set ylabel 'ratio to stock'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set yrange [0.95:1.06]
set grid ytics
set key top left
set datafile missing "?"
plot '$RESULTS/bench-work-ratios.dat' using 2:xtic(1) title 'limit off', '' using 3 title 'limit 1000', '' using 4 title 'limit 10000', '' using 5 title 'auto', 1 with lines lc rgb 'black' notitle
EOG
fi
# docs/results.md is the whole bench's: a report of some parts stays in build/
all=yes
for p in fast storm layout debian robot; do part $p || all=no; done
# (and where every part left its records: a report without some stays too)
for f in bench-fast-stock-1/fastpath.txt bench-storm-stock bench-work-stock-1/work.txt \
	bench-robot-stock-1/robot.txt layout-stock.txt; do
	[ -e "$RESULTS/$f" ] || all=no
done
[ $all = yes ] && cp "$md" "$TOP/docs/results.md"
cat "$md"
echo
if [ $all = yes ]; then echo "table: $md (copied to docs/results.md)"; else echo "table: $md (some parts: docs/results.md left as it was)"; fi
if part storm; then echo "plot: $svg"; echo "plot: $RESULTS/bench-watch.svg"; fi
if [ -s "$RESULTS/bench-work-ratios.dat" ]; then echo "plot: $RESULTS/bench-work.svg"; fi
