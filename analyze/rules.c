/*
 * rules: evaluate the decision table and fill the analysis model.
 *
 * The verdict follows DESIGN.md's initiating-event rule: among the rows
 * that fire on an incident line, the one whose initiating event comes
 * first on the merged timeline wins (secondary reports — collective
 * timeouts, launcher errors, task-exit echoes — never compete). Only when
 * no incident line exists do rows that read state records (sacct,
 * cgroup counters, a GPU snapshot) decide, in their table priority; then
 * the final rows (no_incident, inconclusive). Whatever did not win is
 * reported: later primaries and the cascade as secondary findings, the
 * other boundaries as ruled out (with the evidence that rules them out)
 * or as missing (with what they would have decided). Absence counts as
 * evidence only where the source covers the incident.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"

#define NS		1000000000LL
#define MAX_TIMELINE	20000	/* events kept in the model's timeline */

/* ---- choosing the verdict ---- */

static const struct rule *
pick(const struct facts *f, struct arena *a, struct rmatch *best)
{
	const struct rule	*win = NULL;
	struct rmatch		 m;
	size_t			 at, best_at = (size_t)-1;
	int			 best_prio = 1 << 30;

	for (size_t i = 0; i < rules_count(); i++) {
		if (rule_at(i)->rclass != RC_INCIDENT)
			continue;
		memset(&m, 0, sizeof(m));
		if (!rule_at(i)->match(f, a, &m) || m.initiating == NULL)
			continue;
		at = facts_index_of(f, m.initiating);
		if (win == NULL || at < best_at) {
			win = rule_at(i);
			best_at = at;
			*best = m;
		}
	}
	for (int cls = RC_RECORD; win == NULL && cls <= RC_FINAL; cls++)
		for (size_t i = 0; i < rules_count(); i++) {
			if ((int)rule_at(i)->rclass != cls ||
			    rule_at(i)->prio >= best_prio)
				continue;
			memset(&m, 0, sizeof(m));
			if (!rule_at(i)->match(f, a, &m))
				continue;
			win = rule_at(i);
			best_prio = rule_at(i)->prio;
			*best = m;
		}
	return win;
}

static int
refines(const char *list, const char *cause)
{
	size_t	n = strlen(cause);

	for (const char *p = list; p != NULL && *p != '\0';) {
		const char	*end = strchr(p, ',');
		size_t		 len = end != NULL ? (size_t)(end - p) :
				    strlen(p);

		if (len == n && strncmp(p, cause, n) == 0)
			return 1;
		p = end != NULL ? end + 1 : NULL;
	}
	return 0;
}

/* The cause behind the verdict, when a refining row names one: the
 * initiating event stays; the details join. */
static const struct rule *
refine(const struct facts *f, struct arena *a, const struct rule *r,
    struct rmatch *m)
{
	struct rmatch	rm;

	for (size_t i = 0; r != NULL && i < rules_count(); i++) {
		if (rule_at(i)->rclass != RC_REFINE ||
		    !refines(rule_at(i)->refines, r->cause))
			continue;
		rm = *m;
		rm.detail = NULL;
		if (!rule_at(i)->match(f, a, &rm))
			continue;
		rm.detail = arena_printf(a, "%s%s%s", m->detail != NULL ?
		    m->detail : "", m->detail != NULL ? " " : "",
		    rm.detail != NULL ? rm.detail : "");
		*m = rm;
		return rule_at(i);
	}
	return r;
}

/* ---- secondary: corroboration, later primaries, the cascade ---- */

/* Reports from the other processes of a distributed job: collective
 * timeouts and errors, launcher reports, siblings the launcher
 * terminated, survivors that saw a peer go. */
static int
is_collective(enum ev_kind k)
{
	return k == EV_NCCL_TIMEOUT || k == EV_NCCL_ERROR ||
	    k == EV_CHILD_FAILED || k == EV_LAUNCHER_EXIT ||
	    k == EV_PEER_TERMINATED || k == EV_PEER_LOST;
}

static int
is_cascade(enum ev_kind k)
{
	return is_collective(k) || k == EV_SRUN_TASK_EXIT ||
	    k == EV_SRUN_TASK_KILLED || k == EV_SHELL_KILLED ||
	    k == EV_OOM_REAPER;
}

static int
scheduler_kill(const struct event *init)
{
	return init != NULL && (init->kind == EV_TIME_LIMIT ||
	    init->kind == EV_PREEMPTED || init->kind == EV_CANCELLED);
}

/* Which cascade finding a downstream line joins: the nccl_cascade (1) or
 * the echoes of the kill (0). Siblings terminated after a scheduler's
 * kill were terminated by that kill, not because a peer died. */
static int
peer_side(const struct event *init, enum ev_kind k)
{
	return is_collective(k) && !(k == EV_PEER_TERMINATED &&
	    scheduler_kill(init));
}

static int
same_line(const struct facts *f, size_t a, size_t b)
{
	const struct event	*x = f->tl->v[a], *y = f->tl->v[b];

	return f->tl->in[a] == f->tl->in[b] &&
	    x->ref.file_id == y->ref.file_id && x->ref.line != 0 &&
	    x->ref.line == y->ref.line;
}

#define TEARDOWN_SLACK_NS	(60 * NS)

/* Launchers terminate the siblings before they print which process
 * failed (DeepSpeed's and torch.distributed.launch's sigkill_handler, a
 * worker's traceback flushed after the agent's SIGTERMs): the sibling
 * terminations right before the initiating line, in the same file, with
 * nothing but other terminations or the launcher's report between them
 * and within a minute when both are timed, belong to its cascade.
 * Returns the first one's index, or from when there is none. */
static size_t
teardown_start(const struct facts *f, size_t from)
{
	const struct event	*init = f->tl->v[from], *ev;
	size_t			 lo = from;

	for (size_t i = from; i-- > 0;) {
		ev = f->tl->v[i];
		if ((ev->kind != EV_PEER_TERMINATED &&
		    ev->kind != EV_LAUNCHER_EXIT) ||
		    f->tl->in[i] != f->tl->in[from] ||
		    ev->ref.file_id != init->ref.file_id ||
		    facts_foreign(f, ev))
			break;
		if (ev_has_time(ev) && ev_has_time(init) &&
		    (init->ts_ns - ev->ts_ns > TEARDOWN_SLACK_NS ||
		    ev->ts_ns - init->ts_ns > TEARDOWN_SLACK_NS))
			break;
		lo = i;
	}
	return lo;
}

#define WATCHDOG_LINE	"watchdog thread terminated with exception"

/* The initiating report again: the same line printed once more, or the
 * same rank's watchdog re-raising what its own watchdog line (the
 * initiating one) already said. */
static int
repeats_init(const struct event *init, const struct event *ev)
{
	if (ev->text.n == init->text.n &&
	    memcmp(ev->text.p, init->text.p, ev->text.n) == 0)
		return 1;
	return str_eq(ev_str(ev, "what"), "watchdog_terminated") &&
	    str_find(init->text, WATCHDOG_LINE) != NULL &&
	    ev->rank == init->rank;
}

/* Is timeline entry i part of the cascade of the event at from (lo from
 * teardown_start)? The initiating line itself never is, even when a
 * second event was read from it (a watchdog line carrying the rank's own
 * CUDA error), nor is a repeat of it. */
/* A launcher's teardown that names the initiating kill's victim
 * ("Killing subprocess 410126" beside the kernel's "Killed process
 * 410126", or mpirun's "noticed that process rank 38 with PID 94191"
 * beside "Killed process 94191"): whatever the clocks say (an untimed
 * log beside a timed kernel log), that teardown came after the kill,
 * and every termination of its block (the same file, within 64 lines)
 * with it. Returns its index, or (size_t)-1. */
static size_t
victim_teardown(const struct facts *f, size_t from)
{
	const struct event	*init = f->tl->v[from];

	if (init->pid <= 0 || (init->kind != EV_KERNEL_OOM &&
	    init->kind != EV_CHILD_KILLED))
		return (size_t)-1;
	for (size_t j = 0; j < f->tl->n; j++) {
		const struct event *ev = f->tl->v[j];

		if ((ev->kind == EV_PEER_TERMINATED && ev->pid == init->pid) ||
		    (ev->kind == EV_LAUNCHER_EXIT &&
		    ev_num_or(ev, "mpi_pid", -1) == init->pid))
			return j;
	}
	return (size_t)-1;
}

static int
near_teardown(const struct facts *f, size_t vt, size_t i)
{
	const struct event	*e, *t = f->tl->v[i];

	if (vt == (size_t)-1)
		return 0;
	e = f->tl->v[vt];
	return f->tl->in[vt] == f->tl->in[i] &&
	    e->ref.file_id == t->ref.file_id &&
	    (e->ref.line > t->ref.line ? e->ref.line - t->ref.line :
	    t->ref.line - e->ref.line) < 64;
}

/* slurmstepd counts a step's oom-kill events when the step ends, so the
 * kill came before its line: the reports of the killed task and of the
 * other ranks stopping that the same output printed before the count
 * (mpirun's "noticed that process rank N ... exited on signal 9", srun's
 * task exits) followed the kill, back to the previous count in that
 * file. Returns the first such line's index, or from. */
static int
earlier_in_file(const struct facts *f, size_t i, size_t from)
{
	const struct event	*x = f->tl->v[i], *y = f->tl->v[from];

	return f->tl->in[i] == f->tl->in[from] &&
	    x->ref.file_id == y->ref.file_id && x->ref.line < y->ref.line;
}

static size_t
retro_start(const struct facts *f, size_t from)
{
	const struct event	*ev;
	size_t			 lo = from;

	if (f->tl->v[from]->kind != EV_STEPD_OOM)
		return from;
	for (size_t i = from; i-- > 0;) {
		ev = f->tl->v[i];
		if (!earlier_in_file(f, i, from))
			continue;
		if (ev->kind == EV_STEPD_OOM)
			break;
		if (is_cascade(ev->kind) && !facts_foreign(f, ev))
			lo = i;
	}
	return lo;
}

/* A launcher's own report that its task failed is another file, often
 * untimed: only one timed clearly before the failure is not its echo. */
static int
workflow_report(const struct event *init, const struct event *ev)
{
	if (!launcher_own_report(ev))
		return 0;
	return !(ev_has_time(ev) && ev_has_time(init) &&
	    init->ts_ns - ev->ts_ns > TEARDOWN_SLACK_NS);
}

/* The cascade's bounds for one initiating event (at from): the first
 * sibling termination before it (teardown_start), the teardown that
 * names its victim, and for a count printed after the fact the first
 * report before it (retro_start). */
struct cbounds {
	size_t	from, lo, vt, rlo;
};

static int
in_cascade(const struct facts *f, const struct cbounds *cb, size_t i)
{
	enum ev_kind	k = f->tl->v[i]->kind;
	size_t		from = cb->from;

	if (i == from || !is_cascade(k) || same_line(f, i, from) ||
	    facts_foreign(f, f->tl->v[i]) ||
	    repeats_init(f->tl->v[from], f->tl->v[i]))
		return 0;
	if (i > from || workflow_report(f->tl->v[from], f->tl->v[i]))
		return 1;
	if (i >= cb->rlo && earlier_in_file(f, i, from))
		return 1;
	return k == EV_PEER_TERMINATED && (i >= cb->lo ||
	    near_teardown(f, cb->vt, i));
}

static struct cbounds
cbounds_of(const struct facts *f, size_t from, size_t lo)
{
	return (struct cbounds){ from, lo, victim_teardown(f, from),
	    retro_start(f, from) };
}

/* The line's short name in a fold: the catalog row's tag, else the
 * event kind. */
static struct str
fold_name(const struct event *ev)
{
	struct str	w = ev_str(ev, "what");

	return w.n > 0 ? w : str_cstr(ev_kind_name(ev->kind));
}

static int
str_same(struct str a, struct str b)
{
	return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

#define FOLD_MAX	16

struct fold {
	const struct event	*first;
	size_t			 n;
};

/* The rank that stopped first: the initiating event's own rank when
 * there is one (init not NULL; a launcher's report after a primary line
 * may name a rank that only failed in the collective), else, with only
 * the cascade visible, the root cause of a ChildFailedError report, else
 * the first launcher or srun report that names a rank or task. */
static const char *
first_stopped(struct arena *a, const struct event *init,
    const struct event *const *v, size_t n)
{
	const struct event	*best = NULL;
	int64_t			 r;

	if (init != NULL)
		return init->rank < 0 ? NULL : arena_printf(a, "rank %d%s%s",
		    init->rank, init->node != NULL ? " on " : "",
		    init->node != NULL ? init->node : "");
	for (size_t i = 0; i < n && best == NULL; i++)
		if (v[i]->kind == EV_CHILD_FAILED && v[i]->rank >= 0)
			best = v[i];
	for (size_t i = 0; i < n && best == NULL; i++)
		if ((v[i]->kind == EV_LAUNCHER_EXIT ||
		    v[i]->kind == EV_SRUN_TASK_EXIT) && (v[i]->rank >= 0 ||
		    ev_num(v[i], "local_rank", &r) == 0 ||
		    ev_field(v[i], "task") != NULL))
			best = v[i];
	if (best == NULL)
		return NULL;
	if (best->rank >= 0)
		return arena_printf(a, "rank %d%s%s", best->rank,
		    best->node != NULL ? " on " : "",
		    best->node != NULL ? best->node : "");
	if (ev_num(best, "local_rank", &r) == 0)
		return arena_printf(a, "local rank %" PRId64 "%s%s", r,
		    best->node != NULL ? " on " : "",
		    best->node != NULL ? best->node : "");
	return arena_printf(a, "task %.*s%s%s", (int)ev_str(best, "task").n,
	    ev_str(best, "task").p, best->node != NULL ? " on " : "",
	    best->node != NULL ? best->node : "");
}

/* srun's reports of tasks that exited on their own (an exit code, not a
 * signal) after the initiating event, naming two tasks or more: the
 * other ranks stopping because one failed, the cascade, not echoes of
 * the one failure. */
static int
srun_peers(const struct facts *f, const struct cbounds *cb, int only)
{
	struct str	first = { NULL, 0 };

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*e = f->tl->v[i];
		struct str		 t;

		if (e->kind != EV_SRUN_TASK_EXIT || (only ?
		    facts_foreign(f, e) : !in_cascade(f, cb, i)))
			continue;
		t = ev_str(e, "task");
		if (t.p == NULL)
			continue;
		if (memchr(t.p, '-', t.n) != NULL ||
		    memchr(t.p, ',', t.n) != NULL)
			return 1;
		if (first.p == NULL)
			first = t;
		else if (!str_same(first, t))
			return 1;
	}
	return 0;
}

/* A verdict that is itself a kill of the job's processes (by the OOM
 * killer, a memory enforcer, the scheduler): srun's and the shell's
 * "Killed" after it echo that kill. */
static int
kill_cause(const char *cause)
{
	return cause == NULL || strcmp(cause, "host_oom") == 0 ||
	    strcmp(cause, "time_limit") == 0 ||
	    strcmp(cause, "memory_stall") == 0 ||
	    strcmp(cause, "inconclusive") == 0;
}

/* Downstream reports of the initiating event: collective timeouts and
 * errors, launcher reports, terminated siblings and survivors that lost a
 * peer are the nccl_cascade; kill echoes (shell "Killed", srun task exits
 * and step teardown, the oom_reaper) follow the verdict's own cause. The
 * lines are folded by what they say (the catalog row's tag, else the
 * kind): one cited line per fold, the counts in the summary. only: the
 * verdict is inconclusive because nothing but the cascade is visible:
 * every such line of the job is the cascade, wherever it stands. */
static void
cascade_finding(const struct facts *f, struct analysis *an,
    const struct event *init, int collective, const char *cause, int only)
{
	const struct event	*ev[FOLD_MAX], *all[64];
	struct fold		 fo[FOLD_MAX];
	size_t			 from = facts_index_of(f, init), nall = 0;
	int			 nfo = 0, total = 0, j, peers, kills;
	struct finding		*fd;
	const char		*who, *list = "";
	struct cbounds		 cb;

	cb = cbounds_of(f, from, only ? 0 : teardown_start(f, from));
	peers = !scheduler_kill(init) && srun_peers(f, &cb, only);
	/* After a failure that is no kill of its own (a step that could not
	 * launch on one node, a device fault), srun's "task N: Killed" is
	 * srun ending the step's other tasks: the cascade, not an echo. */
	kills = kill_cause(cause);
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *e = f->tl->v[i];

		if (only ? !is_cascade(e->kind) || facts_foreign(f, e) :
		    !in_cascade(f, &cb, i))
			continue;
		if ((peer_side(init, e->kind) ||
		    (peers && e->kind == EV_SRUN_TASK_EXIT) ||
		    (!kills && !scheduler_kill(init) &&
		    e->kind == EV_SRUN_TASK_KILLED)) != collective)
			continue;
		total++;
		if (nall < sizeof(all) / sizeof(all[0]))
			all[nall++] = e;
		for (j = 0; j < nfo && !str_same(fold_name(fo[j].first),
		    fold_name(e)); j++)
			;
		if (j < nfo)
			fo[j].n++;
		else if (nfo < FOLD_MAX)
			fo[nfo++] = (struct fold){ e, 1 };
	}
	if (total == 0)
		return;
	for (j = 0; j < nfo; j++) {
		struct str nm = fold_name(fo[j].first);

		ev[j] = fo[j].first;
		list = arena_printf(an->arena, "%s%s%zu × %.*s", list,
		    j > 0 ? ", " : "", fo[j].n, (int)nm.n, nm.p);
	}
	who = first_stopped(an->arena, only ? NULL : init, all, nall);
	if (collective && only)
		fd = kit_add_finding(an, "nccl_cascade", "R-CASCADE-001",
		    arena_printf(an->arena, "Only the cascade is visible: %d "
		    "downstream line%s from processes that waited for or were "
		    "terminated after one that failed (%s). %s%s%s",
		    total, total == 1 ? "" : "s", list, who != NULL ?
		    "The first failure the launchers report: " : "The "
		    "process that stopped first is not named in these lines; "
		    "its own log would decide.", who != NULL ? who : "",
		    who != NULL ? "." : ""));
	else if (collective)
		fd = kit_add_finding(an, "nccl_cascade", "R-CASCADE-001",
		    arena_printf(an->arena, "%d downstream line%s of the "
		    "initiating event%s%s (%s): ranks that waited for, "
		    "re-raised or were terminated after the failure, and "
		    "launchers reporting it; not a second cause.%s%s%s", total,
		    total == 1 ? "" : "s",
		    init->node ? " on " : "", init->node ? init->node : "",
		    list, who != NULL ? " Stopped first: " : "",
		    who != NULL ? who : "", who != NULL ? "." : ""));
	else
		fd = kit_add_finding(an, cause, "R-CASCADE-002",
		    arena_printf(an->arena, "%d later line%s echo%s the kill "
		    "(shell \"Killed\", srun task exits and step teardown, the "
		    "OOM reaper): %s.", total, total == 1 ? "" : "s",
		    total == 1 ? "es" : "", list));
	if (fd != NULL)
		evidence_list_of(f, an->arena, ev, nfo, &fd->evidence);
}

/* With only downstream lines visible, they are a cascade when other
 * processes were terminated or lost a peer; a rank's own timeouts or a
 * launcher's one report of the process that died can as well be the
 * failure itself (a hang, a kill) and are cited as the verdict's. */
static int
peers_went(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if ((ev->kind == EV_PEER_TERMINATED ||
		    ev->kind == EV_PEER_LOST) && !facts_foreign(f, ev))
			return 1;
	}
	return 0;
}

static void
cascade(const struct facts *f, struct analysis *an, const struct event *init,
    const struct rule *r)
{
	if (init == NULL)
		return;
	if (strcmp(r->cause, "inconclusive") == 0) {
		if (is_cascade(init->kind) && peers_went(f))
			cascade_finding(f, an, init, 1, r->cause, 1);
		return;
	}
	cascade_finding(f, an, init, 1, r->cause, 0);
	cascade_finding(f, an, init, 0, r->cause, 0);
}

static const char *
cause_of_kind(enum ev_kind k)
{
	switch (k) {
	case EV_KERNEL_OOM: case EV_STEPD_OOM: case EV_STEPD_MEMLIMIT:
	case EV_SRUN_EXCEEDED: case EV_ENFORCER_KILL:
		return "host_oom";
	case EV_CUDA_OOM: case EV_CUDA_OOM_PLAIN: case EV_XLA_OOM:
		return "cuda_oom_exhaustion";
	case EV_CUDA_FAULT:
		return "xid_fault";
	case EV_GPU_BUSY:
		return "gpu_other_tenant";
	case EV_CUDA_STACK:
		return "not_oom_other";
	case EV_SHM_ERROR: case EV_BUS_ERROR:
		return "shm_limit";
	case EV_STEP_CREATE_FAIL: case EV_CGROUP_CREATE_FAIL:
		return "step_creation_failure";
	case EV_TIME_LIMIT: case EV_PREEMPTED:
		return "time_limit";
	case EV_NODE_FAIL: case EV_STORAGE_FULL:
		return "not_oom_other";
	default:
		return NULL;
	}
}

/* Primary events of another cause that came after the initiating one. */
static void
later_primaries(const struct facts *f, struct analysis *an,
    const struct event *init, const char *cause)
{
	const char	*seen[16];
	int		 nseen = 0;
	size_t		 from = init ? facts_index_of(f, init) : 0;

	for (size_t i = init ? from + 1 : 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];
		const char *c = facts_alloc_nonsense(ev) ? "not_oom_other" :
		    cause_of_kind(ev->kind);
		struct finding *fd;
		int dup = 0;

		if (c == NULL || strcmp(c, cause) == 0 || facts_foreign(f, ev))
			continue;
		/* A framework's second line for the same device allocation
		 * failure (XLA's error after its BFC report) is no later
		 * cause of a device OOM verdict. */
		if (strncmp(cause, "cuda_oom", 8) == 0 &&
		    strncmp(c, "cuda_oom", 8) == 0)
			continue;
		for (int j = 0; j < nseen; j++)
			dup |= strcmp(seen[j], c) == 0;
		if (dup || nseen == 16)
			continue;
		seen[nseen++] = c;
		fd = kit_add_finding(an, c, "R-LATER-001", arena_printf(an->arena,
		    "A %s signal appears after the initiating event; it "
		    "followed the failure and is not its cause.", c));
		if (fd != NULL)
			evidence_list_of(f, an->arena, &ev, 1, &fd->evidence);
	}
}

static void
support_finding(const struct facts *f, struct analysis *an,
    const struct rule *r, const struct rmatch *m)
{
	struct finding	*fd;

	if (m->nsupport == 0)
		return;
	fd = kit_add_finding(an, r->cause, r->id, "Corroborating evidence from "
	    "other sources.");
	if (fd != NULL)
		evidence_list_of(f, an->arena, m->support, m->nsupport, &fd->evidence);
}

/* ---- host quantities and the effective-limit reasoning ---- */

static const struct step_fact *
failing_step(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++)
		if (f->steps[i].sacct == f->oom_step)
			return &f->steps[i];
	return NULL;
}

static const struct step_fact *
job_step(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++)
		if (ev_str(f->steps[i].sacct, "step").n == 0)
			return &f->steps[i];
	return NULL;
}

/* The cluster default the request equals, in bytes, or -1: scontrol
 * show config's DefMemPerNode, or DefMemPerCPU times the job's CPUs. */
static int64_t
default_mem(const struct facts *f, const struct step_fact *j)
{
	const struct event	*cfg = f->first[EV_SCONTROL_CONFIG];
	int64_t			 mb, cpus = step_num(j, "ncpus");
	struct str		 v;

	if (cfg == NULL)
		return -1;
	v = str_trim(ev_str(cfg, "DefMemPerNode"));
	if (str_to_i64(v, &mb) == 0 && mb > 0)
		return mb << 20;
	v = str_trim(ev_str(cfg, "DefMemPerCPU"));
	if (str_to_i64(v, &mb) == 0 && mb > 0 && cpus > 0)
		return (mb << 20) * cpus;
	return -1;
}

static void
limit_findings(const struct facts *f, struct analysis *an)
{
	const struct step_fact	*j = job_step(f), *s = failing_step(f);
	int64_t			 req, lim, rss, tasks, node_mem;
	struct finding		*fd;
	const struct event	*ev[2];

	if (j == NULL)
		return;
	req = step_num(j, "req_mem_bytes");
	lim = j->cg_limit_bytes;
	if (req > 0 && lim > 0 && lim < req - req / 100) {
		fd = kit_add_finding(an, "host_oom", "R-LIMIT-001", arena_printf(
		    an->arena, "The cgroup's actual limit (%s) is lower than "
		    "the job's request (%s): the boundary that failed is "
		    "tighter than what was asked.", fmt_bytes(an->arena, lim),
		    fmt_bytes(an->arena, req)));
		ev[0] = j->cg_limit;
		ev[1] = j->sacct;
		if (fd != NULL)
			evidence_list_of(f, an->arena, ev, 2, &fd->evidence);
	}
	if (req > 0 && req == default_mem(f, j)) {
		fd = kit_add_finding(an, "host_oom", "R-LIMIT-002", arena_printf(
		    an->arena, "The job's %s request equals the cluster's "
		    "default (DefMemPerNode/DefMemPerCPU): if the job did not "
		    "ask for memory, the default set the boundary that failed.",
		    fmt_bytes(an->arena, req)));
		ev[0] = j->sacct;
		ev[1] = f->first[EV_SCONTROL_CONFIG];
		if (fd != NULL)
			evidence_list_of(f, an->arena, ev, 2, &fd->evidence);
	}
	if (s != NULL && s != j && j->sacct != NULL &&
	    str_eq(ev_str(j->sacct, "state"), "COMPLETED")) {
		fd = kit_add_finding(an, "host_oom", "R-LIMIT-003", "The job ended "
		    "COMPLETED, but one of its steps was OUT_OF_MEMORY: the "
		    "step's processes were killed; it is still an incident.");
		ev[0] = s->sacct;
		ev[1] = j->sacct;
		if (fd != NULL)
			evidence_list_of(f, an->arena, ev, 2, &fd->evidence);
	}
	if (s == NULL)
		s = j;
	rss = step_num(s, "max_rss_bytes");
	tasks = step_num(s, "ntasks");
	node_mem = ev_num_or(f->scontrol_node, "real_memory_bytes", -1);
	if (tasks > 1 && rss > 0 && (req > 0 || node_mem > 0) &&
	    tasks * rss > (req > 0 ? req : node_mem) * 8 / 10) {
		fd = kit_add_finding(an, "host_oom", "R-LIMIT-004", arena_printf(
		    an->arena, "%" PRId64 " tasks per step × %s per task "
		    "(MaxRSS) is %s, close to or above the %s limit: per-rank "
		    "duplication of host memory.", tasks,
		    fmt_bytes(an->arena, rss),
		    fmt_bytes(an->arena, tasks * rss),
		    fmt_bytes(an->arena, req > 0 ? req : node_mem)));
		if (fd != NULL)
			evidence_list_of(f, an->arena, &s->sacct, 1, &fd->evidence);
	}
}

static void
host_quantities(const struct facts *f, struct analysis *an)
{
	int64_t			 node_mem = ev_num_or(f->scontrol_node,
				    "real_memory_bytes", -1);
	const struct step_fact	*job = job_step(f);

	an->host = arena_zalloc(an->arena, (size_t)(f->nsteps + 1) *
	    sizeof(*an->host));
	if (an->host == NULL)
		return;
	for (int i = 0; i < f->nsteps; i++) {
		const struct step_fact *s = &f->steps[i];
		const struct event *ev = s->sacct;
		struct host_q *q = &an->host[an->nhost++];

		q->step = host_step_name(an->arena, ev);
		q->node = kit_dupstr(an->arena, ev_str(ev, "node_list"));
		q->state = kit_dupstr(an->arena, ev_str(ev, "state"));
		q->exit_code = arena_printf(an->arena, "%" PRId64 ":%" PRId64,
		    ev_num_or(ev, "exit_code", 0), ev_num_or(ev, "exit_signal", 0));
		/* A step without its own request runs within the job's. */
		q->req_mem_bytes = step_num(s, "req_mem_bytes");
		q->req_mem_per = kit_dupstr(an->arena, ev_str(ev, "req_mem_per"));
		if (q->req_mem_bytes < 0 && job != NULL && job != s) {
			q->req_mem_bytes = step_num(job, "req_mem_bytes");
			q->req_mem_per = kit_dupstr(an->arena,
			    ev_str(job->sacct, "req_mem_per"));
		}
		/* Accounting that lags (a job still PENDING in slurmdbd
		 * while it runs) says ReqMem 0: scontrol's record of the
		 * running job holds the request. */
		if (q->req_mem_bytes <= 0 && ev_num_or(f->scontrol_job,
		    "min_memory_node_bytes", -1) > 0) {
			q->req_mem_bytes = ev_num_or(f->scontrol_job,
			    "min_memory_node_bytes", -1);
			q->req_mem_per = "node";
		}
		q->cgroup_limit_bytes = s->cg_limit_bytes;
		q->cgroup_peak_bytes = s->cg_peak_bytes;
		q->max_rss_bytes = step_num(s, "max_rss_bytes");
		q->tasks = step_num(s, "ntasks");
		q->oom_kills = s->oom_kills;
		q->node_mem_bytes = node_mem;
	}
}

static const char *const snap_before[SNAP_BEFORE][2] = {
	{ "before_oom_0_action", "before_oom_0_bytes" },
	{ "before_oom_1_action", "before_oom_1_bytes" },
	{ "before_oom_2_action", "before_oom_2_bytes" },
	{ "before_oom_3_action", "before_oom_3_bytes" },
	{ "before_oom_4_action", "before_oom_4_bytes" },
	{ "before_oom_5_action", "before_oom_5_bytes" },
	{ "before_oom_6_action", "before_oom_6_bytes" },
	{ "before_oom_7_action", "before_oom_7_bytes" },
};

/* One "SIZE:a1,f2,..." segment of the event's segment_map into q. */
static int
segmap_one(struct arena *a, struct str t, struct snap_seg_q *q)
{
	const char	*p = t.p, *end = t.p + t.n, *colon;
	size_t		 cap = 1, k;
	int64_t		 v;

	if ((colon = memchr(p, ':', t.n)) == NULL ||
	    str_to_i64(str_make(p, (size_t)(colon - p)), &v) != 0)
		return -1;
	q->size_bytes = v;
	for (const char *c = colon; c < end; c++)
		cap += *c == ',';
	if ((q->blocks = arena_zalloc(a, cap * sizeof(*q->blocks))) == NULL)
		return -1;
	for (p = colon + 1; p < end && q->nblocks < cap; p += k + 1) {
		const char *comma = memchr(p, ',', (size_t)(end - p));

		k = comma != NULL ? (size_t)(comma - p) : (size_t)(end - p);
		if (k < 2 || str_to_i64(str_make(p + 1, k - 1), &v) != 0)
			return -1;
		q->blocks[q->nblocks].size_bytes = v;
		q->blocks[q->nblocks++].state = *p == 'f' ? "free" :
		    *p == 'm' ? "mixed" : "allocated";
	}
	return 0;
}

static void
segmap_q(struct arena *a, struct str t, struct alloc_snap_q *s)
{
	size_t		 n = t.n > 0, k;
	const char	*p = t.p, *end = t.p + t.n;

	for (size_t i = 0; i < t.n; i++)
		n += t.p[i] == ';';
	if (n == 0 || (s->segment_map = arena_zalloc(a, n *
	    sizeof(*s->segment_map))) == NULL)
		return;
	for (; p < end && s->nsegment_map < n; p += k + 1) {
		const char *semi = memchr(p, ';', (size_t)(end - p));

		k = semi != NULL ? (size_t)(semi - p) : (size_t)(end - p);
		if (segmap_one(a, str_make(p, k),
		    &s->segment_map[s->nsegment_map]) == 0)
			s->nsegment_map++;
	}
}

/* An allocator snapshot event as the model's numbers. */
static struct alloc_snap_q *
snap_q(const struct facts *f, struct arena *a, const struct event *ev)
{
	struct alloc_snap_q	*s = arena_zalloc(a, sizeof(*s));
	struct evidence		*src = kit_evidence_of(f, a, ev);
	int64_t			 nb = ev_num_or(ev, "before_oom", 0);

	if (s == NULL)
		return NULL;
	s->source = src != NULL ? src->source : NULL;
	s->segments = ev_num_or(ev, "segments", -1);
	s->reserved_bytes = ev_num_or(ev, "reserved_bytes", -1);
	s->allocated_bytes = ev_num_or(ev, "allocated_bytes", -1);
	s->active_bytes = ev_num_or(ev, "active_bytes", -1);
	s->blocks = ev_num_or(ev, "blocks", -1);
	s->free_blocks = ev_num_or(ev, "free_blocks", -1);
	s->free_bytes = ev_num_or(ev, "free_bytes", -1);
	s->largest_free_block_bytes = ev_num_or(ev,
	    "largest_free_block_bytes", -1);
	s->inactive_split_bytes = ev_num_or(ev, "inactive_split_bytes", -1);
	s->expandable_segment_count = ev_num_or(ev,
	    "expandable_segment_count", -1);
	s->trace_entries = ev_num_or(ev, "trace_entries", -1);
	s->oom_requested_bytes = ev_num_or(ev, "oom_requested_bytes", -1);
	s->oom_device_free_bytes = ev_num_or(ev, "oom_device_free_bytes", -1);
	s->expandable_segments = (int)ev_num_or(ev, "expandable_segments", -1);
	s->max_split_size_bytes = ev_num_or(ev, "max_split_size_bytes", -1);
	s->gc_threshold_permille = ev_num_or(ev, "gc_threshold_permille", -1);
	segmap_q(a, ev_str(ev, "segment_map"), s);
	for (int64_t i = 0; i < nb && i < SNAP_BEFORE; i++) {
		s->before[i].action = kit_dupstr(a, ev_str(ev,
		    snap_before[i][0]));
		s->before[i].size_bytes = ev_num_or(ev, snap_before[i][1], -1);
		s->nbefore++;
	}
	return s;
}

/* Each allocator snapshot on its GPU's entry (a new entry when no other
 * source named that GPU); the first snapshot of a GPU wins. */
static void
snapshot_quantities(const struct facts *f, struct analysis *an)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];
		struct device_q *q = NULL;
		char idx[24];

		if (ev->kind != EV_ALLOC_SNAPSHOT || facts_foreign(f, ev))
			continue;
		snprintf(idx, sizeof(idx), "%" PRId64, ev_num_or(ev, "gpu", 0));
		for (size_t j = 0; j < an->ndevice && q == NULL; j++)
			if (an->device[j].gpu != NULL &&
			    strcmp(an->device[j].gpu, idx) == 0)
				q = &an->device[j];
		if (q == NULL) {
			q = &an->device[an->ndevice++];
			q->gpu = arena_strdup(an->arena, idx);
			q->node = arena_strdup(an->arena, ev->node);
			q->capacity_bytes = q->free_bytes = -1;
			q->allocated_bytes = q->reserved_bytes = -1;
			q->requested_bytes = q->process_bytes = -1;
			q->used_bytes = q->nominal_bytes = q->processes = -1;
		}
		if (q->snapshot == NULL)
			q->snapshot = snap_q(f, an->arena, ev);
	}
}

/* A board serial worth keying a GPU by: digits and letters with a
 * digit other than 0 among them; not N/A, "[N/A]", "Not Supported", all
 * zeros (what boards without one print) or a word put in its place
 * ("REDACTED"); NULL otherwise. */
static const char *
serial_of(struct arena *a, struct str s)
{
	int	nonzero = 0;

	s = str_trim(s);
	if (s.n == 0 || s.n > 32)
		return NULL;
	for (size_t i = 0; i < s.n; i++) {
		if (!((s.p[i] >= '0' && s.p[i] <= '9') || (s.p[i] >= 'A' &&
		    s.p[i] <= 'Z') || (s.p[i] >= 'a' && s.p[i] <= 'z')))
			return NULL;
		nonzero |= s.p[i] >= '1' && s.p[i] <= '9';
	}
	return nonzero ? arena_strndup(a, s.p, s.n) : NULL;
}

static void
device_quantities(const struct facts *f, struct analysis *an,
    const struct event *oom)
{
	size_t	n = (size_t)f->ngpus + (oom != NULL) +
	    f->count[EV_ALLOC_SNAPSHOT];
	int	matched = 0;

	an->device = arena_zalloc(an->arena, (n + 1) * sizeof(*an->device));
	if (an->device == NULL)
		return;
	for (int i = 0; i < f->ngpus; i++) {
		const struct event *g = f->gpus[i].gpu;
		struct device_q *q = &an->device[an->ndevice++];
		int64_t nominal;

		q->gpu = arena_printf(an->arena, "%d", f->gpus[i].index);
		q->uuid = kit_dupstr(an->arena, ev_str(g, "uuid"));
		q->serial = serial_of(an->arena, ev_str(g, "serial"));
		q->node = arena_strdup(an->arena, g->node);
		q->product = kit_dupstr(an->arena, ev_str(g, "product"));
		q->api = str_eq(ev_str(g, "vendor"), "amd") ? "HIP" : NULL;
		q->capacity_bytes = ev_num_or(g, "fb_total_bytes", -1);
		q->free_bytes = ev_num_or(g, "fb_free_bytes", -1);
		q->used_bytes = ev_num_or(g, "fb_used_bytes", -1);
		q->allocated_bytes = q->reserved_bytes = -1;
		q->requested_bytes = q->process_bytes = -1;
		q->processes = f->gpus[i].nprocs;
		q->nominal_bytes = q->product != NULL &&
		    gpu_nominal_bytes(q->product, &nominal) == 0 ? nominal : -1;
		if (oom != NULL && (ev_num_or(oom, "gpu", -1) == f->gpus[i].index ||
		    (ev_num_or(oom, "gpu", -1) < 0 && f->ngpus == 1))) {
			matched = 1;
			if (kit_is_hip(f, oom))
				q->api = "HIP";
			q->allocated_bytes = allocated_of(oom);
			q->reserved_bytes = reserved_of(oom);
			q->requested_bytes = ev_num_or(oom, "requested_bytes", -1);
			q->process_bytes = ev_num_or(oom, "process_bytes", -1);
			if (ev_num_or(oom, "capacity_bytes", -1) > 0)
				q->capacity_bytes =
				    ev_num_or(oom, "capacity_bytes", -1);
			q->free_bytes = ev_num_or(oom, "free_bytes", q->free_bytes);
		}
	}
	if (oom != NULL && !matched) {
		struct device_q *q = &an->device[an->ndevice++];

		q->gpu = arena_printf(an->arena, "%" PRId64,
		    ev_num_or(oom, "gpu", 0));
		q->node = arena_strdup(an->arena, oom->node);
		q->api = kit_is_hip(f, oom) ? "HIP" : NULL;
		q->capacity_bytes = ev_num_or(oom, "capacity_bytes", -1);
		q->free_bytes = ev_num_or(oom, "free_bytes", -1);
		q->allocated_bytes = allocated_of(oom);
		q->reserved_bytes = reserved_of(oom);
		q->requested_bytes = ev_num_or(oom, "requested_bytes", -1);
		q->process_bytes = ev_num_or(oom, "process_bytes", -1);
		q->used_bytes = q->nominal_bytes = q->processes = -1;
	}
	snapshot_quantities(f, an);
}

/* A GPU whose total is below its model's healthy capacity. */
static void
capacity_findings(const struct facts *f, struct analysis *an)
{
	for (int i = 0; i < f->ngpus; i++) {
		const struct event *g = f->gpus[i].gpu;
		struct str prod = ev_str(g, "product");
		int64_t nominal, total = ev_num_or(g, "fb_total_bytes", -1);
		char name[128];
		struct finding *fd;

		if (prod.p == NULL || total <= 0)
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)prod.n, prod.p);
		if (gpu_nominal_bytes(name, &nominal) != 0 ||
		    total >= nominal - nominal / 25)
			continue;
		fd = kit_add_finding(an, "retired_pages", "R-HW-005", arena_printf(
		    an->arena, "GPU %d reports %s total, below the %s a "
		    "healthy %s reports: capacity lost to retired pages or "
		    "remapped rows (context; only current errors make it the "
		    "cause).", f->gpus[i].index, fmt_bytes(an->arena, total),
		    fmt_bytes(an->arena, nominal), name));
		if (fd != NULL)
			evidence_list_of(f, an->arena, &g, 1, &fd->evidence);
	}
}

/* ---- ruled out and missing ---- */

static void
add_ruled_out(const struct facts *f, struct analysis *an, const char *cause,
    const char *why, const struct event *const *ev, int n)
{
	struct ruled_out	*r;

	r = arena_zalloc(an->arena, (an->nruled_out + 1) * sizeof(*r));
	if (r == NULL)
		return;
	if (an->nruled_out > 0)
		memcpy(r, an->ruled_out, an->nruled_out * sizeof(*r));
	an->ruled_out = r;
	r = &an->ruled_out[an->nruled_out++];
	r->cause = cause;
	r->why = why;
	evidence_list_of(f, an->arena, ev, n, &r->evidence);
}

/* Does the kernel log cover the incident? Unknown coverage is "no". */
static int
kernel_covers(const struct facts *f, const struct event *init)
{
	return facts_kernel_covers(f, init);
}

static int
is_device(const char *c)
{
	return strncmp(c, "cuda_oom", 8) == 0 || strcmp(c, "gpu_other_tenant")
	    == 0 || strcmp(c, "zombie_context") == 0;
}

/* The first kernel kill in a cgroup that names no job that is not the
 * job's (facts_other_kill()), said in a sentence; NULL if none. *ev, its
 * event. */
static const char *
other_kill(const struct facts *f, struct analysis *an,
    const struct event **ev)
{
	const char	*why;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*k = f->tl->v[i];
		struct str		 p;
		int64_t			 uid;

		if ((why = facts_other_kill(f, k)) == NULL)
			continue;
		p = facts_kill_memcg(k);
		uid = ev_num_or(k, "uid", -1);
		*ev = k;
		return arena_printf(an->arena, " kernel's OOM kill in "
		    "memory cgroup %.*s%s was not the job's: %s%s.", (int)p.n,
		    p.p, uid >= 0 ? arena_printf(an->arena, " (uid %lld)",
		    (long long)uid) : "", why, f->job_uid >= 0 && uid >= 0 &&
		    uid != f->job_uid ? arena_printf(an->arena, " (uid %lld)",
		    (long long)f->job_uid) : "");
	}
	return NULL;
}

static void
rule_out_host(const struct facts *f, struct analysis *an,
    const struct event *init)
{
	const struct event	*ev[4];
	int			 n = 0, any;
	const char		*other;

	if (f->kernel_memcg != NULL || f->kernel_global != NULL ||
	    f->oom_step != NULL || f->cg_oom != NULL ||
	    f->first[EV_STEPD_OOM] != NULL ||
	    f->first[EV_ENFORCER_KILL] != NULL)
		return;	/* host evidence exists: reported as later/support */
	if (f->sacct_job != NULL)
		ev[n++] = f->sacct_job;
	for (int i = 0; i < f->nsteps && n < 3; i++)
		if (f->steps[i].oom_kills == 0 && f->steps[i].cg_limit != NULL)
			ev[n++] = f->steps[i].cg_limit;
	any = kernel_covers(f, init) || f->have_cgroup || f->have_sacct;
	if ((other = other_kill(f, an, &ev[n])) != NULL)
		n++;
	if (any || other != NULL)
		add_ruled_out(f, an, "host_oom", arena_printf(an->arena,
		    "no host OOM kill:%s%s%s%s%s",
		    kernel_covers(f, init) ? " the kernel log covers the "
		    "incident and has no OOM kill of this job." : "",
		    f->have_cgroup ? " The memory cgroup counted no oom_kill." :
		    "", f->have_sacct ? " sacct records no OUT_OF_MEMORY "
		    "state." : "", other == NULL ? "" : any ? " The" : " the",
		    other != NULL ? other : ""), ev, n);
}

static void
rule_out_device(const struct facts *f, struct analysis *an)
{
	if (f->first[EV_CUDA_OOM] != NULL || f->first[EV_CUDA_OOM_PLAIN] !=
	    NULL || f->first[EV_XLA_OOM] != NULL ||
	    ev_num_or(f->first[EV_ALLOC_SNAPSHOT], "oom", 0) > 0)
		return;
	/* Never "lower the batch" for a size no device has. */
	if (f->alloc_nonsense != NULL)
		add_ruled_out(f, an, "cuda_oom_exhaustion", "the only device "
		    "allocation failure asked for 1 EiB or more, a garbage size "
		    "(an overflow, or state left by an earlier failure): not a "
		    "capacity problem, and no smaller batch makes it fit.",
		    &f->alloc_nonsense, 1);
	else if (f->summary_oom != NULL)
		return;
	else if (f->have_logs && !f->logs_truncated)
		add_ruled_out(f, an, "cuda_oom_exhaustion", "no device "
		    "allocation failure (CUDA/XLA out of memory) in the job's "
		    "logs, which were collected whole; host RAM and GPU "
		    "memory are separate boundaries.", NULL, 0);
}

/* A CPU limit is context for any other verdict (a job that ran out of
 * time on half its cores): the first CPU row that fires, as a finding. */
static void
cpu_context(const struct facts *f, struct analysis *an, const char *cause)
{
	struct rmatch		 m;
	struct finding		*fd;
	const struct event	*ev[9];

	if (strcmp(cause, "cpu_limited") == 0)
		return;
	for (size_t i = 0; i < rules_count(); i++) {
		if (strcmp(rule_at(i)->cause, "cpu_limited") != 0)
			continue;
		memset(&m, 0, sizeof(m));
		if (!rule_at(i)->match(f, an->arena, &m))
			continue;
		fd = kit_add_finding(an, "cpu_limited", rule_at(i)->id, arena_printf(
		    an->arena, "%s %s", rule_at(i)->meaning, m.detail != NULL ?
		    m.detail : ""));
		ev[0] = m.initiating;
		for (int k = 0; k < m.nsupport; k++)
			ev[k + 1] = m.support[k];
		if (fd != NULL)
			evidence_list_of(f, an->arena, ev, m.nsupport + 1, &fd->evidence);
		return;
	}
}

/* What a GPU that cannot be opened is not: a GPU fault, the driver. */
static void
rule_out_access(const struct facts *f, struct analysis *an,
    const char *cause, const struct event *init)
{
	if (strcmp(cause, "gpu_access_denied") == 0 && f->have_kernel &&
	    f->xid_fault == NULL && f->first[EV_GPU_DRIVER_ERROR] == NULL)
		add_ruled_out(f, an, "xid_fault", kernel_covers(f, init) ?
		    "the kernel log covering the failure has no NVRM Xid or "
		    "driver error: the GPU did not fault or fall off the bus; "
		    "it was not reachable from the job." : "the kernel log "
		    "has no NVRM Xid or driver error (it may not cover the "
		    "failure).", NULL, 0);
	if (strcmp(cause, "xid_fault") == 0 &&
	    f->first[EV_GPU_NODEV] != NULL)
		add_ruled_out(f, an, "gpu_access_denied", f->xid_fault == NULL &&
		    f->first[EV_GPU_DRIVER_ERROR] != NULL &&
		    f->first[EV_GPU_DRIVER_ERROR]->sig != NULL &&
		    strcmp(f->first[EV_GPU_DRIVER_ERROR]->sig,
		    "S-NVSMI-GPU-LOST") == 0 ? "the job's no-device or NVML "
		    "line comes with nvidia-smi reporting the GPU lost: it fell "
		    "off the bus, it was not denied by the device cgroup." :
		    "the job's no-device "
		    "or NVML line comes with a GPU fault in the kernel log: the "
		    "GPU was lost, not denied by the device cgroup.",
		    &f->first[EV_GPU_NODEV], 1);
	if (strcmp(cause, "gpu_access_denied") == 0 && f->acc.opened != NULL)
		add_ruled_out(f, an, "not_oom_other", "the driver works: the "
		    "collector opened a GPU on this node as the job's user.",
		    &f->acc.opened, 1);
}

static void
rule_out_others(const struct facts *f, struct analysis *an,
    const char *cause, const struct event *init)
{
	rule_out_access(f, an, cause, init);
	if (strcmp(cause, "host_oom") != 0)
		rule_out_host(f, an, init);
	if (!is_device(cause) && strcmp(cause, "retired_pages") != 0)
		rule_out_device(f, an);
	if (strcmp(cause, "step_creation_failure") != 0 && init != NULL &&
	    f->first[EV_STEP_CREATE_FAIL] == NULL &&
	    f->first[EV_CGROUP_CREATE_FAIL] == NULL &&
	    (init->kind == EV_KERNEL_OOM || init->kind == EV_CUDA_OOM ||
	    init->kind == EV_STEPD_OOM))
		add_ruled_out(f, an, "step_creation_failure", "the step was "
		    "created and ran: the initiating event happened inside "
		    "it.", &init, 1);
	if (strcmp(cause, "time_limit") != 0 && f->have_sacct &&
	    f->timeout_row == NULL && f->first[EV_TIME_LIMIT] == NULL)
		add_ruled_out(f, an, "time_limit", "no step reached its time "
		    "limit (no TIMEOUT state, no time-limit banner).",
		    &f->sacct_job, f->sacct_job != NULL);
	if (strcmp(cause, "xid_fault") != 0 && f->xid_fault == NULL &&
	    f->first[EV_CUDA_FAULT] == NULL && kernel_covers(f, init) &&
	    (is_device(cause) || f->gpu_job))
		add_ruled_out(f, an, "xid_fault", "the kernel log covering "
		    "the incident has no NVRM Xid and the job's output no "
		    "device fault.", NULL, 0);
	if (strcmp(cause, "shm_limit") != 0 && f->shm_bytes > 512LL << 20 &&
	    f->first[EV_SHM_ERROR] == NULL && f->first[EV_BUS_ERROR] == NULL)
		add_ruled_out(f, an, "shm_limit", arena_printf(an->arena,
		    "/dev/shm is %s and no shared-memory error was reported.",
		    fmt_bytes(an->arena, f->shm_bytes)), &f->shm_ev, 1);
}

static void
missing_evidence(const struct facts *f, struct analysis *an,
    const char *cause, const struct event *init)
{
	int	device = is_device(cause);

	if (!f->have_manifest)
		rules_add_missing(an, "bundle manifest (files were given loose or as "
		    "a bare log)", "clock anchors and UTC offset for exact "
		    "times, and which sources were collected and which failed");
	if (!f->have_kernel || f->kernel_refused)
		rules_add_missing(an, f->kernel_refused ? "kernel log (reading it "
		    "was refused)" : "kernel log", "whether the kernel "
		    "OOM-killed a process in the job's memory cgroup, or a "
		    "node-wide OOM, or an Xid fault");
	else if (!kernel_covers(f, init))
		rules_add_missing(an, "kernel log covering the incident (the ring "
		    "buffer starts after it, or times cannot be compared)",
		    "absence of an OOM kill or Xid there proves nothing");
	if (!f->have_cgroup)
		rules_add_missing(an, f->have_kernel ? "memory cgroup files "
		    "(memory.events / memory.oom_control): collected after "
		    "cgroup teardown or not at all; kernel log used instead" :
		    "memory cgroup files (memory.events / memory.oom_control)",
		    "the oom_kill count and the effective limit of the job's "
		    "and each step's cgroup");
	if (!f->have_sacct)
		rules_add_missing(an, f->job_bundle_absent ? "sacct (the job's "
		    "--scope job bundle was not given; node bundles hold no "
		    "accounting)" : f->sacct_error ? "sacct (accounting refused "
		    "or disabled)" : "sacct", "the state, exit code, ReqMem and "
		    "MaxRSS of the job and every step");
	if (!f->have_scontrol)
		rules_add_missing(an, f->job_bundle_absent ? "scontrol show job "
		    "(in the job's --scope job bundle, not given)" :
		    "scontrol show job", "the resolved memory "
		    "request (per node / CPU / GPU) and the job's output paths");
	if (f->nodes_unseen != NULL)
		rules_add_missing(an, arena_printf(an->arena, "node bundles of "
		    "%s (in the job's NodeList, none given)", f->nodes_unseen),
		    "whether the incident began on a node that was not "
		    "collected");
	if (!f->have_nvsmi && (device || f->gpu_job ||
	    strcmp(cause, "retired_pages") == 0 ||
	    strcmp(cause, "xid_fault") == 0))
		rules_add_missing(an, kit_is_hip(f, init) ? "amd-smi metric, "
		    "process and bad-pages --json (or rocm-smi --json)" :
		    "nvidia-smi -q -x", "who held the GPU's "
		    "memory (other tenants, zombie contexts), total vs nominal "
		    "capacity, ECC and retired pages");
	if (!f->have_logs)
		rules_add_missing(an, "job logs (StdOut/StdErr)", "the first "
		    "application error on each rank (CUDA OOM, NCCL "
		    "timeouts, shared-memory errors)");
	else if (f->logs_truncated)
		rules_add_missing(an, "the whole job log (it was cut at collection)",
		    "absence of an error in the dropped part proves nothing");
	if ((strcmp(cause, "cpu_limited") == 0 ||
	    strcmp(cause, "no_incident") == 0) && f->have_manifest &&
	    f->cpu.cpuset == NULL && f->cpu.stat == NULL)
		rules_add_missing(an, "CPU cgroup files (cpuset.cpus.effective, "
		    "cpu.stat)", "whether the job ran on fewer cores than it "
		    "was given, or a CPU quota throttled it");
	if (strcmp(cause, "gpu_access_denied") == 0 && f->acc.ntried == 0)
		rules_add_missing(an, "gpu/dev-access.txt (which /dev/nvidia* the "
		    "job's user could open inside its cgroup)", "whether the "
		    "device cgroup denied the GPUs the job was given");
	if (strcmp(cause, "shm_limit") == 0 && f->shm_bytes < 0)
		rules_add_missing(an, "/dev/shm size", "whether shared memory was "
		    "too small");
}

/* ---- the model ---- */

/* Files that hold a state, not a moment, the periodic memory reports
 * a job prints (the series view carries them) and the generic failure
 * lines that only rule out no_incident: cited, never on the timeline. */
static int
state_record(enum ev_kind k)
{
	static const enum ev_kind	skip[] = { EV_NOTE, EV_UNPARSED,
		EV_SCONTROL_CONFIG, EV_HOST, EV_CGROUP_MEM, EV_CGROUP_CPU,
		EV_CGROUP_DEVICES, EV_SLURM_CONF, EV_JOB_ENV, EV_MEM_SERIES,
		EV_MEM_FIGURE, EV_APP_ERROR };

	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (k == skip[i])
			return 1;
	return 0;
}

static void
fill_timeline(const struct facts *f, struct analysis *an,
    const struct event *init, int only)
{
	size_t		n = 0, from = init ? facts_index_of(f, init) : (size_t)-1;
	struct cbounds	cb = { from, from, (size_t)-1, from };

	if (from != (size_t)-1)
		cb = cbounds_of(f, from, teardown_start(f, from));

	an->timeline.v = arena_zalloc(an->arena, (f->tl->n < MAX_TIMELINE ?
	    f->tl->n + 1 : MAX_TIMELINE) * sizeof(*an->timeline.v));
	if (an->timeline.v == NULL)
		return;
	for (size_t i = 0; i < f->tl->n && n < MAX_TIMELINE; i++) {
		const struct event *ev = f->tl->v[i];
		struct evidence *e;

		if (state_record(ev->kind) || facts_foreign(f, ev))
			continue;
		e = &an->timeline.v[n++];
		kit_to_evidence(an->arena, f->tl->in[i], ev, e);
		e->initiating = ev == init;
		e->cascade = from != (size_t)-1 && (only ?
		    is_cascade(ev->kind) : in_cascade(f, &cb, i));
	}
	an->timeline.n = n;
}

static const char *
summary_of(struct arena *a, const struct rule *r, const struct rmatch *m)
{
	return arena_printf(a, "%s%s%s", r->meaning,
	    m->detail != NULL ? " " : "", m->detail != NULL ? m->detail : "");
}

/* Evidence whose file failed its hash can decide nothing with
 * confidence: say so where the verdict cites it. */
static void
distrust(struct analysis *an, const struct event *init)
{
	struct verdict	*v = &an->verdict;

	if (init == NULL || (init->flags & EVF_UNTRUSTED) == 0 ||
	    v->initiating == NULL)
		return;
	v->confidence = "low";
	v->confidence_reason = arena_printf(an->arena, "%s%sUNTRUSTED: %s "
	    "failed its sha256 check against the manifest (tampered or "
	    "corrupt).", v->confidence_reason != NULL ?
	    v->confidence_reason : "", v->confidence_reason != NULL ?
	    "; " : "", v->initiating->source);
}

enum err_code
rules_eval(const struct facts *f, struct analysis *an, struct err *e)
{
	struct arena		*a = an->arena;
	const struct rule	*r, *r0;
	struct rmatch		 m = { 0 };
	const struct event	*init;

	if ((r = pick(f, a, &m)) == NULL)
		return ERR(e, ERR_USAGE, "no rule fired (table has no final "
		    "row)");
	series_views_build(f, a, m.initiating != NULL &&
	    ev_has_time(m.initiating) && strcmp(r->cause, "no_incident") != 0 ?
	    m.initiating->ts_ns : INT64_MAX);
	r0 = r;
	r = refine(f, a, r, &m);
	init = m.initiating;
	an->verdict.cause = r->cause;
	an->verdict.boundary = r->boundary;
	an->verdict.confidence = m.confidence;
	an->verdict.confidence_reason = m.confidence_reason;
	an->verdict.rule = r->id;
	an->verdict.summary = summary_of(a, r, &m);
	an->verdict.initiating = kit_evidence_of(f, a, init);
	/* A row's own control, unless the match named a better one for
	 * this case (and no refining row replaced the row). */
	an->verdict.next_action = r == r0 && m.next_action != NULL ?
	    m.next_action : r->next_action;
	if (strcmp(r->cause, "xid_fault") == 0 ||
	    strcmp(r->cause, "retired_pages") == 0)
		an->verdict.next_action = hw_xid_next(f, a,
		    an->verdict.next_action);
	/* ROCm's evidence gets ROCm's words; the cause id stays. */
	if ((strcmp(r->boundary, "device") == 0 ||
	    strcmp(r->boundary, "hardware") == 0 ||
	    strcmp(r->cause, "gpu_access_denied") == 0 ||
	    (init != NULL && init->kind == EV_GPU_NODEV)) &&
	    kit_is_hip(f, init)) {
		an->verdict.summary = kit_hip_words(a, an->verdict.summary);
		an->verdict.next_action = kit_hip_words(a,
		    an->verdict.next_action);
		an->verdict.confidence_reason = kit_hip_words(a,
		    an->verdict.confidence_reason);
	}
	distrust(an, init);
	support_finding(f, an, r, &m);
	if (strcmp(r->cause, "host_oom") == 0)
		limit_findings(f, an);
	later_primaries(f, an, init, r->cause);
	cascade(f, an, init, r);
	capacity_findings(f, an);
	cpu_context(f, an, r->cause);
	series_findings(f, an, r->cause, r->boundary);
	rule_out_others(f, an, r->cause, init);
	missing_evidence(f, an, r->cause, init);
	/* and so do the findings and the alternatives ruled out */
	if (kit_is_hip(f, init)) {
		for (size_t i = 0; i < an->nruled_out; i++)
			an->ruled_out[i].why = kit_hip_words(a,
			    an->ruled_out[i].why);
		for (size_t i = 0; i < an->nsecondary; i++)
			an->secondary[i].summary = kit_hip_words(a,
			    an->secondary[i].summary);
	}
	stall_view(f, an);
	host_quantities(f, an);
	usage_views(f, an);
	breakdown_views(f, an);
	series_model(f, an);
	device_quantities(f, an, f->first[EV_CUDA_OOM] != NULL ?
	    f->first[EV_CUDA_OOM] : f->summary_oom);
	gpu_acct_quantities(f, an);
	dcgm_view(f, an, m.gpu);
	fill_timeline(f, an, init, strcmp(r->cause, "inconclusive") == 0 &&
	    init != NULL && is_cascade(init->kind) && peers_went(f));
	verdict_outlook(&an->verdict);
	job_info(f, an);
	return ERR_OK;
}
