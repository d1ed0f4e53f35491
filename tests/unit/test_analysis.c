/*
 * The analysis API end to end on the shipped example (a real Slurm 22.05
 * cgroup-v1 OOM): verdict, citation, time conversion, quantities,
 * determinism across worker counts, verify, and errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"
#include "series.h"
#include "units.h"
#include "verify.h"

#define EXAMPLE "fixtures/example/oomtrail-ci-3-vm-20261130T065940Z.tar.zst"

static struct analysis *
run(const char **in, size_t n, int jobs)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };

	o.inputs = in;
	o.ninputs = n;
	o.jobs = jobs;
	if (analysis_run(&o, &an, &e) != ERR_OK)
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
	return an;
}

static char *
json_of(const struct analysis *an)
{
	char		*p = NULL;
	size_t		 n = 0;
	FILE		*f = open_memstream(&p, &n);
	struct err	 e = { 0 };

	CHECK(f != NULL);
	CHECK(model_to_json(an, f, &e) == ERR_OK);
	fclose(f);
	return p;
}

DEFINE_TEST(test_analysis_example_verdict)
{
	char			 path[4096], when[48];
	const char		*in[1] = { path };
	struct analysis		*an;
	const struct evidence	*ini;
	int			 found = 0;

	snprintf(path, sizeof(path), "%s", test_src(EXAMPLE));
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_STR(an->verdict.boundary, "host");
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-001");
	CHECK_EQ_STR(an->verdict.confidence, "high");
	ini = an->verdict.initiating;
	CHECK(ini != NULL);
	if (ini != NULL) {
		CHECK_EQ_STR(ini->source, "kernel/dmesg.txt");
		CHECK_EQ_INT(ini->line, 247);
		CHECK(strstr(ini->text, "Killed process 14975 (python3)") !=
		    NULL);
		/* [572.709991] on the kernel's clock, converted with the
		 * manifest's anchors (569.485233 s = 06:59:10Z) */
		CHECK_EQ_STR(ini->time_quality, "monotonic_converted");
		CHECK(ini->has_time);
		units_fmt_iso(ini->time_ns, when);
		CHECK_EQ_STR(when, "2026-11-30T06:59:13.224758Z");
		CHECK(ini->context != NULL &&
		    strstr(ini->context, "CONSTRAINT_MEMCG") != NULL);
	}
	for (size_t i = 0; i < an->nhost; i++)
		if (strcmp(an->host[i].step, "3.batch") == 0) {
			found = 1;
			CHECK_EQ_INT(an->host[i].oom_kills, 1);
			CHECK_EQ_INT(an->host[i].cgroup_limit_bytes, 104857600);
			CHECK_EQ_INT(an->host[i].req_mem_bytes, 104857600);
		}
	CHECK(found);
	CHECK_EQ_INT(an->ninputs, 1);
	CHECK_EQ_STR(an->inputs[0].integrity, "verified");
	CHECK(!an->damaged);
	analysis_free(an);
}

/* The same inputs give the same bytes, whatever the number of workers. */
DEFINE_TEST(test_analysis_deterministic_across_workers)
{
	const char	*in[3];
	struct analysis	*a1, *a2;
	char		*j1, *j2;

	CHECK(test_sh("cp '%s' n1.tar.zst && cp '%s' n2.tar.zst && "
	    "cp '%s' n3.tar.zst", test_src(EXAMPLE), test_src(EXAMPLE),
	    test_src(EXAMPLE)) == 0);
	in[0] = "n1.tar.zst";
	in[1] = "n2.tar.zst";
	in[2] = "n3.tar.zst";
	a1 = run(in, 3, 1);
	a2 = run(in, 3, 3);
	if (a1 == NULL || a2 == NULL)
		return;
	j1 = json_of(a1);
	j2 = json_of(a2);
	CHECK(j1 != NULL && j2 != NULL && strcmp(j1, j2) == 0);
	CHECK_EQ_INT(a1->ninputs, 3);
	free(j1);
	free(j2);
	analysis_free(a1);
	analysis_free(a2);
}

DEFINE_TEST(test_analysis_verify_same_run_not_fixed)
{
	const char		*in[1] = { NULL };
	struct analysis		*b, *a;
	struct verify_result	 r;
	char			 path[4096];

	snprintf(path, sizeof(path), "%s", test_src(EXAMPLE));
	in[0] = path;
	b = run(in, 1, 1);
	a = run(in, 1, 1);
	if (a == NULL || b == NULL)
		return;
	verify_compare(b, a, &r);
	CHECK_EQ_INT(r.outcome, VERIFY_NOT_FIXED);
	CHECK_EQ_INT(r.signature_gone, 0);
	analysis_free(b);
	analysis_free(a);
}

DEFINE_TEST(test_analysis_errors)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = (struct analysis *)1;
	struct err		 e = { 0 };
	const char		*in[1] = { "no-such-input.tar.zst" };

	CHECK_EQ_INT(analysis_run(&o, &an, &e), ERR_USAGE);
	CHECK(an == NULL);
	o.inputs = in;
	o.ninputs = 1;
	CHECK(analysis_run(&o, &an, &e) != ERR_OK);
	CHECK(an == NULL);
	CHECK(strstr(e.msg, "no-such-input.tar.zst") != NULL);
	analysis_free(NULL);
}

static struct analysis *
run_dir(const char *rel)
{
	char		 path[4096];
	const char	*in[1] = { path };

	snprintf(path, sizeof(path), "%s", test_src(rel));
	return run(in, 1, 1);
}

/* Seed 001 "Resource usage reports differ from job-level limits": the
 * meters side by side, and which one the enforcement used. */
DEFINE_TEST(test_analysis_usage_meters)
{
	struct analysis		*an;
	const struct usage_q	*u;

	if ((an = run_dir(EXAMPLE)) == NULL)
		return;
	CHECK_EQ_INT(an->nusage, 1);
	u = an->nusage == 1 ? &an->usage[0] : NULL;
	if (u != NULL) {
		CHECK_EQ_STR(u->step, "3.batch");
		CHECK_EQ_STR(u->enforced_by, "kernel_memcg");
		CHECK_EQ_INT(u->limit_bytes, 104857600);
		CHECK_EQ_INT(u->kernel_usage_bytes, 104857600);
		/* anon-rss:101376kB + file-rss:5104kB + shmem-rss:0kB */
		CHECK_EQ_INT(u->kernel_rss_bytes, (101376 + 5104) * 1024LL);
		CHECK_EQ_INT(u->cgroup_peak_bytes, 104857600);
		CHECK_EQ_INT(u->max_rss_bytes, 102883328);
		CHECK(strstr(u->summary, "comes close here") != NULL);
		CHECK(u->evidence.n >= 3);
	}
	analysis_free(an);

	/* The real job 2: MaxRSS 54016K against a 100M limit. */
	if ((an = run_dir("fixtures/scenarios/real-v1-oom-batch")) == NULL)
		return;
	CHECK_EQ_INT(an->nusage, 1);
	if (an->nusage == 1) {
		u = &an->usage[0];
		CHECK_EQ_STR(u->enforced_by, "kernel_memcg");
		CHECK_EQ_INT(u->max_rss_bytes, 54016 * 1024LL);
		CHECK_EQ_INT(u->limit_bytes, 104857600);
		CHECK(strstr(u->summary, "52.75 MiB, 53% of the limit") !=
		    NULL);
		CHECK(strstr(u->summary, "missed the climb") != NULL);
	}
	analysis_free(an);

	if ((an = run_dir("fixtures/scenarios/host_oom-fires-global-oom")) ==
	    NULL)
		return;
	CHECK_EQ_INT(an->nusage, 1);
	if (an->nusage == 1) {
		CHECK_EQ_STR(an->usage[0].enforced_by, "kernel_global");
		CHECK(strstr(an->usage[0].summary, "No cgroup limit") != NULL);
	}
	analysis_free(an);

	/* A job that ended well hit no limit: no view. */
	if ((an = run_dir("fixtures/scenarios/real-v1-ok")) == NULL)
		return;
	CHECK_EQ_INT(an->nusage, 0);
	analysis_free(an);
}

/* A watch file cut in the middle of its last record (the watcher killed
 * mid-write): the record is dropped and said so, the rest still counts. */
DEFINE_TEST(test_analysis_series_cut_mid_record)
{
	const char	*in[1] = { "cut" };
	struct analysis	*an;
	int		 noted = 0;

	CHECK(test_sh("cp -r '%s' cut && f=cut/watch/series.txt && "
	    "n=$(wc -c <\"$f\") && truncate -s $((n - 20)) \"$f\"",
	    test_src("fixtures/scenarios/memory_leak-near-spike-before-kill"))
	    == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_INT(an->nseries, 1);
	/* 46 rows written, the last (after the kill) cut */
	if (an->nseries == 1) {
		CHECK_EQ_INT(an->series[0].npoints, 45);
		CHECK_EQ_STR(an->series[0].shape, "spike");
	}
	for (size_t i = 0; i < an->ninputs; i++)
		for (size_t k = 0; k < an->inputs[i].nnotes; k++)
			noted |= strstr(an->inputs[i].notes[k],
			    "half-written last record") != NULL;
	CHECK(noted);
	analysis_free(an);
}

/* The real leak: the series is cut at the row before the kill counter
 * moved, so the growth and the runway are the leak's, not the empty
 * cgroup's after the kill. */
DEFINE_TEST(test_analysis_series_real_leak)
{
	struct analysis		*an;
	const struct series_q	*q;

	if ((an = run_dir("fixtures/scenarios/memory_leak-fires-real-watch/"
	    "oomtrail-oomtrailci-46035634-vm-20261130T103133Z.tar.zst")) ==
	    NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "memory_leak");
	CHECK_EQ_STR(an->verdict.rule, "R-LEAK-001");
	CHECK_EQ_INT(an->nseries, 1);
	if (an->nseries == 1) {
		q = &an->series[0];
		CHECK_EQ_STR(q->shape, "leak");
		CHECK_EQ_INT(q->limit_bytes, 104857600);
		/* perl grew 2 MiB every 0.5 s: 4 MiB/s = 14 GiB/h, +-10% */
		CHECK(q->growth_per_h > (int64_t)(14.0 * 0.9 * (1LL << 30)) &&
		    q->growth_per_h < (int64_t)(14.0 * 1.1 * (1LL << 30)));
		CHECK_EQ_INT(q->runway_s, 0);
		CHECK(q->has_fail);
	}
	CHECK(strstr(an->verdict.summary, "from 5.96 MiB to 98.82 MiB") !=
	    NULL);
	analysis_free(an);
}

/* verify on causes decided from state records: the cause must go. */
DEFINE_TEST(test_analysis_verify_cpu_limited)
{
	struct analysis		*b, *a, *same;
	struct verify_result	 r;

	b = run_dir("fixtures/scenarios/cpu_limited-fires-omp-oversubscribed");
	same = run_dir("fixtures/scenarios/"
	    "cpu_limited-fires-omp-oversubscribed");
	a = run_dir("fixtures/scenarios/cpu_limited-near-full-cpuset");
	if (a == NULL || b == NULL || same == NULL)
		return;
	CHECK_EQ_STR(b->verdict.cause, "cpu_limited");
	verify_compare(b, same, &r);
	CHECK_EQ_INT(r.outcome, VERIFY_NOT_FIXED);
	CHECK_EQ_INT(r.signature_gone, 0);
	verify_compare(b, a, &r);
	CHECK_EQ_STR(a->verdict.cause, "no_incident");
	CHECK_EQ_INT(r.signature_gone, 1);
	CHECK_EQ_INT(r.outcome, VERIFY_FIXED);
	analysis_free(b);
	analysis_free(same);
	analysis_free(a);
}

/* A job still pending when collected has no line of its own in the
 * node's kernel log: an orphan kill there (its memcg line lost to the
 * ring buffer) is another job's, not a host OOM of this one. */
DEFINE_TEST(test_analysis_pending_job_not_blamed)
{
	const char	*in[1] = { "pend" };
	struct analysis	*an;
	char		 scen[4096], orph[4096];

	/* test_src() returns a static buffer: one at a time */
	snprintf(scen, sizeof(scen), "%s", test_src("fixtures/scenarios/"
	    "gpu_access_denied-fires-gres-without-file"));
	snprintf(orph, sizeof(orph), "%s", test_src("fixtures/scenarios/"
	    "real-epilog-ok-ringbuffer-orphan/"
	    "oomtrail-oomtrailci-46029066-vm-20261130T084127Z.tar.zst"));
	CHECK(test_sh("cp -r '%s' pend && mkdir -p pend/kernel && "
	    "mkdir orph && tar -C orph --zstd -xf '%s' && "
	    "head -n 1 orph/kernel/kmsg.txt >pend/kernel/kmsg.txt && "
	    "grep -q 'Killed process 17392' pend/kernel/kmsg.txt", scen,
	    orph) == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "gpu_access_denied");
	CHECK_EQ_STR(an->verdict.rule, "R-GPU-004");
	analysis_free(an);
}

/* GRES IDX k is the k-th device file of gres.conf's File= list, not
 * minor k: with File=/dev/nvidia[3-4], IDX 0 is /dev/nvidia3. A refused
 * /dev/nvidia0 is then not the job's GPU; a refused /dev/nvidia3 is. */
DEFINE_TEST(test_analysis_gres_idx_through_file_list)
{
	const char	*in[1] = { "g" };
	struct analysis	*an;

	CHECK(test_sh("cp -r '%s' g && echo 'Name=gpu File=/dev/nvidia[3-4]' "
	    ">g/slurm/gres.conf", test_src("fixtures/scenarios/"
	    "gpu_access_denied-fires-given-gpu-denied")) == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK(strcmp(an->verdict.rule, "R-GPU-002") != 0);
	analysis_free(an);
	CHECK(test_sh("sed -i 's|/dev/nvidia0|/dev/nvidia3|' "
	    "g/gpu/dev-access.txt") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-GPU-002");
	analysis_free(an);
}

/* One bare log written here (the test's work directory), analysed. */
static struct analysis *
run_text(const char *name, const char *text)
{
	FILE		*f = fopen(name, "w");
	const char	*in[1] = { name };

	CHECK(f != NULL);
	if (f == NULL)
		return NULL;
	fputs(text, f);
	fclose(f);
	return run(in, 1, 1);
}

/* Whose finding srun's task exits join (lines from corpus e406, a
 * two-node DDP job): several tasks exiting on their own after one rank's
 * device OOM are the other ranks stopping, the cascade; one task's exit
 * is that failure's echo; after a time limit every exit is the
 * scheduler's kill, never a cascade. */
static int
finding_rule(const struct analysis *an, const char *rule)
{
	for (size_t i = 0; i < an->nsecondary; i++)
		if (strcmp(an->secondary[i].rule, rule) == 0)
			return 1;
	return 0;
}

DEFINE_TEST(test_analysis_srun_exits_of_peers_are_cascade)
{
	static const char oom[] = "OutOfMemoryError: CUDA out of memory. "
	    "Tried to allocate 112.00 MiB. GPU 2 has a total capacty of 15.78 "
	    "GiB of which 27.19 MiB is free.\n";
	static const char one[] = "srun: error: ib12gpu-002: task 4: Exited "
	    "with exit code 1\n";
	static const char many[] = "srun: error: ib12gpu-002: task 4: Exited "
	    "with exit code 1\nsrun: error: ib12gpu-001: tasks 0-1: Exited "
	    "with exit code 1\n";
	static const char banner[] = "slurmstepd: error: *** JOB 4714782 ON "
	    "ib12gpu-001 CANCELLED AT 2023-11-29T15:47:21 DUE TO TIME LIMIT "
	    "***\n";
	char		 buf[1024];
	struct analysis	*an;

	snprintf(buf, sizeof(buf), "%s%s", oom, many);
	if ((an = run_text("many.log", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "cuda_oom_exhaustion");
	CHECK(finding_rule(an, "R-CASCADE-001"));
	CHECK(!finding_rule(an, "R-CASCADE-002"));
	analysis_free(an);
	snprintf(buf, sizeof(buf), "%s%s", oom, one);
	if ((an = run_text("one.log", buf)) == NULL)
		return;
	CHECK(!finding_rule(an, "R-CASCADE-001"));
	CHECK(finding_rule(an, "R-CASCADE-002"));
	analysis_free(an);
	snprintf(buf, sizeof(buf), "%s%s", banner, many);
	if ((an = run_text("limit.log", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "time_limit");
	CHECK(!finding_rule(an, "R-CASCADE-001"));
	analysis_free(an);
	/* srun killing the tasks that did start, after the step could not
	 * launch on another node (chapel-lang/chapel#26788): no kill of its
	 * own, so the killed task is the cascade; after an OOM kill the
	 * same line echoes the kill */
	if ((an = run_text("launch.log", "srun: error: Task launch for "
	    "StepId=2960193.8 failed on node tc-dgx007: Unable to satisfy cpu "
	    "bind request\nsrun: error: Application launch failed: Unable to "
	    "satisfy cpu bind request\nsrun: Job step aborted: Waiting up to "
	    "32 seconds for job step to finish.\nslurmstepd: error: *** STEP "
	    "2960193.8 ON tc-dgx006 CANCELLED AT 2025-03-05T11:08:03 ***\n"
	    "srun: error: tc-dgx006: task 0: Killed\n")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "step_creation_failure");
	CHECK(finding_rule(an, "R-CASCADE-001"));
	analysis_free(an);
	if ((an = run_text("oomkill.log", "slurmstepd: error: Detected 1 "
	    "oom_kill event in StepId=1054.0. Some of the step tasks have been "
	    "OOM Killed.\nsrun: error: ana: task 0: Killed\n")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK(!finding_rule(an, "R-CASCADE-001"));
	CHECK(finding_rule(an, "R-CASCADE-002"));
	analysis_free(an);
}

/* PyTorch 2.x's OOM message wrapped at 80 columns as pasted (corpus
 * e406, real): the head names the request, the allocator's figures
 * come from the lines after it, joined; a blank line ends the message. */
DEFINE_TEST(test_analysis_oom_wrapped_new_format)
{
	static const char wrapped[] =
	    "OutOfMemoryError: CUDA out of memory. Tried to allocate 112.00 "
	    "MiB. GPU 2 has a\n"
	    "total capacty of 15.78 GiB of which 27.19 MiB is free. Process "
	    "307065 has 15.75\n"
	    "GiB memory in use. Of the allocated memory 14.24 GiB is allocated "
	    "by PyTorch,\n"
	    "and 177.74 MiB is reserved by PyTorch but unallocated. If "
	    "reserved but\n";
	char		 buf[1024];
	struct analysis	*an;

	if ((an = run_text("wrapped.log", wrapped)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-DEV-001");
	CHECK(strstr(an->verdict.summary, "Live tensors held 14.24 GiB of "
	    "15.78 GiB") != NULL);
	analysis_free(an);
	/* a blank line after the head: the rest is not its message */
	snprintf(buf, sizeof(buf), "%.*s\n\n%s", 79, wrapped,
	    wrapped + 80);
	if ((an = run_text("cut.log", buf)) == NULL)
		return;
	CHECK(strstr(an->verdict.summary, "14.24 GiB") == NULL);
	analysis_free(an);
}

/* A handful of device readings pasted by hand (CUDA.jl's
 * memory_status(), corpus d1610, real): each above the last by far more
 * than a tenth of the device, nothing failed: a low-confidence leak; the
 * same readings out of order are not one. */
DEFINE_TEST(test_analysis_few_device_readings)
{
	static const char rising[] =
	    "Effective GPU memory usage: 2.03% (226.625 MiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 37.47% (4.090 GiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 62.13% (6.780 GiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 86.83% (9.476 GiB/10.913 GiB)\n";
	static const char mixed[] =
	    "Effective GPU memory usage: 37.47% (4.090 GiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 2.03% (226.625 MiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 86.83% (9.476 GiB/10.913 GiB)\n"
	    "Effective GPU memory usage: 62.13% (6.780 GiB/10.913 GiB)\n";
	struct analysis	*an;

	if ((an = run_text("repl.log", rising)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-LEAK-004");
	CHECK_EQ_STR(an->verdict.confidence, "low");
	analysis_free(an);
	if ((an = run_text("repl.log", mixed)) == NULL)
		return;
	CHECK(strcmp(an->verdict.cause, "memory_leak") != 0);
	analysis_free(an);
}

/* srun's step teardown after a task ended by SIGTERM (corpus h2209,
 * real: another process's killall) is no SIGKILL of its own; the same
 * teardown after a task's "Killed" is. */
DEFINE_TEST(test_analysis_teardown_after_sigterm)
{
	struct analysis	*an;

	if ((an = run_text("term.log", "srun: error: tiger-i04g13: task 0: "
	    "Terminated\nsrun: Terminating StepId=1318345.0\nsrun: Force "
	    "Terminated StepId=1318345.0\n")) == NULL)
		return;
	CHECK(strcmp(an->verdict.cause, "host_oom") != 0);
	analysis_free(an);
	if ((an = run_text("kill.log", "srun: error: tiger-i04g13: task 0: "
	    "Killed\nsrun: Terminating StepId=1318345.0\n")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	analysis_free(an);
}

/* The old message cut by a terminal inside a number (corpus e1502,
 * real: "16.9" / "4 GiB reserved in total by PyTorch)"): joined without
 * the blank, the reserved figure is 16.94 GiB, not the 4 GiB its tail
 * alone would read; the tail is not a second OOM. Joined with a blank
 * where the cut fell between words. */
DEFINE_TEST(test_analysis_oom_wrapped_old_format)
{
	static const char *const texts[] = {
	    "RuntimeError: CUDA out of memory. Tried to allocate 58.00 MiB "
	    "(GPU 0; 23.70 GiB total capacity; 16.76 GiB already allocated; "
	    "2.44 MiB free; 16.9\n4 GiB reserved in total by PyTorch) \n",
	    "RuntimeError: CUDA out of memory. Tried to allocate 58.00 MiB "
	    "(GPU 0; 23.70 GiB total capacity; 16.76 GiB already allocated; "
	    "2.44 MiB free; 16.94\nGiB reserved in total by PyTorch) \n" };
	struct analysis	*an;

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t	ooms = 0;

		if ((an = run_text("cut.log", texts[i])) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, "gpu_other_tenant");
		CHECK(strstr(an->verdict.summary, "6.76 GiB") != NULL);
		for (size_t k = 0; k < an->timeline.n; k++)
			ooms += strcmp(an->timeline.v[k].kind, "cuda_oom") == 0;
		CHECK_EQ_INT(ooms, 1);
		analysis_free(an);
	}
}

/* The kernel's kill line in in[kill_at], the launcher's teardown (launch,
 * naming the pid victim[k]) in the other input: with the victim's pid
 * (k 0) the teardown is the kill's cascade, with another pid (k 1) not. */
static void
victim_cascade(const char *in[2], int kill_at, const char *kill,
    const char *launch, const char *victim[2])
{
	struct analysis	*an;
	FILE		*fp;

	for (int k = 0; k < 2; k++) {
		if ((fp = fopen(in[kill_at], "w")) == NULL)
			return;
		fputs(kill, fp);
		fclose(fp);
		if ((fp = fopen(in[1 - kill_at], "w")) == NULL)
			return;
		fprintf(fp, launch, victim[k]);
		fclose(fp);
		if ((an = run(in, 2, 1)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, "host_oom");
		CHECK_EQ_INT(finding_rule(an, "R-CASCADE-001"), k == 0);
		analysis_free(an);
	}
}

/* DeepSpeed's launcher killing its children after the kernel killed one
 * of them (corpus e204, real lines): the untimed dmesg sorts after the
 * timed launcher log, but the launcher names the victim's pid, so its
 * teardown is the kill's cascade. A teardown that names no victim stays
 * out of it. */
DEFINE_TEST(test_analysis_launcher_kills_victim_cascade)
{
	static const char kill[] = "[856341.770960] Out of memory: Killed "
	    "process 410126 (python) total-vm:79905000kB, anon-rss:22957108kB, "
	    "file-rss:72036kB, shmem-rss:15143164kB, UID:1000 pgtables:78032kB "
	    "oom_score_adj:0\n";
	static const char launch[] = "[2025-06-02 20:51:24,182] [INFO] "
	    "[launch.py:319:sigkill_handler] Killing subprocess %s\n"
	    "[2025-06-02 20:51:24,184] [INFO] [launch.py:319:sigkill_handler] "
	    "Killing subprocess 410127\n";
	const char	*in[2] = { "kv/dmesg.txt", "kv/job.log" };
	const char	*victim[2] = { "410126", "410125" };

	CHECK(system("mkdir kv") == 0);
	victim_cascade(in, 0, kill, launch, victim);
}

/* Open MPI's launcher after the kernel killed one rank (corpus h1301,
 * real lines): mpirun names the rank's pid, which is the kill's victim,
 * so its report and its cleanup of the other ranks are the kill's
 * cascade; a report of another pid is not. */
DEFINE_TEST(test_analysis_mpirun_victim_cascade)
{
	static const char kill[] = "May 23 01:40:04 n3 [7456668.527385] "
	    "Killed process 94191 (python3), UID 1011, total-vm:9143392kB, "
	    "anon-rss:7142588kB, file-rss:4kB, shmem-rss:6448kB\n";
	static const char launch[] = "mpirun noticed that process rank 38 "
	    "with PID %s on node n3 exited on signal 9 (Killed).\n"
	    "-------------------------------------------------------------"
	    "-------------\n"
	    "2 total processes killed (some possibly by mpirun during "
	    "cleanup)\n";
	/* the job's log given first: by position its lines come before
	 * the kill */
	const char	*in[2] = { "mv/job.log", "mv/messages" };
	const char	*victim[2] = { "94191", "94190" };

	CHECK(system("mkdir mv") == 0);
	victim_cascade(in, 1, kill, launch, victim);
}

/* Accounting that lags: slurmdbd still has the job PENDING with no
 * usable ReqMem while its batch step runs (a real trap bundle's sacct);
 * scontrol's record of the running job gives the request instead. */
DEFINE_TEST(test_analysis_req_mem_from_scontrol_when_sacct_lags)
{
	const char	*in[2] = {
	    OOMTRAIL_SRC "/fixtures/real/slurm/accounting-lag/sacct.txt",
	    OOMTRAIL_SRC "/fixtures/real/slurm/accounting-lag/scontrol-job.txt" };
	struct analysis	*an = run(in, 2, 1);
	size_t		 with_req = 0;

	if (an == NULL)
		return;
	CHECK(an->nhost >= 2);
	for (size_t i = 0; i < an->nhost; i++)
		if (an->host[i].req_mem_bytes == 100LL * 1024 * 1024 &&
		    an->host[i].req_mem_per != NULL &&
		    strcmp(an->host[i].req_mem_per, "node") == 0)
			with_req++;
	CHECK_EQ_INT((int)with_req, (int)an->nhost);
	analysis_free(an);
}

/* A cgroup the step could not join, then the workload's own OOM kill:
 * the step ran (old kernels leave the task unconstrained), so the OOM
 * decides, not the setup line. */
DEFINE_TEST(test_analysis_setup_error_then_workload)
{
	struct analysis	*an = run_text("job.err",
	    "slurmstepd: error: task/cgroup: unable to add task[pid=4242] to "
	    "memory cg '(null)'\n"
	    "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=5.0. "
	    "Some of your processes may have been killed by the cgroup "
	    "out-of-memory handler.\n");

	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-002");
	analysis_free(an);
	an = run_text("job2.err",
	    "slurmstepd: error: task/cgroup: unable to add task[pid=4242] to "
	    "memory cg '(null)'\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "step_creation_failure");
	CHECK_EQ_STR(an->verdict.rule, "R-STEP-002");
	analysis_free(an);
}

/* Binding reports: one rank reported by two runs is one rank; a map that
 * binds every position is the whole node; two ranks on one socket's
 * cores share them. */
DEFINE_TEST(test_analysis_binding_reports)
{
	struct analysis	*an;

	an = run_text("twice.log",
	    "[n1:01] MCW rank 0 bound to socket 0[core 0[hwt 0]]: [B/.][./.]\n"
	    "[n1:02] MCW rank 0 bound to socket 0[core 0[hwt 0]]: [B/.][./.]\n"
	    "[n1:02] MCW rank 1 bound to socket 0[core 1[hwt 0]]: "
	    "[./B][./.]\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "inconclusive");
	analysis_free(an);
	an = run_text("whole.log",
	    "[n1:01] MCW rank 0 bound to socket 0[core 0[hwt 0]], socket "
	    "0[core 1[hwt 0]]: [B/B]\n"
	    "[n1:01] MCW rank 1 bound to socket 0[core 0[hwt 0]], socket "
	    "0[core 1[hwt 0]]: [B/B]\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "inconclusive");
	analysis_free(an);
	an = run_text("shared.log",
	    "[n1:01] MCW rank 0 bound to socket 0[core 0[hwt 0]], socket "
	    "0[core 1[hwt 0]]: [B/B][./.]\n"
	    "[n1:01] MCW rank 1 bound to socket 0[core 0[hwt 0]], socket "
	    "0[core 1[hwt 0]]: [B/B][./.]\n"
	    "[n2:01] MCW rank 2 bound to socket 0[core 0[hwt 0]], socket "
	    "0[core 1[hwt 0]]: [B/B][./.]\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "cpu_limited");
	CHECK_EQ_STR(an->verdict.rule, "R-CPU-004");
	CHECK_EQ_STR(an->verdict.confidence, "medium");
	CHECK(strstr(an->verdict.summary, "2 ranks on n1") != NULL);
	analysis_free(an);
}

/* scontrol alone with JobState=NODE_FAIL: not memory, and says so; a
 * node-failure line about another node than the job's is not its. */
DEFINE_TEST(test_analysis_node_failure)
{
	struct analysis	*an = run_text("scontrol_job.txt",
	    "JobId=7 JobName=train\n"
	    "   JobState=NODE_FAIL Reason=NodeDown Dependency=(null)\n"
	    "   NodeList=n3\n");

	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "not_oom_other");
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-001");
	CHECK(strstr(an->verdict.summary, "NODE_FAIL") != NULL);
	analysis_free(an);
	an = run_text("slurmctld.log",
	    "[2026-11-30T06:59:30.000] error: Nodes n9 not responding\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-004");
	analysis_free(an);
	{
		FILE		*f = fopen("scontrol2.txt", "w");
		const char	*in[2] = { "scontrol2.txt", "slurmctld.log" };

		CHECK(f != NULL);
		if (f == NULL)
			return;
		fputs("JobId=7 JobName=train\n   JobState=RUNNING Reason=None\n"
		    "   NodeList=gpu[01-04]\n", f);
		fclose(f);
		if ((an = run(in, 2, 1)) == NULL)
			return;
		CHECK(strcmp(an->verdict.rule, "R-OTHER-004") != 0);
		analysis_free(an);
	}
}

/* What filled the limit (breakdown.c) on real captures: a job that
 * filled /dev/shm (Slurm 24.11, cgroup v2) names shmem with its own
 * control and no --mem; an anon OOM (cgroup v1) names the victim and its
 * step; a cgroup that had emptied by collection gives no breakdown (near
 * miss); the breakdown survives the JSON round trip. */
DEFINE_TEST(test_analysis_breakdown)
{
	struct analysis			*an, *back = NULL;
	const struct breakdown_q	*b;
	struct err			 e = { 0 };
	char				*j;

	if ((an = run_dir("fixtures/scenarios/real-2411-v2-shm-fill")) ==
	    NULL)
		return;
	CHECK_EQ_INT(an->nbreakdown, 1);
	b = an->breakdown;
	CHECK_EQ_STR(b->at, "kill");
	CHECK_EQ_STR(b->cgroup, "/system.slice/vm_slurmstepd.scope/job_6");
	CHECK_EQ_INT(b->limit_bytes, 104857600);
	CHECK_EQ_INT(b->usage_bytes, 104857600);
	CHECK_EQ_INT(b->parts[0], 14106624);		/* anon */
	CHECK_EQ_INT(b->parts[1], 4096);		/* page_cache */
	CHECK_EQ_INT(b->parts[3], 90185728);		/* shmem */
	CHECK_EQ_INT(b->parts[4], 561152);		/* kernel */
	CHECK_EQ_INT(b->parts[6], 0);			/* other */
	CHECK_EQ_INT(b->nholders, 3);
	CHECK(b->holders[0].victim);
	CHECK_EQ_INT(b->holders[0].pid, 2595);
	CHECK_EQ_STR(b->holders[0].step, "6.batch");
	/* not the victim: its step from the bundle's cgroup.procs */
	CHECK_EQ_INT(b->holders[1].pid, 2551);
	CHECK_EQ_STR(b->holders[1].step, "6.batch");
	CHECK(!b->holders[1].victim);
	CHECK(an->verdict.filled_by != NULL);
	if (an->verdict.filled_by != NULL) {
		CHECK_EQ_STR(an->verdict.filled_by->part, "shmem");
		CHECK_EQ_INT(an->verdict.filled_by->share, 86);
		CHECK_EQ_INT(an->verdict.filled_by->evidence.n, 1);
	}
	CHECK(strstr(an->verdict.next_action, "/dev/shm") != NULL);
	CHECK(strstr(an->verdict.next_action, "raise --mem") == NULL);
	CHECK(strstr(an->verdict.summary, "Shared memory filled 86%") !=
	    NULL);
	CHECK(an->nusage == 1 && strstr(an->usage[0].summary,
	    "tmpfs (shmem)") != NULL);
	/* what was killed and which setting decided it */
	CHECK(an->nusage == 1 && strstr(an->usage[0].summary, "The kernel "
	    "killed one process (pid 2595), memory.oom.group being unset "
	    "(Slurm's OOMKillStep off); with KillOnBadExit=0") != NULL);
	j = json_of(an);
	CHECK_EQ_INT(model_from_json(j, strlen(j), &back, &e), ERR_OK);
	if (back != NULL) {
		CHECK_EQ_INT(back->nbreakdown, 1);
		CHECK_EQ_INT(back->breakdown[0].parts[3], 90185728);
		CHECK_EQ_INT(back->breakdown[0].parts[5], 0);
		CHECK_EQ_INT(back->breakdown[0].nholders, 3);
		CHECK_EQ_STR(back->breakdown[0].holders[0].name, "python3");
		CHECK(back->breakdown[0].holders[0].victim);
		CHECK(!back->breakdown[0].holders[1].victim);
		CHECK(back->verdict.filled_by != NULL &&
		    back->verdict.filled_by->share == 86);
	}
	analysis_free(back);
	free(j);
	analysis_free(an);

	if ((an = run_dir("fixtures/scenarios/real-v1-oom-srun")) == NULL)
		return;
	CHECK_EQ_INT(an->nbreakdown, 1);
	CHECK(an->breakdown[0].parts[5] == -1);		/* v1: no sock */
	CHECK(an->verdict.filled_by != NULL &&
	    strcmp(an->verdict.filled_by->part, "anon") == 0);
	CHECK(strstr(an->verdict.summary, "The victim python3 (pid 14981, "
	    "step 4.0) had 94.75 MiB of anonymous memory") != NULL);
	CHECK(strstr(an->verdict.next_action, "raise --mem") != NULL);
	analysis_free(an);

	if ((an = run_dir(
	    "fixtures/scenarios/host_oom-fires-cgroup-oom-kill-only")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_INT(an->nbreakdown, 0);
	CHECK(an->verdict.filled_by == NULL);
	analysis_free(an);
}

/* A node-wide OOM confined to the NUMA nodes of a cpuset or a memory
 * policy (no real report in the shared material: built on the summary
 * line's documented format, signatures.md 2.2) names the binding as the
 * control; CONSTRAINT_NONE stays the plain node-wide row. */
DEFINE_TEST(test_analysis_numa_bound)
{
	static const char	*fmt =
	    "[ 100.000001] python3 invoked oom-killer: gfp_mask=0x140dca("
	    "GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, "
	    "oom_score_adj=0\n"
	    "[ 100.000900] oom-kill:constraint=%s,nodemask=%s,cpuset=step_0,"
	    "mems_allowed=1,global_oom,task_memcg=/slurm/uid_1/job_9/step_0/"
	    "task_0,task=python3,pid=4242,uid=1\n"
	    "[ 100.001000] Out of memory: Killed process 4242 (python3) "
	    "total-vm:9000000kB, anon-rss:8000000kB, file-rss:0kB, "
	    "shmem-rss:0kB, UID:1 pgtables:16000kB oom_score_adj:0\n";
	char			 buf[1024];
	struct analysis		*an;

	snprintf(buf, sizeof(buf), fmt, "CONSTRAINT_CPUSET", "(null)");
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-011");
	CHECK(strstr(an->verdict.summary, "CONSTRAINT_CPUSET, "
	    "mems_allowed=1") != NULL);
	CHECK(strstr(an->verdict.next_action, "--mem-bind") != NULL);
	analysis_free(an);

	snprintf(buf, sizeof(buf), fmt, "CONSTRAINT_MEMORY_POLICY", "1");
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-011");
	CHECK(strstr(an->verdict.summary, "memory policy") != NULL);
	analysis_free(an);

	snprintf(buf, sizeof(buf), fmt, "CONSTRAINT_NONE", "(null)");
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-003");
	analysis_free(an);
}

/* A memcg kill whose stats (v2 layout, as cgroup v2 kernels print it) say
 * dirty page cache filled the limit names that part and its own control,
 * and swap at the kill says the job was swapping hard; kernel memory the
 * same with its control. */
DEFINE_TEST(test_analysis_breakdown_parts)
{
	static const char	*fmt =
	    "[ 50.000001] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL)"
	    ", order=0, oom_score_adj=0\n"
	    "[ 50.000100] memory: usage 102400kB, limit 102400kB, failcnt 9\n"
	    "[ 50.000101] swap: usage %s, limit 9007199254740988kB, "
	    "failcnt 0\n"
	    "[ 50.000102] Memory cgroup stats for /system.slice/"
	    "slurmstepd.scope/job_7:\n"
	    "[ 50.000103] anon %s\n"
	    "[ 50.000104] file %s\n"
	    "[ 50.000105] kernel %s\n"
	    "[ 50.000106] shmem 0\n"
	    "[ 50.000107] file_dirty %s\n"
	    "[ 50.000108] file_writeback 4194304\n"
	    "[ 50.000200] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
	    "cpuset=/,mems_allowed=0,oom_memcg=/system.slice/slurmstepd.scope/"
	    "job_7,task_memcg=/system.slice/slurmstepd.scope/job_7/step_0/"
	    "user/task_0,task=python3,pid=77,uid=1001\n"
	    "[ 50.000300] Memory cgroup out of memory: Killed process 77 "
	    "(python3) total-vm:200000kB, anon-rss:10000kB, file-rss:100kB, "
	    "shmem-rss:0kB, UID:1001 pgtables:100kB oom_score_adj:0\n";
	char			 buf[2048];
	struct analysis		*an;

	snprintf(buf, sizeof(buf), fmt, "40960kB", "10485760", "94371840",
	    "0", "83886080");
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK(an->verdict.filled_by != NULL &&
	    strcmp(an->verdict.filled_by->part, "dirty") == 0 &&
	    an->verdict.filled_by->share == 84);
	CHECK(an->nbreakdown == 1 && an->breakdown[0].parts[1] ==
	    94371840 - 83886080 - 4194304);
	CHECK(an->nbreakdown == 1 && an->breakdown[0].swap_bytes ==
	    40960 * 1024);
	CHECK(strstr(an->verdict.next_action, "node-local filesystem") !=
	    NULL);
	CHECK(strstr(an->verdict.summary, "swapping hard") != NULL);
	analysis_free(an);

	snprintf(buf, sizeof(buf), fmt, "0kB", "10485760", "4194304",
	    "88080384", "0");
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK(an->verdict.filled_by != NULL &&
	    strcmp(an->verdict.filled_by->part, "kernel") == 0);
	CHECK(strstr(an->verdict.next_action, "slab") != NULL);
	CHECK(strstr(an->verdict.summary, "swapping") == NULL);
	analysis_free(an);
}

/* An overlapping step that holds the memory while a process of another
 * step is killed: the kernel's task table ranks the holders, the steps
 * come from the cgroup.procs files of a snapshot, and the control is the
 * holder step's own --mem. Loose files of one directory (no manifest). */
DEFINE_TEST(test_analysis_holder_other_step)
{
	static const char	*dmesg =
	    "[ 60.000001] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL)"
	    ", order=0, oom_score_adj=0\n"
	    "[ 60.000100] memory: usage 102400kB, limit 102400kB, failcnt 9\n"
	    "[ 60.000102] Memory cgroup stats for /system.slice/"
	    "slurmstepd.scope/job_8:\n"
	    "[ 60.000103] anon 100663296\n"
	    "[ 60.000104] file 1048576\n"
	    "[ 60.000105] kernel 1048576\n"
	    "[ 60.000106] shmem 0\n"
	    "[ 60.000110] Tasks state (memory values in pages):\n"
	    "[ 60.000111] [  pid  ]   uid  tgid total_vm      rss rss_anon "
	    "rss_file rss_shmem pgtables_bytes swapents oom_score_adj name\n"
	    "[ 60.000112] [    801]  1001   801    30000     5000     4800"
	    "      200         0   100000        0             0 python3\n"
	    "[ 60.000113] [    901]  1001   901    40000    20000    19800"
	    "      200         0   200000        0             0 grow\n"
	    "[ 60.000114] [    950]  1001   950    10000     1000      900"
	    "      100         0   100000        0             0 helper\n"
	    "[ 60.000200] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
	    "cpuset=/,mems_allowed=0,oom_memcg=/system.slice/slurmstepd.scope/"
	    "job_8,task_memcg=/system.slice/slurmstepd.scope/job_8/step_0/"
	    "user/task_0,task=python3,pid=801,uid=1001\n"
	    "[ 60.000300] Memory cgroup out of memory: Killed process 801 "
	    "(python3) total-vm:120000kB, anon-rss:19200kB, file-rss:800kB, "
	    "shmem-rss:0kB, UID:1001 pgtables:100kB oom_score_adj:0\n";
	const char	*dir = "overlap";
	const char	*in[1] = { dir };
	struct analysis	*an;
	FILE		*fp;

	CHECK(system("rm -rf overlap && mkdir -p overlap/cgroup/system.slice/"
	    "slurmstepd.scope/job_8/step_1/user/task_0 overlap/slurm/markers "
	    "&& printf 'format=1\\njob=8\\nstep=extern\\npids=949 950\\n"
	    "exit=0 0\\n' > overlap/slurm/markers/extern.step") == 0);
	CHECK((fp = fopen("overlap/dmesg.txt", "w")) != NULL);
	if (fp == NULL)
		return;
	fputs(dmesg, fp);
	fclose(fp);
	CHECK((fp = fopen("overlap/cgroup/system.slice/slurmstepd.scope/"
	    "job_8/step_1/user/task_0/cgroup.procs", "w")) != NULL);
	if (fp == NULL)
		return;
	fputs("901\n", fp);
	fclose(fp);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK(an->nbreakdown == 1 && an->breakdown[0].nholders == 3);
	if (an->nbreakdown == 1 && an->breakdown[0].nholders == 3) {
		CHECK_EQ_INT(an->breakdown[0].holders[0].pid, 901);
		CHECK_EQ_STR(an->breakdown[0].holders[0].step, "8.1");
		CHECK(!an->breakdown[0].holders[0].victim);
		CHECK_EQ_STR(an->breakdown[0].holders[1].step, "8.0");
		/* from the SPANK plugin's step marker */
		CHECK_EQ_INT(an->breakdown[0].holders[2].pid, 950);
		CHECK_EQ_STR(an->breakdown[0].holders[2].step, "8.extern");
	}
	CHECK(strstr(an->verdict.summary, "The largest holder was grow "
	    "(pid 901, step 8.1)") != NULL);
	CHECK(strstr(an->verdict.next_action, "give step 8.1 its own --mem")
	    != NULL);
	analysis_free(an);
}

/* cgroup v1 (this machine's layout): the stall rests on memory.failcnt
 * and memory.stat's total_* (anon, refaults) of the job cgroup, the time
 * limit from slurmstepd's banner. Built from the v1 files' real keys; the
 * values are a thrash at a 200 MiB limit. With the refaults small it
 * stays a time limit. */
DEFINE_TEST(test_analysis_stall_v1)
{
	static const char	*stat =
	    "cache 0\nrss 0\nshmem 0\ndirty 0\nwriteback 0\n"
	    "hierarchical_memory_limit 209715200\n"
	    "total_cache 45592576\ntotal_rss 162852864\ntotal_shmem 0\n"
	    "total_mapped_file 45367296\ntotal_dirty 4096\n"
	    "total_writeback 0\ntotal_workingset_refault_file %s\n"
	    "total_swap 0\ntotal_pgmajfault 84\n";
	const char	*in[1] = { "v1stall" };
	const char	*d = "v1stall/cgroup/memory/slurm_vm/uid_1001/job_1/";
	static const char *const refaults[] = { "575673", "12" };
	char		 path[256];
	struct analysis	*an;
	FILE		*fp;

	for (int i = 0; i < 2; i++) {
		CHECK(system("rm -rf v1stall && mkdir -p v1stall/cgroup/memory/"
		    "slurm_vm/uid_1001/job_1") == 0);
		snprintf(path, sizeof(path), "%smemory.stat", d);
		if ((fp = fopen(path, "w")) == NULL)
			return;
		fprintf(fp, stat, refaults[i]);
		fclose(fp);
		snprintf(path, sizeof(path), "%smemory.limit_in_bytes", d);
		if ((fp = fopen(path, "w")) == NULL)
			return;
		fputs("209715200\n", fp);
		fclose(fp);
		snprintf(path, sizeof(path), "%smemory.usage_in_bytes", d);
		if ((fp = fopen(path, "w")) == NULL)
			return;
		fputs("209453056\n", fp);
		fclose(fp);
		snprintf(path, sizeof(path), "%smemory.failcnt", d);
		if ((fp = fopen(path, "w")) == NULL)
			return;
		fputs("8850\n", fp);
		fclose(fp);
		if ((fp = fopen("v1stall/slurm-1.err", "w")) == NULL)
			return;
		fputs("slurmstepd: error: *** JOB 1 ON vm CANCELLED AT "
		    "2026-12-01T14:40:28 DUE TO TIME LIMIT ***\n", fp);
		fclose(fp);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, i == 0 ? "memory_stall" :
		    "time_limit");
		if (i == 0) {
			CHECK_EQ_STR(an->verdict.confidence, "medium");
			CHECK(strstr(an->verdict.summary, "hit the limit 8850 "
			    "times") != NULL);
			CHECK(an->nbreakdown == 1 &&
			    strcmp(an->breakdown[0].at, "collection") == 0);
		}
		analysis_free(an);
	}
}

/* The manifest's size and hash of a member a test rewrote in an
 * extracted bundle (dir), as the collector would have written them. */
static int
manifest_resum(const char *dir, const char *member)
{
	return test_sh("cd '%s' && n=$(stat -c %%s '%s') && "
	    "h=$(sha256sum '%s' | cut -d' ' -f1) && sed -i "
	    "'\\|\"path\": \"%s\"|,/\"sha256\"/{s/\"bytes\": [0-9]*/"
	    "\"bytes\": '$n'/;s/\"source_bytes\": [0-9]*/"
	    "\"source_bytes\": '$n'/;s/\"sha256\": \"[0-9a-f]*\"/"
	    "\"sha256\": \"'$h'\"/}' manifest.json", dir, member, member,
	    member);
}

/* A job collected live 16 s after it started, swapping at its limit
 * (the real bundle of the cgroup v2 VM's swap case), with the job
 * cgroup's memory.pressure rewritten here to what a job that young
 * shows: averages over 60 s and 300 s far below their share of its life.
 * The total over the 16 s decides: 2.6 s stalled is a stall (high, from
 * the total), 0.05 s is none. */
DEFINE_TEST(test_analysis_stall_young_job_psi_total)
{
	static const char *const psi[2] = {
	    "some avg10=8.00 avg60=0.95 avg300=0.20 total=2700000\n"
	    "full avg10=8.00 avg60=0.95 avg300=0.20 total=2600000\n",
	    "some avg10=0.50 avg60=0.10 avg300=0.02 total=60000\n"
	    "full avg10=0.50 avg60=0.10 avg300=0.02 total=50000\n" };
	const char	*in[1] = { "young" };
	const char	*f = "cgroup/system.slice/v2node_slurmstepd.scope/"
			    "job_46176127/memory.pressure";
	struct analysis	*an;
	FILE		*fp;

	for (int i = 0; i < 2; i++) {
		CHECK(test_sh("rm -rf young && mkdir young && tar --zstd -xf "
		    "'%s' -C young", test_src("fixtures/scenarios/"
		    "real-v2vm-swap-live/oomtrail-oomtrailci-46176127-v2node-"
		    "20261202T013240Z.tar.zst")) == 0);
		if ((fp = fopen("young/cgroup/system.slice/v2node_slurmstepd."
		    "scope/job_46176127/memory.pressure", "w")) == NULL)
			return;
		fputs(psi[i], fp);
		fclose(fp);
		CHECK(manifest_resum("young", f) == 0);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		CHECK_EQ_INT(an->damaged, 0);
		if (i == 0) {
			CHECK_EQ_STR(an->verdict.cause, "memory_stall");
			CHECK_EQ_STR(an->verdict.confidence, "high");
			CHECK(strstr(an->verdict.summary, "15.") != NULL &&
			    strstr(an->verdict.summary, "of the 16 s from the "
			    "job's start") != NULL);
		} else
			CHECK(strcmp(an->verdict.cause, "memory_stall") != 0);
		analysis_free(an);
	}
}

/* The SPANK plugin's real bundle of a job thrashing at its limit until
 * its time limit (the cgroup v2 VM), its watcher's series extended by two
 * more minutes of what the cgroup held after the time limit's kill freed
 * the memory (52 MB of 200 MB, as its last real rows): a collection that
 * came late.  The stall is judged up to the job's end (sacct End), not
 * over the teardown sampled after it. */
DEFINE_TEST(test_analysis_stall_series_ends_with_job)
{
	const char		*in[1] = { "late" };
	struct series_hdr	 h = { .job = "46160764", .host = "v2node",
				    .interval_ms = 1000,
				    .t0_ns = 1796159789263829516LL,
				    .mono0_ns = 84409782357LL };
	struct series_writer	*w;
	struct analysis		*an;
	struct err		 e = { 0 };
	int64_t			 v = 52080640;
	long			 c;

	CHECK(test_sh("rm -rf late && mkdir late && tar --zstd -xf '%s' -C "
	    "late", test_src("fixtures/scenarios/real-v2vm-thrash-watch/"
	    "oomtrail-oomtrailci-46160764-v2node-20261201T211758Z.tar.zst"))
	    == 0);
	if (series_writer_open(&w, "late/watch/series.txt", &h, 0, &e) !=
	    ERR_OK) {
		test_fail(__FILE__, __LINE__, "series_writer_open: %s", e.msg);
		return;
	}
	c = series_writer_col(w, "cg/job/current", "bytes", 209715200);
	CHECK_EQ_INT(c, 0);
	for (int i = 0; i < 120; i++)
		CHECK(series_writer_row(w, h.t0_ns + (103 + i) *
		    1000000000LL, &v, 1, &e) == ERR_OK);
	series_writer_close(w);
	CHECK(manifest_resum("late", "watch/series.txt") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_INT(an->damaged, 0);
	CHECK_EQ_STR(an->verdict.cause, "memory_stall");
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-010");
	CHECK(strstr(an->verdict.summary, "before the job ended") != NULL);
	analysis_free(an);
}

/* Two steps of one job, each killed at its own limit: one breakdown per
 * failing cgroup, the initiating one first; a second kill in the same
 * cgroup adds none. */
DEFINE_TEST(test_analysis_breakdown_each_cgroup)
{
	static const char	*fmt =
	    "[ %d.000001] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL)"
	    ", order=0, oom_score_adj=0\n"
	    "[ %d.000100] memory: usage 102400kB, limit 102400kB, failcnt 9\n"
	    "[ %d.000102] Memory cgroup stats for /system.slice/"
	    "slurmstepd.scope/job_9/step_%d:\n"
	    "[ %d.000103] anon 100663296\n"
	    "[ %d.000104] file 1048576\n"
	    "[ %d.000105] kernel 1048576\n"
	    "[ %d.000200] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
	    "cpuset=/,mems_allowed=0,oom_memcg=/system.slice/slurmstepd.scope/"
	    "job_9/step_%d,task_memcg=/system.slice/slurmstepd.scope/job_9/"
	    "step_%d/user/task_0,task=python3,pid=%d,uid=1001\n"
	    "[ %d.000300] Memory cgroup out of memory: Killed process %d "
	    "(python3) total-vm:120000kB, anon-rss:19200kB, file-rss:800kB, "
	    "shmem-rss:0kB, UID:1001 pgtables:100kB oom_score_adj:0\n";
	static const int	 step[3] = { 1, 0, 1 }, t[3] = { 60, 70, 80 };
	char			 buf[4096];
	size_t			 len = 0;
	struct analysis		*an;

	for (int i = 0; i < 3; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, fmt, t[i],
		    t[i], t[i], step[i], t[i], t[i], t[i], t[i], step[i],
		    step[i], 100 + i, t[i], 100 + i);
	CHECK(len < sizeof(buf));
	if ((an = run_text("dmesg.txt", buf)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_INT(an->nbreakdown, 2);
	if (an->nbreakdown == 2) {
		CHECK_EQ_STR(an->breakdown[0].cgroup,
		    "/system.slice/slurmstepd.scope/job_9/step_1");
		CHECK_EQ_STR(an->breakdown[1].cgroup,
		    "/system.slice/slurmstepd.scope/job_9/step_0");
	}
	analysis_free(an);
}

/* A container the job's user started (dockerd made its cgroup, outside
 * the job's) killed at the container's own limit: the container escaped
 * the job's cgroup; with another uid (1002) it is another user's kill,
 * ruled out as the job's (the job itself completed, so nothing failed
 * that the bundle shows); with no record of the job's user (uid 1003:
 * no scontrol), the container's cgroup at medium. Built on the kernel's
 * documented lines and the real scontrol record of job 5 (uid 1001). */
DEFINE_TEST(test_analysis_container_escape)
{
	static const char	*fmt =
	    "[ 60.000001] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL)"
	    ", order=0, oom_score_adj=0\n"
	    "[ 60.000100] memory: usage 524288kB, limit 524288kB, failcnt 3\n"
	    "[ 60.000200] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
	    "cpuset=docker-0123abcd.scope,mems_allowed=0,oom_memcg=/system."
	    "slice/docker-0123abcd.scope,task_memcg=/system.slice/docker-"
	    "0123abcd.scope,task=python3,pid=4321,uid=%d\n"
	    "[ 60.000300] Memory cgroup out of memory: Killed process 4321 "
	    "(python3) total-vm:600000kB, anon-rss:520000kB, file-rss:800kB, "
	    "shmem-rss:0kB, UID:%d pgtables:1100kB oom_score_adj:0\n";
	const char	*in[1] = { "escape" };
	char		 cmd[512];
	struct analysis	*an;
	FILE		*fp;

	for (int uid = 1001; uid <= 1003; uid++) {
		snprintf(cmd, sizeof(cmd), "rm -rf escape && mkdir escape && "
		    "%s cp '%s' escape/scontrol-job.txt", uid == 1003 ?
		    "true ||" : "", test_src("fixtures/"
		    "scenarios/real-2411-v2-oom-srun/slurm/scontrol-job.txt"));
		CHECK(system(cmd) == 0);
		if ((fp = fopen("escape/dmesg.txt", "w")) == NULL)
			return;
		fprintf(fp, fmt, uid, uid);
		fclose(fp);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		if (uid == 1002) {
			CHECK(strcmp(an->verdict.cause, "host_oom") != 0);
			CHECK(an->nruled_out >= 1 && strcmp(an->ruled_out[0].
			    cause, "host_oom") == 0 && strstr(an->ruled_out[0].
			    why, "(uid 1002) was not the job's: its victim ran "
			    "as another user than the job's (uid 1001)") !=
			    NULL);
			analysis_free(an);
			continue;
		}
		CHECK_EQ_STR(an->verdict.cause, "host_oom");
		CHECK_EQ_STR(an->verdict.rule, "R-HOST-012");
		CHECK_EQ_STR(an->verdict.confidence, uid == 1003 ? "medium" :
		    "high");
		if (uid == 1003)
			CHECK(strstr(an->verdict.summary, "if uid 1003 is the "
			    "job's user") != NULL);
		if (uid == 1001) {
			CHECK(strstr(an->verdict.summary, "Docker container")
			    != NULL);
			CHECK(strstr(an->verdict.next_action, "--cgroup-parent")
			    != NULL);
		}
		analysis_free(an);
	}
}

/* The same container kill, as the job's own user, timed against the
 * job's run (the real scontrol record of job 5: 14:40:28 to 14:41:28;
 * no sacct, so the run is scontrol's): inside it, the container the job
 * started (R-HOST-012); five seconds before the start or seven after
 * the end, a kill in a cgroup that names no job is someone else's, not
 * the job's within the ten seconds' slack a kill that may be in the
 * job's own cgroup gets, and the host row names it as ruled out. */
DEFINE_TEST(test_analysis_container_kill_outside_run)
{
	static const char *const at[] = { "14:40:23", "14:40:27",
	    "14:40:40", "14:41:35" };
	static const char	*fmt =
	    "2026-12-01T%s.000001+00:00 vm1 kernel: python3 invoked "
	    "oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, "
	    "oom_score_adj=0\n"
	    "2026-12-01T%s.000200+00:00 vm1 kernel: oom-kill:constraint="
	    "CONSTRAINT_MEMCG,nodemask=(null),cpuset=docker-0123abcd.scope,"
	    "mems_allowed=0,oom_memcg=/system.slice/docker-0123abcd.scope,"
	    "task_memcg=/system.slice/docker-0123abcd.scope,task=python3,"
	    "pid=4321,uid=1001\n"
	    "2026-12-01T%s.000300+00:00 vm1 kernel: Memory cgroup out of "
	    "memory: Killed process 4321 (python3) total-vm:600000kB, "
	    "anon-rss:520000kB, file-rss:800kB, shmem-rss:0kB, UID:1001 "
	    "pgtables:1100kB oom_score_adj:0\n";
	const char	*in[1] = { "run" };
	char		 cmd[512];
	struct analysis	*an;
	FILE		*fp;

	snprintf(cmd, sizeof(cmd), "mkdir run && cp '%s' run/scontrol-job.txt",
	    test_src("fixtures/scenarios/real-2411-v2-oom-srun/slurm/"
	    "scontrol-job.txt"));
	CHECK(system(cmd) == 0);
	for (size_t i = 0; i < 4; i++) {
		int	inside = i == 1 || i == 2;

		if ((fp = fopen("run/kern.log", "w")) == NULL)
			return;
		fprintf(fp, fmt, at[i], at[i], at[i]);
		fclose(fp);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, inside ? "host_oom" :
		    "inconclusive");
		if (inside)
			CHECK_EQ_STR(an->verdict.rule, "R-HOST-012");
		else
			CHECK(an->nruled_out >= 1 && strcmp(an->ruled_out[0].
			    cause, "host_oom") == 0 && strstr(an->ruled_out[0].
			    why, i == 0 ? "not the job's: it happened before "
			    "the job started" : "not the job's: it happened "
			    "after the job ended") != NULL);
		analysis_free(an);
	}
}

/* "busy or unavailable" is another process holding an exclusive GPU,
 * unless the driver says the GPU itself needs a reset: then it is the
 * device's fault. The kernel lines as a user pasted them, each indented
 * by a blank (scitix/sichek#51). */
DEFINE_TEST(test_analysis_busy_gpu_needing_reset)
{
	const char	*in[1] = { "busy" };
	struct analysis	*an;
	FILE		*fp;

	CHECK(system("mkdir busy && printf \"Test CUDA failure common.cu:1007"
	    "\\n'CUDA-capable device(s) is/are busy or unavailable'\\n\" "
	    ">busy/job.log") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-DEV-021");
	analysis_free(an);
	if ((fp = fopen("busy/dmesg.txt", "w")) == NULL)
		return;
	fputs(" [Sun Jan 11 09:52:01 2026] NVRM: rpcRmApiAlloc_GSP: GspRmAlloc "
	    "failed: hClient=0xc1d1a616; hParent=0x5c000054; hObject="
	    "0x5c00005b; hClass=0x0000c86f; paramsSize=0x00000170; "
	    "paramsStatus=0x00000062; status=0x00000062 \n"
	    " [Sun Jan 11 09:52:01 2026] NVRM: nvAssertOkFailedNoLog: "
	    "Assertion failed: Reset required [NV_ERR_RESET_REQUIRED] "
	    "(0x00000062) returned from status @ kernel_channel.c:2874 \n", fp);
	fclose(fp);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "xid_fault");
	CHECK(strstr(an->verdict.summary, "NV_ERR_RESET_REQUIRED") != NULL);
	CHECK(an->verdict.initiating != NULL && strcmp(an->verdict.initiating->
	    source, "dmesg.txt") == 0 && an->verdict.initiating->line == 2);
	analysis_free(an);
}

/* A site's cli_filter plugin refusing srun's options: nothing ran, and
 * the plugin's own message (the line before) is the reason given
 * (ComputationalRadiationPhysics/picongpu#5458, as posted). */
DEFINE_TEST(test_analysis_cli_filter_refusal)
{
	const char	*in[1] = { "filter" };
	struct analysis	*an;

	CHECK(system("mkdir filter && printf 'srun: lua: Non-exclusive jobs on "
	    "Alpha Centauri are allowed to request at most 193250 MB memory "
	    "per requested GPU to allow a fair sharing of resources within a "
	    "single node. \\nsrun: error: cli_filter plugin terminated with "
	    "error\\n' >filter/job.log") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "step_creation_failure");
	CHECK_EQ_STR(an->verdict.rule, "R-STEP-003");
	CHECK(strstr(an->verdict.summary, "cli_filter plugin refused") != NULL);
	CHECK(strstr(an->verdict.summary, "(its message: \"srun: lua: "
	    "Non-exclusive jobs") != NULL);
	analysis_free(an);
}

/* A per-process limit decides only when no memory failure is there too:
 * a watcher's complaint before a device OOM is not the story. */
DEFINE_TEST(test_analysis_rlimit_beside_oom)
{
	struct analysis	*an;

	if ((an = run_text("job.log", "OSError: [Errno 24] Too many open "
	    "files\n")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-024");
	analysis_free(an);
	if ((an = run_text("job.log", "OSError: [Errno 24] Too many open "
	    "files\ntorch.OutOfMemoryError: CUDA out of memory. Tried to "
	    "allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of "
	    "which 1.02 GiB is free. Including non-PyTorch memory, this "
	    "process has 78.12 GiB memory in use. Of the allocated memory "
	    "76.80 GiB is allocated by PyTorch, and 0.81 GiB is reserved by "
	    "PyTorch but unallocated.\n")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "cuda_oom_exhaustion");
	analysis_free(an);
}

/* torchelastic's agent told to stop from outside: the signal decides the
 * wording and the confidence, and a scheduler's end of the job, when
 * collected, is the cause instead (line of ultralytics/ultralytics#918,
 * real; the SIGTERM and Signals-name forms are the same format). */
DEFINE_TEST(test_analysis_launcher_signaled)
{
	static const struct {
		const char	*log, *rule, *conf, *words;
	} t[] = {
		{ "WARNING:torch.distributed.elastic.agent.server.api:Received 1 "
		    "death signal, shutting down workers\n", "R-OTHER-025",
		    "medium", "received SIGHUP" },
		{ "Received Signals.SIGTERM death signal, shutting down "
		    "workers\n", "R-OTHER-025", "low", "received SIGTERM" },
		{ "Received 15 death signal, shutting down workers\n"
		    "slurmstepd: error: *** JOB 1234 ON node01 CANCELLED AT "
		    "2021-10-27T19:35:36 DUE TO TIME LIMIT ***\n",
		    "R-SCHED-001", NULL, NULL },
	};
	struct analysis	*an;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if ((an = run_text("job.log", t[i].log)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.rule, t[i].rule);
		if (t[i].conf != NULL)
			CHECK_EQ_STR(an->verdict.confidence, t[i].conf);
		if (t[i].words != NULL)
			CHECK(strstr(an->verdict.summary, t[i].words) != NULL);
		analysis_free(an);
	}
}

/* Fragmentation by the seed's rule, but the unallocated cache holds the
 * request with less than a quarter to spare: medium, not high (a real
 * line, tianzhi0549/FCOS#70, whose thread found a one-off spike). */
DEFINE_TEST(test_analysis_marginal_fragmentation)
{
	const char	*in[1] = { "frag/job.log" };
	struct analysis	*an;

	CHECK(system("mkdir frag && printf 'RuntimeError: CUDA out of memory. "
	    "Tried to allocate 1.56 GiB (GPU 1; 11.92 GiB total capacity; "
	    "7.99 GiB already allocated; 1.20 GiB free; 1.74 GiB cached)\n' "
	    ">frag/job.log") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "cuda_oom_fragmentation");
	CHECK_EQ_STR(an->verdict.confidence, "medium");
	CHECK(strstr(an->verdict.confidence_reason, "only just holds") !=
	    NULL);
	analysis_free(an);
}

/* A container that did not start names the runtime's own error and a
 * control on the node, not the step's memory request: a failure of its
 * own, not of Slurm's step set-up (R-OTHER-033); Slurm's SPANK line
 * alone names the plugin (NVIDIA/pyxis#110's lines, real). */
DEFINE_TEST(test_analysis_container_start_failed)
{
	const char	*in[1] = { "pyxis/job.log" };
	struct analysis	*an;

	CHECK(system("mkdir pyxis && printf 'pyxis: importing docker image "
	    "...\\nslurmstepd: error: pyxis: container start failed with "
	    "error code: 1\\nslurmstepd: error: pyxis:     [ERROR] Command "
	    "not found: nvidia-container-cli, see https://github.com/NVIDIA/"
	    "libnvidia-container\\nslurmstepd: error: spank: required plugin "
	    "spank_pyxis.so: task_init() failed with rc=-1\\n' "
	    ">pyxis/job.log") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-033");
	CHECK(strstr(an->verdict.summary, "could not start the step's "
	    "container (Command not found: nvidia-container-cli") != NULL);
	CHECK(strstr(an->verdict.next_action, "--container-image") != NULL);
	analysis_free(an);
	CHECK(system("sed -i 3d pyxis/job.log") == 0);
	if ((an = run(in, 1, 1)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-033");
	CHECK(strstr(an->verdict.summary, "container plugin (pyxis) failed") !=
	    NULL);
	analysis_free(an);
}

/* A device OOM in a process that found the device mostly taken when it
 * started is another tenant's doing; a start-up shortfall of less than
 * 2 GiB is the request's, unless it is most of a small card. vLLM's start-up check as vllm-project/vllm
 * #20305 (15.94 GiB of 47.38 held) and #25837 (a 4 GiB GPU, 0.78 GiB
 * held) posted it; TensorFlow 1.x's device properties and its driver's
 * allocation failure as wencolani/CrossE#2 did (12.78 GiB held), and the
 * same log with the device free. */
DEFINE_TEST(test_analysis_device_held_at_start)
{
	static const struct {
		const char	*log, *rule;
	} t[] = {
		{ "[multiproc_executor.py:492] ValueError: Free memory on "
		    "device (31.44/47.38 GiB) on startup is less than desired "
		    "GPU memory utilization (0.95, 45.01 GiB). Decrease GPU "
		    "memory utilization or reduce GPU memory used by other "
		    "processes.\n", "R-DEV-025" },
		{ "(EngineCore_DP0 pid=17374) ERROR 09-28 15:47:24 "
		    "[core.py:718] ValueError: Free memory on device (3.22/4.0 "
		    "GiB) on startup is less than desired GPU memory "
		    "utilization (0.9, 3.6 GiB). Decrease GPU memory "
		    "utilization or reduce GPU memory used by other "
		    "processes.\n", "R-DEV-007" },
		{ "totalMemory: 15.90GiB freeMemory: 3.12GiB\n"
		    "2019-07-31 12:26:59.036369: E tensorflow/stream_executor/"
		    "cuda/cuda_driver.cc:806] failed to allocate 7.63\n",
		    "R-DEV-025" },
		{ "totalMemory: 15.90GiB freeMemory: 15.61GiB\n"
		    "2019-07-31 12:26:59.036369: E tensorflow/stream_executor/"
		    "cuda/cuda_driver.cc:806] failed to allocate 7.63\n",
		    "R-DEV-007" },
		/* TensorFlow 1.0's two lines (tensorflow#8170, real) */
		{ "Total memory: 7.92GiB\nFree memory: 190.31MiB\n"
		    "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] "
		    "failed to allocate 190.31M (199557120 bytes) from device: "
		    "CUDA_ERROR_OUT_OF_MEMORY\n", "R-DEV-025" },
		{ "Total memory: 7.92GiB\nFree memory: 7.71GiB\n"
		    "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] "
		    "failed to allocate 190.31M (199557120 bytes) from device: "
		    "CUDA_ERROR_OUT_OF_MEMORY\n", "R-DEV-007" },		/* a small card (yahoo/TensorFlowOnSpark#75, real): 1.79
		 * of 1.96 GiB taken is less than 2 GiB but most of it */
		{ "Total memory: 1.96GiB\nFree memory: 173.69MiB\n"
		    "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] "
		    "failed to allocate 173.69M (182124544 bytes) from device: "
		    "CUDA_ERROR_OUT_OF_MEMORY\n", "R-DEV-025" },
		/* 1.2 of 3.95 GiB taken: a desktop's share, not a tenant */
		{ "Total memory: 3.95GiB\nFree memory: 2.75GiB\n"
		    "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] "
		    "failed to allocate 2.75G (2952790016 bytes) from device: "
		    "CUDA_ERROR_OUT_OF_MEMORY\n", "R-DEV-007" },
	};
	struct analysis	*an;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if ((an = run_text("job.log", t[i].log)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.rule, t[i].rule);
		CHECK_EQ_STR(an->verdict.cause, strcmp(t[i].rule, "R-DEV-025")
		    == 0 ? "gpu_other_tenant" : "cuda_oom_exhaustion");
		if (i == 0)
			CHECK(strstr(an->verdict.summary, "only 31.44 GiB of the "
			    "device's 47.38 GiB was free: 15.94 GiB was held")
			    != NULL);
		if (i == 1)
			CHECK(strstr(an->verdict.summary, "--gpu-memory-"
			    "utilization (0.9)") != NULL);
		analysis_free(an);
	}
}

/* Only part of the kernel's OOM report (its task table; no kill line):
 * the OOM killer ran, and the verdict says what is not known instead of
 * naming an empty victim. */
DEFINE_TEST(test_analysis_kernel_report_without_kill)
{
	struct analysis	*an;

	an = run_text("kern.log",
	    "Feb 10 06:02:20 kernel: Tasks state (memory values in pages):\n"
	    "Feb 10 06:02:20 kernel: [  pid  ]   uid  tgid total_vm      rss "
	    "pgtables_bytes swapents oom_score_adj name\n"
	    "Feb 10 06:02:20 kernel: [2275268]     0 2275268  2001555   705854"
	    "  9302016   421501             0 tickrs\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK_EQ_STR(an->verdict.rule, "R-HOST-001");
	CHECK(strstr(an->verdict.summary, "not the line naming the process "
	    "it killed") != NULL);
	CHECK(strstr(an->verdict.summary, "pid -1") == NULL);
	analysis_free(an);
}

/* Xid 45's clean-up names the fault it follows: the verdict says what
 * that earlier Xid means (corpus d1203). */
DEFINE_TEST(test_analysis_xid_previous)
{
	struct analysis	*an;

	an = run_text("xid.log", "kernel: NVRM: Xid "
	    "(PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 "
	    "caused by previous Xid 149\n");
	if (an == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "xid_fault");
	CHECK(strstr(an->verdict.summary, "Xid 45 (") != NULL);
	CHECK(strstr(an->verdict.summary, "names an earlier Xid 149 as its "
	    "cause") != NULL);
	analysis_free(an);
}

/* Lines of the platforms GPU jobs run on, each alone in a job log, and
 * what they decide: visible-device mismatches (PyTorch's ordinal assert,
 * a MIG UUID read as an index), Ray's memory monitor (its raylet summary
 * with the head wrapped away, its top-memory table), the kubelet's
 * evictions for memory and for disk, PyTorch's CPU allocator, vLLM's KV
 * cache checks, an NGC container's driver check, slurmstepd failing to
 * exec the task, the OOM checks of LMDeploy and of 2023's llama.cpp, an
 * invalid device ordinal, CUDA IPC refusing a peer's handle, Torque's
 * memory kills (vmem in bytes, the server's abort mail), LSF's report of
 * a job that completed and Moab's soft-limit notice, the Kubernetes
 * device plugin's Xid, RmInitAdapter failing, PyTorch's shared-memory
 * files, TensorRT's allocator. The lines are the corpus cases' and
 * aws/aws-k8s-tester's. */
DEFINE_TEST(test_analysis_platform_lines)
{
	static const struct {
		const char	*line, *cause, *rule;
	} t[] = {
		{ "torch.cuda.DeferredCudaCallError: CUDA call failed lazily at "
		    "initialization with error: device >= 0 && device < num_gpus "
		    "INTERNAL ASSERT FAILED at \"../aten/src/ATen/cuda/"
		    "CUDAContext.cpp\":50, please report a bug to PyTorch.",
		    "gpu_access_denied", "R-GPU-001" },
		{ "ValueError: invalid literal for int() with base 10: "
		    "'MIG-74d68ce8-f74a-5408-a325-06b493f31c14'",
		    "gpu_access_denied", "R-GPU-001" },
		{ " actors) killed due to memory pressure (OOM), 0 Workers "
		    "crashed due to other reasons at node (ID: abd406d415bd2b7"
		    "4a5", "host_oom", "R-HOST-014" },
		{ "PID     MEM(GB) COMMAND", "host_oom", "R-HOST-014" },
		{ "Memory on the node (IP: 10.0.0.2, ID: 708c7baf) where the "
		    "task (actor ID: 0dab4ab4, name=Worker.__init__, pid=308, "
		    "memory used=11.15GB) was running was 12.49GB / 13.15GB "
		    "(0.950003), which exceeds the memory usage threshold of "
		    "0.95. Ray killed this worker (ID: 79a553ea) because it was "
		    "the most recently scheduled task", "host_oom",
		    "R-HOST-014" },
		{ "Mon, 27 Jul 2026 11:05:34 CEST(+0200):ERROR:RetryJob Job "
		    "killed by HTCondor due to excessive memory use (RSS=2250 "
		    "MB). Will not retry it.", "host_oom", "R-HOST-014" },
		{ "2020-11-24 11:32:25.434730: E tensorflow/stream_executor/"
		    "cuda/cuda_driver.cc:868] failed to alloc 4294967296 bytes "
		    "on host: CUDA_ERROR_OUT_OF_MEMORY: out of memory",
		    "host_oom", "R-HOST-005" },
		{ "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime "
		    "failed to allocate the necessary resources.",
		    "gpu_access_denied", "R-GPU-001" },
		{ "2025-09-27 21:28:36.293076: E xla/stream_executor/rocm/"
		    "rocm_platform.cc:50] failed call to hipInit: "
		    "HIP_ERROR_NoDevice", "gpu_access_denied", "R-GPU-001" },
		{ "test_x (pkg.tests.TestX.test_x) ... ci/test.sh: line 73:  "
		    "1148 Killed                  python -m pkg.runtests",
		    "host_oom", "R-HOST-009" },
		{ "INFO 05-02 10:11:12 metrics.py:341] Avg prompt throughput: "
		    "0.0 tokens/s, Avg generation throughput: 1.6 tokens/s, "
		    "Running: 1 reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV "
		    "cache usage: 0.2%, CPU KV cache usage: 0.0%.",
		    "no_incident", "R-NONE-003" },
		{ " Sequence group 221 is preempted by PreemptionMode.RECOMPUTE "
		    "mode because there is not enough KV cache space. This can "
		    "affect the end-to-end performance.", "no_incident",
		    "R-NONE-003" },
		{ "[loggers.py:123] Engine 000: Avg prompt throughput: 800.0 "
		    "tokens/s, Avg generation throughput: 255.0 tokens/s, "
		    "Running: 1 reqs, Waiting: 0 reqs, GPU KV cache usage: 99.3%, "
		    "Prefix cache hit rate: 93.1%", "no_incident", "R-NONE-003" },
		{ "Program received signal SIGSEGV: Segmentation fault - invalid "
		    "memory reference.", "not_oom_other", "R-OTHER-030" },
		{ "srun: error: n17: task 3: Segmentation fault (core dumped)",
		    "not_oom_other", "R-OTHER-030" },
		{ "Cuda driver error 804 in call at file", "not_oom_other",
		    "R-OTHER-021" },
		{ "Exception: Error downloading array energyBuffer: Invalid error "
		    "code (700)", "xid_fault", "R-HW-001" },
		{ "CUDA error !!!!! <out of memory> !!!!! ", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		{ "  Warning  UnexpectedAdmissionError  84s  kubelet  Allocate "
		    "failed due to no healthy devices present; cannot allocate "
		    "unhealthy devices nvidia.com/gpu, which is unexpected",
		    "step_creation_failure", "R-STEP-001" },
		{ "State: TIMEOUT (exit code 0)", "time_limit", "R-SCHED-002" },
		{ "             State: OUT_OF_MEMORY", "host_oom", "R-HOST-007" },
		{ "2024-07-16 16:58:49 jobid=48767710 jobstate=OUT_OF_MEMORY "
		    "username=u account=a nodes=r153 procs=2", "host_oom",
		    "R-HOST-007" },
		{ "CANCELLED ... DUE TO PREEMPTION", "time_limit",
		    "R-SCHED-001" },
		{ "Unable to run job: denied: host \"n7168\" is no submit "
		    "host.", "step_creation_failure", "R-STEP-003" },
		{ "IO Error: Could not read from file \"/data/duckdb_temp_"
		    "storage_0.tmp\": Stale file handle", "not_oom_other",
		    "R-OTHER-005" },
		{ "transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid "
		    "argument'", "not_oom_other", "R-OTHER-021" },
		{ "g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error "
		    "while attaching to shared memory segment /dev/shm/nccl-"
		    "glnlGK (size 14156128), error: No such file or directory "
		    "(2)", "not_oom_other", "R-OTHER-029" },
		{ "g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error "
		    "while creating shared memory segment /dev/shm/nccl-glnlGK "
		    "(size 14156128), error: No space left on device (28)",
		    "shm_limit", "R-SHM-001" },
		{ "The node was low on resource: memory. Container "
		    "prometheus-server was using 3885112Ki, which exceeds its "
		    "request of 0.", "host_oom", "R-HOST-014" },
		{ "The node was low on resource: ephemeral-storage. Threshold "
		    "quantity: 10120387530, available: 9166736Ki. Container llm "
		    "was using 57900024Ki, request is 0, has larger consumption "
		    "of ephemeral-storage. ", "not_oom_other", "R-OTHER-005" },
		{ "RuntimeError: [enforce fail at ..\\c10\\core\\impl\\"
		    "alloc_cpu.cpp:72] data. DefaultCPUAllocator: not enough "
		    "memory: you tried to allocate 26214400 bytes.",
		    "host_oom", "R-HOST-005" },
		{ "[rank0]: ValueError: The model's max seq len (60000) is "
		    "larger than the maximum number of tokens that can be "
		    "stored in KV cache (58384). Try increasing "
		    "`gpu_memory_utilization` or decreasing `max_model_len` "
		    "when initializing the engine.", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		{ "ValueError: No available memory for the cache blocks. Try "
		    "increasing `gpu_memory_utilization` when initializing the "
		    "engine.", "cuda_oom_exhaustion", "R-DEV-007" },
		{ "ERROR: This container was built for NVIDIA Driver Release "
		    "450.36 or later, but", "not_oom_other", "R-OTHER-021" },
		{ "slurmstepd: error: execve(): /tmp/slurmd/job00089/"
		    "slurm_script: No such file or directory",
		    "step_creation_failure", "R-STEP-001" },
		{ "slurmstepd: error: execve(): nil: No such file or directory",
		    "not_oom_other", "R-OTHER-031" },
		{ "[2021-12-14T09:52:21.414] debug:  Node hb120v2-2 has low "
		    "real_memory size (435161 < 443596)",
		    "step_creation_failure", "R-STEP-001" },
		{ "=   KILLED BY SIGNAL: 7 (Bus error)", "shm_limit",
		    "R-SHM-002" },
		{ "29.475s: flux-shell[0]: ERROR: oom: Memory cgroup out of "
		    "memory: killed 1 task on picl7.", "host_oom", "R-HOST-002" },
		{ "Out of memory allocating 4499256832 bytes of device memory",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		{ "[1652739463.054681] [cn0022:4071024:0]        ib_iface.c:1035 "
		    "UCX  ERROR ibv_create_cq(cqe=4096) failed: Cannot allocate "
		    "memory", "not_oom_other", "R-OTHER-024" },
		{ "-- ERROR  Task cormhap can't run on any available machines.",
		    "step_creation_failure", "R-STEP-003" },
		{ "Process requirement exceeds available memory -- req: 6 GB; "
		    "avail: 4 GB", "step_creation_failure", "R-STEP-003" },
		{ "Task failed with returncode=-9", "host_oom", "R-HOST-009" },
		{ "2024-11-04 10:59:09 - CRITICAL - Error while starting 'dd' "
		    "in '.': [Errno 0] Child process of RunExecutor terminated "
		    "with exit signal 9.", "host_oom", "R-HOST-009" },
		{ "[96c7e3d99641:24984] Read -1, expected 122880, errno = 1",
		    "no_incident", "R-NONE-003" },
		{ "2025-10-09 20:16:32,652    WARNING services.py:2159 -- "
		    "WARNING: The object store is using /tmp instead",
		    "no_incident", "R-NONE-003" },
		/* the same warning at a container's default /dev/shm: the
		 * sign of a failure cut from the paste, not a healthy run */
		{ "2023-11-18 03:39:16,283 WARNING services.py:1996 -- WARNING: "
		    "The object store is using /tmp instead of /dev/shm because "
		    "/dev/shm has only 67108864 bytes available. This will harm "
		    "performance!", "inconclusive", "R-INC-002" },
		{ "slurmstepd: error: pyxis:     mkdir: cannot create directory "
		    "'/run/enroot': Permission denied\nslurmstepd: error: pyxis: "
		    "failed to import docker image", "not_oom_other",
		    "R-OTHER-033" },
		{ "The actor is dead because its worker process has died. Worker "
		    "exit type: SYSTEM_ERROR Worker exit detail: Worker "
		    "unexpectedly exits with a connection error code 2. End of "
		    "file. There are some potential root causes.", "host_oom",
		    "R-HOST-009" },
		{ "=>> PBS: job killed: ncpus 38.28 exceeded limit 32 (sum)",
		    "not_oom_other", "R-OTHER-024" },
		{ "job preempted (node failure)", "not_oom_other",
		    "R-OTHER-004" },
		{ "RuntimeError: Unable to initialize backend 'cuda': INTERNAL: "
		    "no supported devices found for platform CUDA (you may need "
		    "to uninstall the failing plugin package, or set "
		    "JAX_PLATFORMS=cpu to skip this backend.)",
		    "gpu_access_denied", "R-GPU-001" },
		/* corpus h1201's line (there the extraction was OOM-killed,
		 * which the batch step's count decides); alone, a container
		 * that could not start */
		{ "FATAL:   while extracting /PATH/images_singularity/dt-geo_t-"
		    "hysea_x86_64_openmpi_4.1.4_cuda_11.8_v_dt-geo.sif: root "
		    "filesystem extraction failed: extract command failed: "
		    "WARNING: While bind mounting '/sbin/unsquashfs:/sbin/"
		    "unsquashfs': destination is already in the mount point list",
		    "not_oom_other", "R-OTHER-033" },
		{ "ray.exceptions.RayActorError: The actor died unexpectedly "
		    "before finishing this task.", "inconclusive", "R-INC-001" },
		/* a banner with its job id and node redacted by the poster */
		{ "error: *** JOB XXX ON YYY CANCELLED AT 2025-08-26T12:02:52 "
		    "DUE TO TIME LIMIT ***", "time_limit", "R-SCHED-001" },
		/* a SPANK plugin's epilog error, and the drain Slurm gives a
		 * step it could not kill: the node's fault, not memory */
		{ "Feb 22 17:46:38 ip-10-1-74-228 slurmd[13562]: spank-epilog: "
		    "error: pyxis: mkdir: cannot create directory '/opt/dlami/"
		    "nvme/tmp/enroot/data': Permission denied", "not_oom_other",
		    "R-OTHER-004" },
		{ "Kill task failed root 2024-01-25T15:12:23 ip-10-0-1-23",
		    "not_oom_other", "R-OTHER-034" },
		{ "[2020-12-14T09:44:56.002] [63532.0] error: *** STEP 63532.0 "
		    "STEPD TERMINATED ON cn106 AT 2020-12-14T09:44:56 DUE TO JOB "
		    "NOT ENDING WITH SIGNALS ***", "not_oom_other", "R-OTHER-034" },
		/* the cancel that began the teardown is the failure */
		{ "[2020-12-14T09:43:55.500] [63532.0] error: *** STEP 63532.0 ON "
		    "cn106 CANCELLED AT 2020-12-14T09:43:55 ***\n"
		    "[2020-12-14T09:44:56.002] [63532.0] error: *** STEP 63532.0 "
		    "STEPD TERMINATED ON cn106 AT 2020-12-14T09:44:56 DUE TO JOB "
		    "NOT ENDING WITH SIGNALS ***", "not_oom_other", "R-SCHED-003" },
		/* cudaErrorDevicesUnavailable as a bare number */
		{ "Return value 46 from 'cudaStreamCreate(&kernel_stream)'.  "
		    "Exiting.", "gpu_other_tenant", "R-DEV-021" },
		/* srun's step error with the job id elided */
		{ "srun: error: Unable to create step for job ...: More "
		    "processors requested than permitted",
		    "step_creation_failure", "R-STEP-001" },
		/* HAMi-core refusing an allocation past the pod's vGPU cap,
		 * and the same refusal with its usage count wrapped */
		{ "[HAMI-core ERROR (pid:30 thread=140382094939712 "
		    "allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000",
		    "cuda_oom_exhaustion", "R-DEV-006" },
		{ "[HAMI-core ERROR (pid:1 thread=140160828682240 "
		    "allocator.c:53)]: Device 0 OOM 18446744073707737660 / "
		    "24146608128", "not_oom_other", "R-OTHER-021" },
		/* an Intel GPU at its single-allocation limit with the device
		 * free, in PyTorch's words and in Intel's extension's */
		{ "torch.OutOfMemoryError: XPU out of memory. Tried to allocate "
		    "4.00 GiB. GPU 0 has a total capacity of 15.11 GiB of which "
		    "15.11 GiB is free. Of the allocated memory 1024 bytes is "
		    "allocated by PyTorch, and 2.00 MiB is reserved by PyTorch "
		    "but unallocated. Please use `empty_cache` to release all "
		    "unoccupied cached memory.", "not_oom_other", "R-DEV-026" },
		{ "RuntimeError: Current platform can NOT allocate memory block "
		    "with size larger than 4GB! Tried to allocate 6.85 GiB (GPU  "
		    "0; 15.56 GiB total capacity; 0 bytes already allocated; 0 "
		    "bytes reserved in total by PyTorch)", "not_oom_other",
		    "R-DEV-026" },
		/* a CUDA OOM whose own figures show the device with room */
		{ "CUDA out of memory. Tried to allocate 60.00 MiB. GPU 0 has a "
		    "total capacty of "
		    "11.00 GiB of which 4.48 GiB is free. Of the allocated memory "
		    "5.19 GiB is allocated by PyTorch, and 283.84 MiB is reserved "
		    "by PyTorch but unallocated. If reserved but unallocated "
		    "memory is large try setting max_split_size_mb to avoid "
		    "fragmentation.", "inconclusive", "R-DEV-027" },
		/* no GPU at all, in PyTorch's, SYCL's and OpenCL's words */
		{ "RuntimeError: No CUDA GPUs are available", "gpu_access_denied",
		    "R-GPU-001" },
		{ "  what():  No device of requested type "
		    "'info::device_type::gpu' available. Please check https://"
		    "software.intel.com/content/www/us/en/develop/articles/"
		    "intel-oneapi-dpcpp-system-requirements.html -1 "
		    "(PI_ERROR_DEVICE_NOT_FOUND)", "gpu_access_denied",
		    "R-GPU-001" },
		/* a build without code for this GPU, in THC's old words */
		{ "RuntimeError: cuda runtime error (8) : invalid device function "
		    "at /gpfsnyu/home/ks3286/pytorch/torch/lib/THC/generated/../"
		    "generic/THCTensorMathPointwise.cu:247", "not_oom_other",
		    "R-OTHER-021" },
		/* a GPU in exclusive-thread mode, as TensorFlow's CHECK */
		{ "Check failed: CUDA_SUCCESS == dynload::cuCtxSetCurrent(context) "
		    "(0 vs. 216)", "gpu_other_tenant", "R-DEV-021" },
		/* SIGILL in Go's words (Ollama's runner) */
		{ "SIGILL: illegal instruction", "not_oom_other", "R-OTHER-027" },
		/* a poster's lower-case "killed" on a line of its own */
		{ "please be patient, enable tf.function, it takes time ...\n"
		    "killed", "host_oom", "R-HOST-009" },
		/* a site's job_submit plugin refusing the job through sbatch,
		 * also inside a submitting library's exception */
		{ "sbatch: error: *** Error partition 'h200_courant' is not valid "
		    "for this job\nsbatch: error: *** Error: CPU job setup is not "
		    "valid", "step_creation_failure", "R-STEP-003" },
		{ "submitit.core.utils.FailedJobError: sbatch: error: Parameter "
		    "--gres=gpu:1 no longer acceptable, please switch to --gpus=1",
		    "step_creation_failure", "R-STEP-003" },
		/* the oom-kill count cut after "cgroup" */
		{ "slurmstepd: error: Detected 1 oom-kill event(s) in step "
		    "370626.batch cgroup", "host_oom", "R-HOST-002" },
		/* Slurm 25.05's banner for the teardown after a task failed:
		 * the failure is elsewhere, never a cancel or a kill of its
		 * own (the end of a DESI job's log, as posted) */
		{ "[2026-04-29T23:36:37.809] error: *** STEP 52222788.0 ON "
		    "nid002888 CANCELLED AT 2026-04-29T23:36:37 DUE TO TASK "
		    "FAILURE ***\nsrun: error: nid002888: tasks 0-57,59-63: "
		    "Terminated\nsrun: Force Terminated StepId=52222788.0",
		    "inconclusive", "R-INC-001" },
		/* the device plugin unable to load NVML in its container */
		{ "loading NVML\nFailed to start nvml with error:  could not load "
		    "NVML library", "gpu_access_denied", "R-GPU-001" },
		/* the watchdog's line wrapped after "timeout:" */
		{ "[Rank 0] Watchdog caught collective operation timeout:",
		    "not_oom_other", "R-OTHER-028" },
		/* Kaldi's allocator failing with the device half free: the
		 * figures give it room (kaldi-asr/kaldi#4255) */
		{ "ERROR (nnet3-train[5.5]:AllocateNewRegion():cu-allocator.cc:"
		    "519) Failed to allocate a memory region of 8088715264 "
		    "bytes.  Possibly this is due to sharing the GPU.  Try "
		    "switching the GPUs to exclusive mode (nvidia-smi -c 3) and "
		    "using the option --use-gpu=wait to scripts like "
		    "steps/nnet3/chain/train.py.  Memory info: free:15426M, "
		    "used:17053M, total:32480M, free/total:0.474948 CUDA error: "
		    "'out of memory'", "inconclusive", "R-DEV-027" },
		/* Flux's time limit, as flux run prints it and as the job's
		 * eventlog records it; Flux's job shell unable to start the
		 * task's command */
		{ "5.035s: job.exception type=timeout severity=0 resource "
		    "allocation expired\nflux-job: task(s) exited with exit code "
		    "142", "time_limit", "R-SCHED-001" },
		{ "{\"timestamp\":1611769351.0589771,\"name\":\"exception\","
		    "\"context\":{\"type\":\"timeout\",\"severity\":0,"
		    "\"userid\":-1,\"note\":\"resource allocation expired\"}}",
		    "time_limit", "R-SCHED-001" },
		{ "0.778s: flux-shell[1]: FATAL: task 0: start failed: stress: No "
		    "such file or directory", "not_oom_other", "R-OTHER-031" },
		/* vLLM's own note that it runs without pinned memory on WSL */
		{ "WARNING 09-18 10:59:09 cache_engine.py:96] Using "
		    "'pin_memory=False' as WSL is detected. This may slow down the "
		    "performance.", "no_incident", "R-NONE-003" },
		/* device OOMs in CNTK's and heFFTe's words */
		{ "RuntimeError: CUDA failure 2: out of memory ; GPU=0 ; "
		    "hostname=<host> ; expr=cudaMalloc((void**) &deviceBufferPtr, "
		    "sizeof(AllocatedElemType) * numElements)",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		{ "  what():  cudaMalloc() failed with message: out of memory",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* ECS's stopped reason for a container killed at its limit */
		{ " Status reason\tOutOfMemoryError: Container killed due to "
		    "memory usage Exit Code\t137", "host_oom", "R-HOST-014" },
		/* cuDNN's autotuner finding no algorithm with room for its
		 * workspace (google-research/multinerf#2's line) */
		{ "jaxlib.xla_extension.XlaRuntimeError: UNKNOWN: Failed to "
		    "determine best cudnn convolution algorithm for:",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* ptxas older than the PTX a framework emits; HIP refusing a
		 * call's arguments; slurmd unable to start on its node */
		{ "ptxas fatal   : Ptx assembly aborted due to errors",
		    "not_oom_other", "R-OTHER-021" },
		{ "ERROR: HIPError(code hipErrorInvalidValue, one or more "
		    "arguments outside of acceptable range)", "not_oom_other",
		    "R-OTHER-021" },
		{ "Feb 02 09:52:07 bibigrid-worker slurmd[12912]: slurmd: fatal: "
		    "can't stat gres.conf file /dev/nvidia0: No such file or "
		    "directory", "not_oom_other", "R-OTHER-004" },
		/* slurmctld draining a node that registered fewer GPUs than
		 * configured (ComputeCanada/puppet-magic_castle#361) */
		{ "May 23 12:49:52 mgmt1.int.p2-ecole.calculquebec.cloud "
		    "slurmctld[80708]: slurmctld: error: Setting node nodegpu1 "
		    "state to INVAL with reason:gres/gpu count reported lower "
		    "than configured (3 < 4)", "not_oom_other", "R-OTHER-004" },
		/* dorado asked for devices it cannot see */
		{ "terminate called after throwing an instance of "
		    "'std::runtime_error'\n  what():  Invalid device ids",
		    "gpu_access_denied", "R-GPU-001" },
		/* AWS Batch: the EC2 host under the job went away */
		{ "\"StatusReason\": \"Host EC2 (instance i-08784105ffff56b4f) "
		    "terminated.\"", "time_limit", "R-SCHED-001" },
		/* UCX naming the device before the verbs call that could not
		 * pin memory */
		{ "ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory.",
		    "not_oom_other", "R-OTHER-024" },
		/* Snakemake relays sacct's state for the job it submitted */
		{ "    message: SLURM-job '26605857' failed, SLURM status is: "
		    "'TIMEOUT'.", "time_limit", "R-SCHED-002" },
		/* a workflow engine's report alone: only the echo of a
		 * failure, whose cause is in the task's own output */
		{ "Job failed with exit value 135: 'Job' d/s/jobQ0PKIE",
		    "inconclusive", "R-INC-001" },
		{ "uptime: Command not found.", "not_oom_other", "R-OTHER-032" },
		{ "Filesize limit exceeded", "not_oom_other", "R-OTHER-024" },
		/* hostile figures: no overflow, the generic wording */
		{ "Node n1 has low real_memory size (9223372036854775807 < "
		    "9223372036854775806)", "step_creation_failure",
		    "R-STEP-001" },
		{ "ray.memory_monitor.RayOutOfMemoryError: More than 95% of the "
		    "memory on node tr001 is used (59.62 / 62.75 GB). The top 10 "
		    "memory consumers are:", "host_oom", "R-HOST-014" },
		{ "qsub: submit error (Illegal attribute or resource value for  "
		    "Resource_List.mem)", "step_creation_failure", "R-STEP-003" },
		{ " Process exceeded running time limit (4h)", "time_limit",
		    "R-SCHED-001" },
		{ "Error: Process `map_parse_sort_chunks (library:HSPR2 run:lane1 "
		    "chunk:0)` terminated with an error exit status (140)",
		    "time_limit", "R-SCHED-001" },
		{ "  Warning  Evicted              109s  kubelet"
		    "                                "
		    "Pod ephemeral local storage usage exceeds the total limit "
		    "of containers 5Gi.", "not_oom_other", "R-OTHER-005" },
		{ "  what():  [TM][ERROR] CUDA runtime error: out of memory "
		    "/opt/tritonserver/lmdeploy/src/turbomind/utils/"
		    "allocator.h:223 ", "cuda_oom_exhaustion", "R-DEV-007" },
		{ "CUDA error 2 at /go/src/github.com/jmorganca/ollama/llm/"
		    "llama.cpp/gguf/ggml-cuda.cu:7358: out of memory",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		{ "RuntimeError: CUDA error: invalid device ordinal",
		    "gpu_access_denied", "R-GPU-001" },
		{ "(GTL DEBUG: 1) cuIpcOpenMemHandle: invalid argument, "
		    "CUDA_ERROR_INVALID_VALUE, line no 272",
		    "gpu_access_denied", "R-GPU-001" },
		{ "=>> PBS: job killed: vmem 3372163072 exceeded limit "
		    "2147483648", "host_oom", "R-HOST-014" },
		{ "Job exceeded a memory resource limit (vmem, pvmem, etc.). "
		    "Job was aborted", "host_oom", "R-HOST-014" },
		{ "Successfully completed.", "no_incident", "R-NONE-003" },
		{ "job 3264830 exceeded MEM usage soft limit", "no_incident",
		    "R-NONE-003" },
		/* PyTorch lists one process, in a container under another
		 * pid: itself, so its non-PyTorch memory (CUDA graphs,
		 * NCCL) is its own, not another tenant's */
		{ "engine.py :190 2024-02-03 03:44:03,976 Error initializing "
		    "vLLM engine: CUDA out of memory. Tried to allocate 112.00 "
		    "MiB. GPU 0 has a total capacty of 44.35 GiB of which 53.38 "
		    "MiB is free. Process 3663367 has 44.28 GiB memory in use. "
		    "Of the allocated memory 37.38 GiB is allocated by PyTorch, "
		    "and 275.68 MiB is reserved by PyTorch but unallocated.",
		    "cuda_oom_exhaustion", "R-DEV-001" },
		{ "2020/08/10 19:09:42 XidCriticalError: Xid=69 on Device="
		    "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8, the device will "
		    "go unhealthy.", "xid_fault", "R-HW-001" },
		{ "[   38.773764] NVRM: RmInitAdapter failed! "
		    "(0x26:0xffff:1127)", "xid_fault", "R-HW-001" },
		{ "RuntimeError: unable to write to file "
		    "</torch_1509_1969058146>", "shm_limit", "R-SHM-001" },
		{ "E0915 15:27:00.910199 134 logging.cc:40] \"[defaultAllocator."
		    "cpp::allocateAsync::44] Error Code 1: Cuda Runtime (out of "
		    "memory)\"", "cuda_oom_exhaustion", "R-DEV-007" },
		{ "TERM_RUNLIMIT: job killed after reaching LSF run time "
		    "limit.", "time_limit", "R-SCHED-001" },
		{ "=>> PBS: job killed: walltime 3611 exceeded limit 3600",
		    "time_limit", "R-SCHED-001" },
		{ "Error: Warmup(Generation(\"Not enough memory to handle 4096 "
		    "prefill tokens. You need to decrease "
		    "`--max-batch-prefill-tokens`\"))", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		{ "UNAVAILABLE: Internal: Unable to initialize shared memory key "
		    "'triton_python_backend_shm_region_3' to requested size "
		    "(67108864 bytes). If you are running Triton inside docker, "
		    "use '--shm-size' flag to control the shared memory region "
		    "size.", "shm_limit", "R-SHM-001" },
		{ "Sep 04 14:30:10 FORGE ollama[1461072]: cuda driver library "
		    "failed to get device context 46time=2024-09-04T14:30:10.470"
		    "-04:00 level=WARN source=gpu.go:400 msg=\"error looking up "
		    "nvidia GPU memory\"", "gpu_other_tenant", "R-DEV-021" },
		{ "stderr: nvidia-container-cli: initialization error: nvml "
		    "error: driver/library version mismatch: unknow",
		    "not_oom_other", "R-OTHER-021" },
		{ "        exitCode: 137", "host_oom", "R-HOST-009" },
		/* the request and the live tensors exceed the device, and
		 * more is "reserved" than it holds: not fragmentation */
		{ "CUDA out of memory. Tried to allocate 11.47 GiB (GPU 0; 11.99 "
		    "GiB total capacity; 11.80 GiB already allocated; 0 bytes "
		    "free; 23.34 GiB reserved in total by PyTorch)",
		    "cuda_oom_exhaustion", "R-DEV-001" },
		{ "[  +0.000844] nvidia 0000:03:00.0: AER: can't recover (no "
		    "error_detected callback)", "xid_fault", "R-HW-001" },
		{ "[Mon Dec 18 08:34:36 2023] [drm:psp_hw_start [amdgpu]] "
		    "*ERROR* PSP create ring failed!", "xid_fault", "R-HW-001" },
		{ "RuntimeError: DataLoader worker (pid 47) is killed by signal: "
		    "Bus", "shm_limit", NULL },
		/* driver software, not the device or its memory: the kernel
		 * module refusing another version's client, KFD refusing an
		 * unsupported GPU (and rocminfo's ENOMEM from it), the Fabric
		 * Manager refusing the driver, cuInit's unknown error after
		 * a resume (real lines of NVIDIA/nvidia-docker#182,
		 * ROCm/legacy-rocm-build#1318, pytorch/pytorch#129749,
		 * gbionics/jaxsim#50, pytorch/pytorch#88639) */
		{ "Aug 26 14:08:07 nyasara-linux kernel: NVRM: API mismatch: "
		    "the client has the version 367.44, but", "not_oom_other",
		    "R-OTHER-021" },
		{ "[    2.244243] kfd kfd: kgd2kfd_probe failed",
		    "not_oom_other", "R-OTHER-021" },
		{ "Unable to open /dev/kfd read-write: Cannot allocate memory",
		    "not_oom_other", "R-OTHER-021" },
		{ "Unable to open /dev/kfd read-write: Permission denied",
		    "gpu_access_denied", "R-GPU-001" },
		{ "NVIDIA GPU driver interface version 550.90.07 don't match "
		    "with driver version 550.54.15", "not_oom_other",
		    "R-OTHER-021" },
		{ "2023-10-04 12:33:47.594219: E external/xla/xla/stream_"
		    "executor/cuda/cuda_driver.cc:268] failed call to cuInit: "
		    "CUDA_ERROR_UNKNOWN: unknown error", "not_oom_other",
		    "R-OTHER-021" },
		{ "/opt/anaconda3/lib/python3.8/site-packages/torch/cuda/"
		    "__init__.py:88: UserWarning: CUDA initialization: CUDA "
		    "unknown error - this may be due to an incorrectly set up "
		    "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES "
		    "after program start.", "not_oom_other", "R-OTHER-021" },
		/* the GPU gone in Slurm's NVML words; NCCL's CUDA check of
		 * the catch-all error; CUDA's 804 (LSSI-ETH/plmfit#40,
		 * NVIDIA/nccl-tests#276, noonghunna/club-3090#633, real) */
		{ "slurmstepd: error: NVML: Failed to get usage(15): GPU is "
		    "lost", "xid_fault", "R-HW-001" },
		{ "gpu47:4962:5097 [1] transport/nvls.cc:223 NCCL WARN Cuda "
		    "failure 999 'unknown error'", "xid_fault", "R-HW-001" },
		{ "ggml_cuda_init: failed to initialize CUDA: forward "
		    "compatibility was attempted on non supported HW",
		    "not_oom_other", "R-OTHER-021" },
		/* nvidia-docker 1.0 refusing a newer image; the adapter
		 * refusing NCCL's dmabuf registration (PaddlePaddle/Paddle
		 * #5956, vllm-project/vllm#19613, real) */
		{ "nvidia-docker | 2017/11/29 10:51:38 Error: unsupported CUDA "
		    "version: driver 8.0 < image 9.0.176", "not_oom_other",
		    "R-OTHER-021" },
		{ "[2025-06-16 17:17:39] kilo:318:3584 [5] misc/ibvwrap.cc:183 "
		    "NCCL WARN Call to ibv_reg_dmabuf_mr failed with error "
		    "Cannot allocate memory", "not_oom_other", "R-OTHER-024" },
		/* a program of its own (not a communication library's
		 * probe) finding no GPU meant to use one; whether the job
		 * asked is not known (flux-framework/flux-core#7807,
		 * avisingh599/reward-learning-rl#15, real) */
		{ "HIP ERROR: hipGetDeviceCount(&ndev) -> 100 (no ROCm-capable "
		    "device is detected)", "gpu_access_denied", "R-GPU-001" },
		{ "(pid=3343) 2019-08-13 11:02:51.856630: E tensorflow/stream_"
		    "executor/cuda/cuda_driver.cc:300] failed call to cuInit: "
		    "CUDA_ERROR_NO_DEVICE: no CUDA-capable device",
		    "gpu_access_denied", "R-GPU-001" },
		/* Lightning's observer reporting a rank SIGKILLed
		 * (tier4/autoware-ml#78's wording with its pid); a CUDA
		 * check printing the error before the call
		 * (lhnguyen102/cuTAGI#71, real) */
		{ "[rank: 1] Child process with PID 41123 terminated with "
		    "code -9. Forcefully terminating all other processes to "
		    "avoid zombies", "host_oom", "R-HOST-009" },
		{ "out of memory cudaMalloc(&this->d_jcb, size * sizeof(float))",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* UCX's shared-memory FIFO in a pod's small /dev/shm;
		 * PyTorch 1.0's CUDA init failing with the catch-all error
		 * (NVIDIA/ai-cloud-validation#643,
		 * facebookresearch/maskrcnn-benchmark#238, real) */
		{ "mm_iface failed to allocate receive FIFO", "shm_limit",
		    "R-SHM-001" },
		{ "RuntimeError: cuda runtime error (30) : unknown error at "
		    "/opt/conda/conda-bld/pytorch-nightly_1542964575207/work/"
		    "aten/src/THC/THCGeneral.cpp:51", "not_oom_other",
		    "R-OTHER-021" },
		/* NCCL's network plugin missing; Cray MPICH without its GPU
		 * transport; UCX refused a registration; CuPy's pool
		 * (CSCS's NCCL and Cray MPICH pages, ARCHER2's known
		 * issues, cupy/cupy#1912, real) */
		{ "nid006352:34157:34217 [1] net.cc:626 NCCL WARN Error: network "
		    "AWS Libfabric not found.", "not_oom_other", "R-OTHER-026" },
		{ "MPICH ERROR [Rank 0] [job id 410301.1] [Thu Feb 13 12:42:18 "
		    "2025] [nid005414] - Abort(-1) (rank 0 in comm 0): MPIDI_CRAY_"
		    "init: GPU_SUPPORT_ENABLED is requested, but GTL library is "
		    "not linked", "not_oom_other", "R-OTHER-021" },
		{ "[1613401128.440695] [nid001192:11838:0] ib_md.c:325 UCX ERROR "
		    "ibv_reg_mr(address=0xabcf12c0, length=26400, access=0xf) "
		    "failed: Cannot allocate memory", "not_oom_other",
		    "R-OTHER-024" },
		{ "cupy.cuda.memory.OutOfMemoryError: out of memory to allocate "
		    "1073741824 bytes (total 12373894656 bytes)",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* srun's task status alone is slurmstepd's count, relayed
		 * (FoNDUE-HTR/Documentation#5, real) */
		{ "srun: error: gpu001: task 0: Out Of Memory", "host_oom",
		    "R-HOST-002" },
		/* PyCUDA's MemoryError is the device's, not the host's */
		{ "MemoryError: cuMemAlloc failed: out of memory",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		{ "amrex::Abort::0::CUDA error 2 in file ../../../../amrex/Src/"
		    "Base/AMReX_Arena.cpp line 169: out of memory !!!",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* mlock refused by RLIMIT_MLOCK: ENOMEM, but no memory ran
		 * out */
		{ "warning: failed to mlock 139264000-byte buffer (after "
		    "previously locking 0 bytes): Cannot allocate memory",
		    "no_incident", "R-NONE-003" },
		{ "salloc: Prolog failure on node k003-006", "not_oom_other",
		    "R-OTHER-004" },
		{ "SetKernelsGpuData copy to cData failed invalid device symbol",
		    "not_oom_other", "R-OTHER-021" },
		{ "llama runner process has terminated: signal: killed",
		    "host_oom", "R-HOST-009" },
		{ "    message: 'Usage of EmptyDir volume \"models-dir\" exceeds "
		    "the limit \"1536Mi\". '", "not_oom_other", "R-OTHER-005" },
		{ "[TensorRT-LLM][INFO] Using 10718 tokens in paged KV cache.",
		    "no_incident", "R-NONE-004" },
		{ "Duplicate GPU detected : rank 0 and rank 1 both on CUDA "
		    "device 2000", "not_oom_other", "R-OTHER-023" },
		{ "Apr 15 16:22:58 ml-2 systemd[1]: ollama.service: A process "
		    "of this unit has been killed by the OOM killer.",
		    "host_oom", "R-HOST-014" },
		{ "1050981.0   dbrown         11/7  23:48 Job in status 2 put on "
		    "hold by SYSTEM_PERIODIC_HOLD due to memory usage 3000000.",
		    "host_oom", "R-HOST-014" },
		{ "failed execd enforced h_vmem limit because:", "host_oom",
		    "R-HOST-014" },
		{ "Could not reserve enough space for 33554432KB object heap",
		    "host_oom", "R-HOST-005" },
		{ "11/20/2015 12:07:14.476;01;   pbs_mom.1480;Svr;pbs_mom;"
		    "LOG_ERROR::trq_cg_create_cgroup, failed to create task "
		    "cgroups: 15004", "step_creation_failure", "R-STEP-002" },
		{ "Out of memory error on GPU 0. Cannot allocate 25.002197MB "
		    "memory on GPU 0, available memory is only 15.187500MB.",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		{ "UnfilteredStackTrace: RuntimeError: RESOURCE_EXHAUSTED: Ran "
		    "out of memory in memory space hbm. Used 9.08G of 7.48G hbm. "
		    "Exceeded hbm capacity by 1.60G.", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		{ "    MIOpen Error: /data/repo/MIOpen/src/hip/handlehip.cpp:68: "
		    "Memory not available to allocate buffer: 528515072",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* not Ray's table: an ordinary ps header */
		{ "  PID TTY          TIME CMD", "inconclusive", NULL },
		/* Slurm before 17.02: the node after the reason */
		{ "slurmstepd: *** JOB 830329 CANCELLED AT 2018-08-06T17:21:44 "
		    "DUE TO TIME LIMIT on n447 ***", "time_limit", "R-SCHED-001" },
		{ "  cuIpcOpenMemHandle return value:  1", "gpu_access_denied",
		    "R-GPU-001" },
		{ "ValueError: To serve at least one request with the model's "
		    "max seq len (180000), 3.05 GiB KV cache is needed, which is "
		    "larger than the available KV cache memory (2.17 GiB). Based "
		    "on the available memory, the estimated maximum model length "
		    "is 111456.", "cuda_oom_exhaustion", "R-DEV-007" },
		{ "RuntimeError: CUDA unknown error - this may be due to an "
		    "incorrectly set up environment, e.g. changing env variable "
		    "CUDA_VISIBLE_DEVICES after program start. Setting the "
		    "available devices to be zero.", "not_oom_other",
		    "R-OTHER-021" },
		{ "[05/23/2021 18:30:06][computer][0]:ERROR: CUDA error: the "
		    "provided PTX was compiled with an unsupported toolchain., "
		    "line 148, file /var/tmp/cuda_memtest.cu", "not_oom_other",
		    "R-OTHER-021" },
		{ "HW Exception by GPU node-4 (Agent handle: 0x1ebc04e0) reason "
		    ":GPU Hang", "xid_fault", "R-HW-001" },
		/* a program finding no device beside the driver's broken
		 * stack: the stack, not the job's access */
		{ "   no CUDA-capable device is detected\nFailed to initialize "
		    "NVML: Driver/library version mismatch", "not_oom_other",
		    "R-OTHER-021" },
		{ "   no CUDA-capable device is detected", "gpu_access_denied",
		    "R-GPU-001" },
		{ "Job 143560526.gadi-pbs killed due to exceeding jobfs quota. "
		    "Quota: 15.0GB, Used: 15.0GB, Host: gadi-cpu-spr-0578",
		    "not_oom_other", "R-OTHER-005" },
		{ "TERM_THREADLIMIT: job killed after reaching LSF thread "
		    "limit.", "not_oom_other", "R-OTHER-024" },
		{ "distributed.nanny - WARNING - Worker exceeded 95% memory "
		    "budget. Restarting", "host_oom", "R-HOST-014" },
		{ "2022-09-14T11:35:13Z Error: container create failed: "
		    "time=\"2022-09-14T11:35:13Z\" level=error msg=\"runc create "
		    "failed: unable to start container process: container init "
		    "was OOM-killed (memory limit too low?)\"", "host_oom",
		    "R-HOST-014" },
		{ "  Warning  Evicted  9m38s  kubelet  Usage of EmptyDir volume "
		    "\"dshm\" exceeds the limit \"1Gi\".", "shm_limit",
		    "R-SHM-001" },
		/* another emptyDir is storage, not shared memory */
		{ "  Warning  Evicted  9m38s  kubelet  Usage of EmptyDir volume "
		    "\"cache\" exceeds the limit \"1Gi\".", "not_oom_other",
		    "R-OTHER-005" },
		{ "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.",
		    "gpu_access_denied", "R-GPU-001" },
		{ "2018-03-23 11:55:55.959970: E tensorflow/stream_executor/cuda/"
		    "cuda_dnn.cc:393] possibly insufficient driver version: "
		    "384.69.0", "not_oom_other", "R-OTHER-021" },
		{ "2021-01-25 15:02:10.390154: W tensorflow/core/common_runtime/"
		    "bfc_allocator.cc:211] Allocator (GPU_0_bfc) ran out of "
		    "memory trying to allocate 2.26GiB. The caller indicates "
		    "that this is not a failure, but may mean that there could "
		    "be performance gains if more memory were available.",
		    "no_incident", NULL },
		{ "Job ID: 38148558\nState: COMPLETED (exit code 0)\n"
		    "Memory Utilized: 150.14 GB\nMemory Efficiency: 156.40% of "
		    "96.00 GB", "no_incident", NULL },
		/* cuDNN that would not start: with room on the device it is
		 * the library or the driver; with little, nothing decides */
		{ "2023-05-20 20:08:18.894443: E external/xla/xla/"
		    "stream_executor/cuda/cuda_dnn.cc:439] Could not create "
		    "cudnn handle: CUDNN_STATUS_INTERNAL_ERROR\n2023-05-20 "
		    "20:08:18.894540: E external/xla/xla/stream_executor/cuda/"
		    "cuda_dnn.cc:443] Memory usage: 707198976 bytes free, "
		    "4231397376 bytes total.", "not_oom_other", "R-OTHER-021" },
		{ "2023-05-20 20:08:18.894443: E external/xla/xla/"
		    "stream_executor/cuda/cuda_dnn.cc:439] Could not create "
		    "cudnn handle: CUDNN_STATUS_INTERNAL_ERROR\n2023-05-20 "
		    "20:08:18.894540: E external/xla/xla/stream_executor/cuda/"
		    "cuda_dnn.cc:443] Memory usage: 104857600 bytes free, "
		    "4231397376 bytes total.", "inconclusive", NULL },
		/* Dask gave up on a task after its workers died: their
		 * memory near the limit says why, far below it does not */
		{ "distributed.worker - WARNING - Memory use is high but worker "
		    "has no data to store to disk.  Perhaps some other process "
		    "is leaking memory?  Process memory: 3.73 GB -- Worker "
		    "memory limit: 4.00 GB\nprefect.FlowRunner | Unexpected "
		    "error: KilledWorker('1-d1722cac6af44d2ea67f7709066c7083', "
		    "<Worker 'tcp://10.0.0.1:51821', name: PBSCluster-0-3, "
		    "memory: 0, processing: 1>)", "host_oom", "R-HOST-014" },
		{ "distributed.worker - WARNING - Memory use is high but worker "
		    "has no data to store to disk.  Perhaps some other process "
		    "is leaking memory?  Process memory: 2.10 GB -- Worker "
		    "memory limit: 4.00 GB\nprefect.FlowRunner | Unexpected "
		    "error: KilledWorker('1-d1722cac6af44d2ea67f7709066c7083', "
		    "<Worker 'tcp://10.0.0.1:51821', name: PBSCluster-0-3, "
		    "memory: 0, processing: 1>)", "inconclusive", NULL },
		/* srun ending a step after a task aborted: no one cancelled
		 * it, and the other tasks' "Killed" is its teardown */
		{ "srun: error: nid002892: task 39: Aborted (core dumped)\n"
		    "srun: launch/slurm: _step_signal: Terminating "
		    "StepId=2789083.0\nslurmstepd: error: *** STEP 2789083.0 ON "
		    "nid002892 CANCELLED AT 2023-11-03T01:03:07 ***\nsrun: "
		    "error: nid002892: tasks 0-38,40-63: Killed",
		    "inconclusive", NULL },
		{ "slurmstepd: error: *** STEP 2789083.0 ON nid002892 CANCELLED "
		    "AT 2023-11-03T01:03:07 ***\nsrun: error: nid002892: tasks "
		    "0-38,40-63: Killed", "not_oom_other", "R-SCHED-003" },
		/* the cudaMallocAsync backend's OOM (Comfy-Org/ComfyUI#3278):
		 * its figures on the lines after the head */
		{ "torch.cuda.OutOfMemoryError: Allocation on device 0 would "
		    "exceed allowed memory. (out of memory)\nCurrently allocated"
		    "     : 21.55 GiB\nRequested               : 952.00 MiB\n"
		    "Device limit            : 24.00 GiB\nFree (according to "
		    "CUDA): 0 bytes\nPyTorch limit (set by user-supplied memory "
		    "fraction)\n                        : 17179869184.00 GiB",
		    "cuda_oom_exhaustion", "R-DEV-001" },
		{ "torch.cuda.OutOfMemoryError: Allocation on device 0 would "
		    "exceed allowed memory. (out of memory)",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* ggml without code for this GPU, then the launch failure it
		 * causes (ollama/ollama#5586) */
		{ "Jul 10 10:06:15 VM-77-13-ubuntu ollama[481292]: /go/src/"
		    "github.com/ollama/ollama/llm/llama.cpp/ggml/src/ggml-cuda/"
		    "template-instances/../mmq.cuh:2422: ERROR: CUDA kernel "
		    "mul_mat_q has no device code compatible with CUDA arch 700. "
		    "ggml-cuda.cu was comp\nJul 10 10:06:15 VM-77-13-ubuntu "
		    "ollama[1057]: CUDA error: unspecified launch failure",
		    "not_oom_other", "R-OTHER-021" },
		/* YARN's NodeManager, Hadoop 2 and 3 */
		{ "2014-05-29 12:01:53,776 WARN org.apache.hadoop.yarn.server."
		    "nodemanager.containermanager.monitor.ContainersMonitorImpl: "
		    "Container [pid=2477,containerID=container_1401362984347_0002"
		    "_01_000001] is running beyond physical memory limits. "
		    "Current usage: 1.0 GB of 1 GB physical memory used; 1.7 GB "
		    "of 5 GB virtual memory used. Killing container.",
		    "host_oom", "R-HOST-014" },
		{ "Container [pid=12069,containerID=container_1544604976318_0003"
		    "_01_000003] is running 22081205248B beyond the 'VIRTUAL' "
		    "memory limit.", "host_oom", "R-HOST-014" },
		/* an Epilog that failed after the job (NVIDIA/pyxis#123): the
		 * plugin's job_epilog() is no failed step start */
		{ "Sep 24 08:26:20 nda100v4-2 spank-epilog[38569]: error: spank: "
		    "required plugin spank_pyxis.so: job_epilog() failed with "
		    "rc=-1\nSep 24 08:26:20 nda100v4-2 slurmd[8614]: error: [job "
		    "5886] epilog failed status=1:0", "not_oom_other",
		    "R-OTHER-004" },
		{ "error: spank: required plugin spank_pyxis.so: job_epilog() "
		    "failed with rc=-1", "inconclusive", NULL },
		{ "error: spank: required plugin spank_pyxis.so: "
		    "slurm_spank_task_init() failed with rc=-1",
		    "not_oom_other", "R-OTHER-033" },
		/* the container runtime's driver RPC timing out */
		{ "nvidia-container-cli: initialization error: driver rpc error: "
		    "timed out: unknown.", "not_oom_other", "R-OTHER-021" },
		/* RMM's device errors in host-looking words (rapidsai/cudf
		 * #9474, rapidsai/rmm#498), under IPython's header */
		{ "MemoryError                               Traceback (most "
		    "recent call last)\nMemoryError: std::bad_alloc: CUDA error "
		    "at: /opt/conda/envs/rapids/include/rmm/mr/device/"
		    "cuda_memory_resource.hpp:69: cudaErrorNotSupported operation "
		    "not supported", "not_oom_other", "R-OTHER-021" },
		{ "MemoryError                               Traceback (most "
		    "recent call last)\nMemoryError: std::bad_alloc: CUDA error "
		    "at: ../include/rmm/mr/device/cuda_memory_resource.hpp68: "
		    "cudaErrorMemoryAllocation out of memory",
		    "cuda_oom_exhaustion", "R-DEV-007" },
		/* SIGILL (determined-ai/determined#3610); 1320 is no 132 */
		{ "[2022-02-11T11:05:43Z] 3628403e || INFO: container failed "
		    "with non-zero exit code: container failed with non-zero "
		    "exit code: 132 (exit code 132)", "not_oom_other",
		    "R-OTHER-027" },
		{ "worker exited with code 1320", "inconclusive", NULL },
		/* HPE Cray EX (NOAA-EMC/global-workflow#2266): the node's
		 * notice of the cgroup at its limit, then PALS's report */
		{ "under_oom detected for 5 seconds. Cache usage 21749760 less "
		    "than minimum 429496725, re-enabling OOM killer\n"
		    "nid001956.cactus.wcoss2.ncep.noaa.gov: rank 19 died from "
		    "signal 9", "host_oom", "R-HOST-014" },
		{ "nid001956.cactus.wcoss2.ncep.noaa.gov: rank 19 died from "
		    "signal 9", "host_oom", "R-HOST-009" },
		/* Megatron's planned exit (bigscience tr1-13B chronicles) */
		{ "[exiting program after 1190.0357275923093 minutes] datetime: "
		    "2021-08-08 01:00:51", "time_limit", "R-SCHED-001" },
		/* vLLM's cumem allocator (verl-project/verl, PR description) */
		{ "RuntimeError: CUDA Error: out of memory at /workspace/csrc/"
		    "cumem_allocator.cpp:62", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		/* Moab's mail (CoBrALab/MAGeTbrain#20) */
		{ "PBS Job Id: 26066307.gpc-sched-ib0\njob deleted\nJob deleted "
		    "at request of root@gpc-sched-ib0\nMOAB_INFO:  job exceeded "
		    "wallclock limit", "time_limit", "R-SCHED-001" },
		/* ollama quoting its runner's last words (ollama/ollama#5113) */
		{ "jun 18 13:23:19 ollama[22256]: time=2024-06-18T13:23:19.008+"
		    "02:00 level=ERROR source=sched.go:388 msg=\"error loading "
		    "llama server\" error=\"llama runner process has terminated: "
		    "signal: aborted (core dumped) cudaMalloc failed: out of "
		    "memory\"", "cuda_oom_exhaustion", "R-DEV-007" },
		/* go-nvml's name for a lost GPU (leptonai/gpud#604) */
		{ "failed to get remapped rows for GPU-ac896b35-5782-c478-4b2a-"
		    "a661de07770f: failed to get device remapped rows: "
		    "ERROR_GPU_IS_LOST", "xid_fault", "R-HW-001" },
		/* amdgpu resetting a GPU whose firmware stopped answering */
		{ "[  950.818166] amdgpu 0000:c5:00.0: amdgpu: MES failed to "
		    "respond to msg=REMOVE_QUEUE\n[  950.818199] amdgpu "
		    "0000:c5:00.0: amdgpu: GPU reset begin!. Source:  3",
		    "xid_fault", "R-HW-001" },
		/* Grid Engine's ambiguous limit, decided by its record */
		{ "failed       37  : qmaster enforced h_rt, h_cpu, or h_vmem "
		    "limit\nru_wallclock 7190s\ncategory     -l h_rt=7200,"
		    "h_vmem=4G\n", "time_limit", "R-SCHED-001" },
		{ "failed       37  : qmaster enforced h_rt, h_cpu, or h_vmem "
		    "limit\nru_wallclock 1234s\nmaxvmem      3.950G\ncategory  "
		    "   -l h_rt=86400,h_vmem=4G\n", "host_oom", "R-HOST-014" },
		{ "failed       37  : qmaster enforced h_rt, h_cpu, or h_vmem "
		    "limit\nru_wallclock 1234s\n", "inconclusive", NULL },
		/* amdgpu resetting a hung GPU (corpus d1101) */
		{ "Apr 12 00:54:42 hostname kernel: [drm:amdgpu_job_timedout "
		    "[amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled "
		    "seq=159760, emitted seq=159762\nApr 12 00:54:42 hostname "
		    "kernel: amdgpu 0000:2f:00.0: amdgpu: GPU reset begin!",
		    "xid_fault", "R-HW-001" },
		/* PBS refusing at qsub: Torque names the memory limit
		 * (cBio/cbio-cluster#388), PBS Pro names none */
		{ "qsub: submit error (Job exceeds queue resource limits "
		    "MSG=cannot satisfy queue max mem requirement)",
		    "step_creation_failure", "R-STEP-003" },
		{ "qsub: Job violates queue and/or server resource limits",
		    "step_creation_failure", "R-STEP-003" },
		/* TensorFlow before 1.5 (tensorflow/tensorflow#7025) */
		{ "W tensorflow/core/common_runtime/bfc_allocator.cc:275] Ran out "
		    "of memory trying to allocate 144.00MiB.  See logs for memory "
		    "state.", "cuda_oom_exhaustion", "R-DEV-007" },
		/* the driver older than the image (vllm-project/vllm#5635),
		 * a compat libcuda that does not match it (error 803), a
		 * Triton kernel's shared memory (sgl-project/sglang#8513) */
		{ "nvidia-container-cli: requirement error: unsatisfied "
		    "condition: cuda>=12.4, please update your driver to a newer "
		    "version, or use an earlier cuda container: unknown.",
		    "not_oom_other", "R-OTHER-021" },
		{ "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did "
		    "you run some cuda functions before calling NumCudaDevices() "
		    "that might have already set an error? Error 803: system has "
		    "unsupported display driver / cuda driver combination",
		    "not_oom_other", "R-OTHER-021" },
		{ "triton.runtime.errors.OutOfResources: out of resource: shared "
		    "memory, Required: 147456, Hardware limit: 101376. Reducing "
		    "block sizes or `num_stages` may help.", "not_oom_other",
		    "R-OTHER-021" },
		/* HIP's illegal access (ROCm/legacy-rocm-build#2153) */
		{ ":0:rocdevice.cpp :2672: 0696142325 us: 5999 : [tid:"
		    "0x7f676e4c7640] Device::callbackQueue aborting with error : "
		    "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent "
		    "attempted to access memory beyond the largest legal address. "
		    "code: 0x29", "xid_fault", "R-HW-001" },
		/* docker inspect: OOMKilled, or only the exit code */
		{ "                \"OOMKilled\": true,", "host_oom",
		    "R-HOST-014" },
		{ "            \"OOMKilled\": false,\n            \"Dead\": "
		    "false,\n            \"Pid\": 0,\n            \"ExitCode\": "
		    "137,", "host_oom", "R-HOST-009" },
		/* jobstats (PrincetonUniversity/jobstats), srun's own fatal
		 * (snakemake-executor-plugin-slurm#342), CUDA's 800 in a
		 * container (ollama/ollama#4604) */
		{ "                              Slurm Job Statistics\n"
		    "          State: COMPLETED", "no_incident", "R-NONE-003" },
		{ "srun: fatal: SLURM_TRES_PER_TASK is mutually exclusive with "
		    "--ntasks-per-gpu and SLURM_NTASKS_PER_GPU",
		    "step_creation_failure", "R-STEP-001" },
		{ "time=2024-05-24T03:58:55.594Z level=INFO source=gpu.go:197 "
		    "msg=\"error looking up nvidia GPU memory\" error=\"nvcuda "
		    "failed to get primary device context 800\"",
		    "gpu_access_denied", "R-GPU-001" },
		/* df of a full /dev/shm (triton-inference-server/server#3678);
		 * the same tmpfs with room is no failure */
		{ "shm              64M   64M     0 100% /dev/shm", "shm_limit",
		    "R-SHM-001" },
		{ "shm             1.0G  128M  896M  13% /dev/shm",
		    "inconclusive", NULL },
		/* pyxis's image import OOM-killed inside the step it was
		 * starting (FRIDA's Slurm page): the count after the failed
		 * start decides */
		{ "slurmstepd: error: pyxis: couldn't start container\n"
		    "slurmstepd: error: spank: required plugin spank_pyxis.so: "
		    "task_init() failed with rc=-1\nslurmstepd: error: Failed to "
		    "invoke spank plugin stack\nslurmstepd: error: Detected 1 "
		    "oom_kill event in StepId=1054.0. Some of the step tasks have "
		    "been OOM Killed.\nsrun: error: ana: task 0: Out Of Memory",
		    "host_oom", "R-HOST-002" },
		/* the NVSwitch fabric not ready (error 802, NCCL's NVLS
		 * bind; huggingface/huggingface_hub#4134, pytorch#177472), a
		 * GPU that needs the open kernel modules (amazon-eks-ami
		 * #2768), a contained NVLink fault (marin#8934) */
		{ "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did "
		    "you run some cuda functions before calling NumCudaDevices() "
		    "that might have already set an error? Error 802: system not "
		    "yet initialized", "not_oom_other", "R-OTHER-021" },
		{ "Failed to bind NVLink SHARP (NVLS) Multicast memory of size "
		    "2097152 : CUDA error 401 'the operation cannot be performed "
		    "in the present state'. ", "not_oom_other", "R-OTHER-021" },
		/* NCCL's own allocation (NVLS buffers) out of device memory:
		 * not the fabric, a device allocation failure */
		{ "node23:12098:12141 [2] transport/nvls.cc:244 NCCL WARN Cuda "
		    "failure 2 'out of memory'", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		{ "NVRM: The NVIDIA GPU 0000:57:00.0 (PCI ID: 10de:2c3a)\nNVRM: "
		    "installed in this system requires use of the NVIDIA open "
		    "kernel modules.\nNVRM: GPU 0000:57:00.0: RmInitAdapter "
		    "failed! (0x22:0x56:897)", "not_oom_other", "R-OTHER-021" },
		{ "CUDA_ERROR_CONTAINED: Invalid access of peer GPU memory over "
		    "nvlink or a hardware error", "xid_fault", "R-HW-001" },
		/* Torque's walltime mail (cBio/cbio-cluster#256), LSF's
		 * RESRSV_LIMIT at bsub (bcbio-nextgen#2803), Flux's shell
		 * (flux-core#5920) */
		{ "Aborted by PBS Server\nJob exceeded its walltime limit. Job "
		    "was aborted", "time_limit", "R-SCHED-001" },
		{ "Error in rusage section: The merged job-level and "
		    "application-level rusage\nvalue is outside the range set by "
		    "RESRSV_LIMIT defined in lsb.queues. Job\nnot submitted.",
		    "step_creation_failure", "R-STEP-003" },
		{ "13.839s: flux-shell[46]: ERROR: plugin 'oom': shell.init "
		    "failed\n13.839s: flux-shell[46]: FATAL: shell_init",
		    "step_creation_failure", "R-STEP-001" },
		/* the container toolkit's own errors (amazon-eks-ami#2062,
		 * gpushare-scheduler-extender#85), torch elastic's report
		 * in rich's format (huggingface/accelerate#1214) */
		{ "stderr: Auto-detected mode as 'legacy' nvidia-container-cli: "
		    "error parsing IMEX info: unsupported IMEX channel value: "
		    "all: unknown", "not_oom_other", "R-OTHER-021" },
		{ "nvidia-container-cli: device error: unknown device id: "
		    "GPU-a1ff9376-0ecf-ac4f-68df-6ab38be012b3",
		    "gpu_access_denied", "R-GPU-001" },
		{ " ERROR    failed (exitcode: -9) local_rank: 5 (pid: 22) of  "
		    "api.py:673\n binary: /opt/conda/bin/python ", "host_oom",
		    "R-HOST-009" },
		/* a crash inside libcuda (ai4d-iasc/trixie#55); inside
		 * another library it says nothing of the GPU */
		{ "Mar 24 11:31:44 cn110 kernel: python[18851]: segfault at 1378 "
		    "ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in "
		    "libcuda.so.418.67[7fff858c5000+dec000]", "xid_fault",
		    "R-HW-001" },
		{ "Mar 24 11:31:44 cn110 kernel: python[18851]: segfault at 1378 "
		    "ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in "
		    "libc.so.6[7fff858c5000+dec000]", "inconclusive", NULL },
		/* RELION's error table (3dem/relion#1075) */
		{ "You ran out of memory on the GPU(s).", "cuda_oom_exhaustion",
		    "R-DEV-007" },
		/* the watchdog's stack without its line (jpata/particleflow
		 * #390) */
		{ "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::"
		    "optional<std::chrono::duration<long, std::ratio<1l, 1000l> > "
		    ">) + 0x1d2 (0x1554e9e0f8f2 in /mnt/home/ewulff/miniforge3/"
		    "envs/mlpf/lib/python3.11/site-packages/torch/lib/"
		    "libtorch_cuda.so)", "not_oom_other", "R-OTHER-028" },
	};
	const char	*in[1] = { "plat/job.log" };
	struct analysis	*an;
	FILE		*fp;

	CHECK(system("mkdir plat") == 0);
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if ((fp = fopen("plat/job.log", "w")) == NULL)
			return;
		fprintf(fp, "%s\n", t[i].line);
		fclose(fp);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, t[i].cause);
		if (t[i].rule != NULL)
			CHECK_EQ_STR(an->verdict.rule, t[i].rule);
		analysis_free(an);
	}
}

/* A Python MemoryError with no kernel OOM while the job's process ran
 * under ulimit -v 1 GiB and the job's cgroup allowed 4 GiB: the job's
 * own limit failed it. With the limit unlimited it is the plain
 * application row. Built: the traceback's last line as CPython prints
 * it, procs.tsv as the collector writes it. */
DEFINE_TEST(test_analysis_self_limit)
{
	const char	*in[1] = { "ulimit" };
	static const char *const lim[] = { "1073741824", "unlimited" };
	char		 cmd[1024];
	struct analysis	*an;

	for (int i = 0; i < 2; i++) {
		snprintf(cmd, sizeof(cmd), "rm -rf ulimit && mkdir -p ulimit/"
		    "cgroup/memory/slurm/uid_1001/job_12 && "
		    "echo 4294967296 > ulimit/cgroup/memory/slurm/uid_1001/"
		    "job_12/memory.limit_in_bytes && "
		    "printf 'Traceback (most recent call last):\\n  File "
		    "\"/home/u/big.py\", line 3, in <module>\\n    "
		    "x = bytearray(2 << 30)\\nMemoryError\\n' > "
		    "ulimit/slurm-12.out && "
		    "printf 'pid\\tuid\\tvmrss_kb\\tcgroup\\tcmdline\\tas_limit\\t"
		    "data_limit\\tthreads\\tcpus_allowed\\n4242\\t1001\\t9000\\t"
		    "/slurm/uid_1001/job_12/step_batch/task_0\\tpython3 big.py"
		    "\\t%s\\tunlimited\\t1\\t0\\n' > ulimit/procs.tsv", lim[i]);
		CHECK(system(cmd) == 0);
		if ((an = run(in, 1, 1)) == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, "host_oom");
		CHECK_EQ_STR(an->verdict.rule, i == 0 ? "R-HOST-013" :
		    "R-HOST-005");
		if (i == 0) {
			CHECK(strstr(an->verdict.summary, "limit of 1.00 GiB "
			    "(ulimit -v / -d), against the job's 4.00 GiB") !=
			    NULL);
			CHECK(strstr(an->verdict.next_action, "ulimit -v") !=
			    NULL);
		}
		analysis_free(an);
	}
}

/* ---- folding identical evidence across nodes (issue 19) ---- */

static char *
key(const char *text, const char *node)
{
	static char	 b[512];

	fold_key(text, node, b, sizeof(b));
	return b;
}

/* What differs only by where and when a line was written is masked. */
DEFINE_TEST(test_fold_key_masks_node_rank_pid_time)
{
	static const char *nccl = "[rank%d]:[E626 06:24:44.%09d "
	    "ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective "
	    "operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, "
	    "NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for "
	    "%d milliseconds before timing out.";
	char	 a[512], b[512], k[512];

	snprintf(a, sizeof(a), nccl, 5, 903881913, 5, 600020);
	snprintf(b, sizeof(b), nccl, 1999, 117000042, 1999, 600311);
	snprintf(k, sizeof(k), "%s", key(a, "node005"));
	CHECK_EQ_STR(k, key(b, "node1999"));
	CHECK(strstr(k, "SeqNum=808") != NULL);
	CHECK(strstr(k, "NumelIn=9801523") != NULL);
	CHECK_EQ_STR(key("node005:1234:5678 [0] NCCL INFO comm 0x1 rank 3 "
	    "nranks 16", "node005"), "<node>:#:# [0] NCCL INFO comm 0x1 rank "
	    "# nranks 16");
	CHECK_EQ_STR(key("12: CUDA out of memory (pid=4242)", "n1"),
	    "#: CUDA out of memory (pid=#)");
	CHECK_EQ_STR(key("[ 1234.567890] Killed process 977 (python)", "n1"),
	    "[<mono>] Killed process # (python)");
	CHECK_EQ_STR(key("2026-11-30T06:59:11Z slurmstepd: error", "n1"),
	    "<date>T<time>Z slurmstepd: error");
	CHECK_EQ_STR(key("Nov 30 06:59:11 n1 kernel: NVRM: Xid 79", "n1"),
	    "<date> <time> <node> kernel: NVRM: Xid 79");
	/* a name that only starts like the node is not the node */
	CHECK_EQ_STR(key("node0051 is not node005", "node005"),
	    "node0051 is not <node>");
	CHECK_EQ_STR(key(NULL, "n1"), "");
}

/* Lines that differ in a number that matters never fold. */
DEFINE_TEST(test_fold_key_keeps_numbers_that_matter)
{
	char	 k[512];

	snprintf(k, sizeof(k), "%s", key("WorkNCCL(SeqNum=808, NumelIn=1)",
	    "a"));
	CHECK(strcmp(k, key("WorkNCCL(SeqNum=809, NumelIn=1)", "a")) != 0);
	snprintf(k, sizeof(k), "%s", key("WorkNCCL(SeqNum=808, NumelIn=1)",
	    "a"));
	CHECK(strcmp(k, key("WorkNCCL(SeqNum=808, NumelIn=2)", "a")) != 0);
	snprintf(k, sizeof(k), "%s", key("Tried to allocate 2.00 GiB", "a"));
	CHECK(strcmp(k, key("Tried to allocate 4.00 GiB", "a")) != 0);
	snprintf(k, sizeof(k), "%s", key("NVRM: Xid (PCI:0000:3b:00): 79",
	    "a"));
	CHECK(strcmp(k, key("NVRM: Xid (PCI:0000:3b:00): 48", "a")) != 0);
	CHECK(strcmp(k, key("NVRM: Xid (PCI:0000:5e:00): 79", "a")) != 0);
	snprintf(k, sizeof(k), "%s", key("GPU 3 has fallen off the bus",
	    "a"));
	CHECK(strcmp(k, key("GPU 4 has fallen off the bus", "a")) != 0);
}

static struct evidence
fev(const char *kind, const char *node, int rank, const char *text)
{
	return (struct evidence){ .kind = kind, .node = node, .rank = rank,
	    .pid = -1, .text = text, .source = "logs/slurm-3.out", .line = 9 };
}

/* Groups: same kind and key, at least FOLD_MIN members, on at least two
 * nodes or ranks; in timeline order; the timeline is left as it was. */
DEFINE_TEST(test_fold_groups)
{
	struct analysis	*an = calloc(1, sizeof(*an));
	struct evidence	 v[] = {
		fev("nccl_timeout", "n1", 1, "[Rank 1] timeout SeqNum=8"),
		fev("nccl_timeout", "n2", 2, "[Rank 2] timeout SeqNum=8"),
		fev("oom_kill", "n2", -1, "Killed process 1 (python)"),
		fev("nccl_timeout", "n3", 3, "[Rank 3] timeout SeqNum=9"),
		fev("nccl_timeout", "n3", 4, "[Rank 4] timeout SeqNum=8"),
		fev("log_error", "n3", 4, "[Rank 4] timeout SeqNum=8"),
		fev("oom_kill", "n2", -1, "Killed process 2 (python)"),
		fev("oom_kill", "n2", -1, "Killed process 3 (python)"),
		fev("cuda_oom", "n1", 0, "out of memory"),
		fev("cuda_oom", "n1", 1, "out of memory"),
		fev("cuda_oom", "n1", 2, "out of memory"),
	};

	if (an == NULL || (an->arena = arena_new(4096)) == NULL) {
		CHECK(0);
		free(an);
		return;
	}
	an->timeline.v = v;
	an->timeline.n = sizeof(v) / sizeof(v[0]);
	CHECK_EQ_INT(analysis_fold(an), 0);
	CHECK_EQ_INT(an->nfolds, 2);
	if (an->nfolds == 2) {
		CHECK_EQ_STR(an->folds[0].kind, "nccl_timeout");
		CHECK_EQ_INT(an->folds[0].n, 3);	/* not SeqNum=9 */
		CHECK_EQ_INT(an->folds[0].members[2], 4);
		CHECK_EQ_INT(an->folds[0].nodes, 3);
		CHECK_EQ_STR(an->folds[0].key, "[Rank #] timeout SeqNum=8");
		/* the oom kills are one node, no rank: they do not fold */
		CHECK_EQ_STR(an->folds[1].kind, "cuda_oom");
		CHECK_EQ_INT(an->folds[1].nodes, 1);
		CHECK_EQ_INT(an->folds[1].ranks, 3);
		CHECK(analysis_fold_of(an, 10) == &an->folds[1]);
		CHECK(analysis_fold_of(an, 3) == NULL);
	}
	CHECK_EQ_INT(an->timeline.n, 11);
	{
		char	 lab[96];

		fold_label(&an->folds[1], lab);
		CHECK_EQ_STR(lab, "3 ranks on 1 node");
		fold_count(1234567, lab);
		CHECK_EQ_STR(lab, "1,234,567");
	}
	arena_free(an->arena);
	free(an);
}

/* A collective that timed out with nothing failing before it is the
 * failure (R-OTHER-028): low alone, medium when ranks called different
 * collectives at one sequence number (lines from corpus e1402 and e702).
 * A rank's exit or an NCCL error of its own before the first timeout
 * makes the timeouts a cascade again (R-INC-001); exits after it are the
 * watchdog's teardown. */
DEFINE_TEST(test_collective_hang_is_the_failure)
{
	static const char desync0[] = "[rank0]:[E420 19:44:35.569754537 "
	    "ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective "
	    "operation timeout: WorkNCCL(SeqNum=4832284, OpType=ALLREDUCE, "
	    "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800051 "
	    "milliseconds before timing out.\n";
	static const char desync5[] = "[rank5]:[E420 19:44:36.136978018 "
	    "ProcessGroupNCCL.cpp:632] [Rank 5] Watchdog caught collective "
	    "operation timeout: WorkNCCL(SeqNum=4832284, OpType=BROADCAST, "
	    "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800059 "
	    "milliseconds before timing out.\n";
	static const char one[] = "[rank3]:[E1205 04:35:53.584483882 "
	    "ProcessGroupNCCL.cpp:607] [Rank 3] Watchdog caught collective "
	    "operation timeout: WorkNCCL(SeqNum=3348, OpType=BROADCAST, "
	    "NumelIn=54607872, NumelOut=54607872, Timeout(ms)=1800000) ran "
	    "for 1800098 milliseconds before timing out.\n";
	static const char exited[] = "srun: error: ib12gpu-002: task 4: "
	    "Exited with exit code 1\n";
	static const char syserr[] = "RuntimeError: NCCL error in: /pytorch/"
	    "torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, "
	    "NCCL version 2.7.8\n";
	static const struct {
		const char	*a, *b, *c;
		const char	*rule, *confidence;
	} cases[] = {
		{ desync0, desync5, "", "R-OTHER-028", "medium" },
		{ one, "", "", "R-OTHER-028", "low" },
		{ one, exited, "", "R-OTHER-028", "low" },
		{ exited, one, "", NULL, NULL },
		{ syserr, one, "", NULL, NULL },
		{ one, desync0, syserr, NULL, NULL },
	};
	char			 buf[2048];
	struct analysis		*an;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(buf, sizeof(buf), "%s%s%s", cases[i].a, cases[i].b,
		    cases[i].c);
		if ((an = run_text("hang.log", buf)) == NULL)
			continue;
		if (cases[i].rule != NULL) {
			CHECK_EQ_STR(an->verdict.cause, "not_oom_other");
			CHECK_EQ_STR(an->verdict.rule, cases[i].rule);
			CHECK_EQ_STR(an->verdict.confidence,
			    cases[i].confidence);
			CHECK(strstr(an->verdict.next_action,
			    "TORCH_NCCL_DUMP_ON_TIMEOUT") != NULL);
		} else
			CHECK(strcmp(an->verdict.rule, "R-OTHER-028") != 0);
		analysis_free(an);
	}
}
