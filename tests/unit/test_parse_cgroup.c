/*
 * test_parse_cgroup: memory cgroup files (real v1 and v2 captures under
 * fixtures/real/cgroup-v1/ and cgroup-v2/, see their READMEs), Slurm's
 * cgroup paths, and the host/ files of parse_host (fixtures/real/host/
 * and inputs built here).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "parse.h"

#define V1	"fixtures/real/cgroup-v1/"
#define V1JOB	V1 "oom-live/slurm_vm/uid_1001/job_3"
#define V2	"fixtures/real/cgroup-v2/"
#define V2JOB	V2 "treydock-slurm-v2-tree/system.slice/slurmstepd.scope/job_4"

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

#define CHECK_NOFIELD(ev, name) CHECK(ev_field((ev), (name)) == NULL)

#define CHECK_FSTR(ev, name, want) do {					\
	struct str _s = ev_str((ev), (name));				\
	CHECK_EQ_STRN(_s.p, _s.n, (want));				\
} while (0)

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

typedef enum err_code parser(const struct src *, struct arena *,
    struct evlist *, struct err *);

static void
parse_buf(struct parsed *p, parser *fn, const char *name, char *buf,
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

/* A fixture file parsed under its bundle path. */
static void
parse_fixture(struct parsed *p, parser *fn, const char *rel, const char *name)
{
	size_t	 len;
	char	*buf = test_slurp(rel, &len);

	parse_buf(p, fn, name, buf, len);
}

static void
parse_text(struct parsed *p, parser *fn, const char *name, const char *text)
{
	size_t	 n = strlen(text);
	char	*buf = malloc(n + 1);

	memcpy(buf, text, n + 1);
	parse_buf(p, fn, name, buf, n);
}

static void
parsed_free(struct parsed *p)
{
	evlist_free(&p->l);
	arena_free(p->a);
	free(p->buf);
}

static size_t
count(const struct parsed *p, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < p->l.n; i++)
		n += p->l.v[i]->kind == k;
	return n;
}

static struct event *
first(const struct parsed *p, enum ev_kind k)
{
	for (size_t i = 0; i < p->l.n; i++)
		if (p->l.v[i]->kind == k)
			return p->l.v[i];
	return NULL;
}

/* The one EV_CGROUP_MEM of a fixture (checked to be alone). */
static struct event *
cg_one(struct parsed *p, const char *rel, const char *name)
{
	parse_fixture(p, parse_cgroup, rel, name);
	CHECK_EQ_INT(count(p, EV_CGROUP_MEM), 1);
	CHECK_EQ_INT(count(p, EV_UNPARSED), 0);
	return first(p, EV_CGROUP_MEM);
}

DEFINE_TEST(test_cgroup_v1_job_step_task)
{
	struct parsed	 p;
	struct event	*ev;

	ev = cg_one(&p, V1JOB "/memory.limit_in_bytes",
	    "cgroup/memory/slurm_vm/uid_1001/job_3/memory.limit_in_bytes");
	CHECK_FSTR(ev, "cg_path", "/slurm_vm/uid_1001/job_3");
	CHECK_FSTR(ev, "file", "memory.limit_in_bytes");
	CHECK_NUM(ev, "version", 1);
	CHECK_FSTR(ev, "level", "job");
	CHECK_NUM(ev, "job_id", 3);
	CHECK_NOFIELD(ev, "step");
	CHECK_NUM(ev, "limit_bytes", 104857600);
	CHECK_NOFIELD(ev, "unlimited");
	CHECK_EQ_INT(ev->ref.line, 1);
	CHECK_EQ_STRN(ev->text.p, ev->text.n, "104857600");
	parsed_free(&p);

	ev = cg_one(&p, V1JOB "/step_batch/memory.failcnt",
	    "cgroup/memory/slurm_vm/uid_1001/job_3/step_batch/memory.failcnt");
	CHECK_FSTR(ev, "level", "step");
	CHECK_FSTR(ev, "step", "batch");
	CHECK_NUM(ev, "failcnt", 54);
	parsed_free(&p);

	/* The task's limit is v1's "no limit"; the job's holds. */
	ev = cg_one(&p, V1JOB "/step_batch/task_0/memory.limit_in_bytes",
	    "cgroup/memory/slurm_vm/uid_1001/job_3/step_batch/task_0/"
	    "memory.limit_in_bytes");
	CHECK_FSTR(ev, "level", "task");
	CHECK_NUM(ev, "task", 0);
	CHECK_NUM(ev, "unlimited", 1);
	CHECK_NOFIELD(ev, "limit_bytes");
	parsed_free(&p);

	ev = cg_one(&p, V1JOB "/step_batch/task_0/memory.max_usage_in_bytes",
	    "cgroup/memory/slurm_vm/uid_1001/job_3/step_batch/task_0/"
	    "memory.max_usage_in_bytes");
	CHECK_NUM(ev, "peak_bytes", 104841216);
	parsed_free(&p);
}

/* oom_kill 1 only in task_0: the event cites that line. */
DEFINE_TEST(test_cgroup_v1_oom_control)
{
	static const struct {
		const char	*dir;
		int64_t		 kills;
		uint32_t	 line;
	} want[] = {
		{ "", 0, 1 }, { "/step_batch", 0, 1 },
		{ "/step_batch/task_0", 1, 3 },
	};
	struct parsed	 p;
	struct event	*ev;
	char		 rel[256], name[256];

	for (size_t i = 0; i < 3; i++) {
		snprintf(rel, sizeof(rel), V1JOB "%s/memory.oom_control",
		    want[i].dir);
		snprintf(name, sizeof(name), "cgroup/memory/slurm_vm/uid_1001/"
		    "job_3%s/memory.oom_control", want[i].dir);
		ev = cg_one(&p, rel, name);
		CHECK_NUM(ev, "oom_kill", want[i].kills);
		CHECK_NUM(ev, "under_oom", 0);
		CHECK_NUM(ev, "oom_kill_disable", 0);
		CHECK_EQ_INT(ev->ref.line, want[i].line);
		if (want[i].kills > 0)
			CHECK_EQ_STRN(ev->text.p, ev->text.n, "oom_kill 1");
		parsed_free(&p);
	}
}

DEFINE_TEST(test_cgroup_v1_stat_and_probe)
{
	struct parsed	 p;
	struct event	*ev;

	ev = cg_one(&p, V1JOB "/memory.stat",
	    "cgroup/memory/slurm_vm/uid_1001/job_3/memory.stat");
	CHECK_NUM(ev, "version", 1);
	CHECK_NUM(ev, "rss", 0);
	CHECK_NUM(ev, "total_rss", 729088);
	CHECK_NUM(ev, "hierarchical_memory_limit", 104857600);
	CHECK_NOFIELD(ev, "hierarchical_memsw_limit");
	parsed_free(&p);

	/* The bare probe_oom cgroup (no Slurm), by content and by path. */
	ev = cg_one(&p, V1 "raw-probe_oom/memory.oom_control.txt",
	    "cgroup/memory/probe_oom/memory.oom_control");
	CHECK_NUM(ev, "oom_kill", 1);
	CHECK_FSTR(ev, "level", "other");
	CHECK_FSTR(ev, "cg_path", "/probe_oom");
	CHECK_NOFIELD(ev, "job_id");
	parsed_free(&p);
	ev = cg_one(&p, V1 "raw-probe_oom/memory.stat.txt", "memory.stat");
	CHECK_NUM(ev, "version", 1);
	parsed_free(&p);
	ev = cg_one(&p, V1 "raw-probe_oom/memory.failcnt.txt",
	    "cgroup/memory/probe_oom/memory.failcnt");
	CHECK_NUM(ev, "failcnt", 5271);
	parsed_free(&p);
}

DEFINE_TEST(test_cgroup_v2_slurm_tree)
{
	struct parsed	 p;
	struct event	*ev;

	ev = cg_one(&p, V2JOB "/memory.max",
	    "cgroup/system.slice/slurmstepd.scope/job_4/memory.max");
	CHECK_NUM(ev, "version", 2);
	CHECK_FSTR(ev, "cg_path", "/system.slice/slurmstepd.scope/job_4");
	CHECK_FSTR(ev, "level", "job");
	CHECK_NUM(ev, "job_id", 4);
	CHECK_NUM(ev, "limit_bytes", 1835008000);
	parsed_free(&p);

	ev = cg_one(&p, V2JOB "/step_0/user/task_0/memory.max",
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_0/user/task_0/"
	    "memory.max");
	CHECK_FSTR(ev, "level", "task");
	CHECK_FSTR(ev, "step", "0");
	CHECK_FSTR(ev, "sub", "user");
	CHECK_NUM(ev, "task", 0);
	CHECK_NUM(ev, "unlimited", 1);
	CHECK_NOFIELD(ev, "limit_bytes");
	parsed_free(&p);

	ev = cg_one(&p, V2JOB "/step_0/user/memory.events.local",
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_0/user/"
	    "memory.events.local");
	CHECK_FSTR(ev, "level", "step");
	CHECK_NUM(ev, "local", 1);
	CHECK_NUM(ev, "oom_kill", 0);
	CHECK_NUM(ev, "oom_group_kill", 0);
	CHECK_NUM(ev, "max", 0);
	CHECK_EQ_INT(ev->ref.line, 1);
	parsed_free(&p);

	ev = cg_one(&p, V2JOB "/step_extern/memory.events",
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_extern/"
	    "memory.events");
	CHECK_FSTR(ev, "step", "extern");
	CHECK_NOFIELD(ev, "local");
	parsed_free(&p);

	ev = cg_one(&p, V2JOB "/memory.peak",
	    "cgroup/system.slice/slurmstepd.scope/job_4/memory.peak");
	CHECK_NUM(ev, "peak_bytes", 7229440);
	parsed_free(&p);

	ev = cg_one(&p, V2JOB "/memory.stat",
	    "cgroup/system.slice/slurmstepd.scope/job_4/memory.stat");
	CHECK_NUM(ev, "version", 2);
	CHECK_NUM(ev, "anon", 2260992);
	/* v2's "file" key is not the event's "file" (the file's name) */
	CHECK_NUM(ev, "file_bytes", 516096);
	CHECK_FSTR(ev, "file", "memory.stat");
	parsed_free(&p);

	ev = cg_one(&p, V2 "treydock-slurm-v2-tree/system.slice/"
	    "slurmstepd.scope/memory.current",
	    "cgroup/system.slice/slurmstepd.scope/memory.current");
	CHECK_FSTR(ev, "level", "other");
	CHECK_NUM(ev, "usage_bytes", 6475776);
	parsed_free(&p);
}

DEFINE_TEST(test_cgroup_v2_flat_files)
{
	struct parsed	 p;
	struct event	*ev;

	/* Hand-set by its source (see the README), used for parsing only. */
	ev = cg_one(&p, V2 "elastic-docker-scope-memory.events-EDITED-oomkill.txt",
	    "cgroup/system.slice/docker-1c8f.scope/memory.events");
	CHECK_NUM(ev, "oom_kill", 1);
	CHECK_NUM(ev, "oom", 1);
	CHECK_NUM(ev, "max", 2);
	CHECK_NUM(ev, "high", 3);
	CHECK_NUM(ev, "low", 10);
	CHECK_NOFIELD(ev, "oom_group_kill");
	CHECK_EQ_INT(ev->ref.line, 5);
	CHECK_EQ_STRN(ev->text.p, ev->text.n, "oom_kill 1");
	parsed_free(&p);

	ev = cg_one(&p, V2 "telegraf-v2-96cpu-memory.max.txt",
	    "cgroup/system.slice/memory.max");
	CHECK_NUM(ev, "limit_bytes", 103079215104LL);
	parsed_free(&p);
	ev = cg_one(&p, V2 "elastic-docker2-session-scope-memory.max.txt",
	    "cgroup/user.slice/memory.max");
	CHECK_NUM(ev, "unlimited", 1);
	parsed_free(&p);
	ev = cg_one(&p, V2 "elastic-docker2-session-scope-memory.swap.current.txt",
	    "cgroup/user.slice/memory.swap.current");
	CHECK_NUM(ev, "swap_usage_bytes", 17715200);
	parsed_free(&p);
	ev = cg_one(&p, V2 "telegraf-v2-96cpu-memory.oom.group.txt",
	    "cgroup/x/memory.oom.group");
	CHECK_NUM(ev, "oom_group", 1);
	parsed_free(&p);
	ev = cg_one(&p, V2 "elastic-docker-scope-memory.swap.events-EDITED.txt",
	    "cgroup/x/memory.swap.events");
	CHECK_NUM(ev, "swap_fail", 1);
	CHECK_NUM(ev, "swap_max", 5);
	parsed_free(&p);
	/* No final newline; a 5.x layout; by content outside a bundle. */
	ev = cg_one(&p, V2 "datadog-memory.stat-5.x-small-container.txt",
	    "memory.stat");
	CHECK_NUM(ev, "version", 2);
	CHECK_NUM(ev, "anon", 3108864);
	parsed_free(&p);
}

DEFINE_TEST(test_cgroup_edge_cases)
{
	static const char crlf[] =
	    "low 0\r\nhigh x\r\noom_kill 7\r\nnew_key 5\r\n\r\nbad\0line";
	struct parsed	 p;
	struct event	*ev;
	char		*buf;

	parse_text(&p, parse_cgroup, "cgroup/a/memory.events", "");
	ev = first(&p, EV_CGROUP_MEM);
	CHECK_NUM(ev, "empty", 1);
	CHECK_EQ_INT(ev->ref.line, 0);
	parsed_free(&p);

	parse_text(&p, parse_cgroup, "cgroup/a/memory.max",
	    "18446744073709551616\n");
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	CHECK_NOFIELD(first(&p, EV_CGROUP_MEM), "limit_bytes");
	parsed_free(&p);

	buf = malloc(sizeof(crlf));
	memcpy(buf, crlf, sizeof(crlf));
	parse_buf(&p, parse_cgroup, "cgroup/a/memory.events", buf,
	    sizeof(crlf) - 1);
	ev = first(&p, EV_CGROUP_MEM);
	CHECK_NUM(ev, "oom_kill", 7);
	CHECK_NUM(ev, "low", 0);
	CHECK_NOFIELD(ev, "high");
	CHECK_EQ_INT(ev->ref.line, 3);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 2);	/* "high x", "bad\0line" */
	parsed_free(&p);

	/* cgroup.procs: the pids, as one host fact with the path's ids; a
	 * file that is not a list of pids gives nothing */
	parse_text(&p, parse_cgroup, "cgroup/system.slice/slurmstepd.scope/"
	    "job_6/step_batch/user/task_0/cgroup.procs", "2581\n3276\n");
	CHECK_EQ_INT(p.l.n, 1);
	ev = first(&p, EV_HOST);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "cgroup.procs");
		CHECK_FSTR(ev, "pids", "2581\n3276");
		CHECK_NUM(ev, "npids", 2);
		CHECK_NUM(ev, "job_id", 6);
		CHECK_FSTR(ev, "step", "batch");
	}
	parsed_free(&p);
	parse_text(&p, parse_cgroup, "cgroup/a/cgroup.procs", "1\nx2\n");
	CHECK_EQ_INT(p.l.n, 0);
	parsed_free(&p);
	parse_text(&p, parse_cgroup, "cgroup/a/cgroup.procs", "\n");
	CHECK_EQ_INT(p.l.n, 0);
	parsed_free(&p);
}

DEFINE_TEST(test_cgroup_slurm_paths)
{
	struct slurm_cgpath	sp;

	CHECK_EQ_INT(parse_slurm_cgpath(str_cstr("/system.slice/"
	    "slurmstepd.scope/s5K1KKYAYG5D00/step_0/user/task_0"), &sp), 1);
	CHECK_EQ_STRN(sp.sluid.p, sp.sluid.n, "s5K1KKYAYG5D00");
	CHECK(sp.job.n == 0);
	CHECK_EQ_STR(sp.level, "task");
	CHECK_EQ_INT(parse_slurm_cgpath(str_cstr("/system.slice/"
	    "node1_slurmstepd.scope/job_4749/step_interactive/slurm"), &sp), 1);
	CHECK_EQ_STRN(sp.job.p, sp.job.n, "4749");
	CHECK_EQ_STRN(sp.step.p, sp.step.n, "interactive");
	CHECK_EQ_STRN(sp.sub.p, sp.sub.n, "slurm");
	CHECK_EQ_STR(sp.level, "step");
	CHECK_EQ_INT(parse_slurm_cgpath(str_cstr("/system.slice/"
	    "slurmstepd.scope/system"), &sp), 0);
	CHECK_EQ_STR(sp.level, "other");
	CHECK_EQ_INT(parse_slurm_cgpath(str_cstr("/job_x/step_0"), &sp), 0);
}

DEFINE_TEST(test_cgroup_nomem)
{
	enum err_code	rc = ERR_NOMEM;
	long		n;
	size_t		len;
	char		*buf = test_slurp(V1JOB "/memory.stat", &len);
	struct src	in = { 0, "cgroup/memory/slurm_vm/uid_1001/job_3/memory.stat",
			    buf, len };

	for (n = 0; n < 500 && rc == ERR_NOMEM; n++) {
		struct arena	*a = arena_new(1024);
		struct evlist	 l = { 0 };

		arena_fail_after(a, n);
		rc = parse_cgroup(&in, a, &l, NULL);
		evlist_free(&l);
		arena_free(a);
	}
	CHECK_EQ_INT(rc, ERR_OK);
	CHECK(n > 3);
	free(buf);
}

/* host/ files. */

static struct event *
host_one(struct parsed *p, const char *name, const char *text)
{
	parse_text(p, parse_host, name, text);
	CHECK_EQ_INT(count(p, EV_HOST), 1);
	return first(p, EV_HOST);
}

DEFINE_TEST(test_host_meminfo)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, parse_host, "fixtures/real/host/meminfo.txt",
	    "host/meminfo.txt");
	CHECK_EQ_INT(count(&p, EV_HOST), 1);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 0);
	ev = first(&p, EV_HOST);
	CHECK_EQ_STR(ev->sig, "host.meminfo");
	CHECK_NUM(ev, "mem_total_bytes", 24683656LL * 1024);
	CHECK_NUM(ev, "mem_available_bytes", 24184276LL * 1024);
	CHECK_NUM(ev, "swap_total_bytes", 0);
	CHECK_NUM(ev, "swap_free_bytes", 0);
	CHECK_NUM(ev, "shmem_bytes", 8952LL * 1024);
	CHECK_NUM(ev, "committed_as_bytes", 579892LL * 1024);
	CHECK_NUM(ev, "hugepages_total", 0);
	CHECK_EQ_INT(ev->ref.line, 1);
	parsed_free(&p);
}

DEFINE_TEST(test_host_small_files)
{
	struct parsed	 p;
	struct event	*ev;

	ev = host_one(&p, "host/shm.txt", "path=/dev/shm\nfstype=tmpfs\n"
	    "size_bytes=67108864\navail_bytes=67100672\n");
	CHECK_EQ_STR(ev->sig, "host.shm");
	CHECK_NUM(ev, "shm_size_bytes", 67108864);
	CHECK_NUM(ev, "shm_avail_bytes", 67100672);
	CHECK_FSTR(ev, "shm_fstype", "tmpfs");
	CHECK_EQ_INT(ev->ref.line, 3);
	parsed_free(&p);

	ev = host_one(&p, "host/uptime.txt", "350735.47 234388.90\n");
	CHECK_NUM(ev, "uptime_s", 350735);
	CHECK_NUM(ev, "uptime_ns", 350735470000000LL);
	parsed_free(&p);

	ev = host_one(&p, "host/os-release.txt",
	    "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"
	    "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nID=debian\n");
	CHECK_FSTR(ev, "pretty_name", "Debian GNU/Linux 12 (bookworm)");
	CHECK_FSTR(ev, "version_id", "12");
	CHECK_FSTR(ev, "os_id", "debian");
	parsed_free(&p);

	ev = host_one(&p, "host/env.txt", "SLURM_JOB_ID=4\n"
	    "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n"
	    "CUDA_VISIBLE_DEVICES=0,1\nNCCL_DEBUG=\nnot a variable\n");
	CHECK_EQ_STR(ev->sig, "host.env");
	CHECK_FSTR(ev, "SLURM_JOB_ID", "4");
	CHECK_FSTR(ev, "PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True");
	CHECK_FSTR(ev, "CUDA_VISIBLE_DEVICES", "0,1");
	CHECK(ev_field(ev, "NCCL_DEBUG") != NULL);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	parsed_free(&p);

	ev = host_one(&p, "host/ulimits.txt", "as unlimited unlimited\n"
	    "nofile 1024 524288\nnot three words here\n");
	CHECK_FSTR(ev, "as_soft", "unlimited");
	CHECK_FSTR(ev, "as_hard", "unlimited");
	CHECK_NUM(ev, "nofile_soft", 1024);
	CHECK_NUM(ev, "nofile_hard", 524288);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	parsed_free(&p);

	ev = host_one(&p, "host/cgroup-mode.txt", "hybrid\n");
	CHECK_FSTR(ev, "mode", "hybrid");
	parsed_free(&p);

	parse_text(&p, parse_host, "host/lsblk.txt", "sda 8:0\n");
	CHECK_EQ_INT(p.l.n, 0);
	parsed_free(&p);
}

DEFINE_TEST(test_host_procs)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p, parse_host, "host/procs.tsv",
	    "pid\tuid\tvmrss_kb\tcgroup\tcmdline\n"
	    "14919\t1001\t101760\t/slurm_vm/uid_1001/job_2/step_batch/task_0\t"
	    "python3 alloc.py 500\n"
	    "49276\t1001\t512\t0::/system.slice/slurmstepd.scope/job_4/step_0/"
	    "user/task_0\tsleep\tinfinity\n"
	    "1\t0\n");
	CHECK_EQ_INT(count(&p, EV_HOST), 2);
	CHECK_EQ_INT(count(&p, EV_UNPARSED), 1);
	ev = first(&p, EV_HOST);
	CHECK_EQ_STR(ev->sig, "host.proc");
	CHECK_EQ_INT(ev->pid, 14919);
	CHECK_NUM(ev, "uid", 1001);
	CHECK_NUM(ev, "rss_bytes", 101760LL * 1024);
	CHECK_NUM(ev, "job_id", 2);
	CHECK_FSTR(ev, "step", "batch");
	CHECK_NUM(ev, "task_id", 0);
	CHECK_FSTR(ev, "cmdline", "python3 alloc.py 500");
	CHECK_EQ_INT(ev->ref.line, 2);
	ev = p.l.v[1];
	CHECK_NUM(ev, "job_id", 4);
	CHECK_FSTR(ev, "cmdline", "sleep\tinfinity");
	parsed_free(&p);
}

/* PSI: a cgroup's memory.pressure (the real thrash job at its limit) and
 * the node's /proc/pressure/memory (with the capture's comment line),
 * percentages kept as hundredths; a file of another shape reads empty. */
DEFINE_TEST(test_cgroup_memory_pressure)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, parse_cgroup,
	    "fixtures/real/cgroup-v2/psi/thrash-live-job_1-memory.pressure",
	    "cgroup/system.slice/vm_slurmstepd.scope/job_1/memory.pressure");
	ev = first(&p, EV_CGROUP_MEM);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "file", "memory.pressure");
	CHECK_NUM(ev, "job_id", 1);
	CHECK_NUM(ev, "psi_some_avg10", 2547);
	CHECK_NUM(ev, "psi_some_avg60", 1392);
	CHECK_NUM(ev, "psi_full_avg10", 2489);
	CHECK_NUM(ev, "psi_full_avg60", 1357);
	CHECK_NUM(ev, "psi_full_avg300", 369);
	CHECK_NUM(ev, "psi_full_total_us", 11873588);
	CHECK_EQ_INT(ev->ref.line, 1);
	parsed_free(&p);

	parse_fixture(&p, parse_host, "fixtures/real/host/"
	    "pressure-memory-thrash.txt", "host/pressure-memory.txt");
	ev = first(&p, EV_HOST);
	CHECK(ev != NULL);
	CHECK_EQ_STR(ev->sig, "host.pressure");
	CHECK_NUM(ev, "psi_some_avg60", 1476);
	CHECK_NUM(ev, "psi_full_avg60", 627);
	CHECK_NUM(ev, "psi_full_total_us", 9865439);
	CHECK_EQ_INT(ev->ref.line, 2);
	parsed_free(&p);

	parse_text(&p, parse_cgroup, "cgroup/a/memory.pressure",
	    "some avg10=x avg60=100.5 avg300=7.5 total=-1\nnone\n");
	ev = first(&p, EV_CGROUP_MEM);
	CHECK(ev != NULL);
	CHECK_NOFIELD(ev, "psi_some_avg10");
	CHECK_NOFIELD(ev, "psi_some_avg60");	/* over 100% */
	CHECK_NUM(ev, "psi_some_avg300", 750);
	CHECK_NOFIELD(ev, "psi_some_total_us");
	parsed_free(&p);
	parse_text(&p, parse_cgroup, "cgroup/a/memory.pressure", "junk\n");
	CHECK_NUM(first(&p, EV_CGROUP_MEM), "empty", 1);
	parsed_free(&p);
}

/* The SPANK plugin's step marker (docs/bundle-format.md): job, step and
 * the pids, for putting a pid in its step; other keys and odd lines are
 * skipped. */
DEFINE_TEST(test_host_step_marker)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p, parse_host, "slurm/markers/0.step",
	    "format=1\njob=46146026\nstep=0\narray_job_id=\nuid=1001\n"
	    "node=vm\nstart=1764608400\nend=\npids=4283 4294\nexit=sig9\n"
	    "oom_kill=1\nnonsense\n");
	ev = first(&p, EV_HOST);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "host.step_marker");
		CHECK_NUM(ev, "job_id", 46146026);
		CHECK_FSTR(ev, "step", "0");
		CHECK_FSTR(ev, "pids", "4283 4294");
		CHECK_EQ_INT(ev->ref.line, 2);
	}
	parsed_free(&p);
	/* the same name outside slurm/markers/ is nobody's */
	parse_text(&p, parse_host, "host/0.step", "job=1\npids=2\n");
	CHECK_EQ_INT(p.l.n, 0);
	parsed_free(&p);
}
