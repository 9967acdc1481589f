#!/usr/bin/env bash
# kconfig.sh SRC OUT ARCH BASE [FRAGMENT...]
# The one place that makes a kernel .config: `make BASE` (tinyconfig or
# allmodconfig) in the O= directory OUT, the fragments merged on top
# (merge_config.sh: a later fragment overrides an earlier one), then
# olddefconfig; every option a fragment sets must survive.  Nothing is
# done when the arch, base and fragments' options are those of the last
# run (a reconfigure costs a kbuild pass over the whole tree; comments in
# a fragment do not count).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=$1 out=$2 arch=$3 base=$4; shift 4
mkdir -p "$out"
sum=$({ echo "$arch $base"; cat "$@" </dev/null | grep -E '^CONFIG_'; } | sha256sum | cut -d' ' -f1)
[ -f "$out/.config" ] && [ "$(cat "$out/.nd-config-sum" 2>/dev/null)" = "$sum" ] && exit 0
note "configuring $out: $arch $base${*:+ + $*}"
mk() { make -s -C "$src" O="$out" ARCH="$arch" "$@" >/dev/null; }
mk "$base"
if [ $# -gt 0 ]; then
	KCONFIG_CONFIG="$out/.config" "$src/scripts/kconfig/merge_config.sh" \
		-m -O "$out" "$out/.config" "$@" >/dev/null
	mk olddefconfig
fi
bad=0
while IFS= read -r line; do
	opt=${line%%=*} val=${line#*=}
	if [ "$val" = n ]; then
		grep -q "^$opt=" "$out/.config" || continue
	else
		grep -qx "$line" "$out/.config" && continue
	fi
	echo "error: $line did not take effect in $out/.config" >&2; bad=1
done < <(cat "$@" </dev/null | grep -E '^CONFIG_[A-Z0-9_]+=' | tac | awk -F= '!seen[$1]++' | tac)
[ $bad = 0 ] || exit 1
echo "$sum" > "$out/.nd-config-sum"
