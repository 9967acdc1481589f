// SPDX-License-Identifier: GPL-2.0
/*
 * ndgen - negative dentry generator.
 *
 * Looks up names that do not exist in one directory, from several threads,
 * so that the kernel caches one negative dentry per distinct name.  Each
 * thread uses its own names ("<prefix><thread>-<n>"), so with T threads and
 * N names per thread there are T*N distinct failed lookups, repeated R
 * times.  Prints one line of key=value pairs: what was done and how it went.
 *
 * SIGUSR1 prints "progress lookups=N" (lookups so far, all threads) and
 * goes on; SIGTERM stops the lookups and prints the usual line.  Tests use
 * them to count the lookups of a generator running beside another.
 *
 * Every lookup must fail with ENOENT; anything else (the name exists, or an
 * unexpected errno) is counted and makes the exit status 1.
 *
 * With -c unlink (or -c rmdir) each name is instead created as a file (a
 * directory), then removed: the kernel turns the dentry negative in place,
 * which is the other way negative dentries pile up (containers deleting
 * their files).  Each step must succeed; a failure counts as unexpected,
 * and "enoent" then counts the names that were created and removed.
 * With -c statcreate each name is stat()ed three times (each must fail
 * with ENOENT), then created and left: a name probed before it is made.
 * With -c stat2 each name is stat()ed twice in a row: one-off names that
 * each look used once (stat, stat, create is a common pattern).
 *
 * With -H HOT -P PERIOD, thread 0 also stat()s HOT missing names
 * ("hot-<j>", whatever the prefix) in turn, one after every PERIOD/HOT of its own
 * lookups, so that each is looked up again once per PERIOD of them: the
 * names in use ($PATH, include paths) amid a storm of one-off names.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum call {
	CALL_STAT, CALL_OPEN, CALL_ACCESS, CALL_UNLINK, CALL_RMDIR,
	CALL_STATCREATE, CALL_STAT2
};
static const char *const call_names[] = {
	"stat", "open", "access", "unlink", "rmdir", "statcreate", "stat2"
};

static const char *dir = ".";
static const char *prefix = "nd";
static long names = 100000;
static long repeat = 1;
static int nthreads = 1;
static enum call call = CALL_STAT;
static long hot_names, hot_period;	/* -H, -P */
static volatile sig_atomic_t progress_wanted, stop_wanted;
static int workers_done;	/* __atomic: threads that returned */

struct worker {
	pthread_t tid;
	int id;
	long lookups;
	long enoent;
	long unexpected;
	long hot;		/* lookups of the -H names */
};

static int lookup(const char *path)
{
	struct stat st;
	int fd;

	switch (call) {
	case CALL_OPEN:
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
		return -1;
	case CALL_ACCESS:
		return access(path, F_OK);
	case CALL_UNLINK:
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0 || close(fd) || unlink(path))
			return 0;	/* counted as unexpected */
		errno = ENOENT;
		return -1;
	case CALL_RMDIR:
		if (mkdir(path, 0755) || rmdir(path))
			return 0;
		errno = ENOENT;
		return -1;
	case CALL_STATCREATE:
		/* a name probed a few times before it is made (Guzik) */
		for (int i = 0; i < 3; i++)
			if (stat(path, &st) == 0 || errno != ENOENT)
				return 0;
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0 || close(fd))
			return 0;
		errno = ENOENT;
		return -1;
	case CALL_STAT2:
		if (stat(path, &st) == 0 || errno != ENOENT)
			return 0;
		return stat(path, &st);
	default:
		return stat(path, &st);
	}
}

/* The next of the -H names, which must be missing too */
static void hot_lookup(struct worker *w)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/hot-%ld", dir,
		 w->hot++ % hot_names);
	if (stat(path, &st) == 0 || errno != ENOENT)
		w->unexpected++;
}

static void *run(void *arg)
{
	struct worker *w = arg;
	char path[4096];

	for (long r = 0; r < repeat && !stop_wanted; r++) {
		for (long i = 0; i < names && !stop_wanted; i++) {
			snprintf(path, sizeof(path), "%s/%s%d-%ld", dir, prefix,
				 w->id, i);
			/* read by main() while we run */
			__atomic_store_n(&w->lookups, w->lookups + 1,
					 __ATOMIC_RELAXED);
			if (lookup(path) == 0)
				w->unexpected++;
			else if (errno == ENOENT)
				w->enoent++;
			else
				w->unexpected++;
			if (w->id == 0 && hot_names &&
			    (i + 1) % (hot_period / hot_names) == 0)
				hot_lookup(w);
		}
	}
	__atomic_add_fetch(&workers_done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		progress_wanted = 1;
	else
		stop_wanted = 1;
}

/* Wait for the workers, answering SIGUSR1 meanwhile */
static void wait_workers(struct worker *w)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };

	while (__atomic_load_n(&workers_done, __ATOMIC_ACQUIRE) < nthreads) {
		nanosleep(&tick, NULL);
		if (progress_wanted) {
			long sum = 0;

			progress_wanted = 0;
			for (int i = 0; i < nthreads; i++)
				sum += __atomic_load_n(&w[i].lookups,
						       __ATOMIC_RELAXED);
			printf("progress lookups=%ld\n", sum);
			fflush(stdout);
		}
	}
}

static void usage(const char *argv0)
{
	fprintf(stderr,
		"usage: %s [-d DIR] [-t THREADS] [-n NAMES_PER_THREAD] [-r REPEAT]\n"
		"          [-c stat|open|access|unlink|rmdir|statcreate|stat2] [-p PREFIX]\n"
		"          [-H HOT -P PERIOD]\n"
		"Looks up THREADS*NAMES distinct missing names in DIR, REPEAT times;\n"
		"thread 0 also looks up each of HOT names once per PERIOD lookups.\n",
		argv0);
	exit(2);
}

static long parse_long(const char *s, const char *what, long min)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min) {
		fprintf(stderr, "ndgen: bad %s '%s' (want an integer >= %ld)\n",
			what, s, min);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct worker *w;
	long lookups = 0, enoent = 0, unexpected = 0;
	int opt;

	while ((opt = getopt(argc, argv, "d:t:n:r:c:p:H:P:h")) != -1) {
		switch (opt) {
		case 'd': dir = optarg; break;
		case 't': nthreads = parse_long(optarg, "thread count", 1); break;
		case 'n': names = parse_long(optarg, "name count", 0); break;
		case 'r': repeat = parse_long(optarg, "repeat count", 1); break;
		case 'p': prefix = optarg; break;
		case 'H': hot_names = parse_long(optarg, "hot name count", 1); break;
		case 'P': hot_period = parse_long(optarg, "hot period", 1); break;
		case 'c':
			if (!strcmp(optarg, "stat"))
				call = CALL_STAT;
			else if (!strcmp(optarg, "open"))
				call = CALL_OPEN;
			else if (!strcmp(optarg, "access"))
				call = CALL_ACCESS;
			else if (!strcmp(optarg, "unlink"))
				call = CALL_UNLINK;
			else if (!strcmp(optarg, "rmdir"))
				call = CALL_RMDIR;
			else if (!strcmp(optarg, "stat2"))
				call = CALL_STAT2;
			else if (!strcmp(optarg, "statcreate"))
				call = CALL_STATCREATE;
			else
				usage(argv[0]);
			break;
		default:
			usage(argv[0]);
		}
	}
	if (optind != argc || nthreads > 1024 ||
	    !hot_names != !hot_period || hot_period < hot_names)
		usage(argv[0]);
	{
		struct stat st;

		if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "ndgen: %s is not a directory\n", dir);
			return 2;
		}
	}

	w = calloc(nthreads, sizeof(*w));
	if (!w) {
		perror("ndgen: calloc");
		return 1;
	}
	{
		struct sigaction sa = { .sa_handler = on_signal,
					.sa_flags = SA_RESTART };

		sigemptyset(&sa.sa_mask);
		sigaction(SIGUSR1, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < nthreads; i++) {
		w[i].id = i;
		if (pthread_create(&w[i].tid, NULL, run, &w[i])) {
			fprintf(stderr, "ndgen: cannot start thread %d\n", i);
			return 1;
		}
	}
	wait_workers(w);
	for (int i = 0; i < nthreads; i++) {
		pthread_join(w[i].tid, NULL);
		lookups += w[i].lookups;
		enoent += w[i].enoent;
		unexpected += w[i].unexpected;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("ndgen dir=%s threads=%d names=%ld repeat=%ld call=%s lookups=%ld enoent=%ld unexpected=%ld hot=%ld ns=%lld\n",
	       dir, nthreads, names, repeat,
	       call_names[call],
	       lookups, enoent, unexpected, w[0].hot,
	       (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL +
	       (t1.tv_nsec - t0.tv_nsec));
	return unexpected ? 1 : 0;
}
