/*
 * oomtrail_spank: a SPANK plugin that runs oomtrail-collect from
 * slurmstepd the moment a task ends badly, while the evidence still
 * exists: the step's and the task's memory cgroups with their oom_kill
 * counts, which slurmstepd removes when the step ends (before any Epilog).
 *
 * slurm_spank_task_exit (remote context, as root) collects once per step
 * and node when the task died by a signal (WIFSIGNALED) or a memory cgroup
 * of its step recorded an OOM kill (v1 memory.oom_control, v2
 * memory.events: "oom_kill N" with N > 0, in the step or any task_*).
 * The collector runs detached: fork, setsid, its own process group, moved
 * to the root of every cgroup hierarchy (so the step's limit cannot kill
 * it, proctrack does not reap it and it pins no cgroup of the job), with
 * signals reset, a clean environment (PATH, LC_ALL=C, slurmstepd's own
 * SLURM_CONF and SLURMD_NODENAME; nothing from the job's environment) and
 * stdout/stderr appended to <output>/oomtrail-spank.log. The hook waits
 * for it at most wait= seconds, then returns and lets it finish; a
 * supervisor kills it if it outlives its deadline by 15 s. The hook also
 * moves the first child out by its pid, and starts it once more if the
 * step's SIGKILL took it first.
 *
 * It never fails the task or the step: every callback returns 0, bad
 * options are logged and replaced by defaults. It reads a few small
 * kernel files and writes nothing but the markers, the log line and what
 * the collector writes. Options (plugstack.conf): collect=PATH output=DIR
 * markers=DIR scope=node|all deadline=N wait=N always watch.
 *
 * Every task's end (remote context) also rewrites the step's marker file,
 * <markers>/<job>/<step>.step (default /run/oomtrail): how each task of
 * the step on this node ended (pid, exit code or signal), the step
 * cgroup's oom_kill count, the output file of the step's first task,
 * uid, node, array ids and times. The per-node Epilog decides from these
 * files, without asking Slurm, whether the node saw trouble; the
 * collector stores them in the bundle. Written atomically (temporary file
 * and rename), at most 4 KiB, in root-owned 0700 directories; a marker
 * that cannot be written is logged, never an error.
 *
 * With watch, slurm_spank_task_post_fork (remote, as root) also starts
 * "oomtrail-collect --watch" for the job, detached the same way, once per
 * step and node (the collector's own lock keeps one per job and node):
 * it samples the job's memory cgroup and GPUs until the job's cgroup goes,
 * writing its series in output=, where the collection of the same job
 * finds it. The hook does not wait for it and nothing bounds it but the
 * job's end.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <slurm/slurm.h>
#include <slurm/spank.h>

SPANK_PLUGIN(oomtrail, 1);

#define DEF_COLLECT	"/usr/local/bin/oomtrail-collect"
#define DEF_OUTPUT	"/var/spool/oomtrail"
#define DEF_MARKERS	"/run/oomtrail"
#define DEF_SCOPE	"node"
#define DEF_DEADLINE	30
#define DEF_WAIT	15
#define KILL_GRACE_S	15
#define LOG_NAME	"oomtrail-spank.log"
#define MAX_ESCAPE	32	/* cgroup hierarchies to leave */
#define MAX_SCAN	4096	/* entries read from one step cgroup */
#define MAX_FD		65536
#define MARKER_MAX	4096	/* a marker file's size limit (its format) */
#define MARKER_TASKS	128	/* tasks listed per step and node */
#define MARKER_PATH	1024	/* longer output paths are left out */
#define MARKER_STALE_S	(7 * 86400)	/* job directories no Epilog removed */
#define MARKER_PRUNE	64	/* of those, removed per new job; entries */
#define OUTPUT_TRIES	10	/* 2 ms polls for a task's stdio to be set */

struct spank_opts {
	char	collect[PATH_MAX];
	char	output[PATH_MAX];
	char	markers[PATH_MAX];
	char	scope[8];	/* "node" or "all" */
	int	deadline_s;
	int	wait_s;
	int	always;
	int	watch;
};

struct task_info {
	uint32_t	job;
	uid_t		uid;
	char		step[24];	/* "batch", "extern", "0", ... */
	int		task;
	pid_t		pid;		/* 0 if unknown */
	int		status;		/* wait(2) status; -1 if unknown */
	int		sig;		/* signal that ended it, else 0 */
	uint32_t	array_job;	/* 0: not an array task */
	uint32_t	array_task;
	unsigned long	oom_kills;	/* in the step's memory cgroups */
	long		oom_marker;	/* the same counted once; -1 unknown */
	char		cgdir[PATH_MAX];	/* step cgroup ("" if none) */
};

/* What the detached children need, all prepared before fork(2). */
struct launch {
	char	*argv[10];
	char	*envp[7];
	char	 job[16], deadline[16];
	char	 env_conf[PATH_MAX + 16], env_node[96];
	char	 env_markers[PATH_MAX + 24];
	int	 escape[MAX_ESCAPE];
	int	 nescape;
	int	 logfd, devnull, maxfd;
	char	 tag[160];	/* "oomtrail-spank: job=J step=S task=T" */
	int	 limit_s;	/* supervisor kills the collector after this;
				 * 0: never (a watcher ends with the job) */
};

/* Only one collection per slurmstepd, i.e. per step and node; the same
 * for starting a watcher. */
static int	collected;
static int	watching;
/* Where the cgroup hierarchies and /proc are mounted (the tests point
 * them elsewhere). */
static const char	*cgroup_fs = "/sys/fs/cgroup";
static const char	*proc_fs = "/proc";

/*
 * The step's marker as its tasks end on this node; one slurmstepd runs
 * one step, so one per process. status[] holds wait(2) statuses.
 */
struct step_marker {
	time_t		start;		/* slurm_spank_init; 0 unknown */
	int		outputs_read;	/* stdout/stderr looked up */
	char		out[MARKER_PATH], err[MARKER_PATH];
	int		ntasks;
	pid_t		pid[MARKER_TASKS];
	int		status[MARKER_TASKS];
};
static struct step_marker	marker;

/* ------------------------------------------------------------ options */

typedef int	opt_set(struct spank_opts *, const char *);

static int
set_path(char *dst, const char *v)
{
	if (v[0] != '/' || strlen(v) >= PATH_MAX)
		return -1;
	strcpy(dst, v);
	return 0;
}

static int
set_int(int *dst, const char *v, long lo, long hi)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (errno != 0 || end == v || *end != '\0' || n < lo || n > hi)
		return -1;
	*dst = (int)n;
	return 0;
}

static int
opt_collect(struct spank_opts *o, const char *v)
{
	return set_path(o->collect, v);
}

static int
opt_output(struct spank_opts *o, const char *v)
{
	return set_path(o->output, v);
}

static int
opt_markers(struct spank_opts *o, const char *v)
{
	return set_path(o->markers, v);
}

static int
opt_scope(struct spank_opts *o, const char *v)
{
	if (strcmp(v, "node") != 0 && strcmp(v, "all") != 0)
		return -1;
	strcpy(o->scope, v);
	return 0;
}

static int
opt_deadline(struct spank_opts *o, const char *v)
{
	return set_int(&o->deadline_s, v, 1, 3600);
}

static int
opt_wait(struct spank_opts *o, const char *v)
{
	return set_int(&o->wait_s, v, 0, 120);
}

static int
opt_always(struct spank_opts *o, const char *v)
{
	if (v != NULL)
		return set_int(&o->always, v, 0, 1);
	o->always = 1;
	return 0;
}

static int
opt_watch(struct spank_opts *o, const char *v)
{
	if (v != NULL)
		return set_int(&o->watch, v, 0, 1);
	o->watch = 1;
	return 0;
}

static const struct {
	const char	*name;
	opt_set		*set;
	int		 flag;	/* may be given without "=value" */
} options[] = {
	{ "collect",	opt_collect,	0 },
	{ "output",	opt_output,	0 },
	{ "markers",	opt_markers,	0 },
	{ "scope",	opt_scope,	0 },
	{ "deadline",	opt_deadline,	0 },
	{ "wait",	opt_wait,	0 },
	{ "always",	opt_always,	1 },
	{ "watch",	opt_watch,	1 },
};
#define NOPTIONS	(sizeof(options) / sizeof(options[0]))

/* One "name=value" (or bare flag) argument; -1 if unknown or invalid. */
static int
opts_one(struct spank_opts *o, const char *arg)
{
	const char	*eq = strchr(arg, '=');
	size_t		 n = eq != NULL ? (size_t)(eq - arg) : strlen(arg);

	for (size_t i = 0; i < NOPTIONS; i++) {
		if (strlen(options[i].name) != n ||
		    strncmp(options[i].name, arg, n) != 0)
			continue;
		if (eq == NULL && !options[i].flag)
			return -1;
		return options[i].set(o, eq != NULL ? eq + 1 : NULL);
	}
	return -1;
}

/*
 * Fills o from the plugstack.conf arguments; an unknown or invalid one is
 * logged and ignored (its default stays), never an error.
 */
static void
opts_parse(struct spank_opts *o, int ac, char **av)
{
	memset(o, 0, sizeof(*o));
	strcpy(o->collect, DEF_COLLECT);
	strcpy(o->output, DEF_OUTPUT);
	strcpy(o->markers, DEF_MARKERS);
	strcpy(o->scope, DEF_SCOPE);
	o->deadline_s = DEF_DEADLINE;
	o->wait_s = DEF_WAIT;
	for (int i = 0; i < ac; i++)
		if (av[i] != NULL && opts_one(o, av[i]) == -1)
			slurm_error("oomtrail: ignoring plugstack option "
			    "\"%s\"", av[i]);
}

/* ------------------------------------------------------------ evidence */

/* The N of an "oom_kill N" line in a small cgroup file; 0 if none. */
static unsigned long
file_oom_kill(const char *dir, const char *name)
{
	char		 path[PATH_MAX], buf[4096];
	const char	*p;
	ssize_t		 n;
	int		 fd;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path))
		return 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) == -1)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (p = buf; (p = strstr(p, "oom_kill ")) != NULL; p++)
		if (p == buf || p[-1] == '\n')
			return strtoul(p + 9, NULL, 10);
	return 0;
}

/* a + b, saturating: a huge count must not wrap to "no kill". */
static unsigned long
sat_add(unsigned long a, unsigned long b)
{
	return a + b < a ? ULONG_MAX : a + b;
}

static unsigned long
dir_oom_kill(const char *dir)
{
	return sat_add(file_oom_kill(dir, "memory.oom_control"),
	    file_oom_kill(dir, "memory.events"));
}

/* Kills recorded in the task_* children of dir (bounded scan). */
static unsigned long
tasks_oom_kills(const char *dir)
{
	char		 sub[PATH_MAX];
	struct dirent	*de;
	unsigned long	 k = 0;
	DIR		*d;
	int		 n = 0;

	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL && n++ < MAX_SCAN) {
		if (strncmp(de->d_name, "task_", 5) != 0)
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", dir, de->d_name) <
		    (int)sizeof(sub))
			k = sat_add(k, dir_oom_kill(sub));
	}
	closedir(d);
	return k;
}

/*
 * OOM kills recorded in the step cgroup and its task_* (v1) or
 * user/task_* (v2) children. v1 counts a kill only in the victim's own
 * cgroup, hence the scan; on v2 the step's count already includes them.
 */
static unsigned long
step_oom_kills(const char *stepdir)
{
	char	user[PATH_MAX];

	if (snprintf(user, sizeof(user), "%s/user", stepdir) >=
	    (int)sizeof(user))
		return dir_oom_kill(stepdir);
	return sat_add(sat_add(dir_oom_kill(stepdir),
	    tasks_oom_kills(stepdir)), tasks_oom_kills(user));
}

static int
is_dir(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Does the comma-separated controller list ctl name "memory"? */
static int
has_memory(const char *ctl, size_t n)
{
	for (size_t i = 0; i + 6 <= n; i++)
		if (strncmp(ctl + i, "memory", 6) == 0 &&
		    (i == 0 || ctl[i - 1] == ',') &&
		    (i + 6 == n || ctl[i + 6] == ','))
			return 1;
	return 0;
}

/*
 * The job's memory cgroup from one /proc/self/cgroup line
 * ("id:controllers:/path"): slurmstepd lives inside it on the layouts
 * that put it there. 0 and out filled, or -1.
 */
static int
job_from_line(const char *line, size_t n, const char *jobname, char *out,
    size_t outsz)
{
	const char	*c1 = memchr(line, ':', n), *c2, *sub, *p, *end;
	size_t		 jn = strlen(jobname);

	if (c1 == NULL || (c2 = memchr(c1 + 1, ':', n - (size_t)(c1 + 1 -
	    line))) == NULL)
		return -1;
	if (has_memory(c1 + 1, (size_t)(c2 - c1 - 1)))
		sub = "/memory";
	else if (c2 == c1 + 1 && c1 - line == 1 && line[0] == '0')
		sub = "";
	else
		return -1;
	end = line + n;
	for (p = c2 + 1; p + jn <= end; p++) {
		if (*p != '/' || (size_t)(end - p - 1) < jn ||
		    strncmp(p + 1, jobname, jn) != 0 ||
		    (p + 1 + jn != end && p[1 + jn] != '/'))
			continue;
		if (snprintf(out, outsz, "%s%s%.*s", cgroup_fs, sub,
		    (int)(p + 1 + jn - (c2 + 1)), c2 + 1) >= (int)outsz)
			return -1;
		return is_dir(out) ? 0 : -1;
	}
	return -1;
}

static int
job_from_self(const char *jobname, char *out, size_t outsz)
{
	char		 buf[8192];
	const char	*p, *nl, *end;
	ssize_t		 n;
	int		 fd;

	if ((fd = open("/proc/self/cgroup", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n <= 0)
		return -1;
	end = buf + n;
	for (p = buf; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (job_from_line(p, (size_t)(nl - p), jobname, out,
		    outsz) == 0)
			return 0;
	}
	return -1;
}

/*
 * Slurm's own layouts (those the collector knows) under cgroup_fs, first
 * match wins.
 */
static const struct {
	const char	*parent;	/* glob(3) pattern */
	int		 per_uid;	/* a uid_<uid> level below it */
} layouts[] = {
	{ "memory/slurm*",			1 },
	{ "system.slice/slurmstepd.scope",	0 },
	{ "system.slice/*_slurmstepd.scope",	0 },
	{ "*_slurmstepd.scope",			0 },
};
#define NLAYOUTS	(sizeof(layouts) / sizeof(layouts[0]))

static int
job_from_layouts(uid_t uid, const char *jobname, char *out, size_t outsz)
{
	char	pat[PATH_MAX], uidpart[32] = "";
	glob_t	g;
	int	rc = -1;

	for (size_t i = 0; i < NLAYOUTS && rc == -1; i++) {
		if (layouts[i].per_uid)
			snprintf(uidpart, sizeof(uidpart), "/uid_%u",
			    (unsigned)uid);
		else
			uidpart[0] = '\0';
		snprintf(pat, sizeof(pat), "%s/%s%s/%s", cgroup_fs,
		    layouts[i].parent, uidpart, jobname);
		if (glob(pat, GLOB_NOSORT | GLOB_ONLYDIR, NULL, &g) == 0 &&
		    g.gl_pathc > 0 && strlen(g.gl_pathv[0]) < outsz) {
			strcpy(out, g.gl_pathv[0]);
			rc = 0;
		}
		globfree(&g);
	}
	return rc;
}

/* t->cgdir: the step's memory cgroup, "" when it cannot be found. */
static void
find_step_cgroup(struct task_info *t)
{
	char	jobname[32], job[PATH_MAX];

	t->cgdir[0] = '\0';
	snprintf(jobname, sizeof(jobname), "job_%u", (unsigned)t->job);
	if (job_from_self(jobname, job, sizeof(job)) == -1 &&
	    job_from_layouts(t->uid, jobname, job, sizeof(job)) == -1)
		return;
	if (snprintf(t->cgdir, sizeof(t->cgdir), "%s/step_%s", job,
	    t->step) >= (int)sizeof(t->cgdir) || !is_dir(t->cgdir))
		t->cgdir[0] = '\0';
}

/* ------------------------------------------------------------ launch */

/*
 * What runs between fork(2) and execve(2) of a multithreaded slurmstepd
 * may only make async-signal-safe calls: no stdio, no malloc. These two
 * helpers write a log line from prepared pieces.
 */
static size_t
put_ulong(char *p, unsigned long v)
{
	char	tmp[24];
	size_t	n = 0, i;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	for (i = 0; i < n; i++)
		p[i] = tmp[n - 1 - i];
	return n;
}

static void
log_done(const struct launch *l, const char *what, unsigned long v)
{
	char	line[256];
	size_t	n = strlen(l->tag), w = strlen(what);

	if (n + w + 26 > sizeof(line))
		return;
	memcpy(line, l->tag, n);
	memcpy(line + n, what, w);
	n += w;
	n += put_ulong(line + n, v);
	line[n++] = '\n';
	if (write(l->logfd, line, n) < 0)
		return;
}

/* Leave every cgroup of the job: "0" moves the writing process. */
static void
escape_cgroups(const struct launch *l)
{
	for (int i = 0; i < l->nescape; i++)
		if (write(l->escape[i], "0", 1) < 0)
			continue;
}

static void
reset_signals(void)
{
	struct sigaction	sa;
	sigset_t		none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (int s = 1; s < NSIG; s++)
		sigaction(s, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* The collector itself: its own process group, fds 0-2 only. */
static void
exec_collector(const struct launch *l)
{
	setpgid(0, 0);
	umask(077);
	if (dup2(l->devnull, 0) == -1 || dup2(l->logfd, 1) == -1 ||
	    dup2(l->logfd, 2) == -1)
		_exit(127);
	for (int fd = 3; fd < l->maxfd; fd++)
		close(fd);
	execve(l->argv[0], l->argv, l->envp);
	_exit(127);
}

static long
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The supervisor: starts the collector, waits for it, kills its process
 * group if it outlives limit_s, and logs how it ended. Holds the pipe the
 * hook waits on until then.
 */
static void
supervise(const struct launch *l)
{
	long	end = now_ms() + l->limit_s * 1000L;
	pid_t	c, r;
	int	st = 0, killed = 0;

	if ((c = fork()) == -1) {
		log_done(l, " collector fork failed errno=", (unsigned)errno);
		return;
	}
	if (c == 0)
		exec_collector(l);
	while ((r = waitpid(c, &st, WNOHANG)) != c) {
		if (r == -1 && errno != EINTR) {
			log_done(l, " collector lost errno=", (unsigned)errno);
			return;
		}
		if (l->limit_s > 0 && now_ms() > end) {
			kill(-c, killed ? SIGKILL : SIGTERM);
			killed = 1;
			end = now_ms() + 5000;
		}
		poll(NULL, 0, 50);
	}
	if (killed)
		log_done(l, " collector killed after deadline, signal=",
		    WIFSIGNALED(st) ? (unsigned)WTERMSIG(st) : 0);
	else if (WIFSIGNALED(st))
		log_done(l, " collector signal=", (unsigned)WTERMSIG(st));
	else
		log_done(l, " collector exit=", (unsigned)WEXITSTATUS(st));
}

/* The first child: a new session, out of the job's cgroups, detached. */
static void
detach(const struct launch *l, int pipew)
{
	pid_t	b;

	setsid();
	escape_cgroups(l);
	reset_signals();
	if ((b = fork()) == 0) {
		supervise(l);
		_exit(0);
	}
	if (b == -1)
		log_done(l, " supervisor fork failed errno=", (unsigned)errno);
	close(pipew);
	_exit(0);
}

/* Write ends of each hierarchy root's cgroup.procs (v2: the root only). */
static void
open_escapes(struct launch *l)
{
	char	path[PATH_MAX];
	glob_t	g;

	l->nescape = 0;
	snprintf(path, sizeof(path), "%s/cgroup.controllers", cgroup_fs);
	if (access(path, F_OK) == 0) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cgroup_fs);
		l->escape[0] = open(path, O_WRONLY | O_CLOEXEC);
		l->nescape = l->escape[0] != -1;
		return;
	}
	snprintf(path, sizeof(path), "%s/*/cgroup.procs", cgroup_fs);
	if (glob(path, 0, NULL, &g) == 0)
		for (size_t i = 0; i < g.gl_pathc && l->nescape < MAX_ESCAPE;
		    i++)
			if ((l->escape[l->nescape] = open(g.gl_pathv[i],
			    O_WRONLY | O_CLOEXEC)) != -1)
				l->nescape++;
	globfree(&g);
}

static void
close_launch(struct launch *l)
{
	for (int i = 0; i < l->nescape; i++)
		close(l->escape[i]);
	if (l->logfd != -1)
		close(l->logfd);
	if (l->devnull != -1)
		close(l->devnull);
}

/* A node name is passed on only when it looks like one. */
static int
node_ok(const char *s)
{
	size_t	n = strlen(s);

	return n > 0 && n < 64 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/*
 * Everything the children need, prepared while allocating is still
 * allowed: argv, a clean environment, the log and the cgroup escapes.
 * -1 if the output directory or its log cannot be opened.
 */
static int
prepare(struct launch *l, const struct spank_opts *o,
    const struct task_info *t, const char *node, int watch)
{
	char		 logpath[PATH_MAX + 32];
	const char	*conf = getenv("SLURM_CONF");
	int		 ne = 0, na = 0;
	long		 mx = sysconf(_SC_OPEN_MAX);

	memset(l, 0, sizeof(*l));
	l->logfd = l->devnull = -1;
	if (mkdir(o->output, 0700) == -1 && errno != EEXIST)
		return -1;
	snprintf(logpath, sizeof(logpath), "%s/%s", o->output, LOG_NAME);
	l->logfd = open(logpath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC |
	    O_NOFOLLOW, 0600);
	l->devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (l->logfd == -1 || l->devnull == -1)
		return -1;
	snprintf(l->job, sizeof(l->job), "%u", (unsigned)t->job);
	snprintf(l->deadline, sizeof(l->deadline), "%d", o->deadline_s);
	snprintf(l->tag, sizeof(l->tag), "oomtrail-spank: job=%u step=%s "
	    "task=%d", (unsigned)t->job, t->step, t->task);
	l->argv[na++] = (char *)o->collect;
	l->argv[na++] = "--job";
	l->argv[na++] = l->job;
	l->argv[na++] = "--output";
	l->argv[na++] = (char *)o->output;
	if (watch) {
		l->argv[na++] = "--watch";
	} else {
		/* scope=node: no Slurm client call from the node */
		if (strcmp(o->scope, "all") != 0) {
			l->argv[na++] = "--scope";
			l->argv[na++] = (char *)o->scope;
		}
		l->argv[na++] = "--deadline";
		l->argv[na++] = l->deadline;
	}
	l->argv[na] = NULL;
	l->envp[ne++] = "PATH=/usr/sbin:/usr/bin:/sbin:/bin";
	l->envp[ne++] = "LC_ALL=C";
	snprintf(l->env_markers, sizeof(l->env_markers),
	    "OOMTRAIL_MARKERS=%s", o->markers);
	l->envp[ne++] = l->env_markers;
	if (conf != NULL && conf[0] == '/' && strlen(conf) < PATH_MAX) {
		snprintf(l->env_conf, sizeof(l->env_conf), "SLURM_CONF=%s",
		    conf);
		l->envp[ne++] = l->env_conf;
	}
	if (node_ok(node)) {
		snprintf(l->env_node, sizeof(l->env_node),
		    "SLURMD_NODENAME=%s", node);
		l->envp[ne++] = l->env_node;
	}
	l->maxfd = mx > 0 && mx < MAX_FD ? (int)mx : MAX_FD;
	l->limit_s = watch ? 0 : o->deadline_s + KILL_GRACE_S;
	open_escapes(l);
	return 0;
}

/*
 * Waits up to wait_s for the pipe's write ends (the first child's and
 * the supervisor's) to close: the collector has finished. 1 if it did.
 */
static int
wait_pipe(int fd, int wait_s)
{
	struct pollfd	pfd = { fd, POLLIN, 0 };
	long		end = now_ms() + wait_s * 1000L, left;
	char		c;
	int		r;

	while ((left = end - now_ms()) > 0) {
		r = poll(&pfd, 1, (int)left);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return 0;
		if (read(fd, &c, 1) <= 0)
			return 1;
	}
	return 0;
}

/*
 * Reaps the first child, which exits right after forking; bounded.
 * Returns 1 when a signal killed it (the step's SIGKILL reached it before
 * it left the job's cgroups, so no supervisor started), else 0.
 */
static int
reap(pid_t pid)
{
	int	st;

	for (int i = 0; i < 100; i++) {
		pid_t	r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			return WIFSIGNALED(st);
		if (r != 0)
			return 0;
		poll(NULL, 0, 20);
	}
	return 0;
}

/* Moves pid out of the job's cgroups from here, so that the step's kill,
 * which may come while the child has not yet run, does not take it. */
static void
escape_pid(const struct launch *l, pid_t pid)
{
	char	buf[24];
	size_t	n = put_ulong(buf, (unsigned long)pid);

	for (int i = 0; i < l->nescape; i++)
		if (write(l->escape[i], buf, n) < 0)
			continue;
}

#define LAUNCH_TRIES	2

/*
 * Forks the first child (detach) with a pipe whose read end the caller
 * gets in *rfd; the child is moved out of the job's cgroups at once. A
 * slurmstepd SIGKILLs its step right after the task-exit hooks (a time
 * limit, scancel), and a child still in the step's cgroup dies with it:
 * then it is started again once. Returns 0, or -1 (logged) when no
 * collector could be started.
 */
static int
launch(struct launch *l, int *rfd)
{
	int	pfd[2];
	pid_t	a;

	for (int try = 0; try < LAUNCH_TRIES; try++) {
		if (pipe(pfd) == -1) {
			log_done(l, " collector pipe failed errno=",
			    (unsigned)errno);
			return -1;
		}
		fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
		fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
		if ((a = fork()) == 0)
			detach(l, pfd[1]);
		close(pfd[1]);
		if (a == -1) {
			log_done(l, " fork failed errno=", (unsigned)errno);
			close(pfd[0]);
			return -1;
		}
		escape_pid(l, a);
		if (!reap(a)) {
			*rfd = pfd[0];
			return 0;
		}
		close(pfd[0]);
		if (try + 1 < LAUNCH_TRIES) {
			log_done(l, " first child killed before it left the "
			    "job, try=", (unsigned)try + 1);
			poll(NULL, 0, 100);
		}
	}
	log_done(l, " collector not started: first child killed, tries=",
	    LAUNCH_TRIES);
	return -1;
}

/* Starts the collector for t and waits for it at most o->wait_s. */
static void
run(const struct spank_opts *o, const struct task_info *t, const char *why,
    const char *node)
{
	struct launch	l;
	int		rfd;

	if (prepare(&l, o, t, node, 0) == -1) {
		slurm_error("oomtrail: job %u: cannot use %s: %m",
		    (unsigned)t->job, o->output);
		close_launch(&l);
		return;
	}
	dprintf(l.logfd, "%s started %s (%s) deadline=%ds\n", l.tag,
	    o->collect, why, o->deadline_s);
	if (launch(&l, &rfd) == 0) {
		if (!wait_pipe(rfd, o->wait_s))
			slurm_info("oomtrail: job %u step %s: collector still "
			    "running after %ds, not waiting", (unsigned)t->job,
			    t->step, o->wait_s);
		close(rfd);
	}
	close_launch(&l);
}

/* Starts the watcher for t's job; does not wait for it. */
static void
run_watch(const struct spank_opts *o, const struct task_info *t,
    const char *node)
{
	struct launch	l;
	int		rfd;

	if (prepare(&l, o, t, node, 1) == -1) {
		slurm_error("oomtrail: job %u: cannot use %s: %m",
		    (unsigned)t->job, o->output);
		close_launch(&l);
		return;
	}
	dprintf(l.logfd, "%s started %s (watch)\n", l.tag, o->collect);
	if (launch(&l, &rfd) == 0)
		close(rfd);
	close_launch(&l);
}

/* ------------------------------------------------------------ marker */

/*
 * The step's OOM kills for its marker, each counted once: on v2 the
 * step's memory.events already counts its descendants' kills; v1 counts
 * a kill only in the victim's own cgroup, so the step and its task_* are
 * added. -1 when the step's cgroup was not found.
 */
static long
marker_oom_kills(const char *stepdir)
{
	char		path[PATH_MAX];
	unsigned long	k;

	if (stepdir[0] == '\0' || snprintf(path, sizeof(path),
	    "%s/memory.events", stepdir) >= (int)sizeof(path))
		return -1;
	if (access(path, F_OK) == 0)
		k = file_oom_kill(stepdir, "memory.events");
	else
		k = sat_add(file_oom_kill(stepdir, "memory.oom_control"),
		    tasks_oom_kills(stepdir));
	return k > LONG_MAX ? LONG_MAX : (long)k;
}

/* Did the task end badly: a nonzero exit code or a signal? */
static int
task_failed(int status)
{
	return WIFSIGNALED(status) ||
	    (WIFEXITED(status) && WEXITSTATUS(status) != 0);
}

/*
 * Records how one task ended (a task seen again is updated). Past
 * MARKER_TASKS tasks, a failed one takes the place of the last task that
 * ended well: the entries left out are never failures while a clean one
 * could go instead.
 */
static void
marker_add_task(struct step_marker *m, pid_t pid, int status)
{
	int	i;

	if (!WIFEXITED(status) && !WIFSIGNALED(status))
		return;
	for (i = 0; pid > 0 && i < m->ntasks; i++)
		if (m->pid[i] == pid) {
			m->status[i] = status;
			return;
		}
	if (m->ntasks < MARKER_TASKS) {
		m->pid[m->ntasks] = pid;
		m->status[m->ntasks++] = status;
		return;
	}
	if (!task_failed(status))
		return;
	for (i = m->ntasks - 1; i >= 0; i--)
		if (!task_failed(m->status[i])) {
			m->pid[i] = pid;
			m->status[i] = status;
			return;
		}
}

/* A bounded text buffer: what does not fit sets over. */
struct sbuf {
	char	*p;
	size_t	 len, cap;
	int	 over;
};

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (b->over)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->cap - b->len)
		b->over = 1;
	else
		b->len += (size_t)n;
}

/*
 * The marker's text (format 1: the collector's collect/marker.c reads it)
 * in buf; with paths
 * 0 the output paths are left empty. Its length, or -1 if it does not fit
 * in cap - 1 bytes.
 */
static int
marker_format(const struct step_marker *m, const struct task_info *t,
    const char *node, time_t end, int paths, char *buf, size_t cap)
{
	struct sbuf	b = { buf, 0, cap, 0 };
	int		i;

	sb_printf(&b, "format=1\njob=%u\nstep=%s\n", (unsigned)t->job,
	    t->step);
	if (t->array_job != 0)
		sb_printf(&b, "array_job_id=%u\narray_task_id=%u\n",
		    (unsigned)t->array_job, (unsigned)t->array_task);
	else
		sb_printf(&b, "array_job_id=\narray_task_id=\n");
	sb_printf(&b, "uid=%u\nnode=%s\n", (unsigned)t->uid,
	    node_ok(node) ? node : "");
	if (m->start > 0)	/* unknown: no line (the reader wants digits) */
		sb_printf(&b, "start=%lld\n", (long long)m->start);
	sb_printf(&b, "end=%lld\npids=", (long long)end);
	for (i = 0; i < m->ntasks; i++)
		sb_printf(&b, "%s%ld", i > 0 ? " " : "", (long)m->pid[i]);
	sb_printf(&b, "\nexit=");
	for (i = 0; i < m->ntasks; i++)
		if (WIFSIGNALED(m->status[i]))
			sb_printf(&b, "%ssig%d", i > 0 ? " " : "",
			    WTERMSIG(m->status[i]));
		else
			sb_printf(&b, "%s%d", i > 0 ? " " : "",
			    WEXITSTATUS(m->status[i]));
	sb_printf(&b, "\noom_kill=%ld\nstdout=%s\nstderr=%s\n", t->oom_marker,
	    paths ? m->out : "", paths ? m->err : "");
	return b.over ? -1 : (int)b.len;
}

/* mkdir name (0700) in dirfd and open it; -1 unless it is a directory
 * of ours that nobody else may write to. *created: made just now. */
static int
open_own_dir(int dirfd, const char *name, int *created)
{
	struct stat	st;
	int		fd;

	*created = mkdirat(dirfd, name, 0700) == 0;
	if (!*created && errno != EEXIST)
		return -1;
	if ((fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &st) == -1 || st.st_uid != geteuid() ||
	    (st.st_mode & 022) != 0) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

static int
all_digits(const char *s)
{
	return s[0] != '\0' && strspn(s, "0123456789") == strlen(s);
}

/* A stale job directory and the (at most MARKER_PRUNE) files in it. */
static void
remove_job_dir(int dfd, const char *name)
{
	struct dirent	*de;
	DIR		*d;
	int		 jfd, n = 0;

	if ((jfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return;
	if ((d = fdopendir(jfd)) == NULL) {
		close(jfd);
		return;
	}
	while ((de = readdir(d)) != NULL && n++ < MARKER_PRUNE + 2)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			(void)unlinkat(jfd, de->d_name, 0);
	closedir(d);
	(void)unlinkat(dfd, name, AT_REMOVEDIR);	/* else next time */
}

/*
 * Markers no Epilog removed (a node without epilog.sh, a crash) would
 * fill /run: when a job's first marker is written, job directories
 * older than MARKER_STALE_S go, at most MARKER_PRUNE of them. Only
 * directories named by a job id; links and the rest are left alone.
 */
static void
marker_prune(int dfd, const char *keep)
{
	struct dirent	*de;
	struct stat	 st;
	time_t		 old = time(NULL) - MARKER_STALE_S;
	DIR		*d;
	int		 fd, n = 0;

	if ((fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL && n < MARKER_PRUNE) {
		if (!all_digits(de->d_name) || strcmp(de->d_name, keep) == 0 ||
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISDIR(st.st_mode) || st.st_mtime >= old)
			continue;
		n++;
		remove_job_dir(dfd, de->d_name);
	}
	closedir(d);
}

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		if ((w = write(fd, p, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * text as <dir>/<job>/<step>.step (0600; directories 0700): written to a
 * temporary name and renamed over the old marker, so a reader sees the
 * previous version or this one, whole. 0, or -1 with errno.
 */
static int
marker_write(const char *dir, const struct task_info *t, const char *text,
    size_t n)
{
	char	job[16], name[40], tmp[64];
	int	dfd = -1, jfd = -1, fd = -1, rc = -1, e, created;

	snprintf(job, sizeof(job), "%u", (unsigned)t->job);
	snprintf(name, sizeof(name), "%s.step", t->step);
	snprintf(tmp, sizeof(tmp), ".%s.step.%ld", t->step, (long)getpid());
	if ((dfd = open_own_dir(AT_FDCWD, dir, &created)) == -1 ||
	    (jfd = open_own_dir(dfd, job, &created)) == -1)
		goto out;
	if (created)
		marker_prune(dfd, job);
	(void)unlinkat(jfd, tmp, 0);	/* a crashed write's leftover */
	if ((fd = openat(jfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600)) == -1)
		goto out;
	if (fchmod(fd, 0600) == -1 || write_all(fd, text, n) == -1) {
		e = errno;
		close(fd);
		(void)unlinkat(jfd, tmp, 0);
		errno = e;
		goto out;
	}
	if (close(fd) == -1 || renameat(jfd, tmp, jfd, name) == -1) {
		e = errno;
		(void)unlinkat(jfd, tmp, 0);
		errno = e;
		goto out;
	}
	rc = 0;
out:
	e = errno;
	if (jfd != -1)
		close(jfd);
	if (dfd != -1)
		close(dfd);
	errno = e;
	return rc;
}

/*
 * The file behind descriptor fd of task pid, in out when it is a regular
 * file with a plain absolute name (else ""): names with control
 * characters are left out (the marker is line-based), and so is a file
 * deleted since. 1 while the task still has slurmstepd's own descriptor
 * there (its stdio is not set up yet), else 0.
 */
static int
task_output(pid_t pid, int fd, char *out, size_t n)
{
	char		link[64], self[64], name[PATH_MAX], mine[PATH_MAX];
	struct stat	st;
	ssize_t		r, rs;

	snprintf(link, sizeof(link), "%s/%ld/fd/%d", proc_fs, (long)pid, fd);
	snprintf(self, sizeof(self), "%s/self/fd/%d", proc_fs, fd);
	if ((r = readlink(link, name, sizeof(name) - 1)) <= 0)
		return 0;
	name[r] = '\0';
	if ((rs = readlink(self, mine, sizeof(mine) - 1)) == r &&
	    memcmp(mine, name, (size_t)r) == 0)
		return 1;
	if (name[0] != '/' || (size_t)r >= n || stat(link, &st) == -1 ||
	    !S_ISREG(st.st_mode) || st.st_nlink == 0)
		return 0;
	for (ssize_t i = 0; i < r; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return 0;
	memcpy(out, name, (size_t)r + 1);
	return 0;
}

/*
 * The step's output files, from its first task right after the fork:
 * the child sets up its stdio before it waits for slurmstepd, so a few
 * 2 ms polls at most (OUTPUT_TRIES) cover the race.
 */
static void
marker_outputs(struct step_marker *m, pid_t pid)
{
	m->out[0] = m->err[0] = '\0';
	for (int i = 0; i < OUTPUT_TRIES; i++) {
		if (task_output(pid, 1, m->out, sizeof(m->out)) +
		    task_output(pid, 2, m->err, sizeof(m->err)) == 0)
			break;
		poll(NULL, 0, 2);
	}
}

/*
 * Adds the task that ended to the step's marker and rewrites the file.
 * A failure is logged once per step, never returned.
 */
static void
marker_record(const struct spank_opts *o, const struct task_info *t,
    const char *node)
{
	static int	logged;
	char		text[MARKER_MAX + 1];
	time_t		now = time(NULL);
	int		n;

	if (t->status != -1)
		marker_add_task(&marker, t->pid, t->status);
	if ((n = marker_format(&marker, t, node, now, 1, text,
	    sizeof(text))) == -1)
		n = marker_format(&marker, t, node, now, 0, text,
		    sizeof(text));
	if (n == -1)
		errno = EOVERFLOW;
	if ((n == -1 || marker_write(o->markers, t, text, (size_t)n) == -1) &&
	    !logged++)
		slurm_error("oomtrail: job %u step %s: cannot write its "
		    "marker in %s: %m", (unsigned)t->job, t->step,
		    o->markers);
}

/* ------------------------------------------------------------ the hook */

static const struct {
	uint32_t	 id;
	const char	*name;
} step_names[] = {
	{ SLURM_BATCH_SCRIPT,		"batch" },
	{ SLURM_EXTERN_CONT,		"extern" },
	{ SLURM_INTERACTIVE_STEP,	"interactive" },
};

static void
step_name(uint32_t id, char *out, size_t n)
{
	for (size_t i = 0; i < sizeof(step_names) / sizeof(step_names[0]);
	    i++)
		if (step_names[i].id == id) {
			snprintf(out, n, "%s", step_names[i].name);
			return;
		}
	snprintf(out, n, "%u", (unsigned)id);
}

/* The task's ids and how it ended; -1 if Slurm does not say. */
static int
task_info_get(spank_t sp, struct task_info *t)
{
	uint32_t	step;

	memset(t, 0, sizeof(*t));
	t->status = -1;
	if (spank_get_item(sp, S_JOB_ID, &t->job) != ESPANK_SUCCESS ||
	    spank_get_item(sp, S_JOB_STEPID, &step) != ESPANK_SUCCESS ||
	    spank_get_item(sp, S_JOB_UID, &t->uid) != ESPANK_SUCCESS)
		return -1;
	step_name(step, t->step, sizeof(t->step));
	if (spank_get_item(sp, S_TASK_ID, &t->task) != ESPANK_SUCCESS)
		t->task = -1;
	if (spank_get_item(sp, S_TASK_PID, &t->pid) != ESPANK_SUCCESS)
		t->pid = 0;
	if (spank_get_item(sp, S_JOB_ARRAY_ID, &t->array_job) !=
	    ESPANK_SUCCESS || spank_get_item(sp, S_JOB_ARRAY_TASK_ID,
	    &t->array_task) != ESPANK_SUCCESS)
		t->array_job = t->array_task = 0;
	/* In an srun step of a job that is no array, slurmstepd gives the
	 * job's own id and NO_VAL (0xfffffffe) as the task (seen on 22.05
	 * and 24.11): no array task either. */
	if (t->array_task >= 0xfffffffeu)
		t->array_job = t->array_task = 0;
	if (spank_get_item(sp, S_TASK_EXIT_STATUS, &t->status) ==
	    ESPANK_SUCCESS && WIFSIGNALED(t->status))
		t->sig = WTERMSIG(t->status);
	find_step_cgroup(t);
	if (t->cgdir[0] != '\0')
		t->oom_kills = step_oom_kills(t->cgdir);
	t->oom_marker = marker_oom_kills(t->cgdir);
	return 0;
}

/*
 * Collect when the task died by a signal or its step recorded an OOM kill
 * (or always=1); why says which, for the log.
 */
static int
should_collect(const struct spank_opts *o, const struct task_info *t,
    char *why, size_t n)
{
	snprintf(why, n, "signal=%d oom_kill=%lu cgroup=%s", t->sig,
	    t->oom_kills, t->cgdir[0] != '\0' ? "found" : "not found");
	return o->always || t->sig != 0 || t->oom_kills > 0;
}

/*
 * slurmstepd calls this when it loads the plugins; in remote context that
 * is when the step starts on this node: the marker's start time.
 */
int
slurm_spank_init(spank_t sp, int ac, char **av)
{
	if (spank_remote(sp) && marker.start == 0)
		marker.start = time(NULL);
	return 0;
}

/*
 * slurmstepd calls this as root after each task of the step was reaped:
 * the step's marker gets the task, and a task that ended badly starts
 * the collector. Always returns 0: neither must fail the task or the
 * step.
 */
int
slurm_spank_task_exit(spank_t sp, int ac, char **av)
{
	struct spank_opts	o;
	struct task_info	t;
	char			why[96], node[96] = "";

	if (!spank_remote(sp))
		return 0;
	opts_parse(&o, ac, av);
	if (task_info_get(sp, &t) == -1)
		return 0;
	if (spank_getenv(sp, "SLURMD_NODENAME", node, sizeof(node)) !=
	    ESPANK_SUCCESS)
		node[0] = '\0';
	marker_record(&o, &t, node);
	if (collected || !should_collect(&o, &t, why, sizeof(why)))
		return 0;
	collected = 1;
	slurm_info("oomtrail: job %u step %s task %d: collecting (%s)",
	    (unsigned)t.job, t.step, t.task, why);
	run(&o, &t, why, node);
	return 0;
}

/*
 * slurmstepd calls this as root after each task of the step was forked:
 * the first one gives the marker the step's output files and, with
 * watch, starts the job's watcher (not for the extern step, which runs
 * no work). Always returns 0.
 */
int
slurm_spank_task_post_fork(spank_t sp, int ac, char **av)
{
	struct spank_opts	o;
	struct task_info	t;
	char			node[96] = "";
	pid_t			pid;

	if (!spank_remote(sp))
		return 0;
	if (!marker.outputs_read) {
		marker.outputs_read = 1;
		if (spank_get_item(sp, S_TASK_PID, &pid) == ESPANK_SUCCESS &&
		    pid > 0)
			marker_outputs(&marker, pid);
	}
	if (watching)
		return 0;
	opts_parse(&o, ac, av);
	if (!o.watch || task_info_get(sp, &t) == -1 ||
	    strcmp(t.step, "extern") == 0)
		return 0;
	watching = 1;
	if (spank_getenv(sp, "SLURMD_NODENAME", node, sizeof(node)) !=
	    ESPANK_SUCCESS)
		node[0] = '\0';
	run_watch(&o, &t, node);
	return 0;
}
