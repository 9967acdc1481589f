#!/usr/bin/env bash
# The patch series: patches/ is what the kernel tree's branch exports
# (nobody edited a patch by hand), and every patch passes
# scripts/checkpatch.pl --strict.  TAP output.
# (checkpatch runs from the kernel tree: run inside this repository it
# would treat the committed .patch files as source files.)
. "$(dirname "$0")/../../scripts/lib.sh"
n=0
t() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
t "series: patches/series lists the patches, base version noted" \
	"grep -q '^# Base: Linux 6.12' $TOP/patches/series && [ \$(grep -vc '^#' $TOP/patches/series) -ge 5 ]"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
t "series: re-exporting the tree's branch gives the same patches" \
	"git -C $TREE format-patch -q --cover-letter --subject-prefix=\"PATCH $SERIES_VERSION\" --base=$BASE_TAG -o $tmp $BASE_TAG..HEAD && \
	 ( for p in \$(grep -v '^#' $TOP/patches/series); do \
		diff <(sed -n '/^Subject/,\$p' $TOP/patches/\$p) <(sed -n '/^Subject/,\$p' $tmp/\$p) >&2 || exit 1; done )"
# Clean only if checkpatch ran on the file and said so: a missing tree or
# patch file makes no "total:" line and fails.  At 80 columns, as
# coding-style.rst prefers (checkpatch's default allows 100).
for p in $(grep -v '^#' "$TOP/patches/series"); do
	t "checkpatch --strict, 80 columns: $p" \
		"[ -f $TOP/patches/$p ] && (cd $TREE && perl scripts/checkpatch.pl --strict --max-line-length=80 $TOP/patches/$p 2>/dev/null) | grep -q '^total: 0 errors, 0 warnings, 0 checks'"
done
# Size: the series' kernel code (fs/ and include/, neither blank nor
# comments; scripts/kernel-lines.sh) within 500 lines (v2: 1,091), and
# every changelog within 40 lines (v2's patches 2 and 8: 112 and 174).
lines=$(bash "$TOP/scripts/kernel-lines.sh" 2>/dev/null | sed -n 's/ lines of kernel code$//p')
echo "# kernel code: ${lines:-?} lines"
t "series: at most 500 lines of kernel code (${lines:-?})" "[ -n \"$lines\" ] && [ \"$lines\" -le 500 ]"
for p in $(grep -v '^#' "$TOP/patches/series"); do
	c=$(awk '/^Subject:/ { s = 1; next } s && /^$/ && !b { b = 1; next } b && /^---$/ { exit } b { n++ } END { print n + 0 }' "$TOP/patches/$p")
	t "series: changelog of $p within 40 lines ($c)" "[ $c -gt 0 ] && [ $c -le 40 ]"
done
t "series: the cover letter's subject has one [PATCH ...] prefix" \
	"[ \$(sed -n '/^Subject:/,/^\$/p' $TOP/patches/0000-cover-letter.patch | grep -o '\\[PATCH' | wc -l) = 1 ]"
t "series: the cover letter is docs/cover-letter.txt, not git's template" \
	"! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*' $TOP/patches/0000-cover-letter.patch && \
	 grep -qF \"\$(sed -n 3p $TOP/docs/cover-letter.txt)\" $TOP/patches/0000-cover-letter.patch"
t "series: every patch subject carries the version (PATCH $SERIES_VERSION)" \
	"! grep -L '^Subject: \\[PATCH $SERIES_VERSION ' $TOP/patches/[0-9]*.patch | grep -q ."
