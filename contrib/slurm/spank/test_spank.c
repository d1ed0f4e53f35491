/*
 * test_spank: the SPANK plugin's hook outside slurmstepd. The plugin's
 * source is compiled in with a fake SPANK API (the items slurmstepd would
 * give), and its cgroup root pointed at trees built from the project's
 * real cgroup captures (fixtures/real/cgroup-v1/oom-live: a Slurm 22.05
 * batch step whose task_0 has oom_kill 1; fixtures/real/cgroup-v2: a v2
 * job without an OOM). The collector is a shell script that records its
 * arguments and its exact environment. The step marker files are read
 * back byte for byte; a fake /proc gives a task's output files. What runs
 * it on a real cluster is tests/integration (the "spank" checks).
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
	pid_t		 pid;
	uint32_t	 array_job, array_task;
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
	case S_TASK_PID:
		*va_arg(ap, pid_t *) = fake.pid;
		break;
	case S_JOB_ARRAY_ID:
		*va_arg(ap, uint32_t *) = fake.array_job;
		break;
	case S_JOB_ARRAY_TASK_ID:
		*va_arg(ap, uint32_t *) = fake.array_task;
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
	static char	buf[6][PATH_MAX + 64];

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

/* slurm_spank_task_exit as slurmstepd calls it, with markers=./markers
 * first (an option given later wins). */
static int
task_exit(int argc, const char **argv)
{
	static char	 opt[PATH_MAX + 80];
	const char	*av[16];

	if (snprintf(opt, sizeof(opt), "markers=%s", here(4, "markers")) >=
	    (int)sizeof(opt) || argc > 15)
		abort();
	av[0] = opt;
	for (int i = 0; i < argc; i++)
		av[i + 1] = argv[i];
	return slurm_spank_task_exit(NULL, argc + 1, (char **)av);
}

/* The first task of a new step. */
static int
hook(int argc, const char **argv)
{
	collected = 0;
	return task_exit(argc, argv);
}

/* The whole of a small text file (static buffer; "" if unreadable). */
static const char *
slurp(const char *path)
{
	static char	buf[8192];
	size_t		n = 0;
	FILE		*f = fopen(path, "r");

	if (f != NULL) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

static int
mode_of(const char *path)
{
	struct stat	st;

	return lstat(path, &st) == 0 ? (int)(st.st_mode & 07777) : -1;
}

/* The number of entries in dir, . and .. not counted. */
static int
entries(const char *dir)
{
	struct dirent	*de;
	DIR		*d = opendir(dir);
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0;
	closedir(d);
	return n;
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
	CHECK(wait_for_text("collect.sh.args",
	    "/out\n--scope\nnode\n--deadline\n7\n", 1));
	CHECK_EQ_INT(count_text("collect.sh.env", "="), 5);
	CHECK_EQ_INT(count_text("collect.sh.env", "OOMTRAIL_MARKERS="), 1);
	CHECK_EQ_INT(count_text("collect.sh.env", "/markers"), 1);
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
	CHECK_EQ_INT(task_exit(4, av), 0);
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

/* The first child killed by a signal (the step's SIGKILL before it left
 * the job's cgroups) is told apart from one that exited, and the parent
 * moves a child out by its pid. */
DEFINE_TEST(spank_reap_tells_killed_first_child)
{
	struct launch	l;
	pid_t		a;
	char		buf[32] = "";
	int		fd;
	ssize_t		n;

	if ((a = fork()) == 0) {
		kill(getpid(), SIGKILL);
		_exit(0);
	}
	CHECK(a > 0);
	CHECK_EQ_INT(reap(a), 1);
	if ((a = fork()) == 0)
		_exit(0);
	CHECK(a > 0);
	CHECK_EQ_INT(reap(a), 0);

	memset(&l, 0, sizeof(l));
	write_file("procs", "", 0644);
	CHECK((fd = open("procs", O_WRONLY)) >= 0);
	l.escape[0] = fd;
	l.nescape = 1;
	escape_pid(&l, 4242);
	close(fd);
	CHECK((fd = open("procs", O_RDONLY)) >= 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	CHECK_EQ_INT((int)n, 4);
	CHECK_EQ_STR(buf, "4242");
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

/* ------------------------------------------------------------ markers */

/* "markers=<cwd>/markers" as a later option (same value as task_exit's). */
static const char *
markers_opt(void)
{
	static char	opt[PATH_MAX + 80];

	if (snprintf(opt, sizeof(opt), "markers=%s", here(4, "markers")) >=
	    (int)sizeof(opt))
		abort();
	return opt;
}

/*
 * Two tasks of the real v1 batch step whose task_0 cgroup counted one
 * OOM kill: after each, markers/3/batch.step says how every task so far
 * ended, in the marker format, 0600 in 0700 directories, no temporary
 * file left. The collector (started for the kill) finds it.
 */
DEFINE_TEST(spank_marker_per_step)
{
	const char	*av[] = { NULL, NULL, NULL, "wait=20" };
	char		 copt[PATH_MAX + 80], want[1024];
	time_t		 t0 = time(NULL);
	const char	*m;

	cgroot_with("memory", "fixtures/real/cgroup-v1/oom-live");
	if (snprintf(copt, sizeof(copt), "collect=%s", fake_collector()) >=
	    (int)sizeof(copt))
		abort();
	av[0] = copt;
	av[1] = output_opt("out");
	av[2] = markers_opt();
	fake = (struct fake_items){ .remote = 1, .job = 3,
	    .step = SLURM_BATCH_SCRIPT, .uid = 1001, .status = 0,
	    .pid = 14962, .node = "node-1" };
	marker.start = 1700000000;
	CHECK_EQ_INT(hook(4, av), 0);
	m = slurp("markers/3/batch.step");
	snprintf(want, sizeof(want), "format=1\njob=3\nstep=batch\n"
	    "array_job_id=\narray_task_id=\nuid=1001\nnode=node-1\n"
	    "start=1700000000\nend=%lld\npids=14962\nexit=0\noom_kill=1\n"
	    "stdout=\nstderr=\n", (long long)t0);
	/* end= is the time of the hook: t0 or a second later */
	if (strcmp(m, want) != 0)
		snprintf(want, sizeof(want), "format=1\njob=3\nstep=batch\n"
		    "array_job_id=\narray_task_id=\nuid=1001\nnode=node-1\n"
		    "start=1700000000\nend=%lld\npids=14962\nexit=0\n"
		    "oom_kill=1\nstdout=\nstderr=\n", (long long)t0 + 1);
	CHECK_EQ_STR(m, want);
	CHECK_EQ_INT(mode_of("markers"), 0700);
	CHECK_EQ_INT(mode_of("markers/3"), 0700);
	CHECK_EQ_INT(mode_of("markers/3/batch.step"), 0600);
	CHECK_EQ_INT(entries("markers/3"), 1);
	/* the collector it started was told where the markers are */
	CHECK(wait_for_text("collect.sh.env", "OOMTRAIL_MARKERS=", 5000));
	CHECK(strstr(slurp("collect.sh.env"), here(4, "markers")) != NULL);
	/* a second task, killed by SIGKILL: both listed, in order */
	fake.pid = 14970;
	fake.task = 1;
	fake.status = SIGKILL;
	CHECK_EQ_INT(task_exit(4, av), 0);
	m = slurp("markers/3/batch.step");
	CHECK(strstr(m, "\npids=14962 14970\nexit=0 sig9\noom_kill=1\n") !=
	    NULL);
	/* the same task reported again is not listed twice */
	CHECK_EQ_INT(task_exit(4, av), 0);
	CHECK(strstr(slurp("markers/3/batch.step"),
	    "\npids=14962 14970\nexit=0 sig9\n") != NULL);
	CHECK_EQ_INT(entries("markers/3"), 1);
	/* srun and sbatch (local context) write nothing */
	fake.remote = 0;
	fake.job = 5;
	CHECK_EQ_INT(hook(4, av), 0);
	CHECK(access("markers/5", F_OK) == -1);
}

/* An array task, a step with no cgroup found, a step number. */
DEFINE_TEST(spank_marker_array_task)
{
	const char	*av[] = { "always=0", NULL };

	cgroup_fs = here(1, "no-cgroups");
	av[1] = output_opt("out");
	fake = (struct fake_items){ .remote = 1, .job = 12, .step = 0,
	    .uid = 1002, .status = 3 << 8, .pid = 77, .array_job = 10,
	    .array_task = 2, .node = "bad node;" };
	CHECK_EQ_INT(slurm_spank_init(NULL, 0, NULL), 0);
	CHECK(marker.start > 0 && marker.start <= time(NULL));
	CHECK_EQ_INT(hook(2, av), 0);
	CHECK(strstr(slurp("markers/12/0.step"), "format=1\njob=12\n"
	    "step=0\narray_job_id=10\narray_task_id=2\nuid=1002\nnode=\n"
	    "start=") != NULL);
	CHECK(strstr(slurp("markers/12/0.step"), "\npids=77\nexit=3\n"
	    "oom_kill=-1\nstdout=\nstderr=\n") != NULL);
	/* exit 3 is no signal: no collector */
	CHECK(access("out", F_OK) == -1);
	/* an srun step of a job that is no array: the job's id and NO_VAL,
	 * as slurmstepd 22.05 and 24.11 give them, mean no array task */
	fake.job = 13;
	fake.array_job = 13;
	fake.array_task = 0xfffffffeu;
	CHECK_EQ_INT(hook(2, av), 0);
	CHECK(strstr(slurp("markers/13/0.step"), "\nstep=0\n"
	    "array_job_id=\narray_task_id=\n") != NULL);
}

/* The v2 step's memory.events counts its tasks' kills already: the
 * marker counts each kill once; v1 adds the task cgroups. */
DEFINE_TEST(spank_marker_counts_kills_once)
{
	const char	*v1 = test_src("fixtures/real/cgroup-v1/oom-live/"
	    "slurm_vm/uid_1001/job_3/step_batch");

	CHECK_EQ_INT(marker_oom_kills(v1), 1);
	CHECK_EQ_INT(marker_oom_kills(""), -1);
	CHECK_EQ_INT(test_sh("mkdir -p step_0/user/task_0 && "
	    "printf 'low 0\\nhigh 0\\nmax 9\\noom 2\\noom_kill 2\\n' "
	    ">step_0/memory.events && cp step_0/memory.events "
	    "step_0/user/task_0/"), 0);
	CHECK_EQ_INT(marker_oom_kills(here(0, "step_0")), 2);
	/* the collection trigger only asks for > 0 */
	CHECK(step_oom_kills(here(0, "step_0")) > 0);
	CHECK_EQ_INT(test_sh("printf 'oom_kill 0\\n' >step_0/memory.events"),
	    0);
	CHECK_EQ_INT(marker_oom_kills(here(0, "step_0")), 0);
}

/*
 * However many tasks end, the marker stays within 4 KiB, failures are
 * kept over clean exits, and over-long output paths are left out.
 */
DEFINE_TEST(spank_marker_bounded)
{
	struct step_marker	m;
	struct task_info	t = { .job = 4294967295u, .uid = 4294967295u,
	    .step = "4294967294", .array_job = 4294967295u,
	    .array_task = 4294967295u, .oom_marker = LONG_MAX };
	char			buf[MARKER_MAX + 1], node[64];
	int			n, i;

	memset(&m, 0, sizeof(m));
	memset(node, 'n', sizeof(node) - 1);
	node[sizeof(node) - 1] = '\0';
	m.start = (time_t)1 << 40;
	for (i = 0; i < 300; i++)
		marker_add_task(&m, 2000000000 + i, i == 250 ? SIGKILL :
		    i == 260 ? 1 << 8 : 0);
	CHECK_EQ_INT(m.ntasks, MARKER_TASKS);
	CHECK_EQ_INT(m.pid[MARKER_TASKS - 1], 2000000250);
	CHECK_EQ_INT(m.pid[MARKER_TASKS - 2], 2000000260);
	/* the widest entries: every task killed by a two-digit signal */
	for (i = 0; i < m.ntasks; i++)
		m.status[i] = SIGSYS;
	memset(m.out, 'o', sizeof(m.out) - 1);
	m.out[0] = '/';
	memset(m.err, 'e', sizeof(m.err) - 1);
	m.err[0] = '/';
	CHECK_EQ_INT(marker_format(&m, &t, node, (time_t)1 << 40, 1, buf,
	    sizeof(buf)), -1);
	n = marker_format(&m, &t, node, (time_t)1 << 40, 0, buf, sizeof(buf));
	CHECK(n > 0 && n <= MARKER_MAX);
	CHECK(strstr(buf, "\nexit=sig31 sig31 ") != NULL);
	CHECK(strstr(buf, " sig31\noom_kill=9223372036854775807\n"
	    "stdout=\nstderr=\n") != NULL);
	CHECK(strstr(buf, "node=nnnn") != NULL);
	/* all of a task's fields fit: the first list entry is there */
	CHECK(strstr(buf, "\npids=2000000000 2000000001 ") != NULL);
}

/*
 * The markers directory must be ours and closed to others: a symlink or
 * a group-writable directory gets no marker, and the hook still returns
 * 0 (it logs instead).
 */
DEFINE_TEST(spank_marker_refuses_unsafe_dir)
{
	const char	*av[] = { "always=0", NULL, NULL };
	char		 opt[PATH_MAX + 80];

	cgroup_fs = here(1, "no-cgroups");
	av[1] = output_opt("out");
	fake = (struct fake_items){ .remote = 1, .job = 8, .step = 1,
	    .uid = 1001, .status = 0, .pid = 9 };
	CHECK(mkdir("real", 0700) == 0);
	CHECK(symlink("real", "link") == 0);
	snprintf(opt, sizeof(opt), "markers=%s", here(5, "link"));
	av[2] = opt;
	CHECK_EQ_INT(hook(3, av), 0);
	CHECK_EQ_INT(entries("real"), 0);
	CHECK(mkdir("open", 0700) == 0 && chmod("open", 0770) == 0);
	snprintf(opt, sizeof(opt), "markers=%s", here(5, "open"));
	CHECK_EQ_INT(hook(3, av), 0);
	CHECK_EQ_INT(entries("open"), 0);
	/* a job directory planted as a symlink is refused too */
	CHECK(mkdir("m2", 0700) == 0 && symlink("../real", "m2/8") == 0);
	snprintf(opt, sizeof(opt), "markers=%s", here(5, "m2"));
	CHECK_EQ_INT(hook(3, av), 0);
	CHECK_EQ_INT(entries("real"), 0);
	/* where it may write, it does */
	snprintf(opt, sizeof(opt), "markers=%s", here(5, "m3"));
	CHECK_EQ_INT(hook(3, av), 0);
	CHECK(strstr(slurp("m3/8/1.step"), "\npids=9\nexit=0\n") != NULL);
	/* no start time known (no slurm_spank_init): no start= line */
	CHECK(strstr(slurp("m3/8/1.step"), "\nnode=\nend=") != NULL);
}

/* Old a directory: its mtime (and atime) days ago. */
static void
age(const char *path, int days)
{
	struct timespec	ts[2];

	ts[0].tv_sec = ts[1].tv_sec = time(NULL) - (time_t)days * 86400;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	CHECK(utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW) == 0);
}

/*
 * Job directories no Epilog removed go when a new job's first marker is
 * written, once older than 7 days; a recent one, a name that is no job
 * id and a link stay.
 */
DEFINE_TEST(spank_marker_prunes_stale)
{
	const char	*av[] = { "always=0", NULL };
	char		 link[8];

	cgroup_fs = here(1, "no-cgroups");
	av[0] = output_opt("out");
	CHECK_EQ_INT(test_sh("mkdir -m 700 -p markers/100 markers/101 "
	    "markers/102 markers/keep && touch markers/100/batch.step "
	    "markers/100/0.step markers/101/extern.step markers/keep/x && "
	    "ln -s 102 markers/103"), 0);
	age("markers/100", 8);
	age("markers/101", 30);
	age("markers/102", 6);
	age("markers/keep", 30);
	age("markers/103", 30);
	fake = (struct fake_items){ .remote = 1, .job = 200, .step = 0,
	    .uid = 1001, .status = 0, .pid = 5 };
	CHECK_EQ_INT(hook(1, av), 0);
	CHECK(access("markers/200/0.step", F_OK) == 0);
	CHECK(access("markers/100", F_OK) == -1);
	CHECK(access("markers/101", F_OK) == -1);
	CHECK(access("markers/102", F_OK) == 0);
	CHECK(access("markers/keep/x", F_OK) == 0);
	CHECK(readlink("markers/103", link, sizeof(link)) == 3);
	/* the same job again: its directory is not new, nothing is looked at */
	CHECK_EQ_INT(test_sh("mkdir -m 700 markers/104"), 0);
	age("markers/104", 9);
	fake.pid = 6;
	CHECK_EQ_INT(task_exit(1, av), 0);
	CHECK(access("markers/104", F_OK) == 0);
}

/*
 * The step's output files, from the first task's fds 1 and 2 right
 * after the fork (a fake /proc): a regular file is taken, /dev/null and
 * a name with a newline are not; while the task still has slurmstepd's
 * own descriptor the lookup waits a few ms at most, then gives up.
 */
DEFINE_TEST(spank_marker_output_paths)
{
	const char	*av[] = { "always=0", NULL };
	char		 out[PATH_MAX + 128];
	long		 t0;

	cgroup_fs = here(1, "no-cgroups");
	proc_fs = here(5, "proc");
	av[0] = output_opt("out");
	write_file("slurm-21.out", "hello\n", 0644);
	write_file("bad\nname", "x\n", 0644);
	CHECK_EQ_INT(test_sh("mkdir -p proc/42/fd proc/43/fd proc/44/fd "
	    "proc/self/fd && ln -s \"$PWD/slurm-21.out\" proc/42/fd/1 && "
	    "ln -s /dev/null proc/42/fd/2 && "
	    "ln -s \"$PWD/bad\nname\" proc/43/fd/1 && "
	    "ln -s /dev/null proc/44/fd/1 && ln -s /dev/null proc/44/fd/2 && "
	    "ln -s /dev/null proc/self/fd/1 && ln -s /dev/null "
	    "proc/self/fd/2"), 0);
	snprintf(out, sizeof(out), "%s", here(0, "slurm-21.out"));
	fake = (struct fake_items){ .remote = 1, .job = 21,
	    .step = SLURM_BATCH_SCRIPT, .uid = 1001, .status = 0, .pid = 42 };
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 1, (char **)av), 0);
	CHECK_EQ_STR(marker.out, out);
	CHECK_EQ_STR(marker.err, "");
	/* later tasks of the step do not look again */
	fake.pid = 43;
	CHECK_EQ_INT(slurm_spank_task_post_fork(NULL, 1, (char **)av), 0);
	CHECK_EQ_STR(marker.out, out);
	fake.pid = 42;
	CHECK_EQ_INT(hook(1, av), 0);
	snprintf(out, sizeof(out), "\nstdout=%s\nstderr=\n",
	    here(0, "slurm-21.out"));
	CHECK(strstr(slurp("markers/21/batch.step"), out) != NULL);
	/* a name that would break the line format */
	marker_outputs(&marker, 43);
	CHECK_EQ_STR(marker.out, "");
	/* stdio not set up yet (slurmstepd's own /dev/null): bounded */
	t0 = now_ms();
	marker_outputs(&marker, 44);
	CHECK(now_ms() - t0 < 1000);
	CHECK_EQ_STR(marker.out, "");
	CHECK_EQ_STR(marker.err, "");
	/* no such process */
	marker_outputs(&marker, 45);
	CHECK_EQ_STR(marker.out, "");
}
