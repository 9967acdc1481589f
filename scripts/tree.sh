#!/usr/bin/env bash
# Create or refresh $TREE: a git repository whose first commit is the
# pristine Debian 6.12 source and whose branch $BRANCH carries
# patches/series applied with `git am` (no fuzz).  Re-running after the
# series changed rebuilds the branch, but never throws away kernel work
# that is not in patches/: it refuses and says what it would discard.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Fingerprint of the series: the series file and every patch it lists.
series_sum() {
	(cd "$TOP/patches" && [ -f series ] && cat series $(grep -v '^#' series)) |
		sha256sum | cut -d' ' -f1
}

extract() { # $1 = destination directory
	[ -f "$SRC_TARBALL" ] || die "$SRC_TARBALL missing (make deps)"
	local tmp=$BUILD/extract.$$
	rm -rf "$tmp"; mkdir -p "$tmp"
	tar xf "$SRC_TARBALL" -C "$tmp"
	mv "$tmp"/linux-source-6.12 "$1"; rmdir "$tmp"
}

mkdir -p "$BUILD"

if [ ! -d "$TREE/.git" ]; then
	note "creating git tree $TREE (pristine base commit)"
	rm -rf "$TREE"
	extract "$TREE"
	cd "$TREE"
	git init -q -b "$BRANCH"
	git config core.excludesFile /dev/null
	# Debian's top-level .gitignore ignores everything ("/*"): add by force
	# so the base commit is exactly the tarball.
	git add -A -f .
	git -c user.name="Debian linux-source-6.12" -c user.email=nobody@debian.org \
		commit -q -m "Linux 6.12 as packaged by Debian (linux-source-6.12 $(debian_version))"
	git tag "$BASE_TAG"
	rm -f .git/nd-applied
fi
# The stock kernel's source: the base commit, checked out beside the tree
# (a worktree shares the tree's objects; an older plain extraction of the
# same tarball is kept as it is).
if [ ! -d "$STOCK_SRC" ]; then
	note "checking out the base commit for the stock kernel into $STOCK_SRC"
	git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --detach "$STOCK_SRC" "$BASE_TAG"
fi

cd "$TREE"
want=$(series_sum)
have=$(cat .git/nd-applied 2>/dev/null || true)
head_now=$(git rev-parse HEAD)
if [ -n "$have" ] && [ "${have%% *}" = "$want" ] && [ "${have##* }" = "$head_now" ]; then
	note "tree is up to date with patches/series"
	exit 0
fi

# Something changed: make sure rebuilding the branch loses nothing.
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	git status --short --untracked-files=no | head -20 >&2
	die "$TREE has uncommitted changes; commit them (and 'make export') or discard them yourself"
fi
if [ -n "$have" ] && [ "${have##* }" != "$head_now" ] && [ "${FORCE:-0}" != 1 ]; then
	echo "commits in $TREE that are not in patches/:" >&2
	git log --oneline "${have##* }..HEAD" >&2 || true
	die "run 'make export' to keep them, or FORCE=1 make tree to discard them"
fi

note "applying patches/series to $BASE_TAG"
git checkout -q -B "$BRANCH" "$BASE_TAG"
git am --abort >/dev/null 2>&1 || true
if [ -f "$TOP/patches/series" ]; then
	while read -r p; do
		case "$p" in ''|\#*) continue;; esac
		git am -q --whitespace=error-all "$TOP/patches/$p" ||
			{ git am --abort; die "patches/$p does not apply to $BASE_TAG"; }
	done < "$TOP/patches/series"
fi
echo "$want $(git rev-parse HEAD)" > .git/nd-applied
note "tree at $(git log --oneline -1)"
