# Names in use survive a storm under a fixed limit even when they are
# looked up less often than once per turn of the clock: limit 1000, one
# process looks up 60,000 one-off names and, in between, each of 20 hot
# names once per 2,000 of them (twice the limit).  Every miss makes one
# negative dentry, which is still kept or was reclaimed or killed, so the
# hot names' misses are the negative dentries made beyond the storm's own
# names.  In the second half (30,000 names, 300 hot lookups) at least 99%
# of hot lookups must hit.  A one-bit clock evicts such names before their
# next use (v2 kept ~84%); credit and the names of recent victims keep them.
. /nd/ndlib.sh
plan 3
# takes: 11 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
d=/mnt/hotperiod
mkdir $d
set_max 1000
ndgen -d $d -n 30000 -p a -H 20 -P 2000 > /dev/null
settle
m0=$(made)
out=$(ndgen -d $d -n 30000 -p b -H 20 -P 2000)
settle
hot=$(kv "$out" hot)
miss=$(($(made) - m0 - 30000))
echo "# hot names looked up once per 2000 storm lookups: $miss misses in $hot hot lookups"
check "every lookup gave ENOENT" [ "$(kv "$out" unexpected)" = 0 ]
check "hot lookups made (${hot:-none})" [ "${hot:-0}" -ge 300 ]
check "at least 99% of hot lookups hit ($miss misses in $hot)" [ "${hot:-0}" -ge 300 -a "$miss" -ge 0 -a $((miss * 100)) -le "${hot:-0}" ]
set_max 0
umount /mnt
finish
