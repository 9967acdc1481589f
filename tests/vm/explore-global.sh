# Not a test (no checks; `make check` runs only t-*.sh): what global
# memory pressure does to fs.dentry-dir-max=auto.  Two directories grow
# their allowance the same way (1,000 hot names looked up during a
# 4 x 60,000-name storm); then a tmpfs file (unreclaimable without swap)
# takes all but FREE_MB of MemAvailable, while the hot names of "busy"
# keep being looked up and those of "quiet" do not.  One RESULT line per
# directory: its allowance and count before and after the pressure, and
# how many of its hot names are still cached afterwards.  Boot with less
# memory so that the fill is quick:
#   scripts/run-vm.sh -m 512M -n global -- 'FREE_MB=2 sh /nd/explore-global.sh'
# MODE=0 (or a number) runs the same with that limit instead of auto;
# negative_dirs may fail to open while memory is that short ("gone").
. /nd/ndlib.sh
FREE_MB=${FREE_MB:-2}
MODE=${MODE:-auto}
mount_scratch || exit 1
echo $MODE > $MAXF
mkdir /mnt/busy /mnt/quiet
hot_during_storm /mnt/quiet 1000 60000
ndgen -d /mnt/busy -n 1000 -p hot -r 100000000 > /dev/null &
busy=$!
ndgen -d /mnt/busy -t 4 -n 60000 -p cold > /dev/null
settle
for d in busy quiet; do
	eval "lim_$d=$(dir_limit /$d)"
	eval "cnt_$d=$(dir_count /$d)"
	eval ": \${lim_$d:=none} \${cnt_$d:=none}"
done
shrunk=$(stat_of auto_shrunk)
echo "# before: $(grep -E '^(MemAvailable|SReclaimable)' /proc/meminfo | tr -s ' ' | tr '\n' ' ') auto_grown $(stat_of auto_grown)"

mkdir -p /fill
mount -t tmpfs -o size=95% none /fill
avail=$(awk '/^MemAvailable/ { print int($2 / 1024) }' /proc/meminfo)
dd if=/dev/zero of=/fill/x bs=1M count=$((avail - FREE_MB)) 2> /dev/null
echo "# filled $((avail - FREE_MB)) MiB: $(grep -E '^(MemAvailable|SReclaimable)' /proc/meminfo | tr -s ' ' | tr '\n' ' ') auto_grown $(stat_of auto_grown)"
sleep 5
kill $busy; wait $busy 2>/dev/null
for d in busy quiet; do
	eval "lim2_$d=$(dir_limit /$d)"
	eval "cnt2_$d=$(dir_count /$d)"
done
shrunk2=$(stat_of auto_shrunk)
rm /fill/x
umount /fill

# Hot names still cached: look each up once with a limit that frees
# nothing; every one that was not cached makes a new negative dentry.
echo 1000000 > $MAXF
for d in busy quiet; do
	b=$(nr_negative)
	ndgen -d /mnt/$d -n 1000 -p hot > /dev/null
	a=$(nr_negative)
	eval "echo \"RESULT $d: allowance \$lim_$d -> \${lim2_$d:-gone}, count \$cnt_$d -> \${cnt2_$d:-gone}, hot_still_cached=$((1000 - (a - b)))/1000\""
done
echo "RESULT auto_shrunk $shrunk -> $shrunk2, oom kills: $(dmesg | grep -c 'Out of memory')"
echo 0 > $MAXF
umount /mnt
