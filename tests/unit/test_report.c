/*
 * Reports: the JSON contract both ways and the text, Markdown and HTML
 * renderers, on an analysis built by hand whose cited lines are read,
 * by line number, from real outputs copied into fixtures/report/.
 *
 * test_report_samples also writes report-sample.html and
 * report-hostile.html (into $OOMTRAIL_SAMPLE_DIR when set) for the
 * headless browser test in tests/browser/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analysis.h"
#include "escape.h"
#include "report.h"
#include "harness.h"

#define FX	"fixtures/report/"

/* ---- building an analysis by hand ---- */

struct fx {
	const char	*log, *dmesg, *sacct, *ctld, *csv, *nccl;
};

static struct fx	 fx;

static void
fx_load(void)
{
	size_t	 n;

	if (fx.log != NULL)
		return;
	fx.log = test_slurp(FX "slurm-2.out", &n);
	fx.dmesg = test_slurp(FX "dmesg.excerpt", &n);
	fx.sacct = test_slurp(FX "sacct_parsable2.txt", &n);
	fx.ctld = test_slurp(FX "slurmctld.log.excerpt", &n);
	fx.csv = test_slurp(FX "compute-apps-h100-80gb-driver-590-load.csv",
	    &n);
	fx.nccl = test_slurp(FX "nccl_watchdog.txt", &n);
}

/* Line no (1-based) of buf, copied into the arena; aborts if absent. */
static const char *
fx_line(struct arena *a, const char *buf, uint32_t no)
{
	const char	*p = buf, *nl;

	for (uint32_t i = 1; i < no && p != NULL; i++)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p == NULL || *p == '\0') {
		fprintf(stderr, "fixture has no line %u\n", no);
		abort();
	}
	nl = strchr(p, '\n');
	return arena_strndup(a, p, nl != NULL ? (size_t)(nl - p) : strlen(p));
}

/* Lines lo..hi of buf joined with newlines (a context block). */
static const char *
fx_lines(struct arena *a, const char *buf, uint32_t lo, uint32_t hi)
{
	const char	*s = "";

	for (uint32_t i = lo; i <= hi; i++)
		s = arena_printf(a, "%s%s%s", s, i > lo ? "\n" : "",
		    fx_line(a, buf, i));
	return s;
}

/* 2026-11-30T06:59:SS.mmm UTC in ns. */
static int64_t
t_at(int sec, int ms)
{
	return (1796021940LL + sec) * 1000000000LL + ms * 1000000LL;
}

struct evspec {
	const char	*kind, *source, *node, *tq;
	const char *const	*buf;
	uint32_t	 line;
	int		 sec, ms;	/* sec < 0: untimed */
	int		 flags;		/* 1 initiating, 2 cascade */
	int		 rank;
	int64_t		 pid;
};

static const struct evspec	 tl_spec[] = {
	{ "note", "logs/slurmctld.log", "ctl", "exact", &fx.ctld, 1, 6, 755,
	  0, -1, -1 },
	{ "note", "logs/slurmctld.log", "ctl", "exact", &fx.ctld, 2, 9, 266,
	  0, -1, -1 },
	{ "sacct_row", "slurm/sacct.txt", "vm", "local_converted", &fx.sacct,
	  2, 9, 0, 0, -1, -1 },
	{ "unparsed", "logs/slurm-2.out", "vm", "position_only", &fx.log, 1,
	  -1, 0, 0, 0, -1 },
	{ "unparsed", "logs/slurm-2.out", "vm", "position_only", &fx.log, 2,
	  -1, 0, 0, 0, -1 },
	{ "unparsed", "logs/slurm-2.out", "vm", "position_only", &fx.log, 9,
	  -1, 0, 0, 0, -1 },
	{ "unparsed", "logs/slurm-2.out", "vm", "position_only", &fx.log, 10,
	  -1, 0, 0, 0, -1 },
	{ "gpu_process", "gpu/compute-apps.csv", "gpu-b", "exact", &fx.csv, 2,
	  10, 500, 0, -1, 11327 },
	{ "gpu_process", "gpu/compute-apps.csv", "gpu-b", "exact", &fx.csv, 3,
	  10, 500, 0, -1, 11328 },
	{ "kernel_oom", "kernel/kmsg.txt", "vm", "monotonic_converted",
	  &fx.dmesg, 1, 11, 102, 0, -1, 14919 },
	{ "kernel_oom", "kernel/kmsg.txt", "vm", "monotonic_converted",
	  &fx.dmesg, 80, 11, 103, 0, -1, 14919 },
	{ "kernel_oom", "kernel/kmsg.txt", "vm", "monotonic_converted",
	  &fx.dmesg, 81, 11, 103, 0, -1, 14919 },
	{ "slurmstepd_oom", "logs/slurm-2.out", "vm", "position_only",
	  &fx.log, 11, -1, 0, 1, 0, -1 },
	{ "job_complete", "logs/slurmctld.log", "ctl", "exact", &fx.ctld, 3,
	  11, 255, 0, -1, -1 },
	{ "note", "logs/slurmctld.log", "ctl", "exact", &fx.ctld, 4, 11, 255,
	  0, -1, -1 },
	{ "sacct_row", "slurm/sacct.txt", "vm", "local_converted", &fx.sacct,
	  3, 11, 0, 0, -1, -1 },
	{ "nccl_timeout", "logs/rank1.err", "gpu-b", "no_year", &fx.nccl, 8,
	  41, 903, 2, 1, -1 },
	{ "nccl_error", "logs/rank1.err", "gpu-b", "no_year", &fx.nccl, 9,
	  41, 906, 2, 1, -1 },
	{ "nccl_timeout", "logs/rank0.err", "gpu-c", "no_year", &fx.nccl, 4,
	  43, 408, 2, 0, -1 },
	{ "nccl_error", "logs/rank0.err", "gpu-c", "no_year", &fx.nccl, 5,
	  43, 465, 2, 0, -1 },
	{ "srun_task_exit", "logs/slurm-2.out", "vm", "position_only",
	  &fx.log, 11, -1, 0, 0, 0, -1 },
};
#define NTL (sizeof(tl_spec) / sizeof(tl_spec[0]))

static void
ev_fill(struct arena *a, struct evidence *ev, const struct evspec *s)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = s->kind;
	ev->source = s->source;
	ev->input = strcmp(s->node, "gpu-b") == 0 ? "oomtrail-ci-2-gpu-b.tar.zst"
	    : strcmp(s->node, "gpu-c") == 0 ? "gpu-c/" :
	    "oomtrail-ci-2-vm-20261130T065930Z.tar.zst";
	ev->line = s->line;
	ev->text = fx_line(a, *s->buf, s->line);
	ev->has_time = s->sec >= 0;
	ev->time_ns = s->sec >= 0 ? t_at(s->sec, s->ms) : 0;
	ev->time_quality = s->tq;
	ev->node = s->node;
	ev->rank = s->rank;
	ev->pid = s->pid;
	ev->initiating = (s->flags & 1) != 0;
	ev->cascade = (s->flags & 2) != 0;
	if (s->line > 2) {
		ev->context = fx_lines(a, *s->buf, s->line - 2, s->line);
		ev->context_line = s->line - 2;
	}
}

static struct evidence_list
evl(struct arena *a, const size_t *idx, size_t n)
{
	struct evidence_list	 l = { arena_zalloc(a, n * sizeof(*l.v)), n };

	for (size_t i = 0; i < n; i++) {
		ev_fill(a, &l.v[i], &tl_spec[idx[i]]);
		l.v[i].initiating = l.v[i].cascade = 0;
	}
	return l;
}

static void
model_quantities(struct analysis *an, struct arena *a)
{
	an->nhost = 2;
	an->host = arena_zalloc(a, 2 * sizeof(*an->host));
	an->host[0] = (struct host_q){ "2", "vm", "OUT_OF_MEMORY", "0:125",
	    104857600, "node", 104857600, 104857600, -1, 1, 0,
	    4000LL << 20 };
	an->host[1] = (struct host_q){ "2.batch", "vm", "OUT_OF_MEMORY",
	    "0:125", -1, NULL, 104857600, 104857600, 54016LL << 10, 1, 1,
	    4000LL << 20 };
	an->ndevice = 1;
	an->device = arena_zalloc(a, sizeof(*an->device));
	an->device[0] = (struct device_q){ "0",
	    "GPU-00000000-0000-0000-0000-000000000000", "gpu-b",
	    "NVIDIA H100 80GB HBM3", 81559LL << 20, 60000LL << 20,
	    18000LL << 20, 20000LL << 20, 2048LL << 20, 21559LL << 20,
	    4108LL << 20, 3, 81559LL << 20, NULL, NULL, -1, -1, -1, NULL, NULL };
}

static void
model_lists(struct analysis *an, struct arena *a)
{
	static const size_t	 cas[] = { 16, 17, 18, 19 }, ro[] = { 7 };
	static const char	*notes[] = { "no manifest: files recognised "
				    "by content" };

	an->nsecondary = 1;
	an->secondary = arena_zalloc(a, sizeof(*an->secondary));
	an->secondary[0] = (struct finding){ "nccl_cascade", "R-NCCL-001",
	    "Collectives on gpu-b and gpu-c timed out after rank 0 on vm "
	    "was killed.", evl(a, cas, 4) };
	an->nruled_out = 1;
	an->ruled_out = arena_zalloc(a, sizeof(*an->ruled_out));
	an->ruled_out[0] = (struct ruled_out){ "cuda_oom_exhaustion",
	    "No CUDA out-of-memory line in any job log, and 58.6 GiB of the "
	    "GPU was free.", evl(a, ro, 1) };
	an->nmissing = 1;
	an->missing = arena_zalloc(a, sizeof(*an->missing));
	an->missing[0] = (struct missing){ "cgroup/memory.events",
	    "collected after cgroup teardown; the kernel log was used "
	    "instead. It would have shown whether the step or the job "
	    "cgroup hit its limit." };
	an->ninputs = 3;
	an->inputs = arena_zalloc(a, 3 * sizeof(*an->inputs));
	an->inputs[0] = (struct input_info){
	    "oomtrail-ci-2-vm-20261130T065930Z.tar.zst", "vm", 1, "verified",
	    NULL, 0, NULL };
	an->inputs[1] = (struct input_info){ "oomtrail-ci-2-gpu-b.tar.zst",
	    "gpu-b", 1, "verified", NULL, 0, NULL };
	an->inputs[2] = (struct input_info){ "gpu-c/", "gpu-c", 0,
	    "unverified", notes, 1, NULL };
	an->nskew = 1;
	an->skew = arena_zalloc(a, sizeof(*an->skew));
	an->skew[0] = "gpu-c: clock about 1.8 s ahead of the sacct step "
	    "start (slurm/sacct.txt:3)";
}

/* The realistic model: a host_oom with a cascade on two other nodes. */
/* What filled the limit: the real v1 job 2 report's stats (anon
 * 104493056, kmem 344 kB), its two tasks. */
static void
model_breakdown(struct analysis *an, struct arena *a)
{
	static const int64_t	 parts[BD_PARTS] = { 104493056, 0, 0, 0,
				    352256, -1, 12288 };
	struct breakdown_q	*b = arena_zalloc(a, sizeof(*b));

	b->node = "vm";
	b->cgroup = "/slurm_vm/uid_1001/job_2";
	b->at = "kill";
	b->limit_bytes = b->usage_bytes = 104857600;
	memcpy(b->parts, parts, sizeof(parts));
	b->swap_bytes = 0;
	b->tasks = 2;
	b->tasks_anon_bytes = -1;
	b->nholders = 2;
	b->holders = arena_zalloc(a, 2 * sizeof(*b->holders));
	b->holders[0] = (struct holder_q){ 14919, "python3", 1001,
	    26723LL * 4096, 0, 25440LL * 4096, "2.batch", 1 };
	b->holders[1] = (struct holder_q){ 14912, "slurmstepd", 0,
	    1454LL * 4096, 0, 224LL * 4096, NULL, 0 };
	an->breakdown = b;
	an->nbreakdown = 1;
}

static struct analysis *
model_new(void)
{
	struct arena	*a = arena_new(1 << 16);
	struct analysis	*an = calloc(1, sizeof(*an));

	fx_load();
	an->arena = a;
	an->tool_version = "0.1.0";
	an->timeline.n = NTL;
	an->timeline.v = arena_zalloc(a, NTL * sizeof(*an->timeline.v));
	for (size_t i = 0; i < NTL; i++)
		ev_fill(a, &an->timeline.v[i], &tl_spec[i]);
	an->verdict = (struct verdict){ "host_oom", "host", "high",
	    "slurmstepd reported the oom-kill and the kernel's memcg report "
	    "names the job's cgroup.", "R-HOST-001",
	    "The job's memory cgroup (100 MiB) was exhausted on vm; the "
	    "kernel killed python3.", NULL,
	    "Raise --mem (e.g. --mem=600M) and rerun with the same GPU "
	    "batch size, so only the host boundary changes.", NULL,
	    NULL, NULL, NULL };
	verdict_outlook(&an->verdict);
	an->verdict.initiating = arena_zalloc(a, sizeof(struct evidence));
	ev_fill(a, an->verdict.initiating, &tl_spec[12]);
	an->verdict.initiating->kind = NULL;
	an->verdict.initiating->initiating = 0;
	model_quantities(an, a);
	model_breakdown(an, a);
	model_lists(an, a);
	return an;
}

static void
model_free(struct analysis *an)
{
	analysis_free(an);
}

/* The same model with hostile text where bundle text goes. */
static const char	 hostile[] = "<script>alert(1)</script> "
    "<img src=x onerror=alert(2)> [x](javascript:alert(3)) "
    "](http://evil.example/) \x1b[31mred\x1b]0;title\x07 | `tick` "
    "javascript:alert(4) \xff\xfe end";

static struct analysis *
model_hostile(void)
{
	struct analysis	*an = model_new();

	an->verdict.initiating->text = hostile;
	an->verdict.initiating->node = "<b>node</b>";
	an->verdict.summary = "see [here](javascript:alert(5)) <i>now</i>";
	an->timeline.v[12].text = hostile;
	an->timeline.v[3].text = "<svg onload=alert(6)>";
	an->timeline.v[3].context = "<script>alert(7)</script>\n"
	    "\"><a href=\"http://evil.example/\">x</a>";
	an->timeline.v[3].source = "logs/\"><script>alert(8)</script>";
	an->missing[0].would_decide = "<iframe src=\"https://evil.example\">";
	an->breakdown[0].holders[1].name = "<script>alert(9)</script>";
	an->breakdown[0].cgroup = "/job_2/\"><img src=x onerror=alert(10)>";
	return an;
}

/* ---- rendering into memory ---- */

static char *
render(const struct analysis *an, enum report_format f,
    const struct report_opts *o, size_t *len)
{
	char		*p = NULL;
	size_t		 n = 0;
	FILE		*fp = open_memstream(&p, &n);
	struct err	 e = { 0 };

	CHECK(fp != NULL);
	CHECK_EQ_INT(report_render(an, f, fp, o, &e), ERR_OK);
	fclose(fp);
	if (len != NULL)
		*len = n;
	return p;
}

static size_t
count(const char *hay, const char *needle)
{
	size_t	 n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static long
pos(const char *hay, const char *needle)
{
	const char	*p = strstr(hay, needle);

	return p == NULL ? -1 : (long)(p - hay);
}

/* ---- tests ---- */

DEFINE_TEST(test_report_format_parse)
{
	CHECK_EQ_INT(report_format_parse("text"), REPORT_TEXT);
	CHECK_EQ_INT(report_format_parse("md"), REPORT_MD);
	CHECK_EQ_INT(report_format_parse("markdown"), REPORT_MD);
	CHECK_EQ_INT(report_format_parse("html"), REPORT_HTML);
	CHECK_EQ_INT(report_format_parse("json"), REPORT_JSON);
	CHECK_EQ_INT(report_format_parse("HTML"), -1);
	CHECK_EQ_INT(report_format_parse(""), -1);
	CHECK_EQ_INT(report_format_parse(NULL), -1);
}

DEFINE_TEST(test_report_bytes_format)
{
	char	 b[32];

	report_bytes(-1, b);
	CHECK_EQ_STR(b, "unknown");
	report_bytes(512, b);
	CHECK_EQ_STR(b, "512 B");
	report_bytes(104857600, b);
	CHECK_EQ_STR(b, "100.0 MiB");
	report_bytes(54016LL << 10, b);
	CHECK_EQ_STR(b, "52.8 MiB");
	report_bytes(81559LL << 20, b);
	CHECK_EQ_STR(b, "79.6 GiB");
	report_bytes(1536, b);
	CHECK_EQ_STR(b, "1.50 KiB");
	report_bytes(INT64_MAX, b);
	CHECK_EQ_STR(b, "8.00 EiB");
}

DEFINE_TEST(test_report_text)
{
	struct analysis		*an = model_new();
	struct report_opts	 col = { .color = 1 };
	char			*t = render(an, REPORT_TEXT, NULL, NULL);
	char			*c = render(an, REPORT_TEXT, &col, NULL);

	CHECK(strncmp(t, "Verdict: host_oom  boundary host, confidence high",
	    49) == 0);
	CHECK(strstr(t, "Initiating: logs/slurm-2.out:11 (vm, untimed)\n"
	    "    slurmstepd-vm: error: Detected 1 oom-kill event(s) in "
	    "StepId=2.batch.") != NULL);
	CHECK(strstr(t, "Next: Raise --mem") != NULL);
	CHECK(pos(t, "Next: ") < pos(t, "Cascade and secondary findings"));
	CHECK(pos(t, "Cascade") < pos(t, "Ruled out (1)"));
	CHECK(pos(t, "Ruled out") < pos(t, "Missing evidence (1)"));
	CHECK(strstr(t, "  cuda_oom_exhaustion: No CUDA") != NULL);
	CHECK(strstr(t, "  cgroup/memory.events: collected after") != NULL);
	CHECK(strstr(t, "ReqMem 100.0 MiB  cgroup limit 100.0 MiB  MaxRSS "
	    "unknown  peak 100.0 MiB  oom_kills 0") != NULL);
	CHECK(strstr(t, "capacity 79.6 GiB  reserved 19.5 GiB  allocated "
	    "17.6 GiB  free 58.6 GiB  requested 2.00 GiB") != NULL);
	CHECK(strstr(t, "logs/rank1.err:8 (gpu-b, 2026-11-30T06:59:41.903000Z"
	    " no_year)") != NULL);
	CHECK(strstr(t, "note: no manifest") != NULL);
	CHECK(strstr(t, "gpu-c: clock about 1.8 s") != NULL);
	CHECK(strchr(t, '\033') == NULL);
	CHECK(strstr(c, "\033[1;31mVerdict: host_oom\033[0m") != NULL);
	free(t);
	free(c);
	model_free(an);
}

DEFINE_TEST(test_report_text_hostile)
{
	struct analysis	*an = model_hostile();
	char		*t = render(an, REPORT_TEXT, NULL, NULL);

	/* ESC sequences are removed whole, not just their ESC byte. */
	CHECK(strchr(t, '\033') == NULL);
	CHECK(strchr(t, '\a') == NULL);
	CHECK(strstr(t, "[31m") == NULL);
	CHECK(strstr(t, "title") == NULL);
	CHECK(strstr(t, "red") != NULL);
	CHECK(strstr(t, "\xef\xbf\xbd\xef\xbf\xbd end") != NULL);
	free(t);
	model_free(an);
}

DEFINE_TEST(test_report_md)
{
	struct analysis	*an = model_new();
	char		*m = render(an, REPORT_MD, NULL, NULL);

	CHECK(strncmp(m, "# oomtrail verdict: `host_oom`\n", 31) == 0);
	CHECK(strstr(m, "**Boundary:** host · **Confidence:** high") != NULL);
	CHECK(strstr(m, "> `slurmstepd-vm: error: Detected 1 oom-kill "
	    "event(s) in StepId=2.batch.") != NULL);
	CHECK(strstr(m, "> — `logs/slurm-2.out:11` · vm · untimed") != NULL);
	CHECK(pos(m, "**Next control:**") < pos(m, "## Timeline"));
	CHECK(strstr(m, "| time (UTC) | node | source:line | kind | text |")
	    != NULL);
	CHECK(strstr(m, "| untimed **initiating** | vm | "
	    "`logs/slurm-2.out:11` | slurmstepd\\_oom |") != NULL);
	CHECK(strstr(m, "— 4 events: nccl\\_timeout ×2, nccl\\_error ×2")
	    != NULL);
	CHECK(strstr(m, "## Ruled out\n\n- `cuda_oom_exhaustion`: No CUDA")
	    != NULL);
	CHECK(strstr(m, "## What was not collected\n\n- "
	    "**cgroup/memory.events**: collected after") != NULL);
	CHECK(strstr(m, "| 2.batch | vm | OUT\\_OF\\_MEMORY | unknown | "
	    "100.0 MiB | 52.8 MiB | 100.0 MiB | 1 |") != NULL);
	CHECK(strstr(m, "| 0 | gpu-b | NVIDIA H100 80GB HBM3 | 79.6 GiB |")
	    != NULL);
	CHECK(strstr(m, "http") == NULL);
	/* Table cells escape the pipe even inside code. */
	CHECK(strstr(m, "| `2.batch\\|batch\\|OUT_OF_MEMORY\\|0:125\\|\\|54016K")
	    != NULL);
	free(m);
	model_free(an);
}

DEFINE_TEST(test_report_md_hostile)
{
	struct analysis	*an = model_hostile();
	char		*m = render(an, REPORT_MD, NULL, NULL);

	/* Bundle text only inside code spans: no raw tag or link syntax
	 * outside them. The initiating quote keeps the text verbatim. */
	CHECK(strstr(m, "> ``<script>alert(1)</script> <img src=x "
	    "onerror=alert(2)> [x](javascript:alert(3)) ](http://evil."
	    "example/) red | `tick` javascript:alert(4) "
	    "\xef\xbf\xbd\xef\xbf\xbd end``<br>\n") != NULL);
	CHECK(strstr(m, "| `logs/\"><script>alert(8)</script>:1` | unparsed "
	    "| `<svg onload=alert(6)>` |") != NULL);
	CHECK(strstr(m, "see \\[here\\]\\(javascript\\:alert\\(5\\)\\) "
	    "\\<i\\>now\\</i\\>") != NULL);
	CHECK(strstr(m, "- **cgroup/memory.events**: \\<iframe src=\"https\\:"
	    "//evil.example\"\\>\n") != NULL);
	CHECK(strchr(m, '\033') == NULL);
	free(m);
	model_free(an);
}

/* Every href is "#ev-N" and has its id; returns the number of links. */
static size_t
check_anchors(const char *h)
{
	const char	*p = h;
	char		 id[64];
	size_t		 n = 0;
	unsigned long	 k;

	while ((p = strstr(p, "href=\"")) != NULL) {
		p += 6;
		CHECK(strncmp(p, "#ev-", 4) == 0);
		if (sscanf(p, "#ev-%lu\"", &k) != 1)
			continue;
		snprintf(id, sizeof(id), "id=\"ev-%lu\"", k);
		CHECK(strstr(h, id) != NULL);
		n++;
	}
	return n;
}

DEFINE_TEST(test_report_html)
{
	struct analysis	*an = model_new();
	char		*h = render(an, REPORT_HTML, NULL, NULL);

	CHECK(strncmp(h, "<!DOCTYPE html>\n", 16) == 0);
	CHECK(strstr(h, "<meta http-equiv=\"Content-Security-Policy\" "
	    "content=\"default-src 'none'; style-src 'unsafe-inline'; "
	    "img-src data:\">") != NULL);
	CHECK(strstr(h, "<script") == NULL);
	CHECK(strstr(h, "src=") == NULL);
	CHECK(strstr(h, "http://") == NULL);
	CHECK(strstr(h, "https://") == NULL);
	CHECK(strstr(h, "@import") == NULL);
	CHECK(pos(h, "id=\"verdict\"") < pos(h, "id=\"timeline\""));
	CHECK(strstr(h, "<code id=\"verdict-cause\">host_oom</code>") != NULL);
	/* The initiating citation links to its timeline row (index 12). */
	CHECK(strstr(h, "<div id=\"initiating\"><h2>Initiating evidence</h2>\n"
	    "<div class=\"evl\"><a class=\"cite\" href=\"#ev-12\"><code>"
	    "logs/slurm-2.out:11</code></a>") != NULL);
	CHECK(strstr(h, "<div class=\"ev\" id=\"ev-12\">") != NULL);
	CHECK(strstr(h, "<span class=\"cited\"><span class=\"ln\">    11"
	    "</span>  slurmstepd-vm: error: Detected 1 oom-kill") != NULL);
	CHECK(check_anchors(h) >= NTL + 6);
	/* One diamond for the initiating event, a triangle per cascade. */
	CHECK_EQ_INT(count(h, "class=\"m-ini\""), 1);
	CHECK_EQ_INT(count(h, "class=\"m-cas\""), 4);
	CHECK_EQ_INT(count(h, "class=\"m-ev\""), NTL - 5);
	CHECK(strstr(h, "untimed (by position)") != NULL);
	CHECK(strstr(h, "<title>untimed (position_only)\nlogs/slurm-2.out:11"
	    " · vm · INITIATING\nslurmstepd-vm: error:") != NULL);
	CHECK(strstr(h, ">vm · kernel</text>") != NULL);
	CHECK(strstr(h, ">gpu-b · gpu</text>") != NULL);
	CHECK(strstr(h, ">ctl · job log</text>") != NULL);
	CHECK(strstr(h, "id=\"processes\"") != NULL);
	CHECK(strstr(h, "<td>11327</td>") != NULL);
	CHECK(strstr(h, "requested 2.00 GiB") != NULL);
	CHECK(strstr(h, "@media print") != NULL);
	free(h);
	model_free(an);
}

DEFINE_TEST(test_report_html_hostile)
{
	struct analysis	*an = model_hostile();
	char		*h = render(an, REPORT_HTML, NULL, NULL);

	CHECK(strstr(h, "<script") == NULL);
	CHECK(strstr(h, "<img") == NULL);
	CHECK(strstr(h, "<svg onload") == NULL);
	CHECK(strstr(h, "<iframe") == NULL);
	CHECK(strstr(h, "<i>") == NULL);
	CHECK(strstr(h, "<a href=\"http") == NULL);
	CHECK(strstr(h, "src=") == NULL || strstr(h, "src=x") != NULL);
	CHECK(strstr(h, "&lt;script&gt;alert(1)&lt;/script&gt;") != NULL);
	CHECK(strstr(h, "logs/&quot;&gt;&lt;script&gt;") != NULL);
	CHECK(strstr(h, "&lt;b&gt;node&lt;/b&gt;") != NULL);
	check_anchors(h);
	CHECK(strchr(h, '\033') == NULL);
	free(h);
	model_free(an);
}

static char *
to_json(const struct analysis *an, size_t *n)
{
	return render(an, REPORT_JSON, NULL, n);
}

DEFINE_TEST(test_report_json_roundtrip)
{
	static const enum report_format	 fmts[] = { REPORT_TEXT, REPORT_MD,
					    REPORT_HTML, REPORT_JSON };
	struct analysis			*an = model_new(), *back = NULL;
	struct err			 e = { 0 };
	size_t				 n;
	char				*j = to_json(an, &n), *a, *b;

	CHECK(strncmp(j, "{\n  \"schema\": \"oomtrail.analysis/1\",\n"
	    "  \"tool\": {\n    \"name\": \"oomtrail\",\n", 60) == 0);
	CHECK(strstr(j, "\"req_mem_bytes\": 104857600,") != NULL);
	CHECK(strstr(j, "\"max_rss_bytes\": null,") != NULL);
	CHECK(strstr(j, "\"time\": \"2026-11-30T06:59:11.102Z\"") == NULL);
	CHECK(strstr(j, "\"time\": \"2026-11-30T06:59:11.102000Z\"") != NULL);
	CHECK_EQ_INT(model_from_json(j, n, &back, &e), ERR_OK);
	CHECK(back != NULL);
	for (size_t i = 0; back != NULL && i < 4; i++) {
		a = render(an, fmts[i], NULL, NULL);
		b = render(back, fmts[i], NULL, NULL);
		CHECK_EQ_STR(b, a);
		free(a);
		free(b);
	}
	CHECK(back != NULL && back->verdict.initiating != NULL &&
	    back->verdict.initiating->line == 11);
	CHECK(back != NULL && back->host[1].max_rss_bytes == 54016LL << 10);
	free(j);
	model_free(back);
	model_free(an);
}

DEFINE_TEST(test_report_json_precise_time)
{
	struct analysis	*an = model_new(), *back = NULL;
	struct err	 e = { 0 };
	size_t		 n;
	char		*j;

	an->timeline.v[0].time_ns += 123;	/* sub-microsecond */
	j = to_json(an, &n);
	CHECK(strstr(j, "\"2026-11-30T06:59:06.755000123Z\"") != NULL);
	CHECK_EQ_INT(model_from_json(j, n, &back, &e), ERR_OK);
	CHECK(back != NULL &&
	    back->timeline.v[0].time_ns == an->timeline.v[0].time_ns);
	free(j);
	model_free(back);
	model_free(an);
}

DEFINE_TEST(test_report_json_invalid_utf8)
{
	struct analysis	*an = model_hostile(), *back = NULL;
	struct err	 e = { 0 };
	size_t		 n;
	char		*j = to_json(an, &n);

	/* JSON must be Unicode: bad bytes become U+FFFD, the rest stays. */
	CHECK(strstr(j, "\\u001B[31mred") != NULL);
	CHECK(strstr(j, "\xef\xbf\xbd\xef\xbf\xbd end") != NULL);
	CHECK_EQ_INT(model_from_json(j, n, &back, &e), ERR_OK);
	CHECK(back != NULL && strstr(back->verdict.initiating->text,
	    "<script>alert(1)</script>") != NULL);
	free(j);
	model_free(back);
	model_free(an);
}

static const struct {
	const char	*json;
	enum err_code	 rc;
	const char	*msg;		/* substring of the error message */
} bad_json[] = {
	{ "", ERR_FORMAT, "JSON" },
	{ "[]", ERR_FORMAT, "top level" },
	{ "{\"schema\":\"oomtrail.analysis/2\"}", ERR_FORMAT, "schema" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"verdict\":[]}", ERR_FORMAT,
	  "verdict" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"verdict\":{\"cause\":7}}",
	  ERR_FORMAT, "verdict.cause" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"verdict\":{\"initiating\":"
	  "{\"line\":\"11\"}}}", ERR_FORMAT, "verdict.initiating.line" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":{}}", ERR_FORMAT,
	  "timeline" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":[1]}", ERR_FORMAT,
	  "timeline[0]" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":[{},{\"line\":0}]}",
	  ERR_FORMAT, "timeline[1].line" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":[{\"line\":"
	  "4294967296}]}", ERR_FORMAT, "line" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":[{\"time\":"
	  "\"2026-11-30T06:59:11\"}]}", ERR_FORMAT, "timeline[0].time" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"timeline\":[{\"rank\":-1}]}",
	  ERR_FORMAT, "rank" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"quantities\":{\"host\":[{"
	  "\"req_mem_bytes\":-5}]}}", ERR_FORMAT,
	  "quantities.host[0].req_mem_bytes" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"quantities\":{\"device\":[{"
	  "\"free_bytes\":1.5}]}}", ERR_FORMAT, "free_bytes" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"inputs\":[{\"manifest\":1}]}",
	  ERR_FORMAT, "inputs[0].manifest" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"inputs\":[{\"notes\":[1]}]}",
	  ERR_FORMAT, "notes" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"clock_skew\":\"x\"}",
	  ERR_FORMAT, "clock_skew" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"schema\":\"x\"}", ERR_FORMAT,
	  "duplicate" },
	{ "{\"schema\":\"oomtrail.analysis/1\",\"missing\":[{\"evidence\":"
	  "\"a\\u0000b\"}]}", ERR_FORMAT, "JSON" },
};

DEFINE_TEST(test_report_json_hostile)
{
	struct analysis	*an;
	struct err	 e;
	char		*deep;
	size_t		 n = 100000;

	for (size_t i = 0; i < sizeof(bad_json) / sizeof(bad_json[0]); i++) {
		memset(&e, 0, sizeof(e));
		an = (struct analysis *)1;
		CHECK_EQ_INT(model_from_json(bad_json[i].json,
		    strlen(bad_json[i].json), &an, &e), bad_json[i].rc);
		CHECK(an == NULL);
		if (strstr(e.msg, bad_json[i].msg) == NULL)
			test_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks "
			    "\"%s\"", i, e.msg, bad_json[i].msg);
	}
	/* Deep nesting is refused by the parser, not by the stack. */
	deep = malloc(2 * n + 1);
	memset(deep, '[', n);
	memset(deep + n, ']', n);
	CHECK_EQ_INT(model_from_json(deep, 2 * n, &an, &e), ERR_FORMAT);
	free(deep);
	/* The minimal document is valid: everything unknown. */
	CHECK_EQ_INT(model_from_json("{\"schema\":\"oomtrail.analysis/1\"}",
	    32, &an, &e), ERR_OK);
	CHECK(an != NULL && an->verdict.cause == NULL &&
	    an->timeline.n == 0);
	model_free(an);
}

DEFINE_TEST(test_report_escape)
{
	char	 out[256];
	char	*p = NULL;
	size_t	 n = 0;
	FILE	*fp;

	esc_clean(out, sizeof(out), "a\x1b[31mb\x1b]0;title\x07" "c\x1b]2;t"
	    "\x1b\\d\x1b(Be\xc2\x9b" "1mf\x01g\x7fh\ti\r\nj", 0);
	CHECK_EQ_STR(out, "abcdefgh\ti j");
	esc_clean(out, sizeof(out), "x\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80"
	    "y\xe2\x82", 0);	/* overlong, surrogate, > U+10FFFF, cut */
	CHECK_EQ_STR(out, "x\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "y\xef\xbf\xbd\xef\xbf\xbd");
	esc_clean(out, sizeof(out), "keep\nlines\u202e", ESC_KEEP_NL);
	CHECK_EQ_STR(out, "keep\nlines");
	esc_clean(out, sizeof(out), "\x1b[", 0);	/* cut sequence */
	CHECK_EQ_STR(out, "");

	fp = open_memstream(&p, &n);
	esc_html(fp, "<a href='x'>&\"</a>", 0, 0);
	fputc('|', fp);
	esc_md(fp, "# [x](http://a.b) www.evil.com <b> - # _*`", 0, 0);
	fputc('|', fp);
	esc_md(fp, "12. item", 0, 0);
	fputc('|', fp);
	esc_md_code(fp, "a``b", 0, 0);
	fputc('|', fp);
	esc_md_code(fp, "`x|y`", 0, ESC_TABLE);
	fputc('|', fp);
	esc_term(fp, "é\x1b[2Jok", 0, 0);
	fputc('|', fp);
	esc_html(fp, "ééééé", 3, 0);
	fclose(fp);
	CHECK_EQ_STR(p, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;|"
	    "\\# \\[x\\]\\(http\\://a.b\\) www\\.evil.com \\<b\\> - # \\_\\*\\`|"
	    "12\\. item|"
	    "```a``b```|`` `x\\|y` ``|éok|ééé…");
	free(p);
}

/* ---- a 256-node job ---- */

static struct analysis *
model_big(int fold)
{
	struct analysis	*an = model_new();
	struct arena	*a = an->arena;
	size_t		 n = 10000;
	struct evidence	*v = arena_zalloc(a, n * sizeof(*v));

	for (size_t i = 0; i < n; i++) {
		v[i] = an->timeline.v[i % NTL];
		v[i].node = arena_printf(a, "gpu-%03zu", i % 256);
		v[i].time_ns += (int64_t)i * 1000000;
		v[i].initiating = i == 5000;
		/* distinct lines: the caps, not folding, are tested here */
		if (!fold)
			v[i].text = arena_printf(a, "%s (step %zu)", v[i].text,
			    i);
	}
	an->timeline.v = v;
	an->timeline.n = n;
	analysis_fold(an);	/* as analysis_run() does */
	an->secondary[0].evidence.v = v;
	an->secondary[0].evidence.n = 512;
	an->nhost = 512;
	an->host = arena_zalloc(a, 512 * sizeof(*an->host));
	for (size_t i = 0; i < 512; i++)
		an->host[i] = (struct host_q){ arena_printf(a, "2.%zu", i),
		    arena_printf(a, "gpu-%03zu", i / 2), "OUT_OF_MEMORY",
		    "0:125", 104857600, "node", 104857600, 104857600,
		    54016LL << 10, 1, 1, 4000LL << 20 };
	an->ndevice = 2048;
	an->device = arena_zalloc(a, 2048 * sizeof(*an->device));
	for (size_t i = 0; i < 2048; i++)
		an->device[i] = (struct device_q){ arena_printf(a, "%zu", i % 8),
		    NULL, arena_printf(a, "gpu-%03zu", i / 8), "NVIDIA H100",
		    81559LL << 20, 60000LL << 20, 18000LL << 20, 20000LL << 20,
		    -1, -1, -1, -1, -1, NULL, NULL, -1, -1, -1, NULL, NULL };
	return an;
}

DEFINE_TEST(test_report_md_256_nodes)
{
	struct analysis	*an = model_big(0), *back = NULL;
	struct err	 e = { 0 };
	size_t		 n, jn;
	char		*m = render(an, REPORT_MD, NULL, &n), *j, *m2;

	CHECK(n < 64 * 1024);
	CHECK(strstr(m, "_4980 earlier events not shown._") != NULL);
	CHECK(strstr(m, "_4980 more events not shown._") != NULL);
	/* ... and the breakdown: 9 parts rows, 2 holders, their headers */
	CHECK_EQ_INT(count(m, "\n| "), 40 + 1 + 24 + 1 + 24 + 1 + 3 + 1 +
	    1 + 9 + 1 + 2);
	CHECK(strstr(m, "— 512 events: line ×512") == NULL);
	CHECK(strstr(m, "— 512 events: ") != NULL);
	CHECK(strstr(m, "… and 488 more steps") != NULL);
	CHECK(strstr(m, "… and 2024 more GPUs") != NULL);
	/* The big model survives the JSON round trip too. */
	j = to_json(an, &jn);
	CHECK_EQ_INT(model_from_json(j, jn, &back, &e), ERR_OK);
	m2 = back != NULL ? render(back, REPORT_MD, NULL, NULL) : NULL;
	CHECK(m2 != NULL && strcmp(m, m2) == 0);
	free(m2);
	free(j);
	free(m);
	model_free(back);
	model_free(an);
}

static int	sv_validate(const char *);

/* 10,000 events that are NTL lines repeated on 256 nodes: each renders
 * once with its count (issue 19), and the JSON keeps every event. */
DEFINE_TEST(test_report_folds_repeated_lines)
{
	struct analysis	*an = model_big(1), *back = NULL;
	struct err	 e = { 0 };
	size_t		 n, jn;
	char		*t, *m, *h, *j, *h2;

	CHECK(an->nfolds > 0);
	for (size_t i = 0; i < an->nfolds; i++)
		CHECK_EQ_INT(an->folds[i].nodes, 256);
	t = render(an, REPORT_TEXT, NULL, NULL);
	m = render(an, REPORT_MD, NULL, &n);
	h = render(an, REPORT_HTML, NULL, NULL);
	CHECK(strstr(t, "Repeated evidence (") != NULL);
	CHECK(strstr(t, " lines on 256 nodes: ") != NULL);
	CHECK(strstr(t, "(first gpu-000 at ") != NULL);
	CHECK(strstr(m, "## Repeated evidence") != NULL);
	CHECK(strstr(m, "(first of ") != NULL);
	CHECK(n < 64 * 1024);
	CHECK(strstr(h, "<section id=\"repeated\">") != NULL);
	CHECK(strstr(h, "<details><summary>first ") != NULL);
	/* every event keeps its anchor, once */
	CHECK(strstr(h, "id=\"ev-9999\"") != NULL);
	CHECK(count(h, "id=\"ev-5001\"") == 1);
	j = to_json(an, &jn);
	CHECK(strstr(j, "\"folded\":") != NULL);
	CHECK_EQ_INT(sv_validate(j), 0);
	CHECK_EQ_INT(model_from_json(j, jn, &back, &e), ERR_OK);
	CHECK(back != NULL && back->timeline.n == 10000 &&
	    back->nfolds == an->nfolds);
	h2 = back != NULL ? render(back, REPORT_MD, NULL, NULL) : NULL;
	CHECK(h2 != NULL && strcmp(m, h2) == 0);
	free(h2);
	free(j);
	free(t);
	free(m);
	free(h);
	model_free(back);
	model_free(an);
}

DEFINE_TEST(test_report_deterministic)
{
	struct analysis	*an = model_new(), *an2 = model_new();
	char		*a, *b;

	for (int f = REPORT_TEXT; f <= REPORT_JSON; f++) {
		a = render(an, (enum report_format)f, NULL, NULL);
		b = render(an2, (enum report_format)f, NULL, NULL);
		CHECK_EQ_STR(a, b);
		free(b);
		b = render(an, (enum report_format)f, NULL, NULL);
		CHECK_EQ_STR(a, b);
		free(a);
		free(b);
	}
	model_free(an);
	model_free(an2);
}

DEFINE_TEST(test_report_empty_model)
{
	struct analysis	*an = NULL;
	struct err	 e = { 0 };
	char		*t, *m, *h;

	CHECK_EQ_INT(model_from_json("{\"schema\":\"oomtrail.analysis/1\"}",
	    32, &an, &e), ERR_OK);
	if (an == NULL)
		return;
	t = render(an, REPORT_TEXT, NULL, NULL);
	m = render(an, REPORT_MD, NULL, NULL);
	h = render(an, REPORT_HTML, NULL, NULL);
	CHECK(strstr(t, "Verdict: inconclusive") != NULL);
	CHECK(strstr(t, "Initiating: none found") != NULL);
	CHECK(strstr(m, "**Initiating evidence:** none found.") != NULL);
	CHECK(strstr(h, "<p>None found.</p>") != NULL);
	CHECK(strstr(h, "id=\"timeline\"") == NULL);
	free(t);
	free(m);
	free(h);
	model_free(an);
}

/* ---- the JSON Schema (a small validator: enough of 2020-12 for ours) */

static int	 sv_check(json_t *schema, json_t *root, json_t *v,
		    const char *path);
static int	 sv_quiet;	/* expecting a document to fail */

#define SV_FAIL(...) do {						\
	if (!sv_quiet)							\
		test_fail(__FILE__, __LINE__, __VA_ARGS__);		\
} while (0)

static const char *
sv_type(json_t *v)
{
	return json_is_object(v) ? "object" : json_is_array(v) ? "array" :
	    json_is_string(v) ? "string" : json_is_integer(v) ? "integer" :
	    json_is_real(v) ? "number" : json_is_boolean(v) ? "boolean" :
	    "null";
}

static int
sv_type_ok(json_t *t, json_t *v)
{
	size_t	 i;
	json_t	*x;

	if (json_is_string(t))
		return strcmp(json_string_value(t), sv_type(v)) == 0 ||
		    (strcmp(json_string_value(t), "number") == 0 &&
		    json_is_integer(v));
	json_array_foreach(t, i, x)
		if (sv_type_ok(x, v))
			return 1;
	return 0;
}

static int
sv_object(json_t *s, json_t *root, json_t *v, const char *path)
{
	json_t		*props = json_object_get(s, "properties"), *x, *sub;
	const char	*k;
	char		 p[512];
	size_t		 i;
	int		 bad = 0;

	json_array_foreach(json_object_get(s, "required"), i, x)
		if (json_object_get(v, json_string_value(x)) == NULL) {
			SV_FAIL("%s: missing %s", path,
			    json_string_value(x));
			bad = 1;
		}
	json_object_foreach(v, k, x) {
		snprintf(p, sizeof(p), "%s.%s", path, k);
		if ((sub = json_object_get(props, k)) != NULL)
			bad |= sv_check(sub, root, x, p);
		else if (json_is_false(json_object_get(s,
		    "additionalProperties"))) {
			SV_FAIL("%s: not in schema", p);
			bad = 1;
		}
	}
	return bad;
}

static int
sv_check(json_t *s, json_t *root, json_t *v, const char *path)
{
	json_t		*ref = json_object_get(s, "$ref"), *t, *x;
	char		 p[512];
	size_t		 i;
	int		 bad = 0, in = 0;

	if (json_is_string(ref))	/* "#/$defs/NAME" only */
		return sv_check(json_object_get(json_object_get(root, "$defs"),
		    json_string_value(ref) + 8), root, v, path);
	if ((t = json_object_get(s, "anyOf")) != NULL) {
		int	 quiet = sv_quiet;

		sv_quiet = 1;
		json_array_foreach(t, i, x)
			in |= sv_check(x, root, v, path) == 0;
		sv_quiet = quiet;
		if (!in) {
			SV_FAIL("%s: matches no anyOf branch", path);
			return 1;
		}
		in = 0;
	}
	if ((t = json_object_get(s, "type")) != NULL && !sv_type_ok(t, v)) {
		SV_FAIL("%s: %s is not %s", path,
		    sv_type(v), json_is_string(t) ? json_string_value(t) :
		    "an allowed type");
		return 1;
	}
	if ((t = json_object_get(s, "const")) != NULL && !json_equal(t, v)) {
		SV_FAIL("%s: not the const", path);
		return 1;
	}
	if ((t = json_object_get(s, "enum")) != NULL) {
		json_array_foreach(t, i, x)
			in |= json_equal(x, v);
		if (!in) {
			SV_FAIL("%s: not in enum", path);
			return 1;
		}
	}
	if ((t = json_object_get(s, "minimum")) != NULL &&
	    json_is_integer(v) && json_integer_value(v) <
	    json_integer_value(t)) {
		SV_FAIL("%s: below minimum", path);
		return 1;
	}
	if (json_is_object(v))
		bad |= sv_object(s, root, v, path);
	if (json_is_array(v) && (t = json_object_get(s, "items")) != NULL)
		json_array_foreach(v, i, x) {
			snprintf(p, sizeof(p), "%s[%zu]", path, i);
			bad |= sv_check(t, root, x, p);
		}
	return bad;
}

static int
sv_validate(const char *json)
{
	json_error_t	 je;
	json_t		*schema, *doc;
	size_t		 n;
	char		*text = test_slurp("docs/analysis.schema.json", &n);
	int		 bad;

	schema = json_loadb(text, n, 0, &je);
	doc = json_loads(json, 0, &je);
	CHECK(schema != NULL && doc != NULL);
	CHECK_EQ_STR(json_string_value(json_object_get(schema, "$schema")),
	    "https://json-schema.org/draft/2020-12/schema");
	bad = schema == NULL || doc == NULL ||
	    sv_check(schema, schema, doc, "$");
	json_decref(schema);
	json_decref(doc);
	free(text);
	return bad;
}

DEFINE_TEST(test_report_json_schema)
{
	struct analysis	*an = model_new(), *big = model_big(0);
	char		*j = to_json(an, NULL), *jb = to_json(big, NULL);
	char		*doc, *ex, *end;
	struct analysis	*back = NULL;
	struct err	 e = { 0 };
	size_t		 n;

	CHECK_EQ_INT(sv_validate(j), 0);
	CHECK_EQ_INT(sv_validate(jb), 0);
	/* The example in the contract's documentation is valid too, and
	 * model_from_json reads it. */
	doc = test_slurp("docs/analysis-json.md", &n);
	ex = strstr(doc, "```json\n");
	end = ex != NULL ? strstr(ex + 8, "\n```\n") : NULL;
	CHECK(ex != NULL && end != NULL);
	if (ex != NULL && end != NULL) {
		end[1] = '\0';
		CHECK_EQ_INT(sv_validate(ex + 8), 0);
		CHECK_EQ_INT(model_from_json(ex + 8, strlen(ex + 8), &back, &e),
		    ERR_OK);
		CHECK(back != NULL && back->nhost == 1 &&
		    back->host[0].max_rss_bytes == 55312384);
		model_free(back);
	}
	free(doc);
	/* The validator can fail: documents the schema must reject. */
	sv_quiet = 1;
	CHECK_EQ_INT(sv_validate("{\"schema\":\"oomtrail.analysis/1\"}"), 1);
	CHECK_EQ_INT(sv_validate("{\"schema\":\"oomtrail.analysis/2\","
	    "\"tool\":{\"name\":\"oomtrail\",\"version\":null}}"), 1);
	sv_quiet = 0;
	free(j);
	free(jb);
	model_free(an);
	model_free(big);
}

DEFINE_TEST(test_report_samples)
{
	static const struct {
		const char	*name;
		struct analysis	*(*make)(void);
	} s[] = {
		{ "report-sample.html", model_new },
		{ "report-hostile.html", model_hostile },
	};
	const char	*dir = getenv("OOMTRAIL_SAMPLE_DIR");
	char		 path[4096];
	struct err	 e = { 0 };
	FILE		*fp;

	for (size_t i = 0; i < 2; i++) {
		struct analysis	*an = s[i].make();

		snprintf(path, sizeof(path), "%s%s%s", dir ? dir : "",
		    dir ? "/" : "", s[i].name);
		CHECK((fp = fopen(path, "w")) != NULL);
		if (fp == NULL)
			continue;
		CHECK_EQ_INT(report_render(an, REPORT_HTML, fp, NULL, &e),
		    ERR_OK);
		CHECK(ftell(fp) > 4096);
		CHECK(fclose(fp) == 0);
		/* What check.js must find as visible text. */
		snprintf(path, sizeof(path), "%s%s%s.expect", dir ? dir : "",
		    dir ? "/" : "", s[i].name);
		CHECK((fp = fopen(path, "w")) != NULL);
		if (fp != NULL) {
			fprintf(fp, "%s\n%s\nWhat filled the limit\n%s\n",
			    an->verdict.cause, i == 0 ?
			    an->verdict.initiating->text :
			    "<script>alert(1)</script> <img src=x", i == 0 ?
			    "slurmstepd" : "<script>alert(9)</script>");
			CHECK(fclose(fp) == 0);
		}
		model_free(an);
	}
}
