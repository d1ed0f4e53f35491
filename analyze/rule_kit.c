/*
 * rule_kit: the helpers the decision table's rows share (rules_*.c,
 * series_view.c, usage.c) and the engine (rules.c) uses too: byte
 * figures in words, corroborating evidence, evidence entries for events,
 * a step's name, and secondary findings and missing evidence added to
 * the analysis model. It reads the facts and the timeline only, never
 * the table: the rows depend on the kit, the engine on the rows, never
 * back.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rule_kit.h"
#include "xid_catalog.h"

const char *
fmt_bytes(struct arena *a, int64_t b)
{
	static const char *const u[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB", "EiB" };
	double	 v = (double)b;
	int	 i = 0;

	if (b < 0)
		return "unknown";
	while (v >= 1024 && i < 6) {
		v /= 1024;
		i++;
	}
	return i == 0 ? arena_printf(a, "%" PRId64 " B", b) :
	    arena_printf(a, "%.2f %s", v, u[i]);
}

const char *
kit_dupstr(struct arena *a, struct str s)
{
	return s.p == NULL ? NULL : arena_strndup(a, s.p, s.n);
}

static const struct input *
input_of(const struct facts *f, const struct event *ev, size_t *at)
{
	size_t	i = facts_index_of(f, ev);

	if (at != NULL)
		*at = i;
	return i == (size_t)-1 ? NULL : f->tl->in[i];
}

/* The catalog entry of Xid x as evidence fields, or NULL when the
 * catalog does not list it. */
const struct evidence_xid *
kit_xid_of(struct arena *a, int64_t x)
{
	const struct xid_info	*i = xid_lookup(x);
	struct evidence_xid	*o;

	if (i == NULL || (o = arena_zalloc(a, sizeof(*o))) == NULL)
		return NULL;
	o->code = i->xid;
	o->mnemonic = i->mnemonic;
	o->component = xid_component_name(i->component);
	o->meaning = i->meaning;
	o->action = xid_action_name(i->action);
	o->action_text = xid_action_text(i->action);
	o->immediate = i->immediate;
	o->investigate = i->investigate;
	return o;
}

void
kit_to_evidence(struct arena *a, const struct input *in,
    const struct event *ev, struct evidence *out)
{
	const struct afile	*af = in != NULL && ev->ref.file_id >= 0 &&
				    (size_t)ev->ref.file_id < in->nfiles ?
				    &in->files[ev->ref.file_id] : NULL;

	memset(out, 0, sizeof(*out));
	out->kind = ev_kind_name(ev->kind);
	out->what = kit_dupstr(a, ev_str(ev, "what"));
	out->source = af != NULL ? arena_strdup(a, af->path) : NULL;
	out->input = in != NULL ? arena_strdup(a, in->path) : NULL;
	out->line = ev->ref.line;
	out->text = kit_dupstr(a, ev->text);
	if (out->text == NULL)
		out->text = "";
	out->has_time = ev_has_time(ev);
	out->time_ns = out->has_time ? ev->ts_ns : 0;
	out->time_quality = tsq_name(ev->tsq);
	out->node = arena_strdup(a, ev->node);
	out->rank = ev->rank;
	out->pid = ev->pid;
	out->context = kit_dupstr(a, ev->context);
	out->context_line = ev->context_line;
	out->out_of_order = (ev->flags & EVF_OUT_OF_ORDER) != 0;
	if (ev->kind == EV_XID)
		out->xid = kit_xid_of(a, ev_num_or(ev, "xid", -1));
}

struct evidence *
kit_evidence_of(const struct facts *f, struct arena *a, const struct event *ev)
{
	struct evidence	*e;

	if (ev == NULL || (e = arena_alloc(a, sizeof(*e))) == NULL)
		return NULL;
	kit_to_evidence(a, input_of(f, ev, NULL), ev, e);
	return e;
}

static void
list_of(const struct facts *f, struct arena *a, const struct event *const *v,
    int n, struct evidence_list *out)
{
	out->v = arena_zalloc(a, (size_t)(n > 0 ? n : 1) * sizeof(*out->v));
	out->n = 0;
	for (int i = 0; out->v != NULL && i < n; i++)
		if (v[i] != NULL)
			kit_to_evidence(a, input_of(f, v[i], NULL), v[i],
			    &out->v[out->n++]);
}

void
rmatch_support(struct rmatch *m, const struct event *ev)
{
	if (ev == NULL || ev == m->initiating || m->nsupport >= 8)
		return;
	for (int i = 0; i < m->nsupport; i++)
		if (m->support[i] == ev)
			return;
	m->support[m->nsupport++] = ev;
}

void
evidence_list_of(const struct facts *f, struct arena *a,
    const struct event *const *v, int n, struct evidence_list *out)
{
	list_of(f, a, v, n, out);
}

const char *
host_step_name(struct arena *a, const struct event *sacct)
{
	struct str	st = ev_str(sacct, "step");
	struct str	job_id = ev_str(sacct, "job_id");

	return st.n == 0 ? kit_dupstr(a, job_id) : arena_printf(a,
	    "%.*s.%.*s", (int)job_id.n, job_id.p, (int)st.n, st.p);
}

void
rules_add_finding(const struct facts *f, struct analysis *an,
    const char *cause, const char *rule, const char *summary,
    const struct event *ev)
{
	struct finding	*fd = kit_add_finding(an, cause, rule, summary);

	if (fd != NULL)
		list_of(f, an->arena, &ev, ev != NULL, &fd->evidence);
}

struct finding *
kit_add_finding(struct analysis *an, const char *cause, const char *rule,
    const char *summary)
{
	struct finding	*nf;

	nf = arena_zalloc(an->arena, (an->nsecondary + 1) * sizeof(*nf));
	if (nf == NULL)
		return NULL;
	if (an->nsecondary > 0)
		memcpy(nf, an->secondary, an->nsecondary * sizeof(*nf));
	an->secondary = nf;
	nf = &an->secondary[an->nsecondary++];
	nf->cause = cause;
	nf->rule = rule;
	nf->summary = summary;
	return nf;
}

void
rules_add_missing(struct analysis *an, const char *what, const char *decide)
{
	struct missing	*m;

	m = arena_zalloc(an->arena, (an->nmissing + 1) * sizeof(*m));
	if (m == NULL)
		return;
	if (an->nmissing > 0)
		memcpy(m, an->missing, an->nmissing * sizeof(*m));
	an->missing = m;
	an->missing[an->nmissing].evidence = what;
	an->missing[an->nmissing++].would_decide = decide;
}

/* ---- what several boundaries' rows ask ---- */

int
ev_str_is(const struct event *ev, const char *name, const char *val)
{
	struct str	s = ev == NULL ? str_make(NULL, 0) : ev_str(ev, name);

	return s.p != NULL && str_eq(s, val);
}

const struct words *
kit_words(const struct words *t, const struct event *ev, const char *name)
{
	for (; ev != NULL && t->key != NULL; t++)
		if (ev_str_is(ev, name, t->key))
			return t;
	return NULL;
}

const struct words *
kit_words_key(const struct words *t, const char *key)
{
	for (; key != NULL && t->key != NULL; t++)
		if (strcmp(key, t->key) == 0)
			return t;
	return NULL;
}

const struct words *
kit_words_sig(const struct words *t, const struct event *ev)
{
	for (; ev != NULL && ev->sig != NULL && t->key != NULL; t++)
		if (strcmp(ev->sig, t->key) == 0)
			return t;
	return NULL;
}

const struct event *
kit_first_what(const struct facts *f, enum ev_kind k, const char *what)
{
	for (size_t i = 0; i < f->tl->n; i++)
		if (f->tl->v[i]->kind == k &&
		    ev_str_is(f->tl->v[i], "what", what) &&
		    !facts_foreign(f, f->tl->v[i]))
			return f->tl->v[i];
	return NULL;
}

const struct event *
kit_first_of(const struct facts *f, const enum ev_kind *k, size_t n)
{
	const struct event	*s = NULL;
	size_t			 at = (size_t)-1;

	for (size_t i = 0; i < n; i++)
		if (f->first[k[i]] != NULL && f->first_at[k[i]] < at) {
			s = f->first[k[i]];
			at = f->first_at[k[i]];
		}
	return s;
}

int
kit_after_task_failure(const struct facts *f, const struct event *ev)
{
	return f->first[EV_SRUN_TASK_EXIT] != NULL &&
	    f->first_at[EV_SRUN_TASK_EXIT] < facts_index_of(f, ev);
}

const struct event *
kit_memory_failed(const struct facts *f)
{
	static const enum ev_kind	mem[] = { EV_KERNEL_OOM, EV_STEPD_OOM,
	    EV_STEPD_MEMLIMIT, EV_SRUN_TASK_OOM, EV_ENFORCER_KILL,
	    EV_CUDA_OOM, EV_CUDA_OOM_PLAIN, EV_XLA_OOM };

	return kit_first_of(f, mem, sizeof(mem) / sizeof(mem[0]));
}

int
kit_words_first(const struct facts *f, enum ev_kind k, const struct words *t,
    const char *reason, struct rmatch *m)
{
	const struct event	*s = f->first[k];

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = reason;
	kit_words_apply(kit_words(t, s, "what"), m);
	return 1;
}

int
kit_words_apply(const struct words *w, struct rmatch *m)
{
	if (w == NULL)
		return 0;
	if (w->detail != NULL)
		m->detail = w->detail;
	if (w->reason != NULL)
		m->confidence_reason = w->reason;
	if (w->next != NULL)
		m->next_action = w->next;
	return 1;
}

/* A SIGKILL, for R-HOST-009 and R-OTHER-002: the first sacct row
 * ending on signal 9. */
const struct event *
sacct_sigkill(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++)
		if (ev_num_or(f->steps[i].sacct, "exit_signal", 0) == 9)
			return f->steps[i].sacct;
	return NULL;
}

/* The first report of a SIGKILL: a launcher or framework, the shell, srun,
 * or an sacct row ending on signal 9. */
const struct event *
sigkill_event(const struct facts *f)
{
	const struct event	*s = f->sigkill, *t = f->first[EV_SHELL_KILLED];

	if (t != NULL && (s == NULL ||
	    facts_index_of(f, t) < facts_index_of(f, s)))
		s = t;
	/* srun's step teardown ("Terminating StepId", "Force Terminated")
	 * follows any task's end: a kill only when no task is reported to
	 * have ended by SIGTERM before it (then the teardown is its echo,
	 * not a SIGKILL of its own) */
	for (size_t i = 0; i < f->tl->n && (s == NULL ||
	    i < facts_index_of(f, s)); i++) {
		const struct event	*ev = f->tl->v[i];

		if (facts_foreign(f, ev))
			continue;
		if (ev->kind == EV_PEER_TERMINATED &&
		    ev_str_is(ev, "what", "srun_sigterm"))
			break;
		/* the banner that names the task failure is never a kill of
		 * its own */
		if (ev->kind == EV_SRUN_TASK_KILLED &&
		    !ev_str_is(ev, "what", "task_failure")) {
			s = ev;
			break;
		}
	}
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
		    ev_str_is(ev, "level", "task"))
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
int
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

const struct event *
kit_gpu_broken(const struct facts *f)
{
	static const char *const sigs[] = { "nvrm.fallen_off_bus",
	    "nvrm.gpu_lost", "nvrm.reset_required",
	    "nvrm.rm_init_adapter_failed", "S-NVSMI-GPU-LOST",
	    "S-SLURM-NVML-GPU-LOST",
	    "amdgpu.page_fault", "amdgpu.ras_uncorrectable",
	    "amdgpu.init_failed", "amdgpu.ring_timeout", "amdgpu.gpu_reset",
	    "pcie.aer_fatal" };

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*d = f->tl->v[i];

		if (d->kind != EV_GPU_DRIVER_ERROR || d->sig == NULL ||
		    facts_foreign(f, d))
			continue;
		for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
			if (strcmp(d->sig, sigs[k]) == 0)
				return d;
	}
	return NULL;
}

struct str
kit_numa_constraint(const struct event *k)
{
	struct str	c = ev_str(k, "constraint");

	if (k != NULL && (str_eq(c, "CONSTRAINT_MEMORY_POLICY") ||
	    str_eq(c, "CONSTRAINT_CPUSET")))
		return c;
	return str_make(NULL, 0);
}
