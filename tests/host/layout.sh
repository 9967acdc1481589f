#!/usr/bin/env bash
# Layout: the series must not grow struct dentry or struct inode on x86_64,
# nor shrink the inline name (series v1 took 8 bytes of d_iname for its
# count, so names of 32-39 bytes needed an external allocation).  pahole
# on fs/dcache.o and fs/inode.o built with debug info, stock vs patched.
# TAP output; the pahole views are left in build/results/layout-*.txt.
. "$(dirname "$0")/../../scripts/lib.sh"
n=0
t() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
mkdir -p "$RESULTS"
for k in stock patched; do
	src=$STOCK_SRC; [ $k = patched ] && src=$TREE
	for s in dentry inode; do
		bash "$TOP/scripts/layout.sh" "$src" "$k" "$s" > "$RESULTS/layout-$k-$s.txt" 2>&1 ||
			echo "# layout.sh $k $s failed: $(tail -1 "$RESULTS/layout-$k-$s.txt")"
	done
done
size() { sed -n 's/.*\/\* size: \([0-9]*\),.*/\1/p' "$RESULTS/layout-$1-$2.txt" | head -1; }
iname() { sed -n 's/.*d_iname\[\([0-9]*\)\].*/\1/p' "$RESULTS/layout-$1-dentry.txt" | head -1; }
holes() { grep -c 'XXX.*hole' "$RESULTS/layout-$1-$2.txt"; }
echo "# struct dentry: stock $(size stock dentry) patched $(size patched dentry); d_iname stock $(iname stock) patched $(iname patched); struct inode: stock $(size stock inode) patched $(size patched inode)"
t "layout: struct dentry is 192 bytes (stock $(size stock dentry), patched $(size patched dentry))" \
	"[ '$(size stock dentry)' = 192 ] && [ '$(size patched dentry)' = 192 ]"
t "layout: the inline name keeps 40 bytes (patched d_iname[$(iname patched)])" \
	"[ '$(iname patched)' = 40 ] && [ '$(iname stock)' = 40 ]"
t "layout: struct inode does not grow (stock $(size stock inode), patched $(size patched inode))" \
	"[ -n '$(size stock inode)' ] && [ '$(size patched inode)' = '$(size stock inode)' ]"
t "layout: no new holes in struct dentry or struct inode" \
	"[ '$(holes patched dentry)' = '$(holes stock dentry)' ] && [ '$(holes patched inode)' = '$(holes stock inode)' ]"
