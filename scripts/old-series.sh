#!/usr/bin/env bash
# old-series.sh REV [FRAGMENT...]
# Build a kernel from the series as it was at revision REV of this
# repository (its patches/), to show that a test fails there: each fix of
# the series comes with a test that fails on the version before it.
# The tree is a git worktree of build/linux at the base commit with REV's
# patches applied (build/linux-REV); the kernel goes to build/out/series-REV
# (default fragment: configs/base.config, the demo config).  Prints the
# bzImage path.  Example (series v1):
#   k=$(scripts/old-series.sh f40b441)
#   scripts/run-vm.sh -k "$k" -n v1-unlink -- 'sh /nd/t-unlink.sh'
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rev=${1:?usage: old-series.sh REV [FRAGMENT...]}; shift
rev=$(git -C "$TOP" rev-parse --short "$rev^{commit}")
[ $# -gt 0 ] || set -- "$TOP/configs/base.config"
[ -d "$TREE/.git" ] || die "no kernel tree at $TREE (make tree)"
src=$BUILD/linux-$rev
if [ ! -d "$src" ]; then
	note "worktree $src: $BASE_TAG + patches/ of $rev"
	git -C "$TREE" worktree add -q --detach "$src" "$BASE_TAG"
	tmp=$(mktemp -d)
	for p in $(git -C "$TOP" show "$rev:patches/series" | grep -v '^#'); do
		git -C "$TOP" show "$rev:patches/$p" > "$tmp/$p"
		git -C "$src" am -q "$tmp/$p" || { git -C "$src" am --abort; rm -rf "$tmp"; die "$p of $rev does not apply"; }
	done
	rm -rf "$tmp"
fi
bash "$TOP/scripts/build-kernel.sh" "$src" "$OUT/series-$rev" "$@"
