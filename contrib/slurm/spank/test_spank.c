/*
 * test_spank: the SPANK plugin's hook outside slurmstepd. The plugin's
 * source is compiled in with a fake SPANK API (the items slurmstepd would
 * give), and its cgroup root pointed at trees built from the project's
 * real cgroup captures (fixtures/real/cgroup-v1/oom-live: a Slurm 22.05
 * batch step whose task_0 has oom_kill 1; fixtures/real/cgroup-v2: a v2
 * job without an OOM). The collector is a shell script that records its
 * arguments and its exact environment. What runs it on a real cluster is
 * tests/integration (the "spank" checks).
 */
#include <stdarg.h>

#include "oomtrail_spank.c"

#include "harness.h"

/* ------------------------------------------------------------ fake SPANK */

static struct fake_items {
	int		 remote;
	uint32_t	 job, step;
	uid_t		 uid;
	int		 task, status;
	const char	*node;
} fake;

spank_err_t
spank_get_item(spank_t sp, spank_item_t item, ...)
{
	spank_err_t	rc = ESPANK_SUCCESS;
	va_list		ap;

	va_start(ap, item);
	switch (item) {
	case S_JOB_ID:
		*va_arg(ap, uint32_t *) = fake.job;
		break;
	case S_JOB_STEPID:
		*va_arg(ap, uint32_t *) = fake.step;
		break;
	case S_JOB_UID:
		*va_arg(ap, uid_t *) = fake.uid;
		break;
	case S_TASK_ID:
		*va_arg(ap, int *) = fake.task;
		break;
	case S_TASK_EXIT_STATUS:
		*va_arg(ap, int *) = fake.status;
		break;
	default:
		rc = ESPANK_BAD_ARG;
	}
	va_end(ap);
	return rc;
}

int
spank_remote(spank_t sp)
{
	return fake.remote;
}

spank_err_t
spank_getenv(spank_t sp, const char *var, char *buf, int len)
{
	if (strcmp(var, "SLURMD_NODENAME") != 0 || fake.node == NULL)
		return ESPANK_ENV_NOEXIST;
	snprintf(buf, (size_t)len, "%s", fake.node);
	return ESPANK_SUCCESS;
}

void
slurm_info(const char *fmt, ...)
{
}

void
slurm_error(const char *fmt, ...)
{
}

/* ------------------------------------------------------------ helpers */

static char	cwd[PATH_MAX];

/* The test's temp dir (cwd) joined with rel; static buffer per slot. */
static const char *
here(int slot, const char *rel)
{
	static char	buf[4][PATH_MAX + 64];

	if (cwd[0] == '\0' && getcwd(cwd, sizeof(cwd)) == NULL)
		abort();
	if (snprintf(buf[slot], sizeof(buf[slot]), "%s/%s", cwd, rel) >=
	    (int)sizeof(buf[slot]))
		abort();
	return buf[slot];
}

/* A cgroup root whose DIR is the real captured tree at fixture. */
static void
cgroot_with(const char *dir, const char *fixture)
{
	char	link[PATH_MAX];

	snprintf(link, sizeof(link), "cg/%s", dir);
	CHECK(mkdir("cg", 0700) == 0);
	CHECK(symlink(test_src(fixture), link) == 0);
	cgroup_fs = here(1, "cg");
}

static void
write_file(const char *path, const char *text, mode_t mode)
{
	FILE	*f = fopen(path, "w");

	CHECK(f != NULL);
	if (f == NULL)
		return;
	fputs(text, f);
	fclose(f);
	CHECK(chmod(path, mode) == 0);
}

/* A collector that records its argv and exact environment, then exits. */
static const char *
fake_collector(void)
{
	write_file("collect.sh", "#!/bin/sh\n"
	    "printf '%s\\n' \"$@\" >\"$0.args\"\n"
	    "tr '\\0' '\\n' </proc/$$/environ >\"$0.env\"\n"
	    "echo /fake/bundle.tar.zst\n", 0755);
	return here(2, "collect.sh");
}

/* Up to ms milliseconds for file to contain needle. */
static int
wait_for_text(const char *file, const char *needle, int ms)
{
	size_t	n;
	char	*s;
	FILE	*f;

	for (; ms > 0; ms -= 50, poll(NULL, 0, 50)) {
		if ((f = fopen(file, "r")) == NULL)
			continue;
		s = calloc(1, 65536);
		n = s != NULL ? fread(s, 1, 65535, f) : 0;
		fclose(f);
		if (s != NULL && n > 0 && strstr(s, needle) != NULL) {
			free(s);
			return 1;
		}
		free(s);
	}
	return 0;
}

static int
count_text(const char *file, const char *needle)
{
	char	line[1024];
	int	n = 0;
	FILE	*f = fopen(file, "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		n += strstr(line, needle) != NULL;
	fclose(f);
	return n;
}

static int
hook(int argc, const char **argv)
{
	collected = 0;
	return slurm_spank_task_exit(NULL, argc, (char **)argv);
}

/* ------------------------------------------------------------ tests */

DEFINE_TEST(spank_plugstack_options)
{
	const char		*bad[] = { "collect=/opt/c", "output=relative",
	    "deadline=0", "wait=abc", "bogus=1", "always", "deadline" };
	const char		*good[] = { "deadline=120", "wait=0",
	    "always=0", "output=/var/tmp/x" };
	struct spank_opts	 o;

	opts_parse(&o, 7, (char **)bad);
	CHECK_EQ_STR(o.collect, "/opt/c");
	CHECK_EQ_STR(o.output, DEF_OUTPUT);
	CHECK_EQ_INT(o.deadline_s, DEF_DEADLINE);
	CHECK_EQ_INT(o.wait_s, DEF_WAIT);
	CHECK_EQ_INT(o.always, 1);
	opts_parse(&o, 4, (char **)good);
	CHECK_EQ_STR(o.collect, DEF_COLLECT);
	CHECK_EQ_STR(o.output, "/var/tmp/x");
	CHECK_EQ_INT(o.deadline_s, 120);
	CHECK_EQ_INT(o.wait_s, 0);
	CHECK_EQ_INT(o.always, 0);
	CHECK_EQ_INT(o.watch, 0);
	opts_parse(&o, 1, (char *[]){ "watch" });
	CHECK_EQ_INT(o.watch, 1);
	opts_parse(&o, 1, (char *[]){ "watch=2" });
	CHECK_EQ_INT(o.watch, 0);
}

DEFINE_TEST(spank_oom_kill_counts_real_v1)
{
	const char	*job = test_src(
	    "fixtures/real/cgroup-v1/oom-live/slurm_vm/uid_1001/job_3");
	char		 step[PATH_MAX];

	snprintf(step, sizeof(step), "%s/step_batch", job);
	/* v1 counts the kill only in the victim's task cgroup */
	CHECK_EQ_U64(dir_oom_kill(job), 0);
	CHECK_EQ_U64(dir_oom_kill(step), 0);
	CHECK_EQ_U64(step_oom_kills(step), 1);
	CHECK_EQ_U64(step_oom_kills("/nonexistent/step_0"), 0);
}

DEFINE_TEST(spank_finds_v1_step)
{
	struct task_info	t = { .job = 3, .uid = 1001, .step = "batch" };

	cgroot_with("memory", "fixtures/real/cgroup-v1/oom-live");
	find_step_cgroup(&t);
	CHECK_EQ_STR(t.cgdir,
	    here(3, "cg/memory/slurm_vm/uid_1001/job_3/step_batch"));
	t.uid = 1002;	/* another user's uid_ level: not this job */
	find_step_cgroup(&t);
	CHECK_EQ_STR(t.cgdir, "");
}

DEFINE_TEST(spank_finds_v2_step)
{
	struct task_info	t = { .job = 4, .uid = 1001, .step = "0" };

	cgroot_with("system.slice", "fixtures/real/cgroup-v2/"
	    "treydock-slurm-v2-tree/system.slice");
	find_step_cgroup(&t);
	CHECK_EQ_STR(t.cgdir,
	    here(3, "cg/system.slice/slurmstepd.scope/job_4/step_0"));
	CHECK_EQ_U64(step_oom_kills(t.cgdir), 0);
}

/* "output=<cwd>/rel" in a static buffer. */
static const char *
output_opt(const char *rel)
{
	static char	opt[PATH_MAX + 80];

	if (snprintf(opt, sizeof(opt), "output=%s", here(3, rel)) >=
	    (int)sizeof(opt))
		abort();
	return opt;
}

DEFINE_TEST(spank_quiet_when_task_ended_well)
{
	const char	*av[] = { NULL, "always=0" };

	cgroot_with("system.slice", "fixtures/real/cgroup-v2/"
	    "treydock-slurm-v2-tree/system.slice");
	fake = (struct fake_items){ .remote = 1, .job = 4, .step = 0,
	    .uid = 1001, .status = 0 };
	av[0] = output_opt("out");
	CHECK_EQ_INT(hook(2, av), 0);
	CHECK(access("out", F_OK) == -1);
	/* exit status 1 is no signal either */
	fake.status = 1 << 8;
	CHECK_EQ_INT(hook(2, av), 0);
	CHECK(access("out", F_OK) == -1);
	/* srun and sbatch (local context): nothing, whatever the status */
	fake.remote = 0;
	fake.status = SIGKILL;
	CHECK_EQ_INT(hook(2, av), 0);
	CHECK(access("out", F_OK) == -1);
}

/*
 * The batch step's shell survived; only the cgroup says perl was
 * OOM-killed. The collector gets the job, the output dir and the
 * deadline, a clean environment, leaves the cgroups, and runs once.
 */
DEFINE_TEST(spank_collects_on_cgroup_oom_kill)
{
	const char	*av[] = { NULL, NULL, "deadline=7", "wait=20" };
	char		 copt[PATH_MAX + 80];

	cgroot_with("memory", "fixtures/real/cgroup-v1/oom-live");
	CHECK(mkdir("cg/cpu", 0700) == 0);
	write_file("cg/cpu/cgroup.procs", "", 0600);
	if (snprintf(copt, sizeof(copt), "collect=%s", fake_collector()) >=
	    (int)sizeof(copt))
		abort();
	av[0] = copt;
	av[1] = output_opt("out");
	fake = (struct fake_items){ .remote = 1, .job = 3,
	    .step = SLURM_BATCH_SCRIPT, .uid = 1001, .status = 0,
	    .node = "node-1" };
	setenv("SLURM_CONF", "/etc/slurm-test/slurm.conf", 1);
	setenv("OOMTRAIL_TEST_NOT_PASSED", "secret", 1);
	CHECK_EQ_INT(hook(4, av), 0);
	/* wait=20: the hook returned after the collector ended */
	CHECK_EQ_INT(count_text("out/" LOG_NAME, "oomtrail-spank: job=3 "
	    "step=batch task=0 started "), 1);
	CHECK_EQ_INT(count_text("out/" LOG_NAME,
	    "(signal=0 oom_kill=1 cgroup=found) deadline=7s"), 1);
	CHECK(wait_for_text("out/" LOG_NAME, "/fake/bundle.tar.zst\n"
	    "oomtrail-spank: job=3 step=batch task=0 collector exit=0\n",
	    5000));
	CHECK(wait_for_text("collect.sh.args", "--job\n3\n--output\n", 1));
	CHECK(wait_for_text("collect.sh.args", "/out\n--deadline\n7\n", 1));
	CHECK_EQ_INT(count_text("collect.sh.env", "="), 4);
	CHECK_EQ_INT(count_text("collect.sh.env",
	    "PATH=/usr/sbin:/usr/bin:/sbin:/bin"), 1);
	CHECK_EQ_INT(count_text("collect.sh.env", "LC_ALL=C"), 1);
	CHECK_EQ_INT(count_text("collect.sh.env",
	    "SLURM_CONF=/etc/slurm-test/slurm.conf"), 1);
	CHECK_EQ_INT(count_text("collect.sh.env", "SLURMD_NODENAME=node-1"),
	    1);
	/* "0" written to each hierarchy root's cgroup.procs */
	CHECK(wait_for_text("cg/cpu/cgroup.procs", "0", 1));
	/* a second task of the same step: already collected */
	CHECK_EQ_INT(slurm_spank_task_exit(NULL, 4, (char **)av), 0);
	CHECK_EQ_INT(count_text("out/" LOG_NAME, " started "), 1);
}

/* A collector that hangs: the hook returns after wait=, not later. */
DEFINE_TEST(spank_wait_is_bounded)
{
	const char	*av[] = { NULL, NULL, "deadline=1", "wait=1" };
	char		 copt[PATH_MAX + 80], pid[32] = "";
	long		 t0;
	FILE		*f;

	cgroup_fs = here(1, "no-cgroups");
	write_file("hang.sh", "#!/bin/sh\necho $$ >\"$0.pid\"\n"
	    "exec sleep 60\n", 0755);
	if (snprintf(copt, sizeof(copt), "collect=%s", here(2, "hang.sh")) >=
	    (int)sizeof(copt))
		abort();
	av[0] = copt;
	av[1] = output_opt("out");
	fake = (struct fake_items){ .remote = 1, .job = 77, .step = 5,
	    .task = 2, .status = SIGKILL, .node = "bad node;" };
	t0 = now_ms();
	CHECK_EQ_INT(hook(4, av), 0);
	CHECK(now_ms() - t0 < 3000);
	CHECK_EQ_INT(count_text("out/" LOG_NAME, "oomtrail-spank: job=77 "
	    "step=5 task=2 started "), 1);
	CHECK_EQ_INT(count_text("out/" LOG_NAME,
	    "(signal=9 oom_kill=0 cgroup=not found)"), 1);
	/* end the collector we started; its supervisor logs how it ended */
	CHECK(wait_for_text("hang.sh.pid", "\n", 5000));
	if ((f = fopen("hang.sh.pid", "r")) != NULL) {
		if (fgets(pid, sizeof(pid), f) != NULL && atoi(pid) > 1)
			kill(atoi(pid), SIGTERM);
		fclose(f);
	}
	CHECK(wait_for_text("out/" LOG_NAME,
	    "job=77 step=5 task=2 collector signal=15\n", 5000));
}

/* watch: the first task of a step starts "--watch", detached, unwaited;
 * the extern step and a second task start nothing. */
DEFINE_TEST(spank_watch_starts_once)
{
	const char	*av[] = { NULL, NULL, "watch" };
	char		 copt[PATH_MAX + 80];

	cgroup_fs = here(1, "no-cgroups");
	if (snprintf(copt, sizeof(copt), "collect=%s", fake_collector()) >=
	    (int)sizeof(copt))
		abort();
	av[0] = copt;
	av[1] = output_opt("out");
	fake = (struct fake_items){ .remote = 1, .job = 9,
	    .step = SLURM_EXTERN_CONT, .uid = 1001, .status = -1,
	    .node = "node-1" };
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 3, (char **)av), 0);
	CHECK_EQ_INT(watching, 0);
	/* without watch: nothing */
	fake.step = SLURM_BATCH_SCRIPT;
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 2, (char **)av), 0);
	CHECK_EQ_INT(watching, 0);
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 3, (char **)av), 0);
	CHECK_EQ_INT(watching, 1);
	CHECK_EQ_INT(count_text("out/" LOG_NAME, "oomtrail-spank: job=9 "
	    "step=batch task=0 started "), 1);
	CHECK_EQ_INT(count_text("out/" LOG_NAME, "(watch)"), 1);
	CHECK(wait_for_text("collect.sh.args", "--job\n9\n--output\n", 5000));
	CHECK(wait_for_text("collect.sh.args", "/out\n--watch\n", 1));
	CHECK(!wait_for_text("collect.sh.args", "--deadline", 1));
	CHECK(wait_for_text("out/" LOG_NAME, "job=9 step=batch task=0 "
	    "collector exit=0\n", 5000));
	/* a second task of the same step */
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 3, (char **)av), 0);
	CHECK_EQ_INT(count_text("out/" LOG_NAME, " started "), 1);
	watching = 0;
}
