/*
 * test_parse_amdsmi: the amd-smi / rocm-smi JSON parser on the real
 * rocm-smi captures in fixtures/real/rocm/, on the synthetic amd-smi
 * documents of the HIP scenarios (marked so in fixtures/scenarios/
 * README.md), on each shape amd-smi prints (bare list, {"gpu_data"},
 * --sort-by-pid, a single bad page as an object), on hostile input (not
 * JSON, wrong types, negative and overflowing sizes, too many GPUs, too
 * large), the sniffer, and the merge of one snapshot's documents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "parse.h"

#define ROCM	"fixtures/real/rocm/"
#define SCEN	"fixtures/scenarios/"
#define MIB	((int64_t)1 << 20)

struct run {
	char		*buf;
	size_t		 len;
	struct arena	*a;
	struct evlist	 ev;
};

/* Parse; every event but a note cites bytes inside the input. */
static void
run_buf(struct run *r, char *buf, size_t len)
{
	struct src	in = { 5, "gpu/amd-smi-test.json", buf, len };
	struct err	e = { 0 };

	r->buf = buf;
	r->len = len;
	r->a = arena_new(1 << 16);
	memset(&r->ev, 0, sizeof(r->ev));
	CHECK_EQ_INT(parse_amdsmi(&in, r->a, &r->ev, &e), ERR_OK);
	for (size_t i = 0; i < r->ev.n; i++) {
		const struct event	*ev = r->ev.v[i];

		CHECK_EQ_INT(ev->ref.file_id, 5);
		if (ev->kind == EV_NOTE)
			continue;
		CHECK(ev->ref.line >= 1);
		CHECK(ev->ref.off + ev->ref.len <= len);
		CHECK(ev->text.p >= buf && ev->text.p + ev->text.n <=
		    buf + len);
	}
}

static void
run_file(struct run *r, const char *path)
{
	size_t	n;
	char	*b = test_slurp(path, &n);

	run_buf(r, b, n);
}

static void
run_str(struct run *r, const char *s)
{
	char	*b = strdup(s);

	run_buf(r, b, strlen(s));
}

static void
run_done(struct run *r)
{
	evlist_free(&r->ev);
	arena_free(r->a);
	free(r->buf);
}

static const struct event *
nth(const struct run *r, enum ev_kind k, size_t i)
{
	for (size_t j = 0; j < r->ev.n; j++)
		if (r->ev.v[j]->kind == k && i-- == 0)
			return r->ev.v[j];
	return NULL;
}

static size_t
count(const struct run *r, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < r->ev.n; i++)
		n += r->ev.v[i]->kind == k;
	return n;
}

static int64_t
num(const struct event *ev, const char *f)
{
	return ev == NULL ? -999 : ev_num_or(ev, f, -999);
}

static int
str_is_f(const struct event *ev, const char *f, const char *want)
{
	return ev != NULL && str_eq(ev_str(ev, f), want);
}

/* The note of this sig, or NULL. */
static const struct event *
note(const struct run *r, const char *sig)
{
	for (size_t i = 0; i < r->ev.n; i++)
		if (r->ev.v[i]->kind == EV_NOTE && r->ev.v[i]->sig != NULL &&
		    strcmp(r->ev.v[i]->sig, sig) == 0)
			return r->ev.v[i];
	return NULL;
}

/* Real: rocm-smi --showproductname --showuse --showmeminfo vram --json
 * of one Radeon RX 7900 XT (marimo-team/marimo#9237). */
DEFINE_TEST(test_amdsmi_rocm_smi_real_vram)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, ROCM "rocm-smi-rx7900xt-productname-use-meminfo-vram.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "index"), 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 21458059264LL);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 27856896);
	CHECK(str_is_f(g, "product", "Radeon RX 7900 XT"));
	CHECK(str_is_f(g, "vendor", "amd"));
	CHECK_EQ_STR(g->sig, "amdsmi_json");
	CHECK_EQ_INT(g->ref.line, 2);	/* "card0": { */
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
}

/* Real: rocm-smi --showmemuse --json of two RX 6800 (ROCm/rocm_smi_lib
 * PR 120): cards with no VRAM sizes give GPUs with no sizes, no
 * guesses from "GPU memory use". */
DEFINE_TEST(test_amdsmi_rocm_smi_real_memuse_no_sizes)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, ROCM "rocm-smi-rx6800-x2-memuse.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 2);
	g = nth(&r, EV_GPU, 1);
	CHECK_EQ_INT(num(g, "index"), 1);
	CHECK(ev_field(g, "fb_total_bytes") == NULL);
	CHECK(ev_field(g, "fb_used_bytes") == NULL);
	CHECK_EQ_INT(g->ref.line, 8);	/* "card1": { */
	run_done(&r);
}

/* Real: amd-smi metric --json of one Radeon RX 6600 (luckylinux/
 * supermicro-fan-control GPU_NOTES.md): VRAM as {value, unit "MB"},
 * RAS counts as plain numbers beside "N/A" cache counts. */
DEFINE_TEST(test_amdsmi_real_metric_rx6600)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, ROCM "amd-smi-metric-rx6600.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "index"), 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 8176 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 202 * MIB);
	CHECK_EQ_INT(num(g, "fb_free_bytes"), 7974 * MIB);
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 0);
	CHECK_EQ_INT(num(g, "ecc_volatile_correctable"), 0);
	CHECK(str_is_f(g, "vendor", "amd"));
	CHECK_EQ_INT(g->ref.line, 3);
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
}

/* Real: amd-smi static --json of the same RX 6600 (market name cut by
 * amd-smi itself) and of a Strix Halo APU (redhat-et/GKM test data):
 * the VRAM size and the name, nothing used. */
DEFINE_TEST(test_amdsmi_real_static)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, ROCM "amd-smi-static-rx6600.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 8176 * MIB);
	CHECK(ev_field(g, "fb_used_bytes") == NULL);
	CHECK(str_is_f(g, "product", "Navi 23 [Radeon RX 6600/6600 XT"));
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
	run_file(&r, ROCM "amd-smi-static-strixhalo-8060s.json");
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 32768 * MIB);
	CHECK(str_starts(ev_str(g, "product"), "Strix Halo [Radeon Graphics"));
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
}

/* Real: sudo amd-smi process --json on two Radeon AI PRO R9700 (AMD-SMI
 * 26.2.1, ROCm 7.2.0; ROCm/ROCm#5706). That release lists every process
 * under both GPUs; each entry is read as printed, VRAM from vram_mem in
 * bytes (two ranks at 21.0 GB and 20.5 GB, two helpers at 56 kB). */
DEFINE_TEST(test_amdsmi_real_process_r9700)
{
	struct run		 r;
	const struct event	*p;

	run_file(&r, ROCM "amd-smi-process-r9700-x2.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 0);
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 8);
	p = nth(&r, EV_GPU_PROC, 2);
	CHECK_EQ_INT(p->pid, 213952);
	CHECK_EQ_INT(num(p, "gpu_index"), 0);
	CHECK_EQ_INT(num(p, "used_bytes"), 21008920000LL);
	CHECK(str_is_f(p, "name", "/usr/bin/python3.12"));
	CHECK_EQ_STRN(p->text.p, p->text.n, "\"pid\": 213952,");
	p = nth(&r, EV_GPU_PROC, 7);
	CHECK_EQ_INT(p->pid, 213953);
	CHECK_EQ_INT(num(p, "gpu_index"), 1);
	CHECK_EQ_INT(num(p, "used_bytes"), 20503796000LL);
	CHECK_EQ_INT(num(nth(&r, EV_GPU_PROC, 0), "used_bytes"), 56000);
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
}

/* amd-smi metric --json (bare list, {value, unit} sizes, ECC "N/A"). */
DEFINE_TEST(test_amdsmi_metric_list)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, SCEN "cuda_oom_exhaustion-fires-hip-amd-smi/gpu/"
	    "amd-smi-metric.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 24560 * MIB);
	CHECK_EQ_INT(num(g, "fb_used_bytes"), 22818 * MIB);
	CHECK_EQ_INT(num(g, "fb_free_bytes"), 1742 * MIB);
	CHECK(ev_field(g, "ecc_volatile_uncorrectable") == NULL);
	CHECK_EQ_INT(g->ref.line, 3);
	CHECK_EQ_STRN(g->text.p, g->text.n, "\"gpu\": 0,");
	CHECK(note(&r, "amdsmi.skipped") == NULL);
	run_done(&r);
}

/* {"gpu_data": [...]} and the process list: the job's python and
 * another tenant, with their VRAM. */
DEFINE_TEST(test_amdsmi_gpu_data_and_processes)
{
	struct run		 r;
	const struct event	*p;

	run_file(&r, SCEN "gpu_other_tenant-fires-hip-amd-smi-process/gpu/"
	    "amd-smi-process.json");
	CHECK_EQ_INT(count(&r, EV_GPU), 0);	/* no GPU-level fields */
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(p->pid, 2210);
	CHECK_EQ_INT(num(p, "gpu_index"), 0);
	CHECK_EQ_INT(num(p, "used_bytes"), 74088185856LL);
	CHECK(str_is_f(p, "name", "ollama"));
	CHECK_EQ_STRN(p->text.p, p->text.n, "\"pid\": 2210,");
	p = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(p->pid, 4187);
	CHECK(p->ref.line > nth(&r, EV_GPU_PROC, 0)->ref.line);
	run_done(&r);
}

/* bad-pages: a list, one page alone as an object, a sentence for none;
 * RAS totals as bare numbers. */
DEFINE_TEST(test_amdsmi_bad_pages_and_ecc)
{
	struct run		 r;
	const struct event	*g;

	run_file(&r, SCEN "retired_pages-fires-hip-bad-pages-pending/gpu/"
	    "amd-smi-bad-pages.json");
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "retired_pages"), 2);
	CHECK_EQ_INT(num(g, "retired_pending"), 1);
	CHECK_EQ_INT(num(g, "retired_pending_pages"), 1);
	CHECK_EQ_INT(num(g, "retired_unreservable"), 0);
	CHECK_EQ_STRN(g->text.p, g->text.n, "\"pending\": {");
	run_done(&r);
	run_file(&r, SCEN "retired_pages-fires-hip-bad-pages-pending/gpu/"
	    "amd-smi-metric.json");
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "ecc_volatile_uncorrectable"), 2);
	CHECK_EQ_INT(num(g, "ecc_volatile_correctable"), 12);
	CHECK_EQ_INT(num(g, "fb_total_bytes"), 24560 * MIB);	/* bare MB */
	run_done(&r);
	run_str(&r, "[{\"gpu\": 3, \"retired\": \"No bad pages found.\", "
	    "\"pending\": \"No bad pages found.\", \"un_res\": \"No bad pages "
	    "found.\"}]");
	g = nth(&r, EV_GPU, 0);
	CHECK_EQ_INT(num(g, "index"), 3);
	CHECK_EQ_INT(num(g, "retired_pages"), 0);
	CHECK_EQ_INT(num(g, "retired_pending"), 0);
	run_done(&r);
}

/* amd-smi process --sort-by-pid: the pid first, its GPUs inside. */
DEFINE_TEST(test_amdsmi_sort_by_pid)
{
	struct run		 r;
	const struct event	*p;

	run_str(&r, "[\n {\"pid\": 77, \"name\": \"python3\", \"gpus\": [\n"
	    "  {\"gpu_index\": 0, \"mem\": {\"value\": 64, \"unit\": \"B\"}},\n"
	    "  {\"gpu_index\": 1, \"memory_usage\": {\"vram_mem\": {\"value\": "
	    "2, \"unit\": \"MB\"}}}]}\n]\n");
	CHECK_EQ_INT(count(&r, EV_GPU_PROC), 2);
	p = nth(&r, EV_GPU_PROC, 0);
	CHECK_EQ_INT(num(p, "gpu_index"), 0);
	CHECK_EQ_INT(num(p, "used_bytes"), 64);
	p = nth(&r, EV_GPU_PROC, 1);
	CHECK_EQ_INT(num(p, "gpu_index"), 1);
	CHECK_EQ_INT(num(p, "used_bytes"), 2 * MIB);
	run_done(&r);
}

/* Hostile: not JSON (the note names the file and the line), wrong
 * types, negative, fractional-overflowing and unknown-unit sizes. */
DEFINE_TEST(test_amdsmi_hostile)
{
	struct run		 r;
	const struct event	*n, *g;

	run_str(&r, "[\n{\"gpu\": 0,\n\"mem_usage\": {\"total_vram\": 1,,}}\n");
	n = note(&r, "amdsmi.json_error");
	CHECK(n != NULL);
	CHECK_EQ_INT(count(&r, EV_GPU), 0);
	if (n != NULL) {
		CHECK_EQ_INT(n->ref.line, 3);
		CHECK(str_find(n->text, "gpu/amd-smi-test.json: line 3") !=
		    NULL);
	}
	run_done(&r);
	run_str(&r, "AMDSMI_STATUS_NO_PERM - Permission denied\n");
	CHECK(note(&r, "amdsmi.json_error") != NULL);
	run_done(&r);
	run_str(&r, "[{\"gpu\": 0, \"mem_usage\": {\"total_vram\": -5, "
	    "\"used_vram\": {\"value\": 1e300, \"unit\": \"MB\"}, "
	    "\"free_vram\": {\"value\": 3, \"unit\": \"PB\"}}, "
	    "\"ecc\": {\"total_uncorrectable\": [1]}, \"asic\": "
	    "{\"market_name\": 7}}, {\"gpu\": \"x\"}, 17, null]");
	g = nth(&r, EV_GPU, 0);
	CHECK(g != NULL && ev_field(g, "fb_total_bytes") == NULL);
	CHECK(g != NULL && ev_field(g, "fb_used_bytes") == NULL);
	CHECK(g != NULL && ev_field(g, "fb_free_bytes") == NULL);
	CHECK(g != NULL && ev_field(g, "product") == NULL);
	CHECK(g != NULL && ev_field(g, "ecc_volatile_uncorrectable") == NULL);
	CHECK_EQ_INT(count(&r, EV_GPU), 1);
	CHECK(note(&r, "amdsmi.skipped") != NULL);
	run_done(&r);
	run_str(&r, "{\"gpu_data\": 5}");
	CHECK(note(&r, "amdsmi.json_shape") != NULL);
	run_done(&r);
	run_str(&r, "[{\"gpu\": 0, \"gpu\": 1, \"mem_usage\": {}}]");
	CHECK(note(&r, "amdsmi.json_error") != NULL);	/* duplicate key */
	run_done(&r);
}

/* Bounded: 300 GPUs keep 256 and say so; a document over 16 MiB is not
 * read at all. */
DEFINE_TEST(test_amdsmi_caps)
{
	struct run	 r;
	char		*b;
	size_t		 n = 0, cap = 64 << 10;

	b = malloc(cap);
	n += (size_t)snprintf(b + n, cap - n, "[");
	for (int i = 0; i < 300; i++)
		n += (size_t)snprintf(b + n, cap - n, "%s{\"gpu\": %d, "
		    "\"mem_usage\": {\"total_vram\": 1}}", i ? "," : "", i);
	n += (size_t)snprintf(b + n, cap - n, "]");
	run_buf(&r, b, n);
	CHECK_EQ_INT(count(&r, EV_GPU), 256);
	CHECK(note(&r, "amdsmi.skipped") != NULL);
	run_done(&r);
	n = (16u << 20) + 1;
	b = malloc(n);
	memset(b, ' ', n);
	b[0] = '[';
	b[n - 1] = ']';
	run_buf(&r, b, n);
	CHECK(note(&r, "amdsmi.too_big") != NULL);
	CHECK_EQ_INT(count(&r, EV_GPU), 0);
	run_done(&r);
}

DEFINE_TEST(test_amdsmi_sniff)
{
	static const char *const yes[] = {
		"{\n  \"card0\": {\n    \"VRAM Total Memory (B)\": \"1\"}}",
		"[{\"gpu\": 0, \"mem_usage\": {}}]",
		"{\"gpu_data\": [{\"gpu\": 0, \"process_list\": []}]}",
		"[{\"gpu\": 0, \"retired\": \"No bad pages found.\"}]",
	};
	static const char *const no[] = {
		"", "mem_usage", "{\"format\":\"oomtrail-torch-snapshot\"}",
		"[{\"jobs\": []}]",
	};

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		CHECK(sniff_amdsmi(yes[i], strlen(yes[i])) > 50);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		CHECK_EQ_INT(sniff_amdsmi(no[i], strlen(no[i])), 0);
}

/* One snapshot's metric, static and bad-pages documents give one GPU:
 * the first event keeps its citation and gains the others' fields; a
 * GPU of another index, and an nvidia-smi GPU, stay apart. */
DEFINE_TEST(test_amdsmi_merge)
{
	struct arena	*a = arena_new(1 << 12);
	struct evlist	 l = { 0 };
	struct event	*m, *b, *o, *nv;

	m = evlist_add(&l, a, EV_GPU);
	m->sig = "amdsmi_json";
	ev_set_num(m, a, "index", 0);
	ev_set_num(m, a, "fb_total_bytes", 100);
	b = evlist_add(&l, a, EV_GPU);
	b->sig = "amdsmi_json";
	b->ref.line = 9;
	ev_set_num(b, a, "index", 0);
	ev_set_num(b, a, "fb_total_bytes", 999);
	ev_set_num(b, a, "retired_pending", 1);
	o = evlist_add(&l, a, EV_GPU);
	o->sig = "amdsmi_json";
	ev_set_num(o, a, "index", 1);
	nv = evlist_add(&l, a, EV_GPU);
	nv->sig = "nvsmi_xml";
	ev_set_num(nv, a, "index", 0);
	CHECK_EQ_INT(amdsmi_merge(&l, a), 0);
	CHECK_EQ_U64(l.n, 3);
	CHECK(l.v[0] == m && l.v[1] == o && l.v[2] == nv);
	CHECK_EQ_INT(ev_num_or(m, "fb_total_bytes", -1), 100);
	CHECK_EQ_INT(ev_num_or(m, "retired_pending", -1), 1);
	CHECK_EQ_INT(m->ref.line, 9);	/* the pending page's citation */
	evlist_free(&l);
	arena_free(a);
}
