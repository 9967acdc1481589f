#!/bin/sh
# Smoke workload of the Debian guest (run-vm.sh -r): each real program the
# workloads of issue 9 use runs once, briefly, on the scratch ext4
# (/dev/vda at /mnt).  TAP output, as tests/vm/*.sh.
. /nd/ndlib.sh
plan 11
# takes: 34 (seconds in a full make check, beside another guest)
mount_scratch || { not_ok "mount the scratch ext4"; finish; exit 1; }
W=/mnt/smoke
mkdir -p $W
echo "# $(uname -r); $(. /etc/os-release; echo "$PRETTY_NAME"); negatives at start: $(nr_negative)"

# 1. gcc with a few -I directories, the header found in the last one.
mkdir -p $W/cc && cd $W/cc || exit 1
inc=""
for i in 1 2 3 4 5 6 7 8; do mkdir -p inc$i; inc="$inc -Iinc$i"; done
echo '#define SMOKE_ANSWER 42' > inc8/smoke.h
cat > smoke.c <<'EOF'
#include <stdio.h>
#include <string.h>
#include "smoke.h"
int main(void) { printf("answer=%d len=%zu\n", SMOKE_ANSWER, strlen("smoke")); return 0; }
EOF
# shellcheck disable=SC2086 # $inc is a list of options
check "gcc compiles a program with 8 -I directories (header in the last)" gcc -O2 $inc -o smoke smoke.c
check "the compiled program runs" test "$(./smoke 2>&1)" = "answer=42 len=5"
cd / || exit 1

# 2. python3 imports with a long sys.path (20 empty entries first).
pp=""
for i in $(seq 20); do mkdir -p $W/py/p$i; pp="$pp${pp:+:}$W/py/p$i"; done
out=$(PYTHONPATH=$pp python3 -c '
import sys, json, email, email.parser, sqlite3
assert len(sys.path) > 20
db = sqlite3.connect(":memory:")
print(json.dumps({"sum": db.execute("select 1 + 1").fetchone()[0]}))' 2>&1)
echo "$out" | sed 's/^/# python3: /'
check "python3 imports json, email, sqlite3 with 20 extra sys.path entries" test "$out" = '{"sum": 2}'

# 3. git: a repository of 1000 files.
mkdir -p $W/repo && cd $W/repo || exit 1
for d in $(seq 10); do
	mkdir d$d
	for f in $(seq 100); do echo "file $d/$f" > d$d/f$f.txt; done
done
g() { git -c user.name=nd -c user.email=nd@localhost "$@"; }
check "git init, add and commit 1000 files" \
	sh -c 'git init -q . && git add . && git -c user.name=nd -c user.email=nd@localhost commit -q -m smoke'
check "git ls-files lists 1000 files" test "$(g ls-files | wc -l)" = 1000
check "git status is clean" test -z "$(g status --porcelain)"
echo changed >> d5/f50.txt; touch untracked.txt
check "git status sees one change and one new file" \
	test "$(g status --porcelain | tr '\n' ' ')" = " M d5/f50.txt ?? untracked.txt "
cd / || exit 1

# 4. postmark (the metadata benchmark), briefly: 500 files, 2000
# transactions in one directory.
mkdir -p $W/pm
cat > $W/pm.cfg <<EOF
set location $W/pm
set number 500
set transactions 2000
set size 500 16384
set seed 1
run
quit
EOF
out=$(postmark $W/pm.cfg 2>&1)
echo "$out" | sed -n 's/^[[:space:]]*\([0-9]* seconds of transactions.*\)/# postmark: \1/p'
check "postmark runs 2000 transactions and deletes its files" \
	sh -c 'echo "$1" | grep -q "seconds of transactions" && [ -z "$(ls -A "$2")" ]' - "$out" $W/pm

# 5. util-linux and inotify-tools, the other programs the workloads use.
check "fsfreeze freezes and thaws the scratch ext4" sh -c 'fsfreeze -f /mnt && fsfreeze -u /mnt'
mkdir -p $W/watch
inotifywait -q -t 20 -e create --format %f $W/watch > $W/inotify.out 2> $W/inotify.err &
pid=$!
for i in $(seq 100); do
	# -q still prints nothing before the watch is up: poll the watch.
	grep -q inotify /proc/$pid/fdinfo/* 2>/dev/null && break
	sleep 0.1
done
touch $W/watch/created
wait $pid
check "inotifywait sees a file created" test "$(cat $W/inotify.out)" = created

echo "# negatives at the end: $(nr_negative)"
check "umount of the scratch ext4" umount /mnt
finish
