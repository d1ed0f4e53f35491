/*
 * rules_access: the cpu_limited and gpu_access_denied rows (R-CPU-*,
 * R-GPU-*, at the end of this file) and their predicates, over struct
 * cpu_facts and struct access_facts (facts_cpu.c); R-OTHER-022 in
 * rules_outcome.c borrows m_nodev_cpu_job(). rules_table.c assembles
 * every boundary's rows into the one table.
 *
 * CPU (seed 001 "Cgroup CPU quota limits job to fewer cores"): a cpuset
 * narrower than the CPUs allocated or asked per task; a CFS quota that
 * throttled a large share of periods; compute threads far above the
 * cpuset's width; ranks of one node that their launcher's binding report
 * (Open MPI --report-bindings, Intel MPI's pinning table, srun
 * --cpu-bind=verbose) puts on the very same CPUs. A node that is merely
 * busy (full cpuset, no throttling, threads within the cpuset, one
 * distinct binding per rank) fires none of them.
 *
 * Devices (seed 001 "Cgroup device access not configured for GPUs"): the
 * job's own "no CUDA-capable device" / NVML-init line, unless a GPU
 * fault explains it (an Xid 79 also makes NVML fail); a GPU the job was
 * given that its user could not open inside its cgroup; a
 * CUDA_VISIBLE_DEVICES naming more GPUs than the device cgroup allows.
 */
#include <inttypes.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

/* Throttled in at least this share of enforcement periods (percent). */
#define THROTTLE_PCT	20
/* Compute threads at least this many times the cpuset's width. */
#define OVERSUB_X	2
/* CPU time per second, as a share of the cpuset: saturated, idle. */
#define SATURATED	0.9
#define IDLE		0.25

/* ---- CPU ---- */

int
m_cpuset_narrow(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct cpu_facts	*c = &f->cpu;
	int64_t			 want = c->alloc_cpus;
	const char		*what = "allocated to the job on this node";

	if (c->cpuset == NULL || c->cpuset_ncpus <= 0)
		return 0;
	if (c->cpus_per_task > want && c->cpus_per_task > 0) {
		want = c->cpus_per_task;
		what = "asked per task (CPUs/Task)";
	}
	if (want <= 0 || c->cpuset_ncpus >= want)
		return 0;
	m->initiating = c->cpuset;
	rmatch_support(m, c->req);
	rmatch_support(m, c->omp_ev);
	m->confidence = "high";
	m->confidence_reason = "the cgroup's own cpuset is narrower than what "
	    "Slurm says the job was given";
	m->detail = arena_printf(a, "The cpuset of %s%.*s (%.*s) holds %"
	    PRId64 " CPU%s, but %" PRId64 " were %s.",
	    ev_str(c->cpuset, "step").n > 0 ? "step " : "the job",
	    (int)ev_str(c->cpuset, "step").n, ev_str(c->cpuset, "step").p,
	    (int)ev_str(c->cpuset, "cpus").n, ev_str(c->cpuset, "cpus").p,
	    c->cpuset_ncpus, c->cpuset_ncpus == 1 ? "" : "s", want, what);
	return 1;
}

int
m_cpu_throttled(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct cpu_facts	*c = &f->cpu;
	int64_t			 per = ev_num_or(c->stat, "nr_periods", 0);
	int64_t			 thr = ev_num_or(c->stat, "nr_throttled", 0);

	if (c->stat == NULL || per <= 0 || thr < 0 ||
	    thr * 100 < per * THROTTLE_PCT)
		return 0;
	m->initiating = c->stat;
	rmatch_support(m, c->quota);
	rmatch_support(m, c->req);
	m->confidence = "high";
	m->confidence_reason = "the kernel's own throttling counters in the "
	    "job's cpu.stat";
	m->detail = arena_printf(a, "Its CPU quota%s%s throttled it in %"
	    PRId64 " of %" PRId64 " periods (%" PRId64 "%%)%s%s.",
	    c->quota_us > 0 && c->period_us > 0 ? arena_printf(a, " (%.2f "
	    "CPUs: %" PRId64 " of every %" PRId64 " us)", (double)c->quota_us /
	    (double)c->period_us, c->quota_us, c->period_us) : "", "", thr,
	    per, thr * 100 / per,
	    ev_num_or(c->stat, "throttled_us", -1) > 0 ? ", for a total of " : "",
	    ev_num_or(c->stat, "throttled_us", -1) > 0 ? arena_printf(a,
	    "%.1f s", (double)ev_num_or(c->stat, "throttled_us", 0) / 1e6) : "");
	return 1;
}

/* The compute threads the job ran: OMP_NUM_THREADS, else a process's
 * thread count far above the cpuset when the job's CPU time shows the
 * cpuset saturated (idle helper threads of a runtime are common). A job
 * whose CPU time shows the threads idle is not limited by its cores. */
int
m_cpu_oversub(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct cpu_facts	*c = &f->cpu;
	int64_t			 thr = c->omp_threads, w = c->cpuset_ncpus;
	const struct event	*ev = c->omp_ev;
	double			 busy = -1;

	if (c->cpuset == NULL || w <= 0)
		return 0;
	if (c->usage_us >= 0 && c->elapsed_s > 0)
		busy = (double)c->usage_us / 1e6 / (double)c->elapsed_s;
	if (thr < OVERSUB_X * w && c->max_threads >= 2 * OVERSUB_X * w &&
	    busy >= SATURATED * (double)w) {
		thr = c->max_threads;
		ev = c->threads_ev;
	}
	if (ev == NULL || thr < OVERSUB_X * w ||
	    (busy >= 0 && busy < IDLE * (double)w))
		return 0;
	m->initiating = ev;
	rmatch_support(m, c->cpuset);
	rmatch_support(m, c->usage);
	rmatch_support(m, c->threads_ev);
	m->confidence = busy >= SATURATED * (double)w ? "high" : "medium";
	m->confidence_reason = busy >= 0 ? arena_printf(a, "the job used "
	    "%.2f CPUs on average over %" PRId64 " s against a cpuset of %"
	    PRId64, busy, c->elapsed_s, w) : "thread count against the "
	    "cpuset's width; the job's CPU time per second was not measured";
	m->detail = arena_printf(a, "It ran %" PRId64 " %s on a cpuset of %"
	    PRId64 " CPU%s: the threads take turns on the cores it was "
	    "given.", thr, ev == c->omp_ev ? "OpenMP threads "
	    "(OMP_NUM_THREADS)" : "threads in one process", w,
	    w == 1 ? "" : "s");
	return 1;
}

/* Binding reports compared at most (ranks on one job's nodes). */
#define MAX_BINDS	4096

/* The CPUs a binding names: Intel MPI's "{0,2-3}" list, srun's hex
 * mask, Open MPI's map ("[BB/../..][..]": one B per bound hardware
 * thread); -1 when the text is none of those. */
static int64_t
bind_ncpus(struct str b)
{
	int64_t	n = 0, lo, hi;
	size_t	i;

	if (b.n > 2 && b.p[0] == '0' && b.p[1] == 'x') {
		for (i = 2; i < b.n; i++) {
			int	c = b.p[i] | 0x20;
			int	v = c >= '0' && c <= '9' ? c - '0' :
				    c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

			if (v < 0)
				return -1;
			n += (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) +
			    (v >> 3 & 1);
		}
		return n;
	}
	if (b.n > 0 && b.p[0] == '[') {
		for (i = 0; i < b.n; i++)
			n += b.p[i] == 'B';
		return n;
	}
	for (i = 0; i < b.n; i++) {
		if (b.p[i] < '0' || b.p[i] > '9')
			return -1;
		for (lo = 0; i < b.n && b.p[i] >= '0' && b.p[i] <= '9'; i++)
			lo = lo * 10 + (b.p[i] - '0');
		hi = lo;
		if (i < b.n && b.p[i] == '-')
			for (hi = 0, i++; i < b.n && b.p[i] >= '0' &&
			    b.p[i] <= '9'; i++)
				hi = hi * 10 + (b.p[i] - '0');
		n += hi >= lo ? hi - lo + 1 : 1;
		if (i < b.n && b.p[i] != ',')
			return -1;
	}
	return n > 0 ? n : -1;
}

/* Same node (unknown matches) and the same binding text. */
static int
same_binding(const struct event *x, const struct event *y)
{
	struct str	bx = ev_str(x, "binding"), by = ev_str(y, "binding");

	return (x->node == NULL || y->node == NULL ||
	    strcmp(x->node, y->node) == 0) && bx.n == by.n &&
	    memcmp(bx.p, by.p, bx.n) == 0;
}

/* Ranks of one node bound to the same CPUs: the launcher put them on one
 * core or socket, so they take turns there while the rest of the
 * allocation idles. Compared across ranks, never within one (a rank
 * reported twice, by two runs, counts once). An Open MPI map with no
 * unbound position ("[BB/BB][BB/BB]") is the whole node: no limit. */
int
m_cpu_bound_same(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	**v, *best = NULL, *last = NULL;
	size_t			  k = 0;
	int			  nbest = 0;
	int64_t			  ncpus;

	if ((v = arena_alloc(a, MAX_BINDS * sizeof(*v))) == NULL)
		return 0;
	for (size_t i = 0; i < f->tl->n && k < MAX_BINDS; i++) {
		const struct event	*x = f->tl->v[i];
		struct str		 b = ev_str(x, "binding");

		if (x->kind == EV_CPU_BIND && b.n > 0 && !facts_foreign(f, x) &&
		    !(b.p[0] == '[' && memchr(b.p, '.', b.n) == NULL))
			v[k++] = x;
	}
	for (size_t i = 0; i < k; i++) {
		const struct event	*l = v[i];
		int			 n = 0, first = 1;

		for (size_t j = 0; j < i && first; j++)
			first = !same_binding(v[i], v[j]);
		if (!first)
			continue;
		for (size_t j = i; j < k; j++) {
			int	dup = 0;

			if (!same_binding(v[i], v[j]))
				continue;
			l = v[j];
			for (size_t q = i; q < j && !dup; q++)
				dup = same_binding(v[i], v[q]) &&
				    ev_num_or(v[q], "rank", -1) ==
				    ev_num_or(v[j], "rank", -2);
			n += !dup;
		}
		if (n > nbest) {
			nbest = n;
			best = v[i];
			last = l;
		}
	}
	if (best == NULL || nbest < 2)
		return 0;
	ncpus = bind_ncpus(ev_str(best, "binding"));
	m->initiating = last;
	rmatch_support(m, best);
	rmatch_support(m, f->cpu.req);
	m->confidence = ncpus > 0 && nbest > ncpus ? "high" : "medium";
	m->confidence_reason = ncpus > 0 && nbest > ncpus ? "the launcher's "
	    "own binding report puts more ranks on these CPUs than there are "
	    "CPUs" : "the launcher's own binding report puts several ranks on "
	    "the same CPUs; how much that slowed the job was not measured";
	m->detail = arena_printf(a, "The launcher bound %d ranks%s%s to the "
	    "same CPUs (%.*s%s): they share %s instead of each using its own.",
	    nbest, best->node != NULL ? " on " : "",
	    best->node != NULL ? best->node : "",
	    (int)ev_str(best, "binding").n, ev_str(best, "binding").p,
	    ncpus > 0 ? arena_printf(a, ", %" PRId64 " CPU%s", ncpus,
	    ncpus == 1 ? "" : "s") : "", ncpus == 1 ? "one CPU" :
	    "those CPUs");
	return 1;
}

/* ---- GPU access ---- */

/*
 * Nothing in the evidence says the job asked for a GPU or that the node
 * has one: no GPU GRES/TRES, no CUDA_VISIBLE_DEVICES, no device cgroup
 * record or open() probe, no nvidia-smi snapshot. A no-device line then
 * cannot show a denial; a CPU-only job whose library probes CUDA fails
 * the same way.
 */
static int
no_gpu_asked(const struct facts *f)
{
	const struct access_facts	*acc = &f->acc;

	return acc->gpus_requested <= 0 && !f->gpu_job &&
	    acc->denied == NULL && acc->opened == NULL &&
	    acc->devices == NULL && acc->cvd_ev == NULL &&
	    acc->gres_idx.n == 0 && !f->have_nvsmi;
}

/* The line says there is no device, not that access was refused. */
static int
nodev_absent(const struct event *ev)
{
	return str_eq(ev_str(ev, "what"), "no_cuda_device") ||
	    str_eq(ev_str(ev, "what"), "no_devices_found") ||
	    str_eq(ev_str(ev, "what"), "no_platform");
}

/* The no-device line is a communication library probing CUDA when it
 * starts (GPU-aware MPICH's yaksa hooks, Cray MPICH's GTL, Open MPI's
 * opal, UCX), which a CPU-only job also runs; a framework or program of
 * its own that finds no device meant to use one. */
static int
library_probe(const struct event *ev)
{
	static const char *const libs[] = { "yaksuri", "yaksa", "GTL",
	    "MPIDI", "opal_", "mca_", "UCX", "ucx", "libfabric" };

	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++)
		if (str_find(ev->text, libs[i]) != NULL)
			return 1;
	return 0;
}

int
m_nodev_cpu_job(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*ev = f->first[EV_GPU_NODEV];

	(void)a;
	if (ev == NULL || f->xid_fault != NULL ||
	    f->first[EV_GPU_DRIVER_ERROR] != NULL || !no_gpu_asked(f) ||
	    !library_probe(ev))
		return 0;
	/* Only "there is no device": a refusal (permissions, NVML init
	 * denied) is an access problem whoever asked. */
	if (!nodev_absent(ev))
		return 0;
	/* A CPU-only job that warns "CUDA not available" and goes on, or
	 * whose every step completed, had no incident. */
	if ((f->have_sacct && f->all_completed) ||
	    str_find(ev->text, "Warning") != NULL ||
	    str_find(ev->text, "warning") != NULL)
		return 0;
	m->initiating = ev;
	rmatch_support(m, f->scontrol_job);
	rmatch_support(m, f->sacct_job);
	if (f->have_scontrol || f->have_sacct) {
		m->confidence = "medium";
		m->confidence_reason = "the job found no GPU, and its Slurm "
		    "records show it asked for none";
	} else {
		m->confidence = "low";
		m->confidence_reason = "the job found no GPU, and nothing "
		    "collected shows it asked for one; its GPU request "
		    "(scontrol, sacct AllocTRES) would decide";
	}
	m->detail = "Software in the job looked for a CUDA device and found "
	    "none, but nothing shows the job asked for a GPU: a CPU-only job "
	    "whose library probes CUDA fails this way. Only a job that asked "
	    "for GPUs and cannot see them is a GPU access problem.";
	return 1;
}

/* An access control's own refusal, by "what": NVML's NO_PERMISSION
 * (device cgroup, SELinux), or a container hook that could not add the
 * step's device rules (v1 devices.allow, v2 eBPF program). */
static const struct words refused_words[] = {
	{ .key = "nvml_permission", .detail = "NVML was refused the GPU "
	    "device nodes (Insufficient Permissions): the device cgroup, a "
	    "container runtime or SELinux denies them to the job." },
	{ .key = "kfd_permission", .detail = "The ROCm runtime was refused "
	    "the compute device /dev/kfd (Permission denied): its mode or "
	    "group (render, video), a device cgroup or a container denies "
	    "the GPU to the job's user." },
	{ .key = "hsa_resources", .detail = "The ROCm runtime could not "
	    "start (rocminfo: HSA_STATUS_ERROR_OUT_OF_RESOURCES): it opened "
	    "/dev/kfd but could not use the GPUs' render nodes under "
	    "/dev/dri, which it reports in those words (a user outside the "
	    "render group, a container or device cgroup given /dev/kfd "
	    "without /dev/dri); no memory ran out.",
	  .next = "Check the user's groups (id: render and video) and that "
	      "/dev/dri/renderD* is present and open to it (in a container, "
	      "pass --device /dev/dri as well as /dev/kfd); require rocminfo "
	      "to list the GPU agents before rerunning." },
	{ .key = "unknown_device", .detail = "The container runtime was "
	    "asked for a GPU the node does not have (unknown device id): the "
	    "device list handed to it (a UUID or index kept by a scheduler "
	    "extension, a device plugin or the pod's annotations) names a GPU "
	    "that was replaced or that belongs to other hardware, so the "
	    "container never started with a GPU.",
	  .next = "Compare the device id in the error with nvidia-smi -L on "
	      "the node; restart the device plugin or scheduler extension so "
	      "it learns the node's current GPUs, then resubmit." },
	{ .key = "cuda_not_permitted", .detail = "CUDA was refused the GPU "
	    "when it made its context (error 800, operation not permitted): "
	    "in a container, the device cgroup no longer lets the process "
	    "use /dev/nvidia* (a systemd daemon-reload or cgroup change on "
	    "the host after the container started takes away the access the "
	    "runtime gave), so the program found no usable GPU.",
	  .next = "Restart the container and require nvidia-smi inside it to "
	      "list the GPU; to keep the access, give the container its "
	      "device nodes explicitly (--device /dev/nvidia*, or CDI) or "
	      "use the cgroupfs driver as the NVIDIA container toolkit "
	      "documents, then rerun." },
	{ .key = "k8s_unschedulable", .detail = "Kubernetes placed the pod "
	    "on no node: none offers the GPUs it requests. The device "
	    "plugin advertises no GPU on the nodes (not running, the node's "
	    "driver missing, or its GPUs marked unhealthy), or all of them "
	    "are taken; the workload never ran.",
	  .reason = "the Kubernetes scheduler's own message: no node offers "
	      "the GPUs the pod requests; why not is in the device plugin's "
	      "log",
	  .next = "On a GPU node run kubectl describe node and require "
	      "nvidia.com/gpu under Allocatable; if it is missing, read the "
	      "device plugin's log on that node (driver found, GPUs "
	      "healthy) before resubmitting." },
	{ .key = "nvml_unloadable", .detail = "The GPU's management library "
	    "(NVML) could not be loaded where the device plugin or the "
	    "program ran: the container runtime did not bring the driver's "
	    "libraries in (Docker's or containerd's default runtime is not "
	    "nvidia, the toolkit is not configured), so the node advertises "
	    "no GPUs and none reach the workload.",
	  .reason = "the device plugin's own line: the driver's NVML library "
	      "could not be loaded in its container; the node's runtime "
	      "configuration was not collected",
	  .next = "Make nvidia the node's default container runtime "
	      "(nvidia-ctk runtime configure --set-as-default, then restart "
	      "the runtime and the device plugin) and require kubectl "
	      "describe node to show nvidia.com/gpu under Allocatable." },
	{ .key = "device_rules", .detail = "The container hook could not give "
	    "the step access to its GPUs (adding the device rules of the "
	    "step's cgroup failed), so the step never started with them." },
	{ .key = NULL }
};

int
m_gpu_nodev(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct access_facts	*acc = &f->acc;
	const struct event		*ev = f->first[EV_GPU_NODEV];

	/* a device fault, the driver, or the CUDA stack broken (a driver
	 * and library of different versions, cuInit failing) explains a
	 * program finding no device; a device cgroup's refusal does not
	 * yield to them */
	if (ev == NULL || f->xid_fault != NULL ||
	    f->first[EV_GPU_DRIVER_ERROR] != NULL ||
	    (f->first[EV_CUDA_STACK] != NULL && acc->denied == NULL) ||
	    (no_gpu_asked(f) && nodev_absent(ev) && library_probe(ev)))
		return 0;
	m->initiating = ev;
	rmatch_support(m, acc->denied);
	rmatch_support(m, acc->devices);
	rmatch_support(m, acc->cvd_ev);
	rmatch_support(m, acc->constrain);
	rmatch_support(m, f->scontrol_job);
	/* An access control said no in its own words. Unknown how many
	 * GPUs were asked is not "none". */
	m->confidence_reason = "the job's own line says an access control "
	    "refused the GPU device nodes; no GPU fault in what was "
	    "collected";
	if (kit_words_apply(kit_words(refused_words, ev, "what"), m)) {
		m->confidence = acc->denied != NULL ? "high" : "medium";
		return 1;
	}
	/* The visible-devices list named GPUs the process cannot use as
	 * named: an ordinal past what CUDA shows it, or a UUID where a
	 * program expects indexes. */
	if (str_eq(ev_str(ev, "what"), "ipc_peer_hidden")) {
		m->confidence = "medium";
		m->confidence_reason = "CUDA IPC refused another rank's "
		    "memory handle; how the GPUs were bound to tasks was not "
		    "collected";
		m->detail = arena_printf(a, "A rank could not map another "
		    "rank's GPU buffer (%.*s failed): with one GPU visible per "
		    "task (--gpus-per-task, --gpu-bind), the peer's device is "
		    "hidden from it and CUDA IPC refuses the handle, so the "
		    "GPU-aware MPI or collective fails.",
		    (int)ev_str(ev, "api").n, ev_str(ev, "api").p);
		m->next_action = "Give every task on a node all the node's "
		    "GPUs (--gpu-bind=none, or --gpus-per-node with the rank "
		    "choosing its device) and require the collective to pass.";
		return 1;
	}
	if (str_eq(ev_str(ev, "what"), "ordinal_out_of_range") ||
	    str_eq(ev_str(ev, "what"), "visible_devices_uuid")) {
		m->confidence = "medium";
		m->confidence_reason = "the job's own line says the devices it "
		    "was told to use are not the ones it can see; which "
		    "setting named them was not collected";
		m->detail = str_eq(ev_str(ev, "what"), "visible_devices_uuid") ?
		    arena_printf(a, "The program read CUDA_VISIBLE_DEVICES as GPU "
		    "indexes and found a UUID (%.*s): MIG slices, and GPUs a "
		    "container runtime or Slurm names by UUID, reach it that "
		    "way, so it never used the GPU it was given.",
		    (int)ev_str(ev, "uuid").n, ev_str(ev, "uuid").p) :
		    arena_printf(a, "CUDA was asked for a device ordinal it does "
		    "not show the process (%.*s): the visible-devices list or "
		    "the process's device index (often its local rank, with "
		    "one GPU visible per task) names more or other GPUs than it "
		    "can see (MIG enabled on the GPU, a device cgroup, a "
		    "container exposing fewer devices).",
		    (int)ev_str(ev, "error").n, ev_str(ev, "error").p);
		return 1;
	}
	if (!f->gpu_job && (acc->gpus_requested == 0 ||
	    (acc->gpus_requested < 0 && f->scontrol_job != NULL))) {
		m->confidence = acc->denied != NULL ? "high" : "medium";
		m->confidence_reason = acc->denied != NULL ? "the job found no "
		    "GPU, asked for none, and its device cgroup refused "
		    "/dev/nvidia* to its user" : "the job found no GPU and "
		    "asked for none: Slurm's device cgroup hides every GPU "
		    "from it";
		m->detail = "The job asked for no GPU (no --gres=gpu / "
		    "--gpus), so ConstrainDevices hid them all.";
	} else if (acc->denied != NULL || (acc->allowed_gpus >= 0 &&
	    acc->gpus_requested > acc->allowed_gpus)) {
		m->confidence = "high";
		m->confidence_reason = "the device cgroup denied a GPU the "
		    "job was given, and the job could not find one";
	} else if (no_gpu_asked(f) && nodev_absent(ev)) {
		/* the program meant to use a GPU; whether the job asked for
		 * one is not in what was collected */
		m->confidence = "low";
		m->confidence_reason = "the program found no GPU; nothing "
		    "collected shows whether the job asked for one (scontrol "
		    "or sacct's AllocTRES would)";
		m->detail = str_eq(ev_str(ev, "what"), "no_platform") ?
		    "The SYCL or OpenCL runtime found no GPU at all: the node "
		    "has no driver it can use for one (an OpenCL ICD, a Level "
		    "Zero driver or module that supports this GPU), or the job "
		    "was given none." : "The program found no GPU it could "
		    "use: the job (its step, container or launcher's task) was "
		    "given none, or the ones it was given were hidden from it. A "
		    "job that asks for no GPU is hidden from all of them by "
		    "Slurm's device cgroup.";
	} else {
		m->confidence = "medium";
		m->confidence_reason = "the job's own no-device line, with no "
		    "GPU fault in the kernel log; which control denied it was "
		    "not collected";
	}
	return 1;
}

int
m_gpu_denied(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct access_facts	*acc = &f->acc;

	if (acc->denied == NULL || (acc->gres_idx.n == 0 &&
	    (acc->gpus_requested <= 0 || acc->nopened_gpu > 0)))
		return 0;
	m->initiating = acc->denied;
	rmatch_support(m, acc->devices);
	rmatch_support(m, acc->constrain);
	rmatch_support(m, f->scontrol_job);
	rmatch_support(m, acc->cvd_ev);
	m->confidence = acc->gres_idx.n > 0 ? "high" : "medium";
	m->confidence_reason = acc->gres_idx.n > 0 ? "the collector opened "
	    "the GPU Slurm allocated (GRES IDX) as the job's user inside its "
	    "cgroup and was refused" : "the collector, as the job's user "
	    "inside its cgroup, could open no GPU although the job asked "
	    "for some";
	m->detail = arena_printf(a, "Opening %.*s as the job's user inside "
	    "its cgroup failed with %.*s.",
	    (int)ev_str(acc->denied, "device").n,
	    ev_str(acc->denied, "device").p,
	    (int)ev_str(acc->denied, "result").n,
	    ev_str(acc->denied, "result").p);
	return 1;
}

int
m_gpu_cvd(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct access_facts	*acc = &f->acc;

	if (acc->cvd_ev == NULL || acc->cvd_count <= 0 ||
	    acc->allowed_gpus < 0 || acc->cvd_count <= acc->allowed_gpus)
		return 0;
	m->initiating = acc->cvd_ev;
	rmatch_support(m, acc->devices);
	rmatch_support(m, f->scontrol_job);
	m->confidence = "medium";
	m->confidence_reason = "the environment and the device cgroup "
	    "disagree; the job's own error line was not found";
	m->detail = arena_printf(a, "CUDA_VISIBLE_DEVICES=%.*s names %"
	    PRId64 " GPU%s, but the device cgroup lets the job open %"
	    PRId64 ".",
	    (int)ev_str(acc->cvd_ev, "CUDA_VISIBLE_DEVICES").n,
	    ev_str(acc->cvd_ev, "CUDA_VISIBLE_DEVICES").p, acc->cvd_count,
	    acc->cvd_count == 1 ? "" : "s", acc->allowed_gpus);
	return 1;
}

/* Slurm drained the node because the GPUs gres.conf declares have no
 * device file it could put in the device cgroup: "gres/gpu count
 * reported lower than configured" (slurmd dropped the file-less GPU). */
int
m_gpu_gres_nofile(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*n = f->scontrol_node;
	struct str		 r = n != NULL ? ev_str(n, "reason") :
				    str_make(NULL, 0);

	if (r.p == NULL || str_find(r, "gres/gpu count reported lower than "
	    "configured") == NULL)
		return 0;
	m->initiating = n;
	rmatch_support(m, f->scontrol_job);
	rmatch_support(m, f->acc.constrain);
	m->confidence = f->scontrol_job != NULL &&
	    str_eq(ev_str(f->scontrol_job, "job_state"), "PENDING") ? "high" :
	    "medium";
	m->confidence_reason = "Slurm's own reason on the node record; the "
	    "job waits for a node that cannot register its GPUs";
	m->detail = arena_printf(a, "Node %.*s is drained: %.*s.",
	    (int)ev_str(n, "node_name").n, ev_str(n, "node_name").p,
	    (int)r.n, r.p);
	return 1;
}

/* The cpu_limited and gpu_access_denied rows, in id order;
 * rules_table.c merges them into the one view. */
const struct rule	rules_access[] = {
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
	{ .id = "R-GPU-001", .cause = "gpu_access_denied", .boundary = "step",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 cause 'Cgroup device access not configured for "
	      "GPUs'",
	  .signals = "'no CUDA-capable device is detected', cudaErrorNoDevice, "
	      "'Failed to initialize NVML: Unknown Error' or 'Insufficient "
	      "Permissions', 'No devices were found' / 'No devices found.', "
	      "nvidia-container-cli 'failed to add device rules' (device "
	      "cgroup / eBPF program of a container step) in the job's "
	      "output, and no Xid or NVRM error, nor a broken CUDA stack "
	      "(R-OTHER-021: a driver/library mismatch, cuInit failing) "
	      "unless a device cgroup's refusal was collected; low when "
	      "nothing shows "
	      "whether the job asked for a GPU (a communication library's "
	      "probe then is R-OTHER-022's), also rocminfo's refused "
	      "/dev/kfd, and the Kubernetes scheduler's 'Insufficient "
	      "nvidia.com/gpu' (no node offers the GPUs; medium), CUDA's "
	      "CUDA_ERROR_NOT_PERMITTED (800, a container's device cgroup; "
	      "ollama's 'failed to get primary device context 800'), "
	      "nvidia-container-cli's 'device error: unknown device id' (a "
	      "GPU the node does not have)",
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
};
const size_t	nrules_access = sizeof(rules_access) /
    sizeof(rules_access[0]);
