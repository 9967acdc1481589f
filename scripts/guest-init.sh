#!/bin/busybox sh
# /init of the test initramfs.  Runs /job.sh (appended per run by
# run-vm.sh), reports its exit status on the console as "@@ND-EXIT rc=N",
# writes /results as a tar archive to the second virtio disk (/dev/vdb),
# and powers off.  The first virtio disk (/dev/vda) is a fresh ext4 image.
/bin/busybox --install -s /bin
export PATH=/nd:/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mkdir -p /mnt /results /tmp
echo "@@ND-START $(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
cd /
sh /job.sh
rc=$?
echo "@@ND-EXIT rc=$rc"
tar -cf /dev/vdb -C /results . 2>/dev/null
sync
poweroff -f
