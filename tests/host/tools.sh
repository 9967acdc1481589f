#!/usr/bin/env bash
# Host-side checks of the static tools: they do what they say and reject
# bad input with status 2 and a message.  TAP output.
. "$(dirname "$0")/../../scripts/lib.sh"
T=$BUILD/tools
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
n=0
t() { # DESCRIPTION COMMAND...
	n=$((n + 1))
	if eval "$2" >/dev/null 2>&1; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi
}
t "ndgen counts every lookup as ENOENT" "$T/ndgen -d $d -t 3 -n 100 | grep -q 'lookups=300 enoent=300 unexpected=0'"
t "ndgen fails when a name exists" "touch $d/nd0-5; ! $T/ndgen -d $d -n 10; rm $d/nd0-5"
t "ndgen refuses a missing directory (status 2)" "$T/ndgen -d $d/none -n 1; [ \$? = 2 ]"
t "ndgen refuses a bad thread count (status 2)" "$T/ndgen -d $d -t abc; [ \$? = 2 ]"
t "ndgen open and access modes" "$T/ndgen -d $d -n 10 -c open | grep -q enoent=10 && $T/ndgen -d $d -n 10 -c access | grep -q enoent=10"
t "ndmon reports the command's status" "$T/ndmon -i 10 -- sh -c 'exit 7' | grep -q status=7; [ \${PIPESTATUS[0]} = 7 ]"
t "ndmon writes a CSV with a header and samples" "$T/ndmon -i 10 -a 50 -o $d/m.csv -- true && head -1 $d/m.csv | grep -q '^ms,nr_dentry' && [ \$(wc -l < $d/m.csv) -ge 3 ]"
t "ndcensus create then verify passes" "mkdir $d/c && $T/ndcensus create $d/c 50 && $T/ndcensus verify $d/c 50"
t "ndcensus verify catches a lost file" "rm $d/c/f7; ! $T/ndcensus verify $d/c 50"
t "ndcensus verify catches changed contents" "mkdir $d/c2 && $T/ndcensus create $d/c2 5 >/dev/null && echo x > $d/c2/f1 && ! $T/ndcensus verify $d/c2 5"
t "ndcensus verify catches an extra file" "mkdir $d/c3 && $T/ndcensus create $d/c3 5 >/dev/null && touch $d/c3/zz && ! $T/ndcensus verify $d/c3 5"
t "ndtorture census passes on a real filesystem" "mkdir $d/t && $T/ndtorture -d $d/t -t 2 -s 1 -f 50"
t "ndbench measures the three modes" "$T/ndbench -m neg -d $d -n 1000 | grep -q ns_per_op && $T/ndbench -m miss -d $d -n 100 | grep -q ns_per_op && $T/ndbench -m pos -d $d -n 1000 | grep -q ns_per_op"
t "ndbench -t 2: two processes, each its own misses; hits" "mkdir $d/t2 && $T/ndbench -m miss -d $d/t2 -n 50 -t 2 | grep -q 'procs=2 ns_per_op=' && $T/ndbench -m pos -d $d -n 100 -t 2 | grep -q procs=2"
t "ndbench -t 2 fails when another process's lookups are answered wrongly (status 1)" "mkdir $d/t3 && touch $d/t3/bench-1-7 && { $T/ndbench -m miss -d $d/t3 -n 50 -t 2; [ \$? = 1 ]; }"
t "ndbench refuses -t 0 (status 2)" "{ $T/ndbench -m neg -d $d -t 0; [ \$? = 2 ]; }"
t "ndbench times the first inotify (IN_MODIFY) and fanotify (FAN_EVENT_ON_CHILD) marks" "$T/ndbench -m watch -d $d | grep -q 'mode=watch n=1 ns_per_op=' && $T/ndbench -m fanotify -d $d | grep -q 'mode=fanotify n=1 ns_per_op='"
t "ndtop -1 on a kernel without the series: nr_negative, and says so" "$T/ndtop -1 > $d/top && grep -q '^nr_negative [0-9]' $d/top && grep -qx 'series absent' $d/top"
t "ndtop live view, one refresh, says what it cannot show" "$T/ndtop -c 1 -d 0.1 | grep -q 'does not account negative dentries per directory'"
t "ndtop refuses a bad interval, count or argument (status 1)" "{ $T/ndtop -d 0; [ \$? = 1 ]; } && { $T/ndtop -n x; [ \$? = 1 ]; } && { $T/ndtop extra; [ \$? = 1 ]; }"
t "ndtop refuses a bad sort key, and a sort key with -1 (status 1)" "{ $T/ndtop -s size; [ \$? = 1 ]; } && { $T/ndtop -1 -s change; [ \$? = 1 ]; }"
t "ndtop -o is -1" "$T/ndtop -o > $d/o && grep -q '^nr_negative [0-9]' $d/o && grep -qx 'series absent' $d/o"
# on a terminal (script(1) makes one), q ends a 30 s wait at once; the
# input stays open, so that only the key can end it
t "ndtop quits on q at a terminal" "(sleep 1; printf q; sleep 5) | timeout 4 script -qec '$T/ndtop -d 30 -s change' /dev/null"
