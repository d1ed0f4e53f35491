/*
 * test_watch: oomtrail-collect --watch end to end, against a writable
 * copy of the real Slurm cgroup v2 tree in fixtures/collect/cgroup-v2
 * whose memory.current the test grows, and a fake nvidia-smi written by
 * the test (no real "--query-gpu ... -lms" capture exists in the
 * fixtures: its lines are synthetic, in the documented CSV shape) that
 * loops, hangs or is missing. The watch ends when the job's cgroup is
 * removed, when its processes are gone, or on SIGTERM, always with a
 * file the reader accepts; a collection run of the same job puts it into
 * the bundle (re-encoded with a pseudonymous host under --redact).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "series.h"

#define JOB	"cg/system.slice/slurmstepd.scope/job_4"

static const char fake_smi[] =
    "#!/bin/sh\n"
    "echo $$ >> \"$SMI_PIDS\"\n"
    "[ \"$FAKE_SMI\" = hang ] && exec sleep 1000\n"
    "case \"$FAKE_SMI/$1\" in hang-apps/--query-compute-apps=*)"
    " exec sleep 1000 ;; esac\n"
    "i=0\n"
    "case \"$1\" in\n"
    "--query-gpu=*)\n"
    "  while :; do\n"
    "    echo \"0, GPU-1c2d, $((1000 + i)), $((80559 - i)), 512, 81559\"\n"
    "    echo \"1, GPU-9f8e, 0, 81047, 512, 81559\"\n"
    "    i=$((i + 100)); sleep 0.2\n"
    "  done ;;\n"
    "--query-compute-apps=*)\n"
    "  while :; do echo \"4242, GPU-1c2d, $((700 + i))\"; i=$((i + 100));"
    " sleep 0.2; done ;;\n"
    "esac\n"
    "exit 2\n";

static const char *
bin(void)
{
	static char	b[1024];

	snprintf(b, sizeof(b), "%s", test_bin("collect/oomtrail-collect"));
	return b;
}

/* ./cg (the tree, writable), ./fakebin/nvidia-smi unless no_gpu, ./out */
static void
setup(int gpu)
{
	FILE	*f;

	test_sh("mkdir -p fakebin out && cp -r '%s' cg && chmod -R u+w cg",
	    test_src("fixtures/collect/cgroup-v2"));
	if (gpu && (f = fopen("fakebin/nvidia-smi", "w")) != NULL) {
		fputs(fake_smi, f);
		fclose(f);
		test_sh("chmod +x fakebin/nvidia-smi");
	}
}

/* Start the watcher in the background: ./pid, then ./rc when it ends. */
static void
start(const char *env, const char *args)
{
	char	cwd[1024];

	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return;
	test_sh("( env -i PATH='%s/fakebin:/usr/bin:/bin' SMI_PIDS='%s/smi.pids' "
	    "OOMTRAIL_CGROUP_ROOT='%s/cg' OOMTRAIL_PROC_ROOT='%s/noproc' %s "
	    "'%s' --watch --job 4 --output out %s >stdout 2>stderr & "
	    "echo $! > pid; wait $!; echo $? > rc.tmp; mv rc.tmp rc ) "
	    ">/dev/null 2>&1 &", cwd, cwd, cwd, cwd, env, bin(), args);
}

/* Wait up to s seconds for ./rc; the watcher's exit status or -1. */
static int
finished(int s)
{
	struct timespec	 ts = { 0, 50000000 };
	FILE		*f;
	int		 rc = -1;

	for (int i = 0; i < s * 20; i++) {
		if ((f = fopen("rc", "r")) != NULL) {
			if (fscanf(f, "%d", &rc) != 1)
				rc = -1;
			fclose(f);
			return rc;
		}
		nanosleep(&ts, NULL);
	}
	test_sh("kill $(cat pid)");
	return -1;
}

static void
grow(int steps, double pause)
{
	for (int i = 1; i <= steps; i++)
		test_sh("echo %d > " JOB "/memory.current && sleep %.2f",
		    i * 10485760, pause);
}

/* Read a series file under the test's directory. */
static int
load(const char *path, struct arena *a, struct series *s)
{
	FILE	*f = fopen(path, "rb");
	char	*b = malloc(1 << 24);
	size_t	 n = 0;
	int	 rc = -1;

	if (f != NULL && b != NULL) {
		n = fread(b, 1, 1 << 24, f);
		rc = series_read(b, n, a, s, NULL) == ERR_OK ? 0 : -1;
	}
	if (f != NULL)
		fclose(f);
	free(b);
	return rc;
}

static int
has_note(const struct series *s, const char *text)
{
	for (size_t i = 0; i < s->nnotes; i++)
		if (strstr(s->notes[i], text) != NULL)
			return 1;
	return 0;
}

#define WFILE	"out/oomtrail-watch-4-%s.series"

static const char *
wfile(void)
{
	static char	p[1024];
	char		h[256] = "";

	gethostname(h, sizeof(h) - 1);
	for (char *c = h; *c; c++)
		if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') &&
		    !(*c >= '0' && *c <= '9') && *c != '-' && *c != '.')
			*c = '_';
	snprintf(p, sizeof(p), WFILE, h);
	return p;
}

/* Growth, GPUs, per-process GPU memory, and the end when the job's
 * cgroup is removed. */
DEFINE_TEST(test_watch_grows_until_cgroup_removed)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	int64_t		 first, last, v;
	long		 c;

	setup(1);
	/* The real tree has no memory.pressure (its kernel had no PSI): the
	 * lines of a real one from a Slurm 24.11 job (the v2 VM's thrash) */
	test_sh("printf 'some avg10=28.36 avg60=24.50 avg300=9.63 "
	    "total=35336743\\nfull avg10=27.01 avg60=24.50 avg300=9.63 "
	    "total=35336700\\n' > " JOB "/memory.pressure");
	start("", "--interval 0.2");
	grow(12, 0.2);
	/* On a loaded machine the watcher may lag: let it sample the last
	 * value (at most 5 s) before the cgroup goes. */
	test_sh("for i in $(seq 50); do grep -q ' %d ' %s 2>/dev/null && "
	    "break; sleep 0.1; done", 12 * 10485760, wfile());
	test_sh("rm -rf " JOB);
	CHECK_EQ_INT(finished(5), 0);
	CHECK(test_sh("grep -q 'watch ended: the job.s cgroup was removed' "
	    "stderr") == 0);
	if (load(wfile(), a, &s) != 0) {
		test_fail(__FILE__, __LINE__, "no series at %s", wfile());
		return;
	}
	CHECK_EQ_STR(s.job, "4");
	CHECK_EQ_INT(s.interval_ms, 200);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK(s.nrows >= 8);
	c = series_col_index(&s, "cg/job/current");
	CHECK(c >= 0);
	if (c < 0)
		return;
	/* memory.max of job_4 in the real tree */
	CHECK_EQ_INT(s.cols[c].limit, 1835008000);
	/* The test's echo truncates, then writes memory.current: a sample
	 * taken in between has no value (a real cgroup file is never
	 * half-written), nor has one taken while rm removes the fake
	 * tree's files one by one (a real cgroup goes at once). The first
	 * row with one, and the last. */
	first = last = SERIES_NONE;
	for (size_t r = 1; r < s.nrows && first == SERIES_NONE; r++)
		first = series_get(&s, r, "cg/job/current");
	for (size_t r = s.nrows; r > 1 && last == SERIES_NONE; r--)
		last = series_get(&s, r - 1, "cg/job/current");
	CHECK(first != SERIES_NONE && last >= 100 * 10485760 / 10);
	CHECK(last > first);
	for (size_t r = 1; r < s.nrows; r++)
		CHECK(s.t_ns[r] >= s.t_ns[r - 1]);
	/* levels below the job are named by their path under it */
	CHECK(series_get(&s, 2, "cg/step_0/user/current") != SERIES_NONE);
	CHECK(series_col_index(&s, "cg/step_0/user/task_0/oom_kill") >= 0);
	/* PSI: each line's cumulative total, in microseconds; refaults */
	CHECK_EQ_INT(series_get(&s, 2, "cg/job/psi_some"), 35336743);
	CHECK_EQ_INT(series_get(&s, 2, "cg/job/psi_full"), 35336700);
	CHECK_EQ_INT(series_get(&s, 2, "cg/step_0/psi_full"), SERIES_NONE);
	CHECK(series_get(&s, 2, "cg/job/refault") != SERIES_NONE);
	/* GPUs: used with the total as its limit, a compute process */
	c = series_col_index(&s, "gpu0/used");
	CHECK(c >= 0);
	if (c >= 0)
		CHECK_EQ_INT(s.cols[c].limit, 81559ll * 1048576);
	v = series_get(&s, s.nrows - 1, "gpu1/free");
	CHECK_EQ_INT(v, 81047ll * 1048576);
	CHECK(series_col_index(&s, "gpu0/pid4242/used") >= 0);
	CHECK(series_col_index(&s, "gpu0/reserved") >= 0);
	CHECK(has_note(&s, "end: the job's cgroup was removed"));
	/* the nvidia-smi loops were stopped with the watch */
	CHECK(test_sh("for p in $(cat smi.pids); do kill -0 $p 2>/dev/null "
	    "&& exit 1; done; exit 0") == 0);
	arena_free(a);
}

/* No nvidia-smi, an AMD node: rocm-smi --showmeminfo vram --json (it
 * has no loop mode) is run once per interval; its real output (the RX
 * 7900 XT of fixtures/real/rocm) gives the GPU rows, free = total - used,
 * a warning line before it ignored. */
DEFINE_TEST(test_watch_amd_rocm_smi)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	FILE		*f;
	long		 c;
	int		 runs = 0;

	setup(0);
	if ((f = fopen("fakebin/rocm-smi", "w")) == NULL)
		return;
	fprintf(f, "#!/bin/sh\n"
	    "[ \"$*\" = '--showmeminfo vram --json' ] || exit 2\n"
	    "echo run >> \"$PWD/rocm.runs\"\n"
	    "echo 'WARNING: AMD GPU device(s) is/are in a low-power state.'\n"
	    "cat '%s'\n", test_src("fixtures/real/rocm/"
	    "rocm-smi-rx7900xt-productname-use-meminfo-vram.json"));
	fclose(f);
	test_sh("chmod +x fakebin/rocm-smi");
	start("", "--interval 0.2");
	grow(8, 0.2);
	test_sh("rm -rf " JOB);
	CHECK_EQ_INT(finished(5), 0);
	if (load(wfile(), a, &s) != 0) {
		test_fail(__FILE__, __LINE__, "no series at %s", wfile());
		arena_free(a);
		return;
	}
	c = series_col_index(&s, "gpu0/used");
	CHECK(c >= 0);
	if (c >= 0)
		CHECK_EQ_INT(s.cols[c].limit, 21458059264LL);
	for (size_t r = 0; r < s.nrows; r++)
		if (series_get(&s, r, "gpu0/used") == 27856896)
			runs++;
	CHECK(runs >= 2);
	CHECK_EQ_INT(series_get(&s, s.nrows - 1, "gpu0/free"),
	    21458059264LL - 27856896);
	CHECK_EQ_INT(series_col_index(&s, "gpu1/used"), -1);
	CHECK(!has_note(&s, "rocm-smi"));
	CHECK(has_note(&s, "nvidia-smi not found"));
	/* run again and again, not once */
	CHECK(test_sh("[ $(wc -l < rocm.runs) -ge 3 ]") == 0);
	arena_free(a);
}

/* A hung nvidia-smi is restarted; the cgroup is sampled all along; the
 * job's processes leaving ends the watch. */
DEFINE_TEST(test_watch_hung_gpu_and_no_processes)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;

	setup(1);
	start("FAKE_SMI=hang", "--interval 0.2");
	grow(33, 0.2);
	test_sh("for f in $(find " JOB " -name cgroup.procs); do : > $f; done");
	CHECK_EQ_INT(finished(5), 0);
	if (load(wfile(), a, &s) != 0)
		return;
	CHECK(s.nrows >= 25);
	CHECK(has_note(&s, "gpus: nvidia-smi silent (hung); restart in"));
	CHECK(has_note(&s, "end: no process left in the job's cgroup"));
	CHECK_EQ_INT(series_col_index(&s, "gpu0/used"), -1);
	CHECK(series_get(&s, s.nrows - 1, "cg/job/current") > 300 * 1048576);
	CHECK(test_sh("for p in $(cat smi.pids); do kill -0 $p 2>/dev/null "
	    "&& exit 1; done; exit 0") == 0);
	arena_free(a);
}

/* The process loop hangs while the GPU loop shows memory in use: it is
 * restarted (silence alone is normal: no process on any GPU). */
DEFINE_TEST(test_watch_hung_process_loop)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;

	setup(1);
	start("FAKE_SMI=hang-apps", "--interval 0.2");
	grow(33, 0.2);
	test_sh("kill -TERM $(cat pid)");
	CHECK_EQ_INT(finished(5), 0);
	if (load(wfile(), a, &s) != 0)
		return;
	CHECK(series_col_index(&s, "gpu0/used") >= 0);
	CHECK_EQ_INT(series_col_index(&s, "gpu0/pid4242/used"), -1);
	CHECK(has_note(&s, "nvidia-smi silent while GPU memory is in use "
	    "(hung); restart in"));
	CHECK(!has_note(&s, "gpus: nvidia-smi silent (hung)"));
	CHECK(test_sh("for p in $(cat smi.pids); do kill -0 $p 2>/dev/null "
	    "&& exit 1; done; exit 0") == 0);
	arena_free(a);
}

/* SIGTERM (Slurm ending the job) ends it at once with a valid file; a
 * second watcher of the same job and host is refused meanwhile; without
 * nvidia-smi only the cgroup is sampled. */
DEFINE_TEST(test_watch_sigterm_and_one_watcher)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	char		 cwd[1024];
	time_t		 t0;

	setup(0);
	start("", "--interval 0.1");
	grow(5, 0.1);
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return;
	CHECK_EQ_INT(test_sh("env -i PATH=/usr/bin:/bin "
	    "OOMTRAIL_CGROUP_ROOT='%s/cg' '%s' --watch --job 4 --output out "
	    ">/dev/null 2>err2", cwd, bin()), 1);
	CHECK(test_sh("grep -q 'busy (another watcher' err2") == 0);
	t0 = time(NULL);
	test_sh("kill -TERM $(cat pid)");
	CHECK_EQ_INT(finished(3), 0);
	CHECK(time(NULL) - t0 <= 2);
	if (load(wfile(), a, &s) != 0)
		return;
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK(s.nrows >= 3);
	CHECK(has_note(&s, "nvidia-smi not found: no GPU sampling"));
	CHECK(has_note(&s, "end: signalled"));
	CHECK(test_sh("test \"$(cat stdout)\" = '%s'", wfile()) == 0);
	arena_free(a);
}

/* The collection run of the same job finds the file in --output and puts
 * it in the bundle: as is, and re-encoded under --redact. */
DEFINE_TEST(test_watch_pickup_into_bundle)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s, b;
	char		 cwd[1024];

	setup(0);
	start("", "--interval 0.1");
	grow(5, 0.1);
	test_sh("kill -TERM $(cat pid)");
	CHECK_EQ_INT(finished(3), 0);
	if (getcwd(cwd, sizeof(cwd)) == NULL || load(wfile(), a, &s) != 0)
		return;
	test_sh("head -c 40 /dev/urandom > site.key && mkdir -p out2");
	CHECK(test_sh("env -i PATH=/nonexistent OOMTRAIL_CGROUP_ROOT='%s/cg' "
	    "OOMTRAIL_KMSG=/nonexistent '%s' --job 4 --output out "
	    "--deadline 20 > bpath 2>/dev/null; "
	    "tar --zstd -xOf \"$(tail -n 1 bpath)\" watch/series.txt > got",
	    cwd, bin()) == 0);
	CHECK(test_sh("cmp got '%s'", wfile()) == 0);
	CHECK(test_sh("tar --zstd -xOf \"$(tail -n 1 bpath)\" manifest.json "
	    "| grep -q 'oomtrail-watch-4-'") == 0);
	/* --redact: same rows, a pseudonymous host, valid checksums */
	CHECK(test_sh("env -i PATH=/nonexistent OOMTRAIL_CGROUP_ROOT='%s/cg' "
	    "OOMTRAIL_KMSG=/nonexistent '%s' --job 4 --output out2 "
	    "--watch-file '%s' --redact --site-key site.key --deadline 20 "
	    "> bpath2 2>/dev/null; tar --zstd -xOf \"$(tail -n 1 bpath2)\" "
	    "watch/series.txt > got2", cwd, bin(), wfile()) == 0);
	CHECK_EQ_INT(load("got2", a, &b), 0);
	if (b.nrows > 0) {
		CHECK_EQ_INT(b.nrows, s.nrows);
		CHECK_EQ_U64(b.bad_records, 0);
		CHECK(b.host != NULL && strncmp(b.host, "host-", 5) == 0);
		CHECK_EQ_INT(series_get(&b, b.nrows - 1, "cg/job/current"),
		    series_get(&s, s.nrows - 1, "cg/job/current"));
	}
	/* --watch-file naming a missing file is a failed item */
	CHECK_EQ_INT(test_sh("env -i PATH=/nonexistent OOMTRAIL_KMSG=/no "
	    "'%s' --output out2 --watch-file /nonexistent/w.series "
	    "--deadline 10 >/dev/null 2>err3", bin()), 3);
	CHECK(test_sh("grep -q 'watch/series.txt: ENOENT' err3") == 0);
	arena_free(a);
}

DEFINE_TEST(test_watch_usage)
{
	CHECK_EQ_INT(test_sh("'%s' --watch --interval 0.05 2>/dev/null",
	    bin()), 2);
	CHECK_EQ_INT(test_sh("'%s' --interval 2 2>/dev/null", bin()), 2);
	CHECK_EQ_INT(test_sh("'%s' --watch --interval x 2>/dev/null", bin()),
	    2);
	CHECK(test_sh("'%s' --help | grep -q -- '--watch-file PATH'", bin())
	    == 0);
}
