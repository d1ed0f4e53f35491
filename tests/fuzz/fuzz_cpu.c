/*
 * fuzz_cpu: the CPU, device, GPU access, job environment and Slurm
 * config parsers on arbitrary bytes, read as each of their members in
 * turn, and cpulist_count / hostlist_count on the same bytes. Checks
 * that every event cites bytes inside the input (its text exactly those
 * bytes), that counts agree with their lists (ncpus with cpulist_count
 * of cpus, a list's count no larger than its ids allow), that ok is 1
 * exactly when result is "ok", and that each job_env's pid matches its
 * field.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const struct {
	parse_fn	*fn;
	const char	*name;
} targets[] = {
	{ parse_cgroup_cpu, "cgroup/cpu,cpuacct/slurm/job_1/cpu.stat" },
	{ parse_cgroup_cpu, "cgroup/system.slice/job_1/cpu.stat" },
	{ parse_cgroup_cpu, "cgroup/system.slice/job_1/cpu.max" },
	{ parse_cgroup_cpu, "cgroup/cpu,cpuacct/cpu.cfs_quota_us" },
	{ parse_cgroup_cpu, "cgroup/cpu,cpuacct/cpuacct.usage" },
	{ parse_cgroup_cpu, "cgroup/cpuset/job_1/cpuset.effective_cpus" },
	{ parse_cgroup_cpu, "cgroup/job_1/step_0/cpuset.cpus.effective" },
	{ parse_cgroup_cpu, "cgroup/devices/job_1/devices.list" },
	{ parse_dev_access, "gpu/dev-access.txt" },
	{ parse_job_env, "host/job-env.txt" },
	{ parse_slurm_conf, "slurm/cgroup.conf" },
	{ parse_slurm_conf, "slurm/gres.conf" },
	{ parse_host, "host/procs.tsv" },
};

static void
check_event(const struct event *ev, const char *p, size_t n)
{
	struct str	s;
	uint64_t	c;
	int64_t		v;

	if (ev->ref.off > n || ev->ref.len > n - ev->ref.off)
		abort();
	if (ev->text.p != NULL && (ev->text.p != p + ev->ref.off ||
	    ev->text.n != ev->ref.len))
		abort();
	if (ev_num(ev, "ncpus", &v) == 0 && ((s = ev_str(ev, "cpus")).p ==
	    NULL || cpulist_count(s, &c) != 0 || (int64_t)c != v))
		abort();
	if (ev_num(ev, "ncpus_allowed", &v) == 0 &&
	    (cpulist_count(ev_str(ev, "cpus_allowed"), &c) != 0 ||
	    (int64_t)c != v))
		abort();
	if (ev->kind == EV_GPU_DEV_ACCESS && (ev_num(ev, "ok", &v) != 0 ||
	    v != str_eq(ev_str(ev, "result"), "ok")))
		abort();
	if (ev->kind == EV_JOB_ENV && (ev_num(ev, "pid", &v) != 0 ||
	    v != ev->pid))
		abort();
	if (ev_num(ev, "nfiles", &v) == 0 && (v < 0 || v > (1 << 20)))
		abort();
}

/* A list's count can't exceed the ids below its largest. */
static void
check_lists(const char *p, size_t n)
{
	uint64_t	c;

	if (cpulist_count(str_make(p, n), &c) == 0 && c > (1u << 22))
		abort();
	if (hostlist_count(str_make(p, n), &c) == 0 && c > (1u << 20))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;

	check_lists(p, size);
	for (size_t k = 0; k < sizeof(targets) / sizeof(targets[0]); k++) {
		struct src	 in = { 0, targets[k].name, p, size };
		struct arena	*a = arena_new(1 << 14);
		struct evlist	 out = { 0 };

		if (a != NULL && targets[k].fn(&in, a, &out, NULL) == ERR_OK)
			for (size_t i = 0; i < out.n; i++)
				check_event(out.v[i], p, size);
		evlist_free(&out);
		arena_free(a);
	}
	return 0;
}
