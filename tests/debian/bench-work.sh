#!/bin/bash
# Cost of real programs (Debian guest, run under -icount shift=0,sleep=off
# by scripts/bench.sh, where one guest nanosecond is one instruction).
# LIMIT=N sets fs.dentry-dir-max first (patched kernel).  Each workload is
# set up untimed, warmed once, then timed; one line "NAME NS" per workload
# goes to /results/work.txt (postmark: NS per transaction), and what the
# series did meanwhile to /results/counters.txt, "NAME KEPT RECLAIMED
# KILLED SCANNED": growth of the unused negatives, negative dentries freed
# to make room, not kept, and looked at ("-" on stock).  Read outside the
# timed part.
# The workloads (issue 9): 1 include search, 2 $PATH search, 3 python
# imports, 4 git status/ls-files, 5 postmark.
. /nd/ndlib.sh
. /nd/benchlib.sh
mount_scratch || exit 1
if [ -n "$LIMIT" ]; then set_max "$LIMIT" || exit 1; fi
W=/mnt/work
mkdir -p $W
out=/results/work.txt
: > $out
: > /results/counters.txt
now() { date +%s%N; }
timed() { # NAME COMMAND...: run COMMAND, record its guest time
	local name=$1 t0 t1 c0; shift
	c0=$(snap)
	t0=$(now)
	"$@" > /dev/null 2>&1 || { echo "# $name failed: $*"; return 1; }
	t1=$(now)
	echo "$name $((t1 - t0))" >> $out
	delta "$name" "$c0" "$(snap)" /results/counters.txt
}
rc=0

# 1. Include search: 40 files, 20 -I directories, the project headers in
# the last two (every #include probes the 18 before them, then the system
# directories for <stdio.h>, <string.h>).
mkdir -p $W/cc && cd $W/cc || exit 1
inc=""
for i in $(seq 20); do mkdir -p inc$i; inc="$inc -Iinc$i"; done
for h in $(seq 10); do
	d=inc$((19 + h % 2))
	echo "#define H$h $h" > $d/h$h.h
done
for f in $(seq 40); do
	{
		echo '#include <stdio.h>'
		echo '#include <string.h>'
		for h in $(seq 10); do echo "#include \"h$h.h\""; done
		echo "int f$f(const char *s) { return (int)strlen(s) + H1 + H10 + $f; }"
	} > c$f.c
done
# shellcheck disable=SC2086
compile_all() { for f in c*.c; do gcc -O0 -c $inc "$f" -o "${f%.c}.o" || return 1; done; }
# shellcheck disable=SC2086
gcc -O0 -c $inc c1.c -o /dev/null || rc=1
timed include compile_all || rc=1
cd / || exit 1

# 2. $PATH search: 30 directories, the commands in the last two; bash
# without its hash table looks each one up along the whole PATH.
P=""
for i in $(seq 30); do mkdir -p $W/path/p$i; P="$P${P:+:}$W/path/p$i"; done
for c in $(seq 8); do cp /bin/true $W/path/p$((29 + c % 2))/ndcmd$c; done
path_search() {
	PATH=$P:/usr/bin:/bin bash -c 'set +h; for i in $(seq 300); do ndcmd$((i % 8 + 1)) || exit 1; type -P ndcmd$((i % 8 + 1)) >/dev/null || exit 1; done'
}
path_search > /dev/null 2>&1 || rc=1
timed path path_search || rc=1

# 3. Python imports: 120 stdlib modules with 20 empty directories first on
# sys.path, in a fresh interpreter each time.
pp=""
for i in $(seq 20); do mkdir -p $W/py/p$i; pp="$pp${pp:+:}$W/py/p$i"; done
mods="abc argparse ast asyncio base64 bisect bz2 calendar cmath codecs collections
colorsys compileall concurrent.futures configparser contextlib copy csv ctypes dataclasses
datetime decimal difflib dis email email.parser enum errno filecmp fileinput fnmatch
fractions ftplib functools getopt getpass gettext glob graphlib gzip hashlib heapq hmac
html html.parser http.client http.cookies imaplib inspect io ipaddress itertools json
keyword linecache locale logging lzma mailbox math mimetypes netrc numbers operator
optparse os pathlib pickle pkgutil platform plistlib poplib pprint queue quopri random
re reprlib sched secrets selectors shelve shlex shutil signal smtplib socket socketserver
sqlite3 ssl stat statistics string stringprep struct subprocess symtable sysconfig tabnanny
tarfile tempfile textwrap threading timeit token tokenize trace traceback tracemalloc
types typing unicodedata urllib.parse urllib.request uuid warnings wave weakref
xml.dom.minidom xml.etree.ElementTree zipfile zipimport zlib"
imports=$(echo $mods | tr ' ' '\n' | sed 's/^/import /' | tr '\n' ';')
py_imports() { for i in 1 2 3; do PYTHONPATH=$pp python3 -c "$imports" || return 1; done; }
py_imports > /dev/null 2>&1 || rc=1
timed python py_imports || rc=1

# 4. git over 10,000 files (100 directories of 100).
mkdir -p $W/repo && cd $W/repo || exit 1
for d in $(seq 100); do
	mkdir d$d
	for f in $(seq 100); do echo "$d/$f" > d$d/f$f; done
done
g() { git -c user.name=nd -c user.email=nd@localhost "$@"; }
{ g init -q . && g add . && g commit -q -m bench; } || rc=1
git_ops() { for i in 1 2 3; do g status --porcelain || return 1; g ls-files || return 1; done; }
git_ops > /dev/null 2>&1 || rc=1
timed git git_ops || rc=1
cd / || exit 1

# 5. postmark: 1000 files of 0.5-16 KiB, 4000 transactions (create/delete
# paired with read/append) in one directory.
mkdir -p $W/pm
cat > $W/pm.cfg <<EOF
set location $W/pm
set number 1000
set transactions 4000
set size 500 16384
set seed 42
run
quit
EOF
c0=$(snap)
t0=$(now)
postmark $W/pm.cfg > /results/postmark.out 2>&1 || rc=1
t1=$(now)
grep -q "seconds of transactions" /results/postmark.out || rc=1
echo "postmark $(( (t1 - t0) / 4000 ))" >> $out
delta postmark "$c0" "$(snap)" /results/counters.txt

echo "# negatives at the end: $(nr_negative)"
cat $out /results/counters.txt
exit $rc
