// SPDX-License-Identifier: GPL-2.0
/*
 * ndtorture - namespace churn plus failed lookups, then a census.
 *
 *   ndtorture -d DIR [-t THREADS] [-s SECONDS] [-f FILES]
 *
 * Each thread works in DIR/t<k>/{d0,d1,d2,d3} and keeps a model of the
 * files it made: it creates, unlinks, renames files between its four
 * directories, makes and removes a scratch directory full of negative
 * dentries, and looks up missing names, at random, for SECONDS.  Then it
 * checks the filesystem against its model: every file it expects is there
 * with its contents, and readdir shows nothing else.  Prints a summary
 * line; exit status 1 on any difference or unexpected error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NDIRS 4

static const char *base = ".";
static int nfiles = 200;
static int seconds = 10;

struct thr {
	pthread_t tid;
	int id;
	unsigned int seed;
	signed char *where;	/* directory of file i, or -1 */
	unsigned int *gen;	/* contents generation of file i */
	long ops, lookups, errors, lost, extra;
};

static void path_of(struct thr *t, char *buf, size_t len, int d, const char *name)
{
	snprintf(buf, len, "%s/t%d/d%d/%s", base, t->id, d, name);
}

static void error(struct thr *t, const char *what, const char *path)
{
	t->errors++;
	if (t->errors <= 5)
		fprintf(stderr, "ndtorture[%d]: %s %s: %s\n", t->id, what, path,
			strerror(errno));
}

static int make_file(struct thr *t, int i, int d)
{
	char path[4096], name[32], buf[64];
	int fd, len;

	snprintf(name, sizeof(name), "f%d", i);
	path_of(t, path, sizeof(path), d, name);
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0) {
		error(t, "create", path);
		return -1;
	}
	len = snprintf(buf, sizeof(buf), "%d:%d:%u\n", t->id, i, t->gen[i] + 1);
	if (write(fd, buf, len) != len)
		error(t, "write", path);
	close(fd);
	t->gen[i]++;
	t->where[i] = d;
	return 0;
}

static void one_op(struct thr *t)
{
	int i = rand_r(&t->seed) % nfiles, op = rand_r(&t->seed) % 10;
	char a[2048], b[4096], name[32];
	struct stat st;

	snprintf(name, sizeof(name), "f%d", i);
	if (op < 4) {			/* failed lookups */
		snprintf(name, sizeof(name), "miss%u", rand_r(&t->seed));
		path_of(t, a, sizeof(a), rand_r(&t->seed) % NDIRS, name);
		t->lookups++;
		if (stat(a, &st) == 0 || errno != ENOENT)
			error(t, "stat of missing", a);
	} else if (t->where[i] < 0) {	/* create */
		make_file(t, i, rand_r(&t->seed) % NDIRS);
	} else if (op < 6) {		/* unlink */
		path_of(t, a, sizeof(a), t->where[i], name);
		if (unlink(a))
			error(t, "unlink", a);
		else
			t->where[i] = -1;
	} else if (op < 8) {		/* rename to another directory */
		int to = (t->where[i] + 1 + rand_r(&t->seed) % (NDIRS - 1)) % NDIRS;

		path_of(t, a, sizeof(a), t->where[i], name);
		path_of(t, b, sizeof(b), to, name);
		if (rename(a, b))
			error(t, "rename", a);
		else
			t->where[i] = to;
	} else if (op < 9) {		/* mkdir, negatives inside, rmdir */
		snprintf(a, sizeof(a), "%s/t%d/scratch", base, t->id);
		if (mkdir(a, 0755)) {
			error(t, "mkdir", a);
			return;
		}
		for (int k = 0; k < 50; k++) {
			snprintf(b, sizeof(b), "%s/n%d", a, k);
			if (stat(b, &st) == 0 || errno != ENOENT)
				error(t, "stat in scratch", b);
		}
		if (rmdir(a))
			error(t, "rmdir", a);
	} else {			/* positive lookup */
		path_of(t, a, sizeof(a), t->where[i], name);
		if (stat(a, &st))
			error(t, "stat of existing", a);
	}
	t->ops++;
}

static void census(struct thr *t)
{
	char path[4096], buf[64], want[64], name[32];

	for (int i = 0; i < nfiles; i++) {
		int fd, len, wlen;

		if (t->where[i] < 0)
			continue;
		snprintf(name, sizeof(name), "f%d", i);
		path_of(t, path, sizeof(path), t->where[i], name);
		fd = open(path, O_RDONLY);
		wlen = snprintf(want, sizeof(want), "%d:%d:%u\n", t->id, i, t->gen[i]);
		len = fd < 0 ? -1 : read(fd, buf, sizeof(buf));
		if (fd >= 0)
			close(fd);
		if (len != wlen || memcmp(buf, want, wlen)) {
			t->lost++;
			fprintf(stderr, "ndtorture[%d]: %s lost or changed\n", t->id, path);
		}
	}
	for (int d = 0; d < NDIRS; d++) {
		struct dirent *de;
		DIR *dir;

		snprintf(path, sizeof(path), "%s/t%d/d%d", base, t->id, d);
		dir = opendir(path);
		if (!dir) {
			error(t, "opendir", path);
			continue;
		}
		while ((de = readdir(dir))) {
			int i;

			if (de->d_name[0] == '.')
				continue;
			if (sscanf(de->d_name, "f%d", &i) == 1 && i >= 0 &&
			    i < nfiles && t->where[i] == d)
				continue;
			t->extra++;
			fprintf(stderr, "ndtorture[%d]: unexpected %s/%s\n", t->id,
				path, de->d_name);
		}
		closedir(dir);
	}
}

static void *run(void *arg)
{
	struct thr *t = arg;
	time_t end = time(NULL) + seconds;

	while (time(NULL) < end)
		for (int k = 0; k < 100; k++)
			one_op(t);
	census(t);
	return NULL;
}

int main(int argc, char **argv)
{
	long ops = 0, lookups = 0, errors = 0, lost = 0, extra = 0, files = 0;
	int nthreads = 4, opt;
	struct thr *t;
	char path[4096];

	while ((opt = getopt(argc, argv, "d:t:s:f:")) != -1) {
		switch (opt) {
		case 'd': base = optarg; break;
		case 't': nthreads = atoi(optarg); break;
		case 's': seconds = atoi(optarg); break;
		case 'f': nfiles = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: ndtorture -d DIR [-t THREADS] [-s SECONDS] [-f FILES]\n");
			return 2;
		}
	}
	if (nthreads < 1 || nfiles < 1 || seconds < 0)
		return 2;
	t = calloc(nthreads, sizeof(*t));
	for (int k = 0; k < nthreads; k++) {
		t[k].id = k;
		t[k].seed = 12345 + k;
		t[k].where = malloc(nfiles);
		t[k].gen = calloc(nfiles, sizeof(unsigned int));
		memset(t[k].where, -1, nfiles);
		snprintf(path, sizeof(path), "%s/t%d", base, k);
		mkdir(path, 0755);
		for (int d = 0; d < NDIRS; d++) {
			snprintf(path, sizeof(path), "%s/t%d/d%d", base, k, d);
			if (mkdir(path, 0755) && errno != EEXIST) {
				perror(path);
				return 1;
			}
		}
		pthread_create(&t[k].tid, NULL, run, &t[k]);
	}
	for (int k = 0; k < nthreads; k++) {
		pthread_join(t[k].tid, NULL);
		ops += t[k].ops;
		lookups += t[k].lookups;
		errors += t[k].errors;
		lost += t[k].lost;
		extra += t[k].extra;
		for (int i = 0; i < nfiles; i++)
			files += t[k].where[i] >= 0;
	}
	printf("ndtorture threads=%d seconds=%d ops=%ld failed_lookups=%ld files=%ld errors=%ld lost=%ld extra=%ld\n",
	       nthreads, seconds, ops, lookups, files, errors, lost, extra);
	return (errors || lost || extra) ? 1 : 0;
}
