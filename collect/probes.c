/*
 * probes: what the collector captures, in what order, with what limits.
 *
 * probes[] is the table: one row per source, most perishable first (the
 * job's record before MinJobAge purges it, its cgroups before teardown,
 * the kernel ring buffer before it wraps), each with its argv or file,
 * bundle path, timeout and cap. A row's handler runs the child through
 * run.c and hands the spool to collect_emit(); a few rows need a handler
 * of their own (cgroup subtree, kernel log fallbacks, job logs, files
 * generated from system calls). Handlers never fail the run: whatever
 * happens is recorded in the item. In an argv "%J" is the job as Slurm
 * names it (<array>_<task> for an array task, so an array's own id never
 * pulls in every task's records), "%I" the job's own id, "%N" the Slurm
 * node and "%L" the job's NodeList.
 *
 * --scope picks rows by flag: node runs the PF_NODE rows that are no
 * Slurm client call (the job's uid, log paths and pids then come from
 * the SPANK markers and the Epilog's environment), job the PF_JOBREC
 * rows (sacct waits, bounded by the deadline, until accounting is
 * final), all every row. In slurmd's Epilog the rows that environment
 * cannot answer (PF_NOEPILOG: listpids, the live step) are not run.
 */
#include <sys/statfs.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>

#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define PF_JOB		0x01	/* needs a job id */
#define PF_LIVE		0x02	/* only meaningful while the job runs */
#define PF_OPTIONAL	0x04	/* a non-zero exit is recorded, not failed */
#define PF_SLURM	0x08	/* a Slurm client call */
#define PF_NODE		0x10	/* this node's evidence (--scope node) */
#define PF_JOBREC	0x20	/* the job's records (--scope job) */
#define PF_NOEPILOG	0x40	/* not in slurmd's Epilog: it cannot answer */
#define MAX_ARGV	8

struct probe {
	const char	*id;
	int		(*run)(struct collect *, const struct probe *);
	const char	*argv[MAX_ARGV];
	const char	*path;		/* bundle path */
	const char	*file;		/* source file; "@" = under proc root */
	int		 timeout_ms;
	uint64_t	 cap;
	unsigned	 flags;
};

extern char	**environ;

#define SACCT_FORMAT "--format=JobID,JobName,State,ExitCode,DerivedExitCode," \
	"ReqMem,ReqTRES,AllocTRES,MaxRSS,MaxRSSTask,MaxRSSNode,MaxVMSize," \
	"NTasks,NCPUS,NNodes,NodeList,Partition,QOS,User,UID,Submit,Start," \
	"End,Elapsed,Timelimit,Reason,SubmitLine,TRESUsageInMax," \
	"TRESUsageInAve"

/* ---- helpers ---- */

static int
left_ms(const struct collect *c)
{
	int64_t	l = c->deadline_ns - run_now(CLOCK_MONOTONIC);

	return l <= 0 ? 0 : (int)(l / NS_PER_MS);
}

static void
skipped(struct collect *c, const char *path, const char *src,
    const char *why, int failed)
{
	struct emit	em = { .bpath = path, .source = src, .kind = "command",
			    .spool = -1, .error = why, .failed = failed };

	collect_emit(c, &em);
}

static void
expand(struct collect *c, const struct probe *p, char *store, size_t sz,
    char *argv[MAX_ARGV + 1], char *joined, size_t jsz)
{
	size_t	used = 0, j = 0;
	int	n;

	for (size_t i = 0; i < MAX_ARGV && p->argv[i] != NULL; i++) {
		n = snprintf(store + used, sz - used, "%s",
		    strcmp(p->argv[i], "%J") == 0 ? c->jid.ref :
		    strcmp(p->argv[i], "%I") == 0 ? c->job :
		    strcmp(p->argv[i], "%L") == 0 ? c->nodelist :
		    strcmp(p->argv[i], "%N") == 0 ? c->node : p->argv[i]);
		argv[i] = store + used;
		argv[i + 1] = NULL;
		used += (size_t)n + 1;
		j += (size_t)snprintf(joined + j, jsz - j, "%s%s",
		    i ? " " : "", argv[i]);
		if (used >= sz || j >= jsz)
			break;
	}
}

/* Run a command row into a spool; *spool = -1 when it could not start. */
static void
run_cmd(struct collect *c, const struct probe *p, struct run_res *res,
    int *spool, char *joined, size_t jsz)
{
	char		 store[1024], *argv[MAX_ARGV + 1] = { NULL };
	struct run_req	 rq = { .argv = argv, .cap = p->cap,
			    .timeout_ms = p->timeout_ms,
			    .deadline_ns = c->deadline_ns };

	expand(c, p, store, sizeof(store), argv, joined, jsz);
	memset(res, 0, sizeof(*res));
	if ((*spool = collect_spool(c)) == -1)
		return;
	rq.out_fd = *spool;
	if (run_capture(&rq, res, NULL) != ERR_OK) {
		close(*spool);
		*spool = -1;
	}
}

/* Are the job's tasks still there? COMPLETING is a job whose tasks have
 * ended (its epilogs run): its steps are gone, as EpilogSlurmctld sees. */
static int
job_live(const struct collect *c)
{
	return strcmp(c->job_state, "RUNNING") == 0 ||
	    strcmp(c->job_state, "SUSPENDED") == 0;
}

/* The first line of a command's stderr head, else of its output (the
 * spool), printable bytes only, into out. */
static void
first_line(const char *err, int spool, char *out, size_t sz)
{
	char	buf[160];
	ssize_t	r = 0;
	size_t	n, i;

	if (*err != '\0')
		snprintf(buf, sizeof(buf), "%.*s", (int)sizeof(buf) - 1, err);
	else if (spool == -1 || (r = pread(spool, buf, sizeof(buf) - 1,
	    0)) < 0)
		r = 0;
	if (*err == '\0')
		buf[r] = '\0';
	n = strcspn(buf, "\r\n");
	n = n >= sz ? sz - 1 : n;
	for (i = 0; i < n; i++)
		out[i] = isprint((unsigned char)buf[i]) ? buf[i] : '?';
	out[n] = '\0';
}

/* Emit what run_cmd captured; returns the still-open raw spool duplicate
 * (for parsing) when want_copy, else -1. why, when not NULL, overrides
 * the item's error (a failure). */
static int
res_emit(struct collect *c, const struct probe *p, struct run_res *res_p,
    int spool, const char *joined, int want_copy, int *ok, const char *why)
{
	struct run_res	 res = *res_p;
	struct emit	 em = { .bpath = p->path, .kind = "command" };
	char		 note[384], said[160];
	int		 copy = -1;

	em.source = joined;
	em.res = &res;
	em.spool = spool;
	if (spool == -1)
		em.error = "could not start (spool, pipe or fork failed)",
		em.failed = 1;
	if (res.exit_status > 0 && res.exec_errno == 0 &&
	    (p->flags & PF_OPTIONAL)) {
		em.error = res.err[0] != '\0' ? res.err : "non-zero exit";
		em.failed = 0;
	} else if (res.exit_status > 0 && res.exec_errno == 0 &&
	    !res.timed_out && (p->flags & PF_LIVE) && !job_live(c)) {
		/* a step (or pids) of a job that has ended: not applicable */
		first_line(res.err, spool, said, sizeof(said));
		snprintf(note, sizeof(note), "not applicable: the job is no "
		    "longer running (JobState=%s), its steps are gone "
		    "(exit status %d%s%s)", *c->job_state ? c->job_state :
		    "unknown", res.exit_status, *said ? ": " : "", said);
		em.error = note;
		em.failed = 0;
	}
	if (want_copy && spool != -1) {
		copy = dup(spool);
		em.shared = 1;
	}
	if (ok != NULL)
		*ok = spool != -1 && res.exit_status == 0 && !res.timed_out &&
		    !res.flooded;
	if (why != NULL) {
		em.error = why;
		em.failed = 1;
	}
	collect_emit(c, &em);
	return copy;
}

/* Run a command row, emit it, and return the still-open raw spool
 * duplicate (for parsing) when want_copy; else -1. */
static int
cmd_emit(struct collect *c, const struct probe *p, int want_copy, int *ok)
{
	struct run_res	 res;
	char		 joined[1024] = "";
	int		 spool;

	run_cmd(c, p, &res, &spool, joined, sizeof(joined));
	return res_emit(c, p, &res, spool, joined, want_copy, ok, NULL);
}

/* Read up to sz-1 bytes of a spool from offset 0 into buf. */
static size_t
slurp(int fd, char *buf, size_t sz)
{
	ssize_t	r = pread(fd, buf, sz - 1, 0);

	r = r < 0 ? 0 : r;
	buf[r] = '\0';
	return (size_t)r;
}

/* Value of "Key=" in scontrol output (to the next blank), into out. */
static int
kv(const char *text, const char *key, char *out, size_t sz)
{
	const char	*p = text;
	size_t		 l = strlen(key), n;

	while ((p = strstr(p, key)) != NULL) {
		if ((p == text || isspace((unsigned char)p[-1])) &&
		    p[l] == '=') {
			n = strcspn(p + l + 1, " \t\r\n");
			if (n >= sz)
				return -1;
			memcpy(out, p + l + 1, n);
			out[n] = '\0';
			return 0;
		}
		p += l;
	}
	return -1;
}

static void
add_pid(struct collect *c, long pid)
{
	for (size_t i = 0; i < c->npids; i++)
		if (c->pids[i] == (pid_t)pid)
			return;
	if (pid > 0 && c->npids < MAX_PIDS)
		c->pids[c->npids++] = (pid_t)pid;
}

/* Every line starting with a number adds a pid (listpids, cgroup.procs). */
static void
pids_from(struct collect *c, int fd)
{
	char	*buf = malloc(65536), *l, *save;

	if (buf == NULL)
		return;
	slurp(fd, buf, 65536);
	for (l = strtok_r(buf, "\n", &save); l != NULL;
	    l = strtok_r(NULL, "\n", &save))
		if (isdigit((unsigned char)*l))
			add_pid(c, strtol(l, NULL, 10));
	free(buf);
}

/* ---- handlers ---- */

static int
h_cmd(struct collect *c, const struct probe *p)
{
	cmd_emit(c, p, 0, NULL);
	return 0;
}

/*
 * ROCm's tools. The amd-smi rows run while amd-smi is there; once the
 * first finds none (its item says ENOENT, a note like nvidia-smi's
 * absence, never a failure), the other amd-smi rows leave no item and
 * rocm-smi, its deprecated predecessor, is asked instead. Where amd-smi
 * ran, the rocm-smi row leaves no item.
 */
static int
h_amdsmi(struct collect *c, const struct probe *p)
{
	struct run_res	 res;
	char		 joined[1024] = "";
	int		 spool, rocm = strcmp(p->argv[0], "rocm-smi") == 0;

	if ((c->amd_smi == -1 && !rocm) || (c->amd_smi == 1 && rocm))
		return 0;
	run_cmd(c, p, &res, &spool, joined, sizeof(joined));
	if (!rocm)
		c->amd_smi = res.exec_errno == ENOENT ? -1 : 1;
	res_emit(c, p, &res, spool, joined, 0, NULL, NULL);
	return 0;
}

/* "UserId=ciuser(1001)" -> 1001 */
static int
paren_id(const char *text, const char *key, unsigned long *id)
{
	char	v[256], *o;

	if (kv(text, key, v, sizeof(v)) == -1 || (o = strchr(v, '(')) ==
	    NULL || !isdigit((unsigned char)o[1]))
		return -1;
	*id = strtoul(o + 1, NULL, 10);
	return 0;
}

/* The value of "Key=" on the line of text that starts at line. */
static int
kv_line(const char *line, const char *key, char *out, size_t sz)
{
	char	tmp[1024];
	size_t	n = strcspn(line, "\n");

	n = n >= sizeof(tmp) ? sizeof(tmp) - 1 : n;
	memcpy(tmp, line, n);
	tmp[n] = '\0';
	return kv(tmp, key, out, sz);
}

/*
 * scontrol show job N for an array's own id N prints every task of the
 * array, one record per task. When N's own record (its first line starts
 * "JobId=N ") says ArrayJobId/ArrayTaskId, the job is that task: Slurm's
 * commands must name it <array>_<task>. Returns 1 when the output held
 * other records too (run it again by that name), else 0.
 */
static int
array_task(struct collect *c, const char *buf)
{
	char		 want[80], aj[24], at[24];
	const char	*l, *mine = NULL;
	int		 records = 0;

	snprintf(want, sizeof(want), "JobId=%s ", c->job);
	for (l = buf; l != NULL && *l != '\0'; l = strchr(l, '\n'),
	    l = l != NULL ? l + 1 : NULL) {
		if (strncmp(l, "JobId=", 6) != 0)
			continue;
		records++;
		if (strncmp(l, want, strlen(want)) == 0)
			mine = l;
	}
	if (mine == NULL || kv_line(mine, "ArrayJobId", aj, sizeof(aj)) ==
	    -1 || kv_line(mine, "ArrayTaskId", at, sizeof(at)) == -1 ||
	    strspn(aj, "0123456789") != strlen(aj) || *aj == '\0' ||
	    strspn(at, "0123456789") != strlen(at) || *at == '\0')
		return 0;
	snprintf(c->jid.aj, sizeof(c->jid.aj), "%s", aj);
	snprintf(c->jid.at, sizeof(c->jid.at), "%s", at);
	snprintf(c->jid.ref, sizeof(c->jid.ref), "%s_%s", aj, at);
	manifest_set_str(&c->m->array_job_id, aj);
	manifest_set_str(&c->m->array_task_id, at);
	return records > 1;
}

static int
h_job(struct collect *c, const struct probe *p)
{
	char		*buf, joined[1024] = "", own[64];
	unsigned long	 uid, gid;
	struct run_res	 res;
	int		 fd, spool;

	if ((buf = malloc(65536)) == NULL)
		return 0;
	run_cmd(c, p, &res, &spool, joined, sizeof(joined));
	if (spool != -1 && c->jid.aj[0] == '\0') {
		slurp(spool, buf, 65536);
		if (array_task(c, buf)) {
			collect_unspool(c, spool);
			run_cmd(c, p, &res, &spool, joined, sizeof(joined));
		}
	}
	fd = res_emit(c, p, &res, spool, joined, 1, NULL, NULL);
	if (fd == -1) {
		free(buf);
		return 0;
	}
	slurp(fd, buf, 65536);
	close(fd);
	/* Named by --job A_T on a node without its markers: the own id. */
	if (strspn(c->job, "0123456789") != strlen(c->job) &&
	    strncmp(buf, "JobId=", 6) == 0 && kv(buf, "JobId", own,
	    sizeof(own)) == 0 && strspn(own, "0123456789") == strlen(own)) {
		snprintf(c->job, sizeof(c->job), "%s", own);
		manifest_set_str(&c->m->job_id, own);
	}
	kv(buf, "JobState", c->job_state, sizeof(c->job_state));
	kv(buf, "StdOut", c->logs[0], sizeof(c->logs[0]));
	kv(buf, "StdErr", c->logs[1], sizeof(c->logs[1]));
	if (kv(buf, "NodeList", c->nodelist, sizeof(c->nodelist)) == 0 &&
	    strcmp(c->nodelist, "(null)") == 0)
		c->nodelist[0] = '\0';
	if (getenv("SLURMD_NODENAME") == NULL)
		kv(buf, "BatchHost", c->node, sizeof(c->node));
	if (paren_id(buf, "UserId", &uid) == 0 &&
	    paren_id(buf, "GroupId", &gid) == 0) {
		c->uid = (uid_t)uid;
		c->gid = (gid_t)gid;
		c->have_user = 1;
	}
	free(buf);
	return 0;
}

/* sacct states after which accounting will not change. */
static int
final_state(const char *st)
{
	static const char *const fin[] = { "COMPLETED", "FAILED",
		"CANCELLED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL",
		"PREEMPTED", "BOOT_FAIL", "DEADLINE", "REVOKED", NULL };
	size_t	n = strcspn(st, " ");

	for (size_t i = 0; fin[i] != NULL; i++)
		if (strlen(fin[i]) == n && strncmp(st, fin[i], n) == 0)
			return 1;
	return 0;
}

/* Field i of a '|' row (to end of line), into out. */
static void
pipe_field(const char *row, int i, char *out, size_t sz)
{
	const char	*f = row;
	size_t		 n;

	*out = '\0';
	for (; i > 0 && f != NULL; i--)
		if ((f = strpbrk(f, "|\n")) != NULL)
			f = *f == '|' ? f + 1 : NULL;
	if (f == NULL)
		return;
	n = strcspn(f, "|\n");
	n = n >= sz ? sz - 1 : n;
	memcpy(out, f, n);
	out[n] = '\0';
}

static int
column(const char *hdr, const char *name)
{
	char	f[64];

	for (int i = 0; i < 64; i++) {
		pipe_field(hdr, i, f, sizeof(f));
		if (strcmp(f, name) == 0)
			return i;
		if (*f == '\0' && strchr(hdr, '|') == NULL)
			break;
	}
	return -1;
}

/*
 * The job's rows of sacct --parsable2 output: its own and its steps'
 * (<ref>.<step>). state gets the job's State (and c->nodelist its
 * NodeList when none is known), followed by the first step whose State
 * is not final. Returns whether every one of those rows is final: when
 * slurmdbd comes back, slurmctld replays the records it queued one after
 * the other, and the job's row can be final while a step's still says
 * RUNNING.
 */
static int
sacct_final(struct collect *c, const char *buf, char *state, size_t sz)
{
	const char	*row;
	char		 id[64], st[64], step[160] = "";
	size_t		 n = strlen(c->jid.ref), len;
	int		 cj = column(buf, "JobID"), cs = column(buf, "State"),
			 cn = column(buf, "NodeList"), own = 0;

	*state = '\0';
	if (cj < 0 || cs < 0)
		return 0;
	for (row = strchr(buf, '\n'); row != NULL && row[1] != '\0';
	    row = strchr(row + 1, '\n')) {
		pipe_field(row + 1, cj, id, sizeof(id));
		if (strcmp(id, c->jid.ref) == 0) {
			if (own++)
				continue;
			pipe_field(row + 1, cs, state, sz);
			if (c->nodelist[0] == '\0' && cn >= 0)
				pipe_field(row + 1, cn, c->nodelist,
				    sizeof(c->nodelist));
			if (strcmp(c->nodelist, "None assigned") == 0)
				c->nodelist[0] = '\0';
		} else if (step[0] == '\0' && strncmp(id, c->jid.ref, n) == 0 &&
		    id[n] == '.') {
			pipe_field(row + 1, cs, st, sizeof(st));
			if (!final_state(st))
				snprintf(step, sizeof(step), "%s %s", id, st);
		}
	}
	if (!own || !final_state(state))
		return 0;
	if (step[0] == '\0')
		return 1;
	if ((len = strlen(state)) + 1 < sz)
		snprintf(state + len, sz - len, ", step %s", step);
	return 0;
}

/* ms to wait before asking sacct again, or 0: stop now (what is left of
 * the deadline is kept for the rows after this one). */
static int
sacct_pause(const struct collect *c, int tries)
{
	int	w = tries < 4 ? 1000 << tries : 10000;
	int	room = left_ms(c) - 20000;

	return room <= 0 ? 0 : w < room ? w : room;
}

/*
 * sacct --parsable2. With --scope job it waits, bounded by the deadline,
 * for accounting to be final: while slurmdbd lags (slow, or down and
 * slurmctld queues the records), sacct answers nothing, an error, or
 * RUNNING/PENDING for a job that has ended. The last answer is stored.
 */
static int
h_sacct(struct collect *c, const struct probe *p)
{
	char		 joined[1024] = "", state[256] = "", why[384],
			*buf;
	struct run_res	 res;
	struct timespec	 ts;
	int		 spool, fin = 0, w;

	if ((buf = malloc(1 << 20)) == NULL)
		return 0;
	for (int tries = 0; ; tries++) {
		run_cmd(c, p, &res, &spool, joined, sizeof(joined));
		if (spool == -1)
			break;
		slurp(spool, buf, 1 << 20);
		fin = sacct_final(c, buf, state, sizeof(state));
		if (fin || c->o->scope != SCOPE_JOB ||
		    (w = sacct_pause(c, tries)) == 0)
			break;
		collect_unspool(c, spool);
		ts.tv_sec = w / 1000;
		ts.tv_nsec = (long)(w % 1000) * NS_PER_MS;
		nanosleep(&ts, NULL);
	}
	snprintf(why, sizeof(why), "accounting not final before the "
	    "deadline: the job's State is %s", *state ? state : "not there");
	res_emit(c, p, &res, spool, joined, 0, NULL, !fin && spool != -1 &&
	    c->o->scope == SCOPE_JOB && res.exit_status == 0 &&
	    !res.timed_out ? why : NULL);
	free(buf);
	return 0;
}

/* scontrol show node: this node, or with --scope job the job's nodes
 * (their NodeHostName joins Slurm's names to the hosts' names). */
static int
h_node(struct collect *c, const struct probe *p)
{
	struct probe	q = *p;

	if (c->o->scope != SCOPE_JOB) {
		cmd_emit(c, p, 0, NULL);
		return 0;
	}
	/* EpilogSlurmctld's own word when the job's record is gone. */
	if (c->nodelist[0] == '\0' && getenv("SLURM_JOB_NODELIST") != NULL)
		snprintf(c->nodelist, sizeof(c->nodelist), "%s",
		    getenv("SLURM_JOB_NODELIST"));
	if (c->nodelist[0] == '\0' || strspn(c->nodelist, "abcdefghijklmno"
	    "pqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.[],") !=
	    strlen(c->nodelist)) {
		skipped(c, p->path, "scontrol show node", "the job's NodeList "
		    "is not known (no scontrol show job, no sacct row)", 0);
		return 0;
	}
	q.argv[3] = "%L";
	cmd_emit(c, &q, 0, NULL);
	return 0;
}

static int
h_pids(struct collect *c, const struct probe *p)
{
	int	fd = cmd_emit(c, p, 1, NULL);

	if (fd != -1) {
		pids_from(c, fd);
		close(fd);
	}
	return 0;
}

static int
h_config(struct collect *c, const struct probe *p)
{
	char	*buf;
	char	*l;
	int	 fd = cmd_emit(c, p, 1, NULL);

	c->named = 1;	/* the next item opens the writer */
	if (getenv("SLURM_CLUSTER_NAME") != NULL)
		snprintf(c->cluster, sizeof(c->cluster), "%s",
		    getenv("SLURM_CLUSTER_NAME"));
	if (fd == -1 || (buf = malloc(1 << 20)) == NULL)
		return fd == -1 ? 0 : close(fd);
	slurp(fd, buf, 1 << 20);
	close(fd);
	for (l = strstr(buf, "ClusterName"); l != NULL;
	    l = strstr(l + 1, "ClusterName"))
		if ((l == buf || l[-1] == '\n') &&
		    sscanf(l, "ClusterName = %127s", c->cluster) == 1)
			break;
	if ((l = strstr(buf, "\nSLURM_CONF ")) != NULL)
		sscanf(l + 1, "SLURM_CONF = %4095s", c->slurm_conf);
	free(buf);
	return 0;
}

/* sacct --json on a Slurm without it: recorded, not a failure. */
static int
h_optional(struct collect *c, const struct probe *p)
{
	cmd_emit(c, p, 0, NULL);
	return 0;
}

/* Run a child function that writes fd 1; emit its spool. */
static void
fn_emit(struct collect *c, const char *bpath, const char *src,
    const char *kind, int (*fn)(void *), void *arg, uint64_t cap,
    int timeout_ms, int drop, int keep_copy, int *copy)
{
	struct run_res	 res = { 0 };
	struct run_req	 rq = { .fn = fn, .arg = arg, .cap = cap,
			    .timeout_ms = timeout_ms,
			    .deadline_ns = c->deadline_ns };
	struct emit	 em = { .bpath = bpath, .source = src, .kind = kind,
			    .res = &res };

	rq.drop = drop && c->have_user;
	rq.uid = c->uid;
	rq.gid = c->gid;
	if ((em.spool = rq.out_fd = collect_spool(c)) == -1 ||
	    run_capture(&rq, &res, NULL) != ERR_OK) {
		if (em.spool != -1)
			close(em.spool);
		em.spool = -1;
		em.res = NULL;
		em.error = "could not start (spool, pipe or fork failed)";
		em.failed = 1;
	}
	if (keep_copy && em.spool != -1) {
		*copy = dup(em.spool);
		em.shared = 1;
	}
	collect_emit(c, &em);
}

/* File systems whose reads cannot hang on a server or a dying disk:
 * the cgroup file systems, sysfs, tmpfs and local disks. */
static const unsigned long local_fs[] = {
	0x27e0ebUL,	/* cgroup */
	0x63677270UL,	/* cgroup2 */
	0x62656572UL,	/* sysfs */
	0x01021994UL,	/* tmpfs */
	0xef53UL,	/* ext2/3/4 */
	0x58465342UL,	/* xfs */
	0x9123683eUL,	/* btrfs */
	0x794c7630UL,	/* overlayfs */
};

/* Is path under the cgroup root, and is that root one of local_fs[]?
 * (statfs once: a cgroup root on a network file system is not real.) */
static int
cg_local_path(struct collect *c, const char *path)
{
	size_t		n = strlen(c->cg_root);
	struct statfs	sf;

	if (strncmp(path, c->cg_root, n) != 0 || path[n] != '/')
		return 0;
	if (c->cg_local == -1) {
		c->cg_local = 0;
		for (size_t i = 0; statfs(c->cg_root, &sf) == 0 &&
		    i < sizeof(local_fs) / sizeof(local_fs[0]); i++)
			if ((unsigned long)sf.f_type == local_fs[i])
				c->cg_local = 1;
	}
	return c->cg_local;
}

/* A cgroup file read here, with no child: the cgroup walk reads dozens,
 * and a child per file was most of the collector's own CPU. */
static void
inproc_emit(struct collect *c, const char *bpath, const char *path,
    int *copy)
{
	struct snap_arg	 a = { path, 0 };
	struct run_res	 res;
	struct emit	 em = { .bpath = bpath, .source = path, .kind = "file",
			    .res = &res };

	if ((em.spool = collect_spool(c)) == -1) {
		em.res = NULL;
		em.error = "could not start (spool failed)";
		em.failed = 1;
	} else
		snap_file_inproc(&a, em.spool, ITEM_CAP, &res);
	if (copy != NULL && em.spool != -1) {
		*copy = dup(em.spool);
		em.shared = 1;
	}
	collect_emit(c, &em);
}

static void
file_emit(struct collect *c, const char *bpath, const char *path,
    int timeout_ms, int *copy)
{
	struct snap_arg	a = { path, 0 };

	if (cg_local_path(c, path)) {
		inproc_emit(c, bpath, path, copy);
		return;
	}
	fn_emit(c, bpath, path, "file", snap_file_child, &a, ITEM_CAP,
	    timeout_ms, 0, copy != NULL, copy);
}

static void
src_path(const struct collect *c, const char *file, char *out, size_t sz)
{
	if (file[0] == '@')
		snprintf(out, sz, "%s/%s", c->proc_root, file + 1);
	else
		snprintf(out, sz, "%s", file);
}

static int
h_file(struct collect *c, const struct probe *p)
{
	char	path[PATH_MAX];

	src_path(c, p->file, path, sizeof(path));
	file_emit(c, p->path, path, p->timeout_ms, NULL);
	return 0;
}

struct cg_walk {
	struct collect	*c;
};

static int
cg_dir(void *arg, const char *rel)
{
	struct collect		*c = ((struct cg_walk *)arg)->c;
	const char *const	*f = cgroup_files(c->mode);
	char			 bpath[PATH_MAX], src[PATH_MAX];
	int			 copy;

	for (; *f != NULL; f++) {
		if (left_ms(c) == 0)
			return -1;
		snprintf(bpath, sizeof(bpath), "cgroup/%s/%s", rel, *f);
		snprintf(src, sizeof(src), "%s/%s/%s", c->cg_root, rel, *f);
		copy = -1;
		file_emit(c, bpath, src, 2000, &copy);
		if (copy != -1 && strcmp(*f, "cgroup.procs") == 0)
			pids_from(c, copy);
		if (copy != -1)
			close(copy);
	}
	return 0;
}

static int
h_cgroup(struct collect *c, const struct probe *p)
{
	char		rel[PATH_MAX], why[PATH_MAX + 64];
	pid_t		self[MAX_PIDS + 1];
	size_t		n = c->npids;
	struct cg_walk	w = { c };

	c->mode = cgroup_mode(c->cg_root);
	if (c->mode != CG_NONE)
		manifest_set_str(&c->m->cgroup_mode, cgroup_mode_name(c->mode));
	memcpy(self, c->pids, n * sizeof(pid_t));
	if (strcmp(getenv("SLURM_JOB_ID") ? getenv("SLURM_JOB_ID") : "",
	    c->job) == 0)
		self[n++] = getpid();
	if (c->mode == CG_NONE || cgroup_find_job(c->cg_root, c->proc_root,
	    c->job, self, n, rel, sizeof(rel)) == -1) {
		snprintf(why, sizeof(why), "ENOENT: no memory cgroup for job "
		    "%s under %s (%s)", c->job, c->cg_root,
		    c->mode == CG_NONE ? "no cgroup mount" :
		    cgroup_mode_name(c->mode));
		skipped(c, "cgroup/", c->cg_root, why, 0);
		return 0;
	}
	snprintf(c->cg_rel, sizeof(c->cg_rel), "%s", rel);
	cgroup_walk(c->cg_root, rel, cg_dir, &w);
	return 0;
}

/* dmesg's failure is recorded but only the last resort's counts. */
static const struct probe kmsg_fallbacks[] = {
	{ "dmesg", NULL, { "dmesg", NULL }, "kernel/dmesg.txt", NULL, 10000,
	  ITEM_CAP, PF_OPTIONAL },
	{ "journal", NULL, { "journalctl", "-k", "-o", "short-iso",
	  "--no-pager", NULL }, "kernel/journal.txt", NULL, 15000, ITEM_CAP,
	  0 },
};

static int
h_kmsg(struct collect *c, const struct probe *p)
{
	struct snap_arg	 a = { c->kmsg, 0 };
	struct run_res	 res = { 0 };
	struct run_req	 rq = { .fn = snap_kmsg_child, .arg = &a,
			    .cap = p->cap, .timeout_ms = p->timeout_ms,
			    .deadline_ns = c->deadline_ns };
	struct emit	 em = { .bpath = p->path, .source = c->kmsg,
			    .kind = "file", .res = &res };
	char		 why[256];
	int		 ok, no;

	if ((em.spool = rq.out_fd = collect_spool(c)) == -1 ||
	    run_capture(&rq, &res, NULL) != ERR_OK)
		return em.spool == -1 ? 0 : close(em.spool);
	ok = res.exit_status == 0;
	if (!ok && res.exit_status >= RUN_ERRNO_BASE) {
		/* unreadable (dmesg_restrict): fall back, not a failure */
		no = res.exit_status - RUN_ERRNO_BASE;
		snprintf(why, sizeof(why), "%s: %s: %s; trying dmesg, then "
		    "journalctl -k", snap_errno_name(no), c->kmsg,
		    strerror(no));
		em.error = why;
		close(em.spool);
		em.spool = -1;
	}
	collect_emit(c, &em);
	for (size_t i = 0; !ok && i < 2 && left_ms(c) > 0; i++)
		cmd_emit(c, &kmsg_fallbacks[i], 0, &ok);
	return 0;
}

struct procs_arg {
	struct collect	*c;
};

/* "Key:\tvalue ..." from /proc/<pid>/status: the first word of value. */
static void
status_field(const char *proc, pid_t pid, const char *key, char *out,
    size_t sz)
{
	char	 p[PATH_MAX], line[1024], *v;
	FILE	*f;

	snprintf(out, sz, "-");
	snprintf(p, sizeof(p), "%s/%ld/status", proc, (long)pid);
	if ((f = fopen(p, "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, key, strlen(key)) != 0)
			continue;
		v = line + strlen(key);
		v += strspn(v, " \t");
		v[strcspn(v, " \t\n")] = '\0';
		snprintf(out, sz, "%s", v);
		break;
	}
	fclose(f);
}

/* The memory cgroup path from /proc/<pid>/cgroup (v1 "N:memory:/p" or
 * v2 "0::/p"). */
static void
cgroup_of(const char *proc, pid_t pid, int v2, char *out, size_t sz)
{
	char	 p[PATH_MAX], line[4096], *c2;
	FILE	*f;

	snprintf(out, sz, "-");
	snprintf(p, sizeof(p), "%s/%ld/cgroup", proc, (long)pid);
	if ((f = fopen(p, "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((v2 && strncmp(line, "0::", 3) == 0) ||
		    (!v2 && (c2 = strstr(line, ":memory:")) != NULL)) {
			c2 = strrchr(line, ':');
			snprintf(out, sz, "%s", c2 + 1);
			break;
		}
	}
	fclose(f);
}

static void
proc_cmdline(const char *proc, pid_t pid, char *out, size_t sz)
{
	char	p[PATH_MAX];
	ssize_t	r = -1;
	int	fd;

	snprintf(p, sizeof(p), "%s/%ld/cmdline", proc, (long)pid);
	if ((fd = open(p, O_RDONLY | O_CLOEXEC)) != -1) {
		r = read(fd, out, sz - 1);
		close(fd);
	}
	r = r < 0 ? 0 : r;
	for (ssize_t i = 0; i < r; i++)
		if (out[i] == '\0' || out[i] == '\t' || out[i] == '\n')
			out[i] = ' ';
	while (r > 0 && out[r - 1] == ' ')
		r--;
	out[r] = '\0';
	if (r == 0)
		snprintf(out, sz, "-");
}

/* The soft limit of one resource from /proc/<pid>/limits ("Max address
 * space  unlimited  unlimited  bytes"): a byte count or "unlimited";
 * "-" when unreadable. A limit the job set itself (ulimit -v) makes
 * allocations fail with no kernel OOM. */
static void
limit_of(const char *proc, pid_t pid, const char *name, char *out,
    size_t sz)
{
	char	 p[PATH_MAX], line[256], *v;
	FILE	*f;

	snprintf(out, sz, "-");
	snprintf(p, sizeof(p), "%s/%ld/limits", proc, (long)pid);
	if ((f = fopen(p, "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, name, strlen(name)) != 0)
			continue;
		v = line + strlen(name);
		v += strspn(v, " \t");
		v[strcspn(v, " \t\n")] = '\0';
		if (*v != '\0')
			snprintf(out, sz, "%s", v);
		break;
	}
	fclose(f);
}

/* Child: host/procs.tsv from /proc (uid from status, never getpwnam). */
static int
procs_child(void *arg)
{
	struct collect	*c = ((struct procs_arg *)arg)->c;
	char		 uid[64], rss[64], cg[1024], cmd[2048], thr[64],
			 cpus[1024], as[64], data[64];

	printf("pid\tuid\tvmrss_kb\tcgroup\tcmdline\tas_limit\t"
	    "data_limit\tthreads\tcpus_allowed\n");
	for (size_t i = 0; i < c->npids; i++) {
		status_field(c->proc_root, c->pids[i], "Uid:", uid,
		    sizeof(uid));
		status_field(c->proc_root, c->pids[i], "VmRSS:", rss,
		    sizeof(rss));
		cgroup_of(c->proc_root, c->pids[i], c->mode == CG_V2, cg,
		    sizeof(cg));
		proc_cmdline(c->proc_root, c->pids[i], cmd, sizeof(cmd));
		status_field(c->proc_root, c->pids[i], "Threads:", thr,
		    sizeof(thr));
		status_field(c->proc_root, c->pids[i], "Cpus_allowed_list:",
		    cpus, sizeof(cpus));
		limit_of(c->proc_root, c->pids[i], "Max address space", as,
		    sizeof(as));
		limit_of(c->proc_root, c->pids[i], "Max data size", data,
		    sizeof(data));
		printf("%ld\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		    (long)c->pids[i], uid, rss, cg, cmd, as, data, thr, cpus);
	}
	fflush(stdout);
	return 0;
}

static int
h_procs(struct collect *c, const struct probe *p)
{
	struct procs_arg	a = { c };

	fflush(stdout);
	fn_emit(c, p->path, "/proc/<pid>/{status,cgroup,cmdline}",
	    "generated", procs_child, &a, p->cap, p->timeout_ms, 0, 0, NULL);
	return 0;
}

static int
h_nvgpus(struct collect *c, const struct probe *p)
{
	char		 dir[PATH_MAX], src[PATH_MAX], bpath[PATH_MAX];
	struct dirent	*d;
	DIR		*dp;

	src_path(c, p->file, dir, sizeof(dir));
	if ((dp = opendir(dir)) == NULL) {
		skipped(c, p->path, dir, "ENOENT: no NVIDIA driver procfs", 0);
		return 0;
	}
	while ((d = readdir(dp)) != NULL && left_ms(c) > 0) {
		if (d->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(src, sizeof(src), "%s/%s/information",
		    dir, d->d_name) >= sizeof(src))
			continue;
		snprintf(bpath, sizeof(bpath), "%s%s.txt", p->path, d->d_name);
		file_emit(c, bpath, src, p->timeout_ms, NULL);
	}
	closedir(dp);
	return 0;
}

/* ---- generated host files ---- */

static void
gen_emit(struct collect *c, const char *bpath, const char *src, int fd,
    const char *error)
{
	struct emit	em = { .bpath = bpath, .source = src,
			    .kind = "generated", .spool = fd, .error = error,
			    .failed = error != NULL };

	collect_emit(c, &em);
}

static int
h_shm(struct collect *c, const struct probe *p)
{
	struct statvfs	 sv;
	char		 mounts[PATH_MAX], line[1024], dev[256], mnt[256],
			 type[64] = "unknown";
	FILE		*f;
	int		 fd;

	if (statvfs("/dev/shm", &sv) == -1) {
		skipped(c, p->path, "/dev/shm", "ENOENT: statvfs /dev/shm", 0);
		return 0;
	}
	src_path(c, "@mounts", mounts, sizeof(mounts));
	if ((f = fopen(mounts, "re")) != NULL) {
		while (fgets(line, sizeof(line), f) != NULL)
			if (sscanf(line, "%255s %255s %63s", dev, mnt,
			    type) == 3 && strcmp(mnt, "/dev/shm") == 0)
				break;
		fclose(f);
	}
	if ((fd = collect_spool(c)) == -1)
		return 0;
	dprintf(fd, "path=/dev/shm\nfstype=%s\nsize_bytes=%llu\n"
	    "avail_bytes=%llu\n", strcmp(mnt, "/dev/shm") == 0 ? type :
	    "unknown", (unsigned long long)sv.f_blocks * sv.f_frsize,
	    (unsigned long long)sv.f_bavail * sv.f_frsize);
	gen_emit(c, p->path, "statvfs(/dev/shm), /proc/mounts", fd, NULL);
	return 0;
}

static const char *const env_allow[] = {
	"SLURM_", "SLURMD_", "CUDA_", "NCCL_", "TORCH_", "PYTORCH_",
	"NVIDIA_", "OMP_NUM_THREADS=", "MKL_NUM_THREADS=", "MALLOC_",
	"UCX_", "OMPI_", "PMIX_", "HOSTNAME=", "LD_PRELOAD=",
	"TF_FORCE_GPU_", "XLA_", "HF_HOME=", "TRANSFORMERS_CACHE=",
	"GPU_DEVICE_ORDINAL=", "ROCR_VISIBLE_DEVICES=", "HIP_VISIBLE_DEVICES=",
};
static const char *const env_deny[] = {
	"TOKEN", "KEY", "SECRET", "PASS", "CREDENTIAL", "AUTH", "COOKIE",
};

static int
env_ok(const char *kv)
{
	size_t	n = strcspn(kv, "=");
	int	ok = 0;

	for (size_t i = 0; i < sizeof(env_allow) / sizeof(*env_allow); i++)
		ok |= strncmp(kv, env_allow[i], strlen(env_allow[i])) == 0;
	for (size_t i = 0; ok && i < sizeof(env_deny) / sizeof(*env_deny);
	    i++)
		for (size_t j = 0; j + strlen(env_deny[i]) <= n; j++)
			if (strncasecmp(kv + j, env_deny[i],
			    strlen(env_deny[i])) == 0)
				return 0;
	return ok;
}

static int
h_env(struct collect *c, const struct probe *p)
{
	int	fd;

	if ((fd = collect_spool(c)) == -1)
		return 0;
	for (char **e = environ; *e != NULL; e++) {
		if (!env_ok(*e))
			continue;
		for (const char *s = *e; *s != '\0'; s++)
			dprintf(fd, "%c", *s == '\n' || *s == '\r' ? ' ' : *s);
		dprintf(fd, "\n");
	}
	gen_emit(c, p->path, "environment (allow-listed)", fd, NULL);
	return 0;
}

static const struct {
	const char	*name;
	int		 res;
} ulimits[] = {
	{ "as", RLIMIT_AS }, { "data", RLIMIT_DATA }, { "rss", RLIMIT_RSS },
	{ "stack", RLIMIT_STACK }, { "memlock", RLIMIT_MEMLOCK },
	{ "core", RLIMIT_CORE }, { "fsize", RLIMIT_FSIZE },
	{ "nofile", RLIMIT_NOFILE }, { "nproc", RLIMIT_NPROC },
	{ "cpu", RLIMIT_CPU },
};

static void
put_lim(int fd, rlim_t v, const char *sep)
{
	if (v == RLIM_INFINITY)
		dprintf(fd, "unlimited%s", sep);
	else
		dprintf(fd, "%llu%s", (unsigned long long)v, sep);
}

static int
h_ulimits(struct collect *c, const struct probe *p)
{
	struct rlimit	rl;
	int		fd;

	if ((fd = collect_spool(c)) == -1)
		return 0;
	for (size_t i = 0; i < sizeof(ulimits) / sizeof(*ulimits); i++) {
		if (getrlimit(ulimits[i].res, &rl) == -1)
			continue;
		dprintf(fd, "%s ", ulimits[i].name);
		put_lim(fd, rl.rlim_cur, " ");
		put_lim(fd, rl.rlim_max, "\n");
	}
	gen_emit(c, p->path, "getrlimit", fd, NULL);
	return 0;
}

static int
h_kernel(struct collect *c, const struct probe *p)
{
	struct utsname	u;
	int		fd;

	if (uname(&u) == -1 || (fd = collect_spool(c)) == -1)
		return 0;
	dprintf(fd, "sysname=%s\nnodename=%s\nrelease=%s\nversion=%s\n"
	    "machine=%s\n", u.sysname, u.nodename, u.release, u.version,
	    u.machine);
	gen_emit(c, p->path, "uname", fd, NULL);
	return 0;
}

static int
h_cgmode(struct collect *c, const struct probe *p)
{
	int	fd;

	if ((fd = collect_spool(c)) == -1)
		return 0;
	dprintf(fd, "%s\n", c->mode == CG_NONE ? "none" :
	    cgroup_mode_name(c->mode));
	gen_emit(c, p->path, c->cg_root, fd, NULL);
	return 0;
}

static int
h_osrel(struct collect *c, const struct probe *p)
{
	file_emit(c, p->path, access("/etc/os-release", F_OK) == 0 ?
	    "/etc/os-release" : "/usr/lib/os-release", p->timeout_ms, NULL);
	return 0;
}

/* ---- job logs ---- */

static void
log_bpath(struct collect *c, const char *path, char *out, size_t sz)
{
	const char	*b = strrchr(path, '/');

	b = b == NULL ? path : b + 1;
	snprintf(out, sz, "logs/%s", *b ? b : "log");
	for (int i = 2; manifest_find(c->m, out) != NULL; i++)
		snprintf(out, sz, "logs/%d-%s", i, *b ? b : "log");
}

static void
one_log(struct collect *c, const char *path)
{
	struct manifest_range	 r[256], hdr;
	struct logwin_arg	 a = { path, geteuid() == 0, LOG_CAP, -1 };
	struct run_res		 res = { 0 };
	struct run_req		 rq = { .fn = logwin_child, .arg = &a,
				    .cap = LOG_CAP, .timeout_ms = 20000,
				    .deadline_ns = c->deadline_ns };
	struct emit		 em = { .source = path, .kind = "file",
				    .res = &res };
	char			 bpath[PATH_MAX];
	ssize_t			 got;

	log_bpath(c, path, bpath, sizeof(bpath));
	em.bpath = bpath;
	rq.drop = c->have_user;
	rq.uid = c->uid;
	rq.gid = c->gid;
	if ((a.meta_fd = collect_spool(c)) == -1 ||
	    (em.spool = rq.out_fd = collect_spool(c)) == -1 ||
	    run_capture(&rq, &res, NULL) != ERR_OK) {
		if (a.meta_fd != -1)
			close(a.meta_fd);
		return;
	}
	got = pread(a.meta_fd, &hdr, sizeof(hdr), 0);
	if (got == (ssize_t)sizeof(hdr)) {
		em.source_bytes = hdr.off;
		got = pread(a.meta_fd, r, sizeof(r), sizeof(hdr));
		em.ranges = r;
		em.nranges = got > 0 ? (size_t)got / sizeof(r[0]) : 0;
	}
	close(a.meta_fd);
	collect_emit(c, &em);
}

static int
h_logs(struct collect *c, const struct probe *p)
{
	for (size_t i = 0; i < 2; i++)
		if (c->logs[i][0] == '/' && (i == 0 ||
		    strcmp(c->logs[0], c->logs[1]) != 0) && left_ms(c) > 0)
			one_log(c, c->logs[i]);
	for (size_t i = 0; i < c->o->nlogs && left_ms(c) > 0; i++)
		one_log(c, c->o->logs[i]);
	return 0;
}

/* ---- lent to cpudev.c (internal.h) ---- */

int
probe_left_ms(const struct collect *c)
{
	return left_ms(c);
}

void
probe_file(struct collect *c, const char *bpath, const char *path,
    int timeout_ms)
{
	file_emit(c, bpath, path, timeout_ms, NULL);
}

void
probe_fn(struct collect *c, const char *bpath, const char *src,
    int (*fn)(void *), void *arg, int timeout_ms, int drop)
{
	fflush(stdout);
	fn_emit(c, bpath, src, "generated", fn, arg, ITEM_CAP, timeout_ms,
	    drop, 0, NULL);
}

void
probe_none(struct collect *c, const char *bpath, const char *src,
    const char *why)
{
	skipped(c, bpath, src, why, 0);
}

int
probe_env_ok(const char *kv)
{
	return env_ok(kv);
}

static int
h_cpucg(struct collect *c, const struct probe *p)
{
	(void)p;
	cpudev_cgroups(c);
	return 0;
}

static int
h_devaccess(struct collect *c, const struct probe *p)
{
	cpudev_dev_access(c, p->path, p->timeout_ms);
	return 0;
}

static int
h_jobenv(struct collect *c, const struct probe *p)
{
	cpudev_job_env(c, p->path, p->timeout_ms);
	return 0;
}

static int
h_confs(struct collect *c, const struct probe *p)
{
	cpudev_confs(c, p->timeout_ms);
	return 0;
}

static int
h_attach(struct collect *c, const struct probe *p)
{
	attach_all(c, p->timeout_ms);
	return 0;
}

static int
h_watch(struct collect *c, const struct probe *p)
{
	watch_pickup(c, p->path, p->timeout_ms);
	return 0;
}

/* ---- what a node knows without asking Slurm ---- */

/* The primary group of uid in /etc/passwd; -1 if not there (a directory
 * service: the caller falls back to a group with no rights). */
static long
passwd_gid(uid_t uid)
{
	char	 line[1024];
	long	 u, g = -1;
	FILE	*f;

	if ((f = fopen("/etc/passwd", "re")) == NULL)
		return -1;
	while (g == -1 && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%*[^:]:%*[^:]:%ld:%ld:", &u, &g) != 2 ||
		    u != (long)uid)
			g = -1;
	fclose(f);
	return g;
}

/* ClusterName from slurm.conf ($SLURM_CONF, else /etc/slurm). */
static void
conf_cluster(struct collect *c)
{
	const char	*conf = getenv("SLURM_CONF");
	char		 line[1024], k[64], v[128];
	FILE		*f;

	if ((f = fopen(conf != NULL && *conf != '\0' ? conf :
	    "/etc/slurm/slurm.conf", "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, " %63[A-Za-z] = %127[^ \t\r\n#]", k, v) == 2 &&
		    strcasecmp(k, "ClusterName") == 0) {
			snprintf(c->cluster, sizeof(c->cluster), "%s", v);
			break;
		}
	fclose(f);
}

static int
num_env(const char *name, long *v)
{
	const char	*s = getenv(name);

	if (s == NULL || *s == '\0' || strspn(s, "0123456789") != strlen(s) ||
	    strlen(s) > 10)
		return -1;
	*v = strtol(s, NULL, 10);
	return 0;
}

/* The job's StdOut/StdErr from the Epilog's patterns: unset StdErr goes
 * to StdOut, and with neither the default slurm-%j.out (slurm-%A_%a.out
 * for an array task) in the working directory. */
static void
ident_env_logs(struct collect *c)
{
	const char		*pat[2] = { getenv("SLURM_JOB_STDOUT"),
				    getenv("SLURM_JOB_STDERR") };
	struct iopath_ctx	 x = { c->job, c->jid.aj, c->jid.at,
				    getenv("SLURM_JOB_USER"),
				    getenv("SLURM_JOB_NAME"), c->host,
				    getenv("SLURM_JOB_WORK_DIR") };
	char			 host[256];

	snprintf(host, sizeof(host), "%.*s", (int)strcspn(c->host, "."),
	    c->host);
	x.host = host;
	if (pat[0] == NULL && x.workdir != NULL)
		pat[0] = c->jid.aj[0] != '\0' ? "slurm-%A_%a.out" :
		    "slurm-%j.out";
	for (size_t i = 0; i < 2; i++)
		if (c->logs[i][0] == '\0' && pat[i] != NULL)
			iopath_expand(pat[i], &x, c->logs[i],
			    sizeof(c->logs[i]));
}

static void
ident_logs(struct collect *c)
{
	const struct marker *m;

	for (size_t i = 0; i < c->ms->n; i++) {
		m = &c->ms->v[i];
		if (c->logs[0][0] == '\0' && m->stdout_path[0] == '/')
			snprintf(c->logs[0], sizeof(c->logs[0]), "%s",
			    m->stdout_path);
		if (c->logs[1][0] == '\0' && m->stderr_path[0] == '/')
			snprintf(c->logs[1], sizeof(c->logs[1]), "%s",
			    m->stderr_path);
	}
	if (c->logs[0][0] == '\0' && c->logs[1][0] == '\0')
		ident_env_logs(c);
}

/*
 * Before the table: the job's markers, and from them and the Epilog's
 * environment the job's uid and gid, its task pids, its log paths, its
 * array ids and (--scope node, which asks Slurm nothing) the cluster's
 * name. scontrol's answers, where a scope asks, override these.
 */
/*
 * The job's markers (not in --scope job, which reads Slurm instead) and
 * the array ids they carry: slurmd's Epilog has no SLURM_ARRAY_*, so on
 * the node an array task is known as <array>_<task> only from its markers.
 * Called before --output's %j is expanded, so that the bundle's directory
 * and its name agree; ident() reuses what was read.
 */
void
probes_markers(struct collect *c)
{
	const struct marker	*m;

	if (c->ms != NULL || c->o->scope == SCOPE_JOB || c->job[0] == '\0' ||
	    (c->ms = calloc(1, sizeof(*c->ms))) == NULL)
		return;
	markers_read(markers_root(), c->job, c->ms);
	for (size_t i = 0; i < c->ms->n; i++) {
		m = &c->ms->v[i];
		if (c->jid.aj[0] == '\0' && m->array_job[0] != '\0' &&
		    m->array_task[0] != '\0') {
			snprintf(c->jid.aj, sizeof(c->jid.aj), "%s",
			    m->array_job);
			snprintf(c->jid.at, sizeof(c->jid.at), "%s",
			    m->array_task);
			snprintf(c->jid.ref, sizeof(c->jid.ref), "%s_%s",
			    m->array_job, m->array_task);
			manifest_set_str(&c->m->array_job_id, c->jid.aj);
			manifest_set_str(&c->m->array_task_id, c->jid.at);
		}
	}
}

static void
ident(struct collect *c)
{
	const struct marker	*m;
	long			 uid = -1, gid = -1;

	probes_markers(c);
	if (c->ms == NULL)
		return;
	for (size_t i = 0; i < c->ms->n; i++) {
		m = &c->ms->v[i];
		for (size_t j = 0; j < m->npids; j++)
			add_pid(c, m->pids[j]);
		if (uid == -1 && m->uid >= 0)
			uid = (long)m->uid;
	}
	num_env("SLURM_JOB_UID", &uid);
	if (uid >= 0 && num_env("SLURM_JOB_GID", &gid) == -1 &&
	    (gid = passwd_gid((uid_t)uid)) == -1)
		gid = 65534;
	if (uid >= 0) {
		c->uid = (uid_t)uid;
		c->gid = (gid_t)gid;
		c->have_user = 1;
	}
	ident_logs(c);
	if (c->o->scope != SCOPE_NODE)
		return;
	if (getenv("SLURM_CLUSTER_NAME") != NULL)
		snprintf(c->cluster, sizeof(c->cluster), "%s",
		    getenv("SLURM_CLUSTER_NAME"));
	else
		conf_cluster(c);
	c->named = 1;
}

/* slurm/markers/<step>.step: the markers this run used. */
static int
h_markers(struct collect *c, const struct probe *p)
{
	char	bpath[64], why[PATH_MAX + 128];

	if (c->ms == NULL)
		return 0;
	if (c->ms->missing != 0) {
		snprintf(why, sizeof(why), "%s: no step markers in %s (the "
		    "SPANK plugin is not loaded, or wrote none here)",
		    snap_errno_name(c->ms->missing), c->ms->dir);
		skipped(c, p->path, c->ms->dir, why, 0);
		return 0;
	}
	for (size_t i = 0; i < c->ms->n && left_ms(c) > 0; i++) {
		snprintf(bpath, sizeof(bpath), "%s%s.step", p->path,
		    c->ms->v[i].step);
		file_emit(c, bpath, c->ms->v[i].file, p->timeout_ms, NULL);
	}
	if (c->ms->notes[0] != '\0')
		skipped(c, p->path, c->ms->dir, c->ms->notes, 0);
	return 0;
}

/* ---- the table ---- */

static const struct probe probes[] = {
	{ "scontrol-job", h_job, { "scontrol", "show", "job", "-dd", "%J" },
	  "slurm/scontrol-job.txt", NULL, 10000, ITEM_CAP,
	  PF_JOB | PF_SLURM | PF_JOBREC },
	/* The cluster name is in the bundle's name: the writer opens here. */
	{ "scontrol-config", h_config, { "scontrol", "show", "config" },
	  "slurm/scontrol-config.txt", NULL, 10000, ITEM_CAP,
	  PF_SLURM | PF_JOBREC },
	{ "scontrol-listpids", h_pids, { "scontrol", "listpids", "%I" },
	  "slurm/scontrol-listpids.txt", NULL, 5000, ITEM_CAP,
	  PF_JOB | PF_LIVE | PF_SLURM | PF_NODE | PF_NOEPILOG },
	{ "markers", h_markers, { NULL }, "slurm/markers/", NULL, 2000,
	  MARKER_MAX, PF_JOB | PF_NODE },
	{ "cgroup", h_cgroup, { NULL }, "cgroup/", NULL, 2000, ITEM_CAP,
	  PF_JOB | PF_NODE },
	{ "cgroup-cpu", h_cpucg, { NULL }, "cgroup/cpuset,cpu,cpuacct,devices/",
	  NULL, 2000, ITEM_CAP, PF_JOB | PF_NODE },
	{ "dev-access", h_devaccess, { NULL }, "gpu/dev-access.txt", NULL,
	  5000, ITEM_CAP, PF_JOB | PF_NODE },
	{ "kmsg", h_kmsg, { NULL }, "kernel/kmsg.txt", NULL, 5000, ITEM_CAP,
	  PF_NODE },
	{ "procs", h_procs, { NULL }, "host/procs.tsv", NULL, 5000, ITEM_CAP,
	  PF_NODE },
	{ "job-env", h_jobenv, { NULL }, "host/job-env.txt", NULL, 5000,
	  ITEM_CAP, PF_JOB | PF_NODE },
	{ "scontrol-step", h_cmd, { "scontrol", "show", "step", "%J" },
	  "slurm/scontrol-step.txt", NULL, 5000, ITEM_CAP,
	  PF_JOB | PF_LIVE | PF_SLURM | PF_JOBREC | PF_NOEPILOG },
	{ "sacct", h_sacct, { "sacct", "-j", "%J", "--parsable2",
	  SACCT_FORMAT }, "slurm/sacct.txt", NULL, 15000, ITEM_CAP,
	  PF_JOB | PF_SLURM | PF_JOBREC },
	{ "sacct-json", h_optional, { "sacct", "-j", "%J", "--json" },
	  "slurm/sacct.json", NULL, 15000, ITEM_CAP,
	  PF_JOB | PF_OPTIONAL | PF_SLURM | PF_JOBREC },
	{ "scontrol-node", h_node, { "scontrol", "show", "node", "%N" },
	  "slurm/scontrol-node.txt", NULL, 10000, ITEM_CAP,
	  PF_SLURM | PF_JOBREC },
	{ "slurm-confs", h_confs, { NULL }, "slurm/", NULL, 3000, ITEM_CAP,
	  PF_NODE },
	{ "nvidia-smi", h_cmd, { "nvidia-smi", "-q", "-x" },
	  "gpu/nvidia-smi.xml", NULL, 20000, ITEM_CAP, PF_NODE },
	{ "compute-apps", h_cmd, { "nvidia-smi",
	  "--query-compute-apps=pid,process_name,used_gpu_memory,gpu_uuid",
	  "--format=csv" }, "gpu/compute-apps.csv", NULL, 15000, ITEM_CAP,
	  PF_NODE },
	/* DCGM job statistics, where the site's prolog started them
	 * (dcgmi stats -s $SLURM_JOB_ID): same deadline as nvidia-smi; no
	 * dcgmi (ENOENT) or no such job is a note, not a failure. */
	{ "dcgmi-stats", h_optional, { "dcgmi", "stats", "-j", "%I", "-v" },
	  "gpu/dcgmi-stats.txt", NULL, 20000, ITEM_CAP,
	  PF_JOB | PF_OPTIONAL | PF_NODE },
	{ "nvidia-version", h_file, { NULL }, "gpu/driver-version.txt",
	  "@driver/nvidia/version", 3000, ITEM_CAP, PF_NODE },
	{ "nvidia-gpus", h_nvgpus, { NULL }, "gpu/information-",
	  "@driver/nvidia/gpus", 3000, ITEM_CAP, PF_NODE },
	/* AMD GPUs (issue 18): amd-smi, else rocm-smi (h_amdsmi) */
	{ "amd-smi-metric", h_amdsmi, { "amd-smi", "metric", "--json" },
	  "gpu/amd-smi-metric.json", NULL, 20000, ITEM_CAP, PF_NODE },
	{ "amd-smi-process", h_amdsmi, { "amd-smi", "process", "--json" },
	  "gpu/amd-smi-process.json", NULL, 15000, ITEM_CAP, PF_NODE },
	{ "amd-smi-bad-pages", h_amdsmi, { "amd-smi", "bad-pages", "--json" },
	  "gpu/amd-smi-bad-pages.json", NULL, 15000, ITEM_CAP,
	  PF_NODE | PF_OPTIONAL },
	{ "amd-smi-static", h_amdsmi, { "amd-smi", "static", "--json" },
	  "gpu/amd-smi-static.json", NULL, 15000, ITEM_CAP,
	  PF_NODE | PF_OPTIONAL },
	{ "rocm-smi", h_amdsmi, { "rocm-smi", "--showmeminfo", "vram",
	  "--showproductname", "--json" }, "gpu/rocm-smi.json", NULL, 15000,
	  ITEM_CAP, PF_NODE },
	{ "meminfo", h_file, { NULL }, "host/meminfo.txt", "@meminfo", 3000,
	  ITEM_CAP, PF_NODE },
	{ "uptime", h_file, { NULL }, "host/uptime.txt", "@uptime", 3000,
	  ITEM_CAP, PF_NODE },
	/* PSI (4.20+ with CONFIG_PSI): the node's memory stall time */
	{ "pressure", h_file, { NULL }, "host/pressure-memory.txt",
	  "@pressure/memory", 3000, ITEM_CAP, PF_NODE },
	{ "os-release", h_osrel, { NULL }, "host/os-release.txt", NULL, 3000,
	  ITEM_CAP, PF_NODE },
	{ "shm", h_shm, { NULL }, "host/shm.txt", NULL, 0, 0, PF_NODE },
	{ "env", h_env, { NULL }, "host/env.txt", NULL, 0, 0, PF_NODE },
	{ "ulimits", h_ulimits, { NULL }, "host/ulimits.txt", NULL, 0, 0,
	  PF_NODE },
	{ "kernel", h_kernel, { NULL }, "host/kernel.txt", NULL, 0, 0,
	  PF_NODE },
	{ "cgroup-mode", h_cgmode, { NULL }, "host/cgroup-mode.txt", NULL, 0,
	  0, PF_NODE },
	{ "watch", h_watch, { NULL }, "watch/series.txt", NULL, 5000, ITEM_CAP,
	  PF_NODE },
	{ "logs", h_logs, { NULL }, "logs/", NULL, 20000, LOG_CAP,
	  PF_JOB | PF_NODE },
	/* --attach: whole files in their own budget (attach.c) */
	{ "attach", h_attach, { NULL }, "attach/", NULL, 30000, 0, PF_NODE },
};

/* Rows a scope leaves out, and those slurmd's Epilog cannot answer, are
 * not run and leave no item: the manifest's scope says what was asked. */
static int
in_scope(const struct collect *c, const struct probe *p)
{
	if (c->epilog && (p->flags & PF_NOEPILOG))
		return 0;
	switch (c->o->scope) {
	case SCOPE_NODE:
		return (p->flags & PF_NODE) && !(p->flags & PF_SLURM);
	case SCOPE_JOB:
		return (p->flags & PF_JOBREC) != 0;
	default:
		return 1;
	}
}

void
probes_run(struct collect *c)
{
	const struct probe	*p;
	char			 why[128];

	ident(c);
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		p = &probes[i];
		if (c->fatal != ERR_OK)
			return;
		if (!in_scope(c, p))
			continue;
		if ((p->flags & PF_JOB) && c->job[0] == '\0' &&
		    strcmp(p->id, "logs") != 0) {
			skipped(c, p->path, p->id, "no job id (--job or "
			    "SLURM_JOB_ID)", 0);
			continue;
		}
		if (left_ms(c) == 0) {
			snprintf(why, sizeof(why), "skipped: deadline of %d s "
			    "reached", c->o->deadline_s);
			skipped(c, p->path, p->id, why, 1);
			continue;
		}
		p->run(c, p);
	}
}
