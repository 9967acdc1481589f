// SPDX-License-Identifier: GPL-2.0
/*
 * ndtop - which directories hold negative dentries, and what
 * fs.dentry-dir-max does about it, like top.
 *
 *   ndtop [-b] [-d SECONDS] [-n REFRESHES] [-r ROWS] [-s KEY]   live view
 *   ndtop -1 [-r ROWS]                                          one snapshot
 *
 * Reads /proc/sys/fs/dentry-dir-max (the limit, 0 = off),
 * /proc/sys/fs/dentry-state (nr_negative, field 5, any kernel) and the
 * series' debugfs files (mounting debugfs if root and it is not mounted):
 *
 *   /sys/kernel/debug/dcache/negative_stat   "reclaimed N", "killed N",
 *                                            "scanned N": counts since boot
 *   /sys/kernel/debug/dcache/negative_dirs   "COUNT MAJ:MIN INO", one line
 *                                            per directory with counted
 *                                            negative dentries
 *
 * The kernel gives no paths.  For the rows shown, ndtop looks for each
 * inode under the mount points of its device (/proc/self/mountinfo) with
 * a breadth-first walk of at most WALK_MAX_DIRS directories per device
 * that stays on that filesystem and stat()s no files: readdir()'s d_type
 * and d_ino say which entries are directories and which inode each is.
 * A path found is kept while the directory stays listed and still has that
 * inode; one not found shows as "?".
 *
 * The live view shows the counters with their rates per second, then one
 * row per directory: count, change per second since the last refresh,
 * device, inode, path; fitted to the terminal unless in batch mode.  On
 * a terminal, "q" quits (the terminal is read a key at a time, without
 * echo, and restored on exit or SIGINT/SIGTERM/SIGHUP).
 *
 * The snapshot (-1) is plain "key value" lines, then the directories, most
 * negative dentries first, with the path escaped as the kernel escapes
 * mount points (space, tab, newline, backslash as \ooo) so that every line
 * splits on spaces:
 *
 *   nr_negative N
 *   limit L | limit off
 *   reclaimed N
 *   killed N
 *   scanned N
 *   dir COUNT MAJ:MIN INO PATH
 *
 * On a kernel without fs.dentry-dir-max it prints nr_negative and
 * "series absent".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define STATE_FILE	"/proc/sys/fs/dentry-state"
#define MAX_FILE	"/proc/sys/fs/dentry-dir-max"
#define DEBUGFS		"/sys/kernel/debug"
#define DCACHE_DIR	DEBUGFS "/dcache"
#define STAT_FILE	DCACHE_DIR "/negative_stat"
#define DIRS_FILE	DCACHE_DIR "/negative_dirs"
#define DEBUGFS_MAGIC	0x64626720
/* A bound on the cost of naming one device's directories, per search */
#define WALK_MAX_DIRS	20000

enum { RECLAIMED, KILLED, SCANNED, NR_COUNTERS };
static const char *const counter_names[NR_COUNTERS] = {
	"reclaimed", "killed", "scanned"
};

struct dir {
	unsigned long count;
	unsigned int major, minor;
	unsigned long ino;
	long prev;		/* count at the last refresh, -1 if unknown */
	bool searched;		/* path looked for: NULL path means "?" */
	char *path;		/* unescaped; owned */
};

/* One reading of everything the kernel tells */
struct sample {
	double t;			/* CLOCK_MONOTONIC seconds */
	long nr_negative;		/* -1 if unknown */
	long limit;			/* -1: no fs.dentry-dir-max */
	bool have_stats;		/* the debugfs files could be read */
	unsigned long long counter[NR_COUNTERS];
	struct dir *dirs;
	size_t ndirs;
};

struct mount {
	unsigned int major, minor;
	char *root;		/* of the mount in its filesystem */
	char *point;		/* unescaped */
};

static struct {
	bool once, batch;
	bool by_change;		/* -s change: fastest-growing first */
	double delay;
	long refreshes;		/* 0: until interrupted */
	long rows;		/* 0: all, or what the terminal fits */
} opt = { .delay = 1.0 };

/* Why the debugfs files cannot be read, once one read failed */
static char why_blind[256];

static void die_oom(void)
{
	perror("ndtop");
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die_oom();
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die_oom();
	return p;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ----- reading the kernel ---------------------------------------------- */

/* nr_negative, the fifth field of dentry-state, or -1 */
static long read_nr_negative(void)
{
	FILE *f = fopen(STATE_FILE, "r");
	long v[5];
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%ld %ld %ld %ld %ld", &v[0], &v[1], &v[2], &v[3],
		    &v[4]) == 5;
	fclose(f);
	return ok ? v[4] : -1;
}

/* fs.dentry-dir-max, or -1 if this kernel has no such sysctl */
static long read_limit(void)
{
	FILE *f = fopen(MAX_FILE, "r");
	long v;
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%ld", &v) == 1;
	fclose(f);
	return ok ? v : -1;
}

static bool is_debugfs(const char *path)
{
	struct statfs sfs;

	return statfs(path, &sfs) == 0 && sfs.f_type == DEBUGFS_MAGIC;
}

/*
 * The series' files live in debugfs, which a system need not mount: mount
 * it when root can.  Whatever fails here is explained by explain_blind()
 * when a read fails, so errors are not reported twice.
 */
static void mount_debugfs(void)
{
	if (access(MAX_FILE, F_OK))	/* no series: nothing to see there */
		return;
	if (access(DCACHE_DIR, F_OK) == 0 || errno != ENOENT ||
	    geteuid() != 0 || is_debugfs(DEBUGFS))
		return;
	if (mount("debugfs", DEBUGFS, "debugfs", 0, NULL))
		snprintf(why_blind, sizeof(why_blind),
			 "cannot mount debugfs on %s: %s%s", DEBUGFS,
			 strerror(errno),
			 errno == ENODEV ? " (kernel without CONFIG_DEBUG_FS)"
					 : "");
}

/* Say in why_blind why @file (which failed with @err) cannot be read */
static void explain_blind(const char *file, int err)
{
	struct stat st;

	if (why_blind[0])	/* mount_debugfs() already knows */
		return;
	if (err == EACCES || err == EPERM ||
	    (stat(DCACHE_DIR, &st) && (errno == EACCES || errno == EPERM)))
		snprintf(why_blind, sizeof(why_blind),
			 "%s is readable by root only: run ndtop as root",
			 DEBUGFS);
	else if (!is_debugfs(DEBUGFS))
		snprintf(why_blind, sizeof(why_blind),
			 "debugfs is not mounted on %s, and only root can "
			 "mount it", DEBUGFS);
	else if (stat(DCACHE_DIR, &st))
		snprintf(why_blind, sizeof(why_blind),
			 "this kernel has no %s (debugfs restricted?)",
			 DCACHE_DIR);
	else if (err == ENOENT)
		snprintf(why_blind, sizeof(why_blind),
			 "this kernel has no %s (an older version of the "
			 "series?)", file);
	else
		snprintf(why_blind, sizeof(why_blind), "%s: %s", file,
			 strerror(err));
}

/* The three counters; false (and why_blind set) if they cannot be read */
static bool read_counters(unsigned long long counter[NR_COUNTERS])
{
	bool seen[NR_COUNTERS] = { false };
	FILE *f = fopen(STAT_FILE, "r");
	unsigned long long v;
	char name[32];

	if (!f) {
		explain_blind(STAT_FILE, errno);
		return false;
	}
	while (fscanf(f, "%31s %llu", name, &v) == 2) {
		for (int i = 0; i < NR_COUNTERS; i++) {
			if (!strcmp(name, counter_names[i])) {
				counter[i] = v;
				seen[i] = true;
			}
		}
	}
	fclose(f);
	for (int i = 0; i < NR_COUNTERS; i++) {
		if (!seen[i]) {
			snprintf(why_blind, sizeof(why_blind),
				 "%s has no \"%s\" line: not the format "
				 "ndtop knows", STAT_FILE, counter_names[i]);
			return false;
		}
	}
	return true;
}

/* The listed directories, unsorted; false (why_blind set) if unreadable */
static bool read_dirs(struct dir **dirs, size_t *n)
{
	FILE *f = fopen(DIRS_FILE, "r");
	char *line = NULL;
	size_t cap = 0, alloc = 0;

	*dirs = NULL;
	*n = 0;
	if (!f) {
		explain_blind(DIRS_FILE, errno);
		return false;
	}
	while (getline(&line, &cap, f) > 0) {
		struct dir d = { .prev = -1 };

		if (sscanf(line, "%lu %u:%u %lu", &d.count, &d.major,
			   &d.minor, &d.ino) != 4)
			continue;
		if (*n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			*dirs = xrealloc(*dirs, alloc * sizeof(**dirs));
		}
		(*dirs)[(*n)++] = d;
	}
	free(line);
	fclose(f);
	return true;
}

static void free_sample(struct sample *s)
{
	for (size_t i = 0; i < s->ndirs; i++)
		free(s->dirs[i].path);
	free(s->dirs);
	s->dirs = NULL;
	s->ndirs = 0;
}

static void take_sample(struct sample *s)
{
	memset(s, 0, sizeof(*s));
	s->t = now_s();
	s->nr_negative = read_nr_negative();
	s->limit = read_limit();
	s->have_stats = s->limit >= 0 && read_counters(s->counter) &&
			read_dirs(&s->dirs, &s->ndirs);
}

/* ----- carrying counts and paths over from the last refresh ------------ */

static int by_key(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;

	if (x->major != y->major)
		return x->major < y->major ? -1 : 1;
	if (x->minor != y->minor)
		return x->minor < y->minor ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return 0;
}

static int by_count(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return by_key(a, b);
}

/* Growth since the last refresh, most first; then by count */
static int by_change(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;
	long dx = (long)x->count - (x->prev < 0 ? (long)x->count : x->prev);
	long dy = (long)y->count - (y->prev < 0 ? (long)y->count : y->prev);

	if (dx != dy)
		return dx < dy ? 1 : -1;
	return by_count(a, b);
}

/*
 * Give each directory of @cur its count and path in @prev.  The paths are
 * moved, not copied: @prev is the cache, and a directory that left the
 * list leaves it (its inode number may be reused).  A directory that is
 * new since @prev had no counted negative dentries then, hence 0.
 */
static void carry_over(struct sample *cur, struct sample *prev)
{
	qsort(prev->dirs, prev->ndirs, sizeof(*prev->dirs), by_key);
	for (size_t i = 0; i < cur->ndirs; i++) {
		struct dir *d = &cur->dirs[i];
		struct dir *p = bsearch(d, prev->dirs, prev->ndirs,
					sizeof(*d), by_key);

		d->prev = p ? (long)p->count : 0;
		if (p) {
			d->searched = p->searched;
			d->path = p->path;
			p->path = NULL;
		}
	}
}

/* ----- naming directories ---------------------------------------------- */

/* mountinfo escapes space, tab, newline and backslash as \ooo */
static char *unescape(const char *s)
{
	char *out = xstrdup(s), *o = out;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 |
			       (s[3] - '0');
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

/*
 * The mounts of the system, those of a whole filesystem (root "/") first,
 * then shorter mount points first: the most likely to hold a directory
 * under a short path.
 */
static int mount_order(const void *a, const void *b)
{
	const struct mount *x = a, *y = b;
	int xr = strcmp(x->root, "/") != 0, yr = strcmp(y->root, "/") != 0;

	if (xr != yr)
		return xr - yr;
	return (strlen(x->point) > strlen(y->point)) -
	       (strlen(x->point) < strlen(y->point));
}

static struct mount *read_mounts(size_t *n)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	struct mount *mounts = NULL;
	char *line = NULL;
	size_t cap = 0;

	*n = 0;
	if (!f)
		return NULL;
	while (getline(&line, &cap, f) > 0) {
		char root[4096], point[4096];
		struct mount m;

		/* id parent major:minor root point ... */
		if (sscanf(line, "%*d %*d %u:%u %4095s %4095s", &m.major,
			   &m.minor, root, point) != 4)
			continue;
		m.root = unescape(root);
		m.point = unescape(point);
		mounts = xrealloc(mounts, (*n + 1) * sizeof(*mounts));
		mounts[(*n)++] = m;
	}
	free(line);
	fclose(f);
	qsort(mounts, *n, sizeof(*mounts), mount_order);
	return mounts;
}

static void free_mounts(struct mount *mounts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(mounts[i].root);
		free(mounts[i].point);
	}
	free(mounts);
}

static char *join(const char *dir, const char *name)
{
	char *out;

	if (asprintf(&out, "%s%s%s", dir,
		     dir[strlen(dir) - 1] == '/' ? "" : "/", name) < 0)
		die_oom();
	return out;
}

static int by_ino(const void *a, const void *b)
{
	const struct dir *x = *(struct dir *const *)a;
	const struct dir *y = *(struct dir *const *)b;

	return (x->ino > y->ino) - (x->ino < y->ino);
}

/* The wanted directory with inode @ino and no path yet, or NULL */
static struct dir *wanted(struct dir **want, size_t n, unsigned long ino)
{
	struct dir key = { .ino = ino }, *k = &key, **w;

	w = bsearch(&k, want, n, sizeof(*want), by_ino);
	return w && !(*w)->path ? *w : NULL;
}

/*
 * Look for the directories @want (sorted by inode, all on the device of
 * want[0]) under mount point @point, breadth first, without leaving its
 * filesystem, opening at most *@budget directories.  A d_ino that matches
 * is confirmed with a stat of that one entry: a mount point's d_ino is
 * that of the directory it covers.  Return how many are still to find.
 */
static size_t walk_mount(const char *point, struct dir **want, size_t nwant,
			 size_t left, long *budget)
{
	char **queue = NULL;
	size_t head = 0, tail = 0, cap;
	struct stat st;
	dev_t dev;
	struct dir *d;

	/* something else mounted over it hides it */
	if (stat(point, &st) || !S_ISDIR(st.st_mode) ||
	    major(st.st_dev) != want[0]->major ||
	    minor(st.st_dev) != want[0]->minor)
		return left;
	dev = st.st_dev;
	d = wanted(want, nwant, st.st_ino);
	if (d) {
		d->path = xstrdup(point);
		left--;
	}
	queue = xrealloc(queue, (cap = 64) * sizeof(*queue));
	queue[tail++] = xstrdup(point);
	while (head < tail && left && *budget > 0) {
		char *path = queue[head++];
		DIR *dp = opendir(path);
		struct dirent *e;

		(*budget)--;
		/* another filesystem mounted here: not ours to walk */
		if (!dp || fstat(dirfd(dp), &st) || st.st_dev != dev) {
			if (dp)
				closedir(dp);
			free(path);
			continue;
		}
		while (left && (e = readdir(dp))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			if (e->d_type == DT_UNKNOWN &&
			    (fstatat(dirfd(dp), e->d_name, &st,
				     AT_SYMLINK_NOFOLLOW) ||
			     !S_ISDIR(st.st_mode)))
				continue;
			if (e->d_type != DT_UNKNOWN && e->d_type != DT_DIR)
				continue;
			d = wanted(want, nwant, e->d_ino);
			if (d && !fstatat(dirfd(dp), e->d_name, &st,
					  AT_SYMLINK_NOFOLLOW) &&
			    st.st_dev == dev && st.st_ino == d->ino) {
				d->path = join(path, e->d_name);
				left--;
			}
			/* no more waiting than the budget can open */
			if (tail - head < (size_t)*budget) {
				if (tail == cap)
					queue = xrealloc(queue, (cap *= 2) *
							 sizeof(*queue));
				queue[tail++] = join(path, e->d_name);
			}
		}
		closedir(dp);
		free(path);
	}
	while (head < tail)
		free(queue[head++]);
	free(queue);
	return left;
}

/* Look for @want (all on one device) under each mount of that device */
static void search_device(struct dir **want, size_t nwant,
			  const struct mount *mounts, size_t nmounts)
{
	long budget = WALK_MAX_DIRS;
	size_t left = nwant;

	qsort(want, nwant, sizeof(*want), by_ino);
	for (size_t i = 0; i < nmounts && left && budget > 0; i++) {
		if (mounts[i].major == want[0]->major &&
		    mounts[i].minor == want[0]->minor)
			left = walk_mount(mounts[i].point, want, nwant, left,
					  &budget);
	}
	for (size_t i = 0; i < nwant; i++)
		want[i]->searched = true;
}

/* Is @d's cached path still that directory?  (It may have been renamed.) */
static bool path_holds(const struct dir *d)
{
	struct stat st;

	return d->path && !lstat(d->path, &st) && S_ISDIR(st.st_mode) &&
	       st.st_ino == d->ino && major(st.st_dev) == d->major &&
	       minor(st.st_dev) == d->minor;
}

/*
 * Name the first @n directories of @dirs: those whose path is not known
 * (or no longer holds) are searched for, one walk per device.
 */
static void resolve_paths(struct dir *dirs, size_t n)
{
	struct dir **want = NULL;
	struct mount *mounts = NULL;
	size_t nmounts = 0, nwant;
	bool *done = xrealloc(NULL, n + 1);

	for (size_t i = 0; i < n; i++) {
		done[i] = dirs[i].searched && (!dirs[i].path ||
					       path_holds(&dirs[i]));
		if (!done[i]) {
			free(dirs[i].path);
			dirs[i].path = NULL;
			dirs[i].searched = false;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (done[i])
			continue;
		if (!mounts)
			mounts = read_mounts(&nmounts);
		want = xrealloc(want, n * sizeof(*want));
		nwant = 0;
		for (size_t j = i; j < n; j++) {
			if (!done[j] && dirs[j].major == dirs[i].major &&
			    dirs[j].minor == dirs[i].minor) {
				want[nwant++] = &dirs[j];
				done[j] = true;
			}
		}
		search_device(want, nwant, mounts, nmounts);
	}
	free(done);
	free(want);
	free_mounts(mounts, nmounts);
}

/* ----- output ---------------------------------------------------------- */

/* @path with space, tab, newline and backslash as \ooo, to stdout */
static void put_escaped(const char *path)
{
	for (; *path; path++) {
		if (strchr(" \t\n\\", *path))
			printf("\\%03o", (unsigned char)*path);
		else
			putchar(*path);
	}
}

static void put_path(const struct dir *d)
{
	if (d->path)
		put_escaped(d->path);
	else
		putchar('?');
}

static size_t shown(size_t ndirs, long rows)
{
	return rows > 0 && (size_t)rows < ndirs ? (size_t)rows : ndirs;
}

static int snapshot(void)
{
	struct sample s;
	size_t n;

	take_sample(&s);
	printf("nr_negative %ld\n", s.nr_negative);
	if (s.limit < 0) {
		printf("series absent\n");
		return 0;
	}
	if (s.limit)
		printf("limit %ld\n", s.limit);
	else
		printf("limit off\n");
	if (!s.have_stats) {
		fflush(stdout);
		fprintf(stderr, "ndtop: %s\n", why_blind);
		free_sample(&s);
		return 1;
	}
	for (int i = 0; i < NR_COUNTERS; i++)
		printf("%s %llu\n", counter_names[i], s.counter[i]);
	qsort(s.dirs, s.ndirs, sizeof(*s.dirs), by_count);
	n = shown(s.ndirs, opt.rows);
	resolve_paths(s.dirs, n);
	for (size_t i = 0; i < n; i++) {
		const struct dir *d = &s.dirs[i];

		printf("dir %lu %u:%u %lu ", d->count, d->major, d->minor,
		       d->ino);
		put_path(d);
		putchar('\n');
	}
	free_sample(&s);
	return 0;
}

/* Terminal lines, or 0 when not writing to a terminal */
static int term_lines(void)
{
	struct winsize ws;

	if (opt.batch || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) || !ws.ws_row)
		return 0;
	return ws.ws_row;
}

static void sleep_s(double s)
{
	struct timespec ts = { .tv_sec = (time_t)s };

	ts.tv_nsec = (long)((s - ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ----- "q" to quit: the terminal a key at a time ----------------------- */

static struct termios saved_tty;
static bool tty_raw, keys_gone;

static void restore_tty(void)
{
	if (tty_raw)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
}

static void quit_on_signal(int sig)
{
	restore_tty();		/* tcsetattr() is async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Keys without Enter and without echo, when the input is a terminal */
static void keys_raw(void)
{
	struct termios t;

	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved_tty))
		return;
	t = saved_tty;
	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSANOW, &t))
		return;
	tty_raw = true;
	atexit(restore_tty);
	signal(SIGINT, quit_on_signal);
	signal(SIGTERM, quit_on_signal);
	signal(SIGHUP, quit_on_signal);
}

/* Wait @s seconds; false if "q" was pressed meanwhile */
static bool wait_or_quit(double s)
{
	double end = now_s() + s;

	if (!tty_raw || keys_gone) {
		sleep_s(s);
		return true;
	}
	for (double left = s; left > 0; left = end - now_s()) {
		struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
		char c;
		int ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;

		if (poll(&pfd, 1, ms) <= 0)
			continue;
		if (read(STDIN_FILENO, &c, 1) != 1) {
			keys_gone = true;	/* sleep from now on */
			sleep_s(end - now_s() > 0 ? end - now_s() : 0);
			return true;
		}
		if (c == 'q' || c == 'Q')
			return false;
	}
	return true;
}

/* The header of a refresh; returns the number of lines printed */
static int show_header(const struct sample *s, const struct sample *prev)
{
	double dt = s->t - prev->t;
	char clock[16];
	time_t t = time(NULL);
	int lines = 2;

	strftime(clock, sizeof(clock), "%H:%M:%S", localtime(&t));
	printf("ndtop %s - negative dentries   nr_negative %ld   ", clock,
	       s->nr_negative);
	if (s->limit < 0)
		printf("fs.dentry-dir-max absent\n\n");
	else if (!s->limit)
		printf("fs.dentry-dir-max off\n\n");
	else
		printf("fs.dentry-dir-max %ld\n\n", s->limit);
	if (s->limit < 0) {
		printf("This kernel does not account negative dentries per "
		       "directory:\nonly nr_negative, system wide, is "
		       "known.\n");
		return lines + 2;
	}
	if (!s->have_stats) {
		printf("No counters or directories: %s.\n", why_blind);
		return lines + 1;
	}
	for (int i = 0; i < NR_COUNTERS; i++) {
		printf("%-10s %14llu", counter_names[i], s->counter[i]);
		if (prev->have_stats)
			printf("  %+12.0f/s\n", ((double)s->counter[i] -
						  prev->counter[i]) / dt);
		else
			printf("  %12s/s\n", "-");
	}
	printf("%zu director%s with counted negative dentries\n\n",
	       s->ndirs, s->ndirs == 1 ? "y" : "ies");
	return lines + NR_COUNTERS + 2;
}

/* The table; @room is the lines it may take, or -1 for no bound */
static void show_dirs(struct sample *s, double dt, int room)
{
	size_t n = shown(s->ndirs, opt.rows);

	/* keep the last line for "N more" when the screen cannot hold all */
	if (room >= 0 && (size_t)room < n + 1)
		n = room > 2 ? (size_t)room - 2 : 0;
	resolve_paths(s->dirs, n);
	printf("%10s %11s %9s %10s  %s\n", "NEGATIVE", "CHANGE/s", "DEVICE",
	       "INODE", "DIRECTORY");
	for (size_t i = 0; i < n; i++) {
		const struct dir *d = &s->dirs[i];
		char dev[24];

		snprintf(dev, sizeof(dev), "%u:%u", d->major, d->minor);
		printf("%10lu ", d->count);
		if (d->prev >= 0)
			printf("%+11.0f ", ((double)d->count - d->prev) / dt);
		else
			printf("%11s ", "-");
		printf("%9s %10lu  ", dev, d->ino);
		put_path(d);
		putchar('\n');
	}
	if (n < s->ndirs)
		printf("%10s (%zu more)\n", "", s->ndirs - n);
}

/*
 * Refresh every opt.delay seconds, each showing what changed since the
 * last (the first, since the start), so that every rate is measured.
 */
static int live(void)
{
	struct sample prev, cur;

	if (!opt.batch)
		keys_raw();
	take_sample(&prev);
	for (long iter = 0; !opt.refreshes || iter < opt.refreshes; iter++) {
		int lines = term_lines(), used;

		if (!wait_or_quit(opt.delay))
			break;
		take_sample(&cur);
		if (cur.have_stats) {
			if (prev.have_stats)
				carry_over(&cur, &prev);
			qsort(cur.dirs, cur.ndirs, sizeof(*cur.dirs),
			      opt.by_change ? by_change : by_count);
		}
		if (lines)
			printf("\033[H\033[J");
		else if (iter)
			putchar('\n');
		used = show_header(&cur, &prev);
		if (cur.have_stats)
			show_dirs(&cur, cur.t - prev.t,
				  lines ? lines - used - 1 : -1);
		fflush(stdout);
		free_sample(&prev);
		prev = cur;
	}
	free_sample(&prev);
	return 0;
}

/* ----- options --------------------------------------------------------- */

static void usage(FILE *f)
{
	fprintf(f,
"usage: ndtop [-b] [-d SECONDS] [-n REFRESHES] [-r ROWS] [-s KEY]\n"
"       ndtop -1 [-r ROWS]\n"
"Show the directories holding counted negative dentries, most first, and\n"
"what fs.dentry-dir-max did (reclaimed, killed, scanned), like top.\n"
"\n"
"  -1            print one snapshot as \"key value\" and \"dir COUNT\n"
"                MAJ:MIN INO PATH\" lines, for scripts, and exit;\n"
"                -o is the same\n"
"  -b            batch: no screen clearing, all rows (the default when\n"
"                output is not a terminal)\n"
"  -d SECONDS    delay between refreshes (default 1; fractions allowed)\n"
"  -n REFRESHES  exit after this many refreshes (default: never);\n"
"                -c is the same\n"
"  -r ROWS       show at most ROWS directories (default: all in batch\n"
"                mode and with -1, what fits on the terminal otherwise)\n"
"  -s KEY        order of the rows: count (default, most negative\n"
"                dentries first) or change (fastest-growing first)\n"
"  -h, --help    show this help\n"
"\n"
"On a terminal, q quits.\n"
"Needs root: the counters and the directory list are in debugfs\n"
"(" DCACHE_DIR "), which ndtop mounts if it is not mounted.\n"
"Paths are found by a walk of at most %d directories per device;\n"
"\"?\" marks one not found.\n", WALK_MAX_DIRS);
}

__attribute__((format(printf, 1, 2), noreturn))
static void bad_usage(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ndtop: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'ndtop --help' for more information.\n");
	exit(1);
}

/* A positive whole number for option @o, or exit */
static long positive(const char *arg, const char *o)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end || errno || v < 1)
		bad_usage("%s needs a whole number >= 1, not '%s'", o, arg);
	return v;
}

static void parse_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool timed = false, sorted = false;
	char *end;
	int c;

	opterr = 0;	/* our own messages, with the way to --help */
	while ((c = getopt_long(argc, argv, ":1obd:n:c:r:s:h", longopts,
				NULL)) != -1) {
		switch (c) {
		case '1':
		case 'o':
			opt.once = true;
			break;
		case 'b':
			opt.batch = true;
			break;
		case 'd':
			errno = 0;
			opt.delay = strtod(optarg, &end);
			/* nanosleep() takes no more than a time_t of seconds */
			if (end == optarg || *end || errno ||
			    !isfinite(opt.delay) || opt.delay <= 0 ||
			    opt.delay > 1e9)
				bad_usage("-d needs a number of seconds > 0, "
					  "not '%s'", optarg);
			timed = true;
			break;
		case 'n':
		case 'c':
			opt.refreshes = positive(optarg, c == 'n' ? "-n" : "-c");
			timed = true;
			break;
		case 'r':
			opt.rows = positive(optarg, "-r");
			break;
		case 's':
			if (!strcmp(optarg, "change"))
				opt.by_change = true;
			else if (strcmp(optarg, "count"))
				bad_usage("-s takes count or change, not '%s'",
					  optarg);
			sorted = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case ':':
			bad_usage("option -%c needs a value", optopt);
		default:
			/* a long option's error sets optopt to its short one */
			if (optopt && optopt != 'h')
				bad_usage("unknown option -%c", optopt);
			bad_usage("bad option %s", argv[optind - 1]);
		}
	}
	if (optind < argc)
		bad_usage("unexpected argument '%s'", argv[optind]);
	/* -n was the row count before -n became top's refresh count */
	if (opt.once && (timed || sorted))
		bad_usage("-1 prints one snapshot, highest count first: it "
			  "takes no -d, -n, -c or -s (-r ROWS limits the rows)");
	if (!isatty(STDOUT_FILENO))
		opt.batch = true;
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	mount_debugfs();
	return opt.once ? snapshot() : live();
}
