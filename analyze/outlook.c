/*
 * outlook: who owns a verdict's failure (failure_domain) and what a
 * scheduler or restart policy should do with the job (retry_outlook),
 * for fleet records and restart hooks (issue 19).
 *
 * Both come from one table, first matching row wins: a row names a
 * cause, and optionally the rule that fired, the boundary, the
 * initiating event's kind or the component of the Xid it carries, so a
 * narrower row (one rule, an application Xid, or the variant of the
 * initiating event: a node drained for Low RealMemory is the node's
 * failure, a step refused for its memory request the job's) sits above
 * its cause's general row. Nothing here reads the inputs: the verdict
 * and its initiating evidence decide, so a saved analysis that lacks the fields
 * derives them again when it is read back (without the variant, which
 * the JSON does not carry, it gets the cause's general row).
 */
#include <stddef.h>
#include <string.h>

#include "analysis.h"

struct outlook_row {
	const char	*cause;		/* NULL: any (only the last row) */
	const char	*rule;		/* NULL: any */
	const char	*boundary;	/* NULL: any */
	const char	*kind;		/* initiating evidence's kind, or NULL */
	const char	*xid_component;	/* its Xid's catalog component */
	const char	*domain;
	const char	*outlook;
	const char	*why;
	const char	*what;		/* initiating evidence's variant */
};

static const struct outlook_row outlook_table[] = {
	/* The job's own demand or code. */
	{ "host_oom", "R-HOST-013", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job's own address-space or data limit "
	  "failed the allocation: the same limit fails again", NULL },
	{ "host_oom", "R-HOST-011", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "one NUMA node's memory ran out under the "
	  "job's memory binding: the same binding fails again", NULL },
	{ "host_oom", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job asked for less host memory than "
	  "it used: the same request fails again", NULL },
	{ "memory_stall", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job sat at its own memory limit: the "
	  "same request stalls again", NULL },
	{ "memory_leak", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job's memory grows until it fails: a "
	  "rerun leaks the same way", NULL },
	{ "cuda_oom_exhaustion", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job needs more GPU memory than the "
	  "device has: the same settings fail again", NULL },
	{ "cuda_oom_fragmentation", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job's allocator fragmented GPU "
	  "memory: change its allocator settings first", NULL },
	/* A step the node could not start: its definition, its cgroups,
	 * its device plugin or its job manager, not the request. */
	{ .cause = "step_creation_failure", .what = "node_memory",
	  .domain = "infrastructure", .outlook = "requeue_elsewhere",
	  .why = "the node has less memory than its definition says and "
	  "was drained: run elsewhere and fix the node's RealMemory" },
	{ .cause = "step_creation_failure", .what = "k8s_admission",
	  .domain = "infrastructure", .outlook = "requeue_elsewhere",
	  .why = "the node's device plugin could not give the pod its "
	  "GPUs: run elsewhere and fix the plugin on that node" },
	{ .cause = "step_creation_failure", .what = "launch",
	  .domain = "infrastructure", .outlook = "requeue_elsewhere",
	  .why = "the node could not start the step's tasks: run "
	  "elsewhere and fix what its job manager or plugin names" },
	{ .cause = "step_creation_failure", .rule = "R-STEP-002",
	  .domain = "infrastructure", .outlook = "requeue_elsewhere",
	  .why = "the node could not set up the step's cgroups: run "
	  "elsewhere and fix the node's cgroup setup" },
	{ "step_creation_failure", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the request could not be placed as "
	  "written: change it before requeueing", NULL },
	{ "cpu_limited", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job ran on fewer cores than it uses: "
	  "change the request or the binding", NULL },
	{ "shm_limit", NULL, NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the job used more shared memory than "
	  "/dev/shm holds: use less of it or ask for a larger one", NULL },
	/* An application Xid (an illegal access, a fault the program
	 * caused) is the program's, not the GPU's. */
	{ "xid_fault", NULL, NULL, NULL, "application", "workload",
	  "change_then_requeue", "the Xid is one a program usually causes: "
	  "debug the program before suspecting the GPU", NULL },
	/* The node or the GPU. */
	{ "xid_fault", NULL, NULL, NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "the GPU faulted: run elsewhere and drain "
	  "the node until the GPU is checked", NULL },
	{ "retired_pages", NULL, NULL, NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "the GPU's memory is failing: run elsewhere "
	  "and drain the node for a reset or RMA", NULL },
	{ "gpu_other_tenant", NULL, NULL, NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "another process held the GPU: run "
	  "elsewhere, and fix the sharing on this node", NULL },
	{ "zombie_context", NULL, NULL, NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "memory left by a dead context holds the "
	  "GPU: run elsewhere and reset the GPU", NULL },
	{ "gpu_access_denied", NULL, NULL, NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "the node hid or denied the GPUs the job "
	  "was given: run elsewhere and fix the node's GRES setup", NULL },
	{ "not_oom_other", NULL, NULL, "node_failure", NULL,
	  "infrastructure", "requeue_elsewhere", "a node of the job "
	  "failed: run elsewhere", NULL },
	{ "not_oom_other", "R-OTHER-004", NULL, NULL, NULL,
	  "infrastructure", "requeue_elsewhere", "a node of the job "
	  "failed: run elsewhere", NULL },
	{ "not_oom_other", "R-OTHER-022", NULL, NULL, NULL,
	  "infrastructure", "requeue_elsewhere", "the node showed no "
	  "usable GPU: run elsewhere and check the node", NULL },
	{ "not_oom_other", "R-OTHER-023", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "two ranks were put on one GPU: fix the "
	  "program's device choice first", NULL },
	{ "not_oom_other", "R-OTHER-024", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "a per-process limit ran out: raise it for "
	  "the job before requeueing", NULL },
	{ "not_oom_other", "R-OTHER-025", NULL, NULL, NULL, "unknown",
	  "unknown", "the launcher was stopped from outside: whether to run "
	  "it again is for whoever stopped it to say", NULL },
	{ "not_oom_other", "R-OTHER-026", NULL, NULL, NULL,
	  "infrastructure", "requeue_elsewhere", "NCCL could not set up its "
	  "network on these nodes: fix the nodes' network or container "
	  "setup, or run elsewhere", NULL },
	{ "not_oom_other", "R-OTHER-027", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the program needs CPU instructions this "
	  "node lacks: run a build for this CPU or move to nodes that have "
	  "them", NULL },
	{ "not_oom_other", "R-OTHER-028", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the ranks hung in a collective: the same "
	  "code and nodes hang again until what held the rank is found", NULL },
	{ .cause = "not_oom_other", .rule = "R-OTHER-033",
	  .domain = "unknown", .outlook = "unknown", .why = "the node's "
	  "container runtime or the image: the runtime's error says which" },
	{ "not_oom_other", "R-OTHER-021", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the program was not built for this GPU: "
	  "rebuild it or ask for a GPU it supports", NULL },
	{ "not_oom_other", "R-DEV-009", NULL, NULL, NULL, "workload",
	  "change_then_requeue", "the program asked for an impossible "
	  "amount of GPU memory: a bug to fix first", NULL },
	/* The scheduler ended it. */
	{ "time_limit", NULL, NULL, NULL, NULL, "scheduler", "requeue",
	  "the scheduler ended the job (time limit or pre-emption): "
	  "requeue it, from a checkpoint if it has one", NULL },
	{ "not_oom_other", "R-SCHED-003", NULL, NULL, NULL, "scheduler",
	  "unknown", "someone cancelled the job: whether to run it again "
	  "is theirs to say", NULL },
	{ "not_oom_other", NULL, "hardware", NULL, NULL, "infrastructure",
	  "requeue_elsewhere", "the failure is the hardware's: run "
	  "elsewhere and check the node", NULL },
	{ "not_oom_other", NULL, "scheduler", NULL, NULL, "scheduler",
	  "requeue", "the scheduler ended the job: requeue it", NULL },
	/* Nothing to act on, or not enough to tell. */
	{ "no_incident", NULL, NULL, NULL, NULL, "unknown", "unknown",
	  "nothing failed", NULL },
	{ NULL, NULL, NULL, NULL, NULL, "unknown", "unknown",
	  "the evidence does not say whose failure this is", NULL },
};

static int
eq_or_any(const char *want, const char *have)
{
	return want == NULL || (have != NULL && strcmp(want, have) == 0);
}

/* The row for a verdict; never NULL (the last row matches all). */
static const struct outlook_row *
outlook_row_of(const struct verdict *v)
{
	const struct evidence	*ini = v->initiating;
	const struct outlook_row *r;
	size_t			 i;

	for (i = 0; i < sizeof(outlook_table) / sizeof(outlook_table[0]);
	    i++) {
		r = &outlook_table[i];
		if (!eq_or_any(r->cause, v->cause) ||
		    !eq_or_any(r->rule, v->rule) ||
		    !eq_or_any(r->boundary, v->boundary))
			continue;
		if (r->kind != NULL && (ini == NULL ||
		    !eq_or_any(r->kind, ini->kind)))
			continue;
		if (r->what != NULL && (ini == NULL ||
		    !eq_or_any(r->what, ini->what)))
			continue;
		if (r->xid_component != NULL && (ini == NULL ||
		    ini->xid == NULL ||
		    !eq_or_any(r->xid_component, ini->xid->component)))
			continue;
		return r;
	}
	return &outlook_table[i - 1];
}

void
verdict_outlook(struct verdict *v)
{
	const struct outlook_row *r = outlook_row_of(v);

	v->failure_domain = r->domain;
	v->retry_outlook = r->outlook;
	v->outlook_reason = r->why;
}
