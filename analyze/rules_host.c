/*
 * rules_host: the host-memory rows of the decision table (boundary host):
 * the kernel's memory-cgroup and node-wide OOM kills, slurmstepd's OOM
 * and memory-limit kills, the application's and a paraphrased host OOM,
 * the records that say so (sacct OUT_OF_MEMORY, the cgroup's oom_kill
 * counter), a bare SIGKILL, an enforcer outside Slurm, and the host
 * memory leak rows (their predicates in series_view.c). Each row beside
 * its predicate; rules_table.c assembles every boundary's rows into the
 * one table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

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
	/* Only part of the report, without its kill line ("Tasks state"
	 * and the task table, a memory report): the OOM killer ran, but
	 * neither its victim nor its scope was collected. */
	if (k->pid <= 0 && task.n == 0 && memcg.n == 0) {
		m->confidence = "high";
		m->confidence_reason = m->nsupport > 0 ? "part of the kernel's "
		    "OOM report, corroborated by Slurm or cgroup evidence" :
		    "the kernel's own OOM report (its header, call trace, "
		    "memory figures or task table), without the line naming "
		    "what it killed";
		m->detail = "The kernel's OOM killer ran: part of its report "
		    "is in the log, but not the line naming the process it "
		    "killed, nor whether a memory cgroup's limit or the whole "
		    "node ran out.";
		return 1;
	}
	m->confidence = "high";
	m->confidence_reason = m->nsupport > 0 ?
	    "the kernel's memory-cgroup OOM kill is corroborated by Slurm or "
	    "cgroup evidence" :
	    "the kernel's own memory-cgroup OOM kill line";
	m->detail = arena_printf(a, "The kernel OOM-killed %.*s (pid %" PRId64
	    ") inside %s%.*s%s%s.", (int)task.n,
	    task.p ? task.p : "", k->pid, memcg.n > 0 ? "memory cgroup " :
	    "a memory cgroup the log does not name", (int)memcg.n, memcg.n > 0 ? memcg.p : "",
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
	/* srun's "task N: Out Of Memory" alone: slurmstepd gives a task
	 * that status only when it counted oom-kill events in the step's
	 * cgroup, so it is the same word, relayed. */
	if (s == NULL && (s = f->first[EV_SRUN_TASK_OOM]) != NULL) {
		m->initiating = s;
		host_support(f, m);
		m->confidence = "medium";
		m->confidence_reason = "srun reports the task Out Of Memory, "
		    "the status slurmstepd gives a task when it counted "
		    "oom-kill events in the step's cgroup; slurmstepd's own "
		    "line and the kernel's were not collected";
		m->detail = "srun reports the step's task ran Out Of Memory: "
		    "the cgroup out-of-memory handler killed processes of the "
		    "step.";
		return 1;
	}
	if (s == NULL)
		return 0;
	m->initiating = s;
	host_support(f, m);
	m->confidence = "high";
	if (ev_str_is(s, "what", "flux")) {
		struct str	node = ev_str(s, "node");

		m->confidence_reason = "Flux's job shell counted oom-kill "
		    "events in the job's memory cgroup";
		m->detail = arena_printf(a, "Flux's job shell reported the "
		    "cgroup out-of-memory handler killing %lld of the job's "
		    "tasks%s%.*s.", (long long)ev_num_or(s, "count", 1),
		    node.n > 0 ? " on " : "", (int)node.n, node.p);
		return 1;
	}
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
	if (kit_numa_constraint(k).n > 0) {
		/* R-HOST-011 says which binding; the node may have had room */
		m->confidence_reason = "the kernel's OOM kill outside any "
		    "cgroup limit, confined by the task's NUMA binding "
		    "(constraint in the kernel's report)";
		m->detail = "The kernel's OOM killer ran outside the job's "
		    "cgroup limit.";
		return 1;
	}
	m->confidence_reason = "the kernel's node-wide OOM kill line "
	    "(\"Out of memory: Killed process\" or constraint "
	    "CONSTRAINT_NONE): the whole node ran out, not only the job's "
	    "cgroup";
	m->detail = "The node itself ran out of memory (a global OOM kill, "
	    "not the job's cgroup limit).";
	return 1;
}

/* A node-wide OOM confined by a memory policy or a cpuset: the NUMA
 * nodes the task may allocate from ran out, not the whole machine. */
static int
m_numa_bound(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*k = f->kernel_global;
	struct str		 c, mems;

	if (k == NULL)
		return 0;
	if ((c = kit_numa_constraint(k)).n == 0)
		return 0;
	/* a memory policy's nodes are the allocation's nodemask; a
	 * cpuset's are the task's mems_allowed */
	if (str_eq(c, "CONSTRAINT_CPUSET"))
		mems = ev_str(k, "mems_allowed");
	else
		mems = ev_str(k, "nodemask");
	if (str_eq(mems, "(null)"))
		mems = str_make(NULL, 0);
	m->detail = arena_printf(a, "The kernel chose the victim under "
	    "%.*s%s%.*s: only the NUMA memory the task was bound to ran out "
	    "(a %s), while other nodes' memory may have been free; the job's "
	    "--mem was not what failed.", (int)c.n, c.p, mems.n == 0 ? "" :
	    str_eq(c, "CONSTRAINT_CPUSET") ? ", mems_allowed=" :
	    ", nodemask=", (int)mems.n, mems.p != NULL ? mems.p : "",
	    str_eq(c, "CONSTRAINT_CPUSET") ? "cpuset's mems" :
	    "memory policy such as numactl --membind or --mem-bind");
	return 1;
}

/* The job's memory limit: a step's cgroup limit, else ReqMem; -1. */
static int64_t
job_limit(const struct facts *f)
{
	int64_t	v = -1;

	for (int i = 0; i < f->nsteps; i++)
		if (f->steps[i].cg_limit_bytes > 0 && (v < 0 ||
		    f->steps[i].cg_limit_bytes > v))
			v = f->steps[i].cg_limit_bytes;
	/* no sacct rows: the job's own cgroup file */
	for (size_t i = 0; v < 0 && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_CGROUP_MEM &&
		    !facts_foreign(f, f->tl->v[i]) &&
		    str_eq(ev_str(f->tl->v[i], "level"), "job"))
			v = ev_num_or(f->tl->v[i], "limit_bytes", -1);
	for (int i = 0; v < 0 && i < f->nsteps; i++)
		if (step_num(&f->steps[i], "req_mem_bytes") > v)
			v = step_num(&f->steps[i], "req_mem_bytes");
	return v;
}

/* An allocation failure in the application with no kernel OOM, while a
 * process of the job ran under an address-space or data limit of its own
 * (ulimit -v / -d) well below the job's memory: that limit failed it. */
static int
m_self_limit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*best = NULL;
	int64_t			 lim = job_limit(f), v, bv = -1;

	if (m->initiating == NULL || m->initiating->kind != EV_HOST_OOM_APP ||
	    f->kernel_memcg != NULL || f->kernel_global != NULL)
		return 0;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind != EV_HOST || ev->sig == NULL ||
		    strcmp(ev->sig, "host.proc") != 0 || facts_foreign(f, ev))
			continue;
		v = ev_num_or(ev, "as_limit_bytes", -1);
		if (ev_num_or(ev, "data_limit_bytes", -1) >= 0 && (v < 0 ||
		    ev_num_or(ev, "data_limit_bytes", -1) < v))
			v = ev_num_or(ev, "data_limit_bytes", -1);
		if (v >= 0 && (bv < 0 || v < bv)) {
			bv = v;
			best = ev;
		}
	}
	/* half the job's memory, or any limit when the job's is unknown */
	if (best == NULL || (lim > 0 && bv * 2 > lim))
		return 0;
	rmatch_support(m, best);
	m->confidence = "medium";
	m->confidence_reason = "the application's own allocation failure, "
	    "and a process of the job carrying an address-space or data "
	    "limit of at most half the job's memory; nothing says the "
	    "kernel killed anything";
	m->detail = arena_printf(a, "Process %" PRId64 " (%.*s) ran under a "
	    "limit it was given, not the cgroup's: an address-space or data "
	    "limit of %s (ulimit -v / -d)%s%s; the allocation failed there and "
	    "no kernel OOM killed anything.", best->pid,
	    (int)(ev_str(best, "cmdline").n < 60 ? ev_str(best, "cmdline").n :
	    60), ev_str(best, "cmdline").p != NULL ? ev_str(best,
	    "cmdline").p : "", fmt_bytes(a, bv), lim > 0 ? ", against the "
	    "job's " : "", lim > 0 ? fmt_bytes(a, lim) : "");
	return 1;
}

/* Container runtimes by the cgroup names they create. */
static const struct {
	const char	*needle;
	const char	*runtime;
} runtimes[] = {
	{ "cri-containerd-", "containerd (Kubernetes CRI)" },
	{ "/docker-", "Docker" }, { "/docker/", "Docker" },
	{ "libpod-", "Podman" }, { "/libpod_parent", "Podman" },
	{ "containerd", "containerd" }, { "/lxc.payload", "LXC" },
	{ "/kubepods", "Kubernetes" },
};

static const char *
runtime_of(struct str path)
{
	for (size_t i = 0; path.n > 0 && i < sizeof(runtimes) /
	    sizeof(runtimes[0]); i++)
		if (str_find(path, runtimes[i].needle) != NULL)
			return runtimes[i].runtime;
	return NULL;
}

/* A memcg kill in a container runtime's cgroup whose victim runs as the
 * job's user: the container the job started lives outside the job's
 * cgroup (a daemon created it), so Slurm's limit never applied. When
 * the bundle does not say the job's user (a node-scope bundle asks
 * Slurm nothing), the kill in the job's window on its node is still a
 * container's, not the job's cgroup: medium, the uid to check named. */
static int
m_container_escape(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*k = f->kernel_memcg;
	struct str		 path;
	const char		*rt;
	int64_t			 uid, juid = f->job_uid;

	if (k == NULL)
		return 0;
	path = ev_str(k, "oom_memcg").n > 0 ? ev_str(k, "oom_memcg") :
	    ev_str(k, "task_memcg");
	uid = ev_num_or(k, "uid", -1);
	if ((rt = runtime_of(path)) == NULL || ev_field(k, "job_id") != NULL ||
	    uid < 0 || (juid >= 0 && uid != juid))
		return 0;
	if (juid < 0) {
		m->confidence = "medium";
		m->confidence_reason = "the kernel killed a process in a "
		    "container runtime's memory cgroup during the job, but "
		    "the bundle does not say the job's user (no scontrol "
		    "show job, step marker or Epilog environment) to match "
		    "the victim's uid with";
		m->detail = arena_printf(a, "The killed process ran as uid %"
		    PRId64 " in a %s container's memory cgroup (%.*s), not in "
		    "the job's: if uid %" PRId64 " is the job's user, the "
		    "container the job started escaped the job's cgroup and "
		    "the job's --mem never applied to it (scontrol show job "
		    "says UserId).", uid, rt, (int)path.n, path.p, uid);
		return 1;
	}
	rmatch_support(m, f->job_uid_ev);
	m->detail = arena_printf(a, "The killed process ran as the job's user "
	    "(uid %" PRId64 ") in a %s container's memory cgroup (%.*s), "
	    "outside the job's: the container escaped the job's cgroup, so "
	    "the job's --mem never applied to it.", uid, rt, (int)path.n,
	    path.p);
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
	if (f->first[EV_STEPD_MEMLIMIT] == NULL) {
		m->confidence = "medium";
		m->confidence_reason = "only srun's summary that the limit was "
		    "exceeded: neither the use nor the limit it was held to "
		    "was collected";
	}
	m->detail = "Slurm's accounting poller saw the step's RSS above its "
	    "limit and killed it itself (not the kernel's cgroup OOM killer). "
	    "The poller adds up each process's RSS, so pages its processes "
	    "share (forked workers, shared memory) count once per process: a "
	    "job of many processes can be killed below its real use "
	    "(JobAcctGatherParams=UsePss or NoShared count them once).";
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
	if (ev_str_is(s, "what", "pinned_host"))
		m->detail = arena_printf(a, "The CUDA driver could not pin "
		    "(page-lock) %s of host memory for the application: host "
		    "RAM, or what the platform lets the driver pin (WSL2 caps "
		    "it), ran short; the GPU's own memory is not what failed.",
		    ev_num_or(s, "requested_bytes", -1) > 0 ? fmt_bytes(a,
		    ev_num_or(s, "requested_bytes", 0)) : "a buffer");
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

static int
m_sacct_oom(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->oom_step;

	if (s == NULL && ev_str_is(f->scontrol_job, "job_state",
	    "OUT_OF_MEMORY"))
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
	/* v2 counts a kill at every level above it in memory.events, and
	 * in memory.events.local only where the killed process was */
	if (f->cg_oom_local != NULL && f->cg_oom_local != f->cg_oom) {
		rmatch_support(m, f->cg_oom_local);
		m->detail = arena_printf(a, "%s The killed process was in "
		    "%.*s (its memory.events.local counted the kill).",
		    m->detail, (int)ev_str(f->cg_oom_local, "cg_path").n,
		    ev_str(f->cg_oom_local, "cg_path").p ?
		    ev_str(f->cg_oom_local, "cg_path").p : "");
	}
	return 1;
}

static int
m_sigkill(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = sigkill_event(f), *c;

	if (s == NULL || sigkill_not_oom(f, s, &c))
		return 0;
	/* srun killing a step's tasks after one of them ended abnormally
	 * (its exit code, its abort): the teardown, not a kill from outside */
	if (s->kind == EV_SRUN_TASK_KILLED && kit_after_task_failure(f, s))
		return 0;
	m->initiating = s;
	m->confidence = "low";
	if (ev_str_is(s, "what", "ray_worker_died")) {
		m->confidence_reason = "Ray saw a worker vanish without an "
		    "error of its own and names the OOM killer's SIGKILL as the "
		    "first cause; nothing collected confirms it";
		m->detail = "Ray reports that a worker process died without a "
		    "Python error (its connection closed: End of file). A "
		    "process that vanishes this way was most often killed by "
		    "the kernel's OOM killer (the first cause Ray names); the "
		    "node's kernel log (an OOM kill line), Ray's raylet log or "
		    "the container's memory limit would confirm it, or show a "
		    "segfault, a bus error in a container's small /dev/shm (64 "
		    "MiB by default; vLLM's workers need more) or a forced stop "
		    "instead.";
		return 1;
	}
	m->confidence_reason = "a SIGKILL with nothing saying who sent it; "
	    "most often the host OOM killer";
	m->detail = "A process was killed by SIGKILL. Most often that is the "
	    "kernel's OOM killer, but nothing collected confirms it: the "
	    "kernel log covering the kill (an OOM kill line) or the job's "
	    "memory cgroup (oom_kill > 0) would.";
	return 1;
}

/* The enforcers whose words differ from a job limit's, by "what": those
 * that act on the whole node's memory, and systemd, which only reports
 * the kernel's kill. */
static const struct words node_enforcers[] = {
	{ .key = "ray", .detail = "Ray's memory monitor killed workers "
	    "because the node's memory use crossed its threshold "
	    "(RAY_memory_usage_threshold, 95% by default): host RAM of the "
	    "whole node ran short, counted by Ray before the kernel's OOM "
	    "killer would act." },
	{ .key = "ray_old", .detail = "Ray's memory monitor (before Ray 2) "
	    "failed the task with RayOutOfMemoryError because the node's "
	    "memory use was above its threshold (95% by default): host RAM of "
	    "the whole node ran short, counted by Ray before the kernel's OOM "
	    "killer would act." },
	{ .key = "systemd", .detail = "systemd reports that the kernel's OOM "
	    "killer killed a process of the service: host memory ran out, "
	    "the unit's own limit (MemoryMax) or the node's." },
	{ .key = "docker", .detail = "Docker records the container as "
	    "OOM-killed (State.OOMKilled): the kernel killed a process of it "
	    "at the container's memory limit (docker --memory, compose "
	    "mem_limit), or at the memory of the host or of Docker "
	    "Desktop's VM where no limit was set." },
	{ .key = "ecs", .detail = "Amazon ECS stopped the task because the "
	    "kernel killed its container at the container's memory limit "
	    "(the task definition's memory, or the task's where the container "
	    "sets none): the workload needed more host memory than it was "
	    "given.",
	  .next = "Raise the container's memory in the task definition (or "
	      "the AWS Batch job definition's memory) above its peak, or "
	      "lower that peak, and require the task to stop with exit 0 "
	      "instead of OutOfMemoryError." },
	{ .key = "runc_init", .detail = "The container runtime (runc) could "
	    "not start the container: the kernel OOM-killed its init process "
	    "under the container's memory limit, too low for the container "
	    "even to start.",
	  .next = "Raise the container's memory limit (the pod's "
	      "resources.limits.memory, docker --memory) above what it needs "
	      "to start, and require the container to be created." },
	{ .key = "dask", .detail = "Dask's nanny restarted a worker whose "
	    "process memory passed its memory budget (95% of the worker's "
	    "memory limit by default): the worker's own limit, not the "
	    "node's or Slurm's.",
	  .next = "Give each Dask worker more memory (dask-jobqueue's "
	      "memory=, the worker's --memory-limit) or fewer threads per "
	      "worker, or make the partitions smaller; require no worker "
	      "restart in the worker logs." },
	{ .key = "cray", .detail = "The Cray node reports the job's memory "
	    "cgroup held at its limit ('under OOM') and turned the kernel's "
	    "OOM killer back on for it: the job's processes used more host "
	    "memory than the job was given, and the kill that followed (a "
	    "rank 'died from signal 9') is that OOM killer's." },
	{ .key = "kubernetes_eviction", .detail = "The kubelet evicted the "
	    "pod because the node was low on memory: host RAM of the whole "
	    "node ran short, and pods using more than they requested go "
	    "first." },
	{ .key = NULL }
};

/*
 * Dask gave up on a task because the workers running it died
 * (KilledWorker), and a worker had reported its process memory at
 * DASK_FULL_PCT or more of its memory limit: the nanny (whose own line
 * was not collected) or the kernel killed workers for their memory.
 * Medium: the deaths' own cause is not in the line.
 */
#define DASK_FULL_PCT	90

static int
dask_died_full(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*died = kit_first_what(f, EV_APP_ERROR,
				    "dask_killed_worker"), *full = NULL;
	int64_t			 best = 0;

	if (died == NULL)
		return 0;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		int64_t			 used, lim;

		if (ev->kind != EV_BENIGN || facts_foreign(f, ev) ||
		    !ev_str_is(ev, "what", "dask_memory") ||
		    (used = ev_num_or(ev, "process_bytes", -1)) <= 0 ||
		    (lim = ev_num_or(ev, "worker_limit_bytes", -1)) <= 0 ||
		    used > INT64_MAX / 100)
			continue;
		if (used * 100 / lim > best) {
			best = used * 100 / lim;
			full = ev;
		}
	}
	if (full == NULL || best < DASK_FULL_PCT)
		return 0;
	m->initiating = died;
	rmatch_support(m, full);
	host_support(f, m);
	m->confidence = "medium";
	m->confidence_reason = "Dask's own report that the workers died, "
	    "after a worker reported its memory near its limit; the line "
	    "that killed them was not collected";
	m->detail = arena_printf(a, "The Dask workers running a task died "
	    "until the scheduler gave up on it (KilledWorker), after a worker "
	    "reported its process memory at %" PRId64 "%% of its memory "
	    "limit (%s of %s): the worker's memory limit (its nanny restarts "
	    "it at 95%%) or the node's memory killed them.", best,
	    fmt_bytes(a, ev_num_or(full, "process_bytes", 0)),
	    fmt_bytes(a, ev_num_or(full, "worker_limit_bytes", 0)));
	m->next_action = "Give each Dask worker more memory (dask-jobqueue's "
	    "memory=, the worker's --memory-limit) or fewer threads per "
	    "worker, or make the partitions smaller; rerun with the worker "
	    "logs collected and require no KilledWorker.";
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
		return dask_died_full(f, a, m);
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
	/* Some act on the whole node's memory, not a job's limit. */
	kit_words_apply(kit_words(node_enforcers, s, "what"), m);
	return 1;
}

#define HOST_NEXT "Hold the GPU settings (batch, sequence, model) constant; " \
	"raise --mem or cut host memory per node (DataLoader workers, CPU " \
	"offload, pinned buffers, ranks per node), then rerun and require " \
	"the oom-kill line to disappear and MaxRSS to stay below the cgroup " \
	"limit."

/* The host rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_host[] = {
	{ .id = "R-HOST-001", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'slurmstepd: JOB CANCELLED DUE TO OOM-KILLER'; "
	      "S000 step 3; S001 'Cgroup OOM killer triggers before system OOM "
	      "killer'",
	  .signals = "kernel 'Memory cgroup out of memory: Killed process' / "
	      "oom-kill:constraint=CONSTRAINT_MEMCG; also part of the "
	      "kernel's OOM report without its kill line or scope (the "
	      "'invoked oom-killer' header, its call trace or task table), "
	      "said so",
	  .meaning = "Host RAM under the job's memory cgroup was exceeded.",
	  .next_action = HOST_NEXT, .match = m_kernel_memcg },
	{ .id = "R-HOST-002", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'slurmstepd: JOB CANCELLED DUE TO OOM-KILLER'",
	  .signals = "slurmstepd 'Detected N oom-kill event(s) in StepId=...'; "
	      "alone, srun's 'task N: Out Of Memory' (the status slurmstepd "
	      "gives a task when it counted them; medium)",
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
	      "(MemoryError, Cannot allocate memory, std::bad_alloc, perl's "
	      "'Out of memory!'), or the CUDA driver failing to pin host "
	      "memory for it (TensorFlow's 'failed to alloc N bytes on host', "
	      "'could not allocate pinned host memory')",
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
	      "JobState=OUT_OF_MEMORY; the same state in seff's, jobstats' or "
	      "finishedjobinfo's report of the job",
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
	      "<Signals.SIGKILL: 9>'; not when R-OTHER-002 rules the OOM out, "
	      "nor srun's kill of a step's tasks after another task of it "
	      "ended abnormally",
	  .meaning = "A SIGKILL, most often the host OOM killer.",
	  .next_action = "Collect again with the kernel log and the job's "
	      "memory cgroup before teardown (oomtrail-collect in the batch "
	      "script's trap); they confirm or overturn a host OOM.",
	  .match = m_sigkill },
	{ .id = "R-HOST-010", .cause = "memory_stall", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "time_limit,not_oom_other,no_incident",
	  .seeds = "S001 'Cgroup memory limit set lower than job memory "
	      "request' (the limit binds without a kill)",
	  .signals = "no OOM kill anywhere and the job not COMPLETED (a time "
	      "limit, another failure, or still running when collected); the "
	      "job's memory cgroup at >= 95% "
	      "of its limit when collected, anon + shmem >= 60% of the limit, "
	      "memory.events max (v1 memory.failcnt) > 0 and the file pages "
	      "it re-read (memory.stat workingset_refault_file, else "
	      "pgmajfault, times 4 KiB) at least the limit, or swap (v2 "
	      "memory.swap.current, v1 total_swap) >= 10% of the limit with "
	      "PSI full >= 10%; page cache alone "
	      "at the limit does not fire. memory.pressure full avg60 (or avg10) "
	      ">= 10%, or its total >= 10% of the time from the job's start to "
	      "the collection (a job younger than the averages' windows), "
	      "makes it high confidence; full avg60 and avg300 < 1% rule it "
	      "out unless that total says >= 1%. Without such a snapshot, a watch series: the job level at "
	      ">= 95% of its limit for its last >= 10 s on most samples, anon "
	      "+ shmem >= 60%, memory.events max (failcnt) rising there, and "
	      "refaults worth the limit or PSI full >= 10% of that time (high "
	      "with PSI; PSI < 1% rules it out)",
	  .meaning = "The job sat at its memory limit, the kernel "
	      "reclaiming its pages and the job faulting them back in (file "
	      "pages re-read, or its own memory swapped out and in), until "
	      "something else ended it.",
	  .next_action = "Hold --time constant; raise --mem (or cut the job's "
	      "anonymous and shared memory) until the working set fits, rerun "
	      "under oomtrail-collect --watch and require memory.events max "
	      "(v1 memory.failcnt) and the refaults to stay flat and the job "
	      "to finish in the same time.",
	  .match = stall_match },
	{ .id = "R-HOST-011", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "host_oom",
	  .seeds = "S001 'Cgroup OOM killer triggers before system OOM "
	      "killer' (a kill outside the cgroup, bound to NUMA nodes)",
	  .signals = "a node-wide OOM kill whose summary says "
	      "constraint=CONSTRAINT_MEMORY_POLICY or CONSTRAINT_CPUSET",
	  .meaning = "The NUMA nodes the job was bound to ran out of memory.",
	  .next_action = "Hold --mem constant; widen or drop the memory "
	      "binding (srun --mem-bind, numactl --membind, the cpuset's mems, "
	      "--cpu-bind that pins to one socket) or spread the ranks over "
	      "the sockets, and require the OOM kill to disappear.",
	  .match = m_numa_bound },
	{ .id = "R-HOST-012", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "host_oom",
	  .seeds = "S001 'Cgroup OOM killer triggers before system OOM "
	      "killer' (the kill was in a cgroup Slurm did not create)",
	  .signals = "a memory-cgroup OOM kill whose cgroup is a container "
	      "runtime's (docker-, cri-containerd-, libpod-, lxc.payload, "
	      "kubepods) with no Slurm job in its path, and whose victim's "
	      "uid is the job's (scontrol UserId)",
	  .meaning = "A container the job started ran outside the job's "
	      "cgroup and hit the container's own memory limit.",
	  .next_action = "Run the container inside the job's cgroup (a "
	      "daemonless runtime such as Apptainer or rootless Podman with "
	      "--cgroups=disabled or split, or Docker with --cgroup-parent "
	      "under the job's cgroup), or size the container's own --memory "
	      "to the job's --mem, and require the kill to land inside the "
	      "job's cgroup or disappear.",
	  .match = m_container_escape },
	{ .id = "R-HOST-013", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "host_oom",
	  .seeds = "S000 FAQ 'Can CUDA memory be free while Slurm kills the "
	      "job?' (the process's own limit, not the job's)",
	  .signals = "the application's host allocation failure (R-HOST-005) "
	      "with no kernel OOM, while a process of the job had a soft "
	      "RLIMIT_AS or RLIMIT_DATA (host/procs.tsv as_limit, data_limit) "
	      "at most half the job's memory limit (cgroup, else ReqMem)",
	  .meaning = "A limit the job set on itself (ulimit -v or -d) failed "
	      "the allocation, not the memory cgroup.",
	  .next_action = "Hold --mem constant; raise or remove the job's own "
	      "ulimit -v / -d (the batch script, the launcher, the site's "
	      "default limits) and require the allocation failure to "
	      "disappear.",
	  .match = m_self_limit },
	{ .id = "R-HOST-014", .cause = "host_oom", .boundary = "host",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 step 3 (slurmstepd cancellation), for enforcers "
	      "other than Slurm",
	  .signals = "another batch system's or platform's memory-limit kill: "
	      "Moab/Torque 'exceeded MEM usage hard limit (A > B)', PBS 'job "
	      "killed: mem A kb exceeded limit B kb', LSF TERM_MEMLIMIT, "
	      "HTCondor 'has gone over memory limit of', WMCore 'Job has "
	      "exceeded maxPSS/maxRSS', Kubernetes reason OOMKilled, docker "
	      "inspect's \"OOMKilled\": true, Ray's memory "
	      "monitor 'killed due to the node running low on memory', HPE "
	      "Cray's 'under_oom detected … re-enabling OOM killer', Spark "
	      "'Container killed by YARN for exceeding memory limits' and "
	      "YARN's NodeManager 'is running beyond physical|virtual memory "
	      "limits' (3.x 'running NB beyond the 'PHYSICAL' memory limit'), "
	      "PAI "
	      "'killed by \"OOM Killer\"', runc's 'container init was "
	      "OOM-killed', Dask's nanny 'exceeded 95% memory budget. "
	      "Restarting'; Dask's KilledWorker after a worker reported its "
	      "process memory at >= 90% of its limit (medium)",
	  .meaning = "The job's host memory exceeded the limit its batch "
	      "system or platform enforces.",
	  .next_action = "Hold the GPU settings constant; request more memory "
	      "from that system (its memory request or queue: -l mem, -M, "
	      "request_memory, resources.limits.memory, the executor's memory "
	      "overhead) or cut host memory per "
	      "node, then rerun and require the kill message to disappear.",
	  .match = m_enforcer },
	{ .id = "R-LEAK-001", .cause = "memory_leak", .boundary = "host",
	  .rclass = RC_REFINE, .refines = "host_oom",
	  .seeds = "S004 'does memory.used ramp over time?'; S001 cause "
	      "'Cgroup memory limit set lower than job memory request'",
	  .signals = "the watch series of the job's memory cgroup (current) "
	      "grew steadily up to the host OOM: positive robust slope "
	      "explaining >= 60% of the variance, growth >= 5% of the limit, "
	      "every quarter of the run growing (trend.h), over 15 s or more; "
	      "not when the same level's anon stayed flat while file or shmem "
	      "carried the rise (written data), nor when anon went from a "
	      "tenth to nine tenths of its rise in under 15 s (an allocation "
	      "phase)",
	  .meaning = "Host memory grew steadily until the cgroup limit "
	      "killed the job: a leak, not a single large allocation.",
	  .next_action = "Rerun a short copy of the job with the same inputs "
	      "under oomtrail-collect --watch and a heap profiler (tracemalloc, "
	      "memray, heaptrack); require the cgroup's current to stay flat "
	      "across iterations before raising --mem.",
	  .match = series_refine_host_leak },
	{ .id = "R-LEAK-003", .cause = "memory_leak", .boundary = "host",
	  .prio = 10, .rclass = RC_RECORD,
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "no failure, and host memory readings (the watch "
	      "series of the job's cgroup, free(1) or DeepSpeed CPU lines "
	      "printed into the job log) rise steadily: a leak by trend.h "
	      "with R^2 >= 0.8 over >= 8 readings; medium from R^2 "
	      ">= 0.9 over >= 12; low from a "
	      "handful of readings (3 to 7, as pasted by hand) each above "
	      "the last and rising by >= 10% of the limit (30% of the first "
	      "reading when no limit is known)",
	  .meaning = "Host memory is growing steadily toward its limit; "
	      "nothing has failed yet.",
	  .next_action = "Rerun a short copy of the job with the same inputs "
	      "and a heap profiler (tracemalloc, memray, heaptrack); require "
	      "host memory to stay flat across iterations before the runway "
	      "runs out.",
	  .match = series_growing_host },
};
const size_t	nrules_host =
    sizeof(rules_host) / sizeof(rules_host[0]);
