# The limit is accounted only while it is on, so the disabled case adds
# nothing to dput() (series v1 kept the count at all times: +0.44% per
# miss with the limit off).  What that means, and what this checks: the
# negatives kept while the limit was off are not counted when it is
# switched on, and stay (v1 trimmed them at the next negative); the ones
# kept after that are bounded as usual.
. /nd/ndlib.sh
plan 6
# takes: 8 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
d=/mnt/switch
mkdir $d
set_max 0
base=$(nr_negative)
ndgen -d $d -p old -n 5000 >/dev/null
set_max 1000
ndgen -d $d -p trigger -n 10 >/dev/null
: > $d/file && rm $d/file
settle
mid=$(($(nr_negative) - base))
echo "# kept while off: $mid after the limit went on"
check "negatives kept while the limit was off are not counted ($mid >= 5000)" [ "$mid" -ge 5000 ]
ndgen -d $d -p new -n 20000 >/dev/null
settle
final=$(($(nr_negative) - base))
echo "# after 20000 more with the limit on: $final"
check "new negatives are bounded ($final <= 5000 + 10 + 1000)" [ "$final" -le 6010 ]
check "new negatives are kept up to the limit ($final >= 5000 + 700)" [ "$final" -ge 5700 ]
set_max 0
rm -rf $d

# Switching the limit off stops all freeing at once: a directory held at
# its limit takes 5,000 more names with the limit off and keeps them all,
# and nothing more is reclaimed or killed.
d=/mnt/switch-off
mkdir $d
set_max 1000
ndgen -d $d -p many -n 3000 >/dev/null
set_max 0
r0=$(reclaimed) k0=$(killed)
base=$(nr_negative)
ndgen -d $d -p more -n 5000 >/dev/null
settle
kept=$(($(nr_negative) - base))
echo "# limit off after a storm: $kept of 5000 new names kept"
check "limit off: the 5000 new names are kept ($kept)" [ "$kept" -ge 5000 ]
check "limit off: nothing reclaimed or killed" [ "$(reclaimed)" = "$r0" -a "$(killed)" = "$k0" ]
set_max 0
rm -rf /mnt/switch $d
umount /mnt
check "umount" [ $? = 0 ]
finish
