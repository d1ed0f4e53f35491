/*
 * test_parse_nvsmi: the nvidia-smi XML and CSV parsers on every real
 * capture in fixtures/real/nvidia-smi/, hostile XML built here (XXE,
 * billion laughs, DTD loading, deep nesting, huge attributes), CSV edge
 * cases, allocation failure, the sniffers and the GPU model table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu_models.h"
#include "harness.h"
#include "parse.h"
#include "units.h"

#define FIX	"fixtures/real/nvidia-smi/"
#define MIB	((int64_t)1 << 20)

struct run {
	char		*buf;
	size_t		 len;
	struct arena	*a;
	struct evlist	 ev;
	enum err_code	 rc;
};

/* Every event cites bytes inside the input, with the input's file id. */
static void
check_refs(const struct run *r)
{
	for (size_t i = 0; i < r->ev.n; i++) {
		const struct event	*ev = r->ev.v[i];

		CHECK_EQ_INT(ev->ref.file_id, 7);
		CHECK(ev->ref.off + ev->ref.len <= r->len);
		if (ev->text.p != NULL)
			CHECK(ev->text.p >= r->buf &&
			    ev->text.p + ev->text.n <= r->buf + r->len);
	}
}

static enum err_code	want_rc;	/* ERR_OK but in one test */

static void
run_buf(struct run *r, parse_fn *fn, const char *buf, size_t len)
{
	struct src	in = { 7, "gpu/test", buf, len };
	struct err	e = { 0 };

	r->a = arena_new(1 << 16);
	memset(&r->ev, 0, sizeof(r->ev));
	r->rc = fn(&in, r->a, &r->ev, &e);
	CHECK_EQ_INT(r->rc, want_rc);
	check_refs(r);
}

static void
run_file(struct run *r, parse_fn *fn, const char *name)
{
	char	path[256];

	snprintf(path, sizeof(path), FIX "%s", name);
	r->buf = test_slurp(path, &r->len);
	run_buf(r, fn, r->buf, r->len);
}

static void
run_str(struct run *r, parse_fn *fn, const char *s)
{
	r->len = strlen(s);
	r->buf = malloc(r->len + 1);
	memcpy(r->buf, s, r->len + 1);
	run_buf(r, fn, r->buf, r->len);
}

static void
run_done(struct run *r)
{
	evlist_free(&r->ev);
	arena_free(r->a);
	free(r->buf);
}

static size_t
count(const struct run *r, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < r->ev.n; i++)
		n += r->ev.v[i]->kind == k;
	return n;
}

/* The i-th event of kind k (0-based), or NULL. */
static const struct event *
nth(const struct run *r, enum ev_kind k, size_t i)
{
	for (size_t j = 0; j < r->ev.n; j++)
		if (r->ev.v[j]->kind == k && i-- == 0)
			return r->ev.v[j];
	return NULL;
}

static int64_t
num(const struct event *ev, const char *f)
{
	int64_t	v;

	if (ev == NULL || ev_num(ev, f, &v) == -1)
		return -999;
	return v;
}

static int
absent(const struct event *ev, const char *f)
{
	return ev != NULL && ev_field(ev, f) == NULL;
}

static const char *
sval(const struct event *ev, const char *f)
{
	static char	buf[4][512];
	static int	k;
	struct str	s;

	if (ev == NULL || (s = ev_str(ev, f)).p == NULL)
		return NULL;
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%.*s", (int)s.n, s.p);
	return buf[k];
}

static int64_t
local_ns(int y, int mo, int d, int h, int mi, int s)
{
	return units_civil_to_epoch(y, mo, d, h, mi, s) * 1000000000LL;
}

/* Does any string of any event contain needle? */
static int
any_contains(const struct run *r, const char *needle)
{
	size_t	nl = strlen(needle);

	for (size_t i = 0; i < r->ev.n; i++) {
		const struct event	*ev = r->ev.v[i];
		struct str		 s[2] = { ev->text, ev->context };

		for (int j = 0; j < 2; j++)
			if (s[j].p != NULL && str_find(s[j], needle) != NULL)
				return 1;
		for (uint16_t j = 0; j < ev->nf; j++)
			if (ev->f[j].s.p != NULL && ev->f[j].s.n >= nl &&
			    str_find(ev->f[j].s, needle) != NULL)
				return 1;
	}
	return 0;
}

static size_t
longest_field(const struct run *r)
{
	size_t	m = 0;

	for (size_t i = 0; i < r->ev.n; i++)
		for (uint16_t j = 0; j < r->ev.v[i]->nf; j++)
			if (r->ev.v[i]->f[j].s.n > m)
				m = r->ev.v[i]->f[j].s.n;
	return m;
}

static double
now_s(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---------------------------------------------------------------- */
/* XML: every real capture                                           */

DEFINE_TEST(test_nvsmi_xml_k520_v7)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml, "grid-k520-driver-352-v7dtd.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 0);
	CHECK_EQ_INT(count(&r, EV_NOTE), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK(g != NULL);
	CHECK_EQ_INT(g->ref.line, 7);
	CHECK_EQ_STRN(g->text.p, g->text.n, "<gpu id=\"0000:00:03.0\">");
	CHECK_EQ_INT(num(g, "index"), 0);
	CHECK_EQ_STR(sval(g, "product"), "GRID K520");
	CHECK_EQ_STR(sval(g, "uuid"),
	    "GPU-cc96d6f4-7f66-e1fc-8179-a45dbd47664c");
	CHECK_EQ_STR(sval(g, "pci_bus_id"), "0000:00:03.0");
	CHECK_EQ_STR(sval(g, "driver_version"), "352.99");
	CHECK(absent(g, "cuda_version"));
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 4095 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 11 * MIB);
	CHECK_EQ_INT(num(g, "fb_free_bytes"), 4084 * MIB);
	CHECK(absent(g, "fb_reserved_bytes"));
	CHECK(absent(g, "ecc_volatile_uncorrectable"));
	CHECK(absent(g, "ecc_aggregate_uncorrectable"));
	CHECK(absent(g, "retired_sbe"));
	CHECK(absent(g, "retired_pending"));
	CHECK(absent(g, "remapped_uncorrectable"));
	CHECK(absent(g, "mig_mode"));
	CHECK(absent(g, "ecc_mode"));
	CHECK_EQ_STR(sval(g, "compute_mode"), "Default");
	CHECK_EQ_STR(sval(g, "persistence_mode"), "Enabled");
	CHECK_EQ_STR(sval(g, "timestamp"), "Sat Feb 11 23:31:58 2017");
	CHECK_EQ_INT(g->tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(g->ts_ns, local_ns(2017, 2, 11, 23, 31, 58));
	CHECK(g->node == NULL);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_k520_inline_dtd)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "grid-k520-driver-352-v7-inline-dtd.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	CHECK_EQ_INT(count(&r, EV_UNPARSED) + count(&r, EV_NOTE), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK(g != NULL);
	/* The gpu element comes after the ~200-line internal subset. */
	CHECK(g->ref.line > 200);
	CHECK_EQ_STRN(g->text.p, g->text.n, "<gpu id=\"0000:00:03.0\">");
	CHECK_EQ_STR(sval(g, "uuid"),
	    "GPU-cc96d6f4-7f66-e1fc-8179-a45dbd47664c");
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 11 * MIB);
	CHECK_EQ_INT(g->ts_ns, local_ns(2017, 2, 11, 23, 35, 8));
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_gtx1070_old_processes)
{
	struct run		 r;
	const struct event	*p;
	size_t			 miners = 0;

	run_file(&r, parse_nvsmi_xml,
	    "gtx1070-x6-driver-384-v9dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 6);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 8);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 0), "fb_total_bytes"), 8112 * MIB);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 1), "fb_total_bytes"), 8114 * MIB);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 5), "index"), 5);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 1357);
	CHECK_EQ_INT(num(p, "pid"), 1357);
	CHECK_EQ_STR(sval(p, "type"), "G");
	CHECK_EQ_STR(sval(p, "name"), "/usr/lib/xorg/Xorg");
	CHECK_EQ_INT(num(p, "used_bytes"), 99 * MIB);
	CHECK_EQ_INT(num(p, "gpu_index"), 0);
	CHECK_EQ_STR(sval(p, "gpu_uuid"),
	    "GPU-e511a7b2-f9d5-ba47-9b98-853732ca6c1b");
	CHECK_EQ_STRN(p->text.p, p->text.n, "<process_info>");
	CHECK(absent(p, "gpu_instance_id"));
	for (size_t i = 0; i < 8; i++) {
		p = nth(&r, EV_GPU_PROC, i);
		if (p->pid == 3093) {
			miners++;
			CHECK_EQ_INT(num(p, "used_bytes"), 2283 * MIB);
			CHECK_EQ_STR(sval(p, "type"), "C");
			CHECK_EQ_STR(sval(p, "name"), "./ethminer");
		}
	}
	CHECK_EQ_INT(miners, 6);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 7), "gpu_index"), 5);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_v100_retired_pending)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "v100-sxm3-driver-410-v10dtd-retired-pages-pending-ecc.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(g->ref.line, 8);
	CHECK_EQ_STR(sval(g, "product"), "Tesla V100-SXM3-32GB");
	CHECK_EQ_STR(sval(g, "cuda_version"), "10.0");
	CHECK_EQ_INT(num(g, "retired_sbe"), 0);
	CHECK_EQ_INT(num(g, "retired_dbe"), 2);
	CHECK_EQ_INT(num(g, "retired_pending"), 1);
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 1);
	CHECK_EQ_INT(num(g, "ecc_volatile_correctable"), 1);
	CHECK_EQ_INT(num(g, "ecc_aggregate_uncorrectable"), 7627);
	CHECK_EQ_STR(sval(g, "ecc_mode"), "Enabled");
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 32480 * MIB);
	CHECK_EQ_INT(g->ts_ns, local_ns(2019, 8, 27, 1, 29, 36));
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_k80_retired_out_of_order)
{
	struct run		 r;
	const struct event	*g0, *g3, *p;
	static const int	 minor[] = { 1, 2, 3, 0 };

	run_file(&r, parse_nvsmi_xml,
	    "k80-x4-driver-430-v10dtd-retired-pages-ecc-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 4);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	for (size_t i = 0; i < 4; i++)
		CHECK_EQ_INT(num(nth(&r, EV_GPU, i), "index"), minor[i]);
	g0 = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(g0->ref.line, 8);
	CHECK_EQ_STR(sval(g0, "pci_bus_id"), "00001580:00:00.0");
	CHECK(absent(g0, "cuda_version"));	/* "Not Found" */
	CHECK_EQ_INT(num(g0, "retired_sbe"), 1);
	CHECK_EQ_INT(num(g0, "retired_dbe"), 1);
	CHECK_EQ_INT(num(g0, "retired_pending"), 0);
	CHECK_EQ_INT(num(g0, "ecc_aggregate_uncorrectable"), 7);
	CHECK_EQ_INT(num(g0, "ecc_volatile_uncorrectable"), 0);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 1), "ecc_aggregate_uncorrectable"),
	    4);
	g3 = nth(&r, EV_GPU, 3);
	CHECK_EQ_INT(num(g3, "retired_dbe"), 0);
	CHECK_EQ_INT(num(g3, "fb_total_bytes"), 11441 * MIB);
	CHECK_EQ_INT(g3->ts_ns, local_ns(2019, 12, 3, 5, 27, 0));
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 58813);
	CHECK_EQ_INT(num(p, "gpu_index"), 1);
	CHECK_EQ_INT(num(p, "used_bytes"), 576 * MIB);
	CHECK_EQ_STR(sval(p, "name"), "python");
	CHECK_EQ_INT(p->ref.line, 258);
	p = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(p->pid, 58642);
	CHECK_EQ_INT(num(p, "gpu_index"), 2);
	CHECK_EQ_STR(sval(p, "gpu_uuid"),
	    "GPU-b01b80eb-0f18-1df0-cf88-0725bd90f1e1");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_gt730_processes_na)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "gt730-driver-440-v10dtd-processes-na.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	CHECK_EQ_INT(count(&r, EV_UNPARSED) + count(&r, EV_NOTE), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_STR(sval(g, "product"), "GeForce GT 730");
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 2001 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 0);
	CHECK(absent(g, "retired_pending"));
	CHECK_EQ_STR(sval(g, "cuda_version"), "10.2");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_quadro_p2200_new_process_layout)
{
	struct run		 r;
	const struct event	*g, *p;

	run_file(&r, parse_nvsmi_xml,
	    "quadro-p2200-driver-450-v11dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK(absent(g, "mig_mode"));	/* N/A */
	CHECK(absent(g, "remapped_correctable"));	/* remapped_rows N/A */
	CHECK(absent(g, "fb_reserved_bytes"));
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 6439);
	CHECK_EQ_STR(sval(p, "name"),
	    "/usr/lib/plexmediaserver/Plex Transcoder");
	CHECK_EQ_INT(num(p, "used_bytes"), 1166 * MIB);
	CHECK(absent(p, "gpu_instance_id"));
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_v100s_x8_loaded)
{
	struct run		 r;
	static const int64_t	 used[] = { 31683, 29539, 29533, 32093,
				    29511, 32135, 32151, 29495 };

	run_file(&r, parse_nvsmi_xml,
	    "v100s-x8-driver-460-v11dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 8);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 8);
	for (size_t i = 0; i < 8; i++) {
		const struct event	*p = nth(&r, EV_GPU_PROC, i);
		const struct event	*g = nth(&r, EV_GPU, i);

		CHECK_EQ_INT(p->pid, 37305);
		CHECK_EQ_INT(num(p, "used_bytes"), used[i] * MIB);
		CHECK_EQ_INT(num(p, "gpu_index"), (int64_t)i);
		CHECK_EQ_INT(num(g, "fb_total_bytes"), 32510 * MIB);
		CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 0);
		CHECK_EQ_INT(num(g, "retired_pending"), 0);
		CHECK(p->ref.line > g->ref.line);
	}
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 3), "fb_free_bytes"), 411 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_t4_windows_mem_na)
{
	struct run		 r;
	const struct event	*g, *p;
	size_t			 named = 0;

	run_file(&r, parse_nvsmi_xml,
	    "t4-windows-wddm-driver-512-v11dtd-processes-mem-na.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 15);
	g = nth(&r, EV_GPU, 0);
	CHECK(absent(g, "index"));		/* minor_number N/A */
	CHECK(absent(g, "persistence_mode"));
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 201 * MIB);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 15360 * MIB);
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 0);
	CHECK_EQ_INT(num(g, "retired_pending"), 0);
	for (size_t i = 0; i < 15; i++) {
		p = nth(&r, EV_GPU_PROC, i);
		CHECK_EQ_STR(sval(p, "type"), "C+G");
		CHECK(absent(p, "used_bytes"));
		CHECK(absent(p, "gpu_index"));
		CHECK_EQ_STR(sval(p, "gpu_uuid"),
		    "GPU-f6e826dc-c9d7-ac58-6d5d-9048c9e1c124");
		named += ev_field(p, "name") != NULL;
	}
	CHECK_EQ_INT(named, 2);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU_PROC, 13), "name"),
	    "C:\\Windows\\explorer.exe");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_t4_reserved_processes)
{
	struct run		 r;
	const struct event	*g, *p;

	run_file(&r, parse_nvsmi_xml,
	    "t4-driver-515-v11dtd-reserved-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_STR(sval(g, "product"), "Tesla T4");
	CHECK_EQ_STR(sval(g, "product_architecture"), "Turing");
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 15360 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 388 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 1032 * MIB);
	CHECK_EQ_INT(num(g, "fb_free_bytes"), 13939 * MIB);
	CHECK_EQ_INT(num(g, "retired_sbe"), 0);
	CHECK_EQ_INT(num(g, "retired_dbe"), 0);
	CHECK_EQ_INT(num(g, "retired_pending"), 0);
	CHECK_EQ_INT(num(g, "ecc_aggregate_uncorrectable"), 0);
	CHECK(absent(g, "remapped_pending"));
	p = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(p->pid, 5762);
	CHECK_EQ_STR(sval(p, "type"), "C");
	CHECK_EQ_STR(sval(p, "name"), "python");
	CHECK_EQ_INT(num(p, "used_bytes"), 1005 * MIB);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 0), "used_bytes"), 22 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_a10g_remapped_rows)
{
	struct run		 r;
	const struct event	*g, *p;

	run_file(&r, parse_nvsmi_xml,
	    "a10g-driver-515-v11dtd-remapped-rows.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_STR(sval(g, "product"), "NVIDIA A10G");
	CHECK_EQ_INT(num(g, "remapped_correctable"), 0);
	CHECK_EQ_INT(num(g, "remapped_uncorrectable"), 0);
	CHECK_EQ_INT(num(g, "remapped_pending"), 0);
	CHECK_EQ_INT(num(g, "remapped_failure"), 0);
	CHECK(absent(g, "retired_sbe"));	/* row remapping instead */
	CHECK(absent(g, "retired_pending"));
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 23028 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 435 * MIB);
	CHECK_EQ_STR(sval(g, "driver_version"), "515.105.01");
	CHECK_EQ_STR(sval(g, "cuda_version"), "11.7");
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 725);
	CHECK_EQ_INT(num(p, "used_bytes"), 22 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_a100_mig)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "a100-sxm4-80gb-mig-driver-535-v12dtd.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_STR(sval(g, "mig_mode"), "Enabled");
	CHECK_EQ_INT(num(g, "index"), 1);
	/* The board's own fb block, not a MIG device's (19968 MiB). */
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 81920 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 869 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 50 * MIB);
	CHECK(absent(g, "remapped_correctable"));
	CHECK(absent(g, "retired_dbe"));
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 0);
	CHECK_EQ_STR(sval(g, "product_architecture"), "Ampere");
	CHECK_EQ_INT(g->ts_ns, local_ns(2023, 8, 4, 11, 44, 30));
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_rtx3080_windows)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "rtx3080-windows-wddm-driver-536-v12dtd.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	g = nth(&r, EV_GPU, 0);
	CHECK(absent(g, "index"));
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 10240 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 173 * MIB);
	CHECK(absent(g, "ecc_mode"));
	CHECK_EQ_STR(sval(g, "uuid"),
	    "GPU-19d6d965-2acc-f646-00f8-4c76979aabb4");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_a5000_pid_on_two_gpus)
{
	struct run		 r;
	const struct event	*p0, *p1;

	run_file(&r, parse_nvsmi_xml,
	    "rtx-a5000-x2-driver-590-v13dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 0), "index"), 1);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 1), "index"), 0);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 0), "remapped_uncorrectable"), 0);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "ecc_mode"), "Disabled");
	/* R570+'s <gpu_recovery_action> */
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "recovery_action"), "None");
	p0 = nth(&r, EV_GPU_PROC, 0);
	p1 = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(p0->pid, 100477);
	CHECK_EQ_INT(p1->pid, 100477);
	CHECK_EQ_INT(num(p0, "used_bytes"), 22430 * MIB);
	CHECK_EQ_INT(num(p1, "used_bytes"), 17246 * MIB);
	CHECK_EQ_INT(num(p0, "gpu_index"), 1);
	CHECK_EQ_INT(num(p1, "gpu_index"), 0);
	CHECK_EQ_STR(sval(p1, "gpu_uuid"),
	    "GPU-12345678-aaaa-bbbb-cccc-0123456789cd");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_blackwell)
{
	struct run		 r;
	const struct event	*g, *p;

	run_file(&r, parse_nvsmi_xml,
	    "rtx-pro-6000-blackwell-driver-590-v13dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 97887 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 637 * MIB);
	CHECK_EQ_STR(sval(g, "product_architecture"), "Blackwell");
	CHECK_EQ_STR(sval(g, "cuda_version"), "13.1");
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 116860);
	CHECK_EQ_INT(num(p, "used_bytes"), 65710 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_rtx4000_ada_v13)
{
	struct run		 r;
	static const struct {
		int64_t		 pid;
		const char	*type;
		const char	*name;
		int64_t		 mib;
	} want[] = {
		{ 1842, "G", "cosmic-comp", 410 },
		{ 3190, "G", "/usr/bin/code", 451 },
		{ 4937, "C", "python", 160 },
		{ 34626, "C+G", "/usr/lib/chromium/chromium", 183 },
	};
	const struct event	*g;

	run_file(&r, parse_nvsmi_xml,
	    "rtx4000-sff-ada-driver-595-v13dtd-processes.xml");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 4);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "remapped_correctable"), 0);
	CHECK_EQ_INT(num(g, "remapped_failure"), 0);
	CHECK(absent(g, "ecc_volatile_uncorrectable"));	/* all N/A */
	CHECK_EQ_INT(g->ts_ns, local_ns(2026, 8, 6, 1, 3, 40));
	for (size_t i = 0; i < 4; i++) {
		const struct event	*p = nth(&r, EV_GPU_PROC, i);

		CHECK_EQ_INT(p->pid, want[i].pid);
		CHECK_EQ_STR(sval(p, "type"), want[i].type);
		CHECK_EQ_STR(sval(p, "name"), want[i].name);
		CHECK_EQ_INT(num(p, "used_bytes"), want[i].mib * MIB);
		CHECK_EQ_INT(p->ts_ns, g->ts_ns);
	}
	run_done(&r);
}

/* ---------------------------------------------------------------- */
/* XML: broken and hostile documents                                 */

DEFINE_TEST(test_nvsmi_xml_empty_and_not_xml)
{
	struct run	r;

	run_str(&r, parse_nvsmi_xml, "");
	CHECK_EQ_INT(r.ev.n, 1);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 1);
	run_done(&r);

	run_str(&r, parse_nvsmi_xml, "NVIDIA-SMI has failed because it "
	    "couldn't communicate with the NVIDIA driver.\n");
	CHECK_EQ_INT(count(&r, EV_GPU), 0);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 1);
	CHECK_EQ_INT(r.ev.v[0]->ref.line, 1);
	CHECK(r.ev.v[0]->text.p != NULL &&
	    str_starts(r.ev.v[0]->text, "NVIDIA-SMI has failed"));
	run_done(&r);

	run_str(&r, parse_nvsmi_xml, "<?xml version=\"1.0\" ?>\n<other>\n"
	    "<gpu id=\"x\"><uuid>GPU-1</uuid></gpu></other>\n");
	CHECK_EQ_INT(count(&r, EV_GPU), 0);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 1);
	CHECK_EQ_INT(r.ev.v[0]->ref.line, 2);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_truncated)
{
	struct run		 r;
	const struct event	*g, *n;
	char			*full;
	size_t			 len;
	const char		*cut;

	full = test_slurp(FIX "t4-driver-515-v11dtd-reserved-processes.xml",
	    &len);
	/* Cut inside the first process, after fb_memory_usage. */
	cut = strstr(full, "<process_name>/usr/lib/xorg");
	CHECK(cut != NULL);
	r.buf = full;
	r.len = (size_t)(cut - full) + 20;
	run_buf(&r, parse_nvsmi_xml, r.buf, r.len);
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 15360 * MIB);
	CHECK_EQ_INT(num(g, "fb_reserved_bytes"), 388 * MIB);
	CHECK_EQ_INT(count(&r, EV_NOTE), 1);
	n = nth(&r, EV_NOTE, 0);
	CHECK_EQ_STR(n->sig, "nvsmi_xml_cut");
	CHECK(n->ref.line >= g->ref.line);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_crlf_and_nul)
{
	struct run	 r;
	char		*src, *dst;
	size_t		 len, n = 0;

	src = test_slurp(FIX "t4-driver-515-v11dtd-reserved-processes.xml",
	    &len);
	dst = malloc(len * 2 + 1);
	for (size_t i = 0; i < len; i++) {
		if (src[i] == '\n')
			dst[n++] = '\r';
		dst[n++] = src[i];
	}
	r.buf = dst;
	r.len = n;
	run_buf(&r, parse_nvsmi_xml, dst, n);
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	CHECK_EQ_INT(nth(&r, EV_GPU, 0)->ref.line, 8);
	/* The cited text has no CR. */
	CHECK_EQ_STRN(nth(&r, EV_GPU, 0)->text.p, nth(&r, EV_GPU, 0)->text.n,
	    "<gpu id=\"00000000:00:1E.0\">");
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 1), "used_bytes"), 1005 * MIB);
	evlist_free(&r.ev);
	arena_free(r.a);

	/* A NUL byte inside the second process: the first GPU survives. */
	memcpy(dst, src, len);
	r.len = len;
	dst[strstr(src, "<pid>5762") - src + 3] = '\0';
	run_buf(&r, parse_nvsmi_xml, dst, len);
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 0), "fb_total_bytes"), 15360 * MIB);
	CHECK(count(&r, EV_NOTE) + count(&r, EV_UNPARSED) >= 1);
	run_done(&r);
	free(src);
}

static void
write_file(const char *name, const char *text)
{
	FILE	*f = fopen(name, "w");

	CHECK(f != NULL);
	if (f == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

#define SECRET	"OOMTRAIL-SECRET-7f3a"

DEFINE_TEST(test_nvsmi_xml_xxe_never_resolves)
{
	struct run	r;
	char		cwd[1024], doc[4096];

	CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
	write_file("secret.txt", SECRET "\n");
	snprintf(doc, sizeof(doc), "<!ENTITY ext SYSTEM \"file://%s/secret.txt"
	    "\">\n", cwd);
	write_file("evil.dtd", doc);

	/* A general external entity in content and in an attribute. */
	snprintf(doc, sizeof(doc), "<?xml version=\"1.0\" ?>\n"
	    "<!DOCTYPE nvidia_smi_log [\n"
	    "<!ENTITY xxe SYSTEM \"file://%s/secret.txt\">\n"
	    "<!ENTITY pw SYSTEM \"file:///etc/passwd\">\n]>\n"
	    "<nvidia_smi_log>\n<gpu id=\"&xxe;\">\n"
	    "<product_name>&xxe;</product_name>\n"
	    "<uuid>GPU-1&pw;</uuid>\n</gpu>\n</nvidia_smi_log>\n", cwd);
	run_str(&r, parse_nvsmi_xml, doc);
	CHECK(!any_contains(&r, SECRET));
	CHECK(!any_contains(&r, "root:"));
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	run_done(&r);

	/* An external DTD and a parameter entity that would load it. */
	snprintf(doc, sizeof(doc), "<?xml version=\"1.0\" ?>\n"
	    "<!DOCTYPE nvidia_smi_log SYSTEM \"file://%s/evil.dtd\" [\n"
	    "<!ENTITY %% p SYSTEM \"file://%s/evil.dtd\">\n%%p;\n]>\n"
	    "<nvidia_smi_log>\n<gpu id=\"0\">\n"
	    "<product_name>&ext;</product_name>\n<uuid>GPU-2</uuid>\n"
	    "</gpu>\n</nvidia_smi_log>\n", cwd, cwd);
	run_str(&r, parse_nvsmi_xml, doc);
	CHECK(!any_contains(&r, SECRET));
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "uuid"), "GPU-2");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_xml_billion_laughs)
{
	struct run	 r;
	char		*doc;
	size_t		 n = 0, cap = 1 << 16;
	double		 t0;

	doc = malloc(cap);
	n += (size_t)snprintf(doc + n, cap - n, "<?xml version=\"1.0\"?>\n"
	    "<!DOCTYPE nvidia_smi_log [\n<!ENTITY l0 \"LOLLOLLOL\">\n");
	for (int i = 1; i <= 12; i++) {
		n += (size_t)snprintf(doc + n, cap - n, "<!ENTITY l%d \"", i);
		for (int j = 0; j < 10; j++)
			n += (size_t)snprintf(doc + n, cap - n, "&l%d;", i - 1);
		n += (size_t)snprintf(doc + n, cap - n, "\">\n");
	}
	snprintf(doc + n, cap - n, "]>\n<nvidia_smi_log>\n<gpu id=\"&l12;\">\n"
	    "<product_name>&l12;</product_name>\n<uuid>GPU-3</uuid>\n"
	    "</gpu>\n</nvidia_smi_log>\n");
	t0 = now_s();
	run_str(&r, parse_nvsmi_xml, doc);
	CHECK(now_s() - t0 < 2.0);
	CHECK(arena_used(r.a) < 256 * 1024);
	CHECK(longest_field(&r) < 1024);
	CHECK(!any_contains(&r, "LOLLOL"));
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "uuid"), "GPU-3");
	run_done(&r);
	free(doc);
}

DEFINE_TEST(test_nvsmi_xml_deep_nesting)
{
	struct run	 r;
	char		*doc;
	size_t		 depth = 200000, n = 0;
	double		 t0;
	static const char	head[] = "<nvidia_smi_log>\n<gpu id=\"0\">\n"
				    "<uuid>GPU-4</uuid>\n";

	doc = malloc(sizeof(head) + depth * 7 + 1);
	memcpy(doc, head, sizeof(head) - 1);
	n = sizeof(head) - 1;
	for (size_t i = 0; i < depth; i++, n += 3)
		memcpy(doc + n, "<a>", 3);
	for (size_t i = 0; i < depth; i++, n += 4)
		memcpy(doc + n, "</a>", 4);
	doc[n] = '\0';
	t0 = now_s();
	/* libxml2 stops at its depth limit: ERR_LIMIT (the input marks the
	 * member as not read completely), what came before is kept */
	want_rc = ERR_LIMIT;
	run_str(&r, parse_nvsmi_xml, doc);
	want_rc = ERR_OK;
	CHECK(now_s() - t0 < 5.0);
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "uuid"), "GPU-4");
	CHECK_EQ_INT(count(&r, EV_NOTE), 1);	/* libxml2 stopped: depth */
	run_done(&r);
	free(doc);
}

DEFINE_TEST(test_nvsmi_xml_huge_attribute)
{
	struct run	 r;
	size_t		 big = 12u << 20, n;
	char		*doc;
	double		 t0;
	static const char	head[] = "<nvidia_smi_log>\n<gpu id=\"";
	static const char	tail[] = "\">\n<uuid>GPU-5</uuid>\n</gpu>\n"
				    "</nvidia_smi_log>\n";

	doc = malloc(sizeof(head) + big + sizeof(tail));
	memcpy(doc, head, sizeof(head) - 1);
	n = sizeof(head) - 1;
	memset(doc + n, 'A', big);
	n += big;
	memcpy(doc + n, tail, sizeof(tail));
	t0 = now_s();
	run_str(&r, parse_nvsmi_xml, doc);
	CHECK(now_s() - t0 < 5.0);
	/* libxml2's default limit refuses a 12 MiB attribute value. */
	CHECK(longest_field(&r) < 1024);
	CHECK(arena_used(r.a) < 1u << 20);
	CHECK_EQ_INT(count(&r, EV_GPU) + count(&r, EV_UNPARSED), 1);
	run_done(&r);
	free(doc);
}

DEFINE_TEST(test_nvsmi_xml_oom)
{
	struct src	 in;
	struct err	 e;
	char		*buf;
	size_t		 len;
	long		 n;
	int		 ok = 0;

	buf = test_slurp(FIX "t4-driver-515-v11dtd-reserved-processes.xml",
	    &len);
	in = (struct src){ 1, "gpu/nvidia-smi.xml", buf, len };
	for (n = 0; n < 2000 && !ok; n++) {
		struct arena	*a = arena_new(1 << 12);
		struct evlist	 l = { 0 };
		enum err_code	 rc;

		memset(&e, 0, sizeof(e));
		arena_fail_after(a, n);
		rc = parse_nvsmi_xml(&in, a, &l, &e);
		if (rc == ERR_OK)
			ok = 1;
		else
			CHECK_EQ_INT(rc, ERR_NOMEM);
		evlist_free(&l);
		arena_free(a);
	}
	CHECK(ok);
	CHECK(n > 5);	/* it did fail several times before succeeding */
	free(buf);
}

/* ---------------------------------------------------------------- */
/* CSV                                                               */

DEFINE_TEST(test_nvsmi_csv_h100_load)
{
	struct run		 r;
	const struct event	*p;
	static const struct {
		int64_t		 pid;
		const char	*name;
		int64_t		 mib;
	} want[] = {
		{ 11327, "/root/tools/memhog", 2566 },
		{ 11328, "/root/tools/memhog", 1542 },
		{ 11345, "./gpu_burn", 15690 },
	};

	run_file(&r, parse_nvsmi_csv,
	    "compute-apps-h100-80gb-driver-590-load.csv");
	CHECK_EQ_INT(r.ev.n, 3);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 3);
	for (size_t i = 0; i < 3; i++) {
		p = nth(&r, EV_GPU_PROC, i);
		CHECK_EQ_INT(p->pid, want[i].pid);
		CHECK_EQ_STR(sval(p, "name"), want[i].name);
		CHECK_EQ_INT(num(p, "used_bytes"), want[i].mib * MIB);
		CHECK_EQ_STR(sval(p, "gpu_uuid"),
		    "GPU-00000000-0000-0000-0000-000000000000");
		CHECK_EQ_STR(sval(p, "gpu_product"), "NVIDIA H100 80GB HBM3");
		CHECK_EQ_STR(sval(p, "gpu_pci_bus_id"), "00000000:00:09.0");
		CHECK_EQ_INT(p->ref.line, i + 2);
		CHECK_EQ_INT(p->tsq, TSQ_RAW_LOCAL);
		CHECK_EQ_INT(p->ts_ns, local_ns(2026, 7, 14, 8, 12, 53) +
		    500000000);
	}
	CHECK(str_starts(nth(&r, EV_GPU_PROC, 0)->text, "2026/07/14 08:12"));
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_h100_mig)
{
	struct run	r;

	run_file(&r, parse_nvsmi_csv,
	    "compute-apps-h100-mig-driver-590-load.csv");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 3);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 0);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 0), "used_bytes"), 2296 * MIB);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 1), "used_bytes"), 1272 * MIB);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 2), "used_bytes"), 7484 * MIB);
	CHECK_EQ_INT(nth(&r, EV_GPU_PROC, 2)->pid, 21198);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU_PROC, 2), "name"), "./gpu_burn");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_idle_empty)
{
	struct run	r;

	run_file(&r, parse_nvsmi_csv,
	    "compute-apps-rtx2080super-linux-driver-595-idle-empty.csv");
	CHECK(r.len > 0);
	CHECK_EQ_INT(r.ev.n, 0);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_windows_mem_na)
{
	struct run		 r;
	const struct event	*p;

	run_file(&r, parse_nvsmi_csv,
	    "compute-apps-rtx2080super-windows-driver-591-idle-mem-na.csv");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 10);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 0);
	for (size_t i = 0; i < 10; i++)
		CHECK(absent(nth(&r, EV_GPU_PROC, i), "used_bytes"));
	p = nth(&r, EV_GPU_PROC, 4);
	CHECK_EQ_INT(p->pid, 20372);
	CHECK_EQ_STR(sval(p, "name"),
	    "C:\\Program Files\\NZXT CAM\\NZXT CAM.exe");
	CHECK_EQ_INT(p->ref.line, 6);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_noheader_commas_crlf)
{
	struct run		 r;
	const struct event	*p;

	run_str(&r, parse_nvsmi_csv,
	    "1234, python, 500 MiB, GPU-aaaa\r\n"
	    "4321, my, weird, name, 12 MiB, GPU-bbbb\r\n"
	    "77, x, 300, GPU-cccc\r\n"
	    "No devices were found\r\n"
	    "88, y, [N/A], GPU-dddd");		/* no final newline */
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 4);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 1);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 1234);
	CHECK_EQ_INT(num(p, "used_bytes"), 500 * MIB);
	CHECK_EQ_STR(sval(p, "gpu_uuid"), "GPU-aaaa");
	p = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(p->pid, 4321);
	CHECK_EQ_STR(sval(p, "name"), "my, weird, name");
	CHECK_EQ_INT(num(p, "used_bytes"), 12 * MIB);
	CHECK_EQ_STR(sval(p, "gpu_uuid"), "GPU-bbbb");
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 2), "used_bytes"), 300 * MIB);
	p = nth(&r, EV_GPU_PROC, 3);
	CHECK(absent(p, "used_bytes"));
	CHECK_EQ_INT(p->ref.line, 5);
	CHECK_EQ_STR(sval(p, "gpu_uuid"), "GPU-dddd");
	CHECK_EQ_INT(nth(&r, EV_UNPARSED, 0)->ref.line, 4);
	CHECK_EQ_STRN(nth(&r, EV_UNPARSED, 0)->text.p,
	    nth(&r, EV_UNPARSED, 0)->text.n, "No devices were found");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_header_any_order)
{
	struct run		 r;
	const struct event	*p;

	run_str(&r, parse_nvsmi_csv,
	    "gpu_uuid, used_gpu_memory [MiB], process_name, pid\n"
	    "GPU-1, 2048, a, b, 42\n"
	    "GPU-2, [Not Supported], c, 43\n"
	    "GPU-3, 1\n"
	    "GPU-4, 99999999999999999999, d, 44\n");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 3);
	CHECK_EQ_INT(count(&r, EV_UNPARSED), 1);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 42);
	CHECK_EQ_STR(sval(p, "name"), "a, b");
	CHECK_EQ_INT(num(p, "used_bytes"), 2048 * MIB);
	CHECK(absent(nth(&r, EV_GPU_PROC, 1), "used_bytes"));
	/* overflow */
	CHECK(absent(nth(&r, EV_GPU_PROC, 2), "used_bytes"));
	CHECK_EQ_INT(nth(&r, EV_GPU_PROC, 2)->pid, 44);
	run_done(&r);
}

/* --query-gpu=index,gpu_recovery_action with its header (the values of
 * corpus d2002, NVIDIA/DCGM#263, which printed the rows without it) */
DEFINE_TEST(test_nvsmi_csv_recovery_action)
{
	struct run		 r;

	run_str(&r, parse_nvsmi_csv,
	    "index, gpu_recovery_action\n"
	    "0, None\n"
	    "1, Reset\n");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "recovery_action"), "None");
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 1), "recovery_action"), "Reset");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_query_gpu)
{
	struct run		 r;
	const struct event	*g;

	run_str(&r, parse_nvsmi_csv,
	    "index, uuid, name, memory.total [MiB], memory.used [MiB], "
	    "retired_pages.pending, remapped_rows.uncorrectable\n"
	    "0, GPU-x, NVIDIA H100 80GB HBM3, 81559 MiB, 100 MiB, [N/A], 0\n"
	    "1, GPU-y, NVIDIA H100 80GB HBM3, 81559, 7, Yes, 3\n");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "index"), 0);
	CHECK_EQ_STR(sval(g, "uuid"), "GPU-x");
	CHECK_EQ_STR(sval(g, "product"), "NVIDIA H100 80GB HBM3");
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 81559 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 100 * MIB);
	CHECK(absent(g, "retired_pending"));
	CHECK_EQ_INT(num(g, "remapped_uncorrectable"), 0);
	g = nth(&r, EV_GPU, 1);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 81559 * MIB);
	CHECK_EQ_INT(num(g, "retired_pending"), 1);
	CHECK_EQ_INT(num(g, "remapped_uncorrectable"), 3);
	CHECK_EQ_INT(g->pid, -1);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_csv_hostile_bytes)
{
	struct run	 r;
	char		*s;
	size_t		 n = 1 << 20;

	/* A million commas on one line after a header, NULs inside rows. */
	s = malloc(n + 64);
	n = (size_t)sprintf(s, "pid, process_name, used_gpu_memory [MiB]\n");
	memset(s + n, ',', 1 << 20);
	n += 1 << 20;
	memcpy(s + n, "\n5, a\0b, 1 MiB\n", 15);
	n += 15;
	r.buf = s;
	r.len = n;
	run_buf(&r, parse_nvsmi_csv, s, n);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 1);
	CHECK_EQ_INT(nth(&r, EV_GPU_PROC, 0)->pid, 5);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 0), "used_bytes"), MIB);
	run_done(&r);
}

/* ---------------------------------------------------------------- */
/* The default table                                                 */

DEFINE_TEST(test_nvsmi_table_v100_exclusive)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_table,
	    "table-v100-sxm2-x3-driver-384-exclusive-process.txt");
	CHECK_EQ_INT(count(&r, EV_GPU), 3);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	g = nth(&r, EV_GPU, 1);
	CHECK_EQ_INT(g->ref.line, 11);
	CHECK_EQ_INT(num(g, "index"), 1);
	CHECK_EQ_STR(sval(g, "product"), "Tesla V100-SXM2...");
	CHECK_EQ_STR(sval(g, "pci_bus_id"), "00000000:07:00.0");
	CHECK_EQ_STR(sval(g, "driver_version"), "384.145");
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 0);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 13968 * MIB);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 16152 * MIB);
	CHECK_EQ_STR(sval(g, "compute_mode"), "E. Process");
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_table_no_banner_ecc_na)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, parse_nvsmi_table, "table-gtx1070-x2-no-header.txt");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "index"), 0);
	CHECK(absent(g, "ecc_volatile_uncorrectable"));
	CHECK(absent(g, "driver_version"));
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 7940 * MIB);
	CHECK_EQ_STR(sval(g, "compute_mode"), "Default");
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 1), "fb_total_bytes"), 8114 * MIB);
	run_done(&r);
	/* Cut after the second GPU's first row: no memory, still a GPU. */
	run_file(&r, parse_nvsmi_table, "table-k80-x2-driver-361-cut.txt");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "pci_bus_id"), "0000:04:00.0");
	CHECK_EQ_STR(sval(nth(&r, EV_GPU, 0), "driver_version"), "361.21");
	CHECK_EQ_INT(num(nth(&r, EV_GPU, 0), "fb_used_bytes"), 22 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_table_processes)
{
	struct run		 r;
	const struct event	*p;

	run_file(&r, parse_nvsmi_table, "table-processes-gi-ci.txt");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 1);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 1395);
	CHECK_EQ_INT(num(p, "gpu_index"), 0);
	CHECK_EQ_STR(sval(p, "type"), "C");
	CHECK_EQ_STR(sval(p, "name"), "python");
	CHECK_EQ_INT(num(p, "used_bytes"), 25081 * MIB);
	CHECK(absent(p, "defunct"));
	run_done(&r);
	/* Old layout; dead parents are named "Unknown Error". */
	run_file(&r, parse_nvsmi_table, "table-processes-unknown-error.txt");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 6);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 31794);
	CHECK_EQ_INT(num(p, "defunct"), 1);
	CHECK(absent(p, "name"));
	CHECK_EQ_INT(num(p, "used_bytes"), 5371 * MIB);
	CHECK_EQ_STR(sval(nth(&r, EV_GPU_PROC, 2), "name"), "/xx/xxx/caffe");
	CHECK(absent(nth(&r, EV_GPU_PROC, 2), "defunct"));
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 3), "defunct"), 1);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 3), "gpu_index"), 1);
	run_done(&r);
	/* Without the box, "100998 MiB" split in two tokens. */
	run_file(&r, parse_nvsmi_table, "table-processes-unboxed.txt");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 4);
	p = nth(&r, EV_GPU_PROC, 3);
	CHECK_EQ_INT(p->pid, 2505784);
	CHECK_EQ_INT(num(p, "gpu_index"), 3);
	CHECK_EQ_STR(sval(p, "name"), "sglang::scheduler_DP3_TP3_EP3");
	CHECK_EQ_INT(num(p, "used_bytes"), 100804 * MIB);
	run_done(&r);
}

DEFINE_TEST(test_nvsmi_table_hostile)
{
	static const char *const in[] = {
		"",
		"|",
		"||||||||",
		"|   0  x | 0:0:0.0 |",
		"| Processes: PID Process name\n|    0 |\n|  1 2 |\n",
		"|   0  A  On | 00000000:06:00.0 Off | 0 |\n| / |  / | % |\n",
		"PID Process name\n0 1\n0 1 2 3 MiB\n",
	};
	struct run	r;

	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		run_str(&r, parse_nvsmi_table, in[i]);
		run_done(&r);
	}
	run_str(&r, parse_nvsmi_table, "PID Process name\n0 1\n");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 0);
	run_done(&r);
}

/* ---------------------------------------------------------------- */
/* Sniffers and the model table                                      */

static const char *const xml_files[] = {
	"a100-sxm4-80gb-mig-driver-535-v12dtd.xml",
	"a10g-driver-515-v11dtd-remapped-rows.xml",
	"grid-k520-driver-352-v7-inline-dtd.xml",
	"grid-k520-driver-352-v7dtd.xml",
	"gt730-driver-440-v10dtd-processes-na.xml",
	"gtx1070-x6-driver-384-v9dtd-processes.xml",
	"k80-x4-driver-430-v10dtd-retired-pages-ecc-processes.xml",
	"quadro-p2200-driver-450-v11dtd-processes.xml",
	"rtx-a5000-x2-driver-590-v13dtd-processes.xml",
	"rtx-pro-6000-blackwell-driver-590-v13dtd-processes.xml",
	"rtx3080-windows-wddm-driver-536-v12dtd.xml",
	"rtx4000-sff-ada-driver-595-v13dtd-processes.xml",
	"t4-driver-515-v11dtd-reserved-processes.xml",
	"t4-windows-wddm-driver-512-v11dtd-processes-mem-na.xml",
	"v100-sxm3-driver-410-v10dtd-retired-pages-pending-ecc.xml",
	"v100s-x8-driver-460-v11dtd-processes.xml",
};

static const char *const csv_files[] = {
	"compute-apps-h100-80gb-driver-590-load.csv",
	"compute-apps-h100-mig-driver-590-load.csv",
	"compute-apps-rtx2080super-linux-driver-595-idle-empty.csv",
	"compute-apps-rtx2080super-windows-driver-591-idle-mem-na.csv",
};

static const char *const table_files[] = {
	"table-gtx1070-x2-no-header.txt",
	"table-k80-x2-driver-361-cut.txt",
	"table-processes-gi-ci.txt",
	"table-processes-unboxed.txt",
	"table-processes-unknown-error.txt",
	"table-v100-sxm2-x3-driver-384-exclusive-process.txt",
};

DEFINE_TEST(test_nvsmi_sniff)
{
	char	path[256], *b;
	size_t	len;

	for (size_t i = 0; i < sizeof(xml_files) / sizeof(*xml_files); i++) {
		snprintf(path, sizeof(path), FIX "%s", xml_files[i]);
		b = test_slurp(path, &len);
		CHECK(sniff_nvsmi_xml(b, len) >= 90);
		CHECK_EQ_INT(sniff_nvsmi_csv(b, len), 0);
		free(b);
	}
	for (size_t i = 0; i < sizeof(csv_files) / sizeof(*csv_files); i++) {
		snprintf(path, sizeof(path), FIX "%s", csv_files[i]);
		b = test_slurp(path, &len);
		CHECK(sniff_nvsmi_csv(b, len) >= 90);
		CHECK_EQ_INT(sniff_nvsmi_xml(b, len), 0);
		free(b);
	}
	for (size_t i = 0; i < sizeof(table_files) / sizeof(*table_files);
	    i++) {
		snprintf(path, sizeof(path), FIX "%s", table_files[i]);
		b = test_slurp(path, &len);
		CHECK(sniff_nvsmi_table(b, len) >= 75);
		CHECK_EQ_INT(sniff_nvsmi_xml(b, len), 0);
		CHECK(sniff_nvsmi_csv(b, len) < 50);
		free(b);
	}
	CHECK_EQ_INT(sniff_nvsmi_table("Epoch 1 loss 0.3\n", 17), 0);
	CHECK_EQ_INT(sniff_nvsmi_csv("", 0), 0);
	CHECK_EQ_INT(sniff_nvsmi_csv("1234, python, 5 MiB, GPU-1\n", 26), 70);
	CHECK_EQ_INT(sniff_nvsmi_csv("No devices were found\n", 22), 0);
	CHECK_EQ_INT(sniff_nvsmi_csv("12, a, b, c\n", 12), 0);
	CHECK_EQ_INT(sniff_nvsmi_xml("<html></html>", 13), 0);
}

DEFINE_TEST(test_gpu_models_lookup)
{
	int64_t			 b = -1;
	const struct gpu_model	*m;

	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA H100 80GB HBM3", &b), 0);
	CHECK_EQ_INT(b, 81559 * MIB);
	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA A100-SXM4-80GB", &b), 0);
	CHECK_EQ_INT(b, 81920 * MIB);
	/* Older drivers print no "NVIDIA " prefix; case and '-' vary. */
	CHECK_EQ_INT(gpu_nominal_bytes("A100-SXM4-80GB", &b), 0);
	CHECK_EQ_INT(b, 81920 * MIB);
	CHECK_EQ_INT(gpu_nominal_bytes("nvidia a100 sxm4 80gb", &b), 0);
	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA T4", &b), 0);
	CHECK_EQ_INT(b, 15360 * MIB);
	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA H200", &b), 0);
	CHECK_EQ_INT(b, 143771 * MIB);
	CHECK_EQ_INT(gpu_nominal_bytes("  nvidia   A10G ", &b), 0);
	CHECK_EQ_INT(b, 23028 * MIB);
	b = 5;
	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA H100", &b), -1);
	CHECK_EQ_INT(gpu_nominal_bytes("", &b), -1);
	CHECK_EQ_INT(gpu_nominal_bytes("NVIDIA ", &b), -1);
	CHECK_EQ_INT(gpu_nominal_bytes(NULL, &b), -1);
	CHECK_EQ_INT(b, 5);
	m = gpu_model_find("Tesla V100-SXM2-16GB");
	CHECK(m != NULL && m->src == GPU_SRC_DATASHEET);
	m = gpu_model_find("Tesla K80");
	CHECK(m != NULL && m->src == GPU_SRC_CAPTURE && m->mib == 11441);
}

/* Every capture-sourced row agrees with what the captures say. */
DEFINE_TEST(test_gpu_models_match_captures)
{
	size_t	checked = 0;

	for (size_t i = 0; i < sizeof(xml_files) / sizeof(*xml_files); i++) {
		struct run	r;

		run_file(&r, parse_nvsmi_xml, xml_files[i]);
		for (size_t j = 0; j < count(&r, EV_GPU); j++) {
			const struct event	*g = nth(&r, EV_GPU, j);
			const char		*prod = sval(g, "product");
			const struct gpu_model	*m = gpu_model_find(prod);
			int64_t			 tot;

			CHECK(m != NULL);
			if (m == NULL)
				continue;
			tot = num(g, "fb_total_bytes");
			CHECK_EQ_INT(m->src, GPU_SRC_CAPTURE);
			/* within 0.1%: only board-to-board noise */
			CHECK(tot <= m->mib * MIB &&
			    (m->mib * MIB - tot) * 1000 < m->mib * MIB);
			checked++;
		}
		run_done(&r);
	}
	CHECK_EQ_INT(checked, 32);
}
