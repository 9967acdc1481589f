#!/usr/bin/env bash
# Regenerate patches/ from the commits on $BRANCH in $TREE with
# `git format-patch`; patch files are never edited by hand.  The cover
# letter's subject and text come from docs/cover-letter.txt (first line is
# the subject); its diffstat and shortlog come from git.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$TREE"
# format-patch takes the cover letter from the current branch's description
[ "$(git branch --show-current)" = "$BRANCH" ] ||
	die "$TREE is not on branch $BRANCH; check it out first"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes; commit them first"
n=$(git rev-list --count "$BASE_TAG..HEAD")
[ "$n" -gt 0 ] || die "no commits on top of $BASE_TAG"
git config "branch.$BRANCH.description" "$(cat "$TOP/docs/cover-letter.txt")"
tmp=$(mktemp -d)
git format-patch -q --cover-letter --cover-from-description=subject \
	--subject-prefix="PATCH $SERIES_VERSION" \
	--base="$BASE_TAG" -o "$tmp" "$BASE_TAG..HEAD"
rm -f "$TOP"/patches/*.patch
cp "$tmp"/*.patch "$TOP/patches/"
rm -rf "$tmp"
{
	echo "# Base: Linux 6.12.$(make -s kernelversion | cut -d. -f3) from Debian linux-source-6.12 $(debian_version)"
	echo "# Apply in order with: git am <patch>  (see README)"
	(cd "$TOP/patches" && ls [0-9]*.patch | grep -v '^0000-')
} > "$TOP/patches/series"
echo "$( (cd "$TOP/patches" && cat series $(grep -v '^#' series)) | sha256sum | cut -d' ' -f1) $(git rev-parse HEAD)" > .git/nd-applied
note "exported $n patches to patches/"
