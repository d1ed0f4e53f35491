/*
 * watch: oomtrail-collect --watch, a sampler that runs beside a job and
 * appends to a series file (common/series.h) until the job ends.
 *
 * It finds the job's memory cgroup with cgroup_find.c (v1 and v2), and
 * every interval reads, on every level of it (the job, each step, each
 * task), the usage, peak, limit, event counters and a few memory.stat
 * fields (the table cg_fields[]). GPUs come from two long-lived
 * "nvidia-smi --query-... -lms N" loops whose output is read without
 * blocking: one line per GPU (used, free, reserved, total) and one per
 * compute process. A loop that falls silent (the process loop: while the
 * GPU loop shows memory in use) is killed and restarted with
 * a growing back-off. Without nvidia-smi, AMD GPUs come from
 * "rocm-smi --showmeminfo vram --json" run once per interval (it has no
 * loop mode): each card's VRAM total and used, as the GPU rows; without
 * either only the cgroup is sampled. It
 * ends when the job's cgroup is removed, when no process is left in it,
 * or when the caller's stop flag is set (its signal handler), and always
 * leaves a valid file: every record is appended by one write(2), the
 * writer compacts past its cap, and rows are not written while the
 * output file system has under WATCH_FREE_MIN free. Never prints, never
 * exits; what happened along the way goes into the file as notes.
 */
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "pseudo.h"
#include "series.h"

#define MAX_LEVELS	64
#define MAX_GPUS	64
#define MAX_GPROCS	128		/* compute processes tracked */
#define WALK_EVERY	5		/* ticks between subtree walks */
#define WALK_EAGER	16		/* fewer levels: walk every tick, so a
					 * new step is sampled from its start */
#define FREE_EVERY	30		/* ticks between free-space checks */
#define WATCH_FREE_MIN	(64 * MIB)
#define NOTES_MAX	40		/* notes a run writes at most */
#define FIND_TRIES	10		/* ticks to wait for the job's cgroup */
#define SMI_SILENT_MS	5000		/* at least, before a restart */
#define SMI_BACKOFF_MAX	60000
#define SMI_GIVE_UP	5		/* failed starts with no output ever */
#define GPROC_FORGET_NS	(60 * NS_PER_S)

extern char	**environ;

/* What is sampled on each level, per cgroup mode: a whole file (key
 * NULL) or one "key value" line of it. Rows of one file are adjacent,
 * and the limit comes first so that "current" and "peak" carry it. */
struct cg_field {
	int		 v2;
	const char	*file;
	const char	*key;
	const char	*col;
	const char	*unit;
	const char	*sub;	/* "name=N" within the key's line (PSI) */
};

static const struct cg_field cg_fields[] = {
	{ 1, "memory.max", NULL, "limit", "bytes", NULL },
	{ 1, "memory.current", NULL, "current", "bytes", NULL },
	{ 1, "memory.peak", NULL, "peak", "bytes", NULL },
	{ 1, "memory.high", NULL, "high_limit", "bytes", NULL },
	{ 1, "memory.events", "high", "high", "count", NULL },
	{ 1, "memory.events", "max", "max", "count", NULL },
	{ 1, "memory.events", "oom", "oom", "count", NULL },
	{ 1, "memory.events", "oom_kill", "oom_kill", "count", NULL },
	{ 1, "memory.stat", "anon", "anon", "bytes", NULL },
	{ 1, "memory.stat", "file", "file", "bytes", NULL },
	{ 1, "memory.stat", "shmem", "shmem", "bytes", NULL },
	{ 1, "memory.stat", "kernel", "kernel", "bytes", NULL },
	{ 1, "memory.stat", "workingset_refault_file", "refault", "count",
	  NULL },
	{ 1, "memory.swap.current", NULL, "swap", "bytes", NULL },
	/* pressure stall information: cumulative microseconds some / all
	 * of the cgroup's tasks waited on memory (their rise over a span
	 * is its stall share) */
	{ 1, "memory.pressure", "some", "psi_some", "us", "total" },
	{ 1, "memory.pressure", "full", "psi_full", "us", "total" },
	{ 0, "memory.limit_in_bytes", NULL, "limit", "bytes", NULL },
	{ 0, "memory.usage_in_bytes", NULL, "current", "bytes", NULL },
	{ 0, "memory.max_usage_in_bytes", NULL, "peak", "bytes", NULL },
	{ 0, "memory.failcnt", NULL, "failcnt", "count", NULL },
	{ 0, "memory.oom_control", "under_oom", "under_oom", "count", NULL },
	{ 0, "memory.oom_control", "oom_kill", "oom_kill", "count", NULL },
	{ 0, "memory.stat", "rss", "anon", "bytes", NULL },
	{ 0, "memory.stat", "cache", "file", "bytes", NULL },
	{ 0, "memory.stat", "shmem", "shmem", "bytes", NULL },
	{ 0, "memory.stat", "swap", "swap", "bytes", NULL },
	{ 0, "memory.stat", "total_workingset_refault_file", "refault",
	  "count", NULL },
};
#define NFIELDS	(sizeof(cg_fields) / sizeof(cg_fields[0]))

struct level {
	char	rel[PATH_MAX];		/* under the cgroup root */
	char	name[256];		/* "job", "step_0", "step_batch/task_0" */
};

struct gpu {
	int	 seen;
	char	 uuid[96];
	int64_t	 used, free, reserved, total, at;
};

struct gproc {
	int	 gpu;
	long	 pid;
	int64_t	 used, at;
};

struct watch_run;

/* One nvidia-smi loop, or the rocm-smi run repeated (oneshot). */
struct smi {
	const char	*what;		/* "gpus" | "apps" | "amd" */
	const char	*tool;		/* what it runs */
	int		 oneshot;	/* exits after one sample: run again
					 * one interval later */
	char		 query[256];
	pid_t		 pid;
	int		 fd;
	char		 buf[8192];
	size_t		 n;
	int64_t		 started, last_line, retry_at;
	int		 backoff_ms, fails, lines, off, no_reserved;
	void		(*line)(struct watch_run *, char *);
};

struct watch_run {
	const struct watch_opts	*o;
	struct watch_result	*r;
	struct series_writer	*w;
	int64_t			 interval_ns, t0_ns, mono0_ns;
	const char		*cg_root, *proc_root;
	enum cg_mode		 mode;
	char			 job[64], host[256], dir[PATH_MAX];
	char			 jobrel[PATH_MAX];	/* "" until found */
	struct level		 lv[MAX_LEVELS];
	size_t			 nlv;
	unsigned long		 tick;
	int			 procs_seen, empty_ticks, paused, notes;
	pid_t			 ppid;
	struct smi		 smi[3];	/* nvidia gpus, apps; amd */
	int			 amd_card;	/* rocm-smi: the card being
						 * read, -1 none */
	int			 gpu_nvidia;	/* nvidia-smi gave a row */
	struct gpu		 gpu[MAX_GPUS];
	struct gproc		 gp[MAX_GPROCS];
	size_t			 ngp;
	int64_t			 row[SERIES_MAX_COLS];
	long			 ncols;
	char			 fbuf[8192];
};

/* ---- helpers ---- */

static void
note(struct watch_run *wr, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
note(struct watch_run *wr, const char *fmt, ...)
{
	char	b[256];
	va_list	ap;

	if (wr->w == NULL || wr->notes++ >= NOTES_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	series_writer_note(wr->w, b, NULL);
}

static void
put(struct watch_run *wr, const char *name, const char *unit, int64_t limit,
    int64_t v)
{
	long	c;

	if (v == SERIES_NONE ||
	    (c = series_writer_col(wr->w, name, unit, limit)) == -1)
		return;
	wr->row[c] = v;
	if (c + 1 > wr->ncols)
		wr->ncols = c + 1;
}

/* Read a small file into wr->fbuf; its length, or -1. */
static ssize_t
read_small(struct watch_run *wr, const char *path)
{
	ssize_t	n;
	int	fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return -1;
	n = read(fd, wr->fbuf, sizeof(wr->fbuf) - 1);
	close(fd);
	if (n >= 0)
		wr->fbuf[n] = '\0';
	return n;
}

/* A cgroup value: bytes or a count; "max" and v1's "unlimited" (any
 * value past 2^62) are no limit. */
static int64_t
num(const char *s)
{
	char		*end;
	long long	 v;

	s += strspn(s, " \t");
	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || errno != 0 || v < 0 || v >= (1ll << 62))
		return SERIES_NONE;
	return v;
}

/* Value of "key N" in a "key value" per line text. */
static int64_t
key_num(const char *text, const char *key)
{
	size_t		 l = strlen(key);
	const char	*p;

	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p ? p + 1 : NULL)
		if (strncmp(p, key, l) == 0 && p[l] == ' ')
			return num(p + l + 1);
	return SERIES_NONE;
}

/* Value of "sub=N" on the line that starts with "key ", as PSI files
 * write them ("full avg10=0.00 avg60=0.00 avg300=0.00 total=N"). */
static int64_t
key_sub_num(const char *text, const char *key, const char *sub)
{
	size_t		 l = strlen(key), sl = strlen(sub);
	const char	*p, *e, *q;

	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p ? p + 1 : NULL) {
		if (strncmp(p, key, l) != 0 || p[l] != ' ')
			continue;
		e = p + strcspn(p, "\n");
		for (q = p + l; q < e; q += strcspn(q, " \n"),
		    q += strspn(q, " "))
			if ((size_t)(e - q) > sl && strncmp(q, sub, sl) == 0 &&
			    q[sl] == '=')
				return num(q + sl + 1);
		return SERIES_NONE;
	}
	return SERIES_NONE;
}

/* ---- the cgroup ---- */

static int
add_level(void *arg, const char *rel)
{
	struct watch_run	*wr = arg;
	struct level		*l;
	size_t			 jl = strlen(wr->jobrel);

	if (wr->nlv == MAX_LEVELS)
		return -1;
	l = &wr->lv[wr->nlv++];
	snprintf(l->rel, sizeof(l->rel), "%s", rel);
	snprintf(l->name, sizeof(l->name), "%s", strlen(rel) > jl ?
	    rel + jl + 1 : "job");
	return 0;
}

static void
walk(struct watch_run *wr)
{
	wr->nlv = 0;
	cgroup_walk(wr->cg_root, wr->jobrel, add_level, wr);
}

static int
find_job(struct watch_run *wr)
{
	pid_t		self = getpid();
	const char	*sj = getenv("SLURM_JOB_ID");

	if (wr->job[0] == '\0' || wr->mode == CG_NONE)
		return -1;
	if (cgroup_find_job(wr->cg_root, wr->proc_root, wr->job, &self,
	    sj != NULL && strcmp(sj, wr->job) == 0, wr->jobrel,
	    sizeof(wr->jobrel)) == -1) {
		wr->jobrel[0] = '\0';
		return -1;
	}
	walk(wr);
	note(wr, "cgroup %s: %s", cgroup_mode_name(wr->mode), wr->jobrel);
	return 0;
}

static int
is_ours(const struct watch_run *wr, long pid)
{
	if (pid == (long)getpid())
		return 1;
	for (int i = 0; i < 3; i++)
		if (wr->smi[i].pid > 0 && pid == (long)wr->smi[i].pid)
			return 1;
	return 0;
}

/* Processes in a level's cgroup.procs other than the watcher's own. */
static int
count_procs(struct watch_run *wr, const struct level *l)
{
	char		 p[PATH_MAX];
	const char	*s;
	int		 n = 0;

	if (snprintf(p, sizeof(p), "%s/%s/cgroup.procs", wr->cg_root,
	    l->rel) >= (int)sizeof(p) || read_small(wr, p) <= 0)
		return 0;
	for (s = wr->fbuf; *s != '\0'; s += strcspn(s, "\n"), s += *s != 0)
		if (isdigit((unsigned char)*s) && !is_ours(wr, atol(s)))
			n++;
	return n;
}

static void
sample_level(struct watch_run *wr, const struct level *l)
{
	const struct cg_field	*f;
	const char		*file = NULL;
	char			 p[PATH_MAX], name[512];
	int			 v2 = wr->mode == CG_V2, have = 0;
	int64_t			 v, limit = -1;

	for (size_t i = 0; i < NFIELDS; i++) {
		f = &cg_fields[i];
		if (f->v2 != v2)
			continue;
		if (file == NULL || strcmp(file, f->file) != 0) {
			file = f->file;
			have = snprintf(p, sizeof(p), "%s/%s/%s", wr->cg_root,
			    l->rel, file) < (int)sizeof(p) &&
			    read_small(wr, p) > 0;
		}
		if (!have)
			continue;
		v = f->sub ? key_sub_num(wr->fbuf, f->key, f->sub) :
		    f->key ? key_num(wr->fbuf, f->key) : num(wr->fbuf);
		if (strcmp(f->col, "limit") == 0)
			limit = v == SERIES_NONE ? -1 : v;
		snprintf(name, sizeof(name), "cg/%s/%s", l->name, f->col);
		put(wr, name, f->unit, strcmp(f->col, "current") == 0 ||
		    strcmp(f->col, "peak") == 0 ? limit : -1, v);
	}
}

static void
sample_cgroup(struct watch_run *wr, int *procs)
{
	char		p[PATH_MAX];
	struct stat	st;

	if ((size_t)snprintf(p, sizeof(p), "%s/%s", wr->cg_root, wr->jobrel)
	    < sizeof(p) && stat(p, &st) == -1) {
		wr->jobrel[0] = '\0';
		return;
	}
	if (wr->tick % WALK_EVERY == 0 || wr->nlv < WALK_EAGER)
		walk(wr);
	*procs = 0;
	for (size_t i = 0; i < wr->nlv; i++) {
		sample_level(wr, &wr->lv[i]);
		*procs += count_procs(wr, &wr->lv[i]);
	}
}

/* ---- nvidia-smi ---- */

/* "a, b, c" -> fields (in place); the number found. */
static int
csv(char *line, char **f, int max)
{
	int	n = 0;
	char	*s = line, *c;

	while (n < max) {
		s += strspn(s, " ");
		f[n++] = s;
		if ((c = strchr(s, ',')) == NULL)
			break;
		*c = '\0';
		s = c + 1;
	}
	for (int i = 0; i < n; i++)
		f[i][strcspn(f[i], " \r")] = '\0';
	return n;
}

static int64_t
mib(const char *s)
{
	int64_t	v = num(s);

	return v == SERIES_NONE || v > (1ll << 40) ? SERIES_NONE : v * MIB;
}

static void
gpu_line(struct watch_run *wr, char *line)
{
	char		*f[6];
	int		 n = csv(line, f, 6);
	int		 nr = wr->smi[0].no_reserved;
	long		 i;
	struct gpu	*g;

	if (n != (nr ? 5 : 6) || !isdigit((unsigned char)*f[0]) ||
	    (i = atol(f[0])) < 0 || i >= MAX_GPUS)
		return;
	g = &wr->gpu[i];
	g->seen = 1;
	wr->gpu_nvidia = 1;
	snprintf(g->uuid, sizeof(g->uuid), "%s", f[1]);
	g->used = mib(f[2]);
	g->free = mib(f[3]);
	g->reserved = nr ? SERIES_NONE : mib(f[4]);
	g->total = mib(f[nr ? 4 : 5]);
	g->at = run_now(CLOCK_MONOTONIC);
}

static void
app_line(struct watch_run *wr, char *line)
{
	char	*f[3];
	long	 pid;
	int	 gi = -1;
	size_t	 i;

	if (csv(line, f, 3) != 3 || !isdigit((unsigned char)*f[0]))
		return;
	pid = atol(f[0]);
	for (int k = 0; k < MAX_GPUS && gi == -1; k++)
		if (wr->gpu[k].seen && strcmp(wr->gpu[k].uuid, f[1]) == 0)
			gi = k;
	if (gi == -1)
		return;
	for (i = 0; i < wr->ngp; i++)
		if (wr->gp[i].pid == pid && wr->gp[i].gpu == gi)
			break;
	if (i == wr->ngp) {
		if (wr->ngp == MAX_GPROCS)
			return;
		wr->ngp++;
	}
	wr->gp[i] = (struct gproc){ gi, pid, mib(f[2]),
	    run_now(CLOCK_MONOTONIC) };
}

/*
 * rocm-smi's JSON ({"card0": {..., "VRAM Total Memory (B)": "N",
 * "VRAM Total Used Memory (B)": "N", ...}, ...}, one line or pretty
 * printed): each "cardN" key starts a card, whose VRAM keys follow it.
 * Read token by token, so neither the layout nor a warning line before
 * it matters; values must be digits.
 */
static int64_t
quoted_num(const char *p)
{
	int64_t	v = 0;
	int	n = 0;

	p += strspn(p, " \t:");
	if (*p++ != '"')
		return SERIES_NONE;
	for (; *p >= '0' && *p <= '9' && n < 19; p++, n++)
		v = v * 10 + (*p - '0');
	return n > 0 && *p == '"' ? v : SERIES_NONE;
}

static void
amd_line(struct watch_run *wr, char *line)
{
	static const char	ktot[] = "\"VRAM Total Memory (B)\"";
	static const char	kused[] = "\"VRAM Total Used Memory (B)\"";
	struct gpu		*g;
	char			*p = line, *c;
	long			 i;

	while ((c = strchr(p, '"')) != NULL) {
		if (strncmp(c, "\"card", 5) == 0 && isdigit((unsigned char)c[5])) {
			i = strtol(c + 5, &p, 10);
			wr->amd_card = *p == '"' && i >= 0 && i < MAX_GPUS ?
			    (int)i : -1;
			if (wr->amd_card >= 0) {
				g = &wr->gpu[wr->amd_card];
				g->seen = 1;
				g->uuid[0] = '\0';
				g->used = g->free = g->total = SERIES_NONE;
				g->reserved = SERIES_NONE;
				g->at = run_now(CLOCK_MONOTONIC);
			}
			p = *p != '\0' ? p + 1 : p;
			continue;
		}
		g = wr->amd_card >= 0 ? &wr->gpu[wr->amd_card] : NULL;
		if (g != NULL && strncmp(c, ktot, sizeof(ktot) - 1) == 0)
			g->total = quoted_num(c + sizeof(ktot) - 1);
		else if (g != NULL && strncmp(c, kused, sizeof(kused) - 1) == 0)
			g->used = quoted_num(c + sizeof(kused) - 1);
		if (g != NULL && g->total != SERIES_NONE &&
		    g->used != SERIES_NONE && g->used <= g->total)
			g->free = g->total - g->used;
		p = c + 1;
	}
}

static void
smi_argv(struct smi *s, char *ms, size_t msz, char **argv)
{
	if (s->oneshot) {
		argv[0] = "rocm-smi";
		argv[1] = "--showmeminfo";
		argv[2] = "vram";
		argv[3] = "--json";
		argv[4] = NULL;
		return;
	}
	snprintf(ms, msz, "%lld", (long long)s->off);
	argv[0] = "nvidia-smi";
	argv[1] = s->query;
	argv[2] = "--format=csv,noheader,nounits";
	argv[3] = "-lms";
	argv[4] = ms;
	argv[5] = NULL;
}

static void
smi_query(struct watch_run *wr, struct smi *s)
{
	if (s == &wr->smi[0])
		snprintf(s->query, sizeof(s->query), "--query-gpu=index,uuid,"
		    "memory.used,memory.free,%smemory.total",
		    s->no_reserved ? "" : "memory.reserved,");
	else
		snprintf(s->query, sizeof(s->query), "--query-compute-apps="
		    "pid,gpu_uuid,used_gpu_memory");
}

/* Start one loop: its stdout and stderr into a non-blocking pipe, in
 * its own process group. */
static void
smi_start(struct watch_run *wr, struct smi *s)
{
	posix_spawn_file_actions_t	fa;
	posix_spawnattr_t		at;
	char				ms[32], *argv[6];
	int				p[2], rc = -1;

	smi_query(wr, s);
	s->off = (int)(wr->interval_ns / NS_PER_MS);
	smi_argv(s, ms, sizeof(ms), argv);
	if (pipe(p) == -1)
		return;
	if (posix_spawn_file_actions_init(&fa) == 0) {
		if (posix_spawnattr_init(&at) == 0) {
			if (posix_spawn_file_actions_addopen(&fa, 0,
			    "/dev/null", O_RDONLY, 0) == 0 &&
			    posix_spawn_file_actions_adddup2(&fa, p[1], 1) == 0 &&
			    posix_spawn_file_actions_adddup2(&fa, p[1], 2) == 0 &&
			    posix_spawn_file_actions_addclose(&fa, p[0]) == 0 &&
			    posix_spawnattr_setflags(&at,
			    POSIX_SPAWN_SETPGROUP) == 0 &&
			    posix_spawnattr_setpgroup(&at, 0) == 0)
				rc = posix_spawnp(&s->pid, argv[0], &fa, &at,
				    argv, environ);
			posix_spawnattr_destroy(&at);
		}
		posix_spawn_file_actions_destroy(&fa);
	}
	close(p[1]);
	if (rc != 0) {
		close(p[0]);
		s->pid = 0;
		s->fd = -1;
		if (rc == ENOENT) {
			s->fails = SMI_GIVE_UP;
			note(wr, "%s: %s not found: no GPU sampling", s->what,
			    s->tool);
		}
		return;
	}
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	s->fd = p[0];
	s->n = 0;
	s->lines = 0;
	s->started = s->last_line = run_now(CLOCK_MONOTONIC);
}

static void
smi_kill(struct smi *s)
{
	struct timespec	ts = { 0, 10 * NS_PER_MS };
	int		i;

	if (s->fd != -1)
		close(s->fd);
	s->fd = -1;
	if (s->pid <= 0)
		return;
	killpg(s->pid, SIGTERM);
	for (i = 0; i < 30 && waitpid(s->pid, NULL, WNOHANG) == 0; i++) {
		if (i == 20)
			killpg(s->pid, SIGKILL);
		nanosleep(&ts, NULL);
	}
	if (i == 30)
		killpg(s->pid, SIGKILL);	/* reaped by a later waitpid */
	s->pid = 0;
}

/* The loop ended or hung: kill it and schedule a restart. */
static void
smi_restart(struct watch_run *wr, struct smi *s, const char *why)
{
	int64_t	now = run_now(CLOCK_MONOTONIC);

	if (s->lines == 0 && s == &wr->smi[0] && !s->no_reserved &&
	    strstr(s->buf, "not a valid field") != NULL) {
		s->no_reserved = 1;	/* an older driver */
		why = "memory.reserved not supported by this driver";
	} else if (s->lines == 0)
		s->fails++;
	smi_kill(s);
	if (s->lines > 0 || now - s->started > SMI_BACKOFF_MAX * NS_PER_MS)
		s->backoff_ms = 0;
	s->backoff_ms = s->backoff_ms == 0 ? 1000 : s->backoff_ms * 2;
	if (s->backoff_ms > SMI_BACKOFF_MAX)
		s->backoff_ms = SMI_BACKOFF_MAX;
	s->retry_at = now + (int64_t)s->backoff_ms * NS_PER_MS;
	if (s->fails >= SMI_GIVE_UP)
		note(wr, "%s: %s failed %d times without output: no "
		    "GPU sampling", s->what, s->tool, s->fails);
	else
		note(wr, "%s: %s %s; restart in %d ms", s->what, s->tool, why,
		    s->backoff_ms);
}

/* Take whatever the loop has written; complete lines only. */
static void
smi_drain(struct watch_run *wr, struct smi *s)
{
	ssize_t	 r = -1;
	char	*nl, *p;

	while (s->fd != -1 && (r = read(s->fd, s->buf + s->n,
	    sizeof(s->buf) - 1 - s->n)) > 0) {
		s->n += (size_t)r;
		s->buf[s->n] = '\0';
		p = s->buf;
		while ((nl = strchr(p, '\n')) != NULL) {
			*nl = '\0';
			s->line(wr, p);
			s->lines++;
			s->last_line = run_now(CLOCK_MONOTONIC);
			p = nl + 1;
		}
		s->n -= (size_t)(p - s->buf);
		memmove(s->buf, p, s->n + 1);
		if (s->n == sizeof(s->buf) - 1)
			s->n = 0;	/* a line longer than any real one */
	}
	if (s->fd != -1 && r == 0 && s->oneshot && s->lines > 0) {
		/* one sample given: the next one interval after this */
		smi_kill(s);
		s->fails = 0;
		s->retry_at = s->started + wr->interval_ns;
		wr->amd_card = -1;
	} else if (s->fd != -1 && r == 0)
		smi_restart(wr, s, "exited");
}

/* Memory a process must hold before the apps loop must print it (an
 * idle GPU shows a few MiB used by the driver itself). */
#define SMI_BUSY_BYTES	(256LL * 1024 * 1024)

/* Does a GPU, freshly sampled by a loop that still prints, hold memory? */
static int
gpus_in_use(const struct watch_run *wr, int64_t now)
{
	int64_t	fresh = 3 * wr->interval_ns + 2 * NS_PER_S;

	if (wr->smi[0].fd == -1)
		return 0;
	for (int i = 0; i < MAX_GPUS; i++)
		if (wr->gpu[i].seen && now - wr->gpu[i].at <= fresh &&
		    wr->gpu[i].used != SERIES_NONE &&
		    wr->gpu[i].used > SMI_BUSY_BYTES)
			return 1;
	return 0;
}

static void
smi_check(struct watch_run *wr, struct smi *s)
{
	int64_t	now = run_now(CLOCK_MONOTONIC);
	int64_t	silent = 5 * wr->interval_ns;

	if (silent < SMI_SILENT_MS * NS_PER_MS)
		silent = SMI_SILENT_MS * NS_PER_MS;
	if (s->fails >= SMI_GIVE_UP)
		return;
	if (s->fd == -1 && now >= s->retry_at)
		smi_start(wr, s);
	/* The apps loop is silent while no process uses a GPU: it is hung
	 * only when the GPU loop, alive, shows memory in use. */
	else if (s->fd != -1 && now - s->last_line > silent &&
	    (s == &wr->smi[0] || gpus_in_use(wr, now)))
		smi_restart(wr, s, s == &wr->smi[0] ? "silent (hung)" :
		    "silent while GPU memory is in use (hung)");
}

static void
sample_gpus(struct watch_run *wr)
{
	int64_t		 now = run_now(CLOCK_MONOTONIC);
	int64_t		 fresh = 3 * wr->interval_ns + 2 * NS_PER_S;
	char		 n[64];
	struct gpu	*g;
	struct gproc	*p;

	for (int i = 0; i < MAX_GPUS; i++) {
		g = &wr->gpu[i];
		if (!g->seen || now - g->at > fresh)
			continue;
		snprintf(n, sizeof(n), "gpu%d/used", i);
		put(wr, n, "bytes", g->total == SERIES_NONE ? -1 : g->total,
		    g->used);
		snprintf(n, sizeof(n), "gpu%d/free", i);
		put(wr, n, "bytes", -1, g->free);
		snprintf(n, sizeof(n), "gpu%d/reserved", i);
		put(wr, n, "bytes", -1, g->reserved);
		snprintf(n, sizeof(n), "gpu%d/total", i);
		put(wr, n, "bytes", -1, g->total);
	}
	for (size_t i = 0; i < wr->ngp; i++) {
		p = &wr->gp[i];
		if (now - p->at > fresh)
			continue;
		g = &wr->gpu[p->gpu];
		snprintf(n, sizeof(n), "gpu%d/pid%ld/used", p->gpu, p->pid);
		put(wr, n, "bytes", g->total == SERIES_NONE ? -1 : g->total,
		    p->used);
	}
	for (size_t i = 0; i < wr->ngp; )	/* forget old processes */
		if (now - wr->gp[i].at > GPROC_FORGET_NS)
			wr->gp[i] = wr->gp[--wr->ngp];
		else
			i++;
}

/* ---- the loop ---- */

static int
space_ok(struct watch_run *wr)
{
	struct statvfs	sv;
	int		ok;

	if (wr->tick % FREE_EVERY != 0)
		return !wr->paused;
	ok = statvfs(wr->dir, &sv) != 0 ||
	    (uint64_t)sv.f_bavail * sv.f_frsize >= WATCH_FREE_MIN;
	if (!ok && !wr->paused)
		note(wr, "paused: under %llu MiB free in %s",
		    (unsigned long long)(WATCH_FREE_MIN / MIB), wr->dir);
	if (ok && wr->paused)
		note(wr, "resumed: free space is back");
	wr->paused = !ok;
	return ok;
}

/* One sample. 1 when the watch should end (why in wr->r->why). */
static int
tick(struct watch_run *wr, struct err *e)
{
	int64_t		now = run_now(CLOCK_MONOTONIC);
	int		procs = -1, had = wr->jobrel[0] != '\0';
	enum err_code	rc;

	for (long i = 0; i < wr->ncols; i++)
		wr->row[i] = SERIES_NONE;
	if (!had && wr->tick < FIND_TRIES)
		had = find_job(wr) == 0;
	if (had)
		sample_cgroup(wr, &procs);
	if (had && wr->jobrel[0] == '\0')
		return snprintf(wr->r->why, sizeof(wr->r->why), "the job's "
		    "cgroup was removed"), 1;
	sample_gpus(wr);
	wr->procs_seen |= procs > 0;
	wr->empty_ticks = procs == 0 ? wr->empty_ticks + 1 : 0;
	if (wr->procs_seen && wr->empty_ticks >= 2)
		return snprintf(wr->r->why, sizeof(wr->r->why), "no process "
		    "left in the job's cgroup"), 1;
	if (!had && getppid() != wr->ppid)
		return snprintf(wr->r->why, sizeof(wr->r->why), "no cgroup "
		    "and the parent exited"), 1;
	if (space_ok(wr)) {
		rc = series_writer_row(wr->w, wr->t0_ns + (now - wr->mono0_ns),
		    wr->row, (size_t)wr->ncols, e);
		if (rc != ERR_OK)
			return snprintf(wr->r->why, sizeof(wr->r->why),
			    "cannot write: %.200s", e->msg), -1;
		wr->r->rows++;
	}
	return 0;
}

/* Sleep until the monotonic time next, reading the loops meanwhile. */
static void
wait_until(struct watch_run *wr, int64_t next)
{
	struct pollfd	pf[3];
	int64_t		now;
	int		ms;

	while (!*wr->o->stop && (now = run_now(CLOCK_MONOTONIC)) < next) {
		ms = (int)((next - now) / NS_PER_MS) + 1;
		for (int i = 0; i < 3; i++)
			pf[i] = (struct pollfd){ .fd = wr->smi[i].fd,
			    .events = POLLIN };
		if (poll(pf, 3, ms) > 0)
			for (int i = 0; i < 3; i++)
				if (pf[i].revents != 0)
					smi_drain(wr, &wr->smi[i]);
	}
}

static void
run_loop(struct watch_run *wr, struct err *e)
{
	int64_t	next = wr->mono0_ns;
	int	end = 0;

	while (!end) {
		wait_until(wr, next);
		if (*wr->o->stop) {
			/* One last sample: a kill that ends a job is often
			 * what made Slurm signal us. */
			if (tick(wr, e) == 0)
				snprintf(wr->r->why, sizeof(wr->r->why),
				    "signalled");
			break;
		}
		for (int i = 0; i < 2; i++)
			smi_check(wr, &wr->smi[i]);
		/* AMD's tool only where NVIDIA's is not found */
		if (wr->smi[0].fails >= SMI_GIVE_UP && wr->smi[0].pid == 0 &&
		    !wr->gpu_nvidia)
			smi_check(wr, &wr->smi[2]);
		end = tick(wr, e);
		wr->r->failed = end == -1;
		wr->tick++;
		next += wr->interval_ns;
		if (next < run_now(CLOCK_MONOTONIC))
			next = run_now(CLOCK_MONOTONIC) + wr->interval_ns;
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;	/* loops killed earlier */
	}
}

void
collect_watch_name(const char *job, const char *host, char *out, size_t sz)
{
	char	j[64], h[128];
	size_t	i;

	for (i = 0; job != NULL && job[i] != '\0' && i + 1 < sizeof(j); i++)
		j[i] = isalnum((unsigned char)job[i]) || job[i] == '_' ||
		    job[i] == '.' ? job[i] : '_';
	j[i] = '\0';
	for (i = 0; host != NULL && host[i] != '\0' && i + 1 < sizeof(h); i++)
		h[i] = isalnum((unsigned char)host[i]) || host[i] == '-' ||
		    host[i] == '.' ? host[i] : '_';
	h[i] = '\0';
	snprintf(out, sz, "oomtrail-watch-%s-%s.series", *j ? j : "nojob",
	    *h ? h : "nohost");
}

static enum err_code
setup(struct watch_run *wr, struct err *e)
{
	const struct watch_opts	*o = wr->o;
	struct utsname		 u;
	char			 name[512];
	struct series_hdr	 h;
	const char		*v;

	v = o->job != NULL ? o->job : getenv("SLURM_JOB_ID");
	snprintf(wr->job, sizeof(wr->job), "%s", v != NULL ? v : "");
	if (uname(&u) == 0)
		snprintf(wr->host, sizeof(wr->host), "%s", u.nodename);
	v = getenv("OOMTRAIL_CGROUP_ROOT");
	wr->cg_root = v != NULL && *v != '\0' ? v : "/sys/fs/cgroup";
	v = getenv("OOMTRAIL_PROC_ROOT");
	wr->proc_root = v != NULL && *v != '\0' ? v : "/proc";
	wr->mode = cgroup_mode(wr->cg_root);
	wr->interval_ns = (int64_t)o->interval_ms * NS_PER_MS;
	wr->ppid = getppid();
	if (o->file != NULL)
		snprintf(wr->r->path, sizeof(wr->r->path), "%s", o->file);
	else {
		collect_watch_name(wr->job, wr->host, name, sizeof(name));
		snprintf(wr->r->path, sizeof(wr->r->path), "%s/%s",
		    o->output != NULL ? o->output : ".", name);
	}
	snprintf(wr->dir, sizeof(wr->dir), "%s", wr->r->path);
	if (strrchr(wr->dir, '/') != NULL)
		*strrchr(wr->dir, '/') = '\0';
	else
		snprintf(wr->dir, sizeof(wr->dir), ".");
	wr->mono0_ns = run_now(CLOCK_MONOTONIC);
	wr->t0_ns = run_now(CLOCK_REALTIME);
	h = (struct series_hdr){ wr->job, wr->host, o->interval_ms,
	    wr->t0_ns, wr->mono0_ns };
	return series_writer_open(&wr->w, wr->r->path, &h, o->cap, e);
}

enum err_code
collect_watch(const struct watch_opts *o, struct watch_result *r,
    struct err *e)
{
	struct watch_run	*wr;
	enum err_code		 rc;

	memset(r, 0, sizeof(*r));
	if (o->interval_ms < WATCH_INTERVAL_MIN_MS || o->stop == NULL)
		return ERR(e, ERR_USAGE, "watch: interval under %d ms",
		    WATCH_INTERVAL_MIN_MS);
	if ((wr = calloc(1, sizeof(*wr))) == NULL)
		return ERR(e, ERR_NOMEM, "watch");
	wr->o = o;
	wr->r = r;
	wr->smi[0] = (struct smi){ .what = "gpus", .tool = "nvidia-smi",
	    .fd = -1, .line = gpu_line };
	wr->smi[1] = (struct smi){ .what = "apps", .tool = "nvidia-smi",
	    .fd = -1, .line = app_line };
	wr->smi[2] = (struct smi){ .what = "amd", .tool = "rocm-smi",
	    .oneshot = 1, .fd = -1, .line = amd_line };
	wr->amd_card = -1;
	if (o->no_gpu)
		wr->smi[0].fails = wr->smi[1].fails = wr->smi[2].fails =
		    SMI_GIVE_UP;
	if ((rc = setup(wr, e)) == ERR_OK) {
		note(wr, "start: job %s, interval %d ms, pid %ld",
		    *wr->job ? wr->job : "-", o->interval_ms, (long)getpid());
		run_loop(wr, e);
		for (int i = 0; i < 3; i++)
			smi_kill(&wr->smi[i]);
		wr->notes = 0;
		note(wr, "end: %s; %llu rows", r->why,
		    (unsigned long long)r->rows);
		r->gpu = wr->gpu[0].seen;
		series_writer_close(wr->w);
		rc = r->failed ? ERR_IO : ERR_OK;
	}
	free(wr);
	return rc;
}

/* ---- pickup by a collection run ---- */

static int
is_file(const char *p)
{
	struct stat	st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The watch file of this job on this host, into out; 0 found. */
static int
pickup_path(const struct collect *c, char *out, size_t sz)
{
	char		 name[512];
	const char	*dirs[2] = { c->o->output, c->outdir };

	if (c->o->watch_file != NULL)
		return snprintf(out, sz, "%s", c->o->watch_file), 0;
	collect_watch_name(c->job, c->host, name, sizeof(name));
	for (int i = 0; i < 2; i++)
		if (dirs[i] != NULL && (size_t)snprintf(out, sz, "%s/%s",
		    dirs[i], name) < sz && is_file(out))
			return 0;
	return -1;
}

/* --redact: a fresh spool with the host and the notes pseudonymised and
 * the checksums recomputed; -1 leaves the raw spool to the usual pass. */
static int
reencode(struct collect *c, int spool)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	char		*buf = malloc(ITEM_CAP), host[64], *n;
	ssize_t		 got;
	int		 out = -1;

	if (a == NULL || buf == NULL ||
	    (got = pread(spool, buf, ITEM_CAP, 0)) <= 0 ||
	    series_read(buf, (size_t)got, a, &s, NULL) != ERR_OK)
		goto out;
	pseudo_name(c->ps, PS_HOST, c->host, strlen(c->host), host,
	    sizeof(host));
	for (size_t i = 0; i < s.nnotes; i++)
		if ((n = pseudo_str(c->ps, s.notes[i], &(uint64_t){ 0 }))
		    != NULL) {
			s.notes[i] = arena_strdup(a, n);
			free(n);
			if (s.notes[i] == NULL)
				s.notes[i] = "(note dropped)";
		}
	if ((out = collect_spool(c)) != -1 &&
	    (series_write_fd(out, &s, host, NULL) != ERR_OK ||
	    lseek(out, 0, SEEK_SET) != 0)) {
		close(out);
		out = -1;
	}
out:
	free(buf);
	arena_free(a);
	return out;
}

void
watch_pickup(struct collect *c, const char *bpath, int timeout_ms)
{
	char		 path[PATH_MAX];
	struct snap_arg	 sa = { path, 0 };
	struct run_res	 res = { 0 };
	struct run_req	 rq = { .fn = snap_file_child, .arg = &sa,
			    .cap = ITEM_CAP, .timeout_ms = timeout_ms,
			    .deadline_ns = c->deadline_ns };
	struct emit	 em = { .bpath = bpath, .source = path, .kind = "file",
			    .res = &res };
	int		 re;

	if (pickup_path(c, path, sizeof(path)) == -1)
		return;
	if (!is_file(path)) {
		em.res = NULL;
		em.spool = -1;
		em.error = "ENOENT: no such watch file (--watch-file)";
		em.failed = 1;
		collect_emit(c, &em);
		return;
	}
	if ((em.spool = rq.out_fd = collect_spool(c)) == -1 ||
	    run_capture(&rq, &res, NULL) != ERR_OK) {
		if (em.spool != -1)
			close(em.spool);
		return;
	}
	/* A series cut by the item cap is still a valid, shorter one: its
	 * reader drops the record the cut went through. */
	if (c->ps != NULL && res.exit_status == 0 &&
	    (re = reencode(c, em.spool)) != -1) {
		collect_unspool(c, em.spool);
		em.spool = re;
		em.verbatim = 1;
	}
	collect_emit(c, &em);
}
