/*
 * incident: --if-incident, the node's own answer to "did this job have
 * trouble here?", with no Slurm call, so a per-node Epilog can skip the
 * jobs that ended well without loading slurmctld or slurmdbd.
 *
 * Signs, in order: a SPANK marker of the job (marker.c) with a task that
 * exited non-zero or was signalled, or an oom_kill count above 0; the
 * exit codes slurmd gives its Epilog (SLURM_JOB_EXIT_CODE,
 * SLURM_JOB_DERIVED_EC: raw wait statuses, non-zero); a failure line of
 * Slurm's or a framework's in the tail of the job's output; then the
 * kernel log (/dev/kmsg, else dmesg), scanned with the signature catalog
 * (the rows the analyzer uses, not a matcher of its own): a kernel OOM
 * line whose memory cgroup path has the component job_<id>, or one in the
 * job's window that names one of its task pids; an NVIDIA Xid, a lost GPU
 * or an uncorrectable ECC error in the window. The window starts at the
 * earliest marker start, else $SLURM_JOB_START_TIME, else the creation
 * time of the job's memory cgroup, else INCIDENT_WINDOW_S ago. Kernel
 * times (monotonic) are turned into wall-clock time with the clocks read
 * now. A kernel log that cannot be read rules nothing out: yes.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "catalog.h"
#include "internal.h"

#define KLOG_CAP	(64 * MIB)	/* over any ring buffer (log_buf_len) */

struct kscan {
	const char		*job;
	const struct markers	*ms;
	int64_t			 win_us;	/* monotonic µs; window start */
	int			 hit;
	char			 why[512];
};

static int64_t
start_of(const struct markers *ms)
{
	int64_t	s = -1;

	for (size_t i = 0; i < ms->n; i++)
		if (ms->v[i].start > 0 && (s == -1 || ms->v[i].start < s))
			s = ms->v[i].start;
	return s;
}

/* The job's memory cgroup directory's change time, or -1. */
static int64_t
cgroup_birth(const char *job)
{
	const char	*root = getenv("OOMTRAIL_CGROUP_ROOT");
	char		 rel[PATH_MAX], p[PATH_MAX * 2];
	struct stat	 st;

	if (root == NULL || *root == '\0')
		root = "/sys/fs/cgroup";
	if (cgroup_find_job(root, "/nonexistent", job, NULL, 0, rel,
	    sizeof(rel)) == -1)
		return -1;
	snprintf(p, sizeof(p), "%s/%s", root, rel);
	return stat(p, &st) == 0 ? (int64_t)st.st_ctime : -1;
}

/* Does path have the component job_<job>? */
static int
names_job(struct str path, const char *job)
{
	char	want[40];
	size_t	n = (size_t)snprintf(want, sizeof(want), "/job_%s", job);

	for (size_t i = 0; i + n <= path.n; i++)
		if (memcmp(path.p + i, want, n) == 0 && (i + n == path.n ||
		    path.p[i + n] == '/' || path.p[i + n] == ','))
			return 1;
	return 0;
}

/* Kernel time of a /dev/kmsg record ("6,812,572709991,-;...") or a dmesg
 * line ("[  572.709991] ..."), in µs; -1 when it has none. */
static int64_t
line_us(struct str l)
{
	const char	*p = l.p, *e = l.p + l.n;
	int64_t		 s = 0, us = 0;
	int		 commas = 0, d = 0;

	if (l.n > 0 && isdigit((unsigned char)*p)) {
		for (; p < e && *p != ';' && commas < 3; p++)
			if (*p == ',')
				commas++;
			else if (commas == 2 && isdigit((unsigned char)*p))
				us = us * 10 + (*p - '0');
		return commas >= 2 ? us : -1;
	}
	if (l.n == 0 || *p++ != '[')
		return -1;
	while (p < e && *p == ' ')
		p++;
	for (; p < e && isdigit((unsigned char)*p); p++)
		s = s * 10 + (*p - '0');
	if (p == e || *p++ != '.')
		return -1;
	for (; p < e && isdigit((unsigned char)*p) && d < 6; p++, d++)
		us = us * 10 + (*p - '0');
	while (d++ < 6)
		us *= 10;
	return p < e && (*p == ']' || isdigit((unsigned char)*p)) ?
	    s * 1000000 + us : -1;
}

static const struct cat_field *
field(const struct cat_match *m, const char *name)
{
	for (size_t i = 0; i < m->nf; i++)
		if (strcmp(m->f[i].name, name) == 0)
			return &m->f[i];
	return NULL;
}

static int
job_pid(const struct markers *ms, int64_t pid)
{
	for (size_t i = 0; i < ms->n; i++)
		for (size_t j = 0; j < ms->v[i].npids; j++)
			if (ms->v[i].pids[j] == pid)
				return 1;
	return 0;
}

static int
on_line(void *arg, const struct cat_line *l)
{
	struct kscan		*k = arg;
	const struct cat_field	*f;
	const char		*const memcg[] = { "task_memcg", "oom_memcg" };
	int64_t			 t = line_us(l->line);
	int			 in = t >= 0 && t >= k->win_us;
	enum ev_kind		 kind;

	if (l->m == NULL)
		return 0;
	kind = l->m->sig->kind;
	if (kind == EV_KERNEL_OOM) {
		for (size_t i = 0; i < 2; i++)
			if ((f = field(l->m, memcg[i])) != NULL &&
			    names_job(f->s, k->job)) {
				snprintf(k->why, sizeof(k->why), "kernel OOM "
				    "kill in the job's cgroup %.*s (%s, kernel "
				    "log line %llu)", (int)f->s.n, f->s.p,
				    l->m->sig->id,
				    (unsigned long long)l->lineno);
				return k->hit = 1, -1;
			}
		if (in && (f = field(l->m, "pid")) != NULL && f->has_num &&
		    job_pid(k->ms, f->num)) {
			snprintf(k->why, sizeof(k->why), "kernel OOM kill of "
			    "the job's pid %lld (%s, kernel log line %llu)",
			    (long long)f->num, l->m->sig->id,
			    (unsigned long long)l->lineno);
			return k->hit = 1, -1;
		}
	} else if (in && (kind == EV_XID || kind == EV_GPU_DRIVER_ERROR ||
	    kind == EV_ECC_ERROR)) {
		snprintf(k->why, sizeof(k->why), "GPU fault since the job "
		    "started (%s, kernel log line %llu: %.*s)", l->m->sig->id,
		    (unsigned long long)l->lineno,
		    (int)(l->m->text.n > 160 ? 160 : l->m->text.n),
		    l->m->text.p);
		return k->hit = 1, -1;
	}
	return 0;
}

/* The kernel log into fd: /dev/kmsg (or $OOMTRAIL_KMSG), else dmesg. */
static int
read_klog(int fd, char *src, size_t sz)
{
	const char	*kmsg = getenv("OOMTRAIL_KMSG");
	struct snap_arg	 a = { NULL, 0 };
	char *const	 dmesg[] = { "dmesg", NULL };
	struct run_req	 rq = { .fn = snap_kmsg_child, .arg = &a,
			    .out_fd = fd, .cap = KLOG_CAP, .timeout_ms = 5000 };
	struct run_res	 res;

	a.path = kmsg != NULL && *kmsg != '\0' ? kmsg : "/dev/kmsg";
	snprintf(src, sz, "%s", a.path);
	if (run_capture(&rq, &res, NULL) == ERR_OK && res.exit_status == 0 &&
	    !res.timed_out)
		return 0;
	if (ftruncate(fd, 0) == -1 || lseek(fd, 0, SEEK_SET) == -1)
		return -1;
	rq.fn = NULL;
	rq.argv = dmesg;
	rq.timeout_ms = 10000;
	snprintf(src, sz, "dmesg");
	return run_capture(&rq, &res, NULL) == ERR_OK &&
	    res.exit_status == 0 && !res.timed_out ? 0 : -1;
}

static enum err_code
scan_fd(int fd, struct kscan *k, struct err *e)
{
	struct catalog	*cat = NULL;
	struct cat_scan	*sc = NULL;
	char		*b;
	ssize_t		 r;
	enum err_code	 rc;

	if ((b = malloc(1 << 16)) == NULL)
		return ERR(e, ERR_NOMEM, "kernel log buffer");
	if ((rc = catalog_new(&cat, e)) != ERR_OK ||
	    (rc = cat_scan_new(cat, 0, 0, on_line, k, &sc, e)) != ERR_OK)
		goto out;
	lseek(fd, 0, SEEK_SET);
	while (!k->hit && (r = read(fd, b, 1 << 16)) > 0)
		if (cat_scan_feed(sc, b, (size_t)r, NULL) != ERR_OK)
			break;
	if (!k->hit)
		cat_scan_end(sc, NULL);
	rc = ERR_OK;
out:
	cat_scan_free(sc);
	catalog_free(cat);
	free(b);
	return rc;
}

/*
 * The job's own output: Slurm writes some failures nowhere else on the
 * node (srun's "Unable to create step ...", slurmstepd's "Detected N
 * oom_kill events", "CANCELLED ... DUE TO TIME LIMIT") and a framework's
 * CUDA OOM or NCCL error may be the only trace of a job that exited 0.
 * The last OUT_TAIL bytes of each file are scanned with the catalog; a
 * match of one of these kinds is an incident. The file is the user's:
 * opened without following a final link, read only when regular.
 */
#define OUT_TAIL	((off_t)1 << 20)	/* 1 MiB */

static const enum ev_kind out_kinds[] = {
	EV_STEPD_OOM, EV_STEPD_MEMLIMIT, EV_SLURM_OOM_PARAPHRASE,
	EV_SRUN_TASK_OOM, EV_SRUN_TASK_KILLED, EV_SRUN_EXCEEDED,
	EV_TIME_LIMIT, EV_CANCELLED, EV_PREEMPTED, EV_STEP_CREATE_FAIL,
	EV_CGROUP_CREATE_FAIL, EV_CUDA_OOM, EV_CUDA_OOM_PLAIN, EV_XLA_OOM,
	EV_CUDA_FAULT, EV_ECC_ERROR, EV_NCCL_TIMEOUT, EV_NCCL_ERROR,
	EV_SHM_ERROR, EV_BUS_ERROR, EV_HOST_OOM_APP, EV_NODE_FAIL,
	EV_GPU_NODEV, EV_XID, EV_GPU_DRIVER_ERROR, EV_KERNEL_OOM
};

struct oscan {
	const char	*path;
	int		 hit;
	char		 why[512];
};

static int
on_out_line(void *arg, const struct cat_line *l)
{
	struct oscan	*o = arg;

	if (l->m == NULL)
		return 0;
	for (size_t i = 0; i < sizeof(out_kinds) / sizeof(out_kinds[0]); i++)
		if (l->m->sig->kind == out_kinds[i]) {
			snprintf(o->why, sizeof(o->why), "the job's output "
			    "%.200s: %s: %.*s", o->path, l->m->sig->id,
			    (int)(l->m->text.n > 160 ? 160 : l->m->text.n),
			    l->m->text.p);
			return o->hit = 1, -1;
		}
	return 0;
}

static int
scan_output(const char *path, char *why, size_t sz)
{
	struct oscan	 o = { .path = path };
	struct catalog	*cat = NULL;
	struct cat_scan	*sc = NULL;
	struct stat	 st;
	struct err	 e = { 0 };
	char		*b = NULL;
	ssize_t		 r;
	int		 fd;

	if (path == NULL || *path != '/' ||
	    (fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) == -1)
		return 0;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    (b = malloc(1 << 16)) == NULL || catalog_new(&cat, &e) != ERR_OK ||
	    cat_scan_new(cat, 0, 0, on_out_line, &o, &sc, &e) != ERR_OK)
		goto out;
	if (st.st_size > OUT_TAIL &&
	    lseek(fd, st.st_size - OUT_TAIL, SEEK_SET) == -1)
		goto out;
	while (!o.hit && (r = read(fd, b, 1 << 16)) > 0)
		if (cat_scan_feed(sc, b, (size_t)r, NULL) != ERR_OK)
			break;
	if (!o.hit)
		cat_scan_end(sc, NULL);
	if (o.hit)
		snprintf(why, sz, "%s", o.why);
out:
	cat_scan_free(sc);
	catalog_free(cat);
	free(b);
	close(fd);
	return o.hit;
}

/* The job's output files: the markers', else the Epilog's
 * SLURM_JOB_STDOUT / SLURM_JOB_STDERR patterns expanded; without
 * SLURM_JOB_STDOUT (sbatch's default output, which Slurm does not put in
 * the Epilog's environment) slurm-<job>.out in SLURM_JOB_WORK_DIR. */
static int
output_sign(const char *job, const struct markers *ms, char *why, size_t sz)
{
	const char		*pat[2] = { getenv("SLURM_JOB_STDOUT"),
				    getenv("SLURM_JOB_STDERR") };
	struct iopath_ctx	 x = { job, NULL, NULL, getenv("SLURM_JOB_USER"),
				    getenv("SLURM_JOB_NAME"),
				    getenv("SLURMD_NODENAME"),
				    getenv("SLURM_JOB_WORK_DIR") };
	char			 p[PATH_MAX];
	size_t			 seen = 0;

	for (size_t i = 0; i < ms->n; i++) {
		if (scan_output(ms->v[i].stdout_path, why, sz) ||
		    (strcmp(ms->v[i].stderr_path, ms->v[i].stdout_path) != 0 &&
		    scan_output(ms->v[i].stderr_path, why, sz)))
			return 1;
		seen += ms->v[i].stdout_path[0] != '\0';
	}
	if (seen > 0)
		return 0;
	if (pat[0] == NULL && x.workdir != NULL)
		pat[0] = "slurm-%j.out";
	for (size_t i = 0; i < 2; i++)
		if (pat[i] != NULL && iopath_expand(pat[i], &x, p,
		    sizeof(p)) == 0 && scan_output(p, why, sz))
			return 1;
	return 0;
}

/* A marker says a task failed, or the step's cgroup counted a kill. */
static int
marker_sign(const struct markers *ms, char *why, size_t sz)
{
	const struct marker	*m;

	for (size_t i = 0; i < ms->n; i++) {
		m = &ms->v[i];
		if (m->oom_kill > 0)
			return snprintf(why, sz, "step %s: oom_kill %lld "
			    "(marker %s)", m->step, (long long)m->oom_kill,
			    m->file), 1;
		if (m->failed)
			return snprintf(why, sz, "step %s: tasks ended \"%s\" "
			    "(marker %s)", m->step, m->exit, m->file), 1;
	}
	return 0;
}

static long
env_num(const char *name)
{
	const char	*v = getenv(name);

	return v != NULL && *v != '\0' && strlen(v) < 10 &&
	    strspn(v, "0123456789") == strlen(v) ? strtol(v, NULL, 10) : -1;
}

/*
 * The Epilog's own word on how the job ended: SLURM_JOB_EXIT_CODE (the
 * batch script's raw wait status) and SLURM_JOB_DERIVED_EC (the worst
 * step's), both in slurmd's Epilog. Raw 253 is exit 0, "signal" 125:
 * Slurm's code for an OOM-killed step. A time limit or a cancel shows
 * neither (0:0): the markers' sigN and the kernel log cover those.
 */
static int
env_sign(char *why, size_t sz)
{
	static const char *const names[] = { "SLURM_JOB_EXIT_CODE",
		"SLURM_JOB_DERIVED_EC" };
	long	v;

	for (size_t i = 0; i < 2; i++)
		if ((v = env_num(names[i])) > 0)
			return snprintf(why, sz, "%s=%ld (exit %ld, signal "
			    "%ld%s)", names[i], v, (v >> 8) & 0xff, v & 0x7f,
			    (v & 0x7f) == 125 ? ": Slurm's code for an "
			    "OOM-killed step" : ""), 1;
	return 0;
}

static int64_t
window_start(const char *job, const struct markers *ms, const char **how)
{
	const char	*env = getenv("SLURM_JOB_START_TIME");
	int64_t		 s;

	if ((s = start_of(ms)) > 0)
		return *how = "the markers' start", s;
	if (env != NULL && *env != '\0' && strspn(env, "0123456789") ==
	    strlen(env) && (s = strtoll(env, NULL, 10)) > 0)
		return *how = "SLURM_JOB_START_TIME", s;
	if ((s = cgroup_birth(job)) > 0)
		return *how = "the job cgroup's creation", s;
	*how = "no start known: the last day";
	return (int64_t)time(NULL) - INCIDENT_WINDOW_S;
}

enum err_code
incident_decide(const char *job, struct incident *r, struct err *e)
{
	struct markers	*ms;
	struct kscan	 k = { .job = job };
	char		 src[PATH_MAX], tmp[PATH_MAX];
	const char	*how, *td = getenv("TMPDIR");
	int64_t		 start, real, mono;
	enum err_code	 rc = ERR_OK;
	int		 fd;

	memset(r, 0, sizeof(*r));
	if ((ms = malloc(sizeof(*ms))) == NULL)
		return ERR(e, ERR_NOMEM, "markers");
	markers_read(markers_root(), job, ms);
	k.ms = ms;
	if (marker_sign(ms, r->why, sizeof(r->why)) ||
	    env_sign(r->why, sizeof(r->why)) ||
	    output_sign(job, ms, r->why, sizeof(r->why))) {
		r->yes = 1;
		goto out;
	}
	start = window_start(job, ms, &how);
	real = run_now(CLOCK_REALTIME) / 1000;
	mono = run_now(CLOCK_MONOTONIC) / 1000;
	k.win_us = mono - (real - start * 1000000);
	snprintf(tmp, sizeof(tmp), "%s/.oomtrail-klog.XXXXXX",
	    td != NULL && *td != '\0' ? td : "/tmp");
	if ((fd = mkstemp(tmp)) == -1) {
		rc = ERR(e, ERR_IO, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	unlink(tmp);
	if (read_klog(fd, src, sizeof(src)) == -1) {
		r->yes = 1;
		snprintf(r->why, sizeof(r->why), "the kernel log could not be "
		    "read (%.200s, then dmesg): nothing can be ruled out", src);
	} else if ((rc = scan_fd(fd, &k, e)) == ERR_OK) {
		r->yes = k.hit;
		if (k.hit)
			snprintf(r->why, sizeof(r->why), "%s", k.why);
		else
			snprintf(r->why, sizeof(r->why), "%zu marker%s, none "
			    "failed; no OOM kill of the job and no GPU fault "
			    "in %.200s since %lld (%s)", ms->n, ms->n == 1 ? "" :
			    "s", src, (long long)start, how);
	}
	close(fd);
out:
	free(ms);
	return rc;
}
