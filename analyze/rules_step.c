/*
 * rules_step: the step-creation rows of the decision table (boundary
 * step): a step or its cgroup that could not be created, a submission
 * refused for its memory request. Each row beside its predicate;
 * rules_table.c assembles every boundary's rows into the one table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

/* A Slurm refusal that is about memory (the request, not the use). */
static int
memory_reason(const struct event *s)
{
	struct str	r = ev_str(s, "reason");

	/* Torque names the queue limit: "cannot satisfy queue max mem
	 * requirement" (also pmem, vmem). */
	return r.p != NULL && (str_find(r, "Memory required by task") != NULL ||
	    str_find(r, "Memory specification") != NULL ||
	    str_find(r, "mem requirement") != NULL);
}

/* srun's "step creation temporarily disabled, retrying" with no "Step
 * created" after it: the step waited, to the end of what was collected,
 * for resources another step of the job held. */
static const struct event *
step_never_created(const struct facts *f)
{
	const struct event	*d = kit_first_what(f, EV_BENIGN,
				    "step_delayed");

	for (size_t i = d != NULL ? facts_index_of(f, d) + 1 : 0;
	    d != NULL && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_BENIGN &&
		    ev_str_is(f->tl->v[i], "what", "step_created"))
			return NULL;
	return d;
}

/*
 * A step whose tasks did not start (a required plugin failing, its
 * container not starting) while slurmstepd then counted oom-kill events
 * in that step, in the same output right after it: the step's cgroup
 * existed and something started in it (pyxis importing the image, a
 * hook's tool) was OOM-killed; the failed start followed the kill, and
 * the host rows decide. Slurm prints the count when the step ends, so
 * the kill came first whatever the order of the lines.
 */
#define KILLED_INSIDE_LINES	16

static int
killed_inside(const struct facts *f, const struct event *s)
{
	static const enum ev_kind oom[] = { EV_STEPD_OOM, EV_SRUN_TASK_OOM };
	size_t	at = facts_index_of(f, s);

	if (!ev_str_is(s, "what", "launch") &&
	    !ev_str_is(s, "what", "container"))
		return 0;
	for (size_t i = at + 1; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (f->tl->in[i] != f->tl->in[at] ||
		    ev->ref.file_id != s->ref.file_id ||
		    ev->ref.line > s->ref.line + KILLED_INSIDE_LINES)
			continue;
		for (size_t k = 0; k < sizeof(oom) / sizeof(oom[0]); k++)
			if (ev->kind == oom[k] && !facts_foreign(f, ev))
				return 1;
	}
	return 0;
}

/* The step's container could not be started: pyxis' own error or the
 * enroot log it relays, or pyxis failing as a required SPANK plugin.
 * The relayed error (enroot's "[ERROR] ...") says why; pyxis' summary
 * lines (the catalog's "summary" group) only that it failed. */
static int
container_summary(const struct event *ev)
{
	return ev_str(ev, "summary").n > 0;
}

static const struct event *
container_failure(const struct facts *f)
{
	const struct event	*first = NULL;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind != EV_STEP_CREATE_FAIL || facts_foreign(f, ev))
			continue;
		if (!ev_str_is(ev, "what", "container") &&
		    str_find(ev_str(ev, "plugin"), "pyxis") == NULL)
			continue;
		if (ev_str_is(ev, "what", "container") &&
		    !container_summary(ev))
			return ev;	/* the runtime's own words */
		if (first == NULL)
			first = ev;
	}
	return first;
}

/* The container runtime could not start the step's container: the
 * workload never ran, and neither memory nor Slurm's step set-up
 * failed (issue 15's container rows). Not when something started in
 * the step was OOM-killed (an import that ran out of memory). */
static int
m_container_start(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = container_failure(f);
	struct str		 r;

	if (s == NULL || killed_inside(f, s))
		return 0;
	r = ev_str(s, "reason");
	m->initiating = s;
	rmatch_support(m, f->first[EV_STEP_CREATE_FAIL]);
	m->confidence = "medium";
	m->confidence_reason = "the container runtime's own error; whether "
	    "the node's runtime, its storage or the image is at fault is in "
	    "its words";
	m->detail = r.n > 0 && ev_str_is(s, "what", "container") &&
	    !container_summary(s) ?
	    arena_printf(a, "The container runtime could not start the "
	    "step's container (%.*s), so the step's tasks never started; the "
	    "workload never ran, and no memory ran out.", (int)r.n, r.p) :
	    "The container plugin (pyxis) failed before the step's tasks "
	    "started: the container could not be imported or started, so the "
	    "workload never ran, and no memory ran out.";
	return 1;
}

static int
m_step_create(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STEP_CREATE_FAIL];
	struct str		 r = s != NULL ? ev_str(s, "reason") :
				    str_make(NULL, 0);

	if (s == NULL && (s = step_never_created(f)) != NULL) {
		m->initiating = s;
		m->confidence = "low";
		m->confidence_reason = "srun kept retrying the step and never "
		    "reported it created in what was collected; what held "
		    "the resources was not collected";
		m->detail = "The step was never created: srun waited for "
		    "resources another step of the job held (\"Requested "
		    "nodes are busy\": its GPUs, CPUs or memory), so the "
		    "workload never ran in it.";
		m->next_action = "Give each step only its share (srun --exact "
		    "with --gpus-per-task or --gres per step, no step holding "
		    "all of the job's GPUs; --overlap where sharing is meant) "
		    "and require every step to report 'Step created'.";
		return 1;
	}
	if (s == NULL || killed_inside(f, s) || container_failure(f) != NULL)
		return 0;
	/* a kubelet that could not allocate devices because a GPU is lost
	 * or faulted: the device rows name the cause */
	if (ev_str_is(s, "what", "k8s_admission") && (f->xid_fault != NULL ||
	    f->first[EV_GPU_DRIVER_ERROR] != NULL))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->first[EV_CGROUP_CREATE_FAIL]);
	m->confidence = "high";
	if (ev_str_is(s, "what", "k8s_admission")) {
		m->confidence = "low";
		m->confidence_reason = "the kubelet's own admission error: the "
		    "pod's devices could not be allocated; whether the pod had "
		    "run before (a kubelet restart re-admits a completed pod and "
		    "fails it this way) is not in the line";
		m->detail = arena_printf(a, "The kubelet could not give the pod "
		    "its devices (%.*s), so the pod was refused at admission and "
		    "never started: the device plugin had not registered its "
		    "GPUs yet (after a node or kubelet restart), reported them "
		    "unhealthy, or failed the allocation call.", (int)r.n, r.p);
		m->next_action = "Check the device plugin's pod and logs on that "
		    "node and the node's allocatable nvidia.com/gpu (kubectl "
		    "describe node); fix or restart the plugin (a GPU it calls "
		    "unhealthy: nvidia-smi and the kernel log on the node), then "
		    "delete the failed pod so it is scheduled again, and require "
		    "it to start.";
	} else if (ev_str_is(s, "what", "node_memory")) {
		int64_t	have = ev_num_or(s, "have_mb", -1);
		int64_t	want = ev_num_or(s, "want_mb", -1);

		if (have > INT64_MAX / MiB || want > INT64_MAX / MiB)
			have = want = -1;	/* no node has that much */

		m->confidence = "medium";
		m->confidence_reason = "slurmctld's own words: a node has less "
		    "memory than slurm.conf says; that the job waited for that "
		    "node is not in the line";
		m->detail = have > 0 && want > 0 ? arena_printf(a, "A node "
		    "registered with %s of memory while slurm.conf gives it %s "
		    "(RealMemory), so slurmctld refused it and drained it (Low "
		    "RealMemory): the job could not start there, and the "
		    "workload never ran.", fmt_bytes(a, have * MiB), fmt_bytes(a,
		    want * MiB)) : "A node was drained for Low RealMemory: it "
		    "registered with less memory than slurm.conf gives it, so "
		    "the job could not start there and the workload never ran.";
		m->next_action = "Compare RealMemory in slurm.conf (or the "
		    "node's generated definition) with what slurmd -C reports on "
		    "the node; set it at or below that figure (leave room for the "
		    "OS, or set MemSpecLimit), restart slurmctld and slurmd, "
		    "resume the node (scontrol update nodename=NODE state=resume) "
		    "and require the job to start.";
	} else if (ev_str_is(s, "what", "launch")) {
		/* slurmstepd or srun could not start the step's tasks. */
		m->confidence_reason = "Slurm's own line: the step's tasks "
		    "could not be started";
		m->detail = r.p != NULL ? arena_printf(a, "Slurm could not "
		    "start the step's tasks (%.*s); the workload never ran, so "
		    "there is no application memory profile.", (int)r.n, r.p) :
		    "Slurm could not start the step's tasks (its job manager "
		    "or a required plugin gave up); the workload never ran.";
		m->next_action = "Read the error the job manager or plugin "
		    "printed just before this line (a container runtime, the "
		    "prolog, the batch script's exec) and fix it on that node; "
		    "then run one task there (srun -w NODE true) and require "
		    "it to start before rerunning the job unchanged.";
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
	} else if (ev_str_is(s, "what", "attach")) {
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
	} else if (ev_str_is(s, "what", "write")) {
		m->confidence = "high";
		m->confidence_reason = "slurmstepd could not write the step's "
		    "cgroup settings";
		m->detail = arena_printf(a, "slurmstepd could not write %.*s "
		    "(%.*s) while setting up the step's cgroup; the task "
		    "plugin fails the step before the workload runs.",
		    (int)ev_str(s, "path").n, ev_str(s, "path").p,
		    (int)ev_str(s, "errno").n, ev_str(s, "errno").p);
		return 1;
	} else if (ev_str_is(s, "what", "devices")) {
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

/* The line before a cli_filter refusal in its context: the plugin's
 * own message ("srun: lua: ..."), trimmed and cut; empty if none. */
static struct str
filter_message(const struct event *s)
{
	struct str	c = s->context, l = str_make(NULL, 0);
	const char	*p = c.p, *e = c.p + c.n, *nl;
	int64_t		 k = (int64_t)s->ref.line - (int64_t)s->context_line;

	for (int64_t i = 0; p != NULL && p < e && i <= k; i++) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (i == k - 1)
			l = str_make(p, (size_t)((nl != NULL ? nl : e) - p));
		p = nl != NULL ? nl + 1 : e;
	}
	l = str_trim(l);
	if (l.n > 200)		/* cut, never inside a UTF-8 sequence */
		for (l.n = 200; l.n > 0 && ((unsigned char)l.p[l.n] & 0xc0) ==
		    0x80; l.n--)
			;
	return l;
}

static int
m_submit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = NULL, *site = NULL;

	/* Slurm's own refusal decides; a site filter's message before it
	 * says why in the site's words */
	for (size_t i = 0; i < f->tl->n && s == NULL; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind != EV_SUBMIT_REJECTED || facts_foreign(f, ev))
			continue;
		if (!ev_str_is(ev, "what", "site_filter"))
			s = ev;
		else if (site == NULL)
			site = ev;
	}
	if (s == NULL && (s = site) == NULL)
		return 0;
	if (s != site)
		rmatch_support(m, site);
	m->initiating = s;
	m->confidence = "high";
	if (ev_str_is(s, "what", "cli_filter")) {
		struct str	msg = filter_message(s);

		m->confidence_reason = "Slurm's client refused the options: "
		    "the site's cli_filter plugin failed them";
		m->detail = arena_printf(a, "The site's cli_filter plugin "
		    "refused the job's options before anything was submitted%s"
		    "%.*s%s. A site rule (often a limit such as memory per GPU "
		    "or per CPU) was broken; nothing ran.", msg.n > 0 ?
		    " (its message: \"" : "", (int)msg.n, msg.p != NULL ?
		    msg.p : "", msg.n > 0 ? "\")" : "");
	} else if (ev_str_is(s, "what", "site_filter")) {
		m->confidence = "medium";
		m->confidence_reason = "the site's own message at submission; "
		    "Slurm's 'Batch job submission failed' line was not "
		    "collected with it";
		m->detail = arena_printf(a, "The site's submission filter (a "
		    "job_submit plugin) refused the job in its own words "
		    "(%.*s): a site rule about the options, partition or account "
		    "the job asks for was broken, so it never queued. Nothing "
		    "ran.", (int)ev_str(s, "reason").n, ev_str(s, "reason").p);
		m->next_action = "Change the option the message names as the "
		    "site's documentation asks (the partition for the resource, "
		    "--gpus-per-node for --gpus, an account), resubmit, and "
		    "require squeue to show the job queued.";
	} else if (ev_str_is(s, "what", "pbs_value")) {
		struct str	 res = ev_str(s, "resource");
		const char	*any = "-l or #PBS";

		m->confidence_reason = "qsub's own refusal at submission";
		m->detail = arena_printf(a, "qsub refused the job at submission: "
		    "a value in its resource request (%.*s) is not one it "
		    "accepts (a malformed size or range, a unit it does not "
		    "know, a misspelt name in a #PBS line). Nothing ran.",
		    res.n > 0 ? (int)res.n : (int)strlen(any), res.n > 0 ?
		    res.p : any);
		m->next_action = "Correct the resource the error names (a "
		    "plain size such as mem=16gb, walltime as HH:MM:SS; qsub's "
		    "man page and qmgr -c 'list queue Q' give the accepted "
		    "forms), resubmit, and require qstat to show the job "
		    "queued.";
	} else if (ev_str_is(s, "what", "workflow_fit")) {
		struct str	res = ev_str(s, "resource");
		struct str	want = ev_str(s, "want"), have = ev_str(s, "have");

		m->confidence_reason = "the workflow engine's own refusal: it "
		    "found no machine it may use that fits the task";
		m->detail = arena_printf(a, "The workflow engine refused to "
		    "start a task: it asks for more %.*s than any machine the "
		    "engine may use has%s%.*s%s%.*s%s, so the task never ran and "
		    "nothing ran out of memory.", res.n > 0 ? (int)res.n : 9,
		    res.n > 0 ? res.p : "resources", want.n > 0 ? " (asks " : "",
		    (int)want.n, want.p, want.n > 0 ? ", has " : "",
		    (int)have.n, have.p, want.n > 0 ? ")" : "");
		m->next_action = "Cap the task's request at what the machines "
		    "have (Nextflow: process.resourceLimits or the pipeline's "
		    "--max_memory/--max_cpus; canu: the task's Memory and "
		    "Threads options); when the scheduler reports fewer CPUs or "
		    "less memory than the nodes have (slurmctld: 'extra "
		    "resources ignored'), fix the node definitions instead. Then "
		    "require the task to start.";
	} else if (memory_reason(s)) {
		m->confidence_reason = "the submission was rejected for its "
		    "memory request";
		m->detail = ev_str_is(s, "what", "pbs") ? "PBS refused the "
		    "job at submission: its memory request exceeds the queue's "
		    "limit." : "The job was refused at "
		    "submission: its memory request exceeds what any node in "
		    "the partition has.";
	} else if (ev_str_is(s, "what", "grid_engine")) {
		m->confidence_reason = "Grid Engine's qsub refused the job";
		m->detail = arena_printf(a, "Grid Engine refused the job at "
		    "submission (%.*s): a resource it does not know or that the "
		    "site does not let jobs change (h_vmem, a queue's defaults), "
		    "no queue that fits, or a host that may not submit. Nothing "
		    "ran; qconf -sc and qconf -sq QUEUE show what may be "
		    "requested.", (int)ev_str(s, "reason").n,
		    ev_str(s, "reason").p);
	} else {
		int	pbs = ev_str_is(s, "what", "pbs");

		m->confidence_reason = pbs ? "PBS's own refusal at submission" :
		    "Slurm's own refusal at submission";
		m->detail = arena_printf(a, "The job was refused at submission "
		    "(%.*s): %s Nothing ran.", (int)ev_str(s, "reason").n,
		    ev_str(s, "reason").p, pbs ? "a limit of the queue or the "
		    "server (memory, cores, walltime, the project's allocation) "
		    "is below what the job asks; qmgr -c 'list queue NAME' shows "
		    "them." : "no node of the partition can satisfy the request "
		    "as written, or a resource is misspelt or empty.");
	}
	return 1;
}

/* The step-creation rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_step[] = {
	{ .id = "R-STEP-001", .cause = "step_creation_failure",
	  .boundary = "step", .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'task/cgroup: unable to allocate requested "
	      "memory'; S000 step 5",
	  .signals = "'Unable to create step … Memory required by task is not "
	      "available' (or any other reason); slurmstepd's job manager "
	      "exiting abnormally (could not exec), srun's 'Task launch for "
	      "… failed', srun refusing its own options ('srun: fatal: …'), "
	      "Flux's job shell ('plugin … shell.init failed', 'FATAL: "
	      "shell_init'), the kubelet refusing a pod at admission ('Allocate "
	      "failed due to …'; low, and not when a GPU is lost or faulted), "
	      "a required SPANK plugin other than pyxis failing (a container "
	      "that could not start is R-OTHER-033), not when "
	      "slurmstepd counts oom-kill events in that step right after "
	      "it (something started in the step was OOM-killed: the host "
	      "rows decide); low: srun's "
	      "'step creation temporarily disabled' never followed by 'Step "
	      "created'",
	  .meaning = "The step could not be created, or its tasks could not "
	      "start.",
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
	      "failed:' (invalid TRES/GRES, partition, account); PBS's qsub "
	      "'Job exceeds queue resource limits' (Torque's MSG names the "
	      "limit: memory when 'max mem requirement') or 'Job violates "
	      "queue and/or server resource limits'; LSF's bsub 'value is "
	      "outside the range set by RESRSV_LIMIT'; Grid Engine's qsub "
	      "'Unable to run job: …'",
	  .meaning = "The request cannot be met by any node (memory, GRES, "
	      "partition) or names an invalid resource: nothing ran.",
	  .next_action = "Request at most the node's RealMemory and GRES "
	      "(scontrol show node) in a partition that has them, with no "
	      "empty or misspelt --gres/--gpus value, then resubmit.",
	  .match = m_submit },
	{ .id = "R-OTHER-033", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "the step's container could not be started: enroot's "
	      "error relayed by pyxis ('pyxis:     [ERROR] …'), pyxis' own "
	      "'failed to import docker image', 'failed to create container "
	      "filesystem' or 'couldn't start container', or pyxis failing "
	      "as a required SPANK plugin; Apptainer/Singularity's 'FATAL: "
	      "while extracting IMAGE: …' and 'FATAL: container creation "
	      "failed: …'; medium; not when slurmstepd counts "
	      "oom-kill events in that step right after it (an import that "
	      "ran out of memory: the host rows decide)",
	  .meaning = "The step's container could not be started; the "
	      "workload never ran and nothing ran out of memory.",
	  .next_action = "Fix what the runtime's error names, on the node (a "
	      "container hook and the tool it runs, enroot's runtime and data "
	      "paths and their permissions, the node's user database, its "
	      "storage) or in the image; then start one task of the same "
	      "image on that node (srun -w NODE --container-image=IMAGE true) "
	      "and require it to start before rerunning the job unchanged.",
	  .match = m_container_start },
};
const size_t	nrules_step =
    sizeof(rules_step) / sizeof(rules_step[0]);
