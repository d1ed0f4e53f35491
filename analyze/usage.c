/*
 * usage: the same memory as each meter saw it.
 *
 * Seed 001 lists "Resource usage reports differ from job-level limits":
 * users compare sacct's MaxRSS with --mem and conclude the job never got
 * near its limit, while the kernel killed it at the limit. The figures
 * measure different things: MaxRSS is the largest resident set of one
 * task, sampled by jobacct_gather every JobAcctGatherFrequency; the
 * memory cgroup's peak and the kernel's "memory: usage" line count every
 * page charged to the cgroup (anon, page cache, kernel memory) of all its
 * processes; the victim's anon+file+shmem RSS is one process at the kill.
 *
 * usage_views() puts them side by side for the step that hit the limit
 * and says which one the enforcement used: the kernel memory cgroup, a
 * node-wide kernel OOM, or slurmstepd's own RSS polling. It reads the
 * facts only and adds nothing when no memory limit was hit.
 */
#include <inttypes.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"

/* "step_batch" or "step_0" in a memcg path: the sacct step it names. */
static struct str
memcg_step(struct str path)
{
	static const char	pfx[] = "/step_";
	struct str		s = str_make(NULL, 0);

	for (size_t i = 0; i + sizeof(pfx) - 1 <= path.n; i++) {
		if (memcmp(path.p + i, pfx, sizeof(pfx) - 1) != 0)
			continue;
		s.p = path.p + i + sizeof(pfx) - 1;
		s.n = 0;
		while (s.p + s.n < path.p + path.n && s.p[s.n] != '/')
			s.n++;
		return s;
	}
	return s;
}

static const struct step_fact *
step_named(const struct facts *f, struct str step)
{
	for (int i = 0; step.p != NULL && i < f->nsteps; i++) {
		struct str	s = ev_str(f->steps[i].sacct, "step");

		if (s.n == step.n && s.n > 0 && memcmp(s.p, step.p, s.n) == 0)
			return &f->steps[i];
	}
	return NULL;
}

static const struct step_fact *
step_of_event(const struct facts *f, const struct event *ev)
{
	for (int i = 0; ev != NULL && i < f->nsteps; i++)
		if (f->steps[i].sacct == ev || f->steps[i].sacct2 == ev)
			return &f->steps[i];
	return NULL;
}

static const struct step_fact *
job_fact(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++)
		if (ev_str(f->steps[i].sacct, "step").n == 0)
			return &f->steps[i];
	return NULL;
}

/* The OUT_OF_MEMORY row, a step's rather than the job's when both are. */
static const struct step_fact *
oom_row(const struct facts *f)
{
	const struct step_fact	*s = step_of_event(f, f->oom_step);

	for (int i = 0; s != NULL && i < f->nsteps; i++)
		if (ev_str(f->steps[i].sacct, "step").n > 0 &&
		    str_eq(ev_str(f->steps[i].sacct, "state"),
		    "OUT_OF_MEMORY"))
			return &f->steps[i];
	return s;
}

/* The step whose limit was hit, and the incident that says so. */
struct hit {
	const struct event	*incident;
	const struct step_fact	*step;
	const char		*enforced_by;
};

static void
find_hit(const struct facts *f, struct hit *h)
{
	const struct event	*k = f->kernel_memcg;

	memset(h, 0, sizeof(*h));
	if (k != NULL) {
		h->incident = k;
		h->enforced_by = "kernel_memcg";
		h->step = step_named(f, memcg_step(ev_str(k, "task_memcg")));
	} else if ((h->incident = f->first[EV_STEPD_MEMLIMIT]) != NULL) {
		h->enforced_by = "slurmstepd_rss";
	} else if ((h->incident = f->kernel_global) != NULL) {
		h->enforced_by = "kernel_global";
	} else if (f->first[EV_STEPD_OOM] != NULL || f->oom_step != NULL ||
	    f->cg_oom != NULL) {
		h->incident = f->first[EV_STEPD_OOM] != NULL ?
		    f->first[EV_STEPD_OOM] : f->oom_step != NULL ?
		    f->oom_step : f->cg_oom;
		h->enforced_by = "kernel_memcg";
	}
	if (h->step == NULL)
		h->step = oom_row(f);
	if (h->step == NULL)
		h->step = job_fact(f);
}

/* MaxRSS of the step, else the largest of any row (sacct fills the
 * step rows, not always the job's). */
static int64_t
max_rss(const struct facts *f, const struct hit *h)
{
	int64_t	v = h->step != NULL ? step_num(h->step, "max_rss_bytes") : -1;

	for (int i = 0; v < 0 && i < f->nsteps; i++)
		if (step_num(&f->steps[i], "max_rss_bytes") > v)
			v = step_num(&f->steps[i], "max_rss_bytes");
	return v;
}

/* The limit: the kernel's line, else the step's cgroup file, else what
 * the step was given (ConstrainRAMSpace sets the cgroup from it). */
static int64_t
limit_of(const struct analysis *an, const struct event *k,
    const struct usage_q *u)
{
	int64_t	v = ev_num_or(k, "limit_bytes", -1);

	for (size_t i = 0; v < 0 && u->step != NULL && i < an->nhost; i++)
		if (an->host[i].step != NULL &&
		    strcmp(an->host[i].step, u->step) == 0)
			v = an->host[i].cgroup_limit_bytes >= 0 ?
			    an->host[i].cgroup_limit_bytes :
			    an->host[i].req_mem_bytes;
	return v;
}

static int64_t
kernel_rss(const struct event *k)
{
	int64_t	a = ev_num_or(k, "anon_rss_bytes", -1);

	if (a < 0)
		return -1;
	return a + (ev_num_or(k, "file_rss_bytes", 0) > 0 ?
	    ev_num_or(k, "file_rss_bytes", 0) : 0) +
	    (ev_num_or(k, "shmem_rss_bytes", 0) > 0 ?
	    ev_num_or(k, "shmem_rss_bytes", 0) : 0);
}

static struct str
freq(const struct facts *f)
{
	const struct event	*cfg = f->first[EV_SCONTROL_CONFIG];
	struct str		 v;

	if (cfg == NULL)
		return str_make(NULL, 0);
	v = str_trim(ev_str(cfg, "JobAcctGatherFrequency"));
	return v.n > 0 && v.n < 64 ? v : str_make(NULL, 0);
}

static const char *
pct_of(struct arena *a, int64_t v, int64_t lim)
{
	if (v < 0 || lim <= 0)
		return "";
	return arena_printf(a, ", %" PRId64 "%% of the limit",
	    (v * 100 + lim / 2) / lim);
}

/* The sentence that says which meter the enforcement used. */
static const char *
explain(const struct facts *f, struct arena *a, const struct usage_q *u)
{
	struct str	fq = freq(f);
	int		missed = u->limit_bytes > 0 &&
			    u->max_rss_bytes < u->limit_bytes / 10 * 9;
	const char	*rss = u->max_rss_bytes < 0 ? "" : arena_printf(a,
			    "sacct MaxRSS (%s%s) is the largest resident set "
			    "of one task, sampled by jobacct_gather%s%.*s%s%s",
			    fmt_bytes(a, u->max_rss_bytes),
			    pct_of(a, u->max_rss_bytes, u->limit_bytes),
			    fq.n > 0 ? " (JobAcctGatherFrequency=" : "",
			    (int)fq.n, fq.p != NULL ? fq.p : "",
			    fq.n > 0 ? ")" : "", missed ?
			    ", so it missed the climb to the limit and leaves "
			    "out page cache: it is not what was enforced." :
			    "; it comes close here, but it is not what was "
			    "enforced.");

	if (strcmp(u->enforced_by, "slurmstepd_rss") == 0)
		return "slurmstepd killed the step from its own polling of "
		    "the tasks' RSS (JobAcctGatherParams=OverMemoryKill), so "
		    "the sampled RSS is the figure that was enforced; the "
		    "memory cgroup limit itself was not reached.";
	if (strcmp(u->enforced_by, "kernel_global") == 0 &&
	    kit_numa_constraint(f->kernel_global).n > 0)
		return arena_printf(a, "No cgroup limit was reached: the NUMA "
		    "memory the task was bound to ran out (%.*s) and the "
		    "kernel chose the victim among the tasks that may use it; "
		    "other NUMA nodes may have had room. The job's figures "
		    "show its share, not a limit it crossed.%s%s",
		    (int)kit_numa_constraint(f->kernel_global).n,
		    kit_numa_constraint(f->kernel_global).p, *rss ? " " : "",
		    rss);
	if (strcmp(u->enforced_by, "kernel_global") == 0)
		return arena_printf(a, "No cgroup limit was reached: the "
		    "node's RAM ran out and the kernel chose the victim "
		    "node-wide by oom_score. The job's figures show its "
		    "share, not a limit it crossed.%s%s", *rss ? " " : "",
		    rss);
	return arena_printf(a, "The kernel enforced the memory cgroup's "
	    "limit%s%s on every page charged to the cgroup (anon, page "
	    "cache, kernel memory) of all its processes; %s.%s%s",
	    u->limit_bytes > 0 ? " of " : "",
	    u->limit_bytes > 0 ? fmt_bytes(a, u->limit_bytes) : "",
	    u->kernel_usage_bytes >= 0 || u->cgroup_peak_bytes >= 0 ?
	    "the kernel's usage at the kill and the cgroup peak measure "
	    "exactly that" : "the cgroup peak and the kernel's usage line "
	    "would measure exactly that, and were not collected",
	    *rss ? " " : "", rss);
}

void
usage_views(const struct facts *f, struct analysis *an)
{
	struct arena		*a = an->arena;
	struct hit		 h;
	struct usage_q		*u;
	const struct event	*ev[4];
	const struct event	*k;

	find_hit(f, &h);
	if (h.incident == NULL ||
	    (u = arena_zalloc(a, sizeof(*u))) == NULL)
		return;
	k = h.incident->kind == EV_KERNEL_OOM ? h.incident : NULL;
	u->step = h.step != NULL ? host_step_name(a, h.step->sacct) : NULL;
	u->node = h.incident->node != NULL ?
	    arena_strdup(a, h.incident->node) : NULL;
	u->enforced_by = h.enforced_by;
	u->limit_bytes = limit_of(an, k, u);
	u->max_rss_bytes = max_rss(f, &h);
	u->cgroup_peak_bytes = h.step != NULL ? h.step->cg_peak_bytes : -1;
	u->kernel_usage_bytes = ev_num_or(k, "usage_bytes", -1);
	u->kernel_rss_bytes = kernel_rss(k);
	u->summary = explain(f, a, u);
	ev[0] = h.incident;
	ev[1] = h.step != NULL ? h.step->sacct : NULL;
	ev[2] = h.step != NULL ? h.step->cg_limit : NULL;
	ev[3] = freq(f).n > 0 ? f->first[EV_SCONTROL_CONFIG] : NULL;
	evidence_list_of(f, a, ev, 4, &u->evidence);
	an->usage = u;
	an->nusage = 1;
}
