# Off keeps nothing: the limit allocates nothing of its own, so after 1,000
# directories went over it and it is switched off, with the directories
# still cached, every object in the dentry slab is a dentry.  v2 kept a
# clock hand (a dentry-sized object that is not a dentry) and a request
# per directory until the directory left the dcache.
# Measured: dentry slab objects in use (/proc/slabinfo) minus allocated
# dentries (/proc/sys/fs/dentry-state), before the storms and after the
# switch (not_dentries in ndlib.sh).
. /nd/ndlib.sh
plan 1
# takes: 87 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
N=1000
i=0; while [ $i -lt $N ]; do mkdir /mnt/o$i; i=$((i + 1)); done
e0=$(not_dentries)	# ndlib.sh
set_max 256
i=0; while [ $i -lt $N ]; do ndgen -d /mnt/o$i -n 300 > /dev/null; i=$((i + 1)); done
settle
set_max 0
e1=$(NOT_DENTRIES_BEFORE=$e0 not_dentries)
echo "# dentry slab objects that are not dentries: $e0 before, $e1 after $N directories went over the limit and it was switched off"
check "off keeps nothing: not-dentry objects $e0 -> $e1 (grew by < 200)" [ -n "$e1" -a $((e1 - e0)) -lt 200 ]
rm -rf /mnt/o*
umount /mnt
finish
