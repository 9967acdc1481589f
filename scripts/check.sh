#!/usr/bin/env bash
# make check: host-side tests, then every in-guest test on the debug kernel.
# Each check prints one line (PASS/FAIL); the run ends with
# "N passed, N failed" and exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
KERNEL=${KERNEL:-$OUT/debug/arch/x86/boot/bzImage}
ONLY=${ONLY:-}          # e.g. ONLY=t-bound to run one guest test alone
pass=0 fail=0
summary=$RESULTS/check-summary.txt
mkdir -p "$RESULTS"; : > "$summary"

record() { # STATUS SUITE TEXT
	if [ "$1" = ok ]; then pass=$((pass + 1)); s=PASS; else fail=$((fail + 1)); s=FAIL; fi
	printf '%s %-12s %s\n' "$s" "$2" "$3" | tee -a "$summary"
}

# TAP lines ("ok N - text" / "not ok N - text") from a file into records.
collect() { # SUITE FILE
	local n=0
	while IFS= read -r line; do
		line=${line%$'\r'}
		case $line in
		"ok "*) record ok "$1" "${line#ok * - }"; n=$((n + 1)) ;;
		"not ok "*) record fail "$1" "${line#not ok * - }"; n=$((n + 1)) ;;
		esac
	done < "$2"
	[ $n -gt 0 ] || record fail "$1" "no test results at all"
}

if [ -z "$ONLY" ]; then
	for t in "$TOP"/tests/host/*.sh; do
		suite=$(basename "$t" .sh)
		note "host test $suite"
		start=$SECONDS
		KERNEL=$KERNEL bash "$t" > "$RESULTS/$suite.tap" 2> "$RESULTS/$suite.err"
		collect "$suite" "$RESULTS/$suite.tap"
		note "host test $suite: $((SECONDS - start)) s"
	done
fi

# Guest suites share boots (a debug kernel takes ~20 s to boot under TCG);
# each boot gets a fresh ext4 image, and each suite unmounts what it used.
# A suite not listed here gets a boot of its own.
BOOTS=("t-sysctl t-bound t-counters t-hot t-share t-kselftest t-trial t-hotperiod" "t-lost t-lifecycle t-unlink t-switch t-visibility t-bigdir" "t-torture t-stressng t-freeze t-scale t-off")
all=$(cd "$TOP/tests/vm" && ls t-*.sh | sed 's/\.sh$//')
listed=" ${BOOTS[*]} "
for s in $all; do case $listed in *" $s "*) ;; *) BOOTS+=("$s") ;; esac; done
# Suites of the Debian guest (tests/debian/NAME.sh is suite d-NAME): one
# boot with the Debian root disk (make debian-image) on the same kernel,
# so that every check proves the image builds and boots.
DEBIAN_IMG=${DEBIAN_IMG:-$BUILD/debian/root.img}
DBOOTS=("d-smoke" "d-fsmatrix")
if [ -n "$ONLY" ]; then
	case $ONLY in
	d-*) f=$TOP/tests/debian/${ONLY#d-}.sh; BOOTS=(); DBOOTS=("$ONLY") ;;
	jl/*) f=$TOP/tests/vm/${ONLY#jl/}.sh; BOOTS=(); DBOOTS=() ;;
	*) f=$TOP/tests/vm/$ONLY.sh; BOOTS=("$ONLY"); DBOOTS=() ;;
	esac
	[ -f "$f" ] || { echo "no such guest test: $ONLY" >&2; exit 2; }
fi

suite_file() { case $1 in d-*) echo "$TOP/tests/debian/${1#d-}.sh" ;; *) echo "$TOP/tests/vm/${1#*/}.sh" ;; esac; }

# TAP lines of a boot's console log, attributed to the suite that printed
# them ("@@SUITE name" lines mark where each starts).
# A suite's KTAP plan ("1..N", its first) must match the checks it ran;
# "# SKIP" checks are reported, not counted.
collect_boot() { # LOG SUITES
	local suite="" s
	declare -A seen=() planned=()
	while IFS= read -r line; do
		line=${line%$'\r'}
		case $line in
		"@@SUITE "*) suite=${line#@@SUITE }; seen[$suite]=0 ;;
		"@@TIMEOUT "*) record fail "$suite" "killed after ${line#@@TIMEOUT } s (its timeout)" ;;
		"# env: "*) printf 'ENV  %-12s %s\n' "$suite" "${line#\# env: }" | tee -a "$summary" ;;
		1..[0-9]*) [ -n "${planned[$suite]:-}" ] || planned[$suite]=${line#1..} ;;
		"ok "*" # SKIP"*) printf 'SKIP %-12s %s\n' "$suite" "${line#ok * - }" | tee -a "$summary"
			seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
		"ok "*) record ok "$suite" "${line#ok * - }"; seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
		"not ok "*) record fail "$suite" "${line#not ok * - }"; seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
		esac
	done < "$1"
	for s in $2; do
		if [ "${seen[$s]:-0}" = 0 ]; then
			record fail "$s" "no test results at all"
		elif [ -z "${planned[$s]:-}" ]; then
			record fail "$s" "no KTAP plan (1..N) before its checks"
		elif [ "${planned[$s]}" != "${seen[$s]}" ]; then
			record fail "$s" "planned ${planned[$s]} checks, ran ${seen[$s]}"
		fi
	done
}

boot() { # NAME SUITES [RUN-VM OPTIONS]: one guest boot running SUITES
	local name=$1 suites=$2 start; shift 2
	# Suite t-X runs /nd/t-X.sh, suite d-X /nd/X.sh (both dirs land in
	# /nd), each within its own timeout ("# timeout: SECONDS" in the
	# suite, default 600); what a killed suite left mounted is unmounted.
	# The boot's own timeout is its suites' and five minutes more.
	local s t job="rc=0" total=300
	for s in $suites; do
		t=$(sed -n 's/^# timeout: \([0-9]*\).*/\1/p' "$(suite_file "$s")"); t=${t:-600}
		total=$((total + t))
		# a full make check may run a suite lighter ("# check-env: V=x")
		e=""; [ -n "$ONLY" ] || e=$(sed -n 's/^# check-env: //p' "$(suite_file "$s")")
		job="$job; echo '@@SUITE $s'; $e timeout $t sh /nd/$(basename "$(suite_file "$s")"); r=\$?"
		job="$job; [ \$r = 0 ] || rc=1; case \$r in 124|143) echo '@@TIMEOUT $t';; esac"
		job="$job; umount /mnt 2>/dev/null"
	done
	job="$job; exit \$rc"
	start=$(date +%s)
	if bash "$TOP/scripts/run-vm.sh" -k "$KERNEL" -n "$name" -t "$total" "$@" -- "$job" 2> "$RESULTS/$name.err"; then
		# A clean boot is no test of the series: reported, not counted
		printf 'RAN  %-12s %s\n' "$name" "guest run clean: ${suites// /, } ($(( $(date +%s) - start )) s)" |
			tee -a "$summary"
	else
		record fail "$name" "${suites// /, }: $(grep -E '^FAIL' "$RESULTS/$name.err" | tail -1)"
	fi
	collect_boot "$LOGS/$name.log" "$suites"
}
b=0
for suites in "${BOOTS[@]}"; do
	b=$((b + 1))
	name=check-vm$b; [ -n "$ONLY" ] && name=check-$ONLY
	# A suite of its own may ask for guest options ("# run-vm: -m 384M")
	opts=()
	[ "${suites// /}" = "$suites" ] &&
		read -ra opts <<<"$(sed -n 's/^# run-vm: //p' "$TOP/tests/vm/$suites.sh")"
	boot "$name" "$suites" "${opts[@]}"
done
if [ ${#DBOOTS[@]} -gt 0 ]; then
	boot check-debian "${DBOOTS[*]}" -r "$DEBIAN_IMG"
fi
# The suites that flip the sysctl (and so the static key) while others
# run, on the debug kernel with jump labels (make kernel-debug-jl), under
# single-threaded TCG: suite jl/t-X is /nd/t-X.sh there.
KERNEL_JL=${KERNEL_JL:-$OUT/debug-jl/arch/x86/boot/bzImage}
JLBOOT="jl/t-sysctl jl/t-torture"
if [ -z "$ONLY" ] || [[ " $JLBOOT " == *" $ONLY "* ]]; then
	[ -n "$ONLY" ] && JLBOOT=$ONLY
	if [ -f "$KERNEL_JL" ]; then
		KERNEL=$KERNEL_JL boot check-jl "$JLBOOT" -T
	elif [ -n "$ONLY" ]; then
		record fail jl "no jump-label debug kernel $KERNEL_JL (make kernel-debug-jl)"
	else
		# reported, not counted: nothing of the series was tested
		printf 'SKIP %-12s %s\n' jl "$JLBOOT: no jump-label kernel (make kernel-debug-jl)" | tee -a "$summary"
	fi
fi

echo
echo "results: $summary; console logs: $LOGS/check-*.log"
echo "tests took $((SECONDS / 60)) min $((SECONDS % 60)) s (builds not included)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
