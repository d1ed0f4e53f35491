/*
 * Snapshots of one job (analyze/snapshot.c): the merge on hand-built
 * inputs whose lines are real (job 46146026's output and kernel kill on
 * the integration cluster, fixtures/scenarios/real-snapshots-*), then
 * the whole analysis on the real trap, SPANK and Epilog bundles of that
 * job in every order, and the near misses: two jobs on one node stay two
 * jobs, one job on two nodes stays two nodes. Array task identity
 * (facts_job_is) and the NodeList check are tested on their own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"
#include "internal.h"
#include "parse.h"
#include "rules.h"

/* Lines of the real job log and kernel log of job 46146026. */
#define L_KILLED "/var/tmp/oomtrail-integ/spool/job46146026/slurm_script: " \
	"line 11:  4294 Killed                  perl " \
	"\"$SLURM_SUBMIT_DIR/alloc.pl\" 500"
#define L_STEPD "slurmstepd-vm: error: Detected 1 oom-kill event(s) in " \
	"StepId=46146026.batch. Some of your processes may have been " \
	"killed by the cgroup out-of-memory handler."
#define L_KERN "3,2096,7330064198,-;Memory cgroup out of memory: Killed " \
	"process 4294 (perl) total-vm:110316kB, anon-rss:101248kB, " \
	"file-rss:3148kB, shmem-rss:0kB, UID:1001 pgtables:248kB " \
	"oom_score_adj:0"

#define DIR_SNAP "fixtures/scenarios/real-snapshots-oom-batch-trap-spank-epilog/"
#define TRAP DIR_SNAP "oomtrail-oomtrailci-46146026-vm-20261201T171032Z.tar.zst"
#define SPANK DIR_SNAP "oomtrail-oomtrailci-46146026-vm-20261201T171033Z.tar.zst"
#define EPILOG DIR_SNAP "oomtrail-oomtrailci-46146026-vm-20261201T171034Z.tar.zst"
#define OK_JOB "fixtures/scenarios/real-snapshots-near-two-jobs-one-node/" \
	"oomtrail-oomtrailci-46146029-vm-20261201T171043Z.tar.zst"

/* ---- hand-built inputs ---- */

static struct input *
mk_input(const char *host, const char *job, int64_t created)
{
	struct input	*in = calloc(1, sizeof(*in));

	in->arena = arena_new(1 << 16);
	in->has_manifest = 1;
	in->host = in->node = host;
	in->job_id = job;
	in->created_ns = created;
	in->files = arena_zalloc(in->arena, 8 * sizeof(*in->files));
	return in;
}

static int
mk_file(struct input *in, const char *path, enum file_kind k)
{
	in->files[in->nfiles].path = path;
	in->files[in->nfiles].kind = k;
	return (int)in->nfiles++;
}

static struct event *
mk_event(struct input *in, int file, enum ev_kind k, const char *text)
{
	struct event	*ev = evlist_add(&in->ev, in->arena, k);

	ev->ref.file_id = file;
	ev->text = str_cstr(text);
	return ev;
}

static void
free_inputs(struct input **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		input_free(v[i]);
}

static size_t
count_text(const struct input *in, const char *text)
{
	size_t	n = 0;

	for (size_t i = 0; i < in->ev.n; i++)
		n += str_eq(in->ev.v[i]->text, text);
	return n;
}

static int
has_note(const struct input *in, const char *needle)
{
	for (size_t i = 0; i < in->nnotes; i++)
		if (strstr(in->notes[i], needle) != NULL)
			return 1;
	return 0;
}

/* A line the later snapshot holds again is dropped from the earlier one,
 * as many times as the later holds it: the job printed "Killed" once by
 * the time of the first snapshot, and the second holds it once. */
DEFINE_TEST(test_snapshot_lines_seen_again)
{
	struct input	*v[2];
	int		 f;

	v[0] = mk_input("vm", "46146026", 2000);	/* later, listed first */
	v[1] = mk_input("vm", "46146026", 1000);
	f = mk_file(v[0], "logs/oom_batch-46146026.out", FK_LOG);
	mk_event(v[0], f, EV_SHELL_KILLED, L_KILLED);
	mk_event(v[0], f, EV_STEPD_OOM, L_STEPD);
	f = mk_file(v[0], "kernel/kmsg.txt", FK_KERNEL);
	mk_event(v[0], f, EV_KERNEL_OOM, L_KERN);
	f = mk_file(v[1], "logs/oom_batch-46146026.out", FK_LOG);
	mk_event(v[1], f, EV_SHELL_KILLED, L_KILLED);
	mk_event(v[1], f, EV_SHELL_KILLED, L_KILLED);	/* a second one */
	f = mk_file(v[1], "kernel/kmsg.txt", FK_KERNEL);
	mk_event(v[1], f, EV_KERNEL_OOM, L_KERN);
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(v[0]->ev.n, 3);	/* the latest keeps everything */
	CHECK_EQ_INT(count_text(v[1], L_KILLED), 1);	/* one not seen later */
	CHECK_EQ_INT(count_text(v[1], L_KERN), 0);	/* one kill, once */
	CHECK_EQ_INT(v[0]->snapshot, 2);
	CHECK_EQ_INT(v[1]->snapshot, 1);
	CHECK(has_note(v[1], "snapshot 1 of 2 of job 46146026 on vm"));
	CHECK(has_note(v[1], "2 events a later snapshot holds again"));
	free_inputs(v, 2);
}

static size_t
count_kind(const struct input *in, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < in->ev.n; i++)
		n += in->ev.v[i]->kind == k;
	return n;
}

/* Read a real kernel log into a hand-built input, as input.c would. */
static void
load_kernel(struct input *in, const char *rel)
{
	size_t		 len;
	char		*data = test_slurp(rel, &len);
	char		*copy = arena_alloc(in->arena, len + 1);
	int		 f = mk_file(in, "kernel/dmesg.txt", FK_KERNEL);
	struct src	 s;

	memcpy(copy, data, len + 1);
	free(data);
	s = (struct src){ f, "kernel/dmesg.txt", copy, len };
	CHECK(parse_kernel(&s, in->arena, &in->ev, &(struct err){ 0 }) ==
	    ERR_OK);
	in->has_clocks = 1;
	in->clocks.realtime_ns = 1796108350000000000LL;
	in->clocks.monotonic_ns = 569485233000LL;
}

/* One ring buffer read in two formats (dmesg, dmesg -r) by two
 * snapshots: every kill is the same kill, counted once. */
DEFINE_TEST(test_snapshot_kill_in_two_formats)
{
	struct input	*v[2];
	size_t		 kills;

	v[0] = mk_input("vm", "2", 2000);
	v[1] = mk_input("vm", "2", 1000);
	load_kernel(v[0], "fixtures/real/kernel/cgroup-v1-dmesg.txt");
	load_kernel(v[1], "fixtures/real/kernel/cgroup-v1-dmesg_-r.txt");
	kills = count_kind(v[0], EV_KERNEL_OOM);
	CHECK(kills >= 4);
	CHECK_EQ_INT(count_kind(v[1], EV_KERNEL_OOM), kills);
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(count_kind(v[0], EV_KERNEL_OOM), kills);
	CHECK_EQ_INT(count_kind(v[1], EV_KERNEL_OOM), 0);
	CHECK_EQ_INT(count_kind(v[1], EV_OOM_REAPER), 0);
	free_inputs(v, 2);
}

/* Many snapshots of one node (an hourly operator run): one group,
 * numbered by time whatever the order given. */
DEFINE_TEST(test_snapshot_many_snapshots)
{
	struct input	*v[70];
	int		 f;

	for (int i = 0; i < 70; i++) {
		v[i] = mk_input("vm", "46146026", (int64_t)(70 - i) * 1000);
		f = mk_file(v[i], "kernel/kmsg.txt", FK_KERNEL);
		mk_event(v[i], f, EV_KERNEL_OOM, L_KERN);
	}
	CHECK(snapshot_merge(v, 70, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(v[0]->snapshot, 70);
	CHECK_EQ_INT(v[69]->snapshot, 1);
	CHECK_EQ_INT(v[0]->ev.n, 1);
	for (int i = 1; i < 70; i++)
		CHECK_EQ_INT(v[i]->ev.n, 0);
	CHECK(has_note(v[69], "snapshot 1 of 70 of job 46146026 on vm"));
	free_inputs(v, 70);
}

/* The same lines on two nodes are two nodes' lines: nothing dropped. */
DEFINE_TEST(test_snapshot_two_nodes_stay_two)
{
	struct input	*v[2];
	int		 f;

	v[0] = mk_input("node1", "2", 1000);
	v[1] = mk_input("node2", "2", 2000);
	for (int i = 0; i < 2; i++) {
		f = mk_file(v[i], "kernel/kmsg.txt", FK_KERNEL);
		mk_event(v[i], f, EV_KERNEL_OOM, L_KERN);
		f = mk_file(v[i], "cgroup/memory/memory.oom_control", FK_CGROUP);
		mk_event(v[i], f, EV_CGROUP_MEM, "oom_kill 1");
	}
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(v[0]->ev.n, 2);
	CHECK_EQ_INT(v[1]->ev.n, 2);
	CHECK_EQ_INT(v[0]->snapshot, 0);
	CHECK(!v[0]->other_job && !v[1]->other_job);
	free_inputs(v, 2);
}

/* Two jobs on one node stay two jobs: the second input is left out. */
DEFINE_TEST(test_snapshot_two_jobs_stay_two)
{
	struct input	*v[2];
	int		 f;

	v[0] = mk_input("vm", "46146029", 2000);
	v[1] = mk_input("vm", "46146026", 1000);
	for (int i = 0; i < 2; i++) {
		f = mk_file(v[i], "kernel/kmsg.txt", FK_KERNEL);
		mk_event(v[i], f, EV_KERNEL_OOM, L_KERN);
	}
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK(!v[0]->other_job);
	CHECK(v[1]->other_job);
	CHECK_EQ_INT(v[0]->ev.n, 1);
	CHECK_EQ_INT(v[1]->ev.n, 1);	/* not merged, only left out */
	CHECK(has_note(v[1], "job 46146026 is not the job analysed "
	    "(46146029)"));
	free_inputs(v, 2);
}

/* Array tasks: the task's own id and <array>_<task> are one job; two
 * tasks of one array are two jobs. */
DEFINE_TEST(test_snapshot_array_tasks)
{
	struct input	*v[3];

	v[0] = mk_input("vm", "47", 1000);
	v[0]->array_job_id = "46";
	v[0]->array_task_id = "1";
	v[1] = mk_input("vm", "46_1", 2000);	/* the same task */
	v[2] = mk_input("vm", "48", 3000);	/* task 2 */
	v[2]->array_job_id = "46";
	v[2]->array_task_id = "2";
	CHECK(snapshot_merge(v, 3, &(struct err){ 0 }) == ERR_OK);
	CHECK(!v[1]->other_job);
	CHECK(v[2]->other_job);
	free_inputs(v, 3);
}

/* A state file is read from the latest snapshot that has it: counters
 * are not added up; a file only an earlier snapshot has stays. */
DEFINE_TEST(test_snapshot_state_files_latest)
{
	struct input	*v[3];
	const char	*task = "cgroup/memory/slurm_vm/uid_1001/"
			    "job_46146026/step_batch/task_0/memory.oom_control";
	int		 f;

	v[0] = mk_input("vm", "46146026", 1000);	/* trap */
	v[1] = mk_input("vm", "46146026", 2000);	/* spank */
	v[2] = mk_input("vm", "46146026", 3000);	/* epilog: no cgroup */
	for (int i = 0; i < 2; i++) {
		f = mk_file(v[i], task, FK_CGROUP);
		mk_event(v[i], f, EV_CGROUP_MEM, "oom_kill 1");
	}
	f = mk_file(v[0], "host/job-env.txt", FK_JOB_ENV);
	mk_event(v[0], f, EV_JOB_ENV, "OMP_NUM_THREADS=4");
	f = mk_file(v[2], "host/shm.txt", FK_HOST);
	mk_event(v[2], f, EV_HOST, "size_bytes=25276059648");
	CHECK(snapshot_merge(v, 3, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(count_text(v[0], "oom_kill 1"), 0);
	CHECK_EQ_INT(count_text(v[1], "oom_kill 1"), 1);
	CHECK_EQ_INT(count_text(v[0], "OMP_NUM_THREADS=4"), 1);
	CHECK_EQ_INT(v[2]->ev.n, 1);
	free_inputs(v, 3);
}

static struct event *
mk_sacct(struct input *in, int f, const char *state)
{
	struct event	*ev = mk_event(in, f, EV_SACCT_ROW, state);

	ev_set_str(ev, in->arena, "job_id", str_cstr("46146026"));
	ev_set_str(ev, in->arena, "step", str_cstr("batch"));
	ev_set_str(ev, in->arena, "state", str_cstr(state));
	return ev;
}

/* A final sacct state wins over RUNNING whatever the order, from any
 * node's or the job bundle's snapshot; among final ones, the latest. */
DEFINE_TEST(test_snapshot_sacct_final_wins)
{
	struct input	*v[3];

	v[0] = mk_input("vm", "46146026", 1000);
	v[1] = mk_input("vm", "46146026", 3000);	/* latest, RUNNING */
	v[2] = mk_input("ctld", "46146026", 2000);	/* job bundle */
	v[2]->scope = "job";
	mk_sacct(v[0], mk_file(v[0], "slurm/sacct.txt", FK_SACCT),
	    "OUT_OF_MEMORY");
	mk_sacct(v[1], mk_file(v[1], "slurm/sacct.txt", FK_SACCT), "RUNNING");
	mk_sacct(v[2], mk_file(v[2], "slurm/sacct.txt", FK_SACCT),
	    "OUT_OF_MEMORY");
	CHECK(snapshot_merge(v, 3, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(v[0]->ev.n, 0);
	CHECK_EQ_INT(v[1]->ev.n, 0);
	CHECK_EQ_INT(count_text(v[2], "OUT_OF_MEMORY"), 1);
	CHECK(has_note(v[1], "superseded"));
	free_inputs(v, 3);
}

/* NodeName and hostname: the manifest's node, scontrol's NodeHostName
 * and a hostname with a domain all name one node. */
DEFINE_TEST(test_snapshot_node_names_join)
{
	struct input	*v[3];
	struct event	*ev;
	int		 f;

	v[0] = mk_input("vm.localdomain", "46146026", 1000);
	v[0]->slurm_node = "vm";
	v[1] = mk_input("gpu-host-7", "46146026", 1000);
	v[2] = mk_input("vm2.localdomain", "46146026", 1000);
	f = mk_file(v[0], "slurm/scontrol-node.txt", FK_SCONTROL);
	ev = mk_event(v[0], f, EV_SCONTROL_NODE, "NodeName=n7");
	ev_set_str(ev, v[0]->arena, "node_name", str_cstr("n7"));
	ev_set_str(ev, v[0]->arena, "NodeHostName", str_cstr("gpu-host-7"));
	ev = mk_event(v[0], f, EV_SCONTROL_NODE, "NodeName=vm2");
	ev_set_str(ev, v[0]->arena, "node_name", str_cstr("vm2"));
	f = mk_file(v[0], "kernel/kmsg.txt", FK_KERNEL);
	ev = mk_event(v[0], f, EV_KERNEL_OOM, L_KERN);
	ev->node = "vm.localdomain";
	CHECK(snapshot_merge(v, 3, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_STR(v[0]->node, "vm");
	CHECK_EQ_STR(ev->node, "vm");
	CHECK_EQ_STR(v[1]->node, "n7");
	CHECK_EQ_STR(v[2]->node, "vm2");
	free_inputs(v, 3);
}

/* A job that ran on one node: its node bundles are that node's, under
 * whatever hostname (no record joins the names otherwise). */
DEFINE_TEST(test_snapshot_node_names_single_node_job)
{
	struct input	*v[2];
	struct event	*ev;

	v[0] = mk_input("gpu-host-7", "9", 1000);
	v[1] = mk_input("ctld", "9", 2000);
	v[1]->scope = "job";
	ev = mk_event(v[1], mk_file(v[1], "slurm/sacct.txt", FK_SACCT),
	    EV_SACCT_ROW, "9|train|OUT_OF_MEMORY");
	ev_set_str(ev, v[1]->arena, "job_id", str_cstr("9"));
	ev_set_str(ev, v[1]->arena, "step", str_cstr(""));
	ev_set_str(ev, v[1]->arena, "node_list", str_cstr("n7"));
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_STR(v[0]->node, "n7");
	CHECK_EQ_STR(v[1]->node, "ctld");	/* the job bundle's host */
	free_inputs(v, 2);
	/* two nodes: nothing to join by */
	v[0] = mk_input("gpu-host-7", "9", 1000);
	v[1] = mk_input("ctld", "9", 2000);
	v[1]->scope = "job";
	ev = mk_event(v[1], mk_file(v[1], "slurm/sacct.txt", FK_SACCT),
	    EV_SACCT_ROW, "9|train|OUT_OF_MEMORY");
	ev_set_str(ev, v[1]->arena, "job_id", str_cstr("9"));
	ev_set_str(ev, v[1]->arena, "step", str_cstr(""));
	ev_set_str(ev, v[1]->arena, "node_list", str_cstr("n[7-8]"));
	CHECK(snapshot_merge(v, 2, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_STR(v[0]->node, "gpu-host-7");
	free_inputs(v, 2);
	/* one node in the list, bundles from two hosts: two machines */
	{
		struct input *w[3];

		w[0] = mk_input("gpu-host-7", "9", 1000);
		w[1] = mk_input("gpu-host-8", "9", 1000);
		w[2] = mk_input("ctld", "9", 2000);
		w[2]->scope = "job";
		ev = mk_event(w[2], mk_file(w[2], "slurm/sacct.txt", FK_SACCT),
		    EV_SACCT_ROW, "9|train|OUT_OF_MEMORY");
		ev_set_str(ev, w[2]->arena, "job_id", str_cstr("9"));
		ev_set_str(ev, w[2]->arena, "step", str_cstr(""));
		ev_set_str(ev, w[2]->arena, "node_list", str_cstr("n7"));
		CHECK(snapshot_merge(w, 3, &(struct err){ 0 }) == ERR_OK);
		CHECK_EQ_STR(w[0]->node, "gpu-host-7");
		CHECK_EQ_STR(w[1]->node, "gpu-host-8");
		free_inputs(w, 3);
	}
}

DEFINE_TEST(test_snapshot_state_final)
{
	CHECK(snapshot_state_final(str_cstr("OUT_OF_MEMORY")));
	CHECK(snapshot_state_final(str_cstr("CANCELLED by 0")));
	CHECK(snapshot_state_final(str_cstr("COMPLETED")));
	CHECK(snapshot_state_final(str_cstr("NODE_FAIL")));
	CHECK(!snapshot_state_final(str_cstr("RUNNING")));
	CHECK(!snapshot_state_final(str_cstr("PENDING")));
	CHECK(!snapshot_state_final(str_cstr("COMPLETING")));
	CHECK(!snapshot_state_final(str_cstr("")));
	CHECK(!snapshot_state_final(str_make(NULL, 0)));
}

DEFINE_TEST(test_snapshot_nodes_unseen)
{
	struct input	*v[3];
	struct arena	*a = arena_new(4096);
	const char	*s;

	v[0] = mk_input("gpu01", "9", 1000);
	v[1] = mk_input("gpu03", "9", 1000);
	v[2] = mk_input("ctld", "9", 1000);
	v[2]->scope = "job";	/* not a node bundle */
	s = snapshot_nodes_unseen(str_cstr("gpu[01-04],login2"), v, 3, a);
	CHECK_EQ_STR(s, "gpu02, gpu04, login2");
	CHECK(snapshot_nodes_unseen(str_cstr("gpu[01,03]"), v, 3, a) == NULL);
	/* names that do not join: nothing said */
	CHECK(snapshot_nodes_unseen(str_cstr("vm"), v, 3, a) == NULL);
	CHECK(snapshot_nodes_unseen(str_cstr("r[1-2]n[1-2]"), v, 3, a) ==
	    NULL);
	/* only the job bundle: every node is without one */
	CHECK_EQ_STR(snapshot_nodes_unseen(str_cstr("vm"), v + 2, 1, a),
	    "vm");
	s = snapshot_nodes_unseen(str_cstr("n[1-20]"), v + 2, 1, a);
	CHECK(s != NULL && strncmp(s, "n1, n2, ", 8) == 0 &&
	    strstr(s, "n8 and 12 more") != NULL);
	arena_free(a);
	free_inputs(v, 3);
}

DEFINE_TEST(test_snapshot_job_is_array_task)
{
	struct facts	*f = calloc(1, sizeof(*f));

	f->job_id = str_cstr("47");
	f->array_id = str_cstr("46");
	f->task_id = str_cstr("1");
	CHECK(facts_job_is(f, str_cstr("46_1")));
	CHECK(facts_job_is(f, str_cstr("47")));
	CHECK(!facts_job_is(f, str_cstr("46_2")));
	CHECK(!facts_job_is(f, str_cstr("46")));
	CHECK(!facts_job_is(f, str_cstr("46_[2-5]")));
	CHECK(!facts_job_is(f, str_cstr("48")));
	/* the task that keeps the array's own id */
	f->job_id = str_cstr("46");
	f->task_id = str_cstr("3");
	CHECK(facts_job_is(f, str_cstr("46")));
	CHECK(facts_job_is(f, str_cstr("46_3")));
	CHECK(!facts_job_is(f, str_cstr("46_1")));
	/* no array facts: as before, suffixes stripped */
	f->task_id = str_make(NULL, 0);
	CHECK(facts_job_is(f, str_cstr("46_1")));
	free(f);
}

static struct event *
mk_row(struct input *in, int f, const char *job, const char *step,
    const char *state)
{
	struct event	*ev = mk_event(in, f, EV_SACCT_ROW, state);

	ev_set_str(ev, in->arena, "job_id", str_cstr(job));
	ev_set_str(ev, in->arena, "step", str_cstr(step));
	ev_set_str(ev, in->arena, "state", str_cstr(state));
	return ev;
}

/* A bundle of array task 1 (own id 47) that also holds the rows of task
 * 2 (OUT_OF_MEMORY) and of the pending rest: only task 1's rows (in
 * text and as JSON's own id) reach the facts. */
DEFINE_TEST(test_snapshot_array_rows_stay_out)
{
	struct input	*v[1];
	struct arena	*a = arena_new(1 << 16);
	struct timeline	 tl;
	struct facts	*f = calloc(1, sizeof(*f));
	int		 fd;

	v[0] = mk_input("vm", "47", 1000);
	v[0]->array_job_id = "46";
	v[0]->array_task_id = "1";
	fd = mk_file(v[0], "slurm/sacct.txt", FK_SACCT);
	mk_row(v[0], fd, "46_1", "", "COMPLETED");
	mk_row(v[0], fd, "46_1", "batch", "COMPLETED");
	mk_row(v[0], fd, "46_2", "", "OUT_OF_MEMORY");
	mk_row(v[0], fd, "46_2", "batch", "OUT_OF_MEMORY");
	mk_row(v[0], fd, "46_[3-5]", "", "PENDING");
	fd = mk_file(v[0], "slurm/sacct.json", FK_SACCT);
	mk_row(v[0], fd, "47", "", "COMPLETED");
	mk_row(v[0], fd, "47", "batch", "COMPLETED");
	mk_row(v[0], fd, "48", "batch", "OUT_OF_MEMORY");
	CHECK(snapshot_merge(v, 1, &(struct err){ 0 }) == ERR_OK);
	CHECK(timeline_build(v, 1, a, &tl, &(struct err){ 0 }) == ERR_OK);
	CHECK(facts_build(f, &tl, v, 1, &(struct err){ 0 }) == ERR_OK);
	CHECK_EQ_INT(f->nsteps, 2);	/* 46_1 and 46_1.batch, text = JSON */
	CHECK(f->oom_step == NULL);
	CHECK(f->all_completed);
	CHECK_EQ_INT(f->foreign, 4);
	CHECK(f->steps[0].sacct2 != NULL && f->steps[1].sacct2 != NULL);
	timeline_free(&tl);
	free(f);
	arena_free(a);
	free_inputs(v, 1);
}

/* ---- the real bundles ---- */

static struct analysis *
run(const char *const *rel, size_t n)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[4];
	char			 path[4][4096];

	for (size_t i = 0; i < n; i++) {
		snprintf(path[i], sizeof(path[i]), "%s", test_src(rel[i]));
		in[i] = path[i];
	}
	o.inputs = in;
	o.ninputs = n;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK)
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
	return an;
}

static const struct host_q *
host_step(const struct analysis *an, const char *step)
{
	for (size_t i = 0; i < an->nhost; i++)
		if (strcmp(an->host[i].step, step) == 0)
			return &an->host[i];
	return NULL;
}

static size_t
timeline_kind(const struct analysis *an, const char *kind)
{
	size_t	n = 0;

	for (size_t i = 0; i < an->timeline.n; i++)
		n += an->timeline.v[i].kind != NULL &&
		    strcmp(an->timeline.v[i].kind, kind) == 0;
	return n;
}

static int
missing_has(const struct analysis *an, const char *needle)
{
	for (size_t i = 0; i < an->nmissing; i++)
		if (strstr(an->missing[i].evidence, needle) != NULL)
			return 1;
	return 0;
}

/* Trap + SPANK + Epilog of one OOM-killed job, in every order: one kill,
 * the final states, ReqMem 100M, the kernel log not missing. */
DEFINE_TEST(test_snapshot_real_trap_spank_epilog)
{
	static const char *const perm[6][3] = {
		{ TRAP, SPANK, EPILOG }, { TRAP, EPILOG, SPANK },
		{ SPANK, TRAP, EPILOG }, { SPANK, EPILOG, TRAP },
		{ EPILOG, TRAP, SPANK }, { EPILOG, SPANK, TRAP } };

	for (size_t p = 0; p < 6; p++) {
		struct analysis		*an = run(perm[p], 3);
		const struct host_q	*job, *batch;

		if (an == NULL)
			return;
		CHECK_EQ_STR(an->verdict.cause, "host_oom");
		CHECK_EQ_STR(an->verdict.rule, "R-HOST-001");
		CHECK(an->verdict.initiating != NULL &&
		    strcmp(an->verdict.initiating->source,
		    "kernel/kmsg.txt") == 0 &&
		    strstr(an->verdict.initiating->input, "171034Z") != NULL);
		job = host_step(an, "46146026");
		batch = host_step(an, "46146026.batch");
		CHECK(job != NULL && batch != NULL);
		if (job == NULL || batch == NULL) {
			analysis_free(an);
			return;
		}
		CHECK_EQ_STR(job->state, "OUT_OF_MEMORY");
		CHECK_EQ_STR(batch->state, "OUT_OF_MEMORY");
		CHECK_EQ_INT(batch->oom_kills, 1);
		CHECK_EQ_INT(job->req_mem_bytes, 100 << 20);
		CHECK_EQ_INT(timeline_kind(an, "kernel_oom"), 1);
		CHECK_EQ_INT(timeline_kind(an, "slurmstepd_oom"), 1);
		CHECK(!missing_has(an, "kernel log"));
		CHECK_EQ_INT(an->nhost, 2);
		analysis_free(an);
	}
}

/* Near miss: the Epilog bundles of a healthy job and of the OOM-killed
 * job on the same node. The first listed is the job analysed. */
DEFINE_TEST(test_snapshot_real_two_jobs_one_node)
{
	const char	*ok_first[2] = { OK_JOB, EPILOG };
	const char	*oom_first[2] = { EPILOG, OK_JOB };
	struct analysis	*an;

	if ((an = run(ok_first, 2)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "no_incident");
	CHECK_EQ_INT(timeline_kind(an, "shell_killed"), 0);
	CHECK(an->ninputs == 2 && an->inputs[1].nnotes >= 1 &&
	    strstr(an->inputs[1].notes[an->inputs[1].nnotes - 1],
	    "not the job analysed (46146029)") != NULL);
	analysis_free(an);
	if ((an = run(oom_first, 2)) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.cause, "host_oom");
	CHECK(host_step(an, "46146029") == NULL);
	CHECK_EQ_INT(timeline_kind(an, "kernel_oom"), 1);
	analysis_free(an);
}
