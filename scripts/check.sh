#!/usr/bin/env bash
# make check: host-side tests and every in-guest test on the debug kernel.
# Each check prints one line (PASS/FAIL); the run ends with
# "N passed, N failed" and exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
KERNEL=${KERNEL:-$OUT/debug/arch/x86/boot/bzImage}
ONLY=${ONLY:-}          # e.g. ONLY=t-bound to run one guest test alone
pass=0 fail=0
summary=$RESULTS/check-summary.txt
# each failure again, with the last measured values ("# ..." line) its
# suite printed before it: repeated at the end, where a long log's tail
# is all a reader may see
failures=$RESULTS/check-failures.txt
mkdir -p "$RESULTS"; : > "$summary"; : > "$failures"

record() { # STATUS SUITE TEXT [MEASURED]
	if [ "$1" = ok ]; then pass=$((pass + 1)); s=PASS; else fail=$((fail + 1)); s=FAIL; fi
	printf '%s %-12s %s\n' "$s" "$2" "$3" | tee -a "$summary"
	[ "$s" = PASS ] && return
	printf '%s %-12s %s\n' "$s" "$2" "$3" >> "$failures"
	[ -z "${4:-}" ] || printf '     %-12s %s\n' "" "$4" >> "$failures"
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

# The host tests, one after another: run by a lane like a boot (they
# use one core, mostly), reported with the boots
HOST_TESTS=$(cd "$TOP/tests/host" && ls ./*.sh | sed 's|^\./||; s|\.sh$||' | tr '\n' ' ')
run_host() {
	local suite start
	for suite in $HOST_TESTS; do
		start=$SECONDS
		KERNEL=$KERNEL bash "$TOP/tests/host/$suite.sh" > "$RESULTS/$suite.tap" 2> "$RESULTS/$suite.err"
		echo "$((SECONDS - start))" > "$RESULTS/$suite.secs"
	done
}
report_host() {
	local suite
	for suite in $HOST_TESTS; do
		collect "$suite" "$RESULTS/$suite.tap"
		printf 'TIME %-12s %s s\n' "$suite" "$(cat "$RESULTS/$suite.secs" 2>/dev/null)" | tee -a "$summary"
	done
}

# Guest suites share boots (a debug kernel takes ~20 s to boot under TCG);
# each boot gets a fresh ext4 image, and each suite unmounts what it used.
# A suite not listed here gets a boot of its own.
BOOTS=("t-sysctl t-bound t-counters t-hot t-share t-kselftest t-trial t-hotperiod" "t-lost t-lifecycle t-unlink t-switch t-visibility t-bigdir" "t-torture t-stressng t-freeze t-scale t-off")
all=$(cd "$TOP/tests/vm" && ls t-*.sh | sed 's/\.sh$//')
listed=" ${BOOTS[*]} "
for s in $all; do case $listed in *" $s "*) ;; *) BOOTS+=("$s") ;; esac; done
# Suites of the Debian guest (tests/debian/NAME.sh is suite d-NAME): two
# boots with the Debian root disk (make debian-image) on the same kernel,
# so that every check proves the image builds and boots.
DEBIAN_IMG=${DEBIAN_IMG:-$BUILD/debian/root.img}
# Two boots: the longest suite has one of its own.
DBOOTS=("d-smoke d-fsmatrix" "d-fstests")
if [ -n "$ONLY" ]; then
	case $ONLY in
	d-*) f=$TOP/tests/debian/${ONLY#d-}.sh; BOOTS=(); DBOOTS=("$ONLY") ;;
	jl/*) f=$TOP/tests/vm/${ONLY#jl/}.sh; BOOTS=(); DBOOTS=() ;;
	*) f=$TOP/tests/vm/$ONLY.sh; BOOTS=("$ONLY"); DBOOTS=() ;;
	esac
	[ -f "$f" ] || { echo "no such guest test: $ONLY" >&2; exit 2; }
fi

# a suite's own time limit: "# timeout: SECONDS" in it, or 600
timeout_of() { t=$(sed -n 's/^# timeout: \([0-9]*\).*/\1/p' "$(suite_file "$1")"); echo "${t:-600}"; }
suite_file() { case $1 in d-*) echo "$TOP/tests/debian/${1#d-}.sh" ;; *) echo "$TOP/tests/vm/${1#*/}.sh" ;; esac; }

# TAP lines of a boot's console log, attributed to the suite that printed
# them ("@@SUITE name" lines mark where each starts).
# A suite's KTAP plan ("1..N", its first) must match the checks it ran;
# "# SKIP" checks are reported, not counted.
collect_boot() { # LOG SUITES
	local suite="" s measured=""
	declare -A seen=() planned=()
	while IFS= read -r line; do
		line=${line%$'\r'}
		case $line in
		"@@SUITE "*) suite=${line#@@SUITE }; seen[$suite]=0; measured="" ;;
		"@@TIMEOUT "*) record fail "$suite" "killed after ${line#@@TIMEOUT } s (its timeout)" ;;
		"@@TOOK "*) printf 'TIME %-12s %s s\n' "$suite" "${line#@@TOOK }" | tee -a "$summary" ;;
		"# env: "*) printf 'ENV  %-12s %s\n' "$suite" "${line#\# env: }" | tee -a "$summary" ;;
		1..[0-9]*) [ -n "${planned[$suite]:-}" ] || planned[$suite]=${line#1..} ;;
		"# Totals"*) ;;
		"# "*) measured=$line ;;
		"ok "*" # SKIP"*) printf 'SKIP %-12s %s\n' "$suite" "${line#ok * - }" | tee -a "$summary"
			seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
		"ok "*) record ok "$suite" "${line#ok * - }"; seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
		"not ok "*) record fail "$suite" "${line#not ok * - }" "$measured"; seen[$suite]=$((${seen[$suite]:-0} + 1)) ;;
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

# What a suite may leave running when it is killed
GUEST_TOOLS="$(cd "$TOP/tools" && ls ./*.c | sed 's|^\./||; s|\.c$||' | tr '\n' ' ')dentry_dir_max_test stress-ng bindfs check fsstress dirstress permname nametest"
run_boot() { # NAME SUITES [RUN-VM OPTIONS]: one guest boot running SUITES
	local name=$1 suites=$2 start rc=0; shift 2
	# Suite t-X runs /nd/t-X.sh, suite d-X /nd/X.sh (both dirs land in
	# /nd), each within its own timeout ("# timeout: SECONDS" in the
	# suite, default 600); what a killed suite left mounted is unmounted.
	# The boot's own timeout is its suites' and five minutes more.
	local s t job="rc=0" total=300
	for s in $suites; do
		t=$(timeout_of "$s")
		total=$((total + t))
		# a full make check may run a suite lighter ("# check-env: V=x")
		# (CHECK_ENV=1 with ONLY= runs one suite so)
		e=""; [ -n "$ONLY" ] && [ -z "${CHECK_ENV:-}" ] || e=$(sed -n 's/^# check-env: //p' "$(suite_file "$s")")
		job="$job; echo '@@SUITE $s'; t0=\$(date +%s); $e timeout $t sh /nd/$(basename "$(suite_file "$s")"); r=\$?"
		job="$job; echo \"@@TOOK \$((\$(date +%s) - t0))\""
		job="$job; [ \$r = 0 ] || rc=1"
		# a killed suite's tools may still hold /mnt: kill them, and
		# detach what stays mounted, so that the next suite can run
		job="$job; case \$r in 124|143) echo '@@TIMEOUT $t'; killall -9 $GUEST_TOOLS 2>/dev/null; sleep 1;; esac"
		job="$job; umount /mnt 2>/dev/null || umount -l /mnt 2>/dev/null"
	done
	job="$job; exit \$rc"
	start=$(date +%s)
	bash "$TOP/scripts/run-vm.sh" -k "$KERNEL" -n "$name" -t "$total" "$@" -- "$job" 2> "$RESULTS/$name.err" || rc=$?
	echo "$rc $(( $(date +%s) - start ))" > "$RESULTS/$name.status"
}
# What a boot ran: each suite's checks, then the boot itself.  A clean
# boot is no test of the series (reported, not counted); a failed one
# (panic, WARN, hang) is a failure, but for a job that exited non-zero
# only because its suites' failures, counted already, made it.
report_boot() { # NAME SUITES
	local rc secs f0=$fail why
	read -r rc secs < "$RESULTS/$1.status" || rc=1
	collect_boot "$LOGS/$1.log" "$2"
	why=$(grep -E '^FAIL' "$RESULTS/$1.err" | tail -1)
	if [ "$rc" = 0 ]; then
		printf 'RAN  %-12s %s\n' "$1" "guest run clean: ${2// /, } ($secs s)" | tee -a "$summary"
	elif [ "$fail" -gt "$f0" ] && [[ $why == *"guest command failed with status"* ]]; then
		printf 'RAN  %-12s %s\n' "$1" "${2// /, } ($secs s): their failures above: $why" | tee -a "$summary"
	else
		record fail "$1" "${2// /, }: $why"
	fi
}
# The boots: names, suites, options.  A boot of one suite is named after it.
names=() suites_of=() opts_of=()
for suites in "${BOOTS[@]}"; do
	name=check-vm$((${#names[@]} + 1))
	[ "${suites// /}" = "$suites" ] && name=check-$suites
	names+=("$name") suites_of+=("$suites")
	# A suite of its own may ask for guest options ("# run-vm: -m 384M")
	o=""
	[ "${suites// /}" = "$suites" ] && o=$(sed -n 's/^# run-vm: //p' "$TOP/tests/vm/$suites.sh")
	opts_of+=("$o")
done
for suites in "${DBOOTS[@]}"; do
	name=check-${suites%% *}
	names+=("$name") suites_of+=("$suites") opts_of+=("-r $DEBIAN_IMG")
done
# The suites that flip the sysctl (and so the static key) while others
# run, on the debug kernel with jump labels (make kernel-debug-jl), under
# single-threaded TCG: multi-threaded TCG breaks the kernel's patching of
# live code (a stock kernel flipping a tracepoint's key oopses on int3
# within seconds: tests/explore/keyflip.sh).  Suite jl/t-X is /nd/t-X.sh.
KERNEL_JL=${KERNEL_JL:-$OUT/debug-jl/arch/x86/boot/bzImage}
JLBOOT="jl/t-sysctl jl/t-torture"
if [ -z "$ONLY" ] || [[ " $JLBOOT " == *" $ONLY "* ]]; then
	[ -n "$ONLY" ] && JLBOOT=$ONLY
	# make check builds it: without it, the configuration users get
	# was not tested
	if [ -f "$KERNEL_JL" ]; then
		names+=(check-jl) suites_of+=("$JLBOOT") opts_of+=("-T -k $KERNEL_JL")
	else
		record fail jl "no jump-label debug kernel $KERNEL_JL (make kernel-debug-jl)"
	fi
fi
# LANES guests at a time (default 2): much of the suites' time is one
# thread (one vCPU busy), so two guests on two cores finish sooner than
# one after the other; each guest has its own disks, logs and results.
# Longest boot first (by the sum of its suites' "# takes: SECONDS", what
# a full make check measured, default 120), each lane taking the next
# boot when its last one ends.  The checks count and compare; none times
# against a clock but d-fsmatrix's umount (under 5 s; about 1.5 s seen).
LANES=${LANES:-2}
takes_of() { t=$(sed -n 's/^# takes: \([0-9]*\).*/\1/p' "$(suite_file "$1")"); echo "${t:-120}"; }
# the host tests (about 160 s: layout's pahole builds and runner's boots)
# are an item of the queue, unless ONLY= runs one guest suite
if [ -z "$ONLY" ]; then names+=(host) suites_of+=(host) opts_of+=(""); fi
HOST_TAKES=160
order=$(for i in "${!names[@]}"; do
	t=0; for s in ${suites_of[i]}; do
		[ "$s" = host ] && { t=$HOST_TAKES; break; }
		t=$((t + $(takes_of "$s")))
	done
	echo "$t $i"
done | sort -rn | awk '{print $2}')
# what a boot leaves is its own: nothing from an earlier run is read
for n in "${names[@]}"; do rm -f "$RESULTS/$n.status" "$LOGS/$n.log"; done
queue=$RESULTS/check-queue
echo 0 > "$queue"
next_boot() { # the next boot's index in $order, or nothing
	flock "$queue" sh -c 'n=$(cat "$1"); echo $((n + 1)) > "$1"; echo "$n"' sh "$queue"
}
pids=()
for ((l = 0; l < LANES; l++)); do
	(
		while :; do
			k=$(next_boot)
			i=$(echo "$order" | sed -n "$((k + 1))p")
			[ -n "$i" ] || break
			[ "${names[i]}" = host ] && { run_host; continue; }
			# shellcheck disable=SC2086 # the options are words
			run_boot "${names[i]}" "${suites_of[i]}" ${opts_of[i]}
		done
	) &
	pids+=($!)
done
wait "${pids[@]}"
for i in "${!names[@]}"; do
	if [ "${names[i]}" = host ]; then report_host; else report_boot "${names[i]}" "${suites_of[i]}"; fi
done
echo
if [ "$fail" -gt 0 ]; then
	echo "failed (with the last measured values of each suite):"
	cat "$failures"
fi
echo "results: $summary; console logs: $LOGS/check-*.log"
echo "tests took $((SECONDS / 60)) min $((SECONDS % 60)) s (builds not included)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
