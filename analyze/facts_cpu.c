/*
 * facts_cpu: what the job's CPU and device evidence says, for the
 * cpu_limited and gpu_access_denied rows (seed 001: "Cgroup CPU quota
 * limits job to fewer cores", "Cgroup device access not configured for
 * GPUs").
 *
 * CPU: the CPUs the job was allocated on this node (scontrol -dd CPU_IDs,
 * else NumCPUs of a one-node job, else sacct AllocCPUS) and per task
 * (CPUs/Task); the narrowest cpuset of a job or step cgroup (tasks are
 * bound inside their step's cpuset by design, so task cgroups do not
 * count; nor does the extern step); the cpu.stat with the most periods
 * and any CFS quota that is set; the job's CPU time; the most threads of
 * one job process (procs.tsv) and OMP_NUM_THREADS from its environment.
 *
 * Devices: every open() the collector tried as the job's user inside the
 * job's cgroup (gpu/dev-access.txt), split into GPUs the job was given
 * (scontrol -dd GRES IDX) and the rest; the narrowest devices.list; the
 * cgroup.conf record; CUDA_VISIBLE_DEVICES; the GPUs asked for.
 *
 * Reads events only (never files) and skips other jobs' events as
 * facts_foreign() (facts_scope.c) says. Decides nothing: the rules do.
 */
#include <string.h>

#include "parse.h"
#include "rules.h"

#define IDX_MAX	256

/* A job or step cgroup (not a task's, not the extern step's). */
static int
step_level(const struct event *ev)
{
	struct str	lvl = ev_str(ev, "level");

	if (str_eq(ev_str(ev, "step"), "extern"))
		return 0;
	return str_eq(lvl, "job") || str_eq(lvl, "step");
}

static void
on_cgroup_cpu(struct cpu_facts *c, const struct event *ev)
{
	int64_t	v;

	if (!step_level(ev))
		return;
	if (ev_num(ev, "ncpus", &v) == 0 && v > 0 &&
	    (c->cpuset_ncpus < 0 || v < c->cpuset_ncpus)) {
		c->cpuset = ev;
		c->cpuset_ncpus = v;
	}
	if (ev_num(ev, "nr_periods", &v) == 0 &&
	    (c->stat == NULL || v > ev_num_or(c->stat, "nr_periods", 0)))
		c->stat = ev;
	if (ev_num(ev, "quota_us", &v) == 0 && v > 0 && c->quota == NULL) {
		c->quota = ev;
		c->quota_us = v;
		c->period_us = ev_num_or(ev, "period_us", -1);
	}
	if (ev_num(ev, "usage_us", &v) == 0 && v > c->usage_us &&
	    str_eq(ev_str(ev, "level"), "job")) {
		c->usage = ev;
		c->usage_us = v;
	}
}

static int
same(struct str a, struct str b)
{
	return a.p != NULL && b.p != NULL && a.n == b.n &&
	    memcmp(a.p, b.p, a.n) == 0;
}

/* v1 splits the quota and the period into two files. */
static void
period_of(struct cpu_facts *c, const struct event *ev)
{
	int64_t	v;

	if (c->quota != NULL && c->period_us < 0 &&
	    ev_num(ev, "period_us", &v) == 0 && v > 0 &&
	    same(ev_str(ev, "cg_path"), ev_str(c->quota, "cg_path")))
		c->period_us = v;
}

/* "0-1,3" into a bitmap of indexes below IDX_MAX; -1 if malformed. */
static int
idx_set(struct str s, unsigned char set[IDX_MAX / 8])
{
	uint64_t	lo, hi;
	int		r;

	memset(set, 0, IDX_MAX / 8);
	while ((r = range_next(&s, &lo, &hi)) == 1) {
		if (hi >= IDX_MAX)
			return -1;
		for (uint64_t k = lo; k <= hi; k++)
			set[k / 8] |= (unsigned char)(1u << (k % 8));
	}
	return r;
}

/* The per-GPU device node prefixes: NVIDIA's /dev/nvidiaN (its minor),
 * AMD's render nodes /dev/dri/renderDN (N from 128: gres.conf lists
 * them, File=/dev/dri/renderD[128-131]). */
static const char *const gpu_pfx[] = { "/dev/nvidia", "/dev/dri/renderD" };

/* "/dev/nvidia3" -> 3, "/dev/dri/renderD129" -> 129; -1 for nvidiactl,
 * nvidia-uvm, /dev/kfd, anything else. */
static int
gpu_minor(struct str dev)
{
	for (size_t k = 0; k < sizeof(gpu_pfx) / sizeof(gpu_pfx[0]); k++) {
		size_t	n = strlen(gpu_pfx[k]);
		int	m = 0;

		if (dev.n <= n || dev.n > n + 3 ||
		    memcmp(dev.p, gpu_pfx[k], n) != 0)
			continue;
		for (size_t i = n; i < dev.n; i++) {
			if (dev.p[i] < '0' || dev.p[i] > '9')
				return -1;
			m = m * 10 + (dev.p[i] - '0');
		}
		return m < IDX_MAX ? m : -1;
	}
	return -1;
}

/* AMD's /dev/kfd: every ROCm process opens it, whatever its GPUs. */
static int
is_kfd(struct str dev)
{
	return str_eq(dev, "/dev/kfd");
}

/* The device files gres.conf lists for GPUs, in order: IDX k of scontrol
 * -dd is the k-th ("/dev/nvidia[0-3]" expands; one bracket, bounded). */
struct gres_files {
	int	minor[IDX_MAX];
	int	n;
};

static void
gres_expand(struct gres_files *g, struct str file)
{
	size_t			 n = 0, p;
	const char		*close;
	struct str		 in;
	uint64_t		 lo, hi;

	for (p = 0; p < sizeof(gpu_pfx) / sizeof(gpu_pfx[0]); p++) {
		n = strlen(gpu_pfx[p]);
		if (file.n > n && memcmp(file.p, gpu_pfx[p], n) == 0)
			break;
	}
	if (p == sizeof(gpu_pfx) / sizeof(gpu_pfx[0]))
		return;
	if (file.p[n] != '[') {
		if (gpu_minor(file) >= 0 && g->n < IDX_MAX)
			g->minor[g->n++] = gpu_minor(file);
		return;
	}
	if ((close = memchr(file.p + n, ']', file.n - n)) == NULL)
		return;
	in = str_make(file.p + n + 1, (size_t)(close - file.p) - n - 1);
	while (range_next(&in, &lo, &hi) == 1)
		for (uint64_t k = lo; k <= hi && k < IDX_MAX && g->n < IDX_MAX;
		    k++)
			g->minor[g->n++] = (int)k;
}

/* The minors of the GPUs the job was given: IDX through gres.conf's
 * File list when there is one, else IDX as the minor. */
static int
given_minors(const struct facts *f, unsigned char set[IDX_MAX / 8])
{
	unsigned char		idx[IDX_MAX / 8];
	struct gres_files	g = { .n = 0 };

	if (f->acc.gres_idx.n == 0 || idx_set(f->acc.gres_idx, idx) == -1)
		return 0;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind == EV_SLURM_CONF && str_eq(ev_str(ev, "name"),
		    "gpu") && ev_str(ev, "file").n > 0)
			gres_expand(&g, ev_str(ev, "file"));
	}
	if (g.n == 0)
		return memcpy(set, idx, IDX_MAX / 8) != NULL;
	memset(set, 0, IDX_MAX / 8);
	for (int k = 0; k < g.n; k++)
		if (idx[k / 8] & (1u << (k % 8)))
			set[g.minor[k] / 8] |= (unsigned char)(1u <<
			    (g.minor[k] % 8));
	return 1;
}

static void
on_access(struct access_facts *a, const struct event *ev,
    const unsigned char *given)
{
	int	m = gpu_minor(ev_str(ev, "device"));
	int	ok = ev_num_or(ev, "ok", 0) == 1;
	int	refused = str_eq(ev_str(ev, "result"), "EPERM") ||
		    str_eq(ev_str(ev, "result"), "EACCES");
	int	mine = m >= 0 && (given == NULL ||
		    (given[m / 8] & (1u << (m % 8))) != 0);

	a->ntried++;
	/* no ROCm process can run without /dev/kfd: refused, it denies
	 * every GPU the job was given */
	if (m < 0 && is_kfd(ev_str(ev, "device")) && refused &&
	    a->denied == NULL)
		a->denied = ev;
	if (m < 0)
		return;
	/* Past the device cgroup: opened, or failed for another reason
	 * than a refusal (ENXIO: no driver behind the node). */
	if (!refused)
		a->passed_gpu++;
	if (ok) {
		a->nopened_gpu++;
		if (a->opened == NULL)
			a->opened = ev;
	} else if (mine && refused && a->denied == NULL)
		a->denied = ev;
}

static int64_t
cvd_count(struct str v)
{
	int64_t	n = 1;

	v = str_trim(v);
	if (v.n == 0 || str_eq(v, "NoDevFiles"))
		return 0;
	for (size_t i = 0; i < v.n; i++)
		n += v.p[i] == ',';
	return n;
}

static void
on_env(struct facts *f, const struct event *ev)
{
	struct str	cvd = ev_str(ev, "CUDA_VISIBLE_DEVICES");
	int64_t		v;

	if (f->cpu.omp_ev == NULL && ev_num(ev, "omp_num_threads", &v) == 0 &&
	    v > 0) {
		f->cpu.omp_ev = ev;
		f->cpu.omp_threads = v;
	}
	if (f->acc.cvd_ev == NULL && cvd.p != NULL) {
		f->acc.cvd_ev = ev;
		f->acc.cvd_count = cvd_count(cvd);
	}
}

static void
on_devices(struct access_facts *a, const struct event *ev)
{
	int64_t	n;

	if (!step_level(ev))
		return;
	if (ev_num_or(ev, "allow_all", 0) == 1) {
		if (a->devices == NULL)
			a->devices = ev;
		return;
	}
	n = ev_num_or(ev, "nnvidia_minors", -1);
	if (n >= 0 && (a->allowed_gpus < 0 || n < a->allowed_gpus)) {
		a->devices = ev;
		a->allowed_gpus = n;
	}
}

static void
on_conf(struct access_facts *a, const struct event *ev)
{
	if (a->constrain == NULL && (ev_field(ev, "ConstrainDevices") != NULL ||
	    ev_field(ev, "ConstrainCores") != NULL))
		a->constrain = ev;
}

/* Allocation on this node: CPU_IDs of the -dd node line, else NumCPUs
 * of a one-node job, else sacct's AllocCPUS of the job row. */
static void
allocation(struct facts *f)
{
	const struct event	*j = f->scontrol_job;
	int64_t			 v;

	f->cpu.alloc_cpus = -1;
	f->cpu.cpus_per_task = ev_num_or(j, "cpus_per_task", -1);
	f->acc.gpus_requested = ev_num_or(j, "gpus_requested", -1);
	if (j != NULL)
		f->acc.gres_idx = ev_str(j, "gres_idx");
	if ((v = ev_num_or(j, "ncpu_ids", -1)) > 0) {
		f->cpu.req = j;
		f->cpu.alloc_cpus = v;
	} else if ((v = ev_num_or(j, "num_cpus", -1)) > 0 &&
	    ev_num_or(j, "num_nodes", 1) == 1) {
		f->cpu.req = j;
		f->cpu.alloc_cpus = v;
	} else if ((v = ev_num_or(f->sacct_job, "ncpus", -1)) > 0 &&
	    ev_num_or(f->sacct_job, "nnodes", 1) == 1) {
		f->cpu.req = f->sacct_job;
		f->cpu.alloc_cpus = v;
	}
	if (f->acc.gpus_requested < 0 && f->gpu_job)
		f->acc.gpus_requested = 1;
	f->cpu.elapsed_s = ev_num_or(f->sacct_job, "elapsed_s", -1);
}

/* The wall time the job's CPU time was counted over: from its start to
 * the collection that read the counter (or to its end, if earlier). */
static void
measured(struct facts *f)
{
	int64_t	to = f->cpu.usage_at_ns;

	if (f->cpu.usage == NULL || !f->have_window)
		return;
	if (to <= 0 || to > f->job_to_ns)
		to = f->job_to_ns;
	if (to > f->job_from_ns && to - f->job_from_ns < 400LL * 86400 *
	    1000000000LL)
		f->cpu.elapsed_s = (to - f->job_from_ns) / 1000000000LL;
}

void
facts_cpu(struct facts *f)
{
	unsigned char	 given[IDX_MAX / 8];
	int		 have_given;
	int64_t		 v;

	memset(&f->cpu, 0, sizeof(f->cpu));
	memset(&f->acc, 0, sizeof(f->acc));
	f->cpu.cpuset_ncpus = f->cpu.quota_us = f->cpu.period_us = -1;
	f->cpu.usage_us = f->cpu.max_threads = f->cpu.omp_threads = -1;
	f->acc.allowed_gpus = f->acc.cvd_count = -1;
	allocation(f);
	have_given = given_minors(f, given);
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (facts_foreign(f, ev))
			continue;
		switch (ev->kind) {
		case EV_CGROUP_CPU:
			on_cgroup_cpu(&f->cpu, ev);
			if (f->cpu.usage == ev)
				f->cpu.usage_at_ns = f->tl->in[i]->created_ns;
			break;
		case EV_CGROUP_DEVICES:
			on_devices(&f->acc, ev);
			break;
		case EV_GPU_DEV_ACCESS:
			on_access(&f->acc, ev, have_given ? given : NULL);
			break;
		case EV_SLURM_CONF:
			on_conf(&f->acc, ev);
			break;
		case EV_JOB_ENV:
			on_env(f, ev);
			break;
		case EV_HOST:
			/* the job's own processes: not slurmstepd (root) */
			if (ev->sig != NULL && strcmp(ev->sig, "host.proc") ==
			    0 && ev_num(ev, "threads", &v) == 0 &&
			    ev_num_or(ev, "uid", 0) > 0 &&
			    v > f->cpu.max_threads) {
				f->cpu.max_threads = v;
				f->cpu.threads_ev = ev;
			}
			break;
		default:
			break;
		}
	}
	for (size_t i = 0; i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_CGROUP_CPU &&
		    !facts_foreign(f, f->tl->v[i]))
			period_of(&f->cpu, f->tl->v[i]);
	measured(f);
	/* The probe beats devices.list: v1 Slurm denies through
	 * devices.deny, so its devices.list still reads "a *:* rwm". */
	if (f->acc.ntried > 0)
		f->acc.allowed_gpus = f->acc.passed_gpu;
}
