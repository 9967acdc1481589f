#!/usr/bin/env bash
# make check: host-side tests, then every in-guest test on the debug kernel.
# Each check prints one line (PASS/FAIL); the run ends with
# "N passed, N failed" and exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
KERNEL=${KERNEL:-$OUT/debug/arch/x86/boot/bzImage}
ONLY=${ONLY:-}          # e.g. ONLY=t-bound to run one guest test
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
		KERNEL=$KERNEL bash "$t" > "$RESULTS/$suite.tap" 2> "$RESULTS/$suite.err"
		collect "$suite" "$RESULTS/$suite.tap"
	done
fi

for t in "$TOP"/tests/vm/t-*.sh; do
	suite=$(basename "$t" .sh)
	[ -n "$ONLY" ] && [ "$ONLY" != "$suite" ] && continue
	timeout=$(sed -n 's/^# timeout: *//p' "$t"); timeout=${timeout:-900}
	if bash "$TOP/scripts/run-vm.sh" -k "$KERNEL" -n "check-$suite" -t "$timeout" \
		-- "sh /nd/$suite.sh" 2> "$RESULTS/$suite.err"; then
		record ok "$suite" "guest run clean (exit 0, no kernel warnings)"
	else
		record fail "$suite" "$(grep -E '^FAIL' "$RESULTS/$suite.err" | tail -1)"
	fi
	collect "$suite" "$LOGS/check-$suite.log"
done

echo
echo "results: $summary; console logs: $LOGS/check-*.log"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
