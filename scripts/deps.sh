#!/usr/bin/env bash
# Install what the harness needs from Debian's archive, by package name,
# only when something is missing (so it is cheap to call from every target).
set -euo pipefail
pkgs=(linux-source-6.12 qemu-system-x86 busybox-static e2fsprogs cpio
      build-essential flex bison bc libelf-dev libssl-dev ccache dwarves
      gnuplot-nox stress-ng git xz-utils python3 python3-ply sparse
      mmdebstrap debian-archive-keyring)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "==> installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}"; then
	apt-get update
	apt-get install -y --no-install-recommends "${missing[@]}"
fi
