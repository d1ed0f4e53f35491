/*
 * test_parse_kernel: the kernel log parser on real captures
 * (fixtures/real/kernel/, see its README) and on edge cases built here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "parse.h"
#include "units.h"

#define NS	1000000000LL

struct parsed {
	struct arena	*a;
	struct evlist	 l;
	char		*buf;
	size_t		 len;
};

#define CHECK_NUM(ev, name, want) do {					\
	int64_t _v = INT64_MIN;						\
	if (ev_num((ev), (name), &_v) != 0)				\
		test_fail(__FILE__, __LINE__, "no field %s", (name));	\
	else								\
		CHECK_EQ_INT(_v, (want));				\
} while (0)

#define CHECK_NOFIELD(ev, name) CHECK(ev_field((ev), (name)) == NULL)

#define CHECK_FSTR(ev, name, want) do {					\
	struct str _s = ev_str((ev), (name));				\
	CHECK_EQ_STRN(_s.p, _s.n, (want));				\
} while (0)

/* Every event cites bytes inside the input, on the line it names. */
static void
check_refs(const struct parsed *p)
{
	for (size_t i = 0; i < p->l.n; i++) {
		const struct event	*ev = p->l.v[i];
		uint32_t		 line = 1;

		CHECK(ev->ref.off + ev->ref.len <= p->len);
		if (ev->text.p != NULL) {
			CHECK(ev->text.p == p->buf + ev->ref.off);
			CHECK_EQ_U64(ev->text.n, ev->ref.len);
		}
		if (ev->ref.line == 0 || ev->ref.off > p->len)
			continue;
		for (size_t j = 0; j < ev->ref.off; j++)
			line += p->buf[j] == '\n';
		CHECK_EQ_INT(ev->ref.line, line);
	}
}

static void
parse_buf(struct parsed *p, char *buf, size_t len)
{
	struct src	in = { 3, "kernel/dmesg.txt", buf, len };
	struct err	e = { 0 };

	memset(&p->l, 0, sizeof(p->l));
	p->buf = buf;
	p->len = len;
	p->a = arena_new(1 << 16);
	CHECK_EQ_INT(parse_kernel(&in, p->a, &p->l, &e), ERR_OK);
	check_refs(p);
}

static void
parse_fixture(struct parsed *p, const char *rel)
{
	size_t	 len;
	char	*buf = test_slurp(rel, &len);

	parse_buf(p, buf, len);
}

static void
parse_text(struct parsed *p, const char *text)
{
	size_t	 n = strlen(text);
	char	*buf = malloc(n + 1);

	memcpy(buf, text, n + 1);
	parse_buf(p, buf, n);
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

/* The nth (0-based) event of kind k, or NULL. */
static struct event *
nth(const struct parsed *p, enum ev_kind k, size_t n)
{
	for (size_t i = 0; i < p->l.n; i++)
		if (p->l.v[i]->kind == k && n-- == 0)
			return p->l.v[i];
	return NULL;
}

static struct event *
note(const struct parsed *p, const char *sig, size_t n)
{
	for (size_t i = 0; i < p->l.n; i++)
		if (p->l.v[i]->kind == EV_NOTE &&
		    strcmp(p->l.v[i]->sig, sig) == 0 && n-- == 0)
			return p->l.v[i];
	return NULL;
}

/* The four Slurm job OOMs of the real cgroup v1 capture. */
static void
check_v1_reports(const struct parsed *p)
{
	static const struct {
		int64_t		 job;
		const char	*step;
		int64_t		 pid;
		uint32_t	 line;
	} want[] = {
		{ 2, "batch", 14919, 81 }, { 4, "0", 14981, 166 },
		{ 3, "batch", 14975, 247 }, { 8, "0", 15055, 327 },
	};
	struct event	*ev;

	CHECK_EQ_INT(count(p, EV_KERNEL_OOM), 4);
	CHECK_EQ_INT(count(p, EV_XID) + count(p, EV_OOM_REAPER), 0);
	for (size_t i = 0; i < 4; i++) {
		if ((ev = nth(p, EV_KERNEL_OOM, i)) == NULL)
			return;
		CHECK_EQ_INT(ev->ref.line, want[i].line);
		CHECK_NUM(ev, "job_id", want[i].job);
		CHECK_FSTR(ev, "step", want[i].step);
		CHECK_NUM(ev, "task_id", 0);
		CHECK_NUM(ev, "pid", want[i].pid);
		CHECK_EQ_INT(ev->pid, want[i].pid);
		CHECK_FSTR(ev, "scope", "memcg");
		CHECK_FSTR(ev, "constraint", "CONSTRAINT_MEMCG");
		CHECK_NUM(ev, "partial", 0);
		CHECK_NUM(ev, "limit_bytes", 102400LL * 1024);
		CHECK(str_starts(ev->text, "[") || str_starts(ev->text, "<3>["));
		CHECK(str_find(ev->text, "Killed process") != NULL);
	}
}

DEFINE_TEST(test_kernel_dmesg_v1_reports)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-dmesg.txt");
	check_v1_reports(&p);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_MONO);
	CHECK_EQ_INT(ev->ts_ns, 569 * NS + 485233000);
	CHECK_FSTR(ev, "invoker", "python3");
	CHECK_FSTR(ev, "gfp_mask", "0xcc0(GFP_KERNEL)");
	CHECK_NUM(ev, "order", 0);
	CHECK_FSTR(ev, "task", "python3");
	CHECK_FSTR(ev, "oom_memcg", "/slurm_vm/uid_1001/job_2");
	CHECK_FSTR(ev, "task_memcg", "/slurm_vm/uid_1001/job_2/step_batch/task_0");
	CHECK_FSTR(ev, "cpuset", "step_batch");
	CHECK_FSTR(ev, "mems_allowed", "0");
	CHECK_FSTR(ev, "nodemask", "(null)");
	CHECK_FSTR(ev, "stats_memcg", "/slurm_vm/uid_1001/job_2");
	CHECK_NUM(ev, "uid", 1001);
	CHECK_NUM(ev, "usage_bytes", 102400LL * 1024);
	CHECK_NUM(ev, "failcnt", 243);
	CHECK_NUM(ev, "swap_usage_bytes", 102400LL * 1024);
	CHECK_NUM(ev, "swap_limit_bytes", 9007199254740988LL * 1024);
	CHECK_NUM(ev, "total_vm_bytes", 116392LL * 1024);
	CHECK_NUM(ev, "anon_rss_bytes", 101760LL * 1024);
	CHECK_NUM(ev, "file_rss_bytes", 5132LL * 1024);
	CHECK_NUM(ev, "shmem_rss_bytes", 0);
	CHECK_NUM(ev, "pgtables_bytes", 260LL * 1024);
	CHECK_NUM(ev, "oom_score_adj", 0);
	/* 81 lines: the context keeps the head and the key lines. */
	CHECK_EQ_INT(ev->context_line, 1);
	CHECK(str_starts(ev->context, "[  569.484545] python3 invoked"));
	CHECK(str_ends(ev->context, "oom_score_adj:0"));
	CHECK(str_find(ev->context, "lines not shown ...]") != NULL);
	CHECK(str_find(ev->context, "] memory: usage 102400kB") != NULL);
	CHECK(str_find(ev->context, "oom-kill:constraint=") != NULL);
	CHECK(str_find(ev->context, "] cache 0") == NULL);
	ev = note(&p, "kernel.coverage", 0);
	CHECK(ev != NULL);
	CHECK_NUM(ev, "lines", 327);
	CHECK_NUM(ev, "first_ts_ns", 569 * NS + 484545000);
	CHECK_NUM(ev, "last_ts_ns", 578 * NS + 595671000);
	CHECK_NUM(ev, "first_tsq", TSQ_RAW_MONO);
	CHECK_NUM(ev, "out_of_order", 0);
	CHECK(note(&p, "kernel.out_of_order", 0) == NULL);
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_dmesg_r_and_T)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-dmesg_-r.txt");
	check_v1_reports(&p);
	ev = nth(&p, EV_KERNEL_OOM, 3);
	CHECK_EQ_INT(ev->ts_ns, 578 * NS + 595671000);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_MONO);
	parsed_free(&p);

	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-dmesg_-T.txt");
	check_v1_reports(&p);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(ev->ts_ns,
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 10) * NS);
	ev = note(&p, "kernel.coverage", 0);
	CHECK_NUM(ev, "first_tsq", TSQ_RAW_LOCAL);
	CHECK_FSTR(ev, "first_tsq", "no_timezone");
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_raw_probe_and_excerpt)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/raw-cgroup-v1-dmesg.txt");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->ref.line, 80);
	CHECK_FSTR(ev, "oom_memcg", "/probe_oom");
	CHECK_FSTR(ev, "cpuset", "/");
	CHECK_NOFIELD(ev, "job_id");
	CHECK_NUM(ev, "failcnt", 5254);
	CHECK_NUM(ev, "uid", 0);
	parsed_free(&p);

	/* An excerpt whose report starts on line 1 and ends the file. */
	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-oom-srun-dmesg.excerpt");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_NUM(ev, "job_id", 4);
	CHECK_FSTR(ev, "step", "0");
	CHECK_FSTR(ev, "cpuset", "step_0");
	CHECK_EQ_INT(ev->ref.line, 85);
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_summary_only_no_newline)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p,
	    "fixtures/real/kernel/cadvisor-dmesg-oom-kill-memcg-line-kubepods.txt");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->ref.line, 1);
	CHECK_EQ_INT(ev->ref.len, p.len);
	CHECK_EQ_INT(ev->tsq, TSQ_NONE);
	CHECK_NUM(ev, "partial", 1);
	CHECK_FSTR(ev, "scope", "memcg");
	CHECK_FSTR(ev, "task", "manager");
	CHECK_NUM(ev, "pid", 966);
	CHECK_FSTR(ev, "oom_memcg",
	    "/kubepods/burstable/podfbdfe8e3-1c87-4ff2-907c-b2ec8e25d012");
	CHECK_NOFIELD(ev, "job_id");
	ev = note(&p, "kernel.coverage", 0);
	CHECK_NUM(ev, "lines", 1);
	CHECK_NOFIELD(ev, "first_ts_ns");
	parsed_free(&p);
}

/* Only a log that begins inside a report lost the report's head: a lone
 * kill line after other kernel lines was printed alone. */
DEFINE_TEST(test_kernel_cut_head)
{
	static const char	mid[] =
	    "6,10,100,-;eth0: link up\n"
	    "3,11,200,-;Memory cgroup out of memory: Killed process 42 (perl) "
	    "total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:1 "
	    "pgtables:4kB oom_score_adj:0\n";
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-dmesg.txt");
	for (size_t i = 0; i < count(&p, EV_KERNEL_OOM); i++)
		CHECK_NOFIELD(nth(&p, EV_KERNEL_OOM, i), "cut_head");
	parsed_free(&p);
	parse_text(&p, mid);
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_NUM(ev, "partial", 1);
	CHECK_NOFIELD(ev, "cut_head");
	parsed_free(&p);
	/* The first lines of a real node bundle's /dev/kmsg (scenario
	 * real-node-timelimit-cut-orphan): the ring buffer begins on a kill
	 * line; the next report is whole. */
	parse_text(&p, "3,6251,11171205979,-;Memory cgroup out of memory: "
	    "Killed process 19334 (perl) total-vm:110304kB, anon-rss:101248kB,"
	    " file-rss:4448kB, shmem-rss:0kB, UID:1001 pgtables:260kB "
	    "oom_score_adj:0\n4,6252,11221561353,-;perl invoked oom-killer: "
	    "gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 2);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_NUM(ev, "cut_head", 1);
	CHECK_EQ_INT(ev->pid, 19334);
	CHECK_NOFIELD(ev, "job_id");
	CHECK_NOFIELD(nth(&p, EV_KERNEL_OOM, 1), "cut_head");
	parsed_free(&p);
}

/* Verbatim excerpts of many kernels and envelopes, one after another. */
DEFINE_TEST(test_kernel_examples_eras)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/examples-kernel_oom.txt");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 9);
	CHECK_EQ_INT(count(&p, EV_OOM_REAPER), 2);
	/* 5.4 victim line alone (the ring buffer began mid-report). */
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->ref.line, 4);
	CHECK_NUM(ev, "partial", 1);
	CHECK_NUM(ev, "oom_score_adj", 986);
	CHECK_NUM(ev, "anon_rss_bytes", 164992LL * 1024);
	CHECK_FSTR(ev, "scope", "memcg");
	ev = nth(&p, EV_OOM_REAPER, 0);
	CHECK_EQ_INT(ev->pid, 63214);
	CHECK_FSTR(ev, "task", "uwsgi");
	CHECK_NUM(ev, "shmem_rss_bytes", 92 * 1024);
	CHECK_NUM(ev, "reaped", 1);
	/* A header whose report was cut off. */
	ev = nth(&p, EV_KERNEL_OOM, 1);
	CHECK_EQ_INT(ev->ref.line, 6);
	CHECK_NUM(ev, "invoker_oom_score_adj", 986);
	CHECK_NUM(ev, "partial", 1);
	CHECK_NOFIELD(ev, "cut_head");
	/* Global OOM in a syslog file with the kernel time inside. */
	ev = nth(&p, EV_KERNEL_OOM, 2);
	CHECK_EQ_INT(ev->ref.line, 11);
	CHECK_FSTR(ev, "scope", "global");
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL_NOYEAR);
	CHECK_EQ_INT(ev->ts_ns,
	    units_civil_to_epoch(1970, 5, 15, 23, 9, 30) * NS);
	CHECK_NUM(ev, "total_vm_bytes", 11964LL * 1024);
	CHECK_NOFIELD(ev, "uid");
	/* RHEL 7: "Killed process N (comm), UID 0, ..." */
	ev = nth(&p, EV_KERNEL_OOM, 3);
	CHECK_EQ_INT(ev->pid, 42452);
	CHECK_NUM(ev, "uid", 0);
	CHECK_FSTR(ev, "task", "memcg_test_1");
	ev = nth(&p, EV_KERNEL_OOM, 4);
	CHECK_EQ_INT(ev->ref.line, 17);
	CHECK_EQ_INT(ev->pid, 42453);
	CHECK_FSTR(ev, "scope", "memcg");
	CHECK_EQ_INT(ev->context_line, 16);
	/* Pre-5.0 memcg block: "Task in", usage, inline stats. */
	ev = nth(&p, EV_KERNEL_OOM, 5);
	CHECK_EQ_INT(ev->ref.line, 20);
	CHECK_FSTR(ev, "task_memcg", "/13");
	CHECK_FSTR(ev, "oom_memcg", "/13");
	CHECK_FSTR(ev, "stats_memcg", "/13");
	CHECK_FSTR(ev, "scope", "memcg");
	CHECK_NUM(ev, "limit_bytes", 4096);
	CHECK_NUM(ev, "failcnt", 8);
	CHECK_NUM(ev, "swap_limit_bytes", 9007199254740988LL * 1024);
	/* 4.14 header with nodemask and "  order=", then the cpuset line. */
	ev = nth(&p, EV_KERNEL_OOM, 6);
	CHECK_FSTR(ev, "gfp_mask", "0x14200ca(GFP_HIGHUSER_MOVABLE)");
	CHECK_NUM(ev, "order", 0);
	CHECK_FSTR(ev, "invoker", "mem");
	CHECK_FSTR(ev, "cpuset",
	    "609e7ec068ac9642229a994438d5a1f68ab5fe9ef81748e367d35b997bd65ae8");
	ev = nth(&p, EV_KERNEL_OOM, 7);
	CHECK_FSTR(ev, "gfp_mask", "0xd0");
	CHECK_EQ_INT(ev->ts_ns, 9143134 * NS + 805765000);
	/* journalctl short-precise, host elided by the poster. */
	ev = nth(&p, EV_KERNEL_OOM, 8);
	CHECK_EQ_INT(ev->ref.line, 36);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL_NOYEAR);
	CHECK_EQ_INT(ev->ts_ns, units_civil_to_epoch(1970, 8, 30, 6, 58, 55) *
	    NS + 50705000);
	CHECK_FSTR(ev, "task", "pt_main_thread");
	CHECK_NUM(ev, "pid", 461754);
	CHECK_FSTR(ev, "mems_allowed", "0-1");
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_xid_examples)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/examples-xid.txt");
	CHECK_EQ_INT(count(&p, EV_XID), 10);
	CHECK_EQ_INT(count(&p, EV_GPU_DRIVER_ERROR), 3);
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 0);
	ev = nth(&p, EV_XID, 0);
	CHECK_NUM(ev, "xid", 43);
	CHECK_FSTR(ev, "pci", "0000:00:05");
	CHECK_FSTR(ev, "uuid", "GPU-efbdfde9-5798-a6e7-4c46-12518fa15375");
	CHECK_EQ_INT(ev->pid, 1045242);
	CHECK_FSTR(ev, "proc_name", "pt_main_thread");
	CHECK_FSTR(ev, "detail", "Ch 00000008");
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL);
	ev = nth(&p, EV_XID, 2);
	CHECK_NUM(ev, "xid", 94);
	CHECK_EQ_INT(ev->pid, -1);
	CHECK_NOFIELD(ev, "proc_name");
	CHECK_FSTR(ev, "detail", "Contained: SM (0x1). RST: No, D-RST: No");
	ev = nth(&p, EV_XID, 3);
	CHECK_NUM(ev, "xid", 48);
	CHECK_FSTR(ev, "pci", "0000:07:00");
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL_NOYEAR);
	/* Fallen off the bus over three records, then the probe failure. */
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 0);
	CHECK_EQ_STR(ev->sig, "nvrm.fallen_off_bus");
	CHECK_FSTR(ev, "pci", "0000:b3:00.0");
	CHECK_EQ_INT(ev->ref.line, 20);
	CHECK_EQ_INT(ev->context_line, 18);
	CHECK_EQ_INT(ev->ts_ns, 1843 * NS + 308145000);
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 1);
	CHECK_EQ_STR(ev->sig, "nvrm.probe_failed");
	ev = nth(&p, EV_XID, 4);
	CHECK_NUM(ev, "xid", 119);
	CHECK_FSTR(ev, "uuid", "GPU-509665ad-b600-ac93-3616-d754b23d636d");
	CHECK_FSTR(ev, "proc_name", "nvidia-smi");
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 2);
	CHECK_EQ_STR(ev->sig, "nvrm.gsp_rpc_error");
	CHECK_FSTR(ev, "pci", "0000:9b:00");
	ev = nth(&p, EV_XID, 5);
	CHECK_NUM(ev, "xid", 79);
	CHECK_FSTR(ev, "detail", "GPU has fallen off the bus.");
	ev = nth(&p, EV_XID, 6);
	CHECK_NUM(ev, "xid", 149);
	CHECK_FSTR(ev, "pci", "0009:01:00");
	ev = nth(&p, EV_XID, 8);
	CHECK_NUM(ev, "xid", 14);
	CHECK_FSTR(ev, "pci", "0000:03:00");
	CHECK_FSTR(ev, "detail", "Channel 00000001");
	ev = nth(&p, EV_XID, 9);
	CHECK_NUM(ev, "xid", 63);
	CHECK_EQ_INT(ev->pid, 1896);
	CHECK_EQ_INT(ev->tsq, TSQ_NONE);
	parsed_free(&p);
}

/* The amdgpu driver's GPU page fault (ROCm/amdgpu#172, real): one
 * gpu_driver_error for the block's first line, with the device's PCI
 * address; the block's other lines (process, address, status bits) and
 * a line that only mentions a hub are not faults of their own. */
DEFINE_TEST(test_kernel_amdgpu_page_fault)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, "fixtures/real/rocm/amdgpu-page-fault-dmesg.txt");
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 1);
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "amdgpu.page_fault");
		CHECK_FSTR(ev, "pci", "0000:c6:00.0");
		CHECK_EQ_INT(ev->ref.line, 1);
		CHECK_EQ_INT(ev->tsq, TSQ_RAW_MONO);
	}
	parsed_free(&p);
	parse_text(&p, "[  5.1] amdgpu 0000:2b:00.0: amdgpu: ring gfx_0.0.0 "
	    "uses VM inv eng 0 on hub 0\n"
	    "[  6.2] nouveau: page fault (src_id: made up, not amdgpu)\n");
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 0);
	parsed_free(&p);
}

/* A GPU that broke without an Xid (rwth-i6/returnn#1500 and
 * ROCm/legacy-rocm-build#2747, real): PCIe AER on the nvidia device's own
 * line, printed as dmesg -H's delta stamps (a kernel log all the same),
 * and amdgpu failing to start its PSP ring. The sound function and the
 * root port's lines name no GPU; the later amdgpu lines are echoes. */
DEFINE_TEST(test_kernel_gpu_broken_without_xid)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/pcie-aer-fatal-gpu-dmesg-H.txt");
	CHECK_EQ_INT(sniff_kernel(p.buf, p.len), 90);
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 2);
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "pcie.aer_fatal");
		CHECK_FSTR(ev, "pci", "0000:03:00.0");
		CHECK_EQ_INT(ev->ref.line, 1);
	}
	parsed_free(&p);
	parse_fixture(&p, "fixtures/real/rocm/amdgpu-psp-ring-failed-dmesg-T.txt");
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 1);
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "amdgpu.init_failed");
		CHECK_EQ_INT(ev->ref.line, 2);
	}
	parsed_free(&p);
	/* corrected errors, and a failure that is not amdgpu's, are none */
	parse_text(&p, "[  +0.1] nvidia 0000:3b:00.0: AER: PCIe Bus Error: "
	    "severity=Corrected, type=Physical Layer, (Receiver ID)\n"
	    "[  +0.2] i915 0000:00:02.0: [drm] *ERROR* PSP create ring "
	    "failed\n");
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 0);
	parsed_free(&p);
}

/* amdgpu's RAS counts (lines built from the driver's format strings in
 * amdgpu_ras.c and the RAS core; no real capture was found): new
 * uncorrectable errors in UMC are memory (ecc_error), in another block a
 * device fault; zero, "no", and the "in total" companion are nothing. */
DEFINE_TEST(test_kernel_amdgpu_ras)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p,
	    "[ 10.1] amdgpu 0000:0b:00.0: amdgpu: 2 uncorrectable hardware "
	    "errors detected in umc block\n"
	    "[ 10.2] amdgpu 0000:0b:00.0: amdgpu: {7} socket: 0, die: 1, 3 "
	    "new uncorrectable hardware errors detected in gfx block\n"
	    "[ 10.3] amdgpu 0000:0b:00.0: amdgpu: {7} socket: 0, die: 1, 9 "
	    "uncorrectable hardware errors detected in total in gfx block\n"
	    "[ 10.4] amdgpu 0000:0b:00.0: amdgpu: no uncorrectable hardware "
	    "errors detected in umc block\n"
	    "[ 10.5] amdgpu 0000:0b:00.0: amdgpu: 0 uncorrectable hardware "
	    "errors detected in umc block\n");
	CHECK_EQ_U64(count(&p, EV_ECC_ERROR), 1);
	CHECK_EQ_U64(count(&p, EV_GPU_DRIVER_ERROR), 1);
	ev = nth(&p, EV_ECC_ERROR, 0);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "amdgpu.ras_umc_uncorrectable");
		CHECK_NUM(ev, "count", 2);
		CHECK_FSTR(ev, "block", "umc");
	}
	ev = nth(&p, EV_GPU_DRIVER_ERROR, 0);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "amdgpu.ras_uncorrectable");
		CHECK_NUM(ev, "count", 3);
		CHECK_FSTR(ev, "block", "gfx");
		CHECK_EQ_INT(ev->ref.line, 2);
	}
	parsed_free(&p);
}

/* /dev/kmsg records with dictionary lines; the kernel text is verbatim
 * from the real capture, only the record envelope is built here. */
DEFINE_TEST(test_kernel_kmsg_records)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "4,1021,569484545,-;python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
	    "6,1022,569484922,-;memory: usage 102400kB, limit 102400kB, failcnt 243\n"
	    " SUBSYSTEM=memory\n"
	    " DEVICE=+memory:x\n"
	    "6,1023,569485134,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_batch,mems_allowed=0,oom_memcg=/slurm_vm/uid_1001/job_2,task_memcg=/slurm_vm/uid_1001/job_2/step_batch/task_0,task=python3,pid=14919,uid=1001\r\n"
	    "3,1024,569485233,-;Memory cgroup out of memory: Killed process 14919 (python3) total-vm:116392kB, anon-rss:101760kB, file-rss:5132kB, shmem-rss:0kB, UID:1001 pgtables:260kB oom_score_adj:0\n"
	    "6,1025,569485000,-;oom_reaper: reaped process 14919 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->ref.line, 6);
	CHECK_EQ_INT(ev->ts_ns, 569485233000LL);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_MONO);
	CHECK_NUM(ev, "job_id", 2);
	CHECK_NUM(ev, "partial", 0);
	CHECK_NUM(ev, "uid", 1001);
	CHECK_EQ_INT(ev->context_line, 1);
	CHECK(str_find(ev->context, "SUBSYSTEM=memory") != NULL);
	/* The reaper line is 233 us earlier: flagged, with a note. */
	ev = nth(&p, EV_OOM_REAPER, 0);
	CHECK(ev != NULL && (ev->flags & EVF_OUT_OF_ORDER));
	ev = note(&p, "kernel.out_of_order", 0);
	CHECK(ev != NULL && ev->ref.line == 7);
	CHECK_NUM(ev, "prev_ts_ns", 569485233000LL);
	ev = note(&p, "kernel.coverage", 0);
	CHECK_NUM(ev, "lines", 5);
	CHECK_NUM(ev, "out_of_order", 1);
	CHECK_EQ_INT(sniff_kernel(p.buf, p.len), 90);
	parsed_free(&p);
}

/* Other envelopes around verbatim kernel lines: dmesg -x, --time-format
 * iso, journalctl short-iso, a caller id, another program's line. */
DEFINE_TEST(test_kernel_other_envelopes)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "kern  :err   : [  569.485233] Memory cgroup out of memory: Killed process 14919 (python3) total-vm:116392kB, anon-rss:101760kB, file-rss:5132kB, shmem-rss:0kB, UID:1001 pgtables:260kB oom_score_adj:0\n"
	    "2024-01-15T03:00:00,000000+01:00 NVRM: Xid (PCI:0000:05:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n"
	    "2024-01-15T03:00:01+0000 node7 kernel: oom_reaper: reaped process 14919 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
	    "2024-01-15T03:00:02+0000 node7 slurmd[12]: Killed process 1 (x) total-vm:1kB\n"
	    "[  130.456250] [ T1946] NVRM: Xid (PCI:0004:01:00 GPU-I:01 GPU-CI:02): 31, pid=7, name=python3, MMU Fault\n");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->ts_ns, 569485233000LL);
	CHECK_EQ_INT(ev->pid, 14919);
	ev = nth(&p, EV_XID, 0);
	CHECK_EQ_INT(ev->tsq, TSQ_EXACT);
	CHECK_EQ_INT(ev->ts_ns,
	    units_civil_to_epoch(2024, 1, 15, 2, 0, 0) * NS);
	ev = nth(&p, EV_OOM_REAPER, 0);
	CHECK(ev != NULL && ev->tsq == TSQ_EXACT);
	ev = nth(&p, EV_XID, 1);
	CHECK_NUM(ev, "xid", 31);
	CHECK_FSTR(ev, "pci", "0004:01:00");
	CHECK_NUM(ev, "gpu_instance", 1);
	CHECK_NUM(ev, "compute_instance", 2);
	CHECK_EQ_INT(ev->pid, 7);
	CHECK_FSTR(ev, "detail", "MMU Fault");
	parsed_free(&p);
}

/* A syslog file whose kernel lines carry the kernel's own time and no
 * "kernel:" tag (RHEL 7 /var/log/messages, PoonLab/covizu#289): the
 * kill is read with its victim, its scope and its syslog time. */
DEFINE_TEST(test_kernel_syslog_untagged)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "May 23 01:40:02 n3 [7456668.476936] python3 invoked oom-killer: gfp_mask=0x280da, order=0, oom_score_adj=0\n"
	    "May 23 01:40:02 n3 [7456668.477337] python3 cpuset=/ mems_allowed=0-1\n"
	    "May 23 01:40:04 n3 [7456668.526985] Out of memory: Kill process 94191 (python3) score 36 or sacrifice child\n"
	    "May 23 01:40:04 n3 [7456668.527385] Killed process 94191 (python3), UID 1011, total-vm:9143392kB, anon-rss:7142588kB, file-rss:4kB, shmem-rss:6448kB\n"
	    "May 23 01:40:05 n3 [not a stamp] Killed process 1 (x), UID 0, total-vm:1kB\n");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->pid, 94191);
	CHECK_NUM(ev, "uid", 1011);
	CHECK_FSTR(ev, "scope", "global");
	CHECK_NUM(ev, "anon_rss_bytes", 7142588LL * 1024);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL_NOYEAR);
	CHECK_EQ_INT(ev->ts_ns,
	    units_civil_to_epoch(1970, 5, 23, 1, 40, 4) * NS);
	parsed_free(&p);
}

/* The amdgpu scheduler's ring timeout, as 5.x prints it (corpus d1101,
 * pytorch/pytorch#75642), as 6.x prints it (pop-os/cosmic-epoch#3764)
 * and with the ring named alone (daniel-schuermann/mesa#183); "ring
 * kiq_2.1.0 test failed" and a line without "ring " are not it. */
DEFINE_TEST(test_kernel_amdgpu_ring_timeout)
{
	struct parsed	 p;

	parse_text(&p,
	    "Apr 12 00:54:42 hostname kernel: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=159760, emitted seq=159762\n"
	    "Apr 12 00:54:42 hostname kernel: amdgpu 0000:2f:00.0: amdgpu: GPU reset begin!\n"
	    "Apr 12 00:54:43 hostname kernel: amdgpu 0000:2f:00.0: [drm:amdgpu_ring_test_helper [amdgpu]] *ERROR* ring kiq_2.1.0 test failed (-110)\n"
	    "[  312.522692] amdgpu 0000:28:00.0: ring gfx_0.0.0 timeout, signaled seq=57638, emitted seq=57641\n"
	    "Apr 27 16:58:22 Bruhmachne kernel: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx timeout, signaled seq=224260, emitted seq=224262\n"
	    "[  400.000000] amdgpu 0000:28:00.0: fence timeout, signaled seq=1, emitted seq=2\n");
	/* three ring timeouts and the reset after the first */
	CHECK_EQ_INT(count(&p, EV_GPU_DRIVER_ERROR), 4);
	CHECK_EQ_STR(nth(&p, EV_GPU_DRIVER_ERROR, 0)->sig,
	    "amdgpu.ring_timeout");
	CHECK_FSTR(nth(&p, EV_GPU_DRIVER_ERROR, 0), "ring", "gfx_0.0.0");
	CHECK_EQ_STR(nth(&p, EV_GPU_DRIVER_ERROR, 1)->sig, "amdgpu.gpu_reset");
	CHECK_EQ_INT(nth(&p, EV_GPU_DRIVER_ERROR, 2)->ref.line, 4);
	CHECK_FSTR(nth(&p, EV_GPU_DRIVER_ERROR, 3), "ring", "gfx");
	parsed_free(&p);
}

/* Kernel lines pasted with journalctl's time and host cut out ("kernel:
 * NVRM: ..."; corpus d1203, NVIDIA/open-gpu-kernel-modules#1150): Xid
 * 45's clean-up names the Xid it follows. */
DEFINE_TEST(test_kernel_bare_tag_previous_xid)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid 149\n"
	    "kernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992, name=python3, Ch 0000000c caused by previous Xid 145\n");
	CHECK_EQ_INT(count(&p, EV_XID), 2);
	ev = nth(&p, EV_XID, 0);
	CHECK_NUM(ev, "xid", 45);
	CHECK_NUM(ev, "previous_xid", 149);
	CHECK_EQ_INT(ev->pid, 1818990);
	CHECK_NUM(nth(&p, EV_XID, 1), "previous_xid", 145);
	parsed_free(&p);
}

/* The amdgpu driver resetting a hung GPU after its MES firmware stopped
 * answering (corpus d1206, ROCm/legacy-rocm-build#5724), and a kernel
 * log of driver lines with no envelope at all (corpus d1208) still
 * sniffed as a kernel log. */
DEFINE_TEST(test_kernel_amdgpu_reset)
{
	struct parsed	 p;
	static const char	bare[] =
	    "amdgpu 0000:06:00.0: PSP load sos failed!\n"
	    "amdgpu 0000:06:00.0: Fatal error during GPU init\n";

	parse_text(&p,
	    "[  950.818174] amdgpu 0000:c5:00.0: amdgpu: MES might be in unrecoverable state, issue a GPU reset\n"
	    "[  950.818199] amdgpu 0000:c5:00.0: amdgpu: GPU reset begin!. Source:  3\n");
	CHECK_EQ_INT(count(&p, EV_GPU_DRIVER_ERROR), 1);
	CHECK_EQ_STR(nth(&p, EV_GPU_DRIVER_ERROR, 0)->sig, "amdgpu.gpu_reset");
	CHECK_EQ_INT(nth(&p, EV_GPU_DRIVER_ERROR, 0)->ref.line, 2);
	parsed_free(&p);
	CHECK(sniff_kernel(bare, sizeof(bare) - 1) > 0);
}

/* A journal paste with the host name cut out ("Feb 10 06:02:20 kernel:
 * ..."; tarkah/tickrs#61): still kernel lines. Only the OOM report's
 * task table: one report, with no victim and no scope. */
DEFINE_TEST(test_kernel_syslog_no_host)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "Feb 10 06:02:20 kernel: Tasks state (memory values in pages):\n"
	    "Feb 10 06:02:20 kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
	    "Feb 10 06:02:20 kernel: [2275268]     0 2275268  2001555   705854  9302016   421501             0 tickrs\n"
	    "Feb 10 06:02:21 sshd[12]: kernel: not ours\n");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK(ev->pid <= 0);
	CHECK(ev_field(ev, "task") == NULL);
	CHECK_NUM(ev, "partial", 1);
	CHECK_EQ_INT(ev->ref.line, 1);
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL_NOYEAR);
	parsed_free(&p);
}

/* The pre-2018 split summary, and a memory.oom.group kill of several. */
DEFINE_TEST(test_kernel_split_summary_and_group)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "[ 10.000001] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,2\n"
	    "[ 10.000002] ,global_oom,task_memcg=/,task=firewalld,pid=5096,uid=0\n"
	    "[ 10.000003] Out of memory: Killed process 5096 (firewalld) total-vm:1kB, anon-rss:2kB, file-rss:3kB, shmem-rss:4kB\n"
	    "[ 20.000001] Memory cgroup out of memory: Killed process 7 (a b) total-vm:8kB, anon-rss:8kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:-1000\n"
	    "[ 20.000002] Tasks in /system.slice/slurmstepd.scope/job_9/step_0/user are going to be killed due to memory.oom.group set\n"
	    "[ 20.000003] Memory cgroup out of memory: Killed process 8 (c) total-vm:8kB, anon-rss:8kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n"
	    "[ 20.000004] Memory cgroup out of memory: Killed process 9 (d) total-vm:8kB, anon-rss:8kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 2);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_FSTR(ev, "scope", "global");
	CHECK_FSTR(ev, "mems_allowed", "0,2");
	CHECK_FSTR(ev, "task_memcg", "/");
	CHECK_FSTR(ev, "task", "firewalld");
	CHECK_NUM(ev, "shmem_rss_bytes", 4096);
	CHECK_EQ_INT(ev->ref.line, 3);
	ev = nth(&p, EV_KERNEL_OOM, 1);
	CHECK_EQ_INT(ev->ref.line, 4);
	CHECK_FSTR(ev, "task", "a b");
	CHECK_NUM(ev, "oom_score_adj", -1000);
	CHECK_NUM(ev, "oom_group", 1);
	CHECK_NUM(ev, "victims", 3);
	CHECK_EQ_INT(ev->pid, 7);
	CHECK(str_ends(ev->context, "(d) total-vm:8kB, anon-rss:8kB, "
	    "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0"));
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_edge_cases)
{
	struct parsed	 p;
	struct event	*ev;
	static const char nul[] = "[ 1.000000] oom_reaper: reaped process 5 (a\0b), now anon-rss:1kB\n"
	    "[ 2.000000] Out of memory: Killed process 99999999999999999999 (x) total-vm:99999999999999999999kB, anon-rss:1kB\n"
	    "[ 3.000000] Memory cgroup out of memory: Killed process 12";
	char		*buf;

	/* Empty input: only the coverage note, saying nothing is covered. */
	parse_text(&p, "");
	CHECK_EQ_INT(p.l.n, 1);
	ev = note(&p, "kernel.coverage", 0);
	CHECK_NUM(ev, "lines", 0);
	CHECK_NOFIELD(ev, "first_ts_ns");
	CHECK_EQ_INT(sniff_kernel(p.buf, 0), 0);
	parsed_free(&p);

	/* NUL bytes, overflowing numbers, a truncated last line. */
	buf = malloc(sizeof(nul));
	memcpy(buf, nul, sizeof(nul));
	parse_buf(&p, buf, sizeof(nul) - 1);
	CHECK_EQ_INT(count(&p, EV_OOM_REAPER), 1);
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 2);
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK_EQ_INT(ev->pid, -1);
	CHECK_NOFIELD(ev, "total_vm_bytes");
	CHECK_NUM(ev, "anon_rss_bytes", 1024);
	ev = nth(&p, EV_KERNEL_OOM, 1);
	CHECK_EQ_INT(ev->pid, 12);
	CHECK_NOFIELD(ev, "task");
	parsed_free(&p);

	/* Boring lines give no events; CRLF is not part of the text. */
	parse_text(&p, "[    0.000000] Linux version 6.1.0\r\n"
	    "[    0.000001] Command line: ro quiet\r\n");
	CHECK_EQ_INT(p.l.n, 1);
	ev = note(&p, "kernel.coverage", 0);
	CHECK_NUM(ev, "lines", 2);
	CHECK_NUM(ev, "last_ts_ns", 1000);
	CHECK(str_ends(ev->text, "6.1.0"));
	parsed_free(&p);
}

DEFINE_TEST(test_kernel_nomem)
{
	size_t		 len;
	char		*buf = test_slurp("fixtures/real/kernel/cgroup-v1-dmesg.txt",
			    &len);
	struct src	 in = { 0, "kernel/dmesg.txt", buf, len };
	enum err_code	 rc = ERR_NOMEM;
	long		 n;

	for (n = 0; n < 2000 && rc == ERR_NOMEM; n++) {
		struct arena	*a = arena_new(1024);
		struct evlist	 l = { 0 };
		struct err	 e = { 0 };

		arena_fail_after(a, n);
		rc = parse_kernel(&in, a, &l, &e);
		CHECK(rc == ERR_OK || (rc == ERR_NOMEM && e.code == ERR_NOMEM));
		evlist_free(&l);
		arena_free(a);
	}
	CHECK_EQ_INT(rc, ERR_OK);
	CHECK(n > 10);
	free(buf);
}

DEFINE_TEST(test_kernel_sniff)
{
	size_t	 len;
	char	*buf;

	buf = test_slurp("fixtures/real/kernel/cgroup-v1-dmesg_-T.txt", &len);
	CHECK_EQ_INT(sniff_kernel(buf, len), 90);
	free(buf);
	buf = test_slurp("fixtures/real/kernel/examples-kernel_oom.txt", &len);
	CHECK(sniff_kernel(buf, len) >= 60);
	free(buf);
	CHECK_EQ_INT(sniff_kernel("JobID|State\n1|COMPLETED\n", 24), 0);
	/* UCX stamps its lines with epoch seconds in dmesg's brackets
	 * (ARCHER2's known issues, real): not an uptime, not a kernel log;
	 * an uptime of the same shape is */
	{
		static const char ucx[] = "[1613401128.440695] "
		    "[nid001192:11838:0] ib_md.c:325 UCX ERROR ibv_reg_mr("
		    "address=0xabcf12c0, length=26400, access=0xf) failed: "
		    "Cannot allocate memory\n";
		static const char up[] = "[ 7063.247407] Memory cgroup out of "
		    "memory: Killed process 1 (x)\n";

		CHECK_EQ_INT(sniff_kernel(ucx, sizeof(ucx) - 1), 0);
		CHECK_EQ_INT(sniff_kernel(up, sizeof(up) - 1), 90);
	}
}

/* The report's "Memory cgroup stats" give the tmpfs share of the charge:
 * v2 "shmem" (Slurm 24.11 on cgroup v2, a job filling /dev/shm), v1
 * "total_shmem" after the cgroup's own "shmem"; a "shmem" line outside
 * a stats block is nobody's. */
DEFINE_TEST(test_kernel_stats_shmem)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p,
	    "fixtures/scenarios/real-2411-v2-shm-fill/kernel/dmesg.txt");
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 5);
	ev = nth(&p, EV_KERNEL_OOM, 3);		/* job_6 */
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "stats_memcg",
	    "/system.slice/vm_slurmstepd.scope/job_6");
	CHECK_NUM(ev, "stats_shmem_bytes", 90185728);
	CHECK_NUM(ev, "usage_bytes", 102400 * 1024);
	CHECK_NUM(nth(&p, EV_KERNEL_OOM, 0), "stats_shmem_bytes", 0);
	parsed_free(&p);

	parse_text(&p,
	    "[5.1] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL)\n"
	    "[5.2] memory: usage 102400kB, limit 102400kB, failcnt 9\n"
	    "[5.3] Memory cgroup stats for /slurm/uid_1/job_2:\n"
	    "[5.3] shmem 0\n"
	    "[5.3] total_shmem 52428800\n"
	    "[5.4] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
	    "oom_memcg=/slurm/uid_1/job_2,task_memcg=/slurm/uid_1/job_2/"
	    "step_0,task=a,pid=7,uid=1\n"
	    "[5.4] shmem 999\n"
	    "[5.5] Memory cgroup out of memory: Killed process 7 (a) "
	    "total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB\n");
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK(ev != NULL);
	CHECK_NUM(ev, "stats_shmem_bytes", 52428800);
	parsed_free(&p);
}

/* cgroup v1, 6.x multi-line block (Slurm cgroup/v1 on this machine): the
 * subtree's total_* win over the cgroup's own values; kernel memory is
 * the "kmem:" line; the 6.x task table (rss_anon rss_file rss_shmem) is
 * read by its header, the page size proven by the victim's row. */
DEFINE_TEST(test_kernel_stats_v1_multiline)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p, "fixtures/real/kernel/cgroup-v1-dmesg.txt");
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "stats_layout", "v1");
	CHECK_NUM(ev, "stats_line", 33);
	CHECK_NUM(ev, "stats_anon_bytes", 104493056);
	CHECK_NUM(ev, "stats_file_bytes", 0);
	CHECK_NUM(ev, "stats_shmem_bytes", 0);
	CHECK_NUM(ev, "stats_dirty_bytes", 0);
	CHECK_NUM(ev, "stats_kernel_bytes", 344 * 1024);
	CHECK_NUM(ev, "stats_swap_bytes", 0);
	CHECK_NUM(ev, "stats_pgmajfault", 3);
	CHECK_NOFIELD(ev, "stats_sock_bytes");
	CHECK_NUM(ev, "tasks_n", 2);
	CHECK_NUM(ev, "tasks_line", 77);
	CHECK_NUM(ev, "tasks_page_bytes", 4096);
	CHECK_NUM(ev, "tasks_page_assumed", 0);
	CHECK_NUM(ev, "holder0_pid", 14919);
	CHECK_FSTR(ev, "holder0_name", "python3");
	CHECK_NUM(ev, "holder0_uid", 1001);
	CHECK_NUM(ev, "holder0_rss_bytes", 26723LL * 4096);
	CHECK_NUM(ev, "holder1_pid", 14912);
	CHECK_FSTR(ev, "holder1_name", "slurmstepd");
	CHECK_NOFIELD(ev, "holder2_pid");
	CHECK_NUM(ev, "tasks_rss_bytes", (26723LL + 1454) * 4096);
	/* the kill line is still the event's own line */
	CHECK_EQ_INT(ev->ref.line, 81);
	parsed_free(&p);
}

/* cgroup v2 (Slurm 24.11, a job filling /dev/shm): hierarchical keys,
 * "kernel" on its own line; the victim holds little, the tmpfs nothing's
 * RSS. */
DEFINE_TEST(test_kernel_stats_v2)
{
	struct parsed	 p;
	struct event	*ev;

	parse_fixture(&p,
	    "fixtures/scenarios/real-2411-v2-shm-fill/kernel/dmesg.txt");
	ev = nth(&p, EV_KERNEL_OOM, 3);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "stats_layout", "v2");
	CHECK_NUM(ev, "stats_anon_bytes", 14106624);
	CHECK_NUM(ev, "stats_file_bytes", 90189824);
	CHECK_NUM(ev, "stats_shmem_bytes", 90185728);
	CHECK_NUM(ev, "stats_kernel_bytes", 561152);
	CHECK_NUM(ev, "stats_sock_bytes", 0);
	CHECK_NUM(ev, "stats_dirty_bytes", 0);
	CHECK_NUM(ev, "stats_levels", 1);
	CHECK_NUM(ev, "tasks_n", 3);
	CHECK_NUM(ev, "holder0_pid", 2595);
	CHECK_NUM(ev, "holder0_rss_bytes", 4679LL * 4096);
	CHECK_NUM(ev, "holder2_pid", 2581);
	CHECK_FSTR(ev, "holder2_name", "slurm_script");
	CHECK_NUM(ev, "holder1_uid", 0);
	parsed_free(&p);
}

/* 3.10 (RHEL 7, LTP's memcg test): the stats inline on the header line,
 * "name:NKB"; the 3.x task header without "Tasks state". */
DEFINE_TEST(test_kernel_stats_inline)
{
	struct parsed	 p;
	struct event	*ev = NULL;

	parse_fixture(&p, "fixtures/real/kernel/examples-kernel_oom.txt");
	for (size_t i = 0; i < count(&p, EV_KERNEL_OOM); i++)
		if (ev_field(nth(&p, EV_KERNEL_OOM, i), "stats_layout"))
			ev = nth(&p, EV_KERNEL_OOM, i);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "stats_memcg", "/13");
	CHECK_FSTR(ev, "stats_layout", "v1_inline");
	CHECK_NUM(ev, "stats_file_bytes", 4096);
	CHECK_NUM(ev, "stats_anon_bytes", 0);
	CHECK_NUM(ev, "stats_swap_bytes", 0);
	CHECK_NUM(ev, "stats_kernel_bytes", 0);
	CHECK_NOFIELD(ev, "stats_shmem_bytes");
	CHECK_NUM(ev, "tasks_n", 0);
	parsed_free(&p);

	/* 4.x: one inline line per cgroup of the subtree, each its own:
	 * summed; the 4.1-4.14 table (nr_ptes nr_pmds), a negative
	 * oom_score_adj, a name with a space, page size not provable (the
	 * victim's row disagrees with its kill line): 4096, said so. */
	parse_text(&p,
	    "[9.0] a invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), "
	    "nodemask=(null),  order=0, oom_score_adj=0\n"
	    "[9.1] Task in /slurm/uid_1/job_9/step_0 killed as a result of "
	    "limit of /slurm/uid_1/job_9\n"
	    "[9.1] memory: usage 1048576kB, limit 1048576kB, failcnt 5\n"
	    "[9.1] kmem: usage 2048kB, limit 9007199254740988kB, failcnt 0\n"
	    "[9.1] Memory cgroup stats for /slurm/uid_1/job_9: cache:0KB "
	    "rss:0KB rss_huge:0KB shmem:0KB mapped_file:0KB dirty:0KB "
	    "writeback:0KB swap:0KB\n"
	    "[9.1] Memory cgroup stats for /slurm/uid_1/job_9/step_0: "
	    "cache:524288KB rss:400000KB rss_huge:0KB shmem:500000KB "
	    "mapped_file:0KB dirty:1000KB writeback:24KB swap:0KB "
	    "inactive_anon:0KB active_anon:400000KB\n"
	    "[9.1] Memory cgroup stats for /slurm/uid_1/job_9/step_1: "
	    "cache:100KB rss:120000KB shmem:0KB dirty:0KB writeback:0KB\n"
	    "[9.1] [ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds "
	    "swapents oom_score_adj name\n"
	    "[9.1] [  100]     0   100    10000      500      20       3"
	    "        0         -1000 slurmstepd\n"
	    "[9.1] [  200]  1001   200   500000   100000     300       3"
	    "       10             0 python3\n"
	    "[9.1] [  300]  1001   300   600000   130000     400       3"
	    "        0             0 data loader\n"
	    "[9.2] Memory cgroup out of memory: Kill process 200 (python3) "
	    "score 400 or sacrifice child\n"
	    "[9.2] Killed process 200 (python3) total-vm:2000000kB, "
	    "anon-rss:399000kB, file-rss:0kB, shmem-rss:0kB\n");
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK(ev != NULL);
	CHECK_EQ_INT(count(&p, EV_KERNEL_OOM), 1);
	CHECK_FSTR(ev, "stats_memcg", "/slurm/uid_1/job_9");
	CHECK_FSTR(ev, "stats_layout", "v1_inline");
	CHECK_NUM(ev, "stats_levels", 3);
	CHECK_NUM(ev, "stats_anon_bytes", 520000LL * 1024);
	CHECK_NUM(ev, "stats_file_bytes", 524388LL * 1024);
	CHECK_NUM(ev, "stats_shmem_bytes", 500000LL * 1024);
	CHECK_NUM(ev, "stats_dirty_bytes", 1024LL * 1024);
	CHECK_NUM(ev, "stats_kernel_bytes", 2048LL * 1024);
	CHECK_NUM(ev, "tasks_n", 3);
	CHECK_NUM(ev, "tasks_page_assumed", 1);
	CHECK_NUM(ev, "holder0_pid", 300);
	CHECK_FSTR(ev, "holder0_name", "data loader");
	CHECK_NUM(ev, "holder0_rss_bytes", 130000LL * 4096);
	CHECK_NUM(ev, "holder1_pid", 200);
	CHECK_NUM(ev, "holder1_swap_bytes", 10LL * 4096);
	CHECK_NUM(ev, "holder2_uid", 0);
	parsed_free(&p);
}

/* v2 before 5.18 (no "kernel" line: its parts are added), the 4.15+
 * table (pgtables_bytes), /dev/kmsg records whose multi-line block is one
 * record with escaped newlines; a table row or stats line after the kill
 * is nobody's; a stats-like line that is not one ends the block. */
DEFINE_TEST(test_kernel_stats_v2_old_kmsg)
{
	struct parsed	 p;
	struct event	*ev;

	parse_text(&p,
	    "6,1,1000000,-;a invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), "
	    "order=0, oom_score_adj=0\n"
	    "6,2,1000001,-;memory: usage 8192kB, limit 8192kB, failcnt 1\n"
	    "6,3,1000002,-;Memory cgroup stats for /job_1:\n"
	    "6,4,1000003,-;anon 4194304\\x0afile 2097152\\x0akernel_stack "
	    "16384\\x0aslab 100000\\x0apercpu 1000\\x0asock 4096\\x0ashmem "
	    "0\\x0afile_dirty 1048576\\x0afile_writeback 4096\\x0a\n"
	    "6,5,1000004,-;pgmajfault 77\n"
	    "6,5,1000004,-;pgscan 600335\n"
	    "6,5,1000004,-;pgsteal 2813\n"
	    "6,6,1000005,-;wat 1 2\n"
	    "6,7,1000006,-;pgfault 5\n"
	    "6,8,1000007,-;Tasks state (memory values in pages):\n"
	    "6,9,1000008,-;[  pid  ]   uid  tgid total_vm      rss "
	    "pgtables_bytes swapents oom_score_adj name\n"
	    "6,10,1000009,-;[     42]  1001    42     9000     1024    "
	    "40960        0             0 a\n"
	    "6,11,1000010,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask="
	    "(null),oom_memcg=/job_1,task_memcg=/job_1,task=a,pid=42,uid=1001\n"
	    "3,12,1000011,-;Memory cgroup out of memory: Killed process 42 (a) "
	    "total-vm:36000kB, anon-rss:4096kB, file-rss:0kB, shmem-rss:0kB\n"
	    "6,13,1000012,-;[     43]  1001    43     9000     9999    "
	    "40960        0             0 b\n");
	ev = nth(&p, EV_KERNEL_OOM, 0);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "stats_layout", "v2");
	CHECK_NUM(ev, "stats_anon_bytes", 4194304);
	CHECK_NUM(ev, "stats_file_bytes", 2097152);
	CHECK_NUM(ev, "stats_kernel_bytes", 16384 + 100000 + 1000);
	CHECK_NUM(ev, "stats_sock_bytes", 4096);
	CHECK_NUM(ev, "stats_dirty_bytes", 1048576 + 4096);
	CHECK_NUM(ev, "stats_pgmajfault", 77);
	/* reclaim's pages (the dirty case's real report had these two) */
	CHECK_NUM(ev, "stats_pgscan", 600335);
	CHECK_NUM(ev, "stats_pgsteal", 2813);
	CHECK_NUM(ev, "tasks_n", 1);
	CHECK_NUM(ev, "tasks_page_bytes", 4096);
	CHECK_NUM(ev, "tasks_page_assumed", 0);
	CHECK_NUM(ev, "holder0_pid", 42);
	CHECK_NOFIELD(ev, "holder1_pid");
	parsed_free(&p);
}

/* An uncorrectable error in the node's own memory (ovro-lwa/lwa-issues
 * #117, real: skx_edac's DIMM label) is the node failing; the same
 * line with CE, a corrected error, is nothing. */
DEFINE_TEST(test_kernel_edac_uncorrectable)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, "[11189.970968] EDAC MC3: 1 UE memory read error on "
	    "CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 "
	    "offset:0x140 grain:32 -  OVERFLOW err_code:0101:0092 socket:1 "
	    "imc:1 rank:0 bg:3 ba:0 row:1a1e8 col:180)\n"
	    "[11190.1] EDAC MC3: 1 CE memory read error on "
	    "CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 "
	    "offset:0x140 grain:32)\n");
	CHECK_EQ_U64(count(&p, EV_NODE_FAIL), 1);
	ev = nth(&p, EV_NODE_FAIL, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "S-EDAC-UE");
		CHECK_FSTR(ev, "what", "host_memory_ue");
		CHECK_FSTR(ev, "dimm", "CPU_SrcID#1_MC#1_Chan#2_DIMM#0");
		CHECK_EQ_INT(ev->ref.line, 1);
	}
	parsed_free(&p);
}

/* A GPU the proprietary modules cannot drive (awslabs/amazon-eks-ami
 * #2768, real): the refusal is the CUDA stack's, its RmInitAdapter
 * failure after it a driver error. */
DEFINE_TEST(test_kernel_open_kmod_required)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, "[   12.1] NVRM: The NVIDIA GPU 0000:57:00.0 (PCI ID: "
	    "10de:2c3a)\n[   12.1] NVRM: installed in this system requires use "
	    "of the NVIDIA open kernel modules.\n[   12.2] NVRM: GPU "
	    "0000:57:00.0: RmInitAdapter failed! (0x22:0x56:897)\n");
	CHECK_EQ_U64(count(&p, EV_CUDA_STACK), 1);
	ev = nth(&p, EV_CUDA_STACK, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "nvrm.open_kmod_required");
		CHECK_FSTR(ev, "what", "open_kmod_required");
		CHECK_EQ_INT(ev->ref.line, 2);
	}
	parsed_free(&p);
}

/* A crash inside the driver's user-space library (ai4d-iasc/trixie#55,
 * real) is a device fault; one in libc is nothing of the GPU's. */
DEFINE_TEST(test_kernel_libcuda_segfault)
{
	struct parsed		 p;
	const struct event	*ev;

	parse_text(&p, "Mar 24 09:53:55 cn110 kernel: python[3551]: segfault "
	    "at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in "
	    "libcuda.so.418.67[7fff858c5000+dec000]\nMar 24 09:54:00 cn110 "
	    "kernel: python[3552]: segfault at 0 ip 00007fff859dbeff sp "
	    "00007fff3b60ce60 error 4 in libc.so.6[7fff858c5000+dec000]\n");
	CHECK_EQ_U64(count(&p, EV_CUDA_FAULT), 1);
	ev = nth(&p, EV_CUDA_FAULT, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "S-LIBCUDA-SEGFAULT");
		CHECK_FSTR(ev, "lib", "libcuda.so.418.67");
		CHECK_EQ_INT(ev->ref.line, 1);
	}
	parsed_free(&p);
}

/* A syslog paste holds other daemons' lines beside the kernel's
 * (ollama/ollama#1435, real): the kernel parser reads the trap line,
 * and kernel_foreign hands the rest to the catalog with the kernel's
 * line blanked in place, so line numbers and offsets stay. A dmesg with
 * no other daemon's line gives none. */
DEFINE_TEST(test_kernel_foreign_lines)
{
	static const char	journal[] =
	    "Dec  8 15:52:15 constellation kernel: [ 1529.028302] traps: "
	    "ollama-runner[2213] trap invalid opcode ip:472d79 sp:7ffdbe33f680 "
	    "error:0 in ollama-runner[407000+da000]\n"
	    "Dec  8 15:52:15 constellation ollama[2161]: 2023/12/08 15:52:15 "
	    "llama.go:436: signal: illegal instruction (core dumped)\n";
	struct parsed		 p;
	const struct event	*ev;
	const char		*nl = strchr(journal, '\n');
	char			*rest;
	size_t			 n;
	char			*dmesg;

	parse_text(&p, journal);
	CHECK_EQ_U64(count(&p, EV_APP_ERROR), 1);
	ev = nth(&p, EV_APP_ERROR, 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_STR(ev->sig, "S-SIGILL");
		CHECK_FSTR(ev, "process", "ollama-runner");
		CHECK_EQ_INT(ev->ref.line, 1);
	}
	parsed_free(&p);
	rest = kernel_foreign(journal, sizeof(journal) - 1);
	CHECK(rest != NULL);
	if (rest != NULL) {
		n = (size_t)(nl - journal);
		for (size_t i = 0; i < n; i++)
			if (rest[i] != ' ')
				test_fail(__FILE__, __LINE__, "byte %zu kept", i);
		CHECK(rest[n] == '\n');
		CHECK(strcmp(rest + n + 1, nl + 1) == 0);
		free(rest);
	}
	dmesg = test_slurp("fixtures/real/kernel/cgroup-v1-dmesg.txt", &n);
	CHECK(kernel_foreign(dmesg, n) == NULL);
	free(dmesg);
}
