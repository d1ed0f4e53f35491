/*
 * test_cpudev: the collector's CPU and device evidence end to end, with
 * the fakes of test_collect.c (real Slurm captures on PATH) and fake
 * cgroup trees made of real files: the v1 cpuset, cpu, cpuacct and
 * devices files of a real Slurm job (fixtures/real/slurm-cpudev/, see its
 * README.md) under separate and combined ("cpu,cpuacct") mounts, and the
 * real v2 tree of fixtures/collect/cgroup-v2. Also the job environment
 * of real child processes started here with a known environment, the
 * procs.tsv columns, Slurm's cgroup.conf/gres.conf, and the device-open
 * probe against fake device nodes (OOMTRAIL_DEV_ROOT).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bundle.h"
#include "harness.h"
#include "internal.h"
#include "manifest.h"

#define FIX	"fixtures/collect"
#define REAL	"fixtures/real/slurm-cpudev"
#define JOB3	"slurm_vm/uid_1001/job_3"

static const char *
src(const char *rel)
{
	static char	ring[8][1024];
	static int	i;

	i = (i + 1) % 8;
	snprintf(ring[i], sizeof(ring[i]), "%s", test_src(rel));
	return ring[i];
}

static const char *
bin(void)
{
	static char	b[1024];

	snprintf(b, sizeof(b), "%s", test_bin("collect/oomtrail-collect"));
	return b;
}

/* fakebin, sysbin, proc/14962 and out, as in test_collect.c; the memory
 * tree of the live v1 job copied to ./cg (the probe writes into it). */
static void
setup(void)
{
	static const char *const fakes[] = {
		"scontrol", "sacct", "nvidia-smi", "dmesg", "journalctl", NULL
	};
	static const char *const tools[] = {
		"sh", "cat", "sleep", "yes", "dirname", "mkdir", "chmod", NULL
	};

	test_sh("chmod 755 . && mkdir -p fakebin sysbin out proc/14962 dev && "
	    "sed -n 2,11p '%s' > proc/14962/cgroup && "
	    "printf 'Name:\\tsh\\nUid:\\t1001\\t1001\\t1001\\t1001\\n"
	    "VmRSS:\\t    3072 kB\\nThreads:\\t1\\nCpus_allowed_list:\\t0\\n' "
	    "> proc/14962/status && printf 'sh\\0/var/lib/slurm/slurmd/"
	    "job00003/slurm_script\\0' > proc/14962/cmdline && "
	    "cp /proc/meminfo proc/meminfo && "
	    "cp -R '%s' cg", src(FIX "/slurm-3.out"), src(FIX "/cgroup-v1"));
	for (size_t i = 0; fakes[i] != NULL; i++)
		test_sh("ln -sf '%s/%s' fakebin/", src("tests/fakes/bin"),
		    fakes[i]);
	for (size_t i = 0; tools[i] != NULL; i++)
		test_sh("ln -sf \"$(command -v %s)\" sysbin/", tools[i]);
}

/* The real job's v1 directories of controller ctl (cpu_hungry, operator
 * bundle) copied to cg/<mount>/slurm_vm/uid_1001/job_3. Slurm made no
 * job directory under the cpu controller: its files are the machine's
 * root cgroup's. */
static void
real_ctl(const char *ctl, const char *mount)
{
	CHECK(test_sh("d=$(echo '%s'/cpu_hungry.operator/cgroup/%s/*/*/job_*) "
	    "; [ '%s' = cpu ] && d='%s/machine-root/cpu'; "
	    "test -d \"$d\" && mkdir -p 'cg/%s/" JOB3 "' && "
	    "cp -R \"$d/.\" 'cg/%s/" JOB3 "/'", src(REAL), ctl, ctl,
	    src(REAL), mount, mount) == 0);
}

/* A file under the current directory, NUL-terminated; NULL if none. */
static char *
slurp_here(const char *path)
{
	FILE	*f = fopen(path, "r");
	char	*b = NULL;
	long	 n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (b = malloc((size_t)n + 1)) != NULL)
		b[fread(b, 1, (size_t)n, f)] = '\0';
	fclose(f);
	return b;
}

static const char *
cwd(void)
{
	static char	d[1024];

	return getcwd(d, sizeof(d)) != NULL ? d : "?";
}

/* Run the collector on cgroup root (relative: under the test's
 * directory); returns its exit status. */
static int
collect(const char *root, const char *env, const char *args)
{
	char	cwd[1024], r[2100];

	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	snprintf(r, sizeof(r), "%s%s%s", root[0] == '/' ? "" : cwd,
	    root[0] == '/' ? "" : "/", root);
	root = r;
	return test_sh("env -i PATH='%s/fakebin:%s/sysbin' TZ=UTC LC_ALL=C "
	    "OOMTRAIL_FAKES='%s' OOMTRAIL_FAKE_FIXTURES='%s' "
	    "OOMTRAIL_CGROUP_ROOT='%s' OOMTRAIL_PROC_ROOT='%s/proc' "
	    "OOMTRAIL_KMSG='%s/no-kmsg' OOMTRAIL_DEV_ROOT='%s/dev' %s '%s' %s "
	    ">stdout 2>stderr", cwd, cwd, src("tests/fakes"), src(FIX), root,
	    cwd, cwd, cwd, env, bin(), args);
}

/* The bundle's members unpacked into ./b; 0 on success. */
static int
unpack(void)
{
	return test_sh("rm -rf b && mkdir b && tar --zstd -xf \"$(tail -n 1 "
	    "stdout)\" -C b");
}

static struct manifest *
manifest(void)
{
	struct manifest	*m = NULL;
	char		*json = slurp_here("b/manifest.json");

	if (json != NULL)
		manifest_from_json(json, strlen(json), &m, NULL);
	free(json);
	CHECK(m != NULL);
	return m;
}

/* Member bpath equals the file at relpath (under the source tree). */
static void
check_same(const char *bpath, const char *relpath)
{
	if (test_sh("cmp -s 'b/%s' '%s'", bpath, src(relpath)) != 0)
		test_fail(__FILE__, __LINE__, "member %s differs from %s",
		    bpath, relpath);
}

DEFINE_TEST(test_cpudev_v1_separate_mounts)
{
	setup();
	real_ctl("cpuset", "cpuset");
	real_ctl("cpu", "cpu");
	real_ctl("cpuacct", "cpuacct");
	real_ctl("devices", "devices");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	/* Unchanged bytes, the job's and its steps' directories. */
	CHECK(test_sh("for f in cpuset/" JOB3 "/cpuset.cpus cpuset/" JOB3
	    "/cpuset.effective_cpus cpu/" JOB3 "/cpu.stat cpu/" JOB3
	    "/cpu.cfs_quota_us cpu/" JOB3 "/cpu.cfs_period_us cpuacct/" JOB3
	    "/cpuacct.usage devices/" JOB3 "/devices.list; do "
	    "cmp \"b/cgroup/$f\" \"cg/$f\" || exit 1; done") == 0);
	CHECK(test_sh("ls b/cgroup/cpuset/" JOB3 "/step_*/cpuset.cpus "
	    "b/cgroup/devices/" JOB3 "/step_*/devices.list") == 0);
	/* A real one-CPU cpuset and a real cpu.stat. */
	CHECK(test_sh("grep -Eqx '[0-9]+' b/cgroup/cpuset/" JOB3
	    "/cpuset.cpus && grep -q '^nr_throttled ' b/cgroup/cpu/" JOB3
	    "/cpu.stat") == 0);
	/* No stray copies: only the four controllers' files. */
	CHECK(test_sh("find b/cgroup/cpuset -type f | grep -v "
	    "'/cpuset\\.\\(cpus\\|effective_cpus\\)$'") != 0);
}

DEFINE_TEST(test_cpudev_v1_combined_mount)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup();
	real_ctl("cpu", "cpu,cpuacct");
	real_ctl("cpuacct", "cpu,cpuacct");
	test_sh("ln -s cpu,cpuacct cg/cpu && ln -s cpu,cpuacct cg/cpuacct");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	/* The mount's own name, never the symlinks. */
	CHECK(test_sh("test -f 'b/cgroup/cpu,cpuacct/" JOB3 "/cpu.stat' && "
	    "test -f 'b/cgroup/cpu,cpuacct/" JOB3 "/cpuacct.usage' && "
	    "test ! -e b/cgroup/cpu && test ! -e b/cgroup/cpuacct") == 0);
	/* No cpuset or devices mount: recorded, not a failure. */
	m = manifest();
	if (m != NULL && (it = manifest_find(m, "cgroup/cpuset/")) != NULL)
		CHECK(it->error && strncmp(it->error, "ENOENT: no cpuset "
		    "cgroup for job 3", 33) == 0);
	else
		test_fail(__FILE__, __LINE__, "no item cgroup/cpuset/");
	manifest_free(m);
}

DEFINE_TEST(test_cpudev_v2_files)
{
	const char	*j = "cgroup/system.slice/slurmstepd.scope/job_4";
	char		 b[256], f[512];

	setup();
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v2"), "",
	    "--job 4 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	for (size_t i = 0; i < 4; i++) {
		static const char *const v2[] = { "cpu.max", "cpu.stat",
		    "cpuset.cpus", "cpuset.cpus.effective" };

		snprintf(b, sizeof(b), "%s/step_0/%s", j, v2[i]);
		snprintf(f, sizeof(f), FIX "/cgroup-v2/%s", b + 7);
		check_same(b, f);
	}
	/* The real values: no quota, CPUs 0-1. */
	CHECK(test_sh("grep -qx 'max 100000' b/%s/cpu.max", j) == 0);
	CHECK(test_sh("grep -q '^nr_throttled 0$' b/%s/cpu.stat", j) == 0);
	/* No v1 controllers looked for on v2. */
	CHECK(test_sh("test ! -e b/cgroup/cpuset") == 0);
}

/* Start a sleeping child with a known environment, as uid 1001 when
 * root; its /proc entry is linked into ./proc and its pid added to the
 * job's cgroup.procs. Returns the pid. */
static long
child(const char *env)
{
	long	pid = 0;
	FILE	*f;

	test_sh("%s env -i %s sleep 30 >/dev/null 2>&1 & echo $! > pid",
	    geteuid() == 0 ? "setpriv --reuid=1001 --regid=1001 "
	    "--clear-groups" : "", env);
	if ((f = fopen("pid", "r")) != NULL) {
		if (fscanf(f, "%ld", &pid) != 1)
			pid = 0;
		fclose(f);
	}
	CHECK(pid > 0);
	test_sh("sleep 0.2; ln -s /proc/%ld proc/%ld && echo %ld >> "
	    "cg/memory/" JOB3 "/cgroup.procs", pid, pid, pid);
	return pid;
}

DEFINE_TEST(test_cpudev_job_env_and_procs)
{
	long	a, b, c;
	char	want[1024];
	char	*got;

	setup();
	a = child("OMP_NUM_THREADS=4 CUDA_VISIBLE_DEVICES=0,1 "
	    "SLURM_CPUS_PER_TASK=1 HF_TOKEN=hf_notreal FOO=bar "
	    "SLURM_JOB_GPUS=0,1");
	b = child("OMP_NUM_THREADS=4 CUDA_VISIBLE_DEVICES=0,1 "
	    "SLURM_CPUS_PER_TASK=1 HF_TOKEN=hf_notreal FOO=bar "
	    "SLURM_JOB_GPUS=0,1");
	c = child("ROCR_VISIBLE_DEVICES=1 GPU_DEVICE_ORDINAL=1 "
	    "SLURM_STEP_GPUS=1 HOME=/root");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	/* Allow-listed keys only, in order; the same environment once;
	 * 14962 is a fake /proc entry without environ. */
	snprintf(want, sizeof(want), "\n\npid=%ld\nOMP_NUM_THREADS=4\n"
	    "CUDA_VISIBLE_DEVICES=0,1\nSLURM_CPUS_PER_TASK=1\n"
	    "SLURM_JOB_GPUS=0,1\n\npid=%ld same_as=%ld\n\n"
	    "pid=%ld\nROCR_VISIBLE_DEVICES=1\nGPU_DEVICE_ORDINAL=1\n"
	    "SLURM_STEP_GPUS=1\n\npid=", a, b, a, c);
	got = slurp_here("b/host/job-env.txt");
	CHECK(got != NULL && strncmp(got, "pid=14962 error=ENOENT\n", 23)
	    == 0);
	if (got != NULL && strstr(got, want) == NULL)
		test_fail(__FILE__, __LINE__, "job-env.txt:\n%s\nlacks:\n%s",
		    got, want);
	CHECK(got != NULL && strstr(got, "hf_notreal") == NULL &&
	    strstr(got, "FOO=") == NULL && strstr(got, "HOME=") == NULL);
	free(got);
	/* procs.tsv: the new columns last, with the real child's values. */
	CHECK(test_sh("head -n 1 b/host/procs.tsv | grep -qx "
	    "'pid\tuid\tvmrss_kb\tcgroup\tcmdline\tas_limit\tdata_limit\t"
	    "threads\tcpus_allowed'")
	    == 0);
	CHECK(test_sh("grep -qx '14962\t1001\t3072\t/%s/step_batch/task_0\t"
	    "sh /var/lib/slurm/slurmd/job00003/slurm_script\t-\t-\t1\t0' "
	    "b/host/procs.tsv", JOB3) == 0);
	CHECK(test_sh("grep -qx \"%ld\t[0-9]*\t[0-9]*\t[^\t]*\tsleep 30\t"
	    "$(ulimit -S -v | sed 's/^[0-9][0-9]*$/[0-9]*/')\t"
	    "$(ulimit -S -d | sed 's/^[0-9][0-9]*$/[0-9]*/')\t1\t"
	    "$(sed -n 's/^Cpus_allowed_list:\t//p' /proc/%ld/status)\" "
	    "b/host/procs.tsv", a, a) == 0);
	test_sh("kill %ld %ld %ld", a, b, c);
}

/* Fake device nodes: readable, root-only, a symlink, a later number. */
static void
fake_devs(void)
{
	test_sh("chmod 755 dev && : > dev/nvidia0 && chmod 666 dev/nvidia0 && "
	    ": > dev/nvidia1 && chmod 600 dev/nvidia1 && : > dev/nvidia10 && "
	    "chmod 666 dev/nvidia10 && ln -s nvidia0 dev/nvidiactl && "
	    ": > dev/nvidia-uvm-tools && : > dev/nvidiafoo");
}

DEFINE_TEST(test_cpudev_dev_access)
{
	char	want[8192], *got;

	setup();
	fake_devs();
	real_ctl("devices", "devices");
	/* A bundle keeps no cgroup.procs of the devices controller: an
	 * empty one stands in for the kernel's. */
	test_sh(": > cg/devices/" JOB3 "/cgroup.procs");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	got = slurp_here("b/gpu/dev-access.txt");
	if (geteuid() != 0) {
		CHECK_EQ_STR(got, "method=skipped\nnote=not root: cannot join "
		    "the job's cgroup\n");
		free(got);
		return;
	}
	snprintf(want, sizeof(want), "method=child-in-cgroup\n"
	    "uid=1001 gid=1001 cgroup=devices/" JOB3 "\ncgroup_mode=v1 device_rules=devices.list\n"
	    "device=%s/dev/nvidia0 result=ok\n"
	    "device=%s/dev/nvidia1 result=EACCES\n"
	    "device=%s/dev/nvidia10 result=ok\n"
	    "device=%s/dev/nvidiactl result=ELOOP\n", cwd(), cwd(), cwd(),
	    cwd());
	CHECK_EQ_STR(got, want);
	free(got);
	/* The child joined the job's devices cgroup (here a plain file). */
	CHECK(test_sh("grep -Eqx '[0-9]+' cg/devices/" JOB3
	    "/cgroup.procs") == 0);
}

/* AMD: /dev/kfd (every ROCm process opens it) and one render node per
 * GPU under /dev/dri; the card nodes are not compute's. */
DEFINE_TEST(test_cpudev_dev_access_amd)
{
	char	want[8192], *got;

	setup();
	test_sh("chmod 755 dev && mkdir -p dev/dri && chmod 755 dev/dri && "
	    ": > dev/kfd && chmod 666 dev/kfd && : > dev/dri/renderD128 && "
	    "chmod 666 dev/dri/renderD128 && : > dev/dri/renderD129 && "
	    "chmod 600 dev/dri/renderD129 && : > dev/dri/card0 && "
	    "chmod 666 dev/dri/card0");
	real_ctl("devices", "devices");
	test_sh(": > cg/devices/" JOB3 "/cgroup.procs");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	got = slurp_here("b/gpu/dev-access.txt");
	if (geteuid() != 0) {
		CHECK_EQ_STR(got, "method=skipped\nnote=not root: cannot join "
		    "the job's cgroup\n");
		free(got);
		return;
	}
	snprintf(want, sizeof(want), "method=child-in-cgroup\n"
	    "uid=1001 gid=1001 cgroup=devices/" JOB3 "\ncgroup_mode=v1 "
	    "device_rules=devices.list\n"
	    "device=%s/dev/dri/renderD128 result=ok\n"
	    "device=%s/dev/dri/renderD129 result=EACCES\n"
	    "device=%s/dev/kfd result=ok\n", cwd(), cwd(), cwd());
	CHECK_EQ_STR(got, want);
	free(got);
}

DEFINE_TEST(test_cpudev_dev_access_skipped)
{
	char	*got;

	setup();
	/* No device nodes. */
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	got = slurp_here("b/gpu/dev-access.txt");
	CHECK(got != NULL && strncmp(got, "method=skipped\nnote=no ", 23)
	    == 0 && strstr(got, "/dev/dri/renderD* on this node\n") != NULL);
	free(got);
	/* The job's cgroups are gone (an Epilog). */
	fake_devs();
	test_sh("rm -rf cg/memory/slurm_vm && mkdir -p cg/devices out2");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out2"), 0);
	CHECK_EQ_INT(unpack(), 0);
	got = slurp_here("b/gpu/dev-access.txt");
	CHECK_EQ_STR(got, geteuid() != 0 ? "method=skipped\nnote=not root: "
	    "cannot join the job's cgroup\n" : "method=skipped\nnote=the "
	    "job has no cgroup on this node (it has ended, or has not "
	    "started)\n");
	free(got);
}

DEFINE_TEST(test_cpudev_slurm_confs)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup();
	test_sh("mkdir etc && cp '%s' etc/cgroup.conf && touch etc/slurm.conf",
	    src(REAL "/cluster/cgroup.conf"));
	CHECK_EQ_INT(collect("cg", "SLURM_CONF=$PWD/etc/slurm.conf",
	    "--job 3 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	check_same("slurm/cgroup.conf", REAL "/cluster/cgroup.conf");
	m = manifest();
	/* Missing gres.conf: an item with ENOENT, not a failure. */
	if (m != NULL && (it = manifest_find(m, "slurm/gres.conf")) != NULL)
		CHECK(it->error && strncmp(it->error, "ENOENT", 6) == 0 &&
		    it->sha256[0] == '\0');
	else
		test_fail(__FILE__, __LINE__, "no item slurm/gres.conf");
	manifest_free(m);
	/* No SLURM_CONF: the directory of scontrol's SLURM_CONF line. */
	test_sh("mkdir out2");
	CHECK_EQ_INT(collect("cg", "", "--job 3 --output out2"), 0);
	CHECK_EQ_INT(unpack(), 0);
	m = manifest();
	if (m != NULL && (it = manifest_find(m, "slurm/cgroup.conf")) != NULL)
		CHECK_EQ_STR(it->source, "/etc/slurm/cgroup.conf");
	else
		test_fail(__FILE__, __LINE__, "no item slurm/cgroup.conf");
	manifest_free(m);
}

DEFINE_TEST(test_cpudev_dev_access_v2)
{
	const char	*task = "system.slice/slurmstepd.scope/job_4/step_0/"
			    "user/task_0";
	char		 want[8192], *got;

	setup();
	fake_devs();
	/* The real v2 tree and its job process's /proc/<pid>/cgroup. */
	test_sh("cp -R '%s' cg2 && rm -rf cg2/proc && cp -R '%s' proc/",
	    src(FIX "/cgroup-v2"), src(FIX "/cgroup-v2/proc/49276"));
	CHECK_EQ_INT(collect("cg2", "", "--job 4 --output out"), 0);
	CHECK_EQ_INT(unpack(), 0);
	got = slurp_here("b/gpu/dev-access.txt");
	if (geteuid() != 0) {
		CHECK_EQ_STR(got, "method=skipped\nnote=not root: cannot join "
		    "the job's cgroup\n");
		free(got);
		return;
	}
	/* A leaf: v2 refuses processes in a cgroup with children. */
	snprintf(want, sizeof(want), "method=child-in-cgroup\n"
	    "uid=1001 gid=1001 cgroup=%s\ncgroup_mode=v2 device_rules=ebpf\n"
	    "device=%s/dev/nvidia0 result=ok\n"
	    "device=%s/dev/nvidia1 result=EACCES\n"
	    "device=%s/dev/nvidia10 result=ok\n"
	    "device=%s/dev/nvidiactl result=ELOOP\n", task, cwd(), cwd(),
	    cwd(), cwd());
	CHECK_EQ_STR(got, want);
	free(got);
	CHECK(test_sh("! cmp -s 'cg2/%s/cgroup.procs' '%s/%s/cgroup.procs'",
	    task, src(FIX "/cgroup-v2"), task) == 0);
}
