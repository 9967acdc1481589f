# fs.dentry-dir-max: accepted and refused values, the old value kept on a
# refused write, and flipping the limit on and off while a storm runs.
. /nd/ndlib.sh
plan 16
# takes: 12 (seconds in a full make check, beside another guest)

# try VALUE EXPECT: write VALUE and a newline (so "" is an empty line),
# expect success ("ok") or failure with EXPECT as the error text.
try() {
	_before=$(cat $MAXF)
	_err=$( (echo "$1" > $MAXF) 2>&1 )
	_rc=$?
	_after=$(cat $MAXF)
	if [ "$2" = ok ]; then
		[ $_rc = 0 ] && [ "$_after" = "$1" ]
	else
		[ $_rc != 0 ] && [ "$_after" = "$_before" ] &&
			echo "$_err" | grep -q "$2"
	fi
}

check "default is 0 (off)" [ "$(cat $MAXF)" = 0 ]
check "256 accepted" try 256 ok
check "2^29-1 accepted" try 536870911 ok
check "INT_MAX (the largest) accepted" try 2147483647 ok
check "1000 accepted" try 1000 ok
check "-1 refused (EINVAL), value kept" try -1 "Invalid argument"
check "1 refused (EINVAL), value kept" try 1 "Invalid argument"
check "255 refused (EINVAL), value kept" try 255 "Invalid argument"
check "INT_MAX+1 refused (EINVAL), value kept" try 2147483648 "Invalid argument"
check "abc refused (EINVAL), value kept" try abc "Invalid argument"
empty_line() { _b=$(cat $MAXF); echo "" > $MAXF; [ "$(cat $MAXF)" = "$_b" ]; }
check "empty line changes nothing" empty_line
check "0 accepted (off)" try 0 ok
check "1 refused while off, value kept" try 1 "Invalid argument"

# Flip on and off under load: nothing may break, and every lookup of a
# missing name must still fail with ENOENT (ndgen checks each one).
mount_scratch && mkdir /mnt/flip
ndgen -d /mnt/flip -t 3 -n 20000 > /tmp/gen.out 2>&1 &
gen=$!
i=0
while kill -0 $gen 2>/dev/null; do
	case $((i % 3)) in
	0) set_max 256 ;; 1) set_max 0 ;; 2) set_max 5000 ;;
	esac
	i=$((i + 1))
	sleep 0.05
done
wait $gen
check "storm with $i sysctl flips: every lookup gave ENOENT" [ $? = 0 ]
cat /tmp/gen.out
# After the flips the limit works as before: the negatives kept while it
# was off are not counted (see t-switch), but the ones kept from now on
# are bounded, and new ones make room by freeing the ones counted during
# the flips.
set_max 256
settle
n0=$(nr_negative)
ndgen -d /mnt/flip -n 5000 -p after > /dev/null
settle
n=$(($(nr_negative) - n0))
echo "# after the flips: $(cat /proc/sys/fs/dentry-state) reclaimed $(reclaimed) killed $(killed)"
check "limit 256 holds after the flips (5000 more names added $n <= 288)" [ "$n" -le 288 ]
set_max 0
umount /mnt
check "umount after flips" [ $? = 0 ]
finish
