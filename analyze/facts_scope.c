/*
 * facts_scope: whose an event is. The job id an event names (whichever
 * way its parser stored it, without array or het suffixes) and whether
 * it is another job's (an array task is its own job). Below both
 * facts.c and facts_cpu.c, which skip other jobs' events; neither calls
 * the other back for it.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* A job id field as text whichever way the parser stored it. */
struct str
facts_job_of(const struct event *ev, char buf[24])
{
	const struct evfield	*fd = ev_field(ev, "job_id");

	if (fd == NULL)
		return str_make(NULL, 0);
	if (fd->s.p != NULL)
		return fd->s;
	if (!fd->has_num)
		return str_make(NULL, 0);
	snprintf(buf, 24, "%lld", (long long)fd->num);
	return str_cstr(buf);
}

/* The job id without array/het suffixes ("2_1" -> "2", "4+0" -> "4"). */
struct str
facts_job_base(struct str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return str_make(s.p, i);
	return s;
}

/* Node-wide lines (the kernel's) that name no job: outside the job's run
 * they are another job's, whatever their cgroup was (a wrapped ring
 * buffer can keep a kill's last line without its memcg line; inside the
 * run, cut_orphan() below). */
static int
node_wide(enum ev_kind k)
{
	return k == EV_KERNEL_OOM || k == EV_OOM_REAPER || k == EV_XID ||
	    k == EV_GPU_DRIVER_ERROR;
}

#define WINDOW_SLACK_NS	(10LL * 1000000000LL)

/*
 * A kill of a report whose head the kernel log lost (the collected ring
 * buffer had wrapped, or its window began inside the report) names no
 * cgroup: nothing ties it to the job unless its victim is one of the
 * job's pids. Another job's report straddling the start of the log is
 * then all that is left of it. A log a person pasted is left as it is:
 * its first lines are what they chose to show.
 */
static int
cut_orphan(const struct facts *f, const struct event *ev)
{
	int64_t	cut;
	size_t	i;

	if (ev->kind != EV_KERNEL_OOM || ev_field(ev, "job_id") != NULL ||
	    ev_num(ev, "cut_head", &cut) != 0 || !cut ||
	    (ev->pid > 0 && facts_is_job_pid(f, ev->pid)))
		return 0;
	i = facts_index_of(f, ev);
	return i != (size_t)-1 && f->tl->in[i] != NULL &&
	    f->tl->in[i]->has_manifest;
}

#define CLOCK_ROUND_NS	(2LL * 1000000000LL)

/* The memory cgroup a kernel kill names (the one whose limit failed,
 * else the victim's), or empty. */
struct str
facts_kill_memcg(const struct event *ev)
{
	static const char *const keys[] = { "oom_memcg", "task_memcg",
	    "stats_memcg" };

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (ev_str(ev, keys[i]).n > 0)
			return ev_str(ev, keys[i]);
	return str_make(NULL, 0);
}

/* Does a cgroup path name user uid's own slice ("user-1001.slice",
 * Slurm v1's "uid_1001/")? */
static int
names_uid(struct str path, int64_t uid)
{
	char	a[40], b[40];

	snprintf(a, sizeof(a), "user-%lld.", (long long)uid);
	snprintf(b, sizeof(b), "uid_%lld/", (long long)uid);
	return str_find(path, a) != NULL || str_find(path, b) != NULL;
}

/*
 * A memcg kill in a cgroup that names no job (a container's, a
 * service's, a login session's) is the job's only when the job put the
 * process there: a container the job started escapes the job's cgroup
 * (R-HOST-012), but it runs while the job runs. So such a kill before
 * the job's start or after its end is someone else's, to the clock's
 * rounding, not the ten seconds' slack a kill that may be in the job's
 * own cgroup gets: a lost head or a cut path can hide the job's cgroup
 * there, a named one cannot. So is a victim that ran as another user
 * than the job's (uid 0 excepted: root in a container the job started
 * is the common case). Returns why, or NULL when it may be the job's.
 */
const char *
facts_other_kill(const struct facts *f, const struct event *ev)
{
	struct str	path;
	int64_t		uid;

	if (ev->kind != EV_KERNEL_OOM || ev_field(ev, "job_id") != NULL ||
	    !str_eq(ev_str(ev, "scope"), "memcg") ||
	    (path = facts_kill_memcg(ev)).n == 0 || str_eq(path, "/"))
		return NULL;
	if (f->have_window && ev_has_time(ev) &&
	    ev->ts_ns + CLOCK_ROUND_NS < f->job_from_ns)
		return "it happened before the job started";
	if (f->have_window && ev_has_time(ev) &&
	    f->job_to_ns < INT64_MAX - CLOCK_ROUND_NS &&
	    ev->ts_ns - CLOCK_ROUND_NS > f->job_to_ns)
		return "it happened after the job ended";
	uid = ev_num_or(ev, "uid", -1);
	if (uid > 0 && f->job_uid >= 0 && uid != f->job_uid &&
	    !names_uid(path, f->job_uid))
		return "its victim ran as another user than the job's";
	return NULL;
}

int
facts_foreign(const struct facts *f, const struct event *ev)
{
	struct str	j;
	char		buf[24];

	/* A job that never started has no line of its own in a node's
	 * kernel log: every one there is another job's. */
	if (f->never_ran && node_wide(ev->kind) &&
	    ev_field(ev, "job_id") == NULL)
		return 1;
	if (cut_orphan(f, ev) || facts_other_kill(f, ev) != NULL)
		return 1;
	if (f->have_window && node_wide(ev->kind) && ev_has_time(ev) &&
	    ev_field(ev, "job_id") == NULL &&
	    /* a job without an end in sacct (still running when
	     * collected): which job a line the node logged without naming
	     * one belongs to cannot be told by its time, and other jobs'
	     * kills end up there; the slack on the event's side (the
	     * open window's end is near INT64_MAX) */
	    (f->job_to_ns > INT64_MAX - WINDOW_SLACK_NS ||
	    ev->ts_ns + WINDOW_SLACK_NS < f->job_from_ns ||
	    ev->ts_ns - WINDOW_SLACK_NS > f->job_to_ns))
		return 1;
	if (f->job_id.n == 0)
		return 0;
	j = facts_job_of(ev, buf);
	return j.n > 0 && !facts_job_is(f, j);
}

static int
str_same(struct str a, struct str b)
{
	return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0);
}

/* An array task is its own job: "46_3" is task 3 of array 46 and no
 * other task; a plain id is the task's own (the task that keeps the
 * array's id is "46" and "46_3" both). Without array facts, as before:
 * the id without suffixes. */
int
facts_job_is(const struct facts *f, struct str j)
{
	const char	*u;

	if (f->job_id.n == 0 || j.p == NULL || j.n == 0)
		return 0;
	if (f->task_id.n > 0 && (u = memchr(j.p, '_', j.n)) != NULL)
		return str_same(str_make(j.p, (size_t)(u - j.p)),
		    f->array_id) && str_same(str_make(u + 1, j.n -
		    (size_t)(u - j.p) - 1), f->task_id);
	return str_same(facts_job_base(j), f->job_id);
}

/* The job id a record names, as the analysed job's own id when it is
 * that job (an array task's "46_3" and "47" are one job). */
struct str
facts_job_canon(const struct facts *f, struct str j)
{
	return f->task_id.n > 0 && facts_job_is(f, j) ? f->job_id : j;
}
