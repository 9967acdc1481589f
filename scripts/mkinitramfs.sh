#!/usr/bin/env bash
# mkinitramfs.sh OUT.cpio.gz
# The guest userland: busybox-static, the project's static tools and the
# in-guest tests.  The per-run command is appended by run-vm.sh as a
# second cpio archive, so this image is built once.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=$(realpath -m "$1")
root=$BUILD/initramfs-root
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,nd,proc,sys,dev,mnt,tmp,results}
cp /bin/busybox "$root/bin/busybox"
{ ldd /bin/busybox 2>&1 || true; } | grep -q "not a dynamic" ||
	die "/bin/busybox is not static (install busybox-static)"
cp "$BUILD"/tools/* "$root/nd/"
# Debian's stress-ng (dynamic) and the libraries it needs: an external load.
if command -v stress-ng >/dev/null; then
	cp "$(command -v stress-ng)" "$root/bin/stress-ng"
	ldd "$(command -v stress-ng)" | grep -o '/[^ ]*' | while read -r lib; do
		cp -L --parents "$lib" "$root/"
	done
fi
# e2fsprogs' mke2fs (dynamic) and its libraries: the kselftest makes its
# own ext4 with mkfs.ext4.  busybox's mke2fs applet (/bin/mke2fs) makes
# no ext4, so the real one goes to /sbin with its mkfs.ext4 name.
mke2fs=$(PATH=/usr/sbin:/sbin:$PATH command -v mke2fs || true)
if [ -n "$mke2fs" ]; then
	cp "$mke2fs" "$root/sbin/mke2fs"
	ln -sf mke2fs "$root/sbin/mkfs.ext4"
	ldd "$mke2fs" | grep -o '/[^ ]*' | while read -r lib; do
		cp -L --parents "$lib" "$root/"
	done
	if [ -f /etc/mke2fs.conf ]; then
		mkdir -p "$root/etc"
		cp /etc/mke2fs.conf "$root/etc/"
	fi
fi
cp "$TOP"/tests/vm/*.sh "$TOP"/tests/demo/*.sh "$TOP"/tests/bench/*.sh \
	"$TOP"/tests/explore/*.sh "$root/nd/"
cp "$TOP/scripts/guest-init.sh" "$root/init"
chmod +x "$root/init" "$root"/nd/*
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
note "initramfs: $out"
