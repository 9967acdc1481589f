#!/usr/bin/env bash
# debian-image.sh [IMAGE]
# The Debian guest's root disk (default build/debian/root.img): a Debian
# bookworm root made by mmdebstrap from Debian's archive, plus the
# project's static tools (build/tools/*), the guest tests (tests/vm/*.sh,
# tests/debian/*.sh), busybox-static and the guest's init
# (scripts/debian-init.sh), all in /nd; written into an ext4 image with
# `mkfs.ext4 -d`.  run-vm.sh -r boots it.
#
# Two levels of cache, each keyed by a sha256 stored beside what it keys:
# - build/debian/rootfs/ (the mmdebstrap output; key rootfs.sum) is made
#   again only when the suite, the package list or the bootstrap function
#   below change: a few minutes, and the only step that needs the archive;
# - rootfs/opt/xfstests (key fstests.sum): fstests, built in a chroot of
#   that root with its own toolchain when the root or the source changes
#   (about 3 minutes; skipped, with a warning, if there is no source);
# - root.img (key root.img.sum) is rewritten (mkfs.ext4 -d, seconds) when
#   that key or any file installed in /nd changes.
# Needs root (mmdebstrap's root mode; mkfs.ext4 -d keeps ownership).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

DEB=$BUILD/debian
img=$(realpath -m "${1:-$DEB/root.img}")
rootfs=$DEB/rootfs
SUITE=bookworm
# Real programs for the workloads (issue 9).  postmark is the metadata
# benchmark: the nearest in Debian to filebench webproxy (see README.md,
# "The Debian guest").
PKGS=(gcc libc6-dev python3 git bash util-linux mount coreutils procps
      inotify-tools postmark
      e2fsprogs xfsprogs btrfs-progs bindfs  # tests/debian/fsmatrix.sh
      nfs-kernel-server rpcbind
      # fstests: to build it (configure stops without the first four;
      # pkg-config for its liburing check), then what ./check runs
      xfslibs-dev libacl1-dev uuid-dev libattr1-dev libaio-dev liburing-dev
      libgdbm-dev libgdbm-compat-dev libcap-dev pkg-config make autoconf
      automake libtool libtool-bin
      bc gawk perl acl attr psmisc uuid-runtime quota xfsdump kmod file
      sqlite3 passwd
      # the upstream robot's workloads (tests/debian/bench-robot.sh):
      # stress-ng; filebench is built from source (flex, bison)
      stress-ng flex bison)

bootstrap() { # DIR
	mmdebstrap --variant=apt --mode=root --format=directory \
		--include="$(IFS=,; echo "${PKGS[*]}")" \
		--aptopt='APT::Install-Recommends "false"' \
		--dpkgopt='path-exclude=/usr/share/doc/*' \
		--dpkgopt='path-exclude=/usr/share/man/*' \
		--dpkgopt='path-exclude=/usr/share/locale/*' \
		"$SUITE" "$1" >&2
}

[ "$(id -u)" = 0 ] || die "debian-image.sh needs root (mmdebstrap --mode=root, mkfs.ext4 -d ownership)"
command -v mmdebstrap >/dev/null || die "mmdebstrap not installed (make deps)"
ls "$BUILD"/tools/nd* >/dev/null 2>&1 || die "no tools in $BUILD/tools (make tools)"
mkdir -p "$DEB"

# A directory tree that nothing is mounted on, removed without crossing
# into another filesystem (an interrupted mmdebstrap can leave /proc,
# /sys or /dev mounted in it).
rmtree() {
	[ -e "$1" ] || return 0
	if findmnt -rn -o TARGET | grep -q "^$(realpath "$1")/"; then
		die "$1 still has filesystems mounted in it; unmount them first: $(findmnt -rn -o TARGET | grep "^$(realpath "$1")/" | tr '\n' ' ')"
	fi
	rm -rf --one-file-system "$1"
}

key=$( { echo "$SUITE"; printf '%s\n' "${PKGS[@]}"; declare -f bootstrap; } | sha256sum | cut -d' ' -f1)
if [ ! -d "$rootfs" ] || [ "$(cat "$DEB/rootfs.sum" 2>/dev/null)" != "$key" ]; then
	note "debian: mmdebstrap $SUITE into $rootfs (packages: ${PKGS[*]})"
	start=$(date +%s)
	rm -f "$DEB/rootfs.sum"
	rmtree "$rootfs.new"
	bootstrap "$rootfs.new"
	rmtree "$rootfs"
	mv "$rootfs.new" "$rootfs"
	echo "$key" > "$DEB/rootfs.sum"
	note "debian: rootfs made in $(( $(date +%s) - start )) s ($(du -sm "$rootfs" | cut -f1) MiB)"
fi

# fstests in /opt/xfstests, built by the root's own toolchain and
# libraries; a private mount namespace, so that a killed build leaves
# nothing mounted in the tree.
build_fstests() { # ROOT SOURCE
	rm -rf "$1/opt/xfstests"
	mkdir -p "$1/opt/xfstests"
	if [ -d "$2" ]; then
		# a checkout may hold a host build: start from clean sources
		tar -C "$2" --exclude=.git -cf - . | tar -C "$1/opt/xfstests" -xf - || return 1
		chroot "$1" sh -c 'cd /opt/xfstests && make distclean' >/dev/null 2>&1
	else
		tar -C "$1/opt/xfstests" --strip-components=1 -xzf "$2" || return 1
	fi
	unshare -m sh -c "mount --rbind /dev '$1/dev' && mount -t proc proc '$1/proc' &&
		chroot '$1' sh -c 'cd /opt/xfstests && make -j$(nproc) >build.log 2>&1 ||
			{ tail -30 build.log; exit 1; }'" || return 1
	# the users some tests switch to
	chroot "$1" sh -c 'getent group fsgqa >/dev/null || groupadd fsgqa
		for u in fsgqa fsgqa2 123456-fsgqa; do
			id $u >/dev/null 2>&1 || useradd -m -g fsgqa $u; done' || return 1
	[ -x "$1/opt/xfstests/ltp/fsstress" ] && [ -x "$1/opt/xfstests/src/nametest" ] &&
		[ -f "$1/opt/xfstests/tests/generic/group.list" ]
}
# filebench in /opt/filebench, the same way
build_filebench() { # ROOT SOURCE
	rm -rf "$1/opt/filebench"
	mkdir -p "$1/opt/filebench"
	if [ -d "$2" ]; then
		tar -C "$2" --exclude=.git -cf - . | tar -C "$1/opt/filebench" -xf - || return 1
	else
		tar -C "$1/opt/filebench" --strip-components=1 -xzf "$2" || return 1
	fi
	unshare -m sh -c "mount --rbind /dev '$1/dev' && mount -t proc proc '$1/proc' &&
		chroot '$1' sh -c 'cd /opt/filebench && { libtoolize && aclocal &&
			autoheader && automake --add-missing && autoconf &&
			./configure && make -j$(nproc); } >build.log 2>&1 ||
			{ tail -30 build.log; exit 1; }'" || return 1
	[ -x "$1/opt/filebench/filebench" ] && [ -f "$1/opt/filebench/workloads/webproxy.f" ]
}

# third_party NAME DIR: build NAME (fstests, filebench) from NAME_src into
# the root's /opt/DIR with build_NAME, unless the source's content, the
# root and the build function are those of the last build; prints the key
# ("none" and the root without it when there is no source)
third_party() { # NAME DIR
	local name=$1 dir=$2 src k start var
	var=$(echo "$name" | tr a-z A-Z)_SRC
	[ -z "${!var:-}" ] || [ -e "${!var}" ] || die "$var=${!var} does not exist"
	if ! src=$("${name}_src" 2>/dev/null); then
		note "debian: WARNING: no $name source, the image has none: $("${name}_src" 2>&1 || true)"
		rm -rf "${rootfs:?}/opt/$dir" "$DEB/$name.sum"
		echo none; return
	fi
	# the source's content: a tarball's bytes, a directory's files
	if [ -d "$src" ]; then
		k=$(tar -C "$src" --exclude=.git --sort=name --mtime=@0 --owner=0 --group=0 -cf - . | sha256sum) ||
			die "could not read $src"
	else
		k=$(sha256sum < "$src") || die "could not read $src"
	fi
	k=$( { echo "$key $k"; declare -f "build_$name"; } | sha256sum | cut -d' ' -f1)
	if [ "$(cat "$DEB/$name.sum" 2>/dev/null)" != "$k" ] || [ ! -d "$rootfs/opt/$dir" ]; then
		note "debian: building $name from $src in the root (a few minutes)"
		start=$(date +%s)
		rm -f "$DEB/$name.sum"
		"build_$name" "$rootfs" "$src" >&2 || die "$name did not build in $rootfs (see above)"
		echo "$k" > "$DEB/$name.sum"
		note "debian: $name built in $(( $(date +%s) - start )) s"
	fi
	echo "$k"
}
fstkey=$(third_party fstests xfstests)
fbkey=$(third_party filebench filebench)
fstkey="$fstkey $fbkey"

# What the image carries in /nd besides Debian.
files=("$BUILD"/tools/* "$TOP"/tests/vm/*.sh "$TOP"/tests/debian/*.sh
       "$TOP/scripts/debian-init.sh" /bin/busybox)
{ ldd /bin/busybox 2>&1 || true; } | grep -q "not a dynamic" ||
	die "/bin/busybox is not static (install busybox-static)"
dups=$(for f in "${files[@]}"; do basename "$f"; done | sort | uniq -d)
[ -z "$dups" ] || die "two files would be /nd/$dups in the image"
sum=$( { echo "$key $fstkey"; sha256sum "${files[@]}"; sha256sum "$0"; } | sha256sum | cut -d' ' -f1)
if [ -f "$img" ] && [ "$(cat "$img.sum" 2>/dev/null)" = "$sum" ]; then
	note "debian: $img is up to date"
	exit 0
fi
start=$(date +%s)
rm -rf "$rootfs/nd"
mkdir -p "$rootfs/nd" "$rootfs/mnt" "$rootfs/results"
cp "${files[@]}" "$rootfs/nd/"
chmod 755 "$rootfs"/nd/*
# Sparse; 1 GiB free for what a workload writes on the root (the runs
# themselves write to a qemu snapshot, never to this file).
mb=$(( $(du -sm "$rootfs" | cut -f1) + 1024 ))
rm -f "$img.tmp" "$img.sum"
truncate -s "${mb}M" "$img.tmp"
mkfs.ext4 -q -F -L nd-debian -d "$rootfs" "$img.tmp" "${mb}M"
mv "$img.tmp" "$img"
echo "$sum" > "$img.sum"
note "debian: $img (${mb} MiB, $(du -sm "$img" | cut -f1) MiB used) written in $(( $(date +%s) - start )) s"
