/*
 * marker: the SPANK plugin's per-step marker files, read as hostile input.
 *
 * The plugin leaves DIR/<job>/<step>.step on each node (DIR: $OOMTRAIL_
 * MARKERS, default /run/oomtrail): text, one key=value a line, at most
 * MARKER_MAX bytes, written atomically by root. The collector reads them
 * to know, without asking Slurm, the job's uid, its log paths, its task
 * pids, when it started and how each step ended. marker_parse() is pure;
 * markers_read() opens the directory without following links, takes only
 * regular files named <step>.step of at most MARKER_MAX bytes (owned by
 * root and not writable by others when the collector is root), and
 * skips a file whose job= is not the directory's. A bad line is skipped
 * and named; an unknown key is ignored. Never prints, never exits.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static int
digits(const char *s, size_t n)
{
	if (n == 0 || n > 18)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* A step name: batch, extern, interactive or a number. */
static int
step_ok(const char *s, size_t n)
{
	return (n == 5 && memcmp(s, "batch", 5) == 0) ||
	    (n == 6 && memcmp(s, "extern", 6) == 0) ||
	    (n == 11 && memcmp(s, "interactive", 11) == 0) || digits(s, n);
}

/* n digits (checked by digits()) as a number: no NUL needed. */
static int64_t
num(const char *v, size_t n)
{
	int64_t	x = 0;

	for (size_t i = 0; i < n; i++)
		x = x * 10 + (v[i] - '0');
	return x;
}

/* An array id that names no array (see marker_parse()); zero counts only
 * for the array's own id. */
static int
no_array(const char *id, int zero)
{
	size_t	n = strlen(id);

	return n == 0 || num(id, n) >= 4294967294LL ||
	    (zero && num(id, n) == 0);
}

static int
set_str(char *out, size_t sz, const char *v, size_t n)
{
	if (n >= sz || memchr(v, '\0', n) != NULL)
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

static int
set_num(int64_t *out, const char *v, size_t n, int neg_ok)
{
	if (neg_ok && n == 2 && memcmp(v, "-1", 2) == 0) {
		*out = -1;
		return 0;
	}
	if (!digits(v, n))
		return -1;
	*out = num(v, n);
	return 0;
}

/* Length of the word at v (up to a blank or n bytes): no NUL needed. */
static size_t
word(const char *v, size_t n)
{
	const char	*sp = memchr(v, ' ', n);

	return sp != NULL ? (size_t)(sp - v) : n;
}

/* "123 456": at most MARKER_PIDS pids. */
static int
set_pids(struct marker *m, const char *v, size_t n)
{
	size_t	i = 0, w;

	m->npids = 0;
	while (i < n) {
		if (v[i] == ' ') {
			i++;
			continue;
		}
		w = word(v + i, n - i);
		if (!digits(v + i, w) || m->npids == MARKER_PIDS)
			return -1;
		m->pids[m->npids++] = (pid_t)num(v + i, w);
		i += w;
	}
	return 0;
}

/* "0 0 sig9 137": each word a number or sigN; any other than 0 fails. */
static int
set_exit(struct marker *m, const char *v, size_t n)
{
	size_t	i = 0, w;

	m->failed = 0;
	m->nexit = 0;
	while (i < n) {
		if (v[i] == ' ') {
			i++;
			continue;
		}
		w = word(v + i, n - i);
		if (digits(v + i, w)) {
			if (num(v + i, w) != 0)
				m->failed = 1;
		} else if (w > 3 && memcmp(v + i, "sig", 3) == 0 &&
		    digits(v + i + 3, w - 3))
			m->failed = 1;
		else
			return -1;
		m->nexit++;
		i += w;
	}
	return set_str(m->exit, sizeof(m->exit), v, n);
}

static int
one_line(struct marker *m, const char *k, size_t kn, const char *v,
    size_t vn)
{
#define KEY(s)	(kn == sizeof(s) - 1 && memcmp(k, s, kn) == 0)
	int64_t	x;

	if (KEY("format"))
		return set_num(&x, v, vn, 0) == -1 ? -1 :
		    (m->format = (int)x, 0);
	if (KEY("job"))
		return digits(v, vn) ? set_str(m->job, sizeof(m->job), v, vn) :
		    -1;
	if (KEY("step"))
		return step_ok(v, vn) ? set_str(m->step, sizeof(m->step), v,
		    vn) : -1;
	if (KEY("array_job_id"))
		return vn == 0 || digits(v, vn) ? set_str(m->array_job,
		    sizeof(m->array_job), v, vn) : -1;
	if (KEY("array_task_id"))
		return vn == 0 || digits(v, vn) ? set_str(m->array_task,
		    sizeof(m->array_task), v, vn) : -1;
	if (KEY("uid"))
		return set_num(&m->uid, v, vn, 0);
	if (KEY("node"))
		return set_str(m->node, sizeof(m->node), v, vn);
	if (KEY("start"))
		return set_num(&m->start, v, vn, 0);
	if (KEY("end"))
		return set_num(&m->end, v, vn, 0);
	if (KEY("pids"))
		return set_pids(m, v, vn);
	if (KEY("exit"))
		return set_exit(m, v, vn);
	if (KEY("oom_kill"))
		return set_num(&m->oom_kill, v, vn, 1);
	if (KEY("stdout"))
		return vn == 0 || v[0] == '/' ? set_str(m->stdout_path,
		    sizeof(m->stdout_path), v, vn) : -1;
	if (KEY("stderr"))
		return vn == 0 || v[0] == '/' ? set_str(m->stderr_path,
		    sizeof(m->stderr_path), v, vn) : -1;
	return 0;	/* unknown keys are ignored */
#undef KEY
}

void
marker_parse(const char *buf, size_t len, struct marker *m)
{
	const char	*p = buf, *end = buf + len, *nl, *eq;
	unsigned	 lineno = 0;
	size_t		 n;

	memset(m, 0, sizeof(*m));
	m->uid = m->start = m->end = m->oom_kill = -1;
	while (p < end) {
		lineno++;
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n > 0 && ((eq = memchr(p, '=', n)) == NULL || eq == p ||
		    one_line(m, p, (size_t)(eq - p), eq + 1,
		    n - (size_t)(eq - p) - 1) == -1)) {
			if (m->nbad++ == 0)
				m->bad_line = lineno;
		}
		p = nl != NULL ? nl + 1 : end;
	}
	if (m->format != 1 || m->job[0] == '\0' || m->step[0] == '\0')
		m->invalid = 1;
	/* Slurm's NO_VAL (4294967294) and INFINITE (4294967295), or more,
	 * as a task id, or 0 as the array's id, mean "no array": an srun
	 * step of a job that is no array gets the job's id and NO_VAL from
	 * spank_get_item(). One without the other names no task either. */
	if (no_array(m->array_job, 1) || no_array(m->array_task, 0))
		m->array_job[0] = m->array_task[0] = '\0';
}

/* Read one marker file (no links, regular, small, root's when we are). */
static int
read_one(int dfd, const char *name, char *buf, size_t sz, size_t *len,
    char *why, size_t wsz)
{
	struct stat	st;
	ssize_t		r;
	int		fd;

	if ((fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC | O_NOCTTY)) == -1)
		return snprintf(why, wsz, "%s: %s", name, strerror(errno)), -1;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    st.st_size > MARKER_MAX) {
		close(fd);
		return snprintf(why, wsz, "%s: not a regular file of at most "
		    "%d bytes", name, MARKER_MAX), -1;
	}
	if (geteuid() == 0 && (st.st_uid != 0 || (st.st_mode & 022))) {
		close(fd);
		return snprintf(why, wsz, "%s: not owned by root or writable "
		    "by others", name), -1;
	}
	r = read(fd, buf, sz);
	close(fd);
	if (r < 0)
		return snprintf(why, wsz, "%s: %s", name, strerror(errno)), -1;
	if ((size_t)r > MARKER_MAX)
		return snprintf(why, wsz, "%s: over %d bytes", name,
		    MARKER_MAX), -1;
	*len = (size_t)r;
	return 0;
}

static void
note(struct markers *ms, const char *why)
{
	size_t	n = strlen(ms->notes);

	if (n + 3 < sizeof(ms->notes))
		snprintf(ms->notes + n, sizeof(ms->notes) - n, "%s%s",
		    n ? "; " : "", why);
}

/* A directory entry that may be a marker: "<step>.step". */
static int
marker_name(const char *name)
{
	size_t	n = strlen(name);

	return n > 5 && strcmp(name + n - 5, ".step") == 0 &&
	    step_ok(name, n - 5);
}

static void
take(struct markers *ms, int dfd, const char *name, const char *job)
{
	char		 buf[MARKER_MAX + 1], why[512], path[PATH_MAX];
	struct marker	*m = &ms->v[ms->n];
	size_t		 len;

	if (read_one(dfd, name, buf, sizeof(buf), &len, why, sizeof(why)) ==
	    -1) {
		note(ms, why);
		return;
	}
	marker_parse(buf, len, m);
	if (m->invalid || strcmp(m->job, job) != 0 ||
	    strncmp(name, m->step, strlen(m->step)) != 0 ||
	    strcmp(name + strlen(m->step), ".step") != 0) {
		snprintf(why, sizeof(why), "%s: not a format 1 marker of job "
		    "%s step %.*s", name, job, (int)(strlen(name) - 5), name);
		note(ms, why);
		return;
	}
	if (m->nbad > 0) {
		snprintf(why, sizeof(why), "%s: %u bad line%s skipped (first: "
		    "line %u)", name, m->nbad, m->nbad > 1 ? "s" : "",
		    m->bad_line);
		note(ms, why);
	}
	snprintf(path, sizeof(path), "%.3800s/%.200s", ms->dir, name);
	memcpy(m->file, path, sizeof(m->file));
	ms->n++;
}

static int
cmp_step(const void *a, const void *b)
{
	return strcmp(((const struct marker *)a)->step,
	    ((const struct marker *)b)->step);
}

enum err_code
markers_read(const char *root, const char *job, struct markers *ms)
{
	struct dirent	*d;
	DIR		*dp;
	int		 dfd;

	memset(ms, 0, sizeof(*ms));
	if (job == NULL || !digits(job, strlen(job)))
		return ERR_OK;
	snprintf(ms->dir, sizeof(ms->dir), "%s/%s", root, job);
	if ((dfd = open(ms->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1) {
		ms->missing = errno;
		return ERR_OK;
	}
	if ((dp = fdopendir(dfd)) == NULL) {
		close(dfd);
		ms->missing = errno;
		return ERR_OK;
	}
	while ((d = readdir(dp)) != NULL && ms->n < MARKER_FILES)
		if (marker_name(d->d_name))
			take(ms, dirfd(dp), d->d_name, job);
	closedir(dp);
	qsort(ms->v, ms->n, sizeof(ms->v[0]), cmp_step);
	return ERR_OK;
}

/* Find the job id whose markers say array task <aj>_<at>. */
int
markers_find_array(const char *root, const char *aj, const char *at,
    char *job, size_t sz)
{
	struct markers	*ms;
	struct dirent	*d;
	DIR		*dp;
	int		 found = -1, seen = 0;

	if ((dp = opendir(root)) == NULL || (ms = malloc(sizeof(*ms))) ==
	    NULL) {
		if (dp != NULL)
			closedir(dp);
		return -1;
	}
	while (found == -1 && (d = readdir(dp)) != NULL && seen++ < 4096) {
		if (!digits(d->d_name, strlen(d->d_name)))
			continue;
		markers_read(root, d->d_name, ms);
		for (size_t i = 0; i < ms->n && found == -1; i++)
			if (strcmp(ms->v[i].array_job, aj) == 0 &&
			    strcmp(ms->v[i].array_task, at) == 0) {
				snprintf(job, sz, "%s", d->d_name);
				found = 0;
			}
	}
	closedir(dp);
	free(ms);
	return found;
}

const char *
markers_root(void)
{
	const char	*r = getenv("OOMTRAIL_MARKERS");

	return r != NULL && *r != '\0' ? r : "/run/oomtrail";
}
