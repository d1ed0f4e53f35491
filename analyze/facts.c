/*
 * facts: condense the merged timeline into what the rules read. One pass
 * over the events in time order; the first event of each kind wins. No
 * judgement here: the rules decide.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "units.h"
#include "slurm_json.h"
#include "xid_catalog.h"

static int
str_is(struct str s, const char *c)
{
	return s.p != NULL && str_eq(s, c);
}

int64_t
step_num(const struct step_fact *sf, const char *name)
{
	int64_t	v;

	if (sf->sacct != NULL && ev_num(sf->sacct, name, &v) == 0)
		return v;
	if (sf->sacct2 != NULL && ev_num(sf->sacct2, name, &v) == 0)
		return v;
	return -1;
}

size_t
facts_index_of(const struct facts *f, const struct event *ev)
{
	for (size_t i = 0; i < f->tl->n; i++)
		if (f->tl->v[i] == ev)
			return i;
	return (size_t)-1;
}

int
facts_is_job_pid(const struct facts *f, int64_t pid)
{
	for (int i = 0; i < f->njob_pids; i++)
		if (f->job_pids[i] == pid)
			return 1;
	return 0;
}

int
facts_kernel_covers(const struct facts *f, const struct event *ev)
{
	if (!f->have_kernel || f->kernel_refused)
		return 0;
	if (!f->have_kernel_span || ev == NULL || !ev_has_time(ev))
		return f->have_kernel_span;
	return f->kernel_first_ns <= ev->ts_ns;
}

static struct step_fact *
step_for(struct facts *f, struct str job, struct str step)
{
	job = facts_job_canon(f, job);
	for (int i = 0; i < f->nsteps; i++) {
		const struct event *s = f->steps[i].sacct;
		struct str j = facts_job_canon(f, ev_str(s, "job_id"));
		struct str st = ev_str(s, "step");

		if (j.n == job.n && st.n == step.n &&
		    (j.n == 0 || memcmp(j.p, job.p, j.n) == 0) &&
		    (st.n == 0 || memcmp(st.p, step.p, st.n) == 0))
			return &f->steps[i];
	}
	return NULL;
}

static void
on_sacct(struct facts *f, const struct event *ev)
{
	struct str	state = ev_str(ev, "state");
	int64_t		code = ev_num_or(ev, "exit_code", 0);
	int64_t		sig = ev_num_or(ev, "exit_signal", 0);

	struct step_fact	*dup;
	char			 buf[24];

	f->have_sacct = 1;
	if (ev_str(ev, "step").n == 0 && f->sacct_job == NULL)
		f->sacct_job = ev;
	/* sacct.txt and sacct.json describe the same rows: one step each */
	if ((dup = step_for(f, facts_job_of(ev, buf), ev_str(ev, "step")))) {
		if (dup->sacct2 == NULL)
			dup->sacct2 = ev;
	} else if (f->nsteps < MAX_STEPS)
		f->steps[f->nsteps++].sacct = ev;
	if (str_is(state, "OUT_OF_MEMORY") && f->oom_step == NULL)
		f->oom_step = ev;
	else if (str_is(state, "TIMEOUT") && f->timeout_row == NULL)
		f->timeout_row = ev;
	else if (str_is(state, "PREEMPTED") && f->preempt_row == NULL)
		f->preempt_row = ev;
	else if (str_is(state, "CANCELLED") && f->cancel_row == NULL)
		f->cancel_row = ev;
	else if ((str_is(state, "FAILED") || str_is(state, "NODE_FAIL") ||
	    str_is(state, "BOOT_FAIL") || str_is(state, "DEADLINE")) &&
	    f->failed_row == NULL)
		f->failed_row = ev;
	if (!str_is(state, "COMPLETED") || code != 0 || sig != 0)
		f->all_completed = 0;
	if (ev_num_or(ev, "tres_gpus", 0) > 0)
		f->gpu_job = 1;
}

static void
on_cgroup(struct facts *f, const struct event *ev)
{
	int64_t	v;

	f->have_cgroup = 1;
	if (ev_num(ev, "oom_kill", &v) == 0 && v > 0 &&
	    ev_num_or(ev, "local", 0) != 0 && f->cg_oom_local == NULL)
		f->cg_oom_local = ev;
	if (ev_num(ev, "oom_kill", &v) == 0 && v > 0 &&
	    ev_num_or(ev, "local", 0) == 0) {
		if (f->cg_oom == NULL)
			f->cg_oom = ev;
		if (v > f->cg_oom_kills)
			f->cg_oom_kills = v;
	}
}

/* Second pass, once every sacct row is known: the job-level cgroup
 * belongs to the job row, a step's to its step row; oom_kill counts of
 * tasks add up into their step (v1 records them only in task_N). A v2
 * memory.events counts its whole subtree, so the step directory's own
 * file is the step's count and the files below it (user/, task_N/) are
 * already in it. slurm/ under a v2 step holds slurmstepd, not the job's
 * processes: it gives no limit or peak. */
static void
attach_cgroup(struct facts *f, const struct event *ev)
{
	struct step_fact	*sf;
	struct str		 level = ev_str(ev, "level");
	char			 buf[24];
	struct str		 job = facts_job_of(ev, buf);
	int64_t			 v;

	if (job.n == 0)
		return;
	if (str_is(level, "job"))
		sf = step_for(f, job, str_make("", 0));
	else
		sf = step_for(f, job, ev_str(ev, "step"));
	if (sf == NULL)
		return;
	if (ev_num(ev, "oom_kill", &v) == 0 && ev_num_or(ev, "local", 0) == 0 &&
	    !str_is(level, "job")) {
		if (ev_num_or(ev, "version", 1) == 2 && str_is(level, "step") &&
		    ev_field(ev, "sub") == NULL) {
			sf->oom_kills = v;
			sf->oom_kills_whole = 1;
		} else if (!(sf->oom_kills_whole && ev_num_or(ev, "version",
		    1) == 2))
			sf->oom_kills = (sf->oom_kills < 0 ? 0 :
			    sf->oom_kills) + v;
		if (v > 0 && sf->cg_oom == NULL)
			sf->cg_oom = ev;
	}
	if (str_is(level, "task") || str_is(ev_str(ev, "sub"), "slurm"))
		return;
	if (ev_num(ev, "limit_bytes", &v) == 0) {
		sf->cg_limit = ev;
		sf->cg_limit_bytes = v;
	}
	if (ev_num(ev, "peak_bytes", &v) == 0)
		sf->cg_peak_bytes = v;
	/* times usage hit the limit: v1 memory.failcnt, v2 memory.events
	 * "max" (not the .local file, which counts this level only) */
	if (ev_num(ev, "failcnt", &v) == 0 || (ev_num_or(ev, "local", 0) ==
	    0 && ev_num(ev, "max", &v) == 0))
		sf->cg_failcnt = v;
}

static void
on_gpu(struct facts *f, const struct event *ev)
{
	struct gpu_fact	*g;

	f->have_nvsmi = 1;
	if (f->ngpus >= MAX_GPUS)
		return;
	g = &f->gpus[f->ngpus++];
	g->gpu = ev;
	g->index = (int)ev_num_or(ev, "index", -1);
}

static void
on_gpu_proc(struct facts *f, const struct event *ev)
{
	struct str	uuid = ev_str(ev, "gpu_uuid");
	int64_t		idx = ev_num_or(ev, "gpu_index", -1);

	f->have_nvsmi = 1;
	for (int i = 0; i < f->ngpus; i++) {
		struct gpu_fact *g = &f->gpus[i];
		struct str u = ev_str(g->gpu, "uuid");

		if ((uuid.n > 0 && u.n == uuid.n &&
		    memcmp(u.p, uuid.p, u.n) == 0) ||
		    (uuid.n == 0 && idx >= 0 && idx == g->index)) {
			if (g->nprocs < 32)
				g->procs[g->nprocs++] = ev;
			return;
		}
	}
}

static void
on_host(struct facts *f, const struct event *ev)
{
	int64_t	v;

	if (ev->sig == NULL)
		return;
	if (strcmp(ev->sig, "host.shm") == 0 &&
	    ev_num(ev, "shm_size_bytes", &v) == 0) {
		f->shm_bytes = v;
		f->shm_ev = ev;
	}
}

/* The job's pids (host/procs.tsv) before any event is judged: whether a
 * kill is the job's can depend on its victim's pid (facts_foreign()). */
static void
find_pids(struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind == EV_HOST && ev->sig != NULL &&
		    strcmp(ev->sig, "host.proc") == 0 && ev->pid > 0 &&
		    f->njob_pids < 256 && !facts_foreign(f, ev))
			f->job_pids[f->njob_pids++] = ev->pid;
	}
}

static void
on_note(struct facts *f, const struct event *ev)
{
	if (ev->sig == NULL)
		return;
	if (strcmp(ev->sig, "kernel.coverage") == 0) {
		f->have_kernel = 1;
		if (ev_has_time(ev) && !f->have_kernel_span) {
			f->kernel_first_ns = ev->ts_ns;
			f->have_kernel_span = 1;
		}
	} else if (strcmp(ev->sig, "sacct.error") == 0)
		f->sacct_error = 1;
	else if (strcmp(ev->sig, "S-SLURM-GPU-REQUEST") == 0)
		f->gpu_job = 1;	/* a pasted sbatch/srun line asked GPUs */
}

/* The kernel parser says "global" or "memcg"; a line the catalog took
 * from a job log carries the kill line's own prefix ("Out of memory" is
 * node-wide) or the summary's global_oom / CONSTRAINT_NONE. */
static int
kernel_oom_global(const struct event *ev)
{
	struct str	scope = ev_str(ev, "scope");

	return str_is(scope, "global") || str_is(scope, "Out of memory") ||
	    str_is(scope, "Out of memory (oom_kill_allocating_task)") ||
	    ev_field(ev, "global") != NULL ||
	    str_is(ev_str(ev, "constraint"), "CONSTRAINT_NONE");
}

static void
on_kernel_oom(struct facts *f, const struct event *ev)
{
	if (kernel_oom_global(ev)) {
		if (f->kernel_global == NULL)
			f->kernel_global = ev;
	} else if (f->kernel_memcg == NULL)
		f->kernel_memcg = ev;
}

int
facts_alloc_nonsense(const struct event *ev)
{
	if (ev->kind != EV_CUDA_OOM && ev->kind != EV_CUDA_OOM_PLAIN &&
	    ev->kind != EV_XLA_OOM && ev->kind != EV_HOST_OOM_APP)
		return 0;
	if (ev->sig != NULL && strcmp(ev->sig, "S-PT-OOM-1EB") == 0)
		return 1;
	/* a size printed too large for 63 bits was never a number */
	if (ev_field(ev, "requested_bytes") != NULL &&
	    ev_num_or(ev, "requested_bytes", -1) < 0 &&
	    units_size_overflows(ev_str(ev, "requested_bytes")))
		return 1;
	return ev_num_or(ev, "requested_bytes", -1) >= NONSENSE_BYTES;
}

/* A launcher or framework saying its child died of SIGKILL: the elastic
 * report's "exitcode: -9" or "(SIGKILL)", a launcher's "return code =
 * -9" (or 137, a shell's 128 + 9), or a line that says nothing else
 * (EV_CHILD_KILLED). */
static int
is_sigkill(const struct event *ev)
{
	int64_t	code = ev_num_or(ev, "exitcode", 0);

	if (ev->kind == EV_CHILD_KILLED)
		return 1;
	return code == -9 || (ev->kind == EV_LAUNCHER_EXIT && code == 137) ||
	    ev_num_or(ev, "signal", 0) == 9 ||
	    str_is(ev_str(ev, "signal"), "SIGKILL");
}

static void
on_event(struct facts *f, const struct event *ev, size_t at)
{
	int64_t	v;

	/* Not a capacity failure: the rules read it apart (R-DEV-009). */
	if (facts_alloc_nonsense(ev)) {
		if (f->alloc_nonsense == NULL)
			f->alloc_nonsense = ev;
		f->count[ev->kind]++;
		return;
	}
	if (ev->kind == EV_MEM_SUMMARY && ev_num_or(ev, "ooms", 0) > 0 &&
	    f->summary_oom == NULL)
		f->summary_oom = ev;
	if (ev->kind == EV_MEM_SUMMARY && ev_num_or(ev, "in_use_bytes", -1) >=
	    0 && f->bfc_stats == NULL)
		f->bfc_stats = ev;
	if (f->first[ev->kind] == NULL) {
		f->first[ev->kind] = ev;
		f->first_at[ev->kind] = at;
	}
	f->count[ev->kind]++;
	switch (ev->kind) {
	case EV_SACCT_ROW:
		on_sacct(f, ev);
		break;
	case EV_SCONTROL_JOB:
		f->have_scontrol = 1;
		if (f->scontrol_job == NULL)
			f->scontrol_job = ev;
		if (ev_num_or(ev, "tres_gpus", 0) > 0)
			f->gpu_job = 1;
		break;
	case EV_SCONTROL_NODE:
		if (f->scontrol_node == NULL)
			f->scontrol_node = ev;
		break;
	case EV_KERNEL_OOM:
		on_kernel_oom(f, ev);
		break;
	case EV_XID:
		v = ev_num_or(ev, "xid", -1);
		if (xid_is_memory(v) && f->xid_memory == NULL)
			f->xid_memory = ev;
		else if (!xid_is_memory(v) && f->xid_fault == NULL)
			f->xid_fault = ev;
		break;
	case EV_CGROUP_MEM:
		on_cgroup(f, ev);
		break;
	case EV_GPU:
		on_gpu(f, ev);
		break;
	case EV_GPU_PROC:
		on_gpu_proc(f, ev);
		break;
	case EV_HOST:
		on_host(f, ev);
		break;
	case EV_NOTE:
		on_note(f, ev);
		break;
	case EV_CHILD_FAILED:
	case EV_LAUNCHER_EXIT:
	case EV_CHILD_KILLED:
		if (f->sigkill == NULL && is_sigkill(ev))
			f->sigkill = ev;
		break;
	default:
		break;
	}
}

/* A pasted nvidia-smi table is a job log too when the catalog found a
 * log line in the same file (a batch script that prints the table). */
static int
table_has_log(const struct input *in, size_t file_id)
{
	for (size_t i = 0; i < in->ev.n; i++) {
		const struct event *ev = in->ev.v[i];

		if ((size_t)ev->ref.file_id == file_id && ev->kind != EV_GPU &&
		    ev->kind != EV_GPU_PROC && ev->kind != EV_NOTE &&
		    ev->kind != EV_UNPARSED)
			return 1;
	}
	return 0;
}

static int
same_node(const struct input *a, const struct input *b)
{
	return a->node == NULL ? b->node == NULL && a == b :
	    b->node != NULL && strcmp(a->node, b->node) == 0;
}

/* A later snapshot of the same node holds this member whole: the cut
 * or damaged copy of an earlier snapshot is not what is read. */
static int
later_whole(const struct facts *f, const struct input *in, const char *path)
{
	for (size_t i = 0; in->snapshot > 0 && i < f->nins; i++) {
		const struct input *o = f->ins[i];

		if (o->snapshot <= in->snapshot || !same_node(in, o))
			continue;
		for (size_t j = 0; j < o->nfiles; j++)
			if (strcmp(o->files[j].path, path) == 0 &&
			    !o->files[j].truncated && !o->files[j].unreadable)
				return 1;
	}
	return 0;
}

/* Did this input read a kernel log with nothing refused (an empty
 * "-- No entries --" journal after a refused /dev/kmsg is no log)? */
static int
kernel_read(const struct input *in)
{
	int	have = 0;

	for (size_t j = 0; j < in->nitems; j++)
		if (in->items[j].path != NULL &&
		    strncmp(in->items[j].path, "kernel/", 7) == 0 &&
		    in->items[j].error != NULL)
			return 0;
	for (size_t j = 0; j < in->nfiles && !have; j++)
		have = in->files[j].kind == FK_KERNEL;
	return have;
}

/* Did another snapshot of this input's node read its kernel log? */
static int
node_has_kernel(const struct facts *f, const struct input *in)
{
	for (size_t i = 0; i < f->nins; i++)
		if (f->ins[i] != in && same_node(in, f->ins[i]) &&
		    kernel_read(f->ins[i]))
			return 1;
	return 0;
}

static void
scan_inputs(struct facts *f)
{
	for (size_t i = 0; i < f->nins; i++) {
		const struct input *in = f->ins[i];

		if (in->has_manifest)
			f->have_manifest = 1;
		for (size_t j = 0; j < in->nfiles; j++) {
			const struct afile *af = &in->files[j];

			if (af->kind == FK_KERNEL)
				f->have_kernel = 1;
			if (af->kind == FK_LOG || af->kind == FK_OTHER ||
			    (af->kind == FK_NVSMI_TABLE &&
			    table_has_log(in, j))) {
				f->have_logs = 1;
				if ((af->truncated || af->unreadable) &&
				    !later_whole(f, in, af->path))
					f->logs_truncated = 1;
			}
		}
		/* refused here, but another snapshot of the node read it:
		 * not missing */
		for (size_t j = 0; j < in->nitems; j++) {
			const struct mitem *it = &in->items[j];

			if (it->path != NULL &&
			    strncmp(it->path, "kernel/", 7) == 0 &&
			    it->error != NULL && !node_has_kernel(f, in))
				f->kernel_refused = 1;
		}
	}
}

/* What the deployment left out: node bundles only (--scope node) with
 * no job bundle, and nodes of the job's NodeList with no node bundle. */
static void
scan_scope(struct facts *f, struct arena *a)
{
	const struct event	*job = f->sacct_job != NULL ? f->sacct_job :
				    f->scontrol_job;
	int			 node_scope = 0, job_scope = 0, manifest = 0;

	for (size_t i = 0; i < f->nins; i++) {
		const char *sc = f->ins[i]->scope;

		if (!f->ins[i]->has_manifest)
			continue;
		if (sc != NULL && strcmp(sc, "node") == 0)
			node_scope = 1;
		else if (sc != NULL && strcmp(sc, "job") == 0)
			job_scope = 1;
		else
			job_scope = 1;	/* "all" holds both */
		manifest = 1;
	}
	f->job_bundle_absent = node_scope && !job_scope;
	if (job != NULL && manifest && a != NULL)
		f->nodes_unseen = snapshot_nodes_unseen(ev_str(job,
		    "node_list"), f->ins, f->nins, a);
}

/* Without cgroup files, the kernel's OOM report still says the limit of
 * the cgroup that hit it (memory: usage …, limit …): the job's, when
 * oom_memcg ends in job_N, else the step's. */
static void
kernel_limits(struct facts *f)
{
	const struct event	*k = f->kernel_memcg;
	struct step_fact	*sf;
	struct str		 memcg;
	int64_t			 lim;
	const char		*last;
	char			 buf[24];

	if (k == NULL || ev_num(k, "limit_bytes", &lim) != 0)
		return;
	memcg = ev_str(k, "oom_memcg");
	last = memcg.p;
	for (size_t i = 0; i < memcg.n; i++)
		if (memcg.p[i] == '/')
			last = memcg.p + i + 1;
	if (last != NULL && memcg.p + memcg.n - last >= 4 &&
	    memcmp(last, "job_", 4) == 0)
		sf = step_for(f, facts_job_of(k, buf), str_make("", 0));
	else
		sf = step_for(f, facts_job_of(k, buf), ev_str(k, "step"));
	if (sf != NULL && sf->cg_limit_bytes < 0) {
		sf->cg_limit_bytes = lim;
		sf->cg_limit = k;
	}
}

/* The job's run on one UTC axis, from its sacct job row, else (sacct
 * not collected or failed: slurmdbd down) from scontrol's record of the
 * job, whose EndTime counts only once the job has ended. */
static void
find_window(struct facts *f)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < f->tl->n; i++) {
			const struct event	*ev = f->tl->v[i];
			int64_t			 from, to, local;
			char			 buf[24];
			struct str		 j;

			if (ev->kind != (pass == 0 ? EV_SACCT_ROW :
			    EV_SCONTROL_JOB) || ev_str(ev, "step").n != 0 ||
			    ev_num(ev, "start_s", &from) != 0 || from <= 0)
				continue;
			j = facts_job_of(ev, buf);
			if (f->job_id.n > 0 && !facts_job_is(f, j))
				continue;
			if (ev_num(ev, "end_s", &to) != 0 || to < from ||
			    (pass == 1 && scontrol_live_state(ev_str(ev,
			    "job_state"))))
				to = INT64_MAX / 1000000000LL - 1;
			if (ev_num(ev, "times_local", &local) == 0 && local) {
				from = tl_local_to_utc(f->tl->in[i], from);
				to = tl_local_to_utc(f->tl->in[i], to);
			}
			f->job_from_ns = from * 1000000000LL;
			f->job_to_ns = to * 1000000000LL;
			f->have_window = 1;
			return;
		}
}

/* What the node recorded of the job itself: the SPANK plugin's step
 * marker of one of its steps, the environment a collector ran in for it
 * (env.txt: an Epilog's, a batch trap's). */
int
facts_job_marker(const struct facts *f, const struct event *ev)
{
	char	buf[24];

	return ev->sig != NULL && strcmp(ev->sig, "host.step_marker") == 0 &&
	    facts_job_is(f, facts_job_of(ev, buf));
}

int
facts_job_env(const struct facts *f, const struct event *ev)
{
	return ev->sig != NULL && strcmp(ev->sig, "host.env") == 0 &&
	    facts_job_is(f, ev_str(ev, "SLURM_JOB_ID"));
}

/*
 * A node bundle asks Slurm nothing: without a sacct row, the job's run
 * comes from what the node itself recorded. The SPANK plugin's step
 * markers give each step's start and end (UTC seconds); the node
 * Epilog's environment (SLURM_SCRIPT_CONTEXT=epilog_slurmd) the job's
 * SLURM_JOB_START_TIME, and its end is no later than that bundle's
 * collection. A window needs both ends: a collector run inside a running
 * job leaves it open, as before.
 */
static void
find_window_node(struct facts *f)
{
	int64_t	from = INT64_MAX, to = -1, v;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		const struct input	*in = f->tl->in[i];

		if (facts_job_marker(f, ev)) {
			if (ev_num(ev, "start_s", &v) == 0 && v > 0 && v < from)
				from = v;
			if (ev_num(ev, "end_s", &v) == 0 && v > to)
				to = v;
		} else if (facts_job_env(f, ev) && str_eq(ev_str(ev,
		    "SLURM_SCRIPT_CONTEXT"), "epilog_slurmd")) {
			if (str_to_i64(ev_str(ev, "SLURM_JOB_START_TIME"),
			    &v) == 0 && v > 0 && v < from)
				from = v;
			if (str_to_i64(ev_str(ev, "SLURM_JOB_END_TIME"),
			    &v) == 0 && v > to)
				to = v;
			else if (in != NULL && in->created_ns > 0 &&
			    in->created_ns / 1000000000LL > to)
				to = in->created_ns / 1000000000LL;
		}
	}
	if (from == INT64_MAX || to < from ||
	    to > INT64_MAX / 1000000000LL - 1)
		return;
	f->job_from_ns = from * 1000000000LL;
	f->job_to_ns = to * 1000000000LL;
	f->have_window = 1;
}

/* The job's uid: Slurm's record of the job (scontrol UserId, sacct
 * UID), else what the node recorded when no Slurm record was collected:
 * the SPANK plugin's step marker (uid=), the node Epilog's environment
 * (SLURM_JOB_UID). Before any event is judged: a kill in a cgroup that
 * names no job is another user's when its victim's uid differs
 * (facts_foreign()). */
static void
find_uid(struct facts *f)
{
	int64_t	v;
	char	buf[24];

	f->job_uid = -1;
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < f->tl->n; i++) {
			const struct event	*ev = f->tl->v[i];
			int			 ok = 0;

			if ((pass == 0 && ev->kind == EV_SCONTROL_JOB) ||
			    (pass == 1 && ev->kind == EV_SACCT_ROW))
				ok = facts_job_is(f, facts_job_of(ev, buf)) &&
				    ev_num(ev, "uid", &v) == 0;
			else if (pass == 2)
				ok = facts_job_marker(f, ev) &&
				    ev_num(ev, "uid", &v) == 0;
			else if (pass == 3)
				ok = facts_job_env(f, ev) && str_to_i64(ev_str(
				    ev, "SLURM_JOB_UID"), &v) == 0;
			if (ok && v >= 0) {
				f->job_uid = v;
				f->job_uid_ev = ev;
				return;
			}
		}
}

/* Still pending when collected: scontrol says so and no sacct row of
 * the job has a start time. */
static void
find_pending(struct facts *f)
{
	int	pending = 0;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		struct str		 j = ev_str(ev, "job_id");

		if (f->job_id.n > 0 && !facts_job_is(f, j))
			continue;
		if (ev->kind == EV_SACCT_ROW && ev_field(ev, "start_s") !=
		    NULL)
			return;
		if (ev->kind == EV_SCONTROL_JOB && str_eq(ev_str(ev,
		    "job_state"), "PENDING"))
			pending = 1;
	}
	f->never_ran = pending && !f->have_window;
}

/* The job analysed: the manifests' job id, else Slurm's first record. */
static void
find_job(struct facts *f)
{
	for (size_t i = 0; i < f->nins; i++) {
		const struct input	*in = f->ins[i];
		const char		*u;

		if (in->job_id == NULL || *in->job_id == '\0')
			continue;
		f->job_id = facts_job_base(str_cstr(in->job_id));
		if (in->array_task_id != NULL && in->array_job_id != NULL) {
			f->array_id = str_cstr(in->array_job_id);
			f->task_id = str_cstr(in->array_task_id);
		} else if ((u = strchr(in->job_id, '_')) != NULL) {
			/* a manifest naming the task as <array>_<task> */
			f->array_id = f->job_id;
			f->task_id = str_cstr(u + 1);
		}
		return;
	}
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind == EV_SACCT_ROW || ev->kind == EV_SCONTROL_JOB) {
			f->job_id = facts_job_base(ev_str(ev, "job_id"));
			return;
		}
	}
}

enum err_code
facts_build(struct facts *f, const struct timeline *tl, struct input **ins,
    size_t nins, struct err *e)
{
	memset(f, 0, sizeof(*f));
	f->tl = tl;
	f->ins = ins;
	f->nins = nins;
	f->shm_bytes = -1;
	f->all_completed = 1;
	find_job(f);
	find_window(f);
	if (!f->have_window)
		find_window_node(f);
	find_pending(f);
	find_uid(f);
	find_pids(f);
	for (size_t i = 0; i < tl->n; i++) {
		if (facts_foreign(f, tl->v[i]))
			f->foreign++;
		else
			on_event(f, tl->v[i], i);
	}
	for (int i = 0; i < f->nsteps; i++) {
		f->steps[i].cg_limit_bytes = -1;
		f->steps[i].cg_peak_bytes = -1;
		f->steps[i].cg_failcnt = -1;
		f->steps[i].oom_kills = -1;
	}
	for (size_t i = 0; i < tl->n; i++)
		if (tl->v[i]->kind == EV_CGROUP_MEM &&
		    !facts_foreign(f, tl->v[i]))
			attach_cgroup(f, tl->v[i]);
	kernel_limits(f);
	if (!f->have_sacct)
		f->all_completed = 0;
	scan_inputs(f);
	scan_scope(f, nins > 0 ? ins[0]->arena : NULL);
	facts_cpu(f);
	(void)e;
	return ERR_OK;
}
