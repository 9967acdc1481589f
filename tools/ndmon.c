// SPDX-License-Identifier: GPL-2.0
/*
 * ndmon - sample the dentry cache while a command runs.
 *
 *   ndmon [-i MS] [-a MS] [-o CSV] [-f NAME=FILE]... -- COMMAND [ARG]...
 *
 * Runs COMMAND and, every MS milliseconds until it exits and for -a MS
 * after, samples /proc/sys/fs/dentry-state (nr_dentry, nr_unused,
 * nr_negative), /proc/meminfo (MemFree, Slab) and the first number of each
 * extra FILE.  Writes the samples as CSV (time in ms since start) and ends
 * with a summary line on stdout:
 *
 *   ndmon status=S elapsed_ms=E samples=N base_negative=B peak_negative=P ...
 *
 * base_negative is sampled just before COMMAND starts; peak and final are
 * absolute values, so callers subtract the base themselves.
 * The exit status is COMMAND's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_EXTRA 8

struct sample {
	long nr_dentry, nr_unused, nr_negative, memfree_kb, slab_kb;
	long extra[MAX_EXTRA];
};

static const char *extra_name[MAX_EXTRA];
static const char *extra_file[MAX_EXTRA];
static int nextra;

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static long first_number(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static void take(struct sample *s)
{
	char line[256];
	FILE *f;

	memset(s, 0xff, sizeof(*s));	/* -1: could not read */
	f = fopen("/proc/sys/fs/dentry-state", "r");
	if (f) {
		long age, want;

		if (fscanf(f, "%ld %ld %ld %ld %ld", &s->nr_dentry,
			   &s->nr_unused, &age, &want, &s->nr_negative) != 5)
			s->nr_negative = -1;
		fclose(f);
	}
	f = fopen("/proc/meminfo", "r");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "MemFree: %ld kB", &s->memfree_kb);
			sscanf(line, "Slab: %ld kB", &s->slab_kb);
		}
		fclose(f);
	}
	for (int i = 0; i < nextra; i++)
		s->extra[i] = first_number(extra_file[i]);
}

static void emit(FILE *out, long t, const struct sample *s)
{
	if (!out)
		return;
	fprintf(out, "%ld,%ld,%ld,%ld,%ld,%ld", t, s->nr_dentry, s->nr_unused,
		s->nr_negative, s->memfree_kb, s->slab_kb);
	for (int i = 0; i < nextra; i++)
		fprintf(out, ",%ld", s->extra[i]);
	fputc('\n', out);
}

static void usage(void)
{
	fprintf(stderr, "usage: ndmon [-i MS] [-a MS] [-o CSV] [-f NAME=FILE]... -- COMMAND [ARG]...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long interval = 100, after = 0, t0, done_at = -1, nsamples = 0;
	long peak = -1;
	struct sample base, s;
	FILE *out = NULL;
	int opt, status = 0;
	pid_t pid;

	while ((opt = getopt(argc, argv, "+i:a:o:f:")) != -1) {
		char *eq;

		switch (opt) {
		case 'i': interval = atol(optarg); break;
		case 'a': after = atol(optarg); break;
		case 'o':
			out = fopen(optarg, "w");
			if (!out) {
				perror(optarg);
				return 2;
			}
			break;
		case 'f':
			eq = strchr(optarg, '=');
			if (!eq || nextra == MAX_EXTRA)
				usage();
			*eq = 0;
			extra_name[nextra] = optarg;
			extra_file[nextra++] = eq + 1;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc || interval <= 0 || after < 0)
		usage();
	if (out) {
		fprintf(out, "ms,nr_dentry,nr_unused,nr_negative,memfree_kb,slab_kb");
		for (int i = 0; i < nextra; i++)
			fprintf(out, ",%s", extra_name[i]);
		fputc('\n', out);
	}

	t0 = now_ms();
	take(&base);
	emit(out, 0, &base);
	peak = base.nr_negative;
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[optind], argv + optind);
		perror(argv[optind]);
		_exit(127);
	}
	s = base;
	for (;;) {
		long t;

		if (done_at < 0 && waitpid(pid, &status, WNOHANG) == pid)
			done_at = now_ms();
		t = now_ms();
		if (done_at >= 0 && t - done_at >= after)
			break;
		usleep(interval * 1000);
		take(&s);
		nsamples++;
		emit(out, now_ms() - t0, &s);
		if (s.nr_negative > peak)
			peak = s.nr_negative;
	}
	if (out)
		fclose(out);
	printf("ndmon status=%d elapsed_ms=%ld samples=%ld base_negative=%ld peak_negative=%ld final_negative=%ld final_dentry=%ld final_slab_kb=%ld final_memfree_kb=%ld",
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
	       (done_at < 0 ? now_ms() : done_at) - t0, nsamples,
	       base.nr_negative, peak, s.nr_negative, s.nr_dentry,
	       s.slab_kb, s.memfree_kb);
	for (int i = 0; i < nextra; i++)
		printf(" final_%s=%ld", extra_name[i], s.extra[i]);
	putchar('\n');
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
