#!/usr/bin/env bash
# The guest tests themselves: a check must be able to fail.  check() takes
# one command; `check "what" [ a ] && [ b ]` checks only a (the rest runs
# after check, outside it), which once let four checks pass on a kernel
# that failed them.  TAP output.
. "$(dirname "$0")/../../scripts/lib.sh"
n=0
t() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
bad=$(grep -nE '^[[:space:]]*check .*\][[:space:]]*(&&|\|\|)' "$TOP"/tests/vm/*.sh "$TOP"/tests/debian/*.sh)
[ -z "$bad" ] || echo "$bad" | sed 's/^/# /'
t "guest tests: no check whose condition goes on after check's command" "[ -z \"\$bad\" ]"
# The pattern is found where it is (the test above can fail).
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
echo 'check "x" [ 1 = 1 ] && [ 1 = 2 ]' > "$tmp"
t "guest tests: the pattern is recognised" "grep -qE '^[[:space:]]*check .*\][[:space:]]*(&&|\|\|)' $tmp"
# Every suite states its plan (KTAP "1..N" via plan N, N a number or
# $((...))), which check.sh
# holds it to: a suite that dies half-way, or skips checks, fails.
noplan=$(cd "$TOP/tests" && grep -L '^plan [0-9$]' vm/t-*.sh debian/smoke.sh debian/fsmatrix.sh debian/fstests.sh)
[ -z "$noplan" ] || echo "# no plan: $noplan"
t "guest tests: every suite has a KTAP plan" "[ -z \"\$noplan\" ]"
