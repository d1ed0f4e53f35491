/*
 * rules_table: the decision table. One row per row of the seeds' decision
 * tables and cause tables (seed ids in .seeds: S000 = the Slurm GPU OOM
 * guide, S001 = the SLURM cgroup-limit entry, S004 = the CUDA OOM guide),
 * each with a stable id, the taxonomy cause and boundary it concludes,
 * its signals and thresholds in words, what it means, and the single
 * boundary-specific control to run next. The predicates read struct
 * facts only; rules.c picks the verdict among the rows that fire.
 * rules_table_markdown() renders the table as docs/rules.md.
 *
 * Ids are stable (the JSON contract cites them) and sorted.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"

#define GiB	(1024LL * 1024 * 1024)
#define MiB	(1024LL * 1024)

static int
str_is(const struct event *ev, const char *name, const char *val)
{
	struct str	s = ev == NULL ? str_make(NULL, 0) : ev_str(ev, name);

	return s.p != NULL && str_eq(s, val);
}

/* Host corroboration shared by the host rows. */
static void
host_support(const struct facts *f, struct rmatch *m)
{
	rmatch_support(m, f->kernel_memcg);
	rmatch_support(m, f->first[EV_STEPD_OOM]);
	rmatch_support(m, f->first[EV_STEPD_MEMLIMIT]);
	rmatch_support(m, f->oom_step);
	rmatch_support(m, f->cg_oom);
	rmatch_support(m, f->first[EV_SRUN_TASK_OOM]);
}

/* ---- host ---- */

static int
m_kernel_memcg(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*k = f->kernel_memcg;
	struct str		 task = k ? ev_str(k, "task") : str_make(0, 0);
	struct str		 memcg = k ? ev_str(k, "oom_memcg") :
				    str_make(0, 0);

	if (k == NULL)
		return 0;
	m->initiating = k;
	host_support(f, m);
	m->confidence = "high";
	m->confidence_reason = m->nsupport > 0 ?
	    "the kernel's memory-cgroup OOM kill is corroborated by Slurm or "
	    "cgroup evidence" :
	    "the kernel's own memory-cgroup OOM kill line";
	m->detail = arena_printf(a, "The kernel OOM-killed %.*s (pid %" PRId64
	    ") inside memory cgroup %.*s%s%s.", (int)task.n,
	    task.p ? task.p : "", k->pid, (int)memcg.n,
	    memcg.p ? memcg.p : "?",
	    ev_num_or(k, "limit_bytes", -1) > 0 ? " at its limit of " : "",
	    ev_num_or(k, "limit_bytes", -1) > 0 ?
	    fmt_bytes(a, ev_num_or(k, "limit_bytes", -1)) : "");
	return 1;
}

static int
m_stepd_oom(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STEPD_OOM];
	int			 failcnt = 0;

	/* Slurm <= 17.11.1's failcnt warning is a kill only where srun
	 * says the task ran Out Of Memory. */
	if (s == NULL && f->first[EV_STEPD_FAILCNT] != NULL &&
	    f->first[EV_SRUN_TASK_OOM] != NULL) {
		s = f->first[EV_STEPD_FAILCNT];
		failcnt = 1;
	}
	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	m->confidence = "high";
	m->confidence_reason = failcnt ? "slurmstepd saw the step reach its "
	    "memory limit and srun reports the task Out Of Memory" :
	    "slurmstepd detected oom-kill events in the step's memory cgroup";
	m->detail = failcnt ? "slurmstepd saw the step reach its memory "
	    "limit and srun reports the task Out Of Memory: the cgroup's OOM "
	    "killer ended it." : "slurmstepd reported the cgroup "
	    "out-of-memory handler killing processes of the step.";
	return 1;
}

static int
m_kernel_global(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*k = f->kernel_global;

	if (k == NULL)
		return 0;
	m->initiating = k;
	host_support(f, m);
	m->confidence = "high";
	m->confidence_reason = "the kernel's node-wide OOM kill line "
	    "(\"Out of memory: Killed process\" or constraint "
	    "CONSTRAINT_NONE): the whole node ran out, not only the job's "
	    "cgroup";
	m->detail = "The node itself ran out of memory (a global OOM kill, "
	    "not the job's cgroup limit).";
	return 1;
}

static int
m_stepd_memlimit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STEPD_MEMLIMIT];

	if (s == NULL)
		s = f->first[EV_SRUN_EXCEEDED];
	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	rmatch_support(m, f->first[EV_SRUN_EXCEEDED]);
	m->confidence = "high";
	m->confidence_reason = "slurmstepd's own RSS polling "
	    "(jobacct_gather, OverMemoryKill) killed the step; no kernel OOM "
	    "was involved";
	m->detail = "Slurm's accounting poller saw the step's RSS above its "
	    "limit and killed it itself (not the kernel's cgroup OOM killer).";
	return 1;
}

static int
m_host_app(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_HOST_OOM_APP];

	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	m->confidence = m->nsupport > 0 ? "medium" : "low";
	m->confidence_reason = m->nsupport > 0 ? "a host allocation failure "
	    "in the application, with host OOM evidence beside it" :
	    "only the application's own host allocation failure; no kernel, "
	    "cgroup or Slurm evidence of the limit";
	m->detail = "The application failed to allocate host memory.";
	return 1;
}

static int
m_paraphrase(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_SLURM_OOM_PARAPHRASE];

	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	m->confidence = "low";
	m->confidence_reason = "a paraphrase of a Slurm OOM message as quoted "
	    "in tickets; real Slurm never prints it, so the original output "
	    "is needed";
	m->detail = "The text quotes a Slurm OOM kill in paraphrase.";
	return 1;
}

/* ---- step creation ---- */

/* A Slurm refusal that is about memory (the request, not the use). */
static int
memory_reason(const struct event *s)
{
	struct str	r = ev_str(s, "reason");

	return r.p != NULL && (str_find(r, "Memory required by task") != NULL ||
	    str_find(r, "Memory specification") != NULL);
}

static int
m_step_create(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STEP_CREATE_FAIL];
	struct str		 r = s != NULL ? ev_str(s, "reason") :
				    str_make(NULL, 0);

	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->first[EV_CGROUP_CREATE_FAIL]);
	m->confidence = "high";
	if (str_is(s, "what", "launch")) {
		/* slurmstepd or srun could not start the step's tasks. */
		m->confidence_reason = "Slurm's own line: the step's tasks "
		    "could not be started";
		m->detail = r.p != NULL ? arena_printf(a, "Slurm could not "
		    "start the step's tasks (%.*s); the workload never ran, so "
		    "there is no application memory profile.", (int)r.n, r.p) :
		    "Slurm could not start the step's tasks (its job manager "
		    "or a required plugin gave up); the workload never ran.";
	} else if (memory_reason(s)) {
		m->confidence_reason = "Slurm refused to create the step for "
		    "its memory request";
		m->detail = "The step was never created: its memory request "
		    "did not fit what the job's allocation had left. The "
		    "workload never ran, so there is no application memory "
		    "profile.";
	} else {
		m->confidence_reason = "Slurm refused to create the step";
		m->detail = arena_printf(a, "The step was never created: "
		    "%.*s. The workload never ran.", (int)r.n, r.p ? r.p : "");
	}
	return 1;
}

/* Did the workload run after a setup error? A later failure of the
 * workload itself (an OOM kill, a device error, a framework's memory
 * figures) shows the step was set up after all: on old kernels slurmstepd
 * reports the memory cgroup it could not join ("unable to add task[pid=]
 * to memory cg '(null)'") and the task runs unconstrained. */
static int
ran_after(const struct facts *f, const struct event *s)
{
	static const enum ev_kind	kinds[] = { EV_KERNEL_OOM, EV_STEPD_OOM,
	    EV_STEPD_MEMLIMIT, EV_SRUN_TASK_OOM, EV_CUDA_OOM, EV_CUDA_OOM_PLAIN,
	    EV_XLA_OOM, EV_CUDA_FAULT, EV_SHM_ERROR, EV_BUS_ERROR,
	    EV_MEM_FIGURE, EV_HOST_OOM_APP };

	/* Same node only: other nodes' ranks run, and time out, while
	 * one node's step could not be set up. */
	for (size_t i = facts_index_of(f, s) + 1; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (facts_foreign(f, ev) || (s->node != NULL &&
		    ev->node != NULL && strcmp(s->node, ev->node) != 0))
			continue;
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if (ev->kind == kinds[k])
				return 1;
	}
	return 0;
}

/* The v1 controller of a cgroup attach failure: the line's own word, or
 * the hierarchy its path is under ("/sys/fs/cgroup/cpuset/slurm/..."). */
static struct str
cgroup_controller(const struct event *s)
{
	static const char *const	ctl[] = { "cpuset", "devices", "memory",
	    "freezer", "cpu,cpuacct", "cpuacct", "pids" };
	struct str			c = ev_str(s, "controller");
	struct str			p = ev_str(s, "path");
	const char			*at;

	if (c.n > 0 || p.p == NULL ||
	    (at = str_find(p, "/sys/fs/cgroup/")) == NULL)
		return c;
	at += strlen("/sys/fs/cgroup/");
	for (size_t i = 0; i < sizeof(ctl) / sizeof(ctl[0]); i++) {
		size_t	n = strlen(ctl[i]);

		if ((size_t)(p.p + p.n - at) > n &&
		    memcmp(at, ctl[i], n) == 0 && at[n] == '/')
			return str_make(at, n);
	}
	return c;
}

static int
m_cgroup_create(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_CGROUP_CREATE_FAIL];

	if (s == NULL || ran_after(f, s))
		return 0;
	m->initiating = s;
	/* The seeds' "task/cgroup: unable to allocate requested memory" is
	 * a ticket's wording no Slurm prints: it names the class only. */
	if (s->flags & EVF_PARAPHRASE) {
		m->confidence = "low";
		m->confidence_reason = "a paraphrase of a cgroup creation error "
		    "as quoted in tickets; no Slurm version prints it, so the "
		    "original slurmstepd/slurmd output is needed";
	} else if (str_is(s, "what", "attach")) {
		struct str	ctl = cgroup_controller(s);
		struct str	err = ev_str(s, "errno");

		m->confidence = "high";
		m->confidence_reason = "slurmstepd could not put the step's "
		    "processes into their cgroup";
		rmatch_support(m, f->first[EV_STEP_CREATE_FAIL]);
		m->detail = arena_printf(a, "slurmstepd could not attach the "
		    "task to its %.*s%scgroup%s%.*s%s before it started; the "
		    "workload never ran.", (int)ctl.n, ctl.p ? ctl.p : "",
		    ctl.n > 0 ? " " : "", err.n > 0 ? " (" : "", (int)err.n,
		    err.p ? err.p : "", err.n > 0 ? ")" : "");
		return 1;
	} else if (str_is(s, "what", "write")) {
		m->confidence = "high";
		m->confidence_reason = "slurmstepd could not write the step's "
		    "cgroup settings";
		m->detail = arena_printf(a, "slurmstepd could not write %.*s "
		    "(%.*s) while setting up the step's cgroup; the task "
		    "plugin fails the step before the workload runs.",
		    (int)ev_str(s, "path").n, ev_str(s, "path").p,
		    (int)ev_str(s, "errno").n, ev_str(s, "errno").p);
		return 1;
	} else if (str_is(s, "what", "devices")) {
		m->confidence = "high";
		m->confidence_reason = "slurmstepd could not set the step's "
		    "device constraints";
		m->detail = arena_printf(a, "slurmstepd could not set up the "
		    "step's device cgroup (devices.allow or the eBPF device "
		    "program%s%.*s), so its tasks did not start with their "
		    "GPUs; the workload never ran.",
		    ev_str(s, "errno").n > 0 ? ": " : "",
		    (int)ev_str(s, "errno").n, ev_str(s, "errno").p ?
		    ev_str(s, "errno").p : "");
		return 1;
	} else if (ev_str(s, "detail").n > 0) {
		/* "Failed to invoke task plugins: ...": the task plugins
		 * (cgroup, affinity) failed, not only the memory cgroup. */
		m->confidence = "high";
		m->confidence_reason = "slurmstepd's task plugins failed to "
		    "set up the step";
		m->detail = arena_printf(a, "slurmstepd's task plugins could "
		    "not set up the step before it started (%.*s); the "
		    "workload never ran.", (int)ev_str(s, "detail").n,
		    ev_str(s, "detail").p);
		return 1;
	} else {
		m->confidence = "high";
		m->confidence_reason = "slurmstepd could not create the step's "
		    "memory cgroup";
	}
	m->detail = "The step's memory cgroup could not be created before the "
	    "process started; the workload never ran.";
	return 1;
}

static int
m_submit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_SUBMIT_REJECTED];

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "high";
	if (memory_reason(s)) {
		m->confidence_reason = "the submission was rejected for its "
		    "memory request";
		m->detail = "The job was refused at submission: its memory "
		    "request exceeds what any node in the partition has.";
	} else {
		m->confidence_reason = "Slurm's own refusal at submission";
		m->detail = arena_printf(a, "The job was refused at submission "
		    "(%.*s): no node of the partition can satisfy the request "
		    "as written, or a resource is misspelt or empty. Nothing "
		    "ran.", (int)ev_str(s, "reason").n, ev_str(s, "reason").p);
	}
	return 1;
}

/* ---- device ---- */

/*
 * Fragmentation needs the cache that PyTorch reserved but left unallocated
 * to hold the request AND to be at least this share of what it reserved.
 * On a full card a caching allocator normally keeps a few hundred MiB
 * (1-2% of reserved) in partly used segments: that is exhaustion (S004:
 * "reserved much larger than allocated" is fragmentation, "reserved
 * approximately equals allocated" is exhaustion). One threshold, in the
 * table's R-DEV-001/002 signals.
 */
#define FRAG_SHARE_PCT	10

enum cuda_class {
	CC_NONE, CC_RETIRED, CC_ALLOWED, CC_TENANT, CC_ZOMBIE, CC_MULTIPROC,
	CC_FRAG, CC_EXHAUST
};

/* The device allocation failure with allocator figures: PyTorch's OOM
 * message (whole or its figures alone), else — with no OOM line at all —
 * a torch.cuda.memory_summary() table that counts a CUDA OOM. */
/* A quoted tail with neither the request nor live memory ("1.17 GiB
 * reserved in total by PyTorch)") says only that an allocation failed:
 * the plain row reads it. */
static int
has_figures(const struct event *oom)
{
	return ev_num_or(oom, "requested_bytes", -1) > 0 ||
	    allocated_of(oom) >= 0;
}

/*
 * A message wrapped over lines as pasted ("... Tried to allocate 3.02 GiB
 * (GPU 1; 23.70 GiB total capacity; " / "16.92 GiB already allocated; ...
 * reserved in total by " / "PyTorch)") gives two events: the head with
 * the request, the tail with the allocator's figures, on the next line or
 * the one after in the same file. The figures of both, on a copy of the
 * head (its field array is reallocated on the first addition, never
 * shared); the head alone when there is no such tail.
 */
static const char *const oom_figures[] = {
	"requested_bytes", "gpu", "capacity_bytes", "free_bytes",
	"allocated_bytes", "reserved_bytes", "reserved_unallocated_bytes",
	"allowed_bytes", "process_bytes"
};

static const struct event *
oom_merged(const struct facts *f, struct arena *a, const struct event *h)
{
	size_t			 at = f->first_at[EV_CUDA_OOM];
	const struct event	*t = NULL;
	struct event		*c;
	int64_t			 v;

	for (size_t i = at + 1; i < f->tl->n && i <= at + 4; i++) {
		const struct event *e = f->tl->v[i];

		if (e->kind == EV_CUDA_OOM && f->tl->in[i] == f->tl->in[at] &&
		    e->ref.file_id == h->ref.file_id &&
		    e->ref.line > h->ref.line && e->ref.line <= h->ref.line + 2) {
			t = e;
			break;
		}
	}
	if (t == NULL || ev_field(h, "allocated_bytes") != NULL ||
	    ev_field(t, "requested_bytes") != NULL ||
	    (c = arena_alloc(a, sizeof(*c))) == NULL)
		return h;
	*c = *h;
	c->fcap = c->nf;
	for (size_t i = 0; i < sizeof(oom_figures) / sizeof(oom_figures[0]);
	    i++)
		if (ev_field(c, oom_figures[i]) == NULL &&
		    ev_num(t, oom_figures[i], &v) == 0 &&
		    ev_set_num(c, a, oom_figures[i], v) == -1)
			return h;
	return c;
}

static const struct event *
oom_event(const struct facts *f)
{
	if (f->first[EV_CUDA_OOM] != NULL)
		return has_figures(f->first[EV_CUDA_OOM]) ?
		    f->first[EV_CUDA_OOM] : NULL;
	if (f->first[EV_CUDA_OOM_PLAIN] != NULL || f->first[EV_XLA_OOM] !=
	    NULL)
		return NULL;
	return f->summary_oom != NULL && has_figures(f->summary_oom) ?
	    f->summary_oom : NULL;
}

static int
is_summary(const struct event *ev)
{
	return ev->kind == EV_MEM_SUMMARY;
}

static const struct gpu_fact *
gpu_of(const struct facts *f, const struct event *oom)
{
	int64_t	idx = ev_num_or(oom, "gpu", -1);

	for (int i = 0; i < f->ngpus; i++)
		if ((idx >= 0 && f->gpus[i].index == idx) ||
		    (idx < 0 && f->ngpus == 1))
			return &f->gpus[i];
	return NULL;
}

/* Current hardware evidence on a GPU (never old aggregate counters). */
static int
gpu_hw_current(const struct event *g)
{
	return ev_num_or(g, "retired_pending", 0) > 0 ||
	    ev_num_or(g, "remapped_pending", 0) > 0 ||
	    ev_num_or(g, "remapped_failure", 0) > 0 ||
	    ev_num_or(g, "ecc_volatile_uncorrectable", 0) > 0;
}

/* PyTorch's reserved total: printed by the old message, or allocated +
 * reserved-but-unallocated in the 2.x message (or + "cached" in 1.0-1.3),
 * or the memory_summary() table's current "GPU reserved memory". */
int64_t
reserved_of(const struct event *oom)
{
	int64_t	r = ev_num_or(oom, "reserved_bytes", -1);
	int64_t	a = ev_num_or(oom, "allocated_bytes", -1);
	int64_t	u = ev_num_or(oom, "reserved_unallocated_bytes", -1);

	if (r >= 0)
		return r;
	/* PyTorch 1.0-1.3 "N cached": the cached part not allocated (it is
	 * printed below "already allocated" on the same message). */
	if (u < 0)
		u = ev_num_or(oom, "cached_bytes", -1);
	if (a >= 0 && u >= 0)
		return a + u;
	return ev_num_or(oom, "reserved_cur_bytes", -1);
}

/* Live tensors: the message's allocated figure or the table's current
 * "Allocated memory". */
int64_t
allocated_of(const struct event *oom)
{
	int64_t	a = ev_num_or(oom, "allocated_bytes", -1);

	return a >= 0 ? a : ev_num_or(oom, "allocated_cur_bytes", -1);
}

/* Reserved but unallocated, or -1. */
static int64_t
unallocated_of(const struct event *oom)
{
	int64_t	r = reserved_of(oom), a = allocated_of(oom);

	return r >= 0 && a >= 0 && r >= a ? r - a : -1;
}

/* The unallocated cache is at least FRAG_SHARE_PCT of reserved. */
static int
cache_share_large(const struct event *oom)
{
	int64_t	r = reserved_of(oom), u = unallocated_of(oom);

	return r > 0 && u >= 0 && (double)u * 100 >= (double)r *
	    FRAG_SHARE_PCT;
}

/* The unallocated cache as a percentage of reserved (for the text). */
static double
share_pct(const struct event *oom)
{
	int64_t	r = reserved_of(oom), u = unallocated_of(oom);

	return r > 0 && u >= 0 ? (double)u * 100 / (double)r : 0;
}

static int64_t
held_outside(const struct event *oom)
{
	int64_t	cap = ev_num_or(oom, "capacity_bytes", -1);
	int64_t	free_ = ev_num_or(oom, "free_bytes", -1);
	int64_t	mine = ev_num_or(oom, "process_bytes", -1);

	if (mine < 0)
		mine = reserved_of(oom);
	/* PyTorch 1.0-1.3 printed "N cached": the cache beyond what is
	 * allocated (signatures.md 3.1), so the process held allocated +
	 * cached. */
	if (mine < 0 && ev_num_or(oom, "cached_bytes", -1) >= 0 &&
	    ev_num_or(oom, "allocated_bytes", -1) >= 0)
		mine = ev_num_or(oom, "cached_bytes", 0) +
		    ev_num_or(oom, "allocated_bytes", 0);
	if (cap < 0 || free_ < 0 || mine < 0)
		return -1;
	return cap - free_ - mine;
}

/* Would the request have fit had the memory held outside the process been
 * free? A request larger than that (larger than the whole GPU, say) is
 * the workload's own size, whoever else is on the card. */
static int
fits_without_others(const struct event *oom, int64_t out)
{
	int64_t	req = ev_num_or(oom, "requested_bytes", -1);
	int64_t	free_ = ev_num_or(oom, "free_bytes", -1);
	int64_t	u = unallocated_of(oom);

	if (req <= 0 || free_ < 0)
		return 1;
	return req <= free_ + out + (u > 0 ? u : 0);
}

static int
other_procs(const struct facts *f, const struct gpu_fact *g,
    const struct event *oom, int64_t *bytes)
{
	int	n = 0;

	*bytes = 0;
	for (int i = 0; g != NULL && i < g->nprocs; i++) {
		const struct event *p = g->procs[i];
		int mine = f->njob_pids > 0 ? facts_is_job_pid(f, p->pid) :
		    (oom->pid > 0 && p->pid == oom->pid);

		if (!mine) {
			n++;
			*bytes += ev_num_or(p, "used_bytes", 0);
		}
	}
	return n;
}

static int
job_procs(const struct facts *f, const struct gpu_fact *g)
{
	int	n = 0;

	for (int i = 0; g != NULL && i < g->nprocs; i++)
		if (f->njob_pids > 0 && facts_is_job_pid(f, g->procs[i]->pid))
			n++;
	return n;
}

/* An EV_PROC_EXIT of the job's log names pid. */
static const struct event *
pid_exited(const struct facts *f, int64_t pid)
{
	for (size_t i = 0; pid > 0 && i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind == EV_PROC_EXIT && ev->pid == pid &&
		    !facts_foreign(f, ev))
			return ev;
	}
	return NULL;
}

/*
 * The OOM message's "Process N has X memory in use" names a pid that
 * the job's own log reported exited before: the memory it holds belongs
 * to no live process (a context left behind), not to another tenant.
 */
static const struct event *
named_pid_exited(const struct facts *f, const struct event *oom)
{
	struct str	 s = ev_str(oom, "proc_info");
	const char	*p = s.p, *end = s.p + s.n;
	int64_t		 pid;

	while (p != NULL && p < end) {
		const char *q = str_find(str_make(p, (size_t)(end - p)),
		    "Process ");

		if (q == NULL)
			break;
		q += 8;
		for (pid = 0; q < end && *q >= '0' && *q <= '9'; q++)
			pid = pid * 10 + (*q - '0');
		if (pid > 0 && pid != oom->pid && pid_exited(f, pid) != NULL &&
		    facts_index_of(f, pid_exited(f, pid)) <
		    facts_index_of(f, oom))
			return pid_exited(f, pid);
		p = q;
	}
	return NULL;
}

static enum cuda_class
cuda_classify(const struct facts *f, const struct event *oom,
    const struct gpu_fact **gp)
{
	const struct gpu_fact	*g = gpu_of(f, oom);
	int64_t			 cap = ev_num_or(oom, "capacity_bytes", -1);
	int64_t			 req = ev_num_or(oom, "requested_bytes", -1);
	int64_t			 u = unallocated_of(oom);
	int64_t			 out = held_outside(oom), obytes, used, sum;

	*gp = g;
	if (g != NULL && gpu_hw_current(g->gpu))
		return CC_RETIRED;
	if (ev_num_or(oom, "allowed_bytes", -1) >= 0)
		return CC_ALLOWED;
	if (cap > 0 && out > 2 * GiB && out > cap / 10 &&
	    fits_without_others(oom, out)) {
		if (named_pid_exited(f, oom))
			return CC_ZOMBIE;
		if (g == NULL)
			return CC_TENANT;
		if (other_procs(f, g, oom, &obytes) > 0 && obytes >= out / 2)
			return CC_TENANT;
		used = ev_num_or(g->gpu, "fb_used_bytes", -1);
		sum = 0;
		for (int i = 0; i < g->nprocs; i++)
			sum += ev_num_or(g->procs[i], "used_bytes", 0);
		if (used < 0 || used - sum >= out / 2 || g->nprocs == 0)
			return CC_ZOMBIE;
		return CC_TENANT;
	}
	if (job_procs(f, g) >= 2)
		return CC_MULTIPROC;
	/* Both conditions; an unknown request (the figures alone were
	 * quoted, or a memory_summary() table) leaves the share to decide. */
	if (u >= 0 && (req <= 0 || u >= req) && cache_share_large(oom))
		return CC_FRAG;
	return CC_EXHAUST;
}

/* *op: the figures the row reads (a wrapped message's head and tail
 * together); m->initiating stays the timeline's first line. */
static int
cuda_rule(const struct facts *f, struct arena *a, struct rmatch *m,
    enum cuda_class want, const struct event **op)
{
	const struct event	*first = oom_event(f), *oom;
	const struct gpu_fact	*g;
	enum cuda_class		 c;
	int64_t			 req, u;

	if (first == NULL)
		return 0;
	oom = first->kind == EV_CUDA_OOM ? oom_merged(f, a, first) : first;
	if ((c = cuda_classify(f, oom, &g)) != want)
		return 0;
	*op = oom;
	m->initiating = first;
	m->gpu = g ? g->gpu : NULL;
	if (!is_summary(oom))
		rmatch_support(m, f->first[EV_MEM_SUMMARY]);
	m->confidence = "high";
	m->confidence_reason = "the allocator's own numbers in the OOM message";
	req = ev_num_or(oom, "requested_bytes", -1);
	u = unallocated_of(oom);
	if (c == CC_ZOMBIE && named_pid_exited(f, oom) != NULL) {
		rmatch_support(m, named_pid_exited(f, oom));
		m->confidence = "medium";
		m->confidence_reason = "the OOM message names the process that "
		    "holds the memory, and the job's log reported that process "
		    "exited before";
	} else if ((c == CC_TENANT || c == CC_ZOMBIE) && g == NULL) {
		m->confidence = "low";
		m->confidence_reason = "memory held outside the process, but no "
		    "nvidia-smi process list to say by whom";
	} else if (c == CC_TENANT || c == CC_ZOMBIE || c == CC_MULTIPROC ||
	    c == CC_RETIRED)
		m->confidence_reason = "the allocator's numbers and the "
		    "nvidia-smi snapshot agree";
	else if (is_summary(oom)) {
		m->confidence = "medium";
		m->confidence_reason = "no OOM line: a memory_summary() table "
		    "counting a CUDA OOM, read at the time it was printed (no "
		    "request size, no device capacity)";
	} else if (req <= 0 || ev_num_or(oom, "capacity_bytes", -1) < 0 ||
	    u < 0) {
		m->confidence = "medium";
		m->confidence_reason = "only part of the OOM message was "
		    "quoted: the request size, the device capacity or the "
		    "allocator's allocated and reserved figures are missing";
	} else if (c == CC_EXHAUST && u >= req) {
		m->confidence = "medium";
		m->confidence_reason = arena_printf(a, "the unallocated cache "
		    "could have held the request but is under %d%% of "
		    "reserved: the normal slack of a caching allocator on a "
		    "full card, not fragmentation", FRAG_SHARE_PCT);
	}
	return 1;
}

static int
m_cuda_retired(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_RETIRED, &o))
		return 0;
	rmatch_support(m, m->gpu);
	m->detail = "A device allocation failed on a GPU with pending page "
	    "retirement, row remapping or volatile uncorrectable ECC errors: "
	    "its memory hardware is failing.";
	return 1;
}

static int
m_cuda_allowed(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_ALLOWED, &o))
		return 0;
	m->detail = arena_printf(a, "The process capped itself at %s "
	    "(set_per_process_memory_fraction) and hit its own cap.",
	    fmt_bytes(a, ev_num_or(o, "allowed_bytes", -1)));
	return 1;
}

static int
m_cuda_tenant(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_TENANT, &o))
		return 0;
	m->detail = arena_printf(a, "%s of the GPU was held outside this "
	    "process, by another process or job on the same device.",
	    fmt_bytes(a, held_outside(o)));
	return 1;
}

static int
m_cuda_zombie(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o, *x;

	if (!cuda_rule(f, a, m, CC_ZOMBIE, &o))
		return 0;
	if ((x = named_pid_exited(f, o)) != NULL) {
		m->detail = arena_printf(a, "Process %lld, which the job's log "
		    "reported exited, still held %s of the GPU: its CUDA "
		    "context outlived it.", (long long)x->pid,
		    fmt_bytes(a, held_outside(o)));
		return 1;
	}
	m->detail = arena_printf(a, "%s of the GPU was held outside this "
	    "process, and no listed process accounts for it: a CUDA context "
	    "left behind by a crashed or killed process.",
	    fmt_bytes(a, held_outside(o)));
	return 1;
}

static int
m_cuda_multiproc(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_MULTIPROC, &o))
		return 0;
	m->detail = "Several processes of this job hold CUDA contexts on the "
	    "same GPU; each pays the context overhead (often DataLoader "
	    "workers touching CUDA).";
	return 1;
}

static int
m_cuda_frag(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;
	int64_t			 req;

	if (!cuda_rule(f, a, m, CC_FRAG, &o))
		return 0;
	req = ev_num_or(o, "requested_bytes", -1);
	m->detail = arena_printf(a, "PyTorch held %s reserved but "
	    "unallocated (%.1f%% of the %s it reserved, %s in live "
	    "tensors)%s%s%s: the cache was too fragmented to serve it.",
	    fmt_bytes(a, unallocated_of(o)), share_pct(o),
	    fmt_bytes(a, reserved_of(o)), fmt_bytes(a, allocated_of(o)),
	    req > 0 ? ", more than the " : "", req > 0 ? fmt_bytes(a, req) : "",
	    req > 0 ? " request" : "");
	return 1;
}

static int
m_cuda_exhaust(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;
	int64_t			 req, cap, alloc;

	if (!cuda_rule(f, a, m, CC_EXHAUST, &o))
		return 0;
	req = ev_num_or(o, "requested_bytes", -1);
	cap = ev_num_or(o, "capacity_bytes", -1);
	alloc = allocated_of(o);
	if (req > 0 && cap > 0 && req > cap)
		m->detail = arena_printf(a, "The one request for %s is larger "
		    "than the whole GPU (%s): the workload's own allocation "
		    "does not fit, whatever else is on the device.",
		    fmt_bytes(a, req), fmt_bytes(a, cap));
	else if (alloc < 0)
		m->detail = arena_printf(a, "A request for %s failed%s%s; the "
		    "quoted part of the message has no allocated and reserved "
		    "figures to tell fragmentation from exhaustion.",
		    fmt_bytes(a, req), cap > 0 ? " on a GPU of " : "",
		    cap > 0 ? fmt_bytes(a, cap) : "");
	else if (req > 0 && cap > 0 && unallocated_of(o) >= req)
		m->detail = arena_printf(a, "Live tensors held %s of %s; the "
		    "%s PyTorch cached but left unallocated could have held "
		    "the %s request, but it is only %.1f%% of the %s "
		    "reserved: the usual slack of a caching allocator on a "
		    "full card, so the workload does not fit.",
		    fmt_bytes(a, alloc), fmt_bytes(a, cap),
		    fmt_bytes(a, unallocated_of(o)), fmt_bytes(a, req),
		    share_pct(o), fmt_bytes(a, reserved_of(o)));
	else if (req > 0 && cap > 0)
		m->detail = arena_printf(a, "Live tensors held %s of %s and "
		    "the cache had no room for %s more: the workload does not "
		    "fit.", fmt_bytes(a, alloc), fmt_bytes(a, cap),
		    fmt_bytes(a, req));
	else
		m->detail = arena_printf(a, "Live tensors held %s of the %s "
		    "PyTorch reserved: reserved is about allocated, so the "
		    "memory was in use, not fragmented.", fmt_bytes(a, alloc),
		    fmt_bytes(a, reserved_of(o)));
	return 1;
}

/* The plain device OOM (no PyTorch breakdown): the first of the plain
 * CUDA/TF/ggml/ORT lines and XLA's, else a quoted PyTorch tail without
 * figures, else a memory_summary() table cut before its figures. */
static const struct event *
plain_oom(const struct facts *f)
{
	const struct event	*s = f->first[EV_CUDA_OOM_PLAIN];

	if (f->first[EV_CUDA_OOM] != NULL)
		return has_figures(f->first[EV_CUDA_OOM]) ? NULL :
		    f->first[EV_CUDA_OOM];
	if (s == NULL || (f->first[EV_XLA_OOM] != NULL &&
	    f->first_at[EV_XLA_OOM] < f->first_at[EV_CUDA_OOM_PLAIN]))
		s = f->first[EV_XLA_OOM];
	if (s == NULL && f->summary_oom != NULL && oom_event(f) == NULL)
		s = f->summary_oom;
	return s;
}

/*
 * The BFC allocator's stats (TensorFlow, XLA for JAX) beside a plain OOM:
 * 1 when its arena had room for the request in total but no free block
 * as large (DESIGN: "free memory in blocks all smaller than the request"),
 * 0 when it had not, -1 when the figures do not say (no stats, no
 * LargestFreeBlock, no request size).
 */
static int
bfc_fragmented(const struct facts *f, const struct event *s)
{
	const struct event	*b = f->bfc_stats;
	int64_t			 lim, use, big, req;

	if (b == NULL || s == NULL)
		return -1;
	lim = ev_num_or(b, "limit_bytes", -1);
	use = ev_num_or(b, "in_use_bytes", -1);
	big = ev_num_or(b, "largest_free_block_bytes", -1);
	req = ev_num_or(s, "requested_bytes", -1);
	if (lim <= 0 || use < 0 || req <= 0)
		return -1;
	if (lim - use < req)
		return 0;
	return big < 0 ? -1 : big < req;
}

static int
m_bfc_frag(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *b = f->bfc_stats;

	if (bfc_fragmented(f, s) != 1)
		return 0;
	m->initiating = s;
	rmatch_support(m, b);
	m->confidence = "high";
	m->confidence_reason = "the BFC allocator's own stats at the failure";
	m->detail = arena_printf(a, "The BFC allocator had %s of its %s "
	    "limit free, enough for the %s request, but its largest free "
	    "block was %s.", fmt_bytes(a, ev_num_or(b, "limit_bytes", 0) -
	    ev_num_or(b, "in_use_bytes", 0)), fmt_bytes(a, ev_num_or(b,
	    "limit_bytes", 0)), fmt_bytes(a, ev_num_or(s, "requested_bytes",
	    0)), fmt_bytes(a, ev_num_or(b, "largest_free_block_bytes", 0)));
	return 1;
}

/* A plain OOM's GPU (the one it names, or the snapshot's only one) when
 * the snapshot shows current hardware trouble on it, as R-HW-002 reads
 * an allocator OOM. */
static const struct event *
plain_hw_gpu(const struct facts *f, const struct event *oom)
{
	const struct gpu_fact	*g = gpu_of(f, oom);

	return g != NULL && gpu_hw_current(g->gpu) ? g->gpu : NULL;
}

/*
 * An out-of-memory from creating the CUDA context itself (the driver's
 * cuCtxCreate / cuDevicePrimaryCtxRetain, PyTorch's lazy CUDA init in
 * the lines around it): a new process has allocated nothing yet, so the
 * device was already full, held by others.
 */
static int
ctx_create(const struct event *oom)
{
	static const char *const frames[] = {
		"cuCtxCreate", "cuDevicePrimaryCtxRetain", "_cuda_init()",
		"torch._C._cuda_init", "cudaSetDevice",
	};

	if (oom == NULL || oom->kind != EV_CUDA_OOM_PLAIN)
		return 0;
	for (size_t i = 0; i < sizeof(frames) / sizeof(frames[0]); i++)
		if (str_find(oom->context, frames[i]) != NULL ||
		    str_find(oom->text, frames[i]) != NULL)
			return 1;
	return 0;
}

static int
m_cuda_plain_hw(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *g;

	(void)a;
	if (s == NULL || (g = plain_hw_gpu(f, s)) == NULL)
		return 0;
	m->initiating = s;
	m->gpu = g;
	rmatch_support(m, g);
	m->confidence = "medium";
	m->confidence_reason = "a device OOM without the allocator's "
	    "numbers, on a GPU whose snapshot shows failing memory";
	m->detail = "A device allocation failed on a GPU whose nvidia-smi "
	    "snapshot shows volatile uncorrectable ECC errors or pending "
	    "retirement/remapping: without allocator numbers, the failing "
	    "memory is the cause to rule out first, not the workload's size.";
	return 1;
}

static int
m_cuda_ctx(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f);

	(void)a;
	if (s == NULL || !ctx_create(s) || plain_hw_gpu(f, s) != NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the OOM came from creating the CUDA context, "
	    "before the process allocated anything; who held the memory was "
	    "not collected";
	m->detail = "Creating the CUDA context failed with out-of-memory: "
	    "the device was already full before this process allocated "
	    "anything, so other processes held it.";
	return 1;
}

/* An exclusive-process GPU another process holds: CUDA refuses the
 * context ("busy or unavailable") instead of reporting out-of-memory. */
static int
m_gpu_busy(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_GPU_BUSY], *ex = NULL;

	(void)a;
	if (s == NULL)
		return 0;
	m->initiating = s;
	for (int i = 0; i < f->ngpus && ex == NULL; i++) {
		struct str cm = ev_str(f->gpus[i].gpu, "compute_mode");

		if (cm.p != NULL && (str_find(cm, "Exclusive") != NULL ||
		    str_find(cm, "E. Process") != NULL))
			ex = f->gpus[i].gpu;
	}
	rmatch_support(m, ex);
	m->confidence = "medium";
	m->confidence_reason = ex != NULL ? "CUDA refused the device and the "
	    "snapshot shows it in an exclusive compute mode; the holder is "
	    "not named" : "CUDA refused the device as busy; the holder is "
	    "not named";
	m->detail = "CUDA reported every device busy or unavailable: the GPU "
	    "is in an exclusive compute mode and another process (another "
	    "job, or a leftover of an earlier one) already holds it.";
	return 1;
}

/* The row of pasted ps output for pid, or NULL. */
static const struct event *
ps_row(const struct facts *f, int64_t pid)
{
	for (size_t i = 0; pid > 0 && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_PROC_STATE &&
		    f->tl->v[i]->pid == pid)
			return f->tl->v[i];
	return NULL;
}

/* ps's state of pid starts with c ('Z' zombie, 'T' stopped). */
static int
ps_state(const struct facts *f, int64_t pid, char c)
{
	const struct event	*ps = ps_row(f, pid);
	struct str		 s;

	if (ps == NULL)
		return 0;
	s = ev_str(ps, "stat");
	return s.n > 0 && s.p[0] == c;
}

/* A dead process in the snapshot's process table: nvidia-smi cannot
 * read its name ("Unknown Error", "[Not Found]", "<defunct>"), or the
 * job's log said it exited, and it still holds device memory. */
static const struct event *
dead_holder(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *p = f->tl->v[i];

		if (p->kind != EV_GPU_PROC || facts_foreign(f, p) ||
		    ev_num_or(p, "used_bytes", 0) < 256 * MiB)
			continue;
		if (ev_num_or(p, "defunct", 0) > 0 ||
		    pid_exited(f, p->pid) != NULL || ps_state(f, p->pid, 'Z'))
			return p;
	}
	return NULL;
}

static int
m_zombie_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*p = dead_holder(f);

	if (p == NULL)
		return 0;
	m->initiating = p;
	rmatch_support(m, pid_exited(f, p->pid));
	rmatch_support(m, ps_row(f, p->pid));
	m->confidence = "medium";
	m->confidence_reason = "nvidia-smi lists device memory held by a "
	    "process that is gone; no failure line ties it to the job";
	m->detail = arena_printf(a, "nvidia-smi lists pid %lld holding %s "
	    "of device memory, but the process is dead: its CUDA context "
	    "was not torn down (often a forked child still holds the device "
	    "files), and every job placed on that GPU loses that memory.",
	    (long long)p->pid, fmt_bytes(a, ev_num_or(p, "used_bytes", 0)));
	return 1;
}

/*
 * A live process the snapshot lists holding device memory that ps shows
 * stopped (state T) or orphaned (parent pid 1: its job or launcher is
 * gone), and that is not one of the job's own processes: a leftover
 * holding the GPU for whoever is placed on it next.
 */
static const struct event *
leftover_holder(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *p = f->tl->v[i], *ps;

		if (p->kind != EV_GPU_PROC || facts_foreign(f, p) ||
		    ev_num_or(p, "used_bytes", 0) < 256 * MiB ||
		    facts_is_job_pid(f, p->pid) ||
		    (ps = ps_row(f, p->pid)) == NULL)
			continue;
		if (ps_state(f, p->pid, 'T') || ev_num_or(ps, "ppid", -1) == 1)
			return p;
	}
	return NULL;
}

static int
m_leftover_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*p = leftover_holder(f), *ps;

	if (p == NULL)
		return 0;
	ps = ps_row(f, p->pid);
	m->initiating = p;
	rmatch_support(m, ps);
	m->confidence = "low";
	m->confidence_reason = "nvidia-smi and ps show the holder, but no "
	    "failure line and no list of the job's own pids tie it to the "
	    "job analysed";
	m->detail = arena_printf(a, "nvidia-smi lists pid %lld holding %s of "
	    "device memory, and ps shows it %s: a leftover of another job or "
	    "session, holding the GPU for whoever is placed on it next.",
	    (long long)p->pid, fmt_bytes(a, ev_num_or(p, "used_bytes", 0)),
	    ps_state(f, p->pid, 'T') ? "stopped (state T), doing no work" :
	    "orphaned (parent pid 1: its job or launcher is gone)");
	return 1;
}

static int
m_cuda_plain(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *b = f->bfc_stats;
	int			 frag = bfc_fragmented(f, s);
	int64_t			 req;

	if (s == NULL || frag == 1 || plain_hw_gpu(f, s) != NULL ||
	    ctx_create(s))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->summary_oom);
	m->confidence = "medium";
	m->confidence_reason = "a device allocation failure without the "
	    "allocator's breakdown (allocated, reserved, free)";
	req = ev_num_or(s, "requested_bytes", -1);
	if (frag == 0) {
		rmatch_support(m, b);
		m->confidence_reason = "the BFC allocator's stats show its "
		    "arena full; its limit may be below the device's (a "
		    "memory fraction or preallocation setting)";
		m->detail = arena_printf(a, "A device memory allocation of %s "
		    "failed: the BFC allocator had %s in use of its %s limit, "
		    "%s free, less than the request.", fmt_bytes(a, req),
		    fmt_bytes(a, ev_num_or(b, "in_use_bytes", 0)),
		    fmt_bytes(a, ev_num_or(b, "limit_bytes", 0)),
		    fmt_bytes(a, ev_num_or(b, "limit_bytes", 0) -
		    ev_num_or(b, "in_use_bytes", 0)));
		return 1;
	}
	m->detail = req > 0 ? arena_printf(a, "A device memory allocation "
	    "of %s failed.", fmt_bytes(a, req)) :
	    "A device memory allocation failed.";
	/* ONNX Runtime's arena serves the CPU provider too: only a line
	 * that names the GPU side says it was device memory. */
	if (s->sig != NULL && strcmp(s->sig, "S-ORT-ARENA-OOM") == 0 &&
	    str_find(s->text, "CUDA") == NULL &&
	    str_find(s->text, "cuda") == NULL &&
	    str_find(s->text, "GPU") == NULL) {
		m->confidence = "low";
		m->confidence_reason = "ONNX Runtime's arena failed an "
		    "allocation, and its arena serves host (CPU provider) and "
		    "device memory alike: the line does not say which";
	}
	return 1;
}

/* An allocation of an impossible size (NONSENSE_BYTES): the size was
 * garbage — overflowed shape arithmetic, or state left corrupt by an
 * earlier failure such as an aborted collective. Never a capacity
 * problem. After a collective failure the size is that failure's echo:
 * the row stays silent and R-INC-001 names the collective (the missing
 * rank's own failure decides). */
static int
m_alloc_nonsense(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->alloc_nonsense;
	size_t			 at;
	int64_t			 req;

	if (s == NULL)
		return 0;
	at = facts_index_of(f, s);
	for (size_t i = 0; i < at && i < f->tl->n; i++) {
		enum ev_kind k = f->tl->v[i]->kind;

		if ((k == EV_NCCL_TIMEOUT || k == EV_NCCL_ERROR ||
		    k == EV_CHILD_FAILED || k == EV_LAUNCHER_EXIT) &&
		    !facts_foreign(f, f->tl->v[i]))
			return 0;
	}
	req = ev_num_or(s, "requested_bytes", -1);
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the size asked for is no capacity figure "
	    "(1 EiB or more); what corrupted it is not in the evidence";
	m->detail = req > 0 ? arena_printf(a, "An allocation asked for %s "
	    "(%" PRId64 " bytes), more than any device has: the size itself "
	    "was garbage, not the memory short.", fmt_bytes(a, req), req) :
	    "PyTorch refused an allocation of more than 1 EiB, the placeholder "
	    "it prints for a garbage size: the size itself was corrupt, not "
	    "the memory short.";
	return 1;
}

/* ---- hardware ---- */

static int
m_xid_fault(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*x = f->xid_fault, *c = f->first[EV_CUDA_FAULT];
	const struct event	*d = f->first[EV_GPU_DRIVER_ERROR];

	/* The driver's own word that the GPU is gone is a fault with or
	 * without an Xid number ("fallen off the bus", "GPU is lost"). */
	if (x == NULL && d != NULL && d->sig != NULL &&
	    (strcmp(d->sig, "nvrm.fallen_off_bus") == 0 ||
	    strcmp(d->sig, "nvrm.gpu_lost") == 0 ||
	    strcmp(d->sig, "S-NVSMI-GPU-LOST") == 0))
		x = d;

	if (x == NULL && c == NULL)
		return 0;
	m->initiating = x;
	if (x == NULL || (c != NULL &&
	    facts_index_of(f, c) < facts_index_of(f, x)))
		m->initiating = c;
	rmatch_support(m, x);
	rmatch_support(m, c);
	m->confidence = x != NULL && c != NULL ? "high" : "medium";
	m->confidence_reason = x != NULL && c != NULL ? "the driver's Xid and "
	    "the application's CUDA error agree" : "one source reports the "
	    "device fault";
	m->detail = "A device fault (illegal memory access, launch failure or "
	    "a driver Xid), not an allocation failure.";
	if (m->initiating == d && strcmp(d->sig, "S-NVSMI-GPU-LOST") == 0 &&
	    ev_str(d, "pci").p != NULL)
		m->detail = arena_printf(a, "nvidia-smi can no longer reach the "
		    "GPU at %.*s (%.*s): it fell off the bus, a device fault, "
		    "not an allocation failure or access denial.",
		    (int)ev_str(d, "pci").n, ev_str(d, "pci").p,
		    (int)ev_str(d, "error").n, ev_str(d, "error").p);
	return 1;
}

static const struct event *
hw_gpu(const struct facts *f)
{
	for (int i = 0; i < f->ngpus; i++)
		if (gpu_hw_current(f->gpus[i].gpu))
			return f->gpus[i].gpu;
	return NULL;
}

static int
m_retired(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*e = f->first[EV_ECC_ERROR];

	if (e == NULL || (f->xid_memory != NULL &&
	    facts_index_of(f, f->xid_memory) < facts_index_of(f, e)))
		e = f->xid_memory;
	if (e == NULL)
		return 0;
	m->initiating = e;
	rmatch_support(m, hw_gpu(f));
	m->confidence = m->nsupport > 0 ? "high" : "medium";
	m->confidence_reason = "uncorrectable memory errors reported during "
	    "the incident";
	m->detail = "The GPU's memory hardware reported uncorrectable errors "
	    "(ECC, page retirement or row remapping) during the job.";
	return 1;
}

static int
m_retired_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*g = hw_gpu(f);

	if (g == NULL)
		return 0;
	m->initiating = g;
	m->confidence = "medium";
	m->confidence_reason = "the nvidia-smi snapshot shows pending "
	    "retirement/remapping or volatile uncorrectable ECC, but no "
	    "failure line ties it to the job";
	m->detail = "A GPU of the job has failing memory hardware.";
	return 1;
}

/* ---- the software stack ---- */

/* A CUDA error of the build, the library or the driver: not the device,
 * not its memory. */
static int
m_cuda_stack(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_CUDA_STACK];
	struct str		 w;

	if (s == NULL)
		return 0;
	w = ev_str(s, "what");
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the CUDA error names the software stack, "
	    "not the device or its memory";
	if (str_eq(w, "no_kernel_image"))
		m->detail = "The program (or a library it loads) has no GPU "
		    "code for this device's architecture: a build problem. "
		    "Memory settings cannot help; any memory-tuning advice "
		    "printed with it is generic.";
	else if (str_eq(w, "not_initialized"))
		m->detail = "A library called the CUDA driver before "
		    "initialising it (CUDA_ERROR_NOT_INITIALIZED): a software "
		    "version problem, not the GPUs or their access; a "
		    "framework may then silently fall back to the CPU.";
	else if (str_eq(w, "driver_unreachable"))
		m->detail = "nvidia-smi could not talk to the NVIDIA driver at "
		    "all: the kernel module is not loaded or does not match; "
		    "a node problem, not the job's GPU access.";
	else if (str_eq(w, "driver_mismatch"))
		m->detail = "The NVIDIA driver's user-space library does not "
		    "match the loaded kernel module (upgraded without a "
		    "reboot): a node problem.";
	else
		m->detail = "The NVIDIA driver is older than the CUDA runtime "
		    "the program was built with.";
	return 1;
}

/* ---- /dev/shm ---- */

static int
m_shm(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_SHM_ERROR];

	if (s == NULL || (f->first[EV_BUS_ERROR] != NULL &&
	    f->first_at[EV_BUS_ERROR] < f->first_at[EV_SHM_ERROR]))
		s = f->first[EV_BUS_ERROR];
	if (s == NULL || str_is(s, "what", "sigbus"))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->shm_ev);
	if (f->shm_bytes >= 0 && f->shm_bytes <= 512 * MiB) {
		m->confidence = "high";
		m->confidence_reason = "a shared-memory failure with a small "
		    "/dev/shm";
	} else if (f->shm_bytes < 0) {
		m->confidence = "medium";
		m->confidence_reason = "a shared-memory failure; the size of "
		    "/dev/shm was not collected";
	} else {
		m->confidence = "low";
		m->confidence_reason = "a shared-memory failure although "
		    "/dev/shm is not small";
	}
	m->detail = f->shm_bytes >= 0 ? arena_printf(a, "/dev/shm is %s; "
	    "NCCL or DataLoader shared memory did not fit.",
	    fmt_bytes(a, f->shm_bytes)) : "NCCL or DataLoader shared memory "
	    "did not fit in /dev/shm.";
	return 1;
}

/*
 * A process reported dead of SIGBUS, with no word of shared memory: the
 * usual sender is a write into a full tmpfs mapping (/dev/shm, where
 * DataLoader, NCCL and in-memory checkpoints put their buffers). The
 * size of /dev/shm decides how far to trust it.
 */
static int
m_shm_sigbus(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_BUS_ERROR];

	if (s == NULL || !str_is(s, "what", "sigbus") ||
	    (f->first[EV_SHM_ERROR] != NULL &&
	    f->first_at[EV_SHM_ERROR] < f->first_at[EV_BUS_ERROR]))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->shm_ev);
	if (f->shm_bytes >= 0 && f->shm_bytes <= 512 * MiB) {
		m->confidence = "medium";
		m->confidence_reason = "a process died of SIGBUS and /dev/shm "
		    "is small; nothing names the mapping it wrote";
	} else {
		m->confidence = "low";
		m->confidence_reason = f->shm_bytes < 0 ? "a process died of "
		    "SIGBUS, the usual sign of a full /dev/shm; the size of "
		    "/dev/shm was not collected (df /dev/shm would confirm "
		    "it)" : "a process died of SIGBUS although /dev/shm is not "
		    "small: a truncated mmapped file is as likely";
	}
	m->detail = f->shm_bytes >= 0 ? arena_printf(a, "A process died of "
	    "SIGBUS with /dev/shm at %s: a write into a full shared-memory "
	    "mapping faults this way.", fmt_bytes(a, f->shm_bytes)) :
	    "A process died of SIGBUS: a write into a full shared-memory "
	    "mapping (/dev/shm) faults this way, not a host or GPU OOM.";
	return 1;
}

/* ---- scheduler ---- */

static int
m_time_limit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_TIME_LIMIT];

	if (s == NULL)
		s = f->first[EV_PREEMPTED];
	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->timeout_row);
	rmatch_support(m, f->preempt_row);
	if (str_is(s, "what", "app_signal")) {
		struct str	sig = ev_str(s, "signal");
		const char	*what;

		what = sig.p != NULL ? arena_printf(a, "%.*s", (int)sig.n,
		    sig.p) : ev_num_or(s, "signum", -1) > 0 ?
		    arena_printf(a, "signal %" PRId64, ev_num_or(s, "signum",
		    -1)) : "the scheduler's signal";

		rmatch_support(m, f->first[EV_TIME_LIMIT]);
		rmatch_support(m, f->first[EV_CANCELLED]);
		m->confidence = f->timeout_row != NULL ||
		    f->preempt_row != NULL ? "high" : "medium";
		m->confidence_reason = m->confidence[0] == 'h' ? "the job's "
		    "signal handler and Slurm accounting agree" : "the job's "
		    "own signal handler reports the scheduler's time-limit or "
		    "pre-emption signal; sacct State would confirm which";
		m->detail = s->kind == EV_TIME_LIMIT ? "The job's signal "
		    "handler reports that the job ran out its time limit and "
		    "stopped or requeued it; later task exits and cancel "
		    "banners follow from that, not from a failure." :
		    arena_printf(a, "The job's signal handler caught %s, which "
		    "Slurm sends before the time limit (--signal) or on "
		    "pre-emption, then checkpointed and requeued or stopped "
		    "the job; later task exits and cancel banners follow from "
		    "that, not from a failure.", what);
		return 1;
	}
	m->confidence = "high";
	m->confidence_reason = "Slurm's own cancellation banner";
	m->detail = s->kind == EV_PREEMPTED ? "Slurm pre-empted the job; any "
	    "SIGKILL was the scheduler's." : "The job reached its time limit "
	    "and Slurm ended it; any SIGKILL was the scheduler's.";
	return 1;
}

static int
m_cancelled(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_CANCELLED];

	/* slurmstepd prints the same banner when it kills a step for
	 * memory (OverMemoryKill): then the memory line decides. */
	if (s == NULL || f->first[EV_STEPD_MEMLIMIT] != NULL ||
	    f->first[EV_SRUN_EXCEEDED] != NULL ||
	    f->first[EV_STEPD_OOM] != NULL || f->kernel_memcg != NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "a cancellation banner; who cancelled is in "
	    "the line";
	m->detail = "The job was cancelled (scancel), not killed for memory.";
	return 1;
}

/* A node of the job was lost (Slurm's own line): not a memory limit of
 * the job, whatever the node's own logs later say brought it down. */
/* Could node be one of the job's? Its NodeList (scontrol, else sacct)
 * names it, or shares the prefix of a bracketed range; unknown: yes.
 * slurmctld.log holds every node's "not responding" line. */
static int
job_node(const struct facts *f, const char *node)
{
	const struct event	*j = f->scontrol_job ? f->scontrol_job :
				    f->sacct_job;
	struct str		 nl = j ? ev_str(j, "node_list") :
				    str_make(NULL, 0);
	const char		*br;
	size_t			 k;

	if (node == NULL || nl.p == NULL || nl.n == 0 ||
	    str_eq(nl, "None assigned") || str_find(nl, node) != NULL)
		return 1;
	if ((br = memchr(nl.p, '[', nl.n)) == NULL)
		return 0;
	/* "gpu[01-04]" against "gpu03": the prefix before the bracket. */
	for (k = (size_t)(br - nl.p); k > 0 && nl.p[k - 1] != ','; k--)
		;
	return strncmp(node, nl.p + k, (size_t)(br - nl.p) - k) == 0;
}

static int
m_node_fail(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = NULL;

	for (size_t i = 0; s == NULL && i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind == EV_NODE_FAIL && !facts_foreign(f, ev) &&
		    job_node(f, ev->node))
			s = ev;
	}
	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->failed_row);
	m->confidence = "medium";
	m->confidence_reason = "Slurm reports the node lost; why it went "
	    "down (reboot, hardware, a node-wide hang) is in the node's own "
	    "logs, not collected";
	m->detail = arena_printf(a, "Node %s failed: Slurm lost contact with "
	    "it (not responding, rebooted or down), and the job's work there "
	    "ended with it.", s->node != NULL ? s->node : "?");
	return 1;
}

/* A file system the job writes to was full or over quota (not /dev/shm:
 * the catalog leaves those lines to the shm rows). */
static int
m_storage(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STORAGE_FULL];
	struct str		 e = s != NULL ? ev_str(s, "error") :
				    str_make(NULL, 0);

	/* Next to a shared-memory failure a bare ENOSPC (Python's
	 * "[Errno 28]" from a worker's segment) is that failure's echo. */
	if (s == NULL || f->first[EV_SHM_ERROR] != NULL ||
	    f->first[EV_BUS_ERROR] != NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the job's own line names a full or "
	    "over-quota file system; which one is in the line";
	m->detail = arena_printf(a, "Storage ran out, not memory: a write "
	    "failed with \"%.*s\". The job's output may be incomplete even "
	    "where Slurm records success.", (int)e.n, e.p ? e.p : "");
	return 1;
}

static int
m_timeout_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->timeout_row ? f->timeout_row :
				    f->preempt_row;

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "high";
	m->confidence_reason = "Slurm accounting records the state";
	m->detail = s == f->timeout_row ? "Slurm accounting records TIMEOUT: "
	    "the job reached its time limit." : "Slurm accounting records "
	    "PREEMPTED.";
	return 1;
}

/* ---- records only ---- */

static int
m_sacct_oom(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->oom_step;

	if (s == NULL && str_is(f->scontrol_job, "job_state", "OUT_OF_MEMORY"))
		s = f->scontrol_job;
	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	m->confidence = m->nsupport > 0 ? "high" : "medium";
	m->confidence_reason = m->nsupport > 0 ? "Slurm accounting and cgroup "
	    "evidence agree" : "Slurm accounting records OUT_OF_MEMORY; no "
	    "kernel or slurmstepd line was collected";
	m->detail = "Slurm recorded the step as OUT_OF_MEMORY (its cgroup saw "
	    "an OOM kill).";
	return 1;
}

static int
m_cgroup_oom(const struct facts *f, struct arena *a, struct rmatch *m)
{
	if (f->cg_oom == NULL)
		return 0;
	m->initiating = f->cg_oom;
	m->confidence = "medium";
	m->confidence_reason = "the memory cgroup's own oom_kill counter; no "
	    "kernel or Slurm line was collected";
	m->detail = arena_printf(a, "%s counted %" PRId64 " OOM kill%s in "
	    "%.*s.", ev_num_or(f->cg_oom, "version", 1) == 2 ? "memory.events" :
	    "memory.oom_control", f->cg_oom_kills,
	    f->cg_oom_kills == 1 ? "" : "s",
	    (int)ev_str(f->cg_oom, "cg_path").n,
	    ev_str(f->cg_oom, "cg_path").p ? ev_str(f->cg_oom, "cg_path").p : "");
	return 1;
}

static const struct event *
sacct_sigkill(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++)
		if (ev_num_or(f->steps[i].sacct, "exit_signal", 0) == 9)
			return f->steps[i].sacct;
	return NULL;
}

/* The first report of a SIGKILL: a launcher or framework, the shell, srun,
 * or an sacct row ending on signal 9. */
static const struct event *
sigkill_event(const struct facts *f)
{
	static const enum ev_kind kinds[] = { EV_SHELL_KILLED,
	    EV_SRUN_TASK_KILLED };
	const struct event	*s = f->sigkill;

	for (size_t i = 0; i < 2; i++)
		if (f->first[kinds[i]] != NULL && (s == NULL ||
		    facts_index_of(f, f->first[kinds[i]]) <
		    facts_index_of(f, s)))
			s = f->first[kinds[i]];
	return s != NULL ? s : sacct_sigkill(f);
}

/* The memory cgroup counters that would have counted an OOM kill: v2
 * memory.events (hierarchical), v1 memory.oom_control of a task (the
 * job and step levels of Slurm's v1 tree stay 0 after a kill). */
static const struct event *
oom_counter(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind != EV_CGROUP_MEM || facts_foreign(f, ev) ||
		    ev_field(ev, "oom_kill") == NULL ||
		    ev_num_or(ev, "local", 0) != 0)
			continue;
		if (ev_num_or(ev, "version", 1) == 2 ||
		    str_is(ev, "level", "task"))
			return ev;
	}
	return NULL;
}

/* Slurm's own RSS poller (JobAcctGatherParams=OverMemoryKill) kills
 * without the kernel or the cgroup knowing. It prints its error into
 * the job's output: a whole log without it, or a configuration without
 * the parameter, rules it out. */
static int
jobacct_ruled_out(const struct facts *f)
{
	const struct event	*cfg = f->first[EV_SCONTROL_CONFIG];
	struct str		 v = cfg != NULL ?
				    ev_str(cfg, "JobAcctGatherParams") :
				    str_make(NULL, 0);

	if (f->have_logs && !f->logs_truncated)
		return 1;
	return cfg != NULL && (v.p == NULL || str_find(v, "OverMemoryKill")
	    == NULL);
}

/* The kernel log starts before the kill: before its own time, or, for a
 * line with no time, before the job started. */
static int
kernel_covers_kill(const struct facts *f, const struct event *s)
{
	if (!facts_kernel_covers(f, s))
		return 0;
	if (ev_has_time(s))
		return 1;
	return f->have_window && f->kernel_first_ns <= f->job_from_ns;
}

/* A SIGKILL that no OOM killer sent: the kernel log covers it and shows
 * no OOM kill of the job, the counters that would have counted one are
 * 0, and Slurm's RSS poller did not do it. *counter gets a counter that
 * reads 0. */
static int
sigkill_not_oom(const struct facts *f, const struct event *s,
    const struct event **counter)
{
	*counter = oom_counter(f);
	return s != NULL && kernel_covers_kill(f, s) &&
	    f->kernel_memcg == NULL && f->kernel_global == NULL &&
	    f->first[EV_OOM_REAPER] == NULL && f->cg_oom == NULL &&
	    *counter != NULL && f->oom_step == NULL &&
	    f->first[EV_STEPD_OOM] == NULL &&
	    f->first[EV_STEPD_MEMLIMIT] == NULL &&
	    f->first[EV_SRUN_EXCEEDED] == NULL && jobacct_ruled_out(f);
}

static int
m_sigkill(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = sigkill_event(f), *c;

	if (s == NULL || sigkill_not_oom(f, s, &c))
		return 0;
	m->initiating = s;
	m->confidence = "low";
	m->confidence_reason = "a SIGKILL with nothing saying who sent it; "
	    "most often the host OOM killer";
	m->detail = "A process was killed by SIGKILL. Most often that is the "
	    "kernel's OOM killer, but nothing collected confirms it: the "
	    "kernel log covering the kill (an OOM kill line) or the job's "
	    "memory cgroup (oom_kill > 0) would.";
	return 1;
}

static int
m_sigkill_other(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = sigkill_event(f), *c;

	if (s == NULL || !sigkill_not_oom(f, s, &c))
		return 0;
	m->initiating = s;
	rmatch_support(m, c);
	rmatch_support(m, sacct_sigkill(f));
	m->confidence = "medium";
	m->confidence_reason = "the kernel log covers the kill and has no OOM "
	    "kill, and the memory cgroup's counter is 0; who sent the "
	    "SIGKILL is not in the evidence";
	m->detail = arena_printf(a, "The kernel log, which covers the kill, "
	    "has no OOM kill, and %s of %.*s counted no oom_kill: the OOM "
	    "killer did not send this SIGKILL. Something else did (a "
	    "watchdog, a health check, the user or an administrator).",
	    ev_num_or(c, "version", 1) == 2 ? "memory.events" :
	    "memory.oom_control", (int)ev_str(c, "cg_path").n,
	    ev_str(c, "cg_path").p != NULL ? ev_str(c, "cg_path").p : "");
	return 1;
}

/* Another batch system, a container platform or a workflow's watchdog
 * says it killed the job for exceeding its memory limit. */
static int
m_enforcer(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_ENFORCER_KILL];
	struct str		 who = s != NULL ? ev_str(s, "what") :
				    str_make(NULL, 0);

	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	rmatch_support(m, f->sigkill);
	m->confidence = "high";
	m->confidence_reason = "the enforcer's own statement that it killed "
	    "the job for its memory use";
	m->detail = arena_printf(a, "A memory enforcer outside Slurm (%.*s) "
	    "killed the job for exceeding its memory limit%s%s%s.", (int)who.n,
	    who.p != NULL ? who.p : "", ev_num_or(s, "limit_bytes", -1) > 0 ?
	    " of " : "", ev_num_or(s, "limit_bytes", -1) > 0 ?
	    fmt_bytes(a, ev_num_or(s, "limit_bytes", -1)) : "",
	    ev_num_or(s, "used_bytes", -1) > 0 ? arena_printf(a, " (it used "
	    "%s)", fmt_bytes(a, ev_num_or(s, "used_bytes", -1))) : "");
	return 1;
}

static int
m_failed(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->failed_row;
	struct str		 st;

	if (s == NULL && f->cancel_row != NULL &&
	    !str_is(f->cancel_row, "state_by", "0"))
		s = f->cancel_row;
	/* scontrol alone: a node of the job failed or did not boot. */
	if (s == NULL && (str_is(f->scontrol_job, "job_state", "NODE_FAIL") ||
	    str_is(f->scontrol_job, "job_state", "BOOT_FAIL")))
		s = f->scontrol_job;
	if (s == NULL)
		return 0;
	st = ev_str(s, "state");
	if (st.p == NULL)
		st = ev_str(s, "job_state");
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "Slurm records a failure and no memory "
	    "evidence was found in the sources collected";
	m->detail = ev_num_or(s, "exit_code", -1) < 0 ? arena_printf(a, "The "
	    "job ended %.*s and no sign of a memory failure was found.",
	    (int)st.n, st.p) : arena_printf(a, "The job ended %.*s with exit "
	    "code %" PRId64 " and no sign of a memory failure.", (int)st.n,
	    st.p, ev_num_or(s, "exit_code", 0));
	return 1;
}

/* ---- final ---- */

/* Kinds that say nothing failed: state records, context, figures and
 * the warnings a healthy job prints. */
static int
quiet_kind(enum ev_kind k)
{
	switch (k) {
	case EV_UNPARSED: case EV_NOTE: case EV_SACCT_ROW:
	case EV_SCONTROL_JOB: case EV_SCONTROL_STEP: case EV_SCONTROL_NODE:
	case EV_SCONTROL_CONFIG: case EV_CGROUP_MEM: case EV_GPU:
	case EV_GPU_PROC: case EV_HOST: case EV_CGROUP_CPU:
	case EV_CGROUP_DEVICES: case EV_GPU_DEV_ACCESS: case EV_SLURM_CONF:
	case EV_JOB_ENV: case EV_MEM_FIGURE: case EV_MEM_SERIES:
	case EV_STEPD_OOM_INFO: case EV_STEPD_FAILCNT: case EV_BENIGN:
		return 1;
	default:
		return 0;
	}
}

/* No failure line of any kind, and no cgroup OOM kill counted. */
static int
nothing_failed(const struct facts *f)
{
	if (f->cg_oom != NULL)
		return 0;
	for (int k = 0; k < EV__COUNT; k++)
		if (f->count[k] > 0 && !quiet_kind((enum ev_kind)k))
			return 0;
	return 1;
}

/* The step cgroup that sat at its limit (failcnt > 0, peak = limit)
 * without an OOM kill: page cache filled it and was reclaimed. */
static const struct step_fact *
cache_at_limit(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++) {
		const struct step_fact *sf = &f->steps[i];

		if (sf->cg_limit != NULL && sf->cg_limit_bytes > 0 &&
		    sf->cg_peak_bytes >= sf->cg_limit_bytes &&
		    sf->oom_kills <= 0 && sf->cg_failcnt > 0)
			return sf;
	}
	return NULL;
}

/* What a completed job's warnings were, in a sentence, or "". */
static const char *
healthy_note(const struct facts *f, struct arena *a)
{
	const struct step_fact	*c = cache_at_limit(f);

	if (c != NULL)
		return arena_printf(a, " Its memory cgroup reached its limit "
		    "of %s (failcnt %" PRId64 ", peak = limit) without an OOM "
		    "kill: the usage counts page cache, which fills a cgroup "
		    "and is reclaimed at the limit; normal for a job that "
		    "completed.", fmt_bytes(a,
		    c->cg_limit_bytes), c->cg_failcnt);
	if (f->first[EV_STEPD_FAILCNT] != NULL ||
	    f->first[EV_STEPD_OOM_INFO] != NULL)
		return " Slurm's note that the step reached its memory limit "
		    "\"at some point\" (\"may or may not result in some "
		    "failure\") only means the cgroup's usage, page cache and "
		    "swap included, touched the limit; nothing was killed.";
	return "";
}

static int
m_no_incident(const struct facts *f, struct arena *a, struct rmatch *m)
{
	if (!f->have_sacct || !f->all_completed)
		return 0;
	m->initiating = f->sacct_job;
	m->confidence = f->have_logs || f->have_kernel ? "high" : "medium";
	m->confidence_reason = f->have_logs || f->have_kernel ? "every job "
	    "and step COMPLETED 0:0 and no failure in the logs" : "every job "
	    "and step COMPLETED 0:0; no logs were collected to confirm";
	m->detail = arena_printf(a, "The job and all its steps ended "
	    "normally.%s", healthy_note(f, a));
	return 1;
}

static int
live_state(struct str s)
{
	return s.p != NULL && (str_eq(s, "RUNNING") ||
	    str_eq(s, "COMPLETING") || str_eq(s, "PENDING"));
}

/* A bundle the batch trap took while the job was finishing: the job is
 * RUNNING or COMPLETING, every step that ended exited 0, nothing failed. */
static int
m_finishing(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*job = f->sacct_job != NULL ? f->sacct_job :
				    f->scontrol_job;
	struct str		 st;
	int			 ended = 0;

	if (job == NULL)
		return 0;
	st = ev_str(job, job == f->sacct_job ? "state" : "job_state");
	if (!live_state(st) || str_eq(st, "PENDING") || !nothing_failed(f))
		return 0;
	for (int i = 0; i < f->nsteps; i++) {
		const struct event *r = f->steps[i].sacct;
		struct str rs = ev_str(r, "state");

		if (r == f->sacct_job || live_state(rs))
			continue;
		if (!str_is(r, "state", "COMPLETED") ||
		    ev_num_or(r, "exit_code", 0) != 0 ||
		    ev_num_or(r, "exit_signal", 0) != 0)
			return 0;
		ended++;
	}
	m->initiating = job;
	m->confidence = "medium";
	m->confidence_reason = "the job had not yet ended when the bundle was "
	    "taken; nothing had failed up to then";
	m->detail = arena_printf(a, "The bundle was taken while the job was "
	    "still %.*s: %s and no failure line was found, but the job had "
	    "not yet ended.%s", (int)st.n, st.p, ended == 0 ? "no step had "
	    "ended yet" : arena_printf(a, "the %d step%s that had ended "
	    "exited 0", ended, ended == 1 ? "" : "s"), healthy_note(f, a));
	return 1;
}

/* The warnings a healthy job prints, and nothing else: a delayed step
 * counts only once srun says it was created. */
static int
m_benign_only(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*first = NULL, *delayed = NULL;
	int			 created = 0;

	if (!f->have_logs || !nothing_failed(f))
		return 0;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		/* slurmd.log's "hit memory limit at least once" is logged
		 * for real OOM kills too: quiet, but it decides nothing */
		if (facts_foreign(f, ev) || (ev->kind != EV_BENIGN &&
		    ev->kind != EV_STEPD_FAILCNT))
			continue;
		if (first == NULL)
			first = ev;
		if (str_is(ev, "what", "step_delayed") && delayed == NULL)
			delayed = ev;
		else if (str_is(ev, "what", "step_created") && delayed != NULL)
			created = 1;
	}
	if (first == NULL || (delayed != NULL && !created))
		return 0;
	m->initiating = first;
	m->confidence = "medium";
	m->confidence_reason = "only warnings that healthy jobs print, and no "
	    "failure line; the job's exit state (sacct) was not collected";
	if (first->kind != EV_BENIGN)
		m->detail = "slurmstepd's \"Exceeded ... memory limit at some "
		    "point\" says only that the cgroup's usage touched its "
		    "limit at some time; page cache and swapped pages count, "
		    "so it is printed for jobs that completed, and no kill was "
		    "reported.";
	else if (str_is(first, "what", "step_delayed") ||
	    str_is(first, "what", "step_created"))
		m->detail = "srun waited until another step of the job "
		    "released its resources (\"step creation temporarily "
		    "disabled\"), "
		    "then created the step: the steps ran one after another, "
		    "which is slower, but nothing failed.";
	else if (str_is(first, "what", "allocator_flush"))
		m->detail = "DeepSpeed reports allocator cache flushes: "
		    "allocations failed once, the cache was emptied and they "
		    "succeeded. That is memory pressure costing speed, not a "
		    "failure.";
	else
		m->detail = "PyTorch warns at exit that "
		    "destroy_process_group() was not called; it is printed on "
		    "every normal exit of such programs and is not a failure.";
	return 1;
}

static int
m_only_secondary(const struct facts *f, struct arena *a, struct rmatch *m)
{
	static const enum ev_kind kinds[] = { EV_NCCL_TIMEOUT, EV_NCCL_ERROR,
	    EV_CHILD_FAILED, EV_LAUNCHER_EXIT, EV_SRUN_TASK_EXIT };
	const struct event	*s = NULL;
	size_t			 at = (size_t)-1;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (f->first[kinds[i]] != NULL && f->first_at[kinds[i]] < at) {
			s = f->first[kinds[i]];
			at = f->first_at[kinds[i]];
		}
	/* Else the siblings a launcher terminated, or a survivor's report
	 * that a peer went (Horovod's shutdown error); a truncated pickle
	 * alone says too little to be a cascade. A report of the process
	 * that failed is the better line to cite: launchers print it after
	 * terminating the others. */
	for (size_t i = 0; s == NULL && i < f->tl->n; i++)
		if ((f->tl->v[i]->kind == EV_PEER_TERMINATED ||
		    (f->tl->v[i]->kind == EV_PEER_LOST &&
		    !str_eq(ev_str(f->tl->v[i], "what"), "pickle_truncated")))
		    && !facts_foreign(f, f->tl->v[i]))
			s = f->tl->v[i];
	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "low";
	m->confidence_reason = "only downstream reports (collective timeouts, "
	    "launcher errors) were found; the rank that failed first left no "
	    "evidence in what was collected";
	m->detail = "Only the cascade is visible: ranks timed out or exited "
	    "after another rank failed.";
	return 1;
}

static int
m_inconclusive(const struct facts *f, struct arena *a, struct rmatch *m)
{
	m->confidence = "low";
	m->confidence_reason = "no failure evidence in what was collected";
	m->detail = "The evidence collected does not show what failed.";
	return 1;
}

#define HOST_NEXT "Hold the GPU settings (batch, sequence, model) constant; " \
	"raise --mem or cut host memory per node (DataLoader workers, CPU " \
	"offload, pinned buffers, ranks per node), then rerun and require " \
	"the oom-kill line to disappear and MaxRSS to stay below the cgroup " \
	"limit."

const struct rule	rules[] = {
	{ .id = "R-CPU-001", .cause = "cpu_limited", .boundary = "host",
	  .prio = 7, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup CPU quota limits job to fewer cores'",
	  .signals = "the narrowest job/step cpuset (cpuset.cpus.effective / "
	      "cpuset.effective_cpus) holds fewer CPUs than scontrol's CPU_IDs "
	      "/ NumCPUs on the node or CPUs/Task",
	  .meaning = "The job ran on fewer cores than it was allocated.",
	  .next_action = "Ask for the cores on every step: srun "
	      "--cpus-per-task=N (srun does not inherit it from sbatch since "
	      "Slurm 22.05; export SRUN_CPUS_PER_TASK=$SLURM_CPUS_PER_TASK), "
	      "rerun, and require the step's cpuset to be N CPUs per task.",
	  .match = m_cpuset_narrow },
	{ .id = "R-CPU-002", .cause = "cpu_limited", .boundary = "host",
	  .prio = 8, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup CPU quota limits job to fewer cores'",
	  .signals = "cpu.stat nr_throttled >= 20% of nr_periods (a CFS "
	      "quota: cpu.max / cpu.cfs_quota_us)",
	  .meaning = "A CPU quota throttled the job.",
	  .next_action = "Remove or raise the CPU quota on the job's cgroup "
	      "(cpu.max / cpu.cfs_quota_us, set by the site or a container "
	      "runtime) to the cores it asked for, rerun, and require "
	      "nr_throttled to stay near 0.",
	  .match = m_cpu_throttled },
	{ .id = "R-CPU-003", .cause = "cpu_limited", .boundary = "host",
	  .prio = 9, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup CPU quota limits job to fewer cores'",
	  .signals = "OMP_NUM_THREADS >= 2x the cpuset's CPUs, or a job "
	      "process (not slurmstepd) with >= 4x as many threads while the "
	      "job's CPU time per second reached 90% of the cpuset; not when "
	      "its CPU time shows the cores under 25% busy; high confidence "
	      "at 90%",
	  .meaning = "The job ran more compute threads than it had cores.",
	  .next_action = "Match threads to cores: set OMP_NUM_THREADS (and "
	      "torch.set_num_threads, DataLoader workers) to "
	      "$SLURM_CPUS_PER_TASK, or ask --cpus-per-task for the threads "
	      "you run; rerun and compare the step time.",
	  .match = m_cpu_oversub },
	{ .id = "R-CPU-004", .cause = "cpu_limited", .boundary = "host",
	  .prio = 10, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup CPU quota limits job to fewer cores'",
	  .signals = "the launcher's binding report (Open MPI "
	      "--report-bindings, Intel MPI I_MPI_DEBUG pinning table, srun "
	      "--cpu-bind=verbose) binds two or more ranks of one node to the "
	      "same CPUs; high confidence when more ranks than those CPUs",
	  .meaning = "The ranks share one core or socket while the rest of "
	      "the allocation idles.",
	  .next_action = "Let one launcher place the ranks: srun -n N "
	      "--cpus-per-task=C (not srun around mpirun/mpiexec), or mpirun "
	      "--bind-to core/--map-by with the allocation's CPUs (or "
	      "--bind-to none); rerun and require one distinct binding per "
	      "rank in the report.",
	  .match = m_cpu_bound_same },
	{ .id = "R-DEV-001", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Model or batch too large'; S004 flowchart L",
	  .signals = "CUDA allocator OOM with numbers (the whole message, "
	      "its figures alone, or with no OOM line a memory_summary() "
	      "table counting CUDA OOMs >= 1): reserved - allocated < the "
	      "request or < 10% of reserved (reserved ~ allocated); memory "
	      "held outside the process <= 2 GiB or 10% of capacity, or the "
	      "request would not fit even without it; at most one job "
	      "process on the GPU; medium confidence when the cache could "
	      "hold the request but is under 10% of reserved, or the request "
	      "or capacity is missing",
	  .meaning = "Live memory needs more than the GPU has.",
	  .next_action = "Hold host memory (--mem, workers) constant; lower "
	      "the device batch or sequence length, or enable activation "
	      "checkpointing or mixed precision, and require the CUDA OOM line "
	      "to disappear on the same GPU model.",
	  .match = m_cuda_exhaust },
	{ .id = "R-DEV-002", .cause = "cuda_oom_fragmentation",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Fragmentation'; S004 flowchart H",
	  .signals = "CUDA allocator OOM (or, with no OOM line, a "
	      "memory_summary() table counting CUDA OOMs >= 1) whose "
	      "reserved - allocated is >= the requested size AND >= 10% of "
	      "reserved (FRAG_SHARE_PCT); an unknown request leaves the 10% "
	      "to decide (medium confidence)",
	  .meaning = "The allocator's cache held enough free memory, but in "
	      "pieces too small for the request.",
	  .next_action = "Hold batch and host memory constant; set "
	      "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or "
	      "max_split_size_mb) and require the OOM to disappear.",
	  .match = m_cuda_frag },
	{ .id = "R-DEV-003", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "CUDA OOM where capacity - free - this process's memory "
	      "> 2 GiB and > 10% of capacity, and nvidia-smi lists another "
	      "process (not the job's) holding at least half of that",
	  .meaning = "Another process or job held the device memory.",
	  .next_action = "Run on an exclusively allocated GPU (--exclusive or "
	      "a GRES binding that isolates devices, or a MIG slice) with the "
	      "same batch, and require the OOM to disappear; reconcile the "
	      "other PID with the scheduler.",
	  .match = m_cuda_tenant },
	{ .id = "R-DEV-004", .cause = "zombie_context", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Zombie CUDA context'; S004 flowchart F",
	  .signals = "CUDA OOM with memory held outside the process and "
	      "nvidia-smi memory.used far above the sum of listed processes",
	  .meaning = "A CUDA context left by a dead process holds memory.",
	  .next_action = "Drain the node, kill the stale PID or reset the GPU "
	      "(nvidia-smi --gpu-reset) and rerun unchanged; require "
	      "memory.used to return to the driver reserve first.",
	  .match = m_cuda_zombie },
	{ .id = "R-DEV-005", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Context overhead multiplied by workers'",
	  .signals = "CUDA OOM while nvidia-smi lists two or more processes "
	      "of this job on the failing GPU",
	  .meaning = "Each extra process pays its own CUDA context.",
	  .next_action = "Keep CUDA out of DataLoader workers (or set "
	      "num_workers=0 as a control) with the same batch; require one "
	      "compute process per GPU and the OOM to disappear.",
	  .match = m_cuda_multiproc },
	{ .id = "R-DEV-006", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 'allowed' cap in the message",
	  .signals = "CUDA OOM message naming the memory the process is "
	      "allowed (set_per_process_memory_fraction)",
	  .meaning = "The process hit the cap it set on itself.",
	  .next_action = "Raise or remove the per-process memory fraction "
	      "with the same batch and require the OOM to disappear.",
	  .match = m_cuda_allowed },
	{ .id = "R-DEV-007", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'torch.OutOfMemoryError: CUDA out of memory'; "
	      "S004 'Confirm the failure is allocation'",
	  .signals = "plain CUDA/XLA/TensorFlow out-of-memory errors without "
	      "PyTorch's allocator numbers (CUDA error names, XLA "
	      "RESOURCE_EXHAUSTED, TF 'OOM when allocating tensor' and its BFC "
	      "'ran out of memory ... (rounded to N)', llama.cpp's cudaMalloc, "
	      "ONNX Runtime's BFCArena: low confidence unless the line names "
	      "CUDA or the GPU), with the BFC stats when printed (arena full: "
	      "Limit - InUse < the request)",
	  .meaning = "A device allocation failed; the breakdown is missing.",
	  .next_action = "Rerun once with the same settings and "
	      "torch.cuda.memory_summary() (or XLA's allocator dump) logged at "
	      "the failure; then change only the device batch.",
	  .match = m_cuda_plain },
	{ .id = "R-DEV-008", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_REFINE,
	  .refines = "cuda_oom_exhaustion,cuda_oom_fragmentation",
	  .seeds = "S004 cause 'Other processes holding GPU memory'",
	  .signals = "the watch series shows memory of a process outside the "
	      "job (not in its cgroup's processes) on the GPU, >= 64 MiB, "
	      "arriving mid-job before the CUDA OOM",
	  .meaning = "Another process took device memory during the job.",
	  .next_action = "Find the process by the pid and time shown "
	      "(nvidia-smi --query-compute-apps on the node, the scheduler's "
	      "job on that GPU); run the job with the GPU to itself "
	      "(--exclusive or a GPU-exclusive GRES) and the same batch, and "
	      "require the OOM to disappear.",
	  .match = series_refine_tenant },
	{ .id = "R-DEV-009", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "a device allocation failure asking for 1 EiB or more "
	      "(PyTorch's fixed 'Tried to allocate more than 1EB memory', "
	      "ONNX Runtime's BFCArena 'requested buffer of size N', XLA's "
	      "bytes); silent when a collective timeout or launcher report "
	      "comes before it (R-INC-001 then names the collective)",
	  .meaning = "The requested size was garbage, not the memory short: "
	      "no batch size makes it fit.",
	  .next_action = "Do not lower the batch: find the failure before "
	      "this line (an aborted collective, an earlier exception, an "
	      "integer overflow in the failing operator's shape arithmetic), "
	      "log the failing operator's input shapes, and rerun unchanged.",
	  .match = m_alloc_nonsense },
	{ .id = "R-DEV-010", .cause = "cuda_oom_fragmentation",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Fragmentation'; S004 'the pool is chopped "
	      "into pieces too small for the failing request'",
	  .signals = "a TensorFlow/XLA device OOM whose BFC allocator stats "
	      "(Limit - InUse) had room for the request but whose "
	      "LargestFreeBlock was smaller than it (XLA's compile-time "
	      "'total fragmentation' and TF's 'If the cause is memory "
	      "fragmentation' hint are not evidence)",
	  .meaning = "The allocator's arena held enough free memory, but in "
	      "blocks too small for the request.",
	  .next_action = "Hold the batch and host memory constant; let the "
	      "allocator preallocate one arena (JAX: "
	      "XLA_PYTHON_CLIENT_PREALLOCATE=true; TF: "
	      "TF_GPU_ALLOCATOR=cuda_malloc_async) and require the OOM to "
	      "disappear.",
	  .match = m_bfc_frag },
	{ .id = "R-DEV-021", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "'all CUDA-capable devices are busy or unavailable' / "
	      "'CUDA-capable device(s) is/are busy or unavailable' "
	      "(cudaErrorDevicesUnavailable, 46)",
	  .meaning = "An exclusive-mode GPU was already held by another "
	      "process.",
	  .next_action = "On the node, list the GPU's compute processes "
	      "(nvidia-smi, and ps for their owners) while the GPU is "
	      "allocated to no job; rerun the job unchanged once it is free.",
	  .match = m_gpu_busy },
	{ .id = "R-DEV-022", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "a plain CUDA out-of-memory raised while creating the "
	      "context (cuCtxCreate, cuDevicePrimaryCtxRetain, "
	      "torch._C._cuda_init in the lines around it)",
	  .meaning = "The device was full before the process allocated "
	      "anything.",
	  .next_action = "Snapshot nvidia-smi's process list on that GPU "
	      "when the failure happens; rerun unchanged on a GPU no other "
	      "process uses.",
	  .match = m_cuda_ctx },
	{ .id = "R-DEV-023", .cause = "zombie_context", .boundary = "device",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S004 cause 'Zombie CUDA context'",
	  .signals = "nvidia-smi lists >= 256 MiB held by a process whose "
	      "name it cannot read ('Unknown Error', '[Not Found]', "
	      "'<defunct>'), that ps shows as a zombie (state Z), or that the "
	      "job's log reported exited",
	  .meaning = "A dead process's CUDA context still holds memory.",
	  .next_action = "Kill the processes that still hold the device "
	      "files (fuser -v /dev/nvidia*) or reset the GPU; drain the "
	      "node until nvidia-smi lists no dead holder.",
	  .match = m_zombie_record },
	{ .id = "R-DEV-024", .cause = "gpu_other_tenant", .boundary = "device",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S004 cause 'Other processes holding GPU memory'",
	  .signals = "nvidia-smi lists >= 256 MiB held by a process that "
	      "pasted ps output shows stopped (state T) or orphaned (PPID 1), "
	      "and that is not one of the job's pids",
	  .meaning = "A leftover process of another job or session holds the "
	      "GPU.",
	  .next_action = "Kill the leftover (or make Slurm track and kill the "
	      "whole process tree: ProctrackType=proctrack/cgroup); rerun the "
	      "job unchanged on the freed GPU.",
	  .match = m_leftover_record },
	{ .id = "R-GPU-001", .cause = "gpu_access_denied", .boundary = "step",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 cause 'Cgroup device access not configured for "
	      "GPUs'",
	  .signals = "'no CUDA-capable device is detected', cudaErrorNoDevice, "
	      "'Failed to initialize NVML: Unknown Error' or 'Insufficient "
	      "Permissions', 'No devices were found' / 'No devices found.', "
	      "nvidia-container-cli 'failed to add device rules' (device "
	      "cgroup / eBPF program of a container step) in the job's "
	      "output, and no Xid or NVRM error",
	  .meaning = "The job could not open the GPUs it meant to use.",
	  .next_action = "In the same allocation run srun --gres=gpu:N "
	      "nvidia-smi -L; if it lists nothing, check the node's "
	      "cgroup.conf (ConstrainDevices) and gres.conf File= lines, and "
	      "ask for GPUs with --gres=gpu:N / --gpus (bind ranks with "
	      "--gpu-bind only to GPUs the job was given).",
	  .match = m_gpu_nodev },
	{ .id = "R-GPU-002", .cause = "gpu_access_denied", .boundary = "step",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup device access not configured for "
	      "GPUs'",
	  .signals = "gpu/dev-access.txt: opening a GPU the job was given "
	      "(scontrol -dd GRES IDX) as the job's user inside its cgroup "
	      "failed with EPERM/EACCES",
	  .meaning = "The device cgroup denies a GPU the job was given.",
	  .next_action = "Compare the node's gres.conf File= (or AutoDetect) "
	      "with its /dev/nvidia* minors, fix gres.conf so the allocated "
	      "GPU's file is the one the cgroup allows, restart slurmd, and "
	      "require srun --gres=gpu:1 nvidia-smi -L to list the GPU.",
	  .match = m_gpu_denied },
	{ .id = "R-GPU-003", .cause = "gpu_access_denied", .boundary = "step",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup device access not configured for "
	      "GPUs'",
	  .signals = "CUDA_VISIBLE_DEVICES in the job's environment names more "
	      "GPUs than the device cgroup lets it open (gpu/dev-access.txt: "
	      "nodes opened or failing past the cgroup, e.g. ENXIO; else "
	      "devices.list's NVIDIA minors)",
	  .meaning = "The job names GPUs its device cgroup denies.",
	  .next_action = "Do not set CUDA_VISIBLE_DEVICES inside a Slurm job "
	      "(Slurm sets it to the GPUs it allocated): drop the override or "
	      "ask for as many GPUs as it names (--gres=gpu:N), then rerun.",
	  .match = m_gpu_cvd },
	{ .id = "R-GPU-004", .cause = "gpu_access_denied", .boundary = "step",
	  .prio = 3, .rclass = RC_RECORD,
	  .seeds = "S001 cause 'Cgroup device access not configured for "
	      "GPUs'",
	  .signals = "scontrol show node: Reason=gres/gpu count reported lower "
	      "than configured (slurmd drops a GPU GRES with no File=, since "
	      "the device cgroup cannot whitelist it; the node drains and the "
	      "job waits)",
	  .meaning = "The node's GPUs are not configured for device access: "
	      "Slurm drained it.",
	  .next_action = "Give every GPU GRES its device file in the node's "
	      "gres.conf (File=/dev/nvidia[0-N]) or AutoDetect=nvml, restart "
	      "slurmd, resume the node (scontrol update NodeName=N "
	      "State=RESUME), and require srun --gres=gpu:1 nvidia-smi -L to "
	      "list the GPU.",
	  .match = m_gpu_gres_nofile },
	{ .id = "R-HOST-001", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'slurmstepd: JOB CANCELLED DUE TO OOM-KILLER'; "
	      "S000 step 3; S001 'Cgroup OOM killer triggers before system OOM "
	      "killer'",
	  .signals = "kernel 'Memory cgroup out of memory: Killed process' / "
	      "oom-kill:constraint=CONSTRAINT_MEMCG",
	  .meaning = "Host RAM under the job's memory cgroup was exceeded.",
	  .next_action = HOST_NEXT, .match = m_kernel_memcg },
	{ .id = "R-HOST-002", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'slurmstepd: JOB CANCELLED DUE TO OOM-KILLER'",
	  .signals = "slurmstepd 'Detected N oom-kill event(s) in StepId=...'",
	  .meaning = "The step's cgroup OOM handler killed processes.",
	  .next_action = HOST_NEXT, .match = m_stepd_oom },
	{ .id = "R-HOST-003", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 'Cgroup OOM killer triggers before system OOM killer'",
	  .signals = "kernel 'Out of memory: Killed process' with "
	      "constraint=CONSTRAINT_NONE (node-wide)",
	  .meaning = "The whole node ran out of memory.",
	  .next_action = "Hold the job's settings constant; make Slurm "
	      "enforce memory (ConstrainRAMSpace=yes, RealMemory below "
	      "physical, MemSpecLimit for daemons) or give the job the node "
	      "exclusively, and require the global OOM kill to disappear.",
	  .match = m_kernel_global },
	{ .id = "R-HOST-004", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 step 3 (slurmstepd cancellation)",
	  .signals = "slurmstepd 'exceeded memory limit (A > B), being "
	      "killed' or srun 'Exceeded job memory limit'",
	  .meaning = "Slurm's RSS poller enforced the limit, not the kernel.",
	  .next_action = HOST_NEXT, .match = m_stepd_memlimit },
	{ .id = "R-HOST-005", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 FAQ 'Can CUDA memory be free while Slurm kills the "
	      "job?'",
	  .signals = "the application's own host allocation failure "
	      "(MemoryError, Cannot allocate memory, std::bad_alloc)",
	  .meaning = "The process could not get host memory.",
	  .next_action = HOST_NEXT, .match = m_host_app },
	{ .id = "R-HOST-006", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 symptom 'slurmstepd: error: cgroup out of memory'",
	  .signals = "paraphrases quoted in tickets ('cgroup out of memory', "
	      "'JOB CANCELLED DUE TO OOM-KILLER')",
	  .meaning = "Someone quoted a Slurm OOM kill; the real line is "
	      "needed.",
	  .next_action = HOST_NEXT, .match = m_paraphrase },
	{ .id = "R-HOST-007", .cause = "host_oom", .boundary = "host",
	  .prio = 1, .rclass = RC_RECORD,
	  .seeds = "S000 step 2 (sacct states of every step)",
	  .signals = "sacct State=OUT_OF_MEMORY on the job or any step (also "
	      "when the job itself is COMPLETED 0:0), or scontrol "
	      "JobState=OUT_OF_MEMORY",
	  .meaning = "Slurm recorded an OOM kill in the step's cgroup.",
	  .next_action = HOST_NEXT, .match = m_sacct_oom },
	{ .id = "R-HOST-008", .cause = "host_oom", .boundary = "host",
	  .prio = 2, .rclass = RC_RECORD,
	  .seeds = "S000 step 3 (memory.events)",
	  .signals = "memory.events oom_kill > 0 (v2) or memory.oom_control "
	      "oom_kill > 0 (v1) in the job's cgroup tree",
	  .meaning = "The cgroup counted OOM kills.",
	  .next_action = HOST_NEXT, .match = m_cgroup_oom },
	{ .id = "R-HOST-009", .cause = "host_oom", .boundary = "host",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S001 symptom 'Job killed with SIGKILL by cgroup'",
	  .signals = "a SIGKILL with no line saying who sent it: exit code "
	      "-9 or 137, signal 9, a bare 'Killed' (also glued to a progress "
	      "bar), a DataLoader worker 'killed by signal: Killed', a "
	      "launcher's 'return code = -9', torch elastic 'exitcode: -9' or "
	      "'Signal 9 (SIGKILL)', mp.spawn 'terminated with signal "
	      "SIGKILL', xargs 'terminated by signal 9', Python's 'died with "
	      "<Signals.SIGKILL: 9>'; not when R-OTHER-002 rules the OOM out",
	  .meaning = "A SIGKILL, most often the host OOM killer.",
	  .next_action = "Collect again with the kernel log and the job's "
	      "memory cgroup before teardown (oomtrail-collect in the batch "
	      "script's trap); they confirm or overturn a host OOM.",
	  .match = m_sigkill },
	{ .id = "R-HOST-014", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 step 3 (slurmstepd cancellation), for enforcers "
	      "other than Slurm",
	  .signals = "another batch system's or platform's memory-limit kill: "
	      "Moab/Torque 'exceeded MEM usage hard limit (A > B)', PBS 'job "
	      "killed: mem A kb exceeded limit B kb', LSF TERM_MEMLIMIT, "
	      "HTCondor 'has gone over memory limit of', WMCore 'Job has "
	      "exceeded maxPSS/maxRSS', Kubernetes reason OOMKilled, Ray's memory "
	      "monitor 'killed due to the node running low on memory', Spark "
	      "'Container killed by YARN for exceeding memory limits', PAI "
	      "'killed by \"OOM Killer\"'",
	  .meaning = "The job's host memory exceeded the limit its batch "
	      "system or platform enforces.",
	  .next_action = "Hold the GPU settings constant; request more memory "
	      "from that system (its memory request or queue: -l mem, -M, "
	      "request_memory, resources.limits.memory, the executor's memory "
	      "overhead) or cut host memory per "
	      "node, then rerun and require the kill message to disappear.",
	  .match = m_enforcer },
	{ .id = "R-HW-001", .cause = "xid_fault", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'; "
	      "S004 flowchart B-C",
	  .signals = "NVRM Xid 13/31/43/79/…, NVRM 'fallen off the bus' / "
	      "'GPU is lost', or 'illegal memory access' / 'unspecified launch "
	      "failure'",
	  .meaning = "An application bug or a GPU fault, not capacity.",
	  .next_action = "Rerun the same job unchanged on another GPU/node "
	      "with CUDA_LAUNCH_BLOCKING=1 (compute-sanitizer for a small "
	      "case); if the Xid follows the GPU, drain it.",
	  .match = m_xid_fault },
	{ .id = "R-HW-002", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Retired pages shrinking capacity'; S004 "
	      "flowchart capacity check",
	  .signals = "CUDA OOM on a GPU with pending retirement/remapping or "
	      "volatile uncorrectable ECC in the snapshot",
	  .meaning = "The GPU's memory hardware shrank or broke the "
	      "framebuffer.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics "
	      "(or reset to apply pending retirement); rerun the job unchanged "
	      "on another GPU.",
	  .match = m_cuda_retired },
	{ .id = "R-HW-003", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 metric 'Uncorrected ECC errors (volatile)'",
	  .signals = "uncorrectable ECC error in the job's output, or Xid "
	      "48/63/64/92/94/95 during the job",
	  .meaning = "The GPU's memory hardware failed during the job.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics; "
	      "rerun the job unchanged on another GPU.",
	  .match = m_retired },
	{ .id = "R-HW-004", .cause = "retired_pages", .boundary = "hardware",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S004 metric 'Retired page count'",
	  .signals = "nvidia-smi: retired pages pending, remapped rows "
	      "pending/failed, or volatile uncorrectable ECC > 0",
	  .meaning = "A GPU of the job has failing memory.",
	  .next_action = "Drain the GPU, reset it to apply pending "
	      "retirement, and rerun the job unchanged on another GPU.",
	  .match = m_retired_record },
	{ .id = "R-HW-011", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Retired pages shrinking capacity'; S004 "
	      "metric 'Uncorrected ECC errors (volatile)'",
	  .signals = "a plain device OOM (no allocator numbers) on a GPU whose "
	      "snapshot shows volatile uncorrectable ECC or pending "
	      "retirement/remapping",
	  .meaning = "Failing GPU memory, not the workload's size.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics "
	      "(or reset to apply pending retirement); rerun the job unchanged "
	      "on another GPU.",
	  .match = m_cuda_plain_hw },
	{ .id = "R-INC-001", .cause = "inconclusive", .boundary = "unknown",
	  .prio = 2, .rclass = RC_FINAL,
	  .seeds = "S000 table 'NCCL watchdog timeout after one OOM'; S000 "
	      "mistake 'Treating NCCL timeout as a second root cause'",
	  .signals = "only collective timeouts, launcher errors, task exits, "
	      "siblings a launcher terminated or a survivor's shutdown error "
	      "(Horovod); when siblings were terminated or lost a peer, the "
	      "lines are also reported as the cascade, with the first failure "
	      "the launchers name",
	  .meaning = "No rank's own failure was collected.",
	  .next_action = "Collect the bundle of every node of the job "
	      "(srun --ntasks-per-node=1 oomtrail-collect) to find the rank "
	      "that failed first.",
	  .match = m_only_secondary },
	{ .id = "R-INC-002", .cause = "inconclusive", .boundary = "unknown",
	  .prio = 5, .rclass = RC_FINAL, .seeds = "S000 evidence checklist",
	  .signals = "no failure evidence at all",
	  .meaning = "The evidence cannot decide.",
	  .next_action = "Collect with oomtrail-collect on the job's nodes "
	      "before the cgroup is removed (batch-script trap), with the "
	      "job's output files.",
	  .match = m_inconclusive },
	{ .id = "R-LEAK-001", .cause = "memory_leak", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "host_oom",
	  .seeds = "S004 'does memory.used ramp over time?'; S001 cause "
	      "'Cgroup memory limit set lower than job memory request'",
	  .signals = "the watch series of the job's memory cgroup (current) "
	      "grew steadily up to the host OOM: positive robust slope "
	      "explaining >= 60% of the variance, growth >= 5% of the limit, "
	      "every quarter of the run growing (trend.h)",
	  .meaning = "Host memory grew steadily until the cgroup limit "
	      "killed the job: a leak, not a single large allocation.",
	  .next_action = "Rerun a short copy of the job with the same inputs "
	      "under oomtrail-collect --watch and a heap profiler (tracemalloc, "
	      "memray, heaptrack); require the cgroup's current to stay flat "
	      "across iterations before raising --mem.",
	  .match = series_refine_host_leak },
	{ .id = "R-LEAK-002", .cause = "memory_leak", .boundary = "device",
	  .rclass = RC_REFINE,
	  .refines = "cuda_oom_exhaustion,cuda_oom_fragmentation",
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "the watch series of a GPU's used memory, or the "
	      "allocated bytes a framework printed per step (DeepSpeed MA, "
	      "Megatron allocated), grew steadily up to the CUDA OOM",
	  .meaning = "Device memory grew steadily until an allocation "
	      "failed: a leak (tensors kept alive across steps), not one "
	      "oversized batch.",
	  .next_action = "Hold batch and sequence length constant and log "
	      "torch.cuda.memory_allocated() per step (or "
	      "torch.cuda.memory._record_memory_history); find what keeps "
	      "tensors alive (losses accumulated with their graph, caches, "
	      "hooks) and require allocated to stay flat across steps.",
	  .match = series_refine_device_leak },
	{ .id = "R-LEAK-003", .cause = "memory_leak", .boundary = "host",
	  .prio = 10, .rclass = RC_RECORD,
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "no failure, and host memory readings (the watch "
	      "series of the job's cgroup, free(1) or DeepSpeed CPU lines "
	      "printed into the job log) rise steadily: a leak by trend.h "
	      "with R^2 >= 0.8 over >= 8 readings; medium from R^2 "
	      ">= 0.9 over >= 12",
	  .meaning = "Host memory is growing steadily toward its limit; "
	      "nothing has failed yet.",
	  .next_action = "Rerun a short copy of the job with the same inputs "
	      "and a heap profiler (tracemalloc, memray, heaptrack); require "
	      "host memory to stay flat across iterations before the runway "
	      "runs out.",
	  .match = series_growing_host },
	{ .id = "R-LEAK-004", .cause = "memory_leak", .boundary = "device",
	  .prio = 11, .rclass = RC_RECORD,
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "no failure, and device memory readings (the watch "
	      "series of a GPU, an nvidia-smi loop, DeepSpeed/Megatron "
	      "allocated figures in the job log) rise steadily: a leak by "
	      "trend.h with R^2 >= 0.8 over >= 8 readings; medium from "
	      "R^2 >= 0.9 over >= 12",
	  .meaning = "Device memory is growing steadily toward the GPU's "
	      "capacity; nothing has failed yet.",
	  .next_action = "Hold batch and sequence length constant and log "
	      "torch.cuda.memory_allocated() per step; find what keeps "
	      "tensors alive and require allocated to stay flat before the "
	      "runway runs out.",
	  .match = series_growing_device },
	{ .id = "R-NONE-001", .cause = "no_incident", .boundary = "none",
	  .prio = 1, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "every sacct row COMPLETED with exit code 0:0 and no "
	      "failure event anywhere",
	  .meaning = "Nothing failed.",
	  .next_action = "Nothing to fix; if the user saw a failure, collect "
	      "the bundle of the job that actually failed.",
	  .match = m_no_incident },
	{ .id = "R-NONE-002", .cause = "no_incident", .boundary = "none",
	  .prio = 3, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "the job RUNNING or COMPLETING when collected, every step "
	      "that ended COMPLETED 0:0, no failure event anywhere",
	  .meaning = "Nothing had failed when the bundle was taken; the job "
	      "had not yet ended.",
	  .next_action = "Nothing to fix yet; if the job later fails, collect "
	      "again after it ends (sacct State and ExitCode decide).",
	  .match = m_finishing },
	{ .id = "R-NONE-003", .cause = "no_incident", .boundary = "none",
	  .prio = 4, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "only warnings healthy jobs print (slurmstepd 'Exceeded "
	      "step memory limit at some point' without 'oom-killer likely "
	      "killed', srun 'step creation "
	      "temporarily disabled' followed by 'Step created', DeepSpeed "
	      "allocator cache flushes, 'destroy_process_group() was not "
	      "called') and no failure event anywhere",
	  .meaning = "The warnings seen are ones healthy jobs print; nothing "
	      "failed.",
	  .next_action = "Nothing to fix; confirm with sacct -j JOB "
	      "--format=State,ExitCode that the job completed, and act on "
	      "the warning only for speed (an explicit --mem per concurrent "
	      "srun step, less memory pressure).",
	  .match = m_benign_only },
	{ .id = "R-OTHER-001", .cause = "not_oom_other", .boundary = "none",
	  .prio = 6, .rclass = RC_RECORD, .seeds = "S000 step 2",
	  .signals = "sacct FAILED/NODE_FAIL/…, or CANCELLED by a user, or "
	      "scontrol JobState=NODE_FAIL/BOOT_FAIL, with no memory evidence",
	  .meaning = "The job failed for a reason other than memory.",
	  .next_action = "Read the job's own error output around its end; "
	      "memory settings are not the control to change.",
	  .match = m_failed },
	{ .id = "R-OTHER-002", .cause = "not_oom_other", .boundary = "none",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S001 symptom 'Job killed with SIGKILL by cgroup' (its "
	      "check); DESIGN.md 'Absence is evidence only where the source "
	      "covers the time'",
	  .signals = "a bare SIGKILL (as R-HOST-009) while the kernel log "
	      "covers the kill and has no OOM kill of the job, the OOM "
	      "counter is 0 (v2 memory.events oom_kill; v1 a task's "
	      "memory.oom_control oom_kill, since the job and step levels stay "
	      "0), and neither a whole job log nor the configuration allows "
	      "Slurm's RSS poller (OverMemoryKill) to have done it",
	  .meaning = "Something other than the OOM killer sent the SIGKILL.",
	  .next_action = "Find the sender: the launcher's or watchdog's own "
	      "log, health-check and admin logs on the node, sacct's "
	      "State/Reason; memory settings are not the control to change.",
	  .match = m_sigkill_other },
	{ .id = "R-OTHER-004", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT, .seeds = "S000 step 2 (NODE_FAIL)",
	  .signals = "srun/salloc 'Node failure on N', slurmctld 'Nodes N not "
	      "responding', 'Node N unexpectedly rebooted' or 'Killing JobId=… "
	      "on failed node', the '… CANCELLED AT … DUE TO NODE FAILURE' "
	      "banner; a node the job's NodeList names (when known)",
	  .meaning = "A node of the job was lost (rebooted, hung or down).",
	  .next_action = "Ask the site why the node went down (slurmctld.log, "
	      "the node's journal and BMC); requeue the job unchanged on "
	      "other nodes (--exclude the node); memory settings are not the "
	      "control to change.",
	  .match = m_node_fail },
	{ .id = "R-OTHER-005", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "'No space left on device', 'Disk quota exceeded' or "
	      "'storage exhausted' on a file system other than /dev/shm (not "
	      "an NCCL or DataLoader shared-memory file, not a cgroup), with "
	      "no shared-memory failure beside it",
	  .meaning = "A file system the job writes to is full or over quota.",
	  .next_action = "Free space or quota on the file system the line "
	      "names (or point the tool's cache, container runtime or output "
	      "at one with room: a scratch file system, not a RAM-backed "
	      "tmpfs), rerun, and require the write error to disappear.",
	  .match = m_storage },
	{ .id = "R-OTHER-021", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "'no kernel image is available for execution on the "
	      "device', CUDA_ERROR_NOT_INITIALIZED, nvidia-smi 'couldn't "
	      "communicate with the NVIDIA driver', NVML 'Driver/library "
	      "version mismatch', 'CUDA driver version is insufficient'",
	  .meaning = "The CUDA software stack (build, library, driver) "
	      "failed, not the device or its memory.",
	  .next_action = "Hold the job and node constant and change only the "
	      "software: a build with code for this GPU, the library version "
	      "before the regression, or a node with a working driver.",
	  .match = m_cuda_stack },
	{ .id = "R-OTHER-022", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 cause 'Cgroup device access not configured for GPUs'",
	  .signals = "a no-device line ('no CUDA-capable device is detected', "
	      "nvidia-smi 'No devices were found'; not a refusal such as NVML "
	      "init or permissions) while nothing shows the job asked for a "
	      "GPU: no GPU "
	      "GRES/TRES, no CUDA_VISIBLE_DEVICES, no device cgroup record, "
	      "no nvidia-smi snapshot; a warning that lets the job go on, or a "
	      "job whose steps all completed, is no incident",
	  .meaning = "A library probed CUDA in a job that need not have a "
	      "GPU.",
	  .next_action = "If the job should use no GPU, turn the library's "
	      "GPU support off; if it should, resubmit with --gres=gpu:N and "
	      "collect the job's Slurm records with the bundle.",
	  .match = m_nodev_cpu_job },
	{ .id = "R-SCHED-001", .cause = "time_limit", .boundary = "scheduler",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 references 'time-limit failures'",
	  .signals = "'*** JOB N ON host CANCELLED AT … DUE TO TIME LIMIT ***' "
	      "or '… DUE TO PREEMPTION', or the job's own handler of the "
	      "scheduler's signal (submitit 'Caught signal SIGUSR2 on host: "
	      "this job is preempted', 'Job has timed out'; Lightning "
	      "'Handling auto-requeue signal'); medium without sacct",
	  .meaning = "The scheduler ended the job.",
	  .next_action = "Hold memory settings constant; raise --time (or "
	      "checkpoint and requeue) and require the job to end before its "
	      "limit.",
	  .match = m_time_limit },
	{ .id = "R-SCHED-002", .cause = "time_limit", .boundary = "scheduler",
	  .prio = 3, .rclass = RC_RECORD, .seeds = "S000 step 2",
	  .signals = "sacct State=TIMEOUT or PREEMPTED",
	  .meaning = "The scheduler ended the job.",
	  .next_action = "Hold memory settings constant; raise --time (or "
	      "checkpoint and requeue) and require the job to end before its "
	      "limit.",
	  .match = m_timeout_record },
	{ .id = "R-SCHED-003", .cause = "not_oom_other",
	  .boundary = "scheduler", .rclass = RC_INCIDENT,
	  .seeds = "S000 references (cancel)",
	  .signals = "'*** JOB N ON host CANCELLED AT … ***' without a time "
	      "limit or pre-emption",
	  .meaning = "Someone cancelled the job.",
	  .next_action = "Ask who cancelled it (the banner names the uid); "
	      "memory settings are not the control to change.",
	  .match = m_cancelled },
	{ .id = "R-SHM-001", .cause = "shm_limit", .boundary = "shm",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'Container /dev/shm is 64 MB'",
	  .signals = "NCCL shared-memory errors or DataLoader 'Bus error' / "
	      "'insufficient shared memory'; confidence from the size of "
	      "/dev/shm (<= 512 MiB high)",
	  .meaning = "Shared memory, not HBM or --mem, ran out.",
	  .next_action = "Hold --mem and the GPU batch constant; enlarge "
	      "/dev/shm (container --shm-size, or the node's tmpfs size) and "
	      "require the bus error / NCCL shm error to disappear.",
	  .match = m_shm },
	{ .id = "R-SHM-002", .cause = "shm_limit", .boundary = "shm",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'Container /dev/shm is 64 MB'",
	  .signals = "a process reported dead of SIGBUS (torch elastic "
	      "'Signal 7 (SIGBUS) received by PID', mp.spawn 'terminated "
	      "with signal SIGBUS', '<Signals.SIGBUS: 7>', a shell's 'Bus "
	      "error (core dumped)') with no shared-memory text; medium with "
	      "/dev/shm <= 512 MiB, else low",
	  .meaning = "A write into shared memory most likely faulted: "
	      "/dev/shm, not HBM or --mem, ran out.",
	  .next_action = "Check the size of /dev/shm where the job ran (df "
	      "/dev/shm; a container's --shm-size); hold --mem and the batch "
	      "constant, enlarge /dev/shm, and require the SIGBUS to "
	      "disappear.",
	  .match = m_shm_sigbus },
	{ .id = "R-STEP-001", .cause = "step_creation_failure",
	  .boundary = "step", .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'task/cgroup: unable to allocate requested "
	      "memory'; S000 step 5",
	  .signals = "'Unable to create step … Memory required by task is not "
	      "available' (or any other reason); slurmstepd's job manager "
	      "exiting abnormally (could not exec), srun's 'Task launch for "
	      "… failed', a required SPANK plugin (pyxis) failing",
	  .meaning = "The step's memory could not be granted within the job.",
	  .next_action = "Compare the step's --mem with the job's allocation "
	      "and node RealMemory (scontrol show job/node); request the step "
	      "within the job's memory (or the job with more) before debugging "
	      "the application.",
	  .match = m_step_create },
	{ .id = "R-STEP-002", .cause = "step_creation_failure",
	  .boundary = "step", .rclass = RC_INCIDENT,
	  .seeds = "S000 step 5; S001 'Cgroup memory limit set lower than job "
	      "memory request'",
	  .signals = "slurmstepd/slurmd errors creating the step's memory "
	      "cgroup (unless the workload's own failure follows on that "
	      "node: then the step ran), or attaching its tasks to any of its "
	      "cgroups (cpuset, "
	      "devices, memory: a cgroup.procs write failing with an errno, "
	      "'unable to add pids', 'Unable to move pid'), or setting its "
	      "device constraints (devices.allow, the eBPF program); "
	      "typographic quotes read as ASCII",
	  .meaning = "The step's cgroups could not be set up.",
	  .next_action = "Check cgroup.conf and the node's cgroup mounts "
	      "(scontrol show config: TaskPlugin, ProctrackType, "
	      "CgroupPlugin) before debugging the application.",
	  .match = m_cgroup_create },
	{ .id = "R-STEP-003", .cause = "step_creation_failure",
	  .boundary = "step", .rclass = RC_INCIDENT, .seeds = "S000 step 5",
	  .signals = "'Memory specification can not be satisfied' / "
	      "'Requested node configuration is not available', or any reason "
	      "after sbatch's 'Batch job submission failed:', srun's 'Unable "
	      "to allocate resources:' or salloc's 'Job submit/allocate "
	      "failed:' (invalid TRES/GRES, partition, account)",
	  .meaning = "The request cannot be met by any node (memory, GRES, "
	      "partition) or names an invalid resource: nothing ran.",
	  .next_action = "Request at most the node's RealMemory and GRES "
	      "(scontrol show node) in a partition that has them, with no "
	      "empty or misspelt --gres/--gpus value, then resubmit.",
	  .match = m_submit },
};

const size_t	nrules = sizeof(rules) / sizeof(rules[0]);

/* ---- the table as documentation (docs/rules.md) ---- */

static const char *const rclass_names[] = {
	[RC_INCIDENT] = "incident: the earliest initiating event wins",
	[RC_RECORD] = "record: decides only when no incident row fired",
	[RC_FINAL] = "final: last resort when nothing else fired",
	[RC_REFINE] = "refine: names the cause behind a verdict it refines"
};

static const char doc_intro[] =
    "# Diagnosis rules\n"
    "\n"
    "Generated from `rules[]` in `analyze/rules_table.c` by\n"
    "`rules_table_markdown()`; `tests/unit/test_rules.c` compares this file\n"
    "with the table, so the two cannot drift. Seed ids: S000 = the Slurm\n"
    "GPU OOM guide, S001 = the SLURM cgroup-limit entry, S004 = the CUDA\n"
    "OOM guide.\n"
    "\n"
    "## How the verdict is chosen\n"
    "\n"
    "Every row is a predicate over the facts condensed from the merged\n"
    "timeline. Rows come in three classes:\n"
    "\n"
    "- **incident** rows fire on a primary failure line (a kernel or cgroup\n"
    "  OOM kill, slurmstepd's OOM or memory-limit kill, a device allocation\n"
    "  failure, an Xid or CUDA fault, a step or submission failure, a\n"
    "  shared-memory error, a scheduler banner). Among the incident rows\n"
    "  that fire, the one whose initiating event comes first on the merged\n"
    "  timeline wins: the initiating-event rule.\n"
    "- **record** rows read state records only (sacct and scontrol states,\n"
    "  cgroup counters, an nvidia-smi snapshot). They decide only when no\n"
    "  incident row fired, in the order of their priority (lowest first).\n"
    "- **final** rows (`no_incident`, `inconclusive`) decide when nothing\n"
    "  else fired, also by priority.\n"
    "- **refine** rows run after the verdict: when the verdict's cause is\n"
    "  one they refine and their predicate holds (a watch series that grew\n"
    "  steadily up to the failure, another process's memory arriving on the\n"
    "  GPU), they name the cause behind it. The initiating event stays the\n"
    "  failure line.\n"
    "\n"
    "Secondary reports (collective timeouts, a watchdog re-raising an\n"
    "error, launcher errors and the siblings they terminate, Open MPI's\n"
    "abort block, Horovod's shutdown error, srun task exits and step\n"
    "teardown, shell `Killed` echoes) never compete: after the verdict\n"
    "they are reported as the cascade (`nccl_cascade` is never the\n"
    "verdict), folded by what they say, never citing the initiating line\n"
    "itself. Siblings terminated just before a launcher's report of the\n"
    "failed process belong to it too (launchers print the report last).\n"
    "Later primaries of another cause are reported as following the\n"
    "failure, other boundaries as ruled out (with the evidence) or as\n"
    "missing (with what they would decide). Absence rules something out\n"
    "only where the source covers the incident.\n";

/* Markdown-escape the characters the table's prose can contain. */
static void
md_text(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\`*_[]<>|#", *s) != NULL)
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

static void
md_row(FILE *fp, const struct rule *r)
{
	fprintf(fp, "\n## %s\n\n", r->id);
	fprintf(fp, "- **cause:** `%s`\n", r->cause);
	fprintf(fp, "- **boundary:** `%s`\n", r->boundary);
	fprintf(fp, "- **class:** %s", rclass_names[r->rclass]);
	if (r->rclass == RC_RECORD || r->rclass == RC_FINAL)
		fprintf(fp, " (priority %d)", r->prio);
	if (r->refines != NULL)
		fprintf(fp, " (refines `%s`)", r->refines);
	fputs("\n- **seeds:** ", fp);
	md_text(fp, r->seeds);
	fputs("\n- **signals and thresholds:** ", fp);
	md_text(fp, r->signals);
	fputs("\n- **meaning:** ", fp);
	md_text(fp, r->meaning);
	fputs("\n- **next control:** ", fp);
	md_text(fp, r->next_action);
	fputc('\n', fp);
}

enum err_code
rules_table_markdown(FILE *fp, struct err *e)
{
	fputs(doc_intro, fp);
	for (size_t i = 0; i < nrules; i++)
		md_row(fp, &rules[i]);
	if (ferror(fp))
		return ERR(e, ERR_IO, "writing the rules table");
	return ERR_OK;
}
