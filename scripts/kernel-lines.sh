#!/usr/bin/env bash
# kernel-lines.sh [REV]: lines of kernel code the series adds (REV, default
# the tree's HEAD, against the pristine base): added lines under fs/ and
# include/ that are neither blank nor comments.  KUnit test files, the
# selftests and Documentation are not counted.  Prints a total and a line
# per file.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rev=${1:-HEAD}
cd "$TREE"
git diff "$BASE_TAG" "$rev" -- fs include ':!fs/*_test.c' |
awk '
/^\+\+\+ / { file = substr($2, 3); next }
/^\+/ {
	line = substr($0, 2)
	if (incomment) { if (line ~ /\*\//) incomment = 0; next }
	if (line ~ /^[ \t]*$/) next
	if (line ~ /^[ \t]*\/\//) next
	if (line ~ /^[ \t]*\/?\*/) { if (line !~ /\*\//) incomment = 1; next }
	n[file]++; total++
}
END {
	printf "%d lines of kernel code\n", total
	for (f in n) printf "%6d %s\n", n[f], f
}'
