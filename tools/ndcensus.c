// SPDX-License-Identifier: GPL-2.0
/*
 * ndcensus - real files that must survive negative dentry reclaim.
 *
 *   ndcensus create DIR N        create f0..f(N-1), each holding its name
 *   ndcensus churn DIR N ROUNDS  while other things run: rename f<i> away
 *                                and back, create/unlink x<i>
 *   ndcensus verify DIR N        every f<i> stats, opens and holds its
 *                                name; readdir returns exactly f0..f(N-1)
 *
 * verify prints "ndcensus verify files=N stat_ok=.. content_ok=..
 * readdir=.. missing=.. extra=.." and exits 1 on any difference.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_file(const char *dir, const char *name)
{
	char path[4096], buf[64];
	int fd, len;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0)
		return -1;
	len = snprintf(buf, sizeof(buf), "%s\n", name);
	if (write(fd, buf, len) != len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static int create(const char *dir, long n)
{
	char name[64];

	for (long i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "f%ld", i);
		if (write_file(dir, name)) {
			fprintf(stderr, "ndcensus: create %s/%s: %s\n", dir, name,
				strerror(errno));
			return 1;
		}
	}
	printf("ndcensus create files=%ld\n", n);
	return 0;
}

static int churn(const char *dir, long n, long rounds)
{
	char a[4096], b[4096], name[64];
	long ops = 0;

	for (long r = 0; r < rounds; r++) {
		for (long i = 0; i < n; i++) {
			snprintf(a, sizeof(a), "%s/f%ld", dir, i);
			snprintf(b, sizeof(b), "%s/moved-f%ld", dir, i);
			if (rename(a, b) || rename(b, a)) {
				fprintf(stderr, "ndcensus: rename %s: %s\n", a,
					strerror(errno));
				return 1;
			}
			snprintf(name, sizeof(name), "x%ld", i);
			if (write_file(dir, name)) {
				fprintf(stderr, "ndcensus: create x%ld: %s\n", i,
					strerror(errno));
				return 1;
			}
			snprintf(a, sizeof(a), "%s/x%ld", dir, i);
			if (unlink(a)) {
				fprintf(stderr, "ndcensus: unlink %s: %s\n", a,
					strerror(errno));
				return 1;
			}
			ops += 4;
		}
	}
	printf("ndcensus churn ops=%ld\n", ops);
	return 0;
}

static int verify(const char *dir, long n)
{
	long stat_ok = 0, content_ok = 0, seen = 0, extra = 0;
	char path[4096], want[64], buf[64];
	unsigned char *found = calloc(n ? n : 1, 1);
	struct dirent *de;
	struct stat st;
	DIR *d;

	for (long i = 0; i < n; i++) {
		int fd, len, wlen;

		snprintf(path, sizeof(path), "%s/f%ld", dir, i);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			stat_ok++;
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		wlen = snprintf(want, sizeof(want), "f%ld\n", i);
		len = read(fd, buf, sizeof(buf));
		close(fd);
		if (len == wlen && !memcmp(buf, want, len))
			content_ok++;
	}
	d = opendir(dir);
	if (!d) {
		perror(dir);
		return 1;
	}
	while ((de = readdir(d))) {
		char *end;
		long i;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (de->d_name[0] == 'f') {
			i = strtol(de->d_name + 1, &end, 10);
			if (!*end && end != de->d_name + 1 && i >= 0 && i < n &&
			    !found[i]) {
				found[i] = 1;
				seen++;
				continue;
			}
		}
		extra++;
		if (extra <= 5)
			fprintf(stderr, "ndcensus: unexpected entry %s\n",
				de->d_name);
	}
	closedir(d);
	printf("ndcensus verify files=%ld stat_ok=%ld content_ok=%ld readdir=%ld missing=%ld extra=%ld\n",
	       n, stat_ok, content_ok, seen, n - seen, extra);
	return (stat_ok == n && content_ok == n && seen == n && !extra) ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "create"))
		return create(argv[2], atol(argv[3]));
	if (argc >= 5 && !strcmp(argv[1], "churn"))
		return churn(argv[2], atol(argv[3]), atol(argv[4]));
	if (argc >= 4 && !strcmp(argv[1], "verify"))
		return verify(argv[2], atol(argv[3]));
	fprintf(stderr, "usage: ndcensus create|verify DIR N | churn DIR N ROUNDS\n");
	return 2;
}
