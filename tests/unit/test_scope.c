/*
 * test_scope: oomtrail-collect on a cluster (issue 16) against the fakes
 * on PATH (tests/fakes, replaying fixtures/collect): --scope node makes no
 * Slurm client call and takes the job's uid, logs and pids from the SPANK
 * markers and the Epilog's environment; --scope job waits for accounting
 * to be final; array tasks are named <array>_<task>; the Epilog skips
 * what it cannot answer; --if-incident decides from markers and real
 * kernel lines (fixtures/real/kernel); --keep/--keep-bytes prune, also
 * with collectors running at once; %j/%n in --output. Every Slurm client
 * call is logged (FAKE_CALLS, and spies for squeue, sstat, sinfo).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bundle.h"
#include "harness.h"
#include "internal.h"
#include "manifest.h"

#define FIX	"fixtures/collect"
#define KFIX	"fixtures/real/kernel"

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

static const char *const fakes[] = {
	"scontrol", "sacct", "nvidia-smi", "dmesg", "journalctl", NULL
};
static const char *const tools[] = {
	"sh", "cat", "sleep", "yes", "dirname", "mkdir", "chmod", "sed",
	"head", "rm", NULL
};

/* ./fakebin (fakes but those in missing, and spies for the Slurm
 * commands that have no fake), ./sysbin, ./proc, ./out, ./markers, and
 * the job's output file slurm-3.out readable by its user. */
static void
setup(const char *missing)
{
	test_sh("mkdir -p fakebin sysbin out proc/14962 markers && "
	    "chmod 755 . && sed -n 2,11p '%s' > proc/14962/cgroup && "
	    "cp /proc/meminfo proc/meminfo && "
	    "(umask 022; cp '%s' slurm-3.out)", src(FIX "/slurm-3.out"),
	    src(FIX "/slurm-3.out"));
	for (size_t i = 0; fakes[i] != NULL; i++)
		if (missing == NULL || strstr(missing, fakes[i]) == NULL)
			test_sh("ln -sf '%s/%s' fakebin/", src("tests/fakes/bin"),
			    fakes[i]);
	for (size_t i = 0; tools[i] != NULL; i++)
		test_sh("ln -sf \"$(command -v %s)\" sysbin/", tools[i]);
	test_sh("for c in squeue sstat sinfo sacctmgr; do printf '#!/bin/sh\\n"
	    "echo \"${0##*/} $*\" >> \"$FAKE_CALLS\"\\nexit 1\\n' > fakebin/$c; "
	    "chmod 755 fakebin/$c; done");
}

/* A marker for job, mode 0600 in a 0700 directory; its output is
 * slurm-<job>.out in the work directory. */
static void
marker(const char *job, const char *step, const char *extra)
{
	test_sh("mkdir -p markers/%s && chmod 700 markers/%s && "
	    "(umask 077; printf 'format=1\\njob=%s\\nstep=%s\\n"
	    "array_job_id=\\narray_task_id=\\nuid=1001\\nnode=vm\\n"
	    "start=%lld\\nend=%lld\\npids=14962\\nexit=0\\noom_kill=0\\n"
	    "stdout=%s/slurm-%s.out\\nstderr=%s/slurm-%s.out\\n%s' "
	    "> markers/%s/%s.step)", job, job, job, step,
	    (long long)time(NULL) - 600, (long long)time(NULL) - 5,
	    getcwd((char[1024]){ 0 }, 1024), job,
	    getcwd((char[1024]){ 0 }, 1024), job, extra, job, step);
}

/* Run the collector with env and args; kernel log kmsg ("" none). */
static int
collect(const char *env, const char *kmsg, const char *args)
{
	char	cwd[1024];

	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	return test_sh("env -i PATH='%s/fakebin:%s/sysbin' TZ=UTC LC_ALL=C "
	    "OOMTRAIL_FAKES='%s' OOMTRAIL_FAKE_FIXTURES='%s' "
	    "FAKE_CALLS='%s/calls' OOMTRAIL_MARKERS='%s/markers' "
	    "OOMTRAIL_CGROUP_ROOT='%s' OOMTRAIL_PROC_ROOT='%s/proc' "
	    "OOMTRAIL_KMSG=\"%s\" %s '%s' %s >stdout 2>stderr",
	    cwd, cwd, src("tests/fakes"), src(FIX), cwd, cwd,
	    src(FIX "/cgroup-v1"), cwd, *kmsg ? kmsg : "/nonexistent/kmsg",
	    env, bin(), args);
}

static char *
bundle_path(void)
{
	static char	line[4096];
	FILE		*f = fopen("stdout", "r");

	line[0] = '\0';
	if (f == NULL)
		return line;
	while (fgets(line, sizeof(line), f) != NULL)
		;
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/* The manifest of the bundle just written, read through the reader
 * (every member's hash checked). */
static struct manifest *
manifest_of(const char *path)
{
	struct bundle_reader	*r = NULL;
	struct bundle_member	 m;
	struct manifest		*copy = NULL;
	char			*json, b[65536];
	size_t			 n;

	if (bundle_reader_open(&r, path, NULL, NULL) != ERR_OK)
		return NULL;
	while (bundle_next(r, &m, NULL) == 1)
		while (bundle_read(r, b, sizeof(b), NULL) > 0)
			;
	CHECK_EQ_STR(integrity_name(bundle_integrity(r)),
	    integrity_name(INTEGRITY_VERIFIED));
	if (bundle_manifest(r) != NULL &&
	    manifest_to_json(bundle_manifest(r), &json, &n, NULL) == ERR_OK) {
		manifest_from_json(json, n, &copy, NULL);
		free(json);
	}
	bundle_reader_close(r);
	return copy;
}

static int
has(const struct manifest *m, const char *path)
{
	return m != NULL && manifest_find(m, path) != NULL;
}

#define SLURM_CMDS	"^(sacct|scontrol|squeue|sstat|sinfo|sacctmgr) "

/* How many logged calls match an extended regexp. */
static int
calls(const char *ere)
{
	return test_sh("exit $(grep -cE -- '%s' calls 2>/dev/null)", ere);
}

/* ---- --scope ---- */

DEFINE_TEST(test_scope_node_epilog_no_slurm_call)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	marker("3", "batch", "");
	marker("3", "extern", "");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURMD_NODENAME=vm "
	    "SLURM_CLUSTER_NAME=ci SLURM_SCRIPT_CONTEXT=epilog_slurmd "
	    "SLURM_JOB_UID=1001 SLURM_JOB_GID=1001 SLURM_JOB_USER=ciuser", "",
	    "--scope node --output out"), 0);
	CHECK(calls(SLURM_CMDS) == 0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci-3-") != NULL);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->scope : NULL, "node");
	CHECK_EQ_STR(m ? m->node : NULL, "vm");
	CHECK_EQ_STR(m ? m->job_id : NULL, "3");
	CHECK(has(m, "slurm/markers/batch.step"));
	CHECK(has(m, "slurm/markers/extern.step"));
	CHECK(has(m, "cgroup/memory/slurm_vm/uid_1001/job_3/step_batch/task_0/"
	    "memory.oom_control"));
	CHECK(has(m, "gpu/nvidia-smi.xml"));
	CHECK(has(m, "kernel/dmesg.txt"));
	/* The log path from the marker, read as the job's user. */
	if ((it = has(m, "logs/slurm-3.out") ? manifest_find(m,
	    "logs/slurm-3.out") : NULL) != NULL)
		CHECK(it->bytes > 100 && it->error == NULL);
	else
		CHECK(!"no logs/slurm-3.out");
	CHECK(!has(m, "slurm/sacct.txt") && !has(m, "slurm/scontrol-job.txt"));
	CHECK(!has(m, "slurm/scontrol-listpids.txt"));
	/* The marker's pid is the job's process. */
	CHECK(test_sh("tar --zstd -xOf '%s' host/procs.tsv | grep -q '^14962"
	    "\t'", bundle_path()) == 0);
	manifest_free(m);
}

DEFINE_TEST(test_scope_node_without_markers)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	/* No plugin, no uid in the environment: the cluster name from
	 * slurm.conf (made safe for the name), the logs from --log only,
	 * still no Slurm call. */
	test_sh("printf '# site\\nclustername=ci-conf\\n' > slurm.conf");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURM_CONF=$PWD/slurm.conf", "",
	    "--scope node --output out --log $PWD/slurm-3.out"), 0);
	CHECK(calls(SLURM_CMDS) == 0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci_conf-3-") != NULL);
	m = manifest_of(bundle_path());
	if ((it = m ? manifest_find(m, "slurm/markers/") : NULL) != NULL)
		CHECK(it->error && strncmp(it->error, "ENOENT", 6) == 0);
	else
		CHECK(!"no slurm/markers/ item");
	CHECK(has(m, "logs/slurm-3.out"));
	CHECK_EQ_STR(m ? m->node : NULL, NULL);
	manifest_free(m);
}

DEFINE_TEST(test_scope_job_waits_for_final_accounting)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	time_t				 t0 = time(NULL);

	setup(NULL);
	/* slurmdbd lags: sacct says RUNNING twice, then the final state. */
	CHECK_EQ_INT(collect("FAKE_SACCT=lag FAKE_SACCT_LAG=2 "
	    "FAKE_SACCT_LAG_STATE=RUNNING FAKE_SACCT_COUNTER=$PWD/n "
	    "SLURM_JOB_ID=3", "", "--scope job --output out --deadline 60"),
	    0);
	CHECK(time(NULL) - t0 >= 3 && time(NULL) - t0 < 30);
	CHECK_EQ_INT(calls("^sacct -j 3 --parsable2"), 3);
	CHECK_EQ_INT(calls("^sacct -j 3 --json"), 1);
	CHECK_EQ_INT(calls("^scontrol show job -dd 3$"), 1);
	CHECK_EQ_INT(calls("^scontrol show config$"), 1);
	CHECK_EQ_INT(calls("^scontrol show node vm$"), 1);
	CHECK_EQ_INT(calls("listpids|squeue|sstat|sinfo"), 0);
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/sacct.txt | grep -q "
	    "'^3|3|oom-live|.*|OUT_OF_MEMORY|'", bundle_path()) == 0);
	/* named for the job, not for the host it ran on */
	CHECK(strstr(bundle_path(), "/oomtrail-") != NULL &&
	    strstr(bundle_path(), "-3-job-") != NULL);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->scope : NULL, "job");
	CHECK_EQ_STR(m ? m->node : NULL, NULL);
	CHECK(!has(m, "kernel/dmesg.txt") && !has(m, "host/meminfo.txt"));
	CHECK(!has(m, "gpu/nvidia-smi.xml") && !has(m, "logs/slurm-3.out"));
	if ((it = m ? manifest_find(m, "slurm/scontrol-node.txt") : NULL) !=
	    NULL)
		CHECK_EQ_STR(it->source, "scontrol show node vm");
	manifest_free(m);
}

/* slurmdbd back after an outage: slurmctld replays its queue, the job's
 * row is final before its batch step's. The collector waits for both. */
DEFINE_TEST(test_scope_job_waits_for_final_steps)
{
	struct manifest	*m;

	setup(NULL);
	CHECK_EQ_INT(collect("FAKE_SACCT=lag FAKE_SACCT_LAG=2 "
	    "FAKE_SACCT_LAG_ROWS=steps FAKE_SACCT_LAG_STATE=RUNNING "
	    "FAKE_SACCT_COUNTER=$PWD/n SLURM_JOB_ID=3", "",
	    "--scope job --output out --deadline 60"), 0);
	CHECK_EQ_INT(calls("^sacct -j 3 --parsable2"), 3);
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/sacct.txt | grep -q "
	    "'^3\\.batch|3\\.batch|batch|.*|OUT_OF_MEMORY|'",
	    bundle_path()) == 0);
	m = manifest_of(bundle_path());
	CHECK(m != NULL && manifest_find(m, "slurm/sacct.txt") != NULL &&
	    manifest_find(m, "slurm/sacct.txt")->error == NULL);
	manifest_free(m);
}

/* The step's row never final: bounded by --deadline, the step named. */
DEFINE_TEST(test_scope_job_steps_never_final)
{
	struct manifest	*m;

	setup(NULL);
	CHECK_EQ_INT(collect("FAKE_SACCT=lag FAKE_SACCT_LAG=1000 "
	    "FAKE_SACCT_LAG_ROWS=steps FAKE_SACCT_LAG_STATE=RUNNING "
	    "FAKE_SACCT_COUNTER=$PWD/n SLURM_JOB_ID=3", "",
	    "--scope job --output out --deadline 24"), 3);
	CHECK(calls("^sacct -j 3 --parsable2") >= 2);
	m = manifest_of(bundle_path());
	CHECK(m != NULL && manifest_find(m, "slurm/sacct.txt") != NULL &&
	    manifest_find(m, "slurm/sacct.txt")->error != NULL &&
	    strstr(manifest_find(m, "slurm/sacct.txt")->error,
	    "step 3.batch RUNNING") != NULL);
	manifest_free(m);
}

/* At EpilogSlurmctld time the job is COMPLETING and its steps are gone:
 * scontrol show step says "not found", which is not a failed source. */
DEFINE_TEST(test_scope_job_steps_gone)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	CHECK_EQ_INT(collect("FAKE_JOB_ENDED=1 SLURM_JOB_ID=3 "
	    "SLURM_SCRIPT_CONTEXT=epilog_slurmctld", "",
	    "--scope job --output out --deadline 60"), 0);
	CHECK_EQ_INT(calls("^scontrol show step 3$"), 1);
	CHECK(test_sh("grep -q 'scontrol-step' stderr") != 0);
	m = manifest_of(bundle_path());
	if ((it = m ? manifest_find(m, "slurm/scontrol-step.txt") : NULL) !=
	    NULL) {
		CHECK_EQ_INT(it->exit_status, 1);
		CHECK(it->error != NULL && strstr(it->error, "not applicable: "
		    "the job is no longer running (JobState=COMPLETING)") !=
		    NULL && strstr(it->error, "Job step 3. not found") != NULL);
	} else
		CHECK(!"no slurm/scontrol-step.txt");
	manifest_free(m);

	/* while the job runs, a step query that fails is a failed source */
	setup(NULL);
	CHECK_EQ_INT(collect("FAKE_STEP_FAIL=1 SLURM_JOB_ID=3", "",
	    "--scope job --output out2 --deadline 60"), 3);
	m = manifest_of(bundle_path());
	it = m ? manifest_find(m, "slurm/scontrol-step.txt") : NULL;
	CHECK(it != NULL && it->error != NULL && strcmp(it->error,
	    "exit status 1: slurm_load_steps error: Unexpected message "
	    "received") == 0);
	manifest_free(m);
}

DEFINE_TEST(test_scope_job_accounting_never_final)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	time_t				 t0 = time(NULL);

	setup(NULL);
	CHECK_EQ_INT(collect("FAKE_SACCT=lag FAKE_SACCT_LAG=1000 "
	    "FAKE_SACCT_LAG_STATE=RUNNING FAKE_SACCT_COUNTER=$PWD/n "
	    "SLURM_JOB_ID=3", "", "--scope job --output out --deadline 24"),
	    3);
	CHECK(time(NULL) - t0 <= 24);
	CHECK(calls("^sacct -j 3 --parsable2") >= 2);
	m = manifest_of(bundle_path());
	if ((it = m ? manifest_find(m, "slurm/sacct.txt") : NULL) != NULL)
		CHECK(it->error && strstr(it->error, "not final") != NULL &&
		    strstr(it->error, "RUNNING") != NULL);
	else
		CHECK(!"no slurm/sacct.txt");
	CHECK(test_sh("grep -q 'slurm/sacct.txt: accounting not final' "
	    "stderr") == 0);
	manifest_free(m);
}

DEFINE_TEST(test_scope_epilog_skips_what_it_lacks)
{
	struct manifest	*m;

	setup(NULL);
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURMD_NODENAME=vm "
	    "SLURM_SCRIPT_CONTEXT=epilog_slurmd", "", "--output out"), 0);
	CHECK_EQ_INT(calls("listpids|show step"), 0);
	CHECK_EQ_INT(calls("^scontrol show job -dd 3$"), 1);
	m = manifest_of(bundle_path());
	CHECK(!has(m, "slurm/scontrol-listpids.txt"));
	CHECK(!has(m, "slurm/scontrol-step.txt"));
	CHECK(has(m, "slurm/sacct.txt") && has(m, "cgroup/memory/slurm_vm/"
	    "uid_1001/job_3/memory.limit_in_bytes"));
	CHECK_EQ_STR(m ? m->scope : NULL, "all");
	manifest_free(m);
	/* Outside the Epilog both still run. */
	test_sh("rm -rf out/* calls");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3", "", "--output out"), 0);
	CHECK_EQ_INT(calls("^scontrol listpids 3$"), 1);
	CHECK_EQ_INT(calls("^scontrol show step 3$"), 1);
}

/* ---- arrays ---- */

DEFINE_TEST(test_scope_array_task_keeping_the_array_id)
{
	struct manifest	*m;

	setup(NULL);
	/* Task 2 was the last to start: it kept the array's id, 7. */
	CHECK_EQ_INT(collect("FAKE_ARRAY='7 0 1 2' SLURM_JOB_ID=7 "
	    "SLURM_ARRAY_JOB_ID=7 SLURM_ARRAY_TASK_ID=2", "",
	    "--scope job --output out"), 0);
	CHECK_EQ_INT(calls("^scontrol show job -dd 7_2$"), 1);
	CHECK_EQ_INT(calls("^sacct -j 7_2 "), 2);
	CHECK_EQ_INT(calls("^(sacct -j|scontrol show job -dd) 7( |$)"), 0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci-7_2-") != NULL);
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/scontrol-job.txt | grep -c "
	    "'^JobId=' | grep -qx 1", bundle_path()) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/sacct.txt | cut -d'|' -f1 | "
	    "sed 1d | sort -u | tr '\\n' ' ' | grep -qx '7_2 7_2.batch '",
	    bundle_path()) == 0);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->job_id : NULL, "7");
	CHECK_EQ_STR(m ? m->array_job_id : NULL, "7");
	CHECK_EQ_STR(m ? m->array_task_id : NULL, "2");
	manifest_free(m);
}

DEFINE_TEST(test_scope_array_found_from_scontrol)
{
	struct manifest	*m;

	setup(NULL);
	/* --job 7 by hand, no array environment: scontrol's own record of 7
	 * says it is task 2; asked again by that name, one record kept. */
	CHECK_EQ_INT(collect("FAKE_ARRAY='7 0 1 2'", "",
	    "--job 7 --output out"), 0);
	CHECK_EQ_INT(calls("^scontrol show job -dd 7$"), 1);
	CHECK_EQ_INT(calls("^scontrol show job -dd 7_2$"), 1);
	CHECK_EQ_INT(calls("^sacct -j 7 "), 0);
	CHECK_EQ_INT(calls("^scontrol listpids 7$"), 1);
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/scontrol-job.txt | grep "
	    "'^JobId=' | grep -qx 'JobId=7 ArrayJobId=7 ArrayTaskId=2 "
	    "JobName=oom-live'", bundle_path()) == 0);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->array_task_id : NULL, "2");
	manifest_free(m);
	/* --job 7_1: its own id (9) from scontrol's record. */
	test_sh("rm -rf out/* calls");
	CHECK_EQ_INT(collect("FAKE_ARRAY='7 0 1 2'", "",
	    "--job 7_1 --output out --scope job"), 0);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->job_id : NULL, "9");
	CHECK_EQ_STR(m ? m->array_job_id : NULL, "7");
	CHECK_EQ_INT(calls("^scontrol show job -dd 7_1$"), 1);
	manifest_free(m);
}

DEFINE_TEST(test_scope_array_node_from_markers)
{
	struct manifest	*m;

	setup(NULL);
	/* The node knows the task by its own id (3 here: the fake cgroup
	 * tree's job) and the markers say which array task it is. */
	marker("3", "batch", "");
	test_sh("sed -i 's/^array_job_id=$/array_job_id=5/; "
	    "s/^array_task_id=$/array_task_id=4/' markers/3/batch.step");
	CHECK_EQ_INT(collect("SLURMD_NODENAME=vm SLURM_CLUSTER_NAME=ci", "",
	    "--job 5_4 --scope node --output 'out/%j/%n'"), 0);
	CHECK(calls(SLURM_CMDS) == 0);
	CHECK(strstr(bundle_path(), "/out/5_4/vm/oomtrail-ci-5_4-") != NULL);
	CHECK(test_sh("test \"$(stat -c %%a out/5_4)\" = 700") == 0);
	m = manifest_of(bundle_path());
	CHECK_EQ_STR(m ? m->job_id : NULL, "3");
	CHECK_EQ_STR(m ? m->array_job_id : NULL, "5");
	CHECK_EQ_STR(m ? m->array_task_id : NULL, "4");
	CHECK(has(m, "cgroup/memory/slurm_vm/uid_1001/job_3/"
	    "memory.limit_in_bytes"));
	manifest_free(m);
}

DEFINE_TEST(test_scope_output_env_pattern)
{
	setup(NULL);
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURMD_NODENAME=n01 "
	    "OOMTRAIL_OUTPUT='out/job-%j/../%n'", "", "--scope node"), 0);
	/* ".." in the pattern is the admin's; a value cannot add parts. */
	CHECK(strstr(bundle_path(), "/out/n01/oomtrail-") != NULL);
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURMD_NODENAME=../../etc", "",
	    "--scope node --output 'out/%n'"), 0);
	CHECK(strstr(bundle_path(), "/out/.._.._etc/oomtrail-") != NULL);
}

/* ---- --if-incident ---- */

/* A /dev/kmsg stand-in: each line of file (real kernel lines, their own
 * stamp cut) as a record stamped ago_s seconds before now. */
static void
kmsg_from(const char *file, const char *sed_select, int ago_s, const char *to)
{
	struct timespec	ts;
	long long	us;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	us = (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000 -
	    (long long)ago_s * 1000000;
	CHECK(test_sh("sed -n '%s' '%s' | sed 's/^.*\\] //; "
	    "s/^/6,1,%lld,-;/' >> %s", sed_select, file, us, to) == 0);
}

DEFINE_TEST(test_if_incident_kernel_oom_of_the_job)
{
	char	dm[1024];

	setup(NULL);
	snprintf(dm, sizeof(dm), "%s", src(KFIX "/cgroup-v1-dmesg.txt"));
	/* Four real memcg OOM reports (jobs 2, 4, 3, 8): job 3's is named
	 * by its cgroup, whenever the job started. */
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURM_CLUSTER_NAME=ci", dm,
	    "--scope node --if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: kernel OOM kill in the job.s cgroup "
	    "/slurm_vm/uid_1001/job_3/step_batch/task_0 (S-KERNEL-OOM-SUMMARY"
	    ", kernel log line 246)' stderr") == 0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci-3-") != NULL);
	CHECK(calls(SLURM_CMDS) == 0);
	/* Job 5 had no report (nor job 30: job_3 is not job_30). */
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", dm,
	    "--scope node --if-incident --output out"), 0);
	CHECK(test_sh("test ! -s stdout && test -z \"$(ls out)\"") == 0);
	CHECK(test_sh("grep -q 'no incident, no bundle: 0 markers, none "
	    "failed; no OOM kill' stderr") == 0);
	CHECK_EQ_INT(collect("SLURM_JOB_ID=30", dm,
	    "--scope node --if-incident --output out"), 0);
	CHECK(test_sh("test -z \"$(ls out)\"") == 0);
}

DEFINE_TEST(test_if_incident_markers)
{
	setup(NULL);
	test_sh("touch empty.kmsg");
	marker("5", "batch", "");
	marker("5", "0", "");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident, no bundle: 2 markers, none "
	    "failed' stderr && test -z \"$(ls out)\"") == 0);
	/* A signalled task. */
	test_sh("sed -i 's/^exit=0$/exit=0 sig9/' markers/5/0.step");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: step 0: tasks ended \"0 sig9\"' "
	    "stderr && ls out/*.tar.zst") == 0);
	/* An OOM kill counted in the step's cgroup, exits all 0. */
	test_sh("rm -rf out/*; sed -i 's/^exit=.*/exit=0/; "
	    "s/^oom_kill=0$/oom_kill=1/' markers/5/batch.step "
	    "markers/5/0.step");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: step 0: oom_kill 1' stderr") == 0);
	/* A marker anyone may write is not believed (root only). */
	if (geteuid() == 0) {
		test_sh("rm -rf out/*; chmod 622 markers/5/0.step "
		    "markers/5/batch.step");
		CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/empty.kmsg",
		    "--if-incident --output out"), 0);
		CHECK(test_sh("grep -q 'no incident' stderr") == 0);
	}
}

/* A job whose only trace is its output: srun could not create a step,
 * the job still ended COMPLETED 0:0 (real Slurm 24.11 output). The paths
 * come from the Epilog's SLURM_JOB_STDOUT / SLURM_JOB_STDERR patterns. */
DEFINE_TEST(test_if_incident_job_output)
{
	setup(NULL);
	test_sh("touch empty.kmsg && mkdir -p w && cp '%s' '%s' w/",
	    src("fixtures/real/slurm-24.11/step-toobig/slurm-6.err"),
	    src("fixtures/real/slurm-24.11/ok/slurm-2.out"));
	CHECK_EQ_INT(collect("SLURM_JOB_ID=6 SLURM_JOB_WORK_DIR=$PWD/w "
	    "SLURM_JOB_STDOUT=slurm-%j.out SLURM_JOB_STDERR=$PWD/w/slurm-%j.err",
	    "$PWD/empty.kmsg", "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q \"incident: the job's output .*/w/slurm-6.err: "
	    "S-STEP-CREATE-FAIL: Unable to create step for job 6\" "
	    "stderr && ls out/*.tar.zst") == 0);
	/* A job whose output says nothing of the kind: no bundle. */
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=2 SLURM_JOB_WORK_DIR=$PWD/w "
	    "SLURM_JOB_STDOUT=slurm-%j.out SLURM_JOB_STDERR=$PWD/w/slurm-%j.err",
	    "$PWD/empty.kmsg", "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident' stderr && test -z \"$(ls out)\"")
	    == 0);
	/* sbatch's default output: no SLURM_JOB_STDOUT in the Epilog's
	 * environment, slurm-<job>.out in the working directory. */
	test_sh("rm -rf out/*; mkdir -p d && cp w/slurm-6.err d/slurm-8.out");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=8 SLURM_JOB_WORK_DIR=$PWD/d",
	    "$PWD/empty.kmsg", "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q \"incident: the job's output .*/d/slurm-8.out: "
	    "S-STEP-CREATE-FAIL\" stderr && ls out/*.tar.zst") == 0);
	test_sh("rm -rf out/*");
	/* A link in the final component is not followed. */
	test_sh("ln -s slurm-6.err w/slurm-7.err");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=7 "
	    "SLURM_JOB_STDERR=$PWD/w/slurm-%j.err", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident' stderr && test -z \"$(ls out)\"")
	    == 0);
}

DEFINE_TEST(test_if_incident_window)
{
	char	xid[1024], oom[1024];

	setup(NULL);
	snprintf(xid, sizeof(xid), "%s", src(KFIX "/examples-xid.txt"));
	snprintf(oom, sizeof(oom), "%s", src(KFIX "/examples-kernel_oom.txt"));
	/* A real Xid 79 line, 30 s ago; the job started 600 s ago. */
	kmsg_from(xid, "/Xid (PCI:0000:05:00): 79/p", 30, "xid.kmsg");
	marker("5", "batch", "");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/xid.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: GPU fault since the job started "
	    "(S-XID, kernel log line 1: NVRM: Xid (PCI:0000:05:00): 79' "
	    "stderr") == 0);
	/* The same line before the job started: not this job's. */
	test_sh("rm -rf out/* markers/5 && : > xid.kmsg");
	kmsg_from(xid, "/Xid (PCI:0000:05:00): 79/p", 900, "xid.kmsg");
	marker("5", "batch", "");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/xid.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident' stderr && test -z \"$(ls out)\"")
	    == 0);
	/* Without markers, SLURM_JOB_START_TIME bounds the window. */
	test_sh("rm -rf markers/5");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5 SLURM_JOB_START_TIME=$(($(date "
	    "+%s) - 60))", "$PWD/xid.kmsg", "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident.*SLURM_JOB_START_TIME' stderr")
	    == 0);
	/* A global OOM kill of one of the job's pids (line 11 of the real
	 * examples: a 5.x kernel's "Out of memory: Killed process 15784"). */
	kmsg_from(oom, "11p", 10, "oom.kmsg");
	marker("5", "batch", "");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/oom.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident' stderr") == 0);
	test_sh("sed -i 's/^pids=.*/pids=15780 15784/' markers/5/batch.step");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "$PWD/oom.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: kernel OOM kill of the job.s pid "
	    "15784 (S-KERNEL-OOM-KILLED' stderr") == 0);
}

DEFINE_TEST(test_if_incident_unreadable_and_usage)
{
	setup("dmesg");
	/* No kernel log at all: nothing can be ruled out. */
	collect("SLURM_JOB_ID=5", "", "--if-incident --output out");
	CHECK(test_sh("grep -q 'incident: the kernel log could not be read' "
	    "stderr && ls out/*.tar.zst") == 0);
	CHECK_EQ_INT(collect("", "", "--if-incident --output out"), 2);
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "",
	    "--if-incident --scope job"), 2);
	CHECK_EQ_INT(collect("", "", "--scope nodes"), 2);
	CHECK_EQ_INT(collect("", "", "--keep 0"), 2);
	CHECK_EQ_INT(collect("", "", "--keep-bytes 12Q"), 2);
}

/* ---- marker parsing ---- */

DEFINE_TEST(test_marker_parse)
{
	static const char	good[] = "format=1\njob=12\nstep=batch\n"
				    "array_job_id=10\narray_task_id=2\n"
				    "uid=1001\nnode=gpu01\nstart=1796025301\n"
				    "end=1796025399\npids=4242 4243\n"
				    "exit=0 137\noom_kill=-1\nfuture=x\n"
				    "stdout=/home/u/slurm-10_2.out\nstderr=\n";
	static const char	bad[] = "format=1\njob=12\nstep=0\n"
				    "pids=1 two 3\nexit=0 sigX\nno equals\n"
				    "=empty\nuid=-5\nstdout=relative/path\n"
				    "oom_kill=2\n";
	struct marker		m;

	marker_parse(good, sizeof(good) - 1, &m);
	CHECK_EQ_INT(m.invalid, 0);
	CHECK_EQ_INT(m.nbad, 0);
	CHECK_EQ_STR(m.job, "12");
	CHECK_EQ_STR(m.step, "batch");
	CHECK_EQ_STR(m.array_job, "10");
	CHECK_EQ_STR(m.array_task, "2");
	CHECK_EQ_INT(m.uid, 1001);
	CHECK_EQ_INT(m.start, 1796025301);
	CHECK_EQ_INT(m.npids, 2);
	CHECK_EQ_INT(m.pids[1], 4243);
	CHECK_EQ_INT(m.failed, 1);
	CHECK_EQ_INT(m.oom_kill, -1);
	CHECK_EQ_STR(m.stdout_path, "/home/u/slurm-10_2.out");
	CHECK_EQ_STR(m.stderr_path, "");
	marker_parse(bad, sizeof(bad) - 1, &m);
	CHECK_EQ_INT(m.invalid, 0);
	CHECK_EQ_INT(m.nbad, 6);
	CHECK_EQ_INT(m.bad_line, 4);
	CHECK_EQ_INT(m.oom_kill, 2);
	CHECK_EQ_INT(m.uid, -1);
	CHECK_EQ_STR(m.stdout_path, "");
	marker_parse("job=1\nstep=batch\n", 17, &m);
	CHECK_EQ_INT(m.invalid, 1);
	marker_parse("format=1\njob=1\nstep=../x\n", 25, &m);
	CHECK_EQ_INT(m.invalid, 1);
	marker_parse("format=1\0job=1\nstep=batch\n", 26, &m);
	CHECK_EQ_INT(m.invalid, 1);
}

/* Slurm's NO_VAL and INFINITE in the array ids: no array task (an srun
 * step of a job that is no array, on 22.05 and 24.11). */
DEFINE_TEST(test_marker_array_no_val)
{
	static const char	*const none[] = {
		"array_job_id=46148475\narray_task_id=4294967294\n",
		"array_job_id=46148475\narray_task_id=4294967295\n",
		"array_job_id=4294967294\narray_task_id=3\n",
		"array_job_id=4294967295\narray_task_id=3\n",
		"array_job_id=0\narray_task_id=3\n",
		"array_job_id=46148475\narray_task_id=\n",
		"array_job_id=\narray_task_id=3\n",
		"array_job_id=46148475\narray_task_id=99999999999\n",
		NULL
	};
	char			 buf[256];
	struct marker		 m;
	int			 n;

	for (size_t i = 0; none[i] != NULL; i++) {
		n = snprintf(buf, sizeof(buf), "format=1\njob=46148475\n"
		    "step=0\n%s", none[i]);
		marker_parse(buf, (size_t)n, &m);
		CHECK_EQ_INT(m.invalid, 0);
		CHECK_EQ_INT(m.nbad, 0);
		CHECK_EQ_STR(m.array_job, "");
		CHECK_EQ_STR(m.array_task, "");
	}
	/* task 0 and the largest real ids are array tasks */
	n = snprintf(buf, sizeof(buf), "format=1\njob=46148475\nstep=0\n"
	    "array_job_id=4294967293\narray_task_id=0\n");
	marker_parse(buf, (size_t)n, &m);
	CHECK_EQ_STR(m.array_job, "4294967293");
	CHECK_EQ_STR(m.array_task, "0");
}

DEFINE_TEST(test_markers_read_hostile)
{
	struct markers	*ms = calloc(1, sizeof(*ms));

	if (ms == NULL)
		return;
	test_sh("mkdir -p m/4 && cd m/4 && printf 'format=1\\njob=4\\nstep=0\\n"
	    "exit=0\\n' > 0.step && printf 'format=1\\njob=5\\nstep=1\\n' > "
	    "1.step && printf 'format=1\\njob=4\\nstep=batch\\n' > 2.step && "
	    "yes a | head -c 5000 > extern.step && "
	    "ln -s 0.step 3.step && mkfifo 4.step && touch notes.txt");
	CHECK_EQ_INT(markers_read("m", "4", ms), ERR_OK);
	CHECK_EQ_INT(ms->n, 1);
	CHECK_EQ_STR(ms->v[0].step, "0");
	CHECK(strstr(ms->notes, "1.step: not a format 1 marker") != NULL);
	CHECK(strstr(ms->notes, "2.step: not a format 1 marker") != NULL);
	CHECK(strstr(ms->notes, "extern.step: not a regular file of at most "
	    "4096") != NULL);
	CHECK(strstr(ms->notes, "3.step: ") != NULL);
	CHECK(strstr(ms->notes, "4.step: not a regular file") != NULL);
	CHECK(strstr(ms->notes, "notes.txt") == NULL);
	CHECK_EQ_INT(markers_read("m", "../m/4", ms), ERR_OK);
	CHECK_EQ_INT(ms->n, 0);
	CHECK_EQ_INT(markers_read("m", "9", ms), ERR_OK);
	CHECK(ms->missing != 0);
	free(ms);
}

/* ---- --keep, --keep-bytes ---- */

static int
count(const char *glob)
{
	return test_sh("exit $(ls -d %s 2>/dev/null | wc -l)", glob);
}

DEFINE_TEST(test_keep_prunes_oldest_only)
{
	setup(NULL);
	/* Five old bundles of 1 MiB (oldest first), one map, a bundle being
	 * written by another collector, a link and a file not ours. */
	test_sh("cd out && for d in 20250101 20250102 20250103 20250104 "
	    "20250105; do head -c 1048576 /dev/zero > "
	    "oomtrail-ci-1-vm-${d}T000000Z.tar.zst; done && "
	    "echo map > oomtrail-ci-1-vm-20250101T000000Z.tar.zst.map.json && "
	    "echo busy > .oomtrail-ci-2-vm-20240101T000000Z.tar.zst.tmp.abc && "
	    "ln -s /etc/passwd oomtrail-ci-1-vm-20240101T000000Z.tar.zst && "
	    "echo keep > oomtrail-notes.txt && "
	    "touch -d 2020-01-01 oomtrail-ci-1-vm-20250105T000000Z.tar.zst");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3", "", "--scope node --output out "
	    "--keep 3"), 0);
	CHECK(test_sh("grep -q 'pruned 3 old bundles' stderr") == 0);
	/* Age is the name's time, not mtime: 0105 stays. */
	CHECK_EQ_INT(count("out/oomtrail-*-2025010[45]T*.tar.zst"), 2);
	CHECK_EQ_INT(count("out/oomtrail-*-2025010[123]T*"), 0);
	CHECK_EQ_INT(count("out/.oomtrail-*.tmp.abc"), 1);
	CHECK_EQ_INT(count("out/oomtrail-notes.txt"), 1);
	CHECK(test_sh("test -L out/oomtrail-ci-1-vm-20240101T000000Z.tar.zst")
	    == 0);
	CHECK(test_sh("test -f '%s'", bundle_path()) == 0);
	/* Bytes: the new bundle (small) and one 1 MiB bundle fit 1.5M. */
	CHECK_EQ_INT(collect("SLURM_JOB_ID=4", "", "--scope node --output out "
	    "--keep-bytes 1.5M"), 0);
	CHECK_EQ_INT(count("out/oomtrail-*-2025010[45]T*.tar.zst"), 1);
	CHECK_EQ_INT(count("out/oomtrail-ci-1-vm-20250105T000000Z.tar.zst"),
	    1);
	/* Never the one just written, even over the budget. */
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5", "", "--scope node --output out "
	    "--keep-bytes 1"), 0);
	CHECK_EQ_INT(count("out/oomtrail-*.tar.zst"), 2);	/* + the link */
	CHECK(test_sh("test -f '%s'", bundle_path()) == 0);
}

DEFINE_TEST(test_keep_concurrent_collectors)
{
	setup(NULL);
	test_sh("cd out && for d in 01 02 03 04 05 06; do head -c 1000 "
	    "/dev/zero > oomtrail-ci-1-vm-202501${d}T000000Z.tar.zst; done");
	/* Eight collectors at once into one directory, each keeping 3. */
	CHECK_EQ_INT(test_sh("for j in 11 12 13 14 15 16 17 18; do "
	    "env -i PATH=$PWD/fakebin:$PWD/sysbin OOMTRAIL_FAKES='%s' "
	    "OOMTRAIL_FAKE_FIXTURES='%s' OOMTRAIL_CGROUP_ROOT='%s' "
	    "OOMTRAIL_MARKERS=$PWD/markers SLURM_JOB_ID=$j '%s' --scope node "
	    "--output out --keep 3 >stdout.$j 2>stderr.$j & done; wait",
	    src("tests/fakes"), src(FIX), src(FIX "/cgroup-v1"), bin()), 0);
	CHECK_EQ_INT(count("out/oomtrail-*.tar.zst"), 3);
	CHECK_EQ_INT(count("out/oomtrail-ci-1-*"), 0);
	CHECK_EQ_INT(count("out/.oomtrail*"), 0);
	CHECK(test_sh("grep -q 'not pruned' stderr.*") != 0);
}

/* The trap, the SPANK plugin and the Epilog of one job on one host may
 * finish in the same second: four collectors of job 3 at once into one
 * directory all keep their bundle (a name taken gets .2, .3 ...). */
DEFINE_TEST(test_same_job_same_second)
{
	setup(NULL);
	CHECK_EQ_INT(test_sh("for i in 1 2 3 4; do "
	    "env -i PATH=$PWD/fakebin:$PWD/sysbin OOMTRAIL_FAKES='%s' "
	    "OOMTRAIL_FAKE_FIXTURES='%s' OOMTRAIL_CGROUP_ROOT='%s' "
	    "OOMTRAIL_MARKERS=$PWD/markers SLURM_JOB_ID=3 '%s' --scope node "
	    "--output out >stdout.$i 2>stderr.$i & done; wait",
	    src("tests/fakes"), src(FIX), src(FIX "/cgroup-v1"), bin()), 0);
	CHECK_EQ_INT(count("out/oomtrail-*-3-*.tar.zst"), 4);
	CHECK(test_sh("grep -l 'File exists' stderr.*") != 0);
	CHECK(test_sh("for i in 1 2 3 4; do test -s \"$(tail -n 1 "
	    "stdout.$i)\" || exit 1; done") == 0);
}

DEFINE_TEST(test_prune_names)
{
	CHECK(prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z.tar.zst"));
	CHECK(prune_is_bundle("oomtrail-nocluster-7_2-host-a1b2c3d4-"
	    "20261130T065940Z.tar.zst"));
	CHECK(!prune_is_bundle(".oomtrail-ci-3-vm-20261130T065940Z.tar.zst."
	    "tmp.Ab12Cd"));
	CHECK(!prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z.tar.zst."
	    "map.json"));
	CHECK(!prune_is_bundle("oomtrail-watch-3-vm.series"));
	CHECK(!prune_is_bundle("oomtrail-ci-3-vm-2026113XT065940Z.tar.zst"));
	/* a name a peer had taken gets .N (bundle_write.c) */
	CHECK(prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z.2.tar.zst"));
	CHECK(prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z.99.tar.zst"));
	CHECK(!prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z.100.tar.zst"));
	CHECK(!prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z..tar.zst"));
	CHECK(!prune_is_bundle("oomtrail-ci-3-vm-20261130T065940Z2.tar.zst"));
	CHECK(!prune_is_bundle("other-ci-3-vm-20261130T065940Z.tar.zst"));
	CHECK(!prune_is_bundle("oomtrail-20261130T065940Z.tar.zst"));
}

/* ---- the Epilog's environment (as captured on the real cluster) ---- */

DEFINE_TEST(test_iopath_patterns)
{
	struct iopath_ctx	x = { "46147504", "", "", "oomtrailci",
				    "envfail.sbatch", "vm",
				    "/var/tmp/oomtrail-integ/jobs" };
	char			out[256];

	CHECK_EQ_INT(iopath_expand("/var/tmp/oomtrail-integ/jobs/envfail-%j"
	    ".err", &x, out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "/var/tmp/oomtrail-integ/jobs/envfail-46147504.err");
	CHECK_EQ_INT(iopath_expand("slurm-%j.out", &x, out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "/var/tmp/oomtrail-integ/jobs/slurm-46147504.out");
	CHECK_EQ_INT(iopath_expand("/l/%x-%u-%N-%10j-%%-%J-%s-%A-%a", &x, out,
	    sizeof(out)), 0);
	CHECK_EQ_STR(out, "/l/envfail.sbatch-oomtrailci-vm-0046147504-%-"
	    "46147504.batch-batch-46147504-4294967294");
	x.job = "46147523";
	x.array_job = "46147520";
	x.array_task = "2";
	CHECK_EQ_INT(iopath_expand("/j/envarr-%A_%a.out", &x, out,
	    sizeof(out)), 0);
	CHECK_EQ_STR(out, "/j/envarr-46147520_2.out");
	CHECK_EQ_INT(iopath_expand("/j/\\%j.out", &x, out, sizeof(out)), 0);
	CHECK_EQ_STR(out, "/j/\\%j.out");
	/* Unknown: no name, no working directory, too small. */
	x.name = NULL;
	CHECK_EQ_INT(iopath_expand("/j/%x.out", &x, out, sizeof(out)), -1);
	CHECK_EQ_STR(out, "");
	x.workdir = NULL;
	CHECK_EQ_INT(iopath_expand("rel.out", &x, out, sizeof(out)), -1);
	CHECK_EQ_INT(iopath_expand("/j/%j.out", &x, out, 8), -1);
	CHECK_EQ_INT(iopath_expand("/j/%4", &x, out, sizeof(out)), -1);
}

DEFINE_TEST(test_scope_node_log_from_epilog_pattern)
{
	struct manifest	*m;

	setup(NULL);
	test_sh("(umask 022; mkdir -p jobs && cp slurm-3.out "
	    "jobs/envfail-3.out && echo err-line > jobs/envfail-3.err && "
	    "cp slurm-3.out jobs/slurm-3.out)");
	/* As 22.05's Epilog: patterns unexpanded, relative to the work dir. */
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURMD_NODENAME=vm "
	    "SLURM_SCRIPT_CONTEXT=epilog_slurmd SLURM_JOB_UID=1001 "
	    "SLURM_JOB_GID=1001 SLURM_JOB_WORK_DIR=$PWD/jobs "
	    "SLURM_JOB_STDOUT=$PWD/jobs/envfail-%j.out "
	    "SLURM_JOB_STDERR=envfail-%j.err", "", "--scope node --output out"),
	    0);
	m = manifest_of(bundle_path());
	CHECK(has(m, "logs/envfail-3.out") && has(m, "logs/envfail-3.err"));
	manifest_free(m);
	/* sbatch's default output: no SLURM_JOB_STDOUT at all. */
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=3 SLURM_JOB_UID=1001 "
	    "SLURM_JOB_WORK_DIR=$PWD/jobs", "", "--scope node --output out"),
	    0);
	m = manifest_of(bundle_path());
	CHECK(has(m, "logs/slurm-3.out"));
	manifest_free(m);
}

DEFINE_TEST(test_if_incident_epilog_exit_codes)
{
	setup(NULL);
	test_sh("touch empty.kmsg");
	/* Values seen on the real cluster: 768 = exit 3; DERIVED_EC 253 =
	 * an srun step OOM-killed while the script exited 0; 0 for both. */
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5 SLURM_JOB_EXIT_CODE=768 "
	    "SLURM_JOB_DERIVED_EC=0", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: SLURM_JOB_EXIT_CODE=768 (exit 3, "
	    "signal 0)' stderr") == 0);
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5 SLURM_JOB_EXIT_CODE=0 "
	    "SLURM_JOB_DERIVED_EC=253", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'incident: SLURM_JOB_DERIVED_EC=253 (exit 0, "
	    "signal 125: Slurm.s code for an OOM-killed step)' stderr") == 0);
	test_sh("rm -rf out/*");
	CHECK_EQ_INT(collect("SLURM_JOB_ID=5 SLURM_JOB_EXIT_CODE=0 "
	    "SLURM_JOB_DERIVED_EC=0", "$PWD/empty.kmsg",
	    "--if-incident --output out"), 0);
	CHECK(test_sh("grep -q 'no incident' stderr && test -z \"$(ls out)\"")
	    == 0);
}

DEFINE_TEST(test_scope_job_record_gone)
{
	setup(NULL);
	/* The job's record purged from slurmctld (scontrol fails), sacct
	 * lagging: EpilogSlurmctld's environment names nodes and cluster. */
	CHECK_EQ_INT(collect("FAKE_SCONTROL=fail FAKE_SACCT=fail SLURM_JOB_ID=3 "
	    "SLURM_JOB_NODELIST='n[01-02]' SLURM_CLUSTER_NAME=oomtrailci", "",
	    "--scope job --output out --deadline 25"), 3);
	CHECK_EQ_INT(calls("^scontrol show node n\\[01-02\\]$"), 1);
	CHECK(calls("^sacct -j 3 --parsable2") >= 2);
	CHECK(strstr(bundle_path(), "/out/oomtrail-oomtrailci-3-") != NULL);
}
