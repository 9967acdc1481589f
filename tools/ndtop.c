// SPDX-License-Identifier: GPL-2.0
/*
 * ndtop - where the negative dentries are, and what fs.dentry-dir-max does.
 *
 *   ndtop [-d SECONDS] [-n ROWS] [-c COUNT]     live view, like top
 *   ndtop -1 [-n ROWS]                          one snapshot for scripts
 *
 * Reads /proc/sys/fs/dentry-state (nr_negative, any kernel),
 * /proc/sys/fs/dentry-dir-max, /proc/fs/dcache/negative_stat (counters)
 * and /proc/fs/dcache/negative_dirs (the directories that went over the
 * limit: count, limit, state, device, inode, path in their filesystem).
 * Paths are turned into full paths with /proc/self/mountinfo.
 *
 * The live view shows the counters as rates per second and the top ROWS
 * directories by count (default 20), refreshed every SECONDS (default 1),
 * COUNT times (default: until interrupted).  The one-shot output is
 * "key value" lines, then one line per directory (all, or the first ROWS),
 * most negatives first:
 *
 *   dir COUNT LIMIT STATE DEV INO PATH
 *
 * with PATH escaped as the kernel escapes it (space, tab, newline and
 * backslash as \ooo), so that every line splits on spaces.  On a kernel
 * without the series, only nr_negative is known; ndtop says so.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define STATE_PATH	"/proc/sys/fs/dentry-state"
#define MAX_PATH_FILE	"/proc/sys/fs/dentry-dir-max"
#define STAT_PATH	"/proc/fs/dcache/negative_stat"
#define DIRS_PATH	"/proc/fs/dcache/negative_dirs"
#define MAX_COUNTERS	16

struct counters {
	int n;
	char name[MAX_COUNTERS][32];
	long long value[MAX_COUNTERS];
};

struct dir {
	long count;
	long limit;
	char state[16];
	char dev[32];
	unsigned long ino;
	char *path;		/* full path, escaped */
};

struct mount {
	char dev[32];
	char *root;		/* escaped, as in mountinfo */
	char *point;
};

static struct mount *mounts;
static int nmounts;

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("ndtop");
		exit(1);
	}
	return p;
}

/* nr_negative, the fifth field of dentry-state, or -1 */
static long read_nr_negative(void)
{
	long v[5];
	FILE *f = fopen(STATE_PATH, "r");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%ld %ld %ld %ld %ld", &v[0], &v[1], &v[2], &v[3],
		    &v[4]) == 5;
	fclose(f);
	return ok ? v[4] : -1;
}

/* The first line of @path, without its newline, or "" */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* Return 0, or -1 if the kernel has no negative_stat */
static int read_counters(struct counters *c)
{
	FILE *f = fopen(STAT_PATH, "r");
	char name[32];
	long long v;

	c->n = 0;
	if (!f)
		return -1;
	while (c->n < MAX_COUNTERS && fscanf(f, "%31s %lld", name, &v) == 2) {
		snprintf(c->name[c->n], sizeof(c->name[0]), "%s", name);
		c->value[c->n++] = v;
	}
	fclose(f);
	return 0;
}

static void read_mounts(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char *line = NULL;
	size_t cap = 0;

	for (int i = 0; i < nmounts; i++) {
		free(mounts[i].root);
		free(mounts[i].point);
	}
	nmounts = 0;
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		char dev[32], root[4096], point[4096];
		struct mount *m;

		if (sscanf(line, "%*d %*d %31s %4095s %4095s", dev, root,
			   point) != 3)
			continue;
		mounts = xrealloc(mounts, (nmounts + 1) * sizeof(*mounts));
		m = &mounts[nmounts++];
		snprintf(m->dev, sizeof(m->dev), "%s", dev);
		m->root = strdup(root);
		m->point = strdup(point);
	}
	free(line);
	fclose(f);
}

/*
 * The full path of @path (from the root of the filesystem on @dev): under
 * the shortest mount point of @dev whose root contains it, else "dev:path".
 */
static char *full_path(const char *dev, const char *path)
{
	const struct mount *best = NULL;
	char *out;

	for (int i = 0; i < nmounts; i++) {
		const struct mount *m = &mounts[i];
		size_t rl = strlen(m->root);

		if (strcmp(m->dev, dev))
			continue;
		if (strcmp(m->root, "/") &&
		    (strncmp(path, m->root, rl) ||
		     (path[rl] && path[rl] != '/')))
			continue;
		if (!best || strlen(m->point) < strlen(best->point))
			best = m;
	}
	if (!best) {
		if (asprintf(&out, "%s:%s", dev, path) < 0)
			out = NULL;
	} else {
		const char *rest = strcmp(best->root, "/") ?
				   path + strlen(best->root) : path;

		if (!strcmp(best->point, "/"))
			out = strdup(*rest ? rest : "/");
		else if (asprintf(&out, "%s%s", best->point,
				  strcmp(rest, "/") ? rest : "") < 0)
			out = NULL;
	}
	if (!out) {
		perror("ndtop");
		exit(1);
	}
	return out;
}

static int by_count(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->path, y->path);
}

/* The tracked directories, most negatives first; -1 if not readable */
static int read_dirs(struct dir **dirs, int *n)
{
	FILE *f = fopen(DIRS_PATH, "r");
	char *line = NULL;
	size_t cap = 0;

	*n = 0;
	if (!f)
		return -1;
	read_mounts();
	while (getline(&line, &cap, f) > 0) {
		char state[16], dev[32], path[4096];
		long count, limit;
		unsigned long ino;
		struct dir *d;

		if (sscanf(line, "%ld %ld %15s %31s %lu %4095s", &count, &limit,
			   state, dev, &ino, path) != 6)
			continue;
		*dirs = xrealloc(*dirs, (*n + 1) * sizeof(**dirs));
		d = &(*dirs)[(*n)++];
		d->count = count;
		d->limit = limit;
		snprintf(d->state, sizeof(d->state), "%s", state);
		snprintf(d->dev, sizeof(d->dev), "%s", dev);
		d->ino = ino;
		d->path = full_path(dev, path);
	}
	free(line);
	fclose(f);
	qsort(*dirs, *n, sizeof(**dirs), by_count);
	return 0;
}

static void free_dirs(struct dir *dirs, int n)
{
	for (int i = 0; i < n; i++)
		free(dirs[i].path);
	free(dirs);
}

static int one_shot(int rows)
{
	struct counters c;
	struct dir *dirs = NULL;
	char limit[64];
	int n, ret = 0;

	read_line(MAX_PATH_FILE, limit, sizeof(limit));
	printf("nr_negative %ld\n", read_nr_negative());
	if (!limit[0] || read_counters(&c)) {
		printf("series absent\n");
		return 0;
	}
	printf("limit %s\n", limit);
	for (int i = 0; i < c.n; i++)
		printf("%s %lld\n", c.name[i], c.value[i]);
	if (read_dirs(&dirs, &n)) {
		fprintf(stderr, "ndtop: %s: %s\n", DIRS_PATH, strerror(errno));
		ret = 1;
	}
	for (int i = 0; i < n && (rows <= 0 || i < rows); i++)
		printf("dir %ld %ld %s %s %lu %s\n", dirs[i].count,
		       dirs[i].limit, dirs[i].state, dirs[i].dev, dirs[i].ino,
		       dirs[i].path);
	free_dirs(dirs, n);
	return ret;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long counter(const struct counters *c, const char *name)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->name[i], name))
			return c->value[i];
	return 0;
}

static int live(double interval, int rows, int count)
{
	struct counters prev, cur;
	double t_prev, t_cur;
	int have = read_counters(&prev) == 0;

	t_prev = now_s();
	for (int iter = 0; count <= 0 || iter < count; iter++) {
		struct dir *dirs = NULL;
		char limit[64];
		double dt;
		int n = 0;

		usleep((useconds_t)(interval * 1e6));
		t_cur = now_s();
		dt = t_cur - t_prev;
		read_line(MAX_PATH_FILE, limit, sizeof(limit));
		printf("\033[H\033[J");
		printf("ndtop - negative dentries   nr_negative %ld   "
		       "fs.dentry-dir-max %s\n", read_nr_negative(),
		       limit[0] ? limit : "(absent)");
		if (!have || read_counters(&cur)) {
			printf("\nThis kernel does not account negative dentries "
			       "per directory:\nonly the system-wide count above "
			       "is known.\n");
			fflush(stdout);
			t_prev = t_cur;
			continue;
		}
		printf("per second: reclaimed %.0f  killed %.0f  passes %.0f  "
		       "scanned %.0f  second chances %.0f  queue failed %.0f\n",
		       (counter(&cur, "reclaimed") - counter(&prev, "reclaimed")) / dt,
		       (counter(&cur, "killed") - counter(&prev, "killed")) / dt,
		       (counter(&cur, "passes") - counter(&prev, "passes")) / dt,
		       (counter(&cur, "scanned") - counter(&prev, "scanned")) / dt,
		       (counter(&cur, "second_chances") -
			counter(&prev, "second_chances")) / dt,
		       (counter(&cur, "queue_failed") -
			counter(&prev, "queue_failed")) / dt);
		printf("directories over the limit: %lld now, %lld tracked\n\n",
		       counter(&cur, "dirs_queued"),
		       counter(&cur, "dirs_tracked"));
		if (read_dirs(&dirs, &n))
			printf("%s: %s\n", DIRS_PATH, strerror(errno));
		printf("%10s %10s %-7s %s\n", "NEGATIVE", "LIMIT", "STATE",
		       "DIRECTORY");
		for (int i = 0; i < n && i < rows; i++)
			printf("%10ld %10ld %-7s %s\n", dirs[i].count,
			       dirs[i].limit, dirs[i].state, dirs[i].path);
		fflush(stdout);
		free_dirs(dirs, n);
		prev = cur;
		t_prev = t_cur;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: ndtop [-d SECONDS] [-n ROWS] [-c COUNT]\n"
			"       ndtop -1 [-n ROWS]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double interval = 1;
	int rows = -1, count = 0, once = 0, opt;
	char *end;

	while ((opt = getopt(argc, argv, "1d:n:c:")) != -1) {
		switch (opt) {
		case '1':
			once = 1;
			break;
		case 'd':
			interval = strtod(optarg, &end);
			if (*end || interval <= 0)
				usage();
			break;
		case 'n':
			rows = strtol(optarg, &end, 10);
			if (*end || rows < 0)
				usage();
			break;
		case 'c':
			count = strtol(optarg, &end, 10);
			if (*end || count < 0)
				usage();
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (once)
		return one_shot(rows);
	return live(interval, rows < 0 ? 20 : rows, count);
}
