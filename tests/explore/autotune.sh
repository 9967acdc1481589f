# Guest side of scripts/tune-auto.sh (an exploration, not a test: it
# measures, it does not judge).  With auto on, in fresh directories:
#  - a storm of 4 x 250,000 names each stat()ed twice: peak and settled;
#  - hot names amid one-off names (hot_run, ndlib.sh): H = 1000, 10000
#    and 40000, phase B's misses and what the directory keeps;
#  - the H=10000 directory after 200,000 one-off names: what it keeps.
# One line of key=value pairs in /results/autotune.txt.
. /nd/ndlib.sh
mount_scratch || exit 1
echo auto > $MAXF
mkdir /mnt/twice
base=$(nr_negative)
out=$(ndmon -i 20 -a 1000 -o /dev/null -- ndgen -d /mnt/twice -t 4 -n 250000 -c stat2 -p s)
settle
r="stat2_peak=$(($(kv "$out" peak_negative) - base)) stat2_kept=$(dir_count /mnt/twice)"
rm -rf /mnt/twice
hot_failed=0
for H in 1000 10000 40000; do
	hot_run auto $H
	r="$r h${H}_miss=$miss_b/$hot_b h${H}_kept=$count"
done
ndgen -d /mnt/h-auto-10000 -t 2 -n 100000 -p later > /dev/null
settle
r="$r shrunk_to=$(dir_count /mnt/h-auto-10000) failed=$hot_failed"
echo "$r" | tee /results/autotune.txt
