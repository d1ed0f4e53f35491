/*
 * test_parse_cpu: CPU and device cgroup files (real v1 captures under
 * fixtures/real/cgroup-v1/host-root/, real v2 ones under
 * fixtures/real/cgroup-v2/), the GPU access probe, job environments,
 * Slurm's cgroup.conf (real) and gres.conf, the new scontrol fields (on
 * a real scontrol show job -d), procs.tsv's new columns, the gpu_access
 * catalog rows (real lines of fixtures/logs/gpu-access.txt), and the
 * file kinds the sniffer gives those members. Inputs built here are
 * marked; they are formats with no capture in the shared material.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "harness.h"
#include "internal.h"
#include "parse.h"

#define V1	"fixtures/real/cgroup-v1/host-root/"
#define V2	"fixtures/real/cgroup-v2/"
#define V2SCOPE	V2 "treydock-slurm-v2-tree/system.slice/slurmstepd.scope"
#define V2JOB	V2SCOPE "/job_4"

struct parsed {
	struct arena	*a;
	struct evlist	 l;
	char		*buf;
	size_t		 len;
};

#define CHECK_NUM(ev, name, want) do {					\
	int64_t _v = INT64_MIN;						\
	if ((ev) == NULL || ev_num((ev), (name), &_v) != 0)		\
		test_fail(__FILE__, __LINE__, "no field %s", (name));	\
	else								\
		CHECK_EQ_INT(_v, (want));				\
} while (0)

#define CHECK_FSTR(ev, name, want) do {					\
	struct str _s = (ev) ? ev_str((ev), (name)) : str_make(NULL, 0); \
	CHECK_EQ_STRN(_s.p, _s.n, (want));				\
} while (0)

#define CHECK_NOFIELD(ev, name) CHECK((ev) != NULL && \
	ev_field((ev), (name)) == NULL)

static void
check_refs(const struct parsed *p)
{
	for (size_t i = 0; i < p->l.n; i++) {
		const struct event	*ev = p->l.v[i];

		CHECK(ev->ref.off + ev->ref.len <= p->len);
		if (ev->text.p != NULL) {
			CHECK(ev->text.p == p->buf + ev->ref.off);
			CHECK_EQ_U64(ev->text.n, ev->ref.len);
		}
	}
}

static void
parse_buf(struct parsed *p, parse_fn *fn, const char *name, char *buf,
    size_t len)
{
	struct src	in = { 2, name, buf, len };
	struct err	e = { 0 };

	memset(&p->l, 0, sizeof(p->l));
	p->buf = buf;
	p->len = len;
	p->a = arena_new(1 << 14);
	CHECK_EQ_INT(fn(&in, p->a, &p->l, &e), ERR_OK);
	check_refs(p);
}

static void
parse_fixture(struct parsed *p, parse_fn *fn, const char *rel,
    const char *name)
{
	size_t	 len;
	char	*buf = test_slurp(rel, &len);

	parse_buf(p, fn, name, buf, len);
}

/* Built text: copied so that nothing past len is readable as text. */
static void
parse_text(struct parsed *p, parse_fn *fn, const char *name, const char *t)
{
	size_t	 n = strlen(t);
	char	*buf = malloc(n + 1);

	memcpy(buf, t, n + 1);
	parse_buf(p, fn, name, buf, n);
}

static void
done(struct parsed *p)
{
	evlist_free(&p->l);
	arena_free(p->a);
	free(p->buf);
}

static const struct event *
nth(const struct parsed *p, enum ev_kind k, size_t n)
{
	for (size_t i = 0; i < p->l.n; i++)
		if (p->l.v[i]->kind == k && n-- == 0)
			return p->l.v[i];
	return NULL;
}

static size_t
count(const struct parsed *p, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < p->l.n; i++)
		n += p->l.v[i]->kind == k;
	return n;
}

/* ---- cpulist_count and hostlist_count ---- */

static int64_t
cl(const char *s)
{
	uint64_t	n;

	return cpulist_count(str_cstr(s), &n) == 0 ? (int64_t)n : -1;
}

static int64_t
hl(const char *s)
{
	uint64_t	n;

	return hostlist_count(str_cstr(s), &n) == 0 ? (int64_t)n : -1;
}

DEFINE_TEST(test_cpulist_count)
{
	CHECK_EQ_INT(cl("0-3,8,10-11"), 7);
	CHECK_EQ_INT(cl("0"), 1);
	CHECK_EQ_INT(cl("0-95\n"), 96);
	CHECK_EQ_INT(cl(""), 0);
	CHECK_EQ_INT(cl("  \n"), 0);
	CHECK_EQ_INT(cl("0-1\r\n"), 2);
	/* hostile: huge, reversed, unordered, overlapping, junk */
	CHECK_EQ_INT(cl("0-4294967295"), -1);
	CHECK_EQ_INT(cl("0-18446744073709551615"), -1);
	CHECK_EQ_INT(cl("99999999999999999999999"), -1);
	CHECK_EQ_INT(cl("0-4194303"), 4194304);
	CHECK_EQ_INT(cl("4194304"), -1);
	CHECK_EQ_INT(cl("3-0"), -1);
	CHECK_EQ_INT(cl("4,2"), -1);
	CHECK_EQ_INT(cl("0-3,2-5"), -1);
	CHECK_EQ_INT(cl("0,,1"), -1);
	CHECK_EQ_INT(cl("0,"), -1);
	CHECK_EQ_INT(cl("-1"), -1);
	CHECK_EQ_INT(cl("0-"), -1);
	CHECK_EQ_INT(cl("a-b"), -1);
	CHECK_EQ_INT(cl("0-7:2"), -1);
}

DEFINE_TEST(test_hostlist_count)
{
	CHECK_EQ_INT(hl("/dev/nvidia[0-3]"), 4);
	CHECK_EQ_INT(hl("/dev/nvidia[0-1,4-5]"), 4);
	CHECK_EQ_INT(hl("/dev/nvidia0,/dev/nvidia1"), 2);
	CHECK_EQ_INT(hl("/dev/nvidia[0-3],/dev/nvidia[4-7]"), 8);
	CHECK_EQ_INT(hl("/dev/nvidia0"), 1);
	CHECK_EQ_INT(hl("n[1-2]x[0-3]"), 8);
	CHECK_EQ_INT(hl("/dev/nvidia[3-0]"), -1);
	CHECK_EQ_INT(hl("/dev/nvidia[0-3"), -1);
	CHECK_EQ_INT(hl("/dev/nvidia0-3]"), -1);
	CHECK_EQ_INT(hl("a[[0]]"), -1);
	CHECK_EQ_INT(hl("a[]"), -1);
	CHECK_EQ_INT(hl("a[0-4294967295]"), -1);
	CHECK_EQ_INT(hl("a[0-1023][0-1023][0-1023]"), -1);	/* > 2^20 */
	CHECK_EQ_INT(hl("a,,b"), -1);
}

/* ---- cgroup v1 (real, this machine's root) ---- */

DEFINE_TEST(test_cpu_v1_real)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, parse_cgroup_cpu, V1 "cpu/cpu.stat",
	    "cgroup/cpu,cpuacct/cpu.stat");
	CHECK_EQ_INT(p.l.n, 1);
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "version", 1);
	CHECK_NUM(ev, "nr_periods", 0);
	CHECK_NUM(ev, "nr_throttled", 0);
	CHECK_NUM(ev, "throttled_us", 0);
	CHECK_NUM(ev, "burst_us", 0);
	CHECK_FSTR(ev, "cg_path", "/");
	CHECK_FSTR(ev, "level", "other");
	CHECK(ev != NULL && ev->ref.line == 1);
	done(&p);

	parse_fixture(&p, parse_cgroup_cpu, V1 "cpu/cpu.cfs_quota_us",
	    "cgroup/cpu,cpuacct/cpu.cfs_quota_us");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "quota_us", -1);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V1 "cpu/cpu.cfs_period_us",
	    "cgroup/cpu,cpuacct/cpu.cfs_period_us");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "period_us", 100000);
	done(&p);
	/* 9659553034449 ns */
	parse_fixture(&p, parse_cgroup_cpu, V1 "cpuacct/cpuacct.usage",
	    "cgroup/cpu,cpuacct/cpuacct.usage");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "usage_us", 9659553034);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V1 "cpuset/cpuset.effective_cpus",
	    "cgroup/cpuset/slurm/uid_1001/job_7/step_0/cpuset.effective_cpus");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_FSTR(ev, "cpus", "0-1");
	CHECK_NUM(ev, "ncpus", 2);
	CHECK_NUM(ev, "job_id", 7);
	CHECK_FSTR(ev, "step", "0");
	CHECK_FSTR(ev, "level", "step");
	CHECK_FSTR(ev, "cg_path", "/slurm/uid_1001/job_7/step_0");
	CHECK_NUM(ev, "version", 1);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V1 "cpuset/cpuset.cpus",
	    "cgroup/cpuset/cpuset.cpus");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "ncpus", 2);
	done(&p);
}

DEFINE_TEST(test_devices_v1)
{
	struct parsed		 p;
	const struct event	*ev;

	/* real: "a *:* rwm" */
	parse_fixture(&p, parse_cgroup_cpu, V1 "devices/devices.list",
	    "cgroup/devices/devices.list");
	CHECK_EQ_INT(p.l.n, 1);
	ev = nth(&p, EV_CGROUP_DEVICES, 0);
	CHECK_NUM(ev, "allow_all", 1);
	CHECK_NUM(ev, "nvidiactl", 1);
	CHECK_FSTR(ev, "nvidia_minors", "*");
	CHECK_NUM(ev, "rules", 1);
	done(&p);
	/* Built: a Slurm job given GPU 1 of 4 (ConstrainDevices), with a
	 * denied read-only rule and the "c 195:* m" that systemd leaves
	 * after a daemon-reload (NVIDIA/nvidia-container-toolkit#251). */
	parse_text(&p, parse_cgroup_cpu,
	    "cgroup/devices/slurm/uid_1001/job_9/step_0/devices.list",
	    "c 1:3 rwm\r\nc 195:255 rw\nc 195:1 rw\nc 195:2 r\nc 195:* m\n"
	    "c 195:254 rw\nb 8:0 rw\nbogus line\n\n");
	ev = nth(&p, EV_CGROUP_DEVICES, 0);
	CHECK_NUM(ev, "allow_all", 0);
	CHECK_NUM(ev, "nvidiactl", 1);
	CHECK_FSTR(ev, "nvidia_minors", "1");
	CHECK_NUM(ev, "nnvidia_minors", 1);
	CHECK_NUM(ev, "rules", 7);
	CHECK_NUM(ev, "job_id", 9);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	CHECK(nth(&p, EV_UNPARSED, 0) != NULL &&
	    nth(&p, EV_UNPARSED, 0)->ref.line == 8);
	done(&p);
	/* "c 195:* rw": every minor */
	parse_text(&p, parse_cgroup_cpu, "cgroup/devices/devices.list",
	    "c 195:* rw\n");
	ev = nth(&p, EV_CGROUP_DEVICES, 0);
	CHECK_FSTR(ev, "nvidia_minors", "*");
	CHECK_NUM(ev, "nvidiactl", 1);
	CHECK_NOFIELD(ev, "nnvidia_minors");
	done(&p);
	/* empty devices.list: nothing allowed */
	parse_text(&p, parse_cgroup_cpu, "cgroup/devices/devices.list", "");
	ev = nth(&p, EV_CGROUP_DEVICES, 0);
	CHECK_NUM(ev, "rules", 0);
	CHECK_FSTR(ev, "nvidia_minors", "");
	CHECK_NUM(ev, "nnvidia_minors", 0);
	done(&p);
}

/* ---- cgroup v2 (real: treydock Slurm tree, telegraf, datadog) ---- */

DEFINE_TEST(test_cpu_v2_real)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, parse_cgroup_cpu, V2JOB "/cpu.stat",
	    "cgroup/system.slice/slurmstepd.scope/job_4/cpu.stat");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_EQ_INT(p.l.n, 1);		/* core_sched.* is skipped */
	CHECK_NUM(ev, "version", 2);
	CHECK_NUM(ev, "usage_us", 126686);
	CHECK_NUM(ev, "user_us", 49043);
	CHECK_NUM(ev, "system_us", 77642);
	CHECK_NUM(ev, "nr_throttled", 0);
	CHECK_NUM(ev, "job_id", 4);
	CHECK_FSTR(ev, "level", "job");
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V2JOB "/cpu.max",
	    "cgroup/system.slice/slurmstepd.scope/job_4/cpu.max");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "quota_us", -1);
	CHECK_NUM(ev, "period_us", 100000);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V2JOB "/cpuset.cpus.effective",
	    "cgroup/system.slice/slurmstepd.scope/job_4/cpuset.cpus.effective");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_FSTR(ev, "cpus", "0");
	CHECK_NUM(ev, "ncpus", 1);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu,
	    V2JOB "/step_0/user/task_0/cpuset.cpus.effective",
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_0/user/task_0/"
	    "cpuset.cpus.effective");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_FSTR(ev, "level", "task");
	CHECK_NUM(ev, "task", 0);
	CHECK_FSTR(ev, "sub", "user");
	done(&p);
	/* The scope's cpuset.cpus holds only "\n": nothing set. */
	parse_fixture(&p, parse_cgroup_cpu, V2SCOPE "/cpuset.cpus",
	    "cgroup/system.slice/slurmstepd.scope/cpuset.cpus");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "empty", 1);
	CHECK_FSTR(ev, "cpus", "");
	CHECK_NOFIELD(ev, "ncpus");
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V2SCOPE "/cpuset.cpus.effective",
	    "cgroup/system.slice/slurmstepd.scope/cpuset.cpus.effective");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "ncpus", 4);
	done(&p);
	/* A throttled cgroup: 6004 of 3936904 periods, 19175 s. */
	parse_fixture(&p, parse_cgroup_cpu, V2 "telegraf-v2-96cpu-cpu.stat.txt",
	    "cgroup/x.slice/cpu.stat");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "nr_periods", 3936904);
	CHECK_NUM(ev, "nr_throttled", 6004);
	CHECK_NUM(ev, "throttled_us", 19175137007);
	CHECK_NUM(ev, "usage_us", 98701325189);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu, V2 "telegraf-v2-96cpu-cpu.max.txt",
	    "cgroup/x.slice/cpu.max");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "quota_us", 4800000);
	done(&p);
	parse_fixture(&p, parse_cgroup_cpu,
	    V2 "telegraf-v2-96cpu-cpuset.cpus.effective.txt",
	    "cgroup/x.slice/cpuset.cpus.effective");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "ncpus", 96);
	done(&p);
	/* no final newline */
	parse_fixture(&p, parse_cgroup_cpu, V2 "datadog-cpu.max-40000-100000.txt",
	    "cgroup/cpu.max");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "quota_us", 40000);
	CHECK_NUM(ev, "period_us", 100000);
	done(&p);
}

/* Built: hostile and odd values. */
DEFINE_TEST(test_cpu_edge)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpuset.cpus.effective",
	    "0-4294967295\n");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NOFIELD(ev, "ncpus");
	CHECK_NOFIELD(ev, "cpus");
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpuset.cpus", "7-3\n");
	CHECK_NOFIELD(nth(&p, EV_CGROUP_CPU, 0), "ncpus");
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpuset.cpus", "0-3,8\r\n");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "ncpus", 5);
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpu.max", "max\n");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "quota_us", -1);
	CHECK_NOFIELD(ev, "period_us");
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpu.max", "lots 100000\n");
	CHECK_NOFIELD(nth(&p, EV_CGROUP_CPU, 0), "quota_us");
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	/* a v1 cpu.stat with CRLF, a missing value and an unknown key */
	parse_text(&p, parse_cgroup_cpu, "cgroup/cpu,cpuacct/cpu.stat",
	    "nr_periods 10\r\nnr_throttled\r\nthrottled_time 2500\r\n"
	    "wait_sum 5\r\n");
	ev = nth(&p, EV_CGROUP_CPU, 0);
	CHECK_NUM(ev, "nr_periods", 10);
	CHECK_NOFIELD(ev, "nr_throttled");
	CHECK_NUM(ev, "throttled_us", 2);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpu.cfs_quota_us",
	    "99999999999999999999999\n");
	CHECK_NOFIELD(nth(&p, EV_CGROUP_CPU, 0), "quota_us");
	done(&p);
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpu.stat", "");
	CHECK_NUM(nth(&p, EV_CGROUP_CPU, 0), "empty", 1);
	done(&p);
	/* not ours */
	parse_text(&p, parse_cgroup_cpu, "cgroup/a/cpu.weight", "100\n");
	CHECK_EQ_INT(p.l.n, 0);
	done(&p);
}

/* ---- gpu/dev-access.txt (built: the collector's format) ---- */

DEFINE_TEST(test_dev_access)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, parse_dev_access, "gpu/dev-access.txt",
	    "method=child-in-cgroup\n"
	    "uid=1001 gid=1001 cgroup=/slurm/uid_1001/job_5/step_0\n"
	    "cgroup_mode=v2 device_rules=ebpf\n"
	    "device=/dev/nvidiactl result=ok\n"
	    "device=/dev/nvidia0 result=EPERM\n"
	    "device=/dev/nvidia1 result=ok\n"
	    "garbage\n");
	CHECK_EQ_INT(count(&p, EV_GPU_DEV_ACCESS), 3);
	ev = nth(&p, EV_GPU_DEV_ACCESS, 1);
	CHECK_FSTR(ev, "device", "/dev/nvidia0");
	CHECK_FSTR(ev, "result", "EPERM");
	CHECK_NUM(ev, "ok", 0);
	CHECK_NUM(ev, "uid", 1001);
	CHECK_NUM(ev, "gid", 1001);
	CHECK_FSTR(ev, "device_rules", "ebpf");
	CHECK_FSTR(ev, "method", "child-in-cgroup");
	CHECK_FSTR(ev, "cgroup_mode", "v2");
	CHECK_FSTR(ev, "cgroup", "/slurm/uid_1001/job_5/step_0");
	CHECK(ev != NULL && ev->ref.line == 5);
	CHECK_NUM(nth(&p, EV_GPU_DEV_ACCESS, 2), "ok", 1);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	CHECK_EQ_INT(count(&p, EV_NOTE), 0);
	done(&p);
	parse_text(&p, parse_dev_access, "gpu/dev-access.txt",
	    "method=skipped\r\nnote=not root: cannot join the job's cgroup\r\n");
	CHECK_EQ_INT(count(&p, EV_GPU_DEV_ACCESS), 0);
	ev = nth(&p, EV_NOTE, 0);
	CHECK(ev != NULL && strcmp(ev->sig, "gpu.dev_access.skipped") == 0);
	CHECK_FSTR(ev, "message", "not root: cannot join the job's cgroup");
	CHECK(ev != NULL && ev->ref.line == 1);
	done(&p);
	/* a device line without a result is not evidence */
	parse_text(&p, parse_dev_access, "gpu/dev-access.txt",
	    "device=/dev/nvidia0\n");
	CHECK_EQ_INT(count(&p, EV_GPU_DEV_ACCESS), 0);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
}

/* ---- host/job-env.txt (built: the collector's format) ---- */

DEFINE_TEST(test_job_env)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, parse_job_env, "host/job-env.txt",
	    "pid=4242\n"
	    "OMP_NUM_THREADS=64\n"
	    "CUDA_VISIBLE_DEVICES=0,1\n"
	    "SLURM_CPUS_PER_TASK=4\n"
	    "SLURM_JOB_GPUS=2,3\n"
	    "SECRET_TOKEN=x\n"
	    "\n"
	    "pid=4243 same_as=4242\n"
	    "\n"
	    "pid=4250\r\n"
	    "OMP_NUM_THREADS=8,4\r\n"
	    "GPU_DEVICE_ORDINAL=1\r\n"
	    "MKL_NUM_THREADS=1\r\n"
	    "STEP_GPUS\r\n");
	CHECK_EQ_INT(count(&p, EV_JOB_ENV), 3);
	ev = nth(&p, EV_JOB_ENV, 0);
	CHECK(ev != NULL && ev->pid == 4242 && ev->ref.line == 1);
	CHECK_NUM(ev, "pid", 4242);
	CHECK_NUM(ev, "omp_num_threads", 64);
	CHECK_FSTR(ev, "CUDA_VISIBLE_DEVICES", "0,1");
	CHECK_FSTR(ev, "SLURM_CPUS_PER_TASK", "4");
	CHECK_FSTR(ev, "SLURM_JOB_GPUS", "2,3");
	CHECK_NOFIELD(ev, "SECRET_TOKEN");
	CHECK(ev != NULL && ev->context.n > 0 &&
	    memcmp(ev->context.p, "pid=4242\nOMP", 12) == 0);
	ev = nth(&p, EV_JOB_ENV, 1);
	CHECK_NUM(ev, "same_as", 4242);
	CHECK_FSTR(ev, "CUDA_VISIBLE_DEVICES", "0,1");
	CHECK_NUM(ev, "omp_num_threads", 64);
	CHECK_NUM(ev, "pid", 4243);
	ev = nth(&p, EV_JOB_ENV, 2);
	CHECK_NUM(ev, "omp_num_threads", 8);
	CHECK_FSTR(ev, "GPU_DEVICE_ORDINAL", "1");
	CHECK_FSTR(ev, "MKL_NUM_THREADS", "1");
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	/* variables before any pid= line are not evidence */
	parse_text(&p, parse_job_env, "host/job-env.txt",
	    "OMP_NUM_THREADS=4\npid=abc\n");
	CHECK_EQ_INT(count(&p, EV_JOB_ENV), 0);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 2);
	done(&p);
}

/* ---- slurm/cgroup.conf (real) and gres.conf (built, man page syntax) */

DEFINE_TEST(test_slurm_conf)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, parse_slurm_conf,
	    "fixtures/real/slurm/cgroup-v1/cluster/cgroup.conf",
	    "slurm/cgroup.conf");
	CHECK_EQ_INT(p.l.n, 1);
	ev = nth(&p, EV_SLURM_CONF, 0);
	CHECK_FSTR(ev, "CgroupPlugin", "cgroup/v1");
	CHECK_FSTR(ev, "ConstrainCores", "yes");
	CHECK_NUM(ev, "ConstrainCores", 1);
	CHECK_NUM(ev, "ConstrainRAMSpace", 1);
	CHECK_NUM(ev, "ConstrainSwapSpace", 0);
	CHECK_NOFIELD(ev, "ConstrainDevices");
	CHECK(ev != NULL && ev->ref.line == 1);
	done(&p);
	parse_text(&p, parse_slurm_conf, "slurm/cgroup.conf",
	    "###\n# Slurm cgroup support configuration file\n###\n"
	    "constraindevices=NO   # a comment\n"
	    "CONSTRAINCORES=yes AllowedRAMSpace=95\n"
	    "SomeFutureKey=\"a b\"\nnot a pair\n");
	ev = nth(&p, EV_SLURM_CONF, 0);
	CHECK_NUM(ev, "ConstrainDevices", 0);
	CHECK_NUM(ev, "ConstrainCores", 1);
	CHECK_FSTR(ev, "AllowedRAMSpace", "95");
	CHECK_FSTR(ev, "SomeFutureKey", "a b");
	CHECK(ev != NULL && ev->ref.line == 4);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 3);	/* not, a, pair */
	done(&p);
	parse_text(&p, parse_slurm_conf, "slurm/gres.conf",
	    "# GPUs\n"
	    "AutoDetect=nvml\n"
	    "Name=gpu Type=a100 File=/dev/nvidia[0-3] Cores=0-15\n"
	    "NodeName=node[1-4] name=gpu File=/dev/nvidia[0-7]\n"
	    "Name=mps Count=400\n"
	    "NodeName=n1 Type=x\n");
	CHECK_EQ_INT(count(&p, EV_SLURM_CONF), 4);
	CHECK_FSTR(nth(&p, EV_SLURM_CONF, 0), "autodetect", "nvml");
	ev = nth(&p, EV_SLURM_CONF, 1);
	CHECK_FSTR(ev, "name", "gpu");
	CHECK_FSTR(ev, "type", "a100");
	CHECK_FSTR(ev, "file", "/dev/nvidia[0-3]");
	CHECK_NUM(ev, "nfiles", 4);
	CHECK_FSTR(ev, "cores", "0-15");
	CHECK(ev != NULL && ev->ref.line == 3);
	ev = nth(&p, EV_SLURM_CONF, 2);
	CHECK_FSTR(ev, "nodename", "node[1-4]");
	CHECK_NUM(ev, "nfiles", 8);
	CHECK_NUM(nth(&p, EV_SLURM_CONF, 3), "count", 400);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	done(&p);
	parse_text(&p, parse_slurm_conf, "slurm/gres.conf",
	    "Name=gpu File=/dev/nvidia[0-99999999999]\n");
	CHECK_NOFIELD(nth(&p, EV_SLURM_CONF, 0), "nfiles");
	done(&p);
}

/* ---- scontrol (real -d record) and procs.tsv ---- */

DEFINE_TEST(test_scontrol_cpu_fields)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, parse_scontrol,
	    "fixtures/real/slurm/cgroup-v1/oom-batch/scontrol_show_job_-d.txt",
	    "slurm/scontrol-job.txt");
	ev = nth(&p, EV_SCONTROL_JOB, 0);
	CHECK_NUM(ev, "num_cpus", 1);
	CHECK_NUM(ev, "cpus_per_task", 1);
	CHECK_FSTR(ev, "cpu_ids", "1");
	CHECK_NUM(ev, "ncpu_ids", 1);
	CHECK_NOFIELD(ev, "gres_idx");
	CHECK_NOFIELD(ev, "gpus_requested");
	done(&p);
	/* Built from scontrol -dd's layout: a GPU job on one node. */
	parse_text(&p, parse_scontrol, "slurm/scontrol-job.txt",
	    "JobId=77 JobName=train\n"
	    "   NumNodes=1 NumCPUs=8 NumTasks=2 CPUs/Task=4 ReqB:S:C:T=0:0:*:*\n"
	    "   ReqTRES=cpu=8,mem=64G,node=1,billing=8,gres/gpu=2\n"
	    "   TresPerNode=gres/gpu:2\n"
	    "   JOB_GRES=gpu:a100:2\n"
	    "     Nodes=g01 CPU_IDs=0-3,32-35 Mem=65536 "
	    "GRES=gpu:a100:2(IDX:0-1)\n");
	ev = nth(&p, EV_SCONTROL_JOB, 0);
	CHECK_NUM(ev, "cpus_per_task", 4);
	CHECK_FSTR(ev, "cpu_ids", "0-3,32-35");
	CHECK_NUM(ev, "ncpu_ids", 8);
	CHECK_FSTR(ev, "gres_idx", "0-1");
	CHECK_NUM(ev, "ngres_idx", 2);
	CHECK_NUM(ev, "gpus_requested", 2);
	done(&p);
	parse_text(&p, parse_scontrol, "slurm/scontrol-job.txt",
	    "JobId=78 NumNodes=2 TresPerNode=gres:gpu:a100:4\n"
	    "     Nodes=g02 CPU_IDs=0 Mem=1 GRES=gpu(IDX:3)\n");
	ev = nth(&p, EV_SCONTROL_JOB, 0);
	CHECK_NUM(ev, "gpus_requested", 8);
	CHECK_FSTR(ev, "gres_idx", "3");
	CHECK_NUM(ev, "ngres_idx", 1);
	done(&p);
}

DEFINE_TEST(test_procs_cpus_allowed)
{
	struct parsed		 p;
	const struct event	*ev;
	size_t			 n;
	char			*st = test_slurp(
				    "fixtures/real/host/proc-self-status.txt", &n);
	char			*l = strstr(st, "Cpus_allowed_list:\t");
	char			 row[256];

	/* The cpus_allowed cell is the real Cpus_allowed_list value. */
	CHECK(l != NULL);
	if (l == NULL) {
		free(st);
		return;
	}
	l += strlen("Cpus_allowed_list:\t");
	l[strcspn(l, "\n")] = '\0';
	snprintf(row, sizeof(row), "pid\tuid\tvmrss_kb\tcgroup\tcmdline\t"
	    "threads\tcpus_allowed\n42\t1001\t1024\t/slurm/uid_1001/job_5/"
	    "step_0/task_0\tpython train.py\t97\t%s\n", l);
	free(st);
	parse_text(&p, parse_host, "host/procs.tsv", row);
	ev = nth(&p, EV_HOST, 0);
	CHECK_NUM(ev, "threads", 97);
	CHECK_FSTR(ev, "cpus_allowed", "0-1");
	CHECK_NUM(ev, "ncpus_allowed", 2);
	CHECK_NUM(ev, "job_id", 5);
	done(&p);
	/* no header: the five old columns still read */
	parse_text(&p, parse_host, "host/procs.tsv",
	    "42\t1001\t1024\t/\tpython x\n");
	CHECK_NUM(nth(&p, EV_HOST, 0), "pid", 42);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 0);
	done(&p);
}

/* ---- catalog rows on the real lines ---- */

DEFINE_TEST(test_catalog_gpu_access)
{
	static const struct {
		int		 line;
		const char	*id, *what;
	} want[] = {
		{ 1, "S-NVML-INIT-UNKNOWN", "nvml_init" },
		{ 2, "S-CUDA-NO-DEVICE", "no_cuda_device" },
		{ 3, "S-CUDA-NO-DEVICE", "no_cuda_device" },
		{ 4, "S-CUDA-NO-DEVICE", "no_cuda_device" },
		{ 5, "S-CUDA-NO-DEVICE", "no_cuda_device" },
		{ 6, "S-CUDA-NO-DEVICE", "no_cuda_device" },
		{ 7, "S-NVSMI-NO-DEVICES", "no_devices_found" },
		{ 8, "S-PT-NO-DRIVER", "no_driver" },
		{ 9, "S-CUDA-DRIVER-INIT", "driver_init" },
		{ 10, "S-CUDA-DRIVER-INIT", "driver_init" },
	};
	struct catalog	*c = NULL;
	struct err	 e = { 0 };
	size_t		 n;
	char		*buf = test_slurp("fixtures/logs/gpu-access.txt", &n);
	char		*line = buf, *nl;

	CHECK_EQ_INT(catalog_new(&c, &e), ERR_OK);
	for (size_t i = 0; c != NULL && i < sizeof(want) / sizeof(*want);
	    i++, line = nl + 1) {
		struct cat_env		env;
		struct cat_match	m;
		size_t			row = 0;
		uint64_t		g = 0;
		int			hits = 0;

		if ((nl = strchr(line, '\n')) == NULL)
			break;
		*nl = '\0';
		catalog_envelope(str_cstr(line), &env);
		while (catalog_match(c, env.body, &row, &g, &m))
			if (m.sig->kind == EV_GPU_NODEV) {
				hits++;
				CHECK_EQ_STR(m.sig->id, want[i].id);
				for (size_t k = 0; k < m.nf; k++)
					if (strcmp(m.f[k].name, "what") == 0)
						CHECK_EQ_STRN(m.f[k].s.p,
						    m.f[k].s.n, want[i].what);
			}
		if (hits != 1)
			test_fail(__FILE__, __LINE__, "line %d: %d hits",
			    want[i].line, hits);
	}
	/* near misses: prose and other NVML failures */
	{
		static const char *const no[] = {
		    "Failed to initialize NVML: Driver/library version mismatch",
		    "I saw No devices were found in the log",
		};
		for (size_t i = 0; c != NULL && i < 2; i++) {
			struct cat_env		env;
			struct cat_match	m;
			size_t			row = 0;
			uint64_t		g = 0;

			catalog_envelope(str_cstr(no[i]), &env);
			while (catalog_match(c, env.body, &row, &g, &m))
				CHECK(m.sig->kind != EV_GPU_NODEV);
		}
	}
	catalog_free(c);
	free(buf);
}

/* ---- which parser reads which member ---- */

DEFINE_TEST(test_sniff_cpu_paths)
{
	CHECK_EQ_INT(sniff_path("cgroup/cpuset/slurm/uid_1/job_2/cpuset.cpus"),
	    FK_CGROUP_CPU);
	CHECK_EQ_INT(sniff_path("cgroup/cpu,cpuacct/slurm/job_2/cpu.stat"),
	    FK_CGROUP_CPU);
	CHECK_EQ_INT(sniff_path("cgroup/devices/slurm/job_2/devices.list"),
	    FK_CGROUP_CPU);
	CHECK_EQ_INT(sniff_path("cgroup/system.slice/job_4/cpu.max"),
	    FK_CGROUP_CPU);
	CHECK_EQ_INT(sniff_path("cgroup/system.slice/job_4/memory.max"),
	    FK_CGROUP);
	CHECK_EQ_INT(sniff_path("cgroup/system.slice/job_4/cpu.weight"),
	    FK_SKIP);
	CHECK_EQ_INT(sniff_path("gpu/dev-access.txt"), FK_DEV_ACCESS);
	CHECK_EQ_INT(sniff_path("slurm/cgroup.conf"), FK_SLURM_CONF);
	CHECK_EQ_INT(sniff_path("slurm/gres.conf"), FK_SLURM_CONF);
	CHECK_EQ_INT(sniff_path("host/job-env.txt"), FK_JOB_ENV);
	CHECK_EQ_INT(sniff_path("host/procs.tsv"), FK_HOST);
	CHECK_EQ_INT(sniff_content("x/cpu.stat", "usage_usec 1\n", 13),
	    FK_CGROUP_CPU);
}

/* Every new parser fails cleanly when the arena does. */
DEFINE_TEST(test_cpu_parsers_nomem)
{
	static const struct {
		parse_fn	*fn;
		const char	*name, *text;
	} in[] = {
		{ parse_cgroup_cpu, "cgroup/devices/a/devices.list",
		  "c 195:0 rw\nc 195:255 rw\n" },
		{ parse_cgroup_cpu, "cgroup/a/cpu.stat", "usage_usec 5\n" },
		{ parse_dev_access, "gpu/dev-access.txt",
		  "method=skipped\nnote=x\ndevice=/dev/nvidia0 result=ok\n" },
		{ parse_job_env, "host/job-env.txt",
		  "pid=1\nOMP_NUM_THREADS=2\n\npid=2 same_as=1\n" },
		{ parse_slurm_conf, "slurm/gres.conf",
		  "Name=gpu File=/dev/nvidia[0-1]\n" },
		{ parse_slurm_conf, "slurm/cgroup.conf", "ConstrainCores=yes\n" },
	};

	for (size_t i = 0; i < sizeof(in) / sizeof(*in); i++) {
		int	ok = 0;

		for (long k = 0; k < 64 && !ok; k++) {
			struct arena	*a = arena_new(1 << 10);
			struct evlist	 l = { 0 };
			struct src	 s = { 0, in[i].name, in[i].text,
					    strlen(in[i].text) };
			struct err	 e = { 0 };
			enum err_code	 rc;

			arena_fail_after(a, k);
			rc = in[i].fn(&s, a, &l, &e);
			CHECK(rc == ERR_OK || rc == ERR_NOMEM);
			ok = rc == ERR_OK;
			evlist_free(&l);
			arena_free(a);
		}
		CHECK(ok);
	}
}
