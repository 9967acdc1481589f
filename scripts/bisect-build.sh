#!/usr/bin/env bash
# Build every commit of the series on its own (demo config), so that the
# series stays bisectable.  Uses a separate worktree and O= directory so
# the main tree and its builds are left alone.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
wt=$BUILD/linux-bisect
[ -d "$wt" ] || git -C "$TREE" worktree add -q --detach "$wt" "$BASE_TAG"
for c in $(git -C "$TREE" rev-list --reverse "$BASE_TAG..$BRANCH"); do
	git -C "$wt" checkout -q "$c"
	if bash "$TOP/scripts/build-kernel.sh" "$wt" "$OUT/bisect" "$TOP/configs/base.config" >/dev/null 2>"$BUILD/bisect-$c.log"; then
		echo "ok: $(git -C "$TREE" log --oneline -1 "$c")"
	else
		echo "BUILD FAILED: $(git -C "$TREE" log --oneline -1 "$c") (log: $BUILD/bisect-$c.log)"
		exit 1
	fi
done
