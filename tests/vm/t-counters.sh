# The counters of /proc/fs/dcache/negative_stat: reclaimed grows when making
# room takes a dentry, killed when dput() frees a negative dentry at once,
# neither moves with the limit off, and neither ever goes backwards.
. /nd/ndlib.sh
plan 6
# takes: 11 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
check "counters exist in $STATF" [ -n "$(reclaimed)" -a -n "$(killed)" ]
r0=$(reclaimed) k0=$(killed)
mkdir /mnt/a
ndgen -d /mnt/a -n 5000 > /dev/null
check "limit off: reclaimed unchanged" [ "$(reclaimed)" = "$r0" ]
check "limit off: killed unchanged" [ "$(killed)" = "$k0" ]

set_max 256
# Sample both counters while storms run: they must never decrease.
( prev_r=0 prev_k=0
  while [ ! -e /tmp/stop ]; do
	r=$(reclaimed) k=$(killed)
	[ "$r" -ge "$prev_r" ] && [ "$k" -ge "$prev_k" ] || echo "went back: $prev_r->$r $prev_k->$k" >> /tmp/back
	prev_r=$r prev_k=$k
  done ) &
sampler=$!
mkdir /mnt/b
ndgen -d /mnt/b -t 4 -n 15000 > /dev/null
settle
touch /tmp/stop
wait $sampler
r1=$(reclaimed) k1=$(killed)
echo "# reclaimed $r0 -> $r1, killed $k0 -> $k1"
check "storm over the limit: reclaimed grew ($r0 -> $r1)" [ "$r1" -gt "$r0" ]
check "counters never went backwards" [ ! -e /tmp/back ]
# 60,000 one-off names went through a directory holding at most ~1.1 x 256,
# so nearly all were freed by one path or the other.
check "reclaimed + killed account for the storm ($((r1 - r0 + k1 - k0)) >= 59000)" \
	[ $((r1 - r0 + k1 - k0)) -ge 59000 ]
set_max 0
umount /mnt
finish
