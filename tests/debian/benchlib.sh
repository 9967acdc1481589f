#!/bin/bash
# What the series did during a benchmark's timed part, for bench-work.sh
# and bench-robot.sh (bash; sourced after /nd/ndlib.sh).
# snap: "KEPT RECLAIMED KILLED SCANNED" now: the unused negatives, and
# from debugfs dcache/negative_stat the negatives freed to make room, not
# kept, and looked at ("-" on stock).
snap() {
	if [ -e "$STATF" ]; then
		echo "$(nr_negative) $(stat_of reclaimed) $(stat_of killed) $(stat_of scanned)"
	else
		echo "$(nr_negative) - - -"
	fi
}
# delta NAME "BEFORE" "AFTER" FILE: appends "NAME" and the four growths
delta() {
	local name=$1 b a line="" i
	read -ra b <<< "$2"
	read -ra a <<< "$3"
	for i in 0 1 2 3; do
		if [ "${a[$i]}" = - ]; then line="$line -"; else line="$line $((a[i] - b[i]))"; fi
	done
	echo "$name$line" >> "$4"
}
