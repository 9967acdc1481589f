// SPDX-License-Identifier: GPL-2.0
/*
 * ndbench - cost of one path lookup, for comparing kernels.
 *
 *   ndbench -m neg|miss|pos|watch|fanotify -d DIR [-n COUNT] [-p PREFIX]
 *           [-t PROCS]
 *
 *   neg   stat() of one missing name, cached as a negative dentry
 *   miss  stat() of COUNT distinct new missing names (each one a miss that
 *         the filesystem answers and that leaves a negative dentry)
 *   pos   stat() of one existing file (created if needed)
 *   watch inotify_add_watch(IN_MODIFY) on DIR, once: the first watch that
 *         wants events on children makes the kernel walk every child
 *         dentry of DIR to flag it (IN_CREATE/IN_DELETE would not: they
 *         are events of the directory itself); n is forced to 1
 *   fanotify  the same with fanotify_mark(FAN_MODIFY | FAN_EVENT_ON_CHILD)
 *
 * -t PROCS runs neg, miss or pos in PROCS processes at once in the same
 * directory (will-it-scale style: do they fight over the parent?); each
 * does COUNT stat()s (miss: of its own names), and ns_per_op is the
 * elapsed time over all of them.
 *
 * Prints "ndbench mode=M n=N ns_per_op=X".  Under QEMU with
 * -icount shift=0,sleep=off one guest nanosecond is one instruction, so
 * the figure is an instruction count, repeatable across runs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void usage(void)
{
	fprintf(stderr, "usage: ndbench -m neg|miss|pos|watch|fanotify -d DIR [-n COUNT] [-p PREFIX] [-t PROCS]\n");
	exit(2);
}

/* COUNT stat()s of PATH, or for miss of COUNT new names; the wrong answers */
static long stat_loop(const char *mode, const char *dir, const char *prefix,
		      const char *path, int want_ok, long n, int proc)
{
	char name[4096];
	struct stat st;
	long bad = 0;

	if (strcmp(mode, "miss")) {
		for (long i = 0; i < n; i++)
			if ((stat(path, &st) == 0) != want_ok)
				bad++;
		return bad;
	}
	for (long i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s/%s-%d-%ld", dir, prefix, proc, i);
		if (stat(name, &st) == 0 || errno != ENOENT)
			bad++;
	}
	return bad;
}

int main(int argc, char **argv)
{
	const char *mode = NULL, *dir = NULL, *prefix = "bench";
	char path[4096] = "";
	long n = 100000, bad = 0;
	long long t0, t1;
	struct stat st;
	int opt, want_ok, procs = 1, status;

	while ((opt = getopt(argc, argv, "m:d:n:p:t:")) != -1) {
		switch (opt) {
		case 'm': mode = optarg; break;
		case 'd': dir = optarg; break;
		case 'n': n = atol(optarg); break;
		case 'p': prefix = optarg; break;
		case 't': procs = atoi(optarg); break;
		default: usage();
		}
	}
	if (!mode || !dir || n <= 0 || procs < 1)
		usage();

	if (!strcmp(mode, "watch")) {
		int fd = inotify_init1(0);

		if (fd < 0) {
			perror("inotify_init1");
			return 1;
		}
		t0 = now_ns();
		if (inotify_add_watch(fd, dir, IN_MODIFY) < 0) {
			perror(dir);
			return 1;
		}
		t1 = now_ns();
		close(fd);
		printf("ndbench mode=watch n=1 ns_per_op=%.1f\n", (double)(t1 - t0));
		return 0;
	}
	if (!strcmp(mode, "fanotify")) {
		int fd = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC, O_RDONLY);

		if (fd < 0) {
			perror("fanotify_init");
			return 1;
		}
		t0 = now_ns();
		if (fanotify_mark(fd, FAN_MARK_ADD, FAN_MODIFY | FAN_EVENT_ON_CHILD,
				  AT_FDCWD, dir) < 0) {
			perror(dir);
			return 1;
		}
		t1 = now_ns();
		close(fd);
		printf("ndbench mode=fanotify n=1 ns_per_op=%.1f\n", (double)(t1 - t0));
		return 0;
	}
	if (!strcmp(mode, "pos")) {
		int fd;

		snprintf(path, sizeof(path), "%s/%s-file", dir, prefix);
		fd = open(path, O_CREAT | O_WRONLY, 0644);
		if (fd < 0) {
			perror(path);
			return 1;
		}
		close(fd);
		want_ok = 1;
	} else if (!strcmp(mode, "neg")) {
		snprintf(path, sizeof(path), "%s/%s-missing", dir, prefix);
		want_ok = 0;
	} else if (!strcmp(mode, "miss")) {
		want_ok = 0;
	} else {
		usage();
	}

	if (strcmp(mode, "miss"))
		stat(path, &st);	/* warm the cache */
	t0 = now_ns();
	for (int p = 1; p < procs; p++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			while (wait(NULL) > 0)
				;
			return 1;
		}
		if (!pid)
			_exit(stat_loop(mode, dir, prefix, path, want_ok, n, p) ? 1 : 0);
	}
	bad = stat_loop(mode, dir, prefix, path, want_ok, n, 0);
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	t1 = now_ns();
	if (bad) {
		fprintf(stderr, "ndbench: %ld lookups (or processes) gave the wrong answer\n", bad);
		return 1;
	}
	printf("ndbench mode=%s n=%ld procs=%d ns_per_op=%.1f\n", mode, n,
	       procs, (double)(t1 - t0) / n / procs);
	return 0;
}
