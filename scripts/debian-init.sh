#!/bin/sh
# init= of the Debian guest (installed as /nd/debian-init.sh on the root
# disk that scripts/debian-image.sh builds; booted by run-vm.sh -r).
# The same protocol as the initramfs guest (scripts/guest-init.sh): the
# first virtio disk (/dev/vda) is a fresh ext4 image, the second
# (/dev/vdb) carries the results; the root is the third (/dev/vdc).
# run-vm.sh writes the job to /dev/vdb as a tar holding job.sh; this
# script runs it, reports its exit status on the console as
# "@@ND-EXIT rc=N", writes /results as a tar over /dev/vdb and powers off.
# busybox (static, /nd/busybox) does the tar and the power-off: a Debian
# root without an init system has no poweroff of its own.
export PATH=/nd:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C.UTF-8 TERM=dumb
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
mkdir -p /mnt /results
echo "@@ND-START $(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo) root=debian"
cd /
rm -f /job.sh
busybox tar -xf /dev/vdb -C / job.sh
sh /job.sh
rc=$?
echo "@@ND-EXIT rc=$rc"
busybox tar -cf /dev/vdb -C /results . 2>/dev/null
sync
busybox poweroff -f
