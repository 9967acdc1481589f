# run-vm: -m 384M
# fs.dentry-dir-max=auto is bounded in total: all directories' allowances
# together grow by at most as many negative dentries as fit in 1/32 of
# memory (1/32 of MemTotal, in dentries of the kernel's own size: 192
# bytes, 21 to a page, but about 300 on the debug kernel, where lock
# debugging makes d_lock larger).  This suite gets a boot of its own with
# 384 MiB (a budget of about 37,000 on the debug kernel), so that
# eight directories, each with 4,000 hot names looked up during a
# 160,000-name storm (each wants 32768 or more), want more than the
# budget.  Checked: auto_grown never exceeds it, equals the sum of the
# directories' growth as negative_dirs shows it, was mostly used, the
# last directory was held below the first, and the growth goes back to 0
# when the directories go.
. /nd/ndlib.sh
mount_scratch || exit 1
FLOOR=1024
mem_kb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)
dsize=$(cat /sys/kernel/slab/dentry/object_size 2>/dev/null || echo 192)
budget=$((mem_kb / 4 / 32 * (4096 / dsize)))
echo "# MemTotal $mem_kb kB, struct dentry $dsize bytes: budget $budget negative dentries of growth"
echo auto > $MAXF
grown_sum() { awk -v f=$FLOOR '$6 ~ /^\/b/ && $2 > f { s += $2 - f } END { print s + 0 }' $DIRSF; }
over=0 maxg=0
for i in 1 2 3 4 5 6 7 8; do
	d=/mnt/b$i
	mkdir $d
	hot_during_storm $d 4000 40000
	settle
	g=$(stat_of auto_grown)
	lim=$(dir_limit /b$i)
	echo "# directory $i: allowance $lim, auto_grown $g"
	[ "$g" -gt "$budget" ] && over=1
	[ "$g" -gt "$maxg" ] && maxg=$g
	[ "$i" = 1 ] && first=$lim
	last=$lim
done
sum=$(grown_sum)
g=$(stat_of auto_grown)
check "auto_grown never above the budget (most $maxg of $budget)" [ $over = 0 ]
check "auto_grown is the sum of the directories' growth ($g = $sum)" [ "$g" = "$sum" ]
check "the budget was used: less than one doubling of the last directory left ($g of $budget)" [ $((budget - g)) -lt "$last" ]
check "the last directory was held below the first ($last < $first)" [ "$last" -lt "$first" ]
cat $DIRSF | sed 's/^/# /'
rm -rf /mnt/b*
sync
echo 2 > /proc/sys/vm/drop_caches
g=$(stat_of auto_grown)
check "the growth is given back when the directories go (auto_grown $g)" [ "$g" = 0 ]
echo 0 > $MAXF
umount /mnt
check "umount" [ $? = 0 ]
finish
