/*
 * prune: --keep N and --keep-bytes SIZE, a spool directory that never
 * fills.
 *
 * After a bundle is written, the oldest bundles in its directory go until
 * at most N remain and they hold at most SIZE bytes together (the one just
 * written counts and is never removed). Only names the collector gives a
 * bundle are candidates (oomtrail-<cluster>-<job>-<host>-<yyyymmddThhmmssZ>
 * .tar.zst, regular files, not links); a bundle's pseudonym map
 * (<bundle>.map.json) goes with it. Temporary files (".NAME.tmp.XXXXXX",
 * spools) start with a dot and are never candidates, so a bundle another
 * collector is still writing is safe. Age is the time in the name, then
 * the name. Collectors sharing a directory (%j, a shared spool) take an
 * exclusive flock on the directory while they list and unlink, so two of
 * them never count the same files twice. Never prints, never exits.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define PRUNE_MAX	65536	/* bundles looked at in one directory */
#define LOCK_WAIT_MS	10000

struct cand {
	char		*name;
	const char	*stamp;		/* into name */
	uint64_t	 bytes;		/* bundle + map */
};

/* "-20261130T075501Z.tar.zst" at the end of "oomtrail-...". */
int
prune_is_bundle(const char *name)
{
	static const char	suf[] = ".tar.zst";
	size_t			n = strlen(name), s;

	if (strncmp(name, "oomtrail-", 9) != 0 || strchr(name, '/') != NULL ||
	    n < 9 + 17 + sizeof(suf) - 1 ||
	    strcmp(name + n - (sizeof(suf) - 1), suf) != 0)
		return 0;
	s = n - (sizeof(suf) - 1) - 17;	/* "-yyyymmddThhmmssZ" */
	if (name[s] != '-' || name[s + 9] != 'T' || name[s + 16] != 'Z')
		return 0;
	for (size_t i = 1; i < 16; i++)
		if (i != 9 && !isdigit((unsigned char)name[s + i]))
			return 0;
	return 1;
}

static int
cmp_age(const void *a, const void *b)
{
	const struct cand	*x = a, *y = b;
	int			 c = strcmp(x->stamp, y->stamp);

	return c != 0 ? c : strcmp(x->name, y->name);
}

static uint64_t
size_at(int dfd, const char *name)
{
	struct stat	st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
}

/* The bundles in dfd, oldest first; self excluded (*self_n: 1 when it is
 * there, with its bytes in *self_b; a peer may have pruned it already). */
static int
list(int dfd, const char *self, struct cand **out, size_t *n,
    uint64_t *self_b, uint64_t *self_n)
{
	struct cand	*v = NULL, *nv;
	struct dirent	*d;
	struct stat	 st;
	char		 map[NAME_MAX + 16];
	DIR		*dp;
	int		 fd2;
	size_t		 cap = 0;

	*n = 0;
	*self_b = *self_n = 0;
	if ((fd2 = dup(dfd)) == -1 || (dp = fdopendir(fd2)) == NULL)
		return fd2 != -1 ? close(fd2), -1 : -1;
	rewinddir(dp);
	while ((d = readdir(dp)) != NULL && *n < PRUNE_MAX) {
		if (!prune_is_bundle(d->d_name) || fstatat(dfd, d->d_name,
		    &st, AT_SYMLINK_NOFOLLOW) == -1 || !S_ISREG(st.st_mode))
			continue;
		snprintf(map, sizeof(map), "%s.map.json", d->d_name);
		if (strcmp(d->d_name, self) == 0) {
			*self_b = (uint64_t)st.st_size + size_at(dfd, map);
			*self_n = 1;
			continue;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL)
				break;
			v = nv;
		}
		if ((v[*n].name = strdup(d->d_name)) == NULL)
			break;
		v[*n].stamp = v[*n].name + strlen(v[*n].name) - 24;
		v[*n].bytes = (uint64_t)st.st_size + size_at(dfd, map);
		(*n)++;
	}
	closedir(dp);
	qsort(v, *n, sizeof(*v), cmp_age);
	*out = v;
	return 0;
}

/* flock(LOCK_EX) with a bounded wait: a stuck peer must not hang us. */
static int
lock_dir(int dfd)
{
	struct timespec	ts = { 0, 50 * NS_PER_MS };

	for (int waited = 0; waited < LOCK_WAIT_MS; waited += 50) {
		if (flock(dfd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -1;
		nanosleep(&ts, NULL);
	}
	errno = ETIMEDOUT;
	return -1;
}

enum err_code
prune_bundles(const char *dir, const char *self, uint64_t keep,
    uint64_t keep_bytes, uint64_t *pruned, uint64_t *pruned_bytes,
    struct err *e)
{
	struct cand	*v = NULL;
	size_t		 n = 0, i;
	uint64_t	 total, count;
	char		 map[NAME_MAX + 16];
	int		 dfd;

	*pruned = *pruned_bytes = 0;
	if (keep == 0 && keep_bytes == 0)
		return ERR_OK;
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return ERR(e, ERR_IO, "%s: %s", dir, strerror(errno));
	if (lock_dir(dfd) == -1) {
		close(dfd);
		return ERR(e, ERR_IO, "flock %s: %s", dir, strerror(errno));
	}
	if (list(dfd, self, &v, &n, &total, &count) == -1) {
		close(dfd);
		return ERR(e, ERR_IO, "%s: %s", dir, strerror(errno));
	}
	for (i = 0; i < n; i++) {
		total += v[i].bytes;
		count++;
	}
	for (i = 0; i < n && ((keep > 0 && count > keep) ||
	    (keep_bytes > 0 && total > keep_bytes)); i++) {
		if (unlinkat(dfd, v[i].name, 0) == -1 && errno != ENOENT)
			continue;
		snprintf(map, sizeof(map), "%s.map.json", v[i].name);
		unlinkat(dfd, map, 0);
		count--;
		total -= v[i].bytes;
		(*pruned)++;
		*pruned_bytes += v[i].bytes;
	}
	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	flock(dfd, LOCK_UN);
	close(dfd);
	return ERR_OK;
}
