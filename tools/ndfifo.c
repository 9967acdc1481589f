// SPDX-License-Identifier: GPL-2.0
/*
 * ndfifo - run a command as SCHED_FIFO, as "chrt -f PRIO" does (the
 * guest's busybox has no chrt).
 *
 * Usage: ndfifo PRIO COMMAND [ARG...]
 *
 * Tests use it to keep every CPU busy at real-time priority, so that no
 * kernel worker runs meanwhile: whatever the kernel leaves to a worker
 * shows as not done.  Children inherit the policy.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sched_param sp = { 0 };
	char *end;

	if (argc < 3) {
		fprintf(stderr, "usage: ndfifo PRIO COMMAND [ARG...]\n");
		return 2;
	}
	errno = 0;
	sp.sched_priority = (int)strtol(argv[1], &end, 10);
	if (errno || *end || end == argv[1] ||
	    sp.sched_priority < sched_get_priority_min(SCHED_FIFO) ||
	    sp.sched_priority > sched_get_priority_max(SCHED_FIFO)) {
		fprintf(stderr, "ndfifo: bad priority '%s' (1..99)\n", argv[1]);
		return 2;
	}
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fprintf(stderr, "ndfifo: sched_setscheduler: %s\n",
			strerror(errno));
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "ndfifo: %s: %s\n", argv[2], strerror(errno));
	return 127;
}
