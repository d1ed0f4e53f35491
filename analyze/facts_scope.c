/*
 * facts_scope: whose an event is. The job id an event names (whichever
 * way its parser stored it, without array or het suffixes) and whether
 * it is another job's. Below both facts.c and facts_cpu.c, which skip
 * other jobs' events; neither calls the other back for it.
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
 * buffer can keep a kill's last line without its memcg line). */
static int
node_wide(enum ev_kind k)
{
	return k == EV_KERNEL_OOM || k == EV_OOM_REAPER || k == EV_XID ||
	    k == EV_GPU_DRIVER_ERROR;
}

#define WINDOW_SLACK_NS	(10LL * 1000000000LL)

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
	if (f->have_window && node_wide(ev->kind) && ev_has_time(ev) &&
	    ev_field(ev, "job_id") == NULL &&
	    (ev->ts_ns < f->job_from_ns - WINDOW_SLACK_NS ||
	    ev->ts_ns > f->job_to_ns + WINDOW_SLACK_NS))
		return 1;
	if (f->job_id.n == 0)
		return 0;
	j = facts_job_base(facts_job_of(ev, buf));
	return j.n > 0 && (j.n != f->job_id.n ||
	    memcmp(j.p, f->job_id.p, j.n) != 0);
}
