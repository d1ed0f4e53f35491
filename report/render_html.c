/*
 * render_html: the analysis as one self-contained HTML file for reading
 * offline. No script at all, no external fonts, styles or images; a
 * Content-Security-Policy meta tag forbids them anyway. Inline CSS, inline
 * SVG. Layout, top to bottom: the verdict (confidence, initiating line,
 * next control); a timeline drawing (one lane per node and source kind on
 * one UTC axis, untimed events in their own strip by position, never
 * placed on the axis); host and GPU panels as bar charts; the nvidia-smi
 * process rows; cascade; ruled out; missing evidence; every cited line as
 * an excerpt with its context and an anchor (id="ev-N") that each mark
 * and citation links to; inputs and clock skew. A line repeated on many
 * nodes or ranks (an->folds, issue 19) is drawn at its first and last
 * member and excerpted once; "Repeated evidence" lists each group with
 * its members (their anchors) in a <details>, so 10,000 nodes stay a few
 * MB.
 *
 * Every string from the model goes through esc_html(); the only URLs
 * written are "#ev-N" made from integers. SVG coordinates are integers
 * (viewBox scaling does the rest), so no locale can change the output.
 * It does not decide anything: it draws what the model says.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

#define HT_LANES_MAX	40	/* lanes drawn; the rest share "other" */
#define HT_TITLE_CP	300	/* code points of a mark's hover text */
#define HT_W		1000	/* SVG user units across */
#define HT_X0		200	/* left edge of the time axis */
#define HT_X1		980	/* right edge */
#define HT_LANE_H	22
#define HT_ROWS_MAX	64	/* bars drawn per panel */

struct lane {
	const char	*node;
	const char	*cls;
};

struct html {
	FILE				*fp;
	const struct analysis		*an;
	const struct evidence		**extra;	/* cited, not in timeline */
	size_t				 nextra;
	struct lane			 lanes[HT_LANES_MAX + 1];
	size_t				 nlanes;
	int64_t				 tmin, tmax;
	size_t				 ntimed, nuntimed;
};

/* Source classes for timeline lanes: by path prefix first, then kind. */
static const struct {
	const char	*prefix;
	const char	*cls;
} ht_paths[] = {
	{ "slurm/", "slurm" },
	{ "kernel/", "kernel" },
	{ "cgroup/", "kernel" },
	{ "gpu/", "gpu" },
	{ "host/", "host" },
};

static const struct {
	const char	*kind_prefix;
	const char	*cls;
} ht_kinds[] = {
	{ "sacct", "slurm" }, { "scontrol", "slurm" }, { "slurm", "slurm" },
	{ "srun", "slurm" }, { "time_limit", "slurm" },
	{ "cancelled", "slurm" }, { "preempted", "slurm" },
	{ "step_create", "slurm" }, { "submit", "slurm" },
	{ "job_complete", "slurm" }, { "kernel", "kernel" },
	{ "oom_reaper", "kernel" }, { "xid", "kernel" },
	{ "cgroup", "kernel" }, { "gpu", "gpu" }, { "host", "host" },
};

static const char *
ht_class(const struct evidence *ev)
{
	for (size_t i = 0; i < sizeof(ht_paths) / sizeof(ht_paths[0]); i++)
		if (ev->source != NULL && strncmp(ev->source,
		    ht_paths[i].prefix, strlen(ht_paths[i].prefix)) == 0)
			return ht_paths[i].cls;
	for (size_t i = 0; i < sizeof(ht_kinds) / sizeof(ht_kinds[0]); i++)
		if (ev->kind != NULL && strncmp(ev->kind,
		    ht_kinds[i].kind_prefix,
		    strlen(ht_kinds[i].kind_prefix)) == 0)
			return ht_kinds[i].cls;
	return "job log";
}

static int
ht_streq(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

static int
ht_same(const struct evidence *a, const struct evidence *b)
{
	return a->line == b->line && ht_streq(a->source, b->source) &&
	    ht_streq(a->input, b->input) && ht_streq(a->text, b->text);
}

/* The anchor number of ev: its timeline index, or after the timeline
 * for cited evidence that is not in it; -1 if unregistered. */
static long
ht_id(const struct html *h, const struct evidence *ev)
{
	const struct evidence_list	*tl = &h->an->timeline;

	if (tl->n > 0 && ev >= tl->v && ev < tl->v + tl->n)
		return (long)(ev - tl->v);
	for (size_t i = 0; i < tl->n; i++)
		if (ht_same(&tl->v[i], ev))
			return (long)i;
	for (size_t i = 0; i < h->nextra; i++)
		if (ht_same(h->extra[i], ev))
			return (long)(tl->n + i);
	return -1;
}

static int
ht_register(struct html *h, const struct evidence *ev, size_t cap)
{
	if (ht_id(h, ev) != -1)
		return 0;
	if (h->nextra == cap)
		return -1;
	h->extra[h->nextra++] = ev;
	return 0;
}

/* Every cited evidence gets an anchor. */
static int
ht_collect(struct html *h)
{
	const struct analysis	*an = h->an;
	size_t			 cap = 1;

	for (size_t i = 0; i < an->nsecondary; i++)
		cap += an->secondary[i].evidence.n;
	for (size_t i = 0; i < an->nruled_out; i++)
		cap += an->ruled_out[i].evidence.n;
	if ((h->extra = calloc(cap, sizeof(*h->extra))) == NULL)
		return -1;
	if (an->verdict.initiating != NULL &&
	    ht_register(h, an->verdict.initiating, cap) == -1)
		return -1;
	for (size_t i = 0; i < an->nsecondary; i++)
		for (size_t j = 0; j < an->secondary[i].evidence.n; j++)
			if (ht_register(h, &an->secondary[i].evidence.v[j],
			    cap) == -1)
				return -1;
	for (size_t i = 0; i < an->nruled_out; i++)
		for (size_t j = 0; j < an->ruled_out[i].evidence.n; j++)
			if (ht_register(h, &an->ruled_out[i].evidence.v[j],
			    cap) == -1)
				return -1;
	return 0;
}

static void
ht_s(struct html *h, const char *s, const char *dflt)
{
	esc_html(h->fp, s != NULL ? s : dflt, 0, 0);
}

/* <a href="#ev-N">source:line</a> */
static void
ht_cite(struct html *h, const struct evidence *ev)
{
	long	 id = ht_id(h, ev);

	if (id >= 0)
		fprintf(h->fp, "<a class=\"cite\" href=\"#ev-%ld\">", id);
	fprintf(h->fp, "<code>");
	ht_s(h, ev->source, "?");
	if (ev->line != 0)
		fprintf(h->fp, ":%" PRIu32, ev->line);
	fprintf(h->fp, "</code>%s", id >= 0 ? "</a>" : "");
}

static void
ht_evline(struct html *h, const struct evidence *ev)
{
	char	 when[48];

	report_time(ev, when);
	fprintf(h->fp, "<div class=\"evl\">");
	ht_cite(h, ev);
	fprintf(h->fp, " <span class=\"dim\">");
	ht_s(h, ev->node, "node unknown");
	fprintf(h->fp, " · %s", when);
	if (ev->has_time && ev->time_quality != NULL) {
		fprintf(h->fp, " (");
		ht_s(h, ev->time_quality, "");
		fprintf(h->fp, ")");
	}
	fprintf(h->fp, "</span><blockquote><code>");
	esc_html(h->fp, ev->text, 600, 0);
	fprintf(h->fp, "</code>");
	if (ev->xid != NULL) {
		char	note[1024];

		report_xid_note(ev->xid, note, sizeof(note));
		fprintf(h->fp, "<br><span class=\"dim\">");
		esc_html(h->fp, note, 0, 0);
		fprintf(h->fp, "</span>");
	}
	fprintf(h->fp, "</blockquote></div>\n");
}

static const char ht_css[] =
    "*{box-sizing:border-box}"
    "body{margin:0;font:15px/1.45 system-ui,\"Segoe UI\",\"DejaVu Sans\","
    "sans-serif;color:#1d2430;background:#f4f5f7}"
    "main{max-width:1140px;margin:0 auto;padding:14px 18px}"
    "header.verdict,section{background:#fff;border:1px solid #d6dae1;"
    "border-radius:6px;padding:12px 16px;margin:0 0 14px;min-width:0}"
    "header.verdict{border-left:6px solid #c62828}"
    "h1{font-size:1.45em;margin:0 0 6px}h2{font-size:1.12em;margin:0 0 8px}"
    "h3{font-size:1em;margin:10px 0 4px}"
    "code,pre{font:13px/1.4 \"DejaVu Sans Mono\",ui-monospace,monospace}"
    "code{overflow-wrap:anywhere}"
    "pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;"
    "background:#f3f4f6;padding:6px 8px;border-radius:4px}"
    "blockquote{margin:4px 0 6px;padding:4px 10px;border-left:3px solid "
    "#b0b7c3;background:#f7f8fa}"
    ".cited{background:#ffe1dc;display:inline-block;width:100%}"
    ".ln{color:#7a8190}"
    ".dim{color:#5d6573;font-size:.92em}"
    ".meta b{font-weight:600}.next{background:#eef7ee;padding:8px 10px;"
    "border-radius:4px}"
    ".conf-high{color:#1b7a3a}.conf-medium{color:#9a6700}"
    ".conf-low{color:#b3261e}"
    "svg{width:100%;height:auto;display:block}"
    "svg text{font:11px system-ui,\"DejaVu Sans\",sans-serif;fill:#333}"
    "table{border-collapse:collapse;width:100%;table-layout:fixed}"
    "td,th{border-bottom:1px solid #e3e6eb;padding:3px 6px;text-align:left;"
    "vertical-align:top;overflow-wrap:anywhere}"
    "th{background:#f3f4f6}"
    ".ev{border-top:1px solid #eceef2;padding:6px 0}"
    ".ev:target{background:#fff6d6}"
    "ul{padding-left:20px;margin:4px 0}"
    ".legend span{margin-right:14px;white-space:nowrap}"
    ".sw{display:inline-block;width:11px;height:11px;margin-right:4px;"
    "vertical-align:-1px;border-radius:2px}"
    "a{color:#1a56b0}"
    "@media print{body{background:#fff;font-size:11pt}main{max-width:none;"
    "padding:0}header.verdict,section{border:none;break-inside:avoid;"
    "padding:6px 0}a{color:inherit;text-decoration:none}"
    ".ev:target{background:none}}";

static void
ht_head(struct html *h)
{
	fprintf(h->fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<meta name=\"referrer\" "
	    "content=\"no-referrer\">\n<title>oomtrail: ");
	ht_s(h, h->an->verdict.cause, "inconclusive");
	fprintf(h->fp, "</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n",
	    ht_css);
}

static void
ht_verdict(struct html *h)
{
	const struct verdict	*v = &h->an->verdict;
	const char		*conf = v->confidence != NULL ?
				    v->confidence : "unknown";

	fprintf(h->fp, "<header class=\"verdict\" id=\"verdict\">\n"
	    "<h1>Verdict: <code id=\"verdict-cause\">");
	ht_s(h, v->cause, "inconclusive");
	fprintf(h->fp, "</code></h1>\n<p class=\"meta\">Boundary <b>");
	ht_s(h, v->boundary, "unknown");
	fprintf(h->fp, "</b> · confidence <b class=\"conf-");
	ht_s(h, conf, "");
	fprintf(h->fp, "\">");
	ht_s(h, conf, "");
	fprintf(h->fp, "</b>");
	if (v->rule != NULL) {
		fprintf(h->fp, " · rule <code>");
		ht_s(h, v->rule, "");
		fprintf(h->fp, "</code>");
	}
	fprintf(h->fp, "</p>\n<p>");
	ht_s(h, v->summary, "");
	fprintf(h->fp, "</p>\n<p class=\"dim\">Why this confidence: ");
	ht_s(h, v->confidence_reason, "not stated");
	fprintf(h->fp, "</p>\n<div id=\"initiating\"><h2>Initiating "
	    "evidence</h2>\n");
	if (v->initiating != NULL)
		ht_evline(h, v->initiating);
	else
		fprintf(h->fp, "<p>None found.</p>\n");
	fprintf(h->fp, "</div>\n<p class=\"next\" id=\"next\"><b>Next "
	    "control:</b> ");
	ht_s(h, v->next_action, "collect the missing evidence listed below");
	fprintf(h->fp, "</p>\n");
	if (v->failure_domain != NULL && v->retry_outlook != NULL) {
		fprintf(h->fp, "<p id=\"retry\"><b>Retry:</b> <code>");
		ht_s(h, v->retry_outlook, "");
		fprintf(h->fp, "</code> (failure domain <code>");
		ht_s(h, v->failure_domain, "");
		fprintf(h->fp, "</code>)");
		if (v->outlook_reason != NULL) {
			fprintf(h->fp, ": ");
			ht_s(h, v->outlook_reason, "");
		}
		fprintf(h->fp, "</p>\n");
	}
	fprintf(h->fp, "</header>\n");
}

/* ---- timeline drawing ---- */

/* Event i is a folded group's member other than its first and last:
 * the drawing and the excerpts show the group once (issue 19). */
static int
ht_folded_inner(const struct html *h, size_t i)
{
	const struct fold_group	*f = analysis_fold_of(h->an, i);

	return f != NULL && i != f->members[0] && i != f->members[f->n - 1];
}

static size_t
ht_lane_of(struct html *h, const struct evidence *ev, int add)
{
	const char	*cls = ht_class(ev);
	size_t		 i;

	for (i = 0; i < h->nlanes; i++)
		if (ht_streq(h->lanes[i].node, ev->node) &&
		    strcmp(h->lanes[i].cls, cls) == 0)
			return i;
	if (!add)
		return HT_LANES_MAX;	/* the shared "other" lane */
	if (h->nlanes == HT_LANES_MAX)
		return HT_LANES_MAX;
	h->lanes[h->nlanes].node = ev->node;
	h->lanes[h->nlanes].cls = cls;
	return h->nlanes++;
}

static void
ht_layout(struct html *h)
{
	const struct evidence_list	*tl = &h->an->timeline;

	for (size_t i = 0; i < tl->n; i++) {
		const struct evidence	*ev = &tl->v[i];

		ht_lane_of(h, ev, 1);
		if (!ev->has_time) {
			h->nuntimed++;
			continue;
		}
		if (h->ntimed == 0 || ev->time_ns < h->tmin)
			h->tmin = ev->time_ns;
		if (h->ntimed == 0 || ev->time_ns > h->tmax)
			h->tmax = ev->time_ns;
		h->ntimed++;
	}
}

static int
ht_has_other(const struct html *h)
{
	const struct evidence_list	*tl = &h->an->timeline;

	for (size_t i = 0; i < tl->n && h->nlanes == HT_LANES_MAX; i++)
		if (ht_lane_of((struct html *)h, &tl->v[i], 0) == HT_LANES_MAX)
			return 1;
	return 0;
}

static int
ht_x(const struct html *h, int64_t t)
{
	double	 span = (double)h->tmax - (double)h->tmin;

	if (span <= 0)
		return (HT_X0 + HT_X1) / 2;
	return HT_X0 + (int)(((double)t - (double)h->tmin) / span *
	    (HT_X1 - HT_X0 - 10)) + 5;
}

/* Five ticks labelled HH:MM:SS.mmm; the date (UTC) once, at the left. */
static void
ht_axis(struct html *h, int height)
{
	char		 iso[48], lab[16];
	struct evidence	 tick = { .has_time = 1, .time_ns = h->tmin };
	int		 x;

	if (h->ntimed == 0)
		return;
	report_time(&tick, iso);
	fprintf(h->fp, "<text x=\"4\" y=\"18\" font-weight=\"bold\">%.10s "
	    "(UTC)</text>\n", iso);
	for (int k = 0; k <= 4; k++) {
		tick.time_ns = h->tmin + (int64_t)(((double)h->tmax -
		    (double)h->tmin) * k / 4);
		x = ht_x(h, tick.time_ns);
		report_time(&tick, iso);
		snprintf(lab, sizeof(lab), "%.12s", iso + 11);
		if (lab[8] != '.')
			lab[8] = '\0';
		fprintf(h->fp, "<line x1=\"%d\" y1=\"24\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#e1e4ea\"/><text x=\"%d\" y=\"18\" "
		    "text-anchor=\"%s\">%s</text>\n", x, x, height, x,
		    k == 0 ? "start" : k == 4 ? "end" : "middle", lab);
		if (h->tmax == h->tmin)
			break;
	}
}

static void
ht_lane_labels(struct html *h, int nl)
{
	for (int i = 0; i < nl; i++) {
		int	 y = 30 + i * HT_LANE_H;

		fprintf(h->fp, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\""
		    " fill=\"%s\"/>\n<text x=\"4\" y=\"%d\">", y, HT_W,
		    HT_LANE_H, i % 2 ? "#ffffff" : "#f6f7f9", y + 15);
		if (i == (int)h->nlanes)
			fprintf(h->fp, "other nodes");
		else {
			esc_html(h->fp, h->lanes[i].node != NULL ?
			    h->lanes[i].node : "node ?", 18, 0);
			fprintf(h->fp, " · %s", h->lanes[i].cls);
		}
		fprintf(h->fp, "</text>\n");
	}
}

static void
ht_mark_title(struct html *h, const struct evidence *ev)
{
	char	 when[48];

	report_time(ev, when);
	fprintf(h->fp, "<title>%s", when);
	if (ev->time_quality != NULL) {
		fprintf(h->fp, " (");
		ht_s(h, ev->time_quality, "");
		fprintf(h->fp, ")");
	}
	fprintf(h->fp, "\n");
	ht_s(h, ev->source, "?");
	if (ev->line != 0)
		fprintf(h->fp, ":%" PRIu32, ev->line);
	fprintf(h->fp, " · ");
	ht_s(h, ev->node, "node unknown");
	fprintf(h->fp, "%s\n", ev->initiating ? " · INITIATING" :
	    ev->cascade ? " · cascade" : "");
	esc_html(h->fp, ev->text, HT_TITLE_CP, 0);
	fprintf(h->fp, "</title>");
}

static void
ht_mark(struct html *h, size_t i, int x, int y)
{
	const struct evidence	*ev = &h->an->timeline.v[i];

	fprintf(h->fp, "<a href=\"#ev-%zu\">", i);
	if (ev->initiating)
		fprintf(h->fp, "<polygon class=\"m-ini\" points=\"%d,%d %d,%d "
		    "%d,%d %d,%d\" fill=\"#c62828\" stroke=\"#fff\">", x, y - 9,
		    x + 9, y, x, y + 9, x - 9, y);
	else if (ev->cascade)
		fprintf(h->fp, "<polygon class=\"m-cas\" points=\"%d,%d %d,%d "
		    "%d,%d\" fill=\"#ef8a17\">", x, y - 6, x + 6, y + 5, x - 6,
		    y + 5);
	else
		fprintf(h->fp, "<circle class=\"m-ev\" cx=\"%d\" cy=\"%d\" "
		    "r=\"4\" fill=\"#47668f\" fill-opacity=\"0.8\">", x, y);
	ht_mark_title(h, ev);
	fprintf(h->fp, "%s</a>\n", ev->initiating ? "</polygon>" :
	    ev->cascade ? "</polygon>" : "</circle>");
}

static void
ht_marks(struct html *h, int nl)
{
	const struct evidence_list	*tl = &h->an->timeline;
	size_t				 k = 0, ini = (size_t)-1;
	int				 x, y, uy = 30 + nl * HT_LANE_H + 30;

	for (int pass = 0; pass < 2; pass++)	/* initiating on top */
		for (size_t i = 0; i < tl->n; i++) {
			const struct evidence	*ev = &tl->v[i];

			if ((pass == 1) != (ev->initiating != 0))
				continue;
			if (!ev->initiating && ht_folded_inner(h, i)) {
				if (!ev->has_time)
					k++;
				continue;
			}
			y = 30 + (int)ht_lane_of(h, ev, 0) * HT_LANE_H + 11;
			if (ev->has_time)
				x = ht_x(h, ev->time_ns);
			else {
				x = HT_X0 + 5 + (int)((double)(HT_X1 - HT_X0 -
				    10) * ((double)k++ + 0.5) /
				    (double)h->nuntimed);
				y = uy;
			}
			if (ev->initiating && ev->has_time &&
			    ini == (size_t)-1) {
				ini = i;
				fprintf(h->fp, "<line x1=\"%d\" y1=\"24\" "
				    "x2=\"%d\" y2=\"%d\" stroke=\"#c62828\" "
				    "stroke-dasharray=\"4 3\"/>\n", x, x,
				    30 + nl * HT_LANE_H);
			}
			ht_mark(h, i, x, y);
		}
}

static void
ht_timeline(struct html *h)
{
	int	 nl, height;

	if (h->an->timeline.n == 0)
		return;
	ht_layout(h);
	nl = (int)h->nlanes + ht_has_other(h);
	height = 30 + nl * HT_LANE_H + (h->nuntimed > 0 ? 48 : 8);
	fprintf(h->fp, "<section id=\"timeline\"><h2>Timeline</h2>\n"
	    "<p class=\"legend dim\"><span><span class=\"sw\" style=\""
	    "background:#c62828\"></span>initiating</span><span><span "
	    "class=\"sw\" style=\"background:#ef8a17\"></span>cascade</span>"
	    "<span><span class=\"sw\" style=\"background:#47668f\"></span>"
	    "other event</span><span>%zu events, %zu with a time (UTC), %zu "
	    "untimed. Hover a mark for its time, provenance and line; "
	    "click to open its excerpt.</span></p>\n"
	    "<svg viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"timeline\">\n",
	    h->an->timeline.n, h->ntimed, h->nuntimed, HT_W, height);
	ht_lane_labels(h, nl);
	ht_axis(h, 30 + nl * HT_LANE_H);
	if (h->nuntimed > 0)
		fprintf(h->fp, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\""
		    " fill=\"#fbf3e4\"/><text x=\"4\" y=\"%d\">untimed (by "
		    "position)</text>\n", 30 + nl * HT_LANE_H + 19, HT_W, 22,
		    30 + nl * HT_LANE_H + 34);
	ht_marks(h, nl);
	fprintf(h->fp, "</svg>\n</section>\n");
}

/* ---- quantity panels ---- */

static void
ht_bar(struct html *h, int y, const char *label, int64_t v, int64_t max,
    const char *color)
{
	char	 b[32];
	int	 w;

	report_bytes(v, b);
	fprintf(h->fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
	    HT_X0 - 6, y + 11, label);
	if (v < 0 || max <= 0) {
		fprintf(h->fp, "<text x=\"%d\" y=\"%d\" fill=\"#888\">unknown"
		    "</text>\n", HT_X0, y + 11);
		return;
	}
	w = (int)((double)v / (double)max * (HT_X1 - HT_X0 - 110));
	fprintf(h->fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"13\" "
	    "fill=\"%s\"><title>%s: %s (%" PRId64 " bytes)</title></rect>"
	    "<text x=\"%d\" y=\"%d\">%s</text>\n", HT_X0, y, w > 0 ? w : 1,
	    color, label, b, v, HT_X0 + w + 6, y + 11, b);
}

static const struct {
	const char	*label;
	size_t		 off;
	const char	*color;
} ht_host_bars[] = {
	{ "ReqMem", offsetof(struct host_q, req_mem_bytes), "#7d8fa9" },
	{ "cgroup limit", offsetof(struct host_q, cgroup_limit_bytes),
	  "#2f4b7c" },
	{ "MaxRSS", offsetof(struct host_q, max_rss_bytes), "#ef8a17" },
	{ "peak", offsetof(struct host_q, cgroup_peak_bytes), "#c62828" },
};
#define HT_NHOSTBARS (sizeof(ht_host_bars) / sizeof(ht_host_bars[0]))

static int64_t
ht_hostval(const struct host_q *q, size_t k)
{
	return *(const int64_t *)(const void *)((const char *)q +
	    ht_host_bars[k].off);
}

static void
ht_host(struct html *h)
{
	const struct analysis	*an = h->an;
	size_t			 n = an->nhost < HT_ROWS_MAX ? an->nhost :
				    HT_ROWS_MAX;
	int64_t			 max = 0;
	int			 y = 4, blk = 20 + 16 * (int)HT_NHOSTBARS;

	if (an->nhost == 0)
		return;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < HT_NHOSTBARS; k++)
			if (ht_hostval(&an->host[i], k) > max)
				max = ht_hostval(&an->host[i], k);
	fprintf(h->fp, "<section id=\"host\"><h2>Host memory per step</h2>\n"
	    "<p class=\"dim\">ReqMem (what was asked), the cgroup limit (what "
	    "was enforced), MaxRSS (what accounting sampled) and the cgroup "
	    "peak, on one scale.</p>\n<svg viewBox=\"0 0 %d %d\" role=\"img\" "
	    "aria-label=\"host memory\">\n", HT_W, (int)n * blk + 8);
	for (size_t i = 0; i < n; i++, y += blk) {
		const struct host_q	*q = &an->host[i];

		fprintf(h->fp, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">"
		    "step ", y + 12);
		esc_html(h->fp, q->step != NULL ? q->step : "?", 24, 0);
		fprintf(h->fp, " · ");
		esc_html(h->fp, q->node != NULL ? q->node : "?", 24, 0);
		fprintf(h->fp, " · ");
		esc_html(h->fp, q->state != NULL ? q->state : "?", 24, 0);
		if (q->oom_kills >= 0)
			fprintf(h->fp, " · oom_kills %" PRId64, q->oom_kills);
		fprintf(h->fp, "</text>\n");
		for (size_t k = 0; k < HT_NHOSTBARS; k++)
			ht_bar(h, y + 18 + 16 * (int)k, ht_host_bars[k].label,
			    ht_hostval(q, k), max, ht_host_bars[k].color);
	}
	fprintf(h->fp, "</svg>\n");
	if (an->nhost > n)
		fprintf(h->fp, "<p>… and %zu more steps (see the JSON).</p>\n",
		    an->nhost - n);
	fprintf(h->fp, "</section>\n");
}

static void
ht_usage(struct html *h)
{
	static const char *const colors[] = { "#2f4b7c", "#c62828",
		"#e57373", "#8e6c8a", "#ef8a17" };
	const struct usage_q	*u;
	int64_t			 max;

	for (size_t i = 0; i < h->an->nusage; i++) {
		u = &h->an->usage[i];
		max = 0;
		for (size_t k = 0; k < report_nmeters; k++)
			if (report_meter_value(u, k) > max)
				max = report_meter_value(u, k);
		fprintf(h->fp, "<section id=\"usage\"><h2>Memory as each "
		    "meter saw it</h2>\n<p class=\"dim\">step ");
		ht_s(h, u->step, "?");
		fprintf(h->fp, " · ");
		ht_s(h, u->node, "?");
		fprintf(h->fp, " · enforced by %s</p>\n<svg viewBox=\"0 0 %d "
		    "%d\" role=\"img\" aria-label=\"memory meters\">\n",
		    report_enforcer(u->enforced_by), HT_W,
		    (int)report_nmeters * 16 + 8);
		for (size_t k = 0; k < report_nmeters; k++)
			ht_bar(h, 4 + 16 * (int)k, report_meters[k].label,
			    report_meter_value(u, k), max,
			    colors[k % (sizeof(colors) / sizeof(*colors))]);
		fprintf(h->fp, "</svg>\n<p>");
		ht_s(h, u->summary, "");
		fprintf(h->fp, "</p>\n<p class=\"dim\">Sources: ");
		for (size_t k = 0; k < u->evidence.n; k++) {
			fprintf(h->fp, "%s", k > 0 ? ", " : "");
			ht_cite(h, &u->evidence.v[k]);
		}
		fprintf(h->fp, "</p></section>\n");
	}
}

/* One stacked bar of the parts against the limit, a legend under it,
 * and the largest holders. */
static void
ht_breakdown(struct html *h)
{
	char	 b[32];
	int	 x, w, span = HT_X1 - HT_X0 - 110;

	for (size_t i = 0; i < h->an->nbreakdown; i++) {
		const struct breakdown_q	*q = &h->an->breakdown[i];
		int64_t				 scale = report_bd_scale(q);

		fprintf(h->fp, "<section id=\"breakdown\"><h2>What filled the "
		    "limit</h2>\n<p class=\"dim\">");
		ht_s(h, q->cgroup, "?");
		fprintf(h->fp, " · ");
		ht_s(h, q->node, "?");
		fprintf(h->fp, " · %s</p>\n<svg viewBox=\"0 0 %d %d\" "
		    "role=\"img\" aria-label=\"what filled the limit\">\n",
		    q->at != NULL && strcmp(q->at, "kill") == 0 ? "at the kill "
		    "(the kernel's Memory cgroup stats)" : "at collection "
		    "(memory.stat)", HT_W, 24 + 16 * BD_PARTS);
		report_bytes(q->limit_bytes, b);
		fprintf(h->fp, "<text x=\"%d\" y=\"15\" text-anchor=\"end\">"
		    "limit %s</text>", HT_X0 - 6, b);
		fprintf(h->fp, "<rect x=\"%d\" y=\"4\" width=\"%d\" "
		    "height=\"14\" fill=\"none\" stroke=\"#333\"/>\n", HT_X0,
		    span);
		x = HT_X0;
		for (size_t k = 0; k < BD_PARTS && scale > 0; k++) {
			if (q->parts[k] <= 0)
				continue;
			w = (int)((double)q->parts[k] / (double)scale * span);
			report_bytes(q->parts[k], b);
			fprintf(h->fp, "<rect class=\"part\" x=\"%d\" y=\"4\" "
			    "width=\"%d\" height=\"14\" fill=\"%s\"><title>%s"
			    ": %s</title></rect>\n", x, w > 0 ? w : 1,
			    report_parts[k].color, report_parts[k].label, b);
			x += w;
		}
		for (size_t k = 0; k < BD_PARTS; k++)
			ht_bar(h, 26 + 16 * (int)k, report_parts[k].label,
			    q->parts[k], scale, report_parts[k].color);
		fprintf(h->fp, "</svg>\n");
		if (q->nholders > 0)
			fprintf(h->fp, "<table><tr><th>pid</th><th>name</th>"
			    "<th>step</th><th>RSS</th><th>anon</th><th>swap"
			    "</th><th></th></tr>\n");
		for (size_t k = 0; k < q->nholders; k++) {
			const struct holder_q	*o = &q->holders[k];

			fprintf(h->fp, "<tr><td>%" PRId64 "</td><td>",
			    o->pid);
			ht_s(h, o->name, "?");
			fprintf(h->fp, "</td><td>");
			ht_s(h, o->step, "");
			report_bytes(o->rss_bytes, b);
			fprintf(h->fp, "</td><td>%s</td>", b);
			report_bytes(o->anon_bytes, b);
			fprintf(h->fp, "<td>%s</td>", b);
			report_bytes(o->swap_bytes, b);
			fprintf(h->fp, "<td>%s</td><td>%s</td></tr>\n", b,
			    o->victim ? "victim" : "");
		}
		if (q->nholders > 0)
			fprintf(h->fp, "</table>\n");
		fprintf(h->fp, "<p class=\"dim\">Sources: ");
		for (size_t k = 0; k < q->evidence.n; k++) {
			fprintf(h->fp, "%s", k > 0 ? ", " : "");
			ht_cite(h, &q->evidence.v[k]);
		}
		fprintf(h->fp, "</p></section>\n");
	}
}

#define HT_SER_H	140	/* plot height of one series */

/* One series against its limit: a polyline, the limit as a dashed line,
 * the failure as a red marker, the step and another tenant as ticks. */
static void
ht_series_one(struct html *h, const struct series_q *q, int y0)
{
	char		 gb[64];
	int64_t	 t0 = q->t_ns[0], t1 = q->t_ns[q->npoints - 1], vmax = 1;
	char	 b[32];

	if (q->has_fail && q->fail_ns > t1)
		t1 = q->fail_ns;
	if (t1 <= t0)
		t1 = t0 + 1;
	for (size_t i = 0; i < q->npoints; i++)
		if (q->v[i] > vmax)
			vmax = q->v[i];
	if (q->limit_bytes > vmax)
		vmax = q->limit_bytes;
#define SX(t)	(HT_X0 + (int)((double)((t) - t0) / (double)(t1 - t0) * \
		    (HT_X1 - HT_X0)))
#define SY(v)	(y0 + HT_SER_H - (int)((double)(v) / (double)vmax * \
		    (HT_SER_H - 10)))
	fprintf(h->fp, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">",
	    y0 + 14);
	esc_html(h->fp, q->name != NULL ? q->name : "?", 40, 0);
	fprintf(h->fp, "</text>\n<text x=\"4\" y=\"%d\">", y0 + 30);
	esc_html(h->fp, q->shape != NULL ? q->shape : "?", 24, 0);
	fprintf(h->fp, "%s", report_growth(q, gb));
	fprintf(h->fp, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" "
	    "height=\"%d\" fill=\"#f6f8fa\"/>\n", HT_X0, y0, HT_X1 - HT_X0,
	    HT_SER_H);
	if (q->limit_bytes > 0) {
		report_bytes(q->limit_bytes, b);
		fprintf(h->fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" "
		    "y2=\"%d\" stroke=\"#2f4b7c\" stroke-dasharray=\"6 4\">"
		    "<title>limit %s</title></line><text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"end\" fill=\"#2f4b7c\">limit %s</text>\n",
		    HT_X0, HT_X1, SY(q->limit_bytes), SY(q->limit_bytes), b,
		    HT_X1 - 4, SY(q->limit_bytes) - 3, b);
	}
	fprintf(h->fp, "<polyline fill=\"none\" stroke=\"#ef8a17\" "
	    "stroke-width=\"2\" points=\"");
	for (size_t i = 0; i < q->npoints; i++)
		if (q->v[i] >= 0)
			fprintf(h->fp, "%d,%d ", SX(q->t_ns[i]), SY(q->v[i]));
	fprintf(h->fp, "\"/>\n");
	if (q->has_step)
		fprintf(h->fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		    "stroke=\"#8e6c8a\"><title>step change</title></line>\n",
		    SX(q->step_ns), SX(q->step_ns), y0, y0 + HT_SER_H);
	if (q->has_tenant)
		fprintf(h->fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		    "stroke=\"#7d8fa9\"><title>another process arrived"
		    "</title></line>\n", SX(q->tenant_ns), SX(q->tenant_ns), y0,
		    y0 + HT_SER_H);
	if (q->has_fail && q->fail_ns >= t0)
		fprintf(h->fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
		    "stroke=\"#c62828\" stroke-width=\"2\"><title>failure"
		    "</title></line>\n", SX(q->fail_ns), SX(q->fail_ns), y0,
		    y0 + HT_SER_H);
#undef SX
#undef SY
}

static void
ht_series(struct html *h)
{
	const struct analysis	*an = h->an;
	size_t			 n = 0;
	int			 y = 4;

	for (size_t i = 0; i < an->nseries && i < HT_ROWS_MAX; i++)
		n += an->series[i].npoints > 0;
	if (n == 0)
		return;
	fprintf(h->fp, "<section id=\"series\"><h2>Memory over time</h2>\n"
	    "<p class=\"dim\">Each quantity against its limit (dashed); the "
	    "failure in red, a step change or another process's arrival as "
	    "thin lines.</p>\n<svg viewBox=\"0 0 %d %d\" role=\"img\" "
	    "aria-label=\"memory over time\">\n", HT_W,
	    (int)n * (HT_SER_H + 16) + 8);
	for (size_t i = 0; i < an->nseries && i < HT_ROWS_MAX; i++) {
		if (an->series[i].npoints == 0)
			continue;
		ht_series_one(h, &an->series[i], y);
		y += HT_SER_H + 16;
	}
	fprintf(h->fp, "</svg>\n</section>\n");
}

static void
ht_seg(struct html *h, int *x, int y, int64_t v, int64_t cap,
    const char *color, const char *what)
{
	char	 b[32];
	int	 w;

	if (v <= 0)
		return;
	w = (int)((double)v / (double)cap * (HT_X1 - HT_X0));
	if (*x + w > HT_X1)
		w = HT_X1 - *x;
	report_bytes(v, b);
	fprintf(h->fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\" "
	    "fill=\"%s\"><title>%s: %s</title></rect>\n", *x, y, w > 0 ? w : 0,
	    color, what, b);
	*x += w;
}

static void
ht_gpu(struct html *h, const struct device_q *d, int y)
{
	char	 c[32], r[32];
	int	 x = HT_X0;
	int64_t	 other = -1;

	report_bytes(d->capacity_bytes, c);
	fprintf(h->fp, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">GPU ",
	    y + 13);
	esc_html(h->fp, d->gpu != NULL ? d->gpu : "?", 12, 0);
	fprintf(h->fp, " · ");
	esc_html(h->fp, d->node != NULL ? d->node : "?", 14, 0);
	fprintf(h->fp, "</text><text x=\"4\" y=\"%d\">", y + 28);
	esc_html(h->fp, d->product != NULL ? d->product : "", 26, 0);
	if (d->api != NULL) {	/* ROCm's evidence (issue 18) */
		fprintf(h->fp, " (");
		esc_html(h->fp, d->api, 8, 0);
		fprintf(h->fp, ")");
	}
	fprintf(h->fp, "</text>\n");
	if (d->capacity_bytes <= 0) {
		fprintf(h->fp, "<text x=\"%d\" y=\"%d\" fill=\"#888\">capacity "
		    "unknown: see the table</text>\n", HT_X0, y + 13);
		return;
	}
	fprintf(h->fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\" "
	    "fill=\"none\" stroke=\"#555\"><title>capacity: %s</title></rect>\n",
	    HT_X0, y, HT_X1 - HT_X0, c);
	if (d->free_bytes >= 0 && d->reserved_bytes >= 0)
		other = d->capacity_bytes - d->free_bytes - d->reserved_bytes;
	ht_seg(h, &x, y, d->allocated_bytes, d->capacity_bytes, "#2f4b7c",
	    "allocated");
	if (d->reserved_bytes >= 0 && d->allocated_bytes >= 0)
		ht_seg(h, &x, y, d->reserved_bytes - d->allocated_bytes,
		    d->capacity_bytes, "#7d8fa9", "reserved, not allocated");
	ht_seg(h, &x, y, other, d->capacity_bytes, "#8e5ea2",
	    "held outside these reservations");
	ht_seg(h, &x, y, d->free_bytes, d->capacity_bytes, "#cfe8cf", "free");
	if (d->requested_bytes >= 0) {
		x = HT_X0;
		report_bytes(d->requested_bytes, r);
		ht_seg(h, &x, y + 22, d->requested_bytes, d->capacity_bytes,
		    "#c62828", "requested");
		fprintf(h->fp, "<text x=\"%d\" y=\"%d\">requested %s</text>\n",
		    x + 6 > HT_X1 - 120 ? HT_X1 - 120 : x + 6, y + 33, r);
	}
}

static void
ht_device_table(struct html *h, size_t n)
{
	static const char *const	 hd[] = { "GPU", "node", "capacity",
					    "reserved", "allocated", "free",
					    "requested", "used (smi)" };
	char				 b[32];

	fprintf(h->fp, "<table><tr>");
	for (size_t i = 0; i < sizeof(hd) / sizeof(hd[0]); i++)
		fprintf(h->fp, "<th>%s</th>", hd[i]);
	fprintf(h->fp, "</tr>\n");
	for (size_t i = 0; i < n; i++) {
		const struct device_q	*d = &h->an->device[i];
		const int64_t		 v[] = { d->capacity_bytes,
					    d->reserved_bytes,
					    d->allocated_bytes, d->free_bytes,
					    d->requested_bytes, d->used_bytes };

		if (d->step != NULL)	/* Slurm's accounting: below */
			continue;
		fprintf(h->fp, "<tr><td>");
		ht_s(h, d->gpu, "?");
		fprintf(h->fp, "</td><td>");
		ht_s(h, d->node, "?");
		fprintf(h->fp, "</td>");
		for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
			report_bytes(v[k], b);
			fprintf(h->fp, "<td>%s</td>", b);
		}
		fprintf(h->fp, "</tr>\n");
	}
	fprintf(h->fp, "</table>\n");
	for (size_t i = 0; i < n; i++)
		if (h->an->device[i].step != NULL) {
			char	line[512];

			report_gpu_acct(&h->an->device[i], line, sizeof(line));
			fprintf(h->fp, "<p>Slurm accounting, ");
			esc_html(h->fp, line, 0, 0);
			fprintf(h->fp, "</p>\n");
		}
}

/* One row of the segment map: the segment's blocks in address order,
 * as wide as the segment is against the largest one. */
static void
ht_segrow(struct html *h, const struct snap_seg_q *q, size_t i, int64_t big,
    int y)
{
	double	 w = (double)(HT_X1 - HT_X0) * (double)q->size_bytes /
		    (double)big, x = HT_X0, bw;
	char	 b[32];

	report_bytes(q->size_bytes, b);
	fprintf(h->fp, "<text x=\"4\" y=\"%d\">segment %zu · %s</text>\n",
	    y + 10, i + 1, b);
	for (size_t j = 0; j < q->nblocks && q->size_bytes > 0; j++) {
		const char *st = q->blocks[j].state != NULL ?
		    q->blocks[j].state : "allocated";

		bw = w * (double)q->blocks[j].size_bytes /
		    (double)q->size_bytes;
		report_bytes(q->blocks[j].size_bytes, b);
		fprintf(h->fp, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		    "height=\"12\" fill=\"%s\" stroke=\"#fff\" "
		    "stroke-width=\"0.5\"><title>%s: %s</title></rect>\n", x, y,
		    bw, strcmp(st, "free") == 0 ? "#cfe8cf" : strcmp(st,
		    "mixed") == 0 ? "#7d8fa9" : "#2f4b7c", b,
		    strcmp(st, "free") == 0 ? "free" : strcmp(st, "mixed") ==
		    0 ? "several blocks" : "allocated");
		x += bw;
	}
}

/* The allocations the trace recorded before the OOM, and the request. */
static void
ht_before(struct html *h, const struct alloc_snap_q *s, int y)
{
	int64_t	 big = s->oom_requested_bytes;
	char	 b[32];
	size_t	 n = s->nbefore + (s->oom_requested_bytes >= 0);

	for (size_t i = 0; i < s->nbefore; i++)
		if (s->before[i].size_bytes > big)
			big = s->before[i].size_bytes;
	if (big <= 0 || n == 0)
		return;
	fprintf(h->fp, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">"
	    "allocations before the OOM</text>\n", y + 10);
	for (size_t i = 0; i < n; i++) {
		int	 oom = i == s->nbefore;
		int64_t	 v = oom ? s->oom_requested_bytes :
			    s->before[i].size_bytes;
		double	 w = (double)(HT_X1 - HT_X0 - 120) * (double)v /
			    (double)big;

		report_bytes(v, b);
		fprintf(h->fp, "<text x=\"4\" y=\"%d\">", y + 26 + (int)i *
		    16);
		esc_html(h->fp, oom ? "failed request" : s->before[i].action !=
		    NULL ? s->before[i].action : "?", 24, 0);
		fprintf(h->fp, "</text><rect x=\"%d\" y=\"%d\" width=\"%.1f\" "
		    "height=\"12\" fill=\"%s\"><title>%s</title></rect>"
		    "<text x=\"%.1f\" y=\"%d\">%s</text>\n", HT_X0,
		    y + 16 + (int)i * 16, w, oom ? "#c62828" : "#2f4b7c", b,
		    HT_X0 + w + 6, y + 26 + (int)i * 16, b);
	}
}

/* The allocator snapshot of each GPU that has one: a row per segment
 * (allocated and free blocks), then the allocations before the OOM. */
static void
ht_segmaps(struct html *h, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct alloc_snap_q *s = h->an->device[i].snapshot;
		int64_t	big = 0;
		size_t	rows;
		int	y;

		if (s == NULL || (s->nsegment_map == 0 && s->nbefore == 0))
			continue;
		for (size_t j = 0; j < s->nsegment_map; j++)
			if (s->segment_map[j].size_bytes > big)
				big = s->segment_map[j].size_bytes;
		rows = s->nsegment_map + (s->nbefore > 0 ? s->nbefore + 3 : 0);
		fprintf(h->fp, "<h3>GPU ");
		ht_s(h, h->an->device[i].gpu, "?");
		fprintf(h->fp, ": allocator snapshot</h3>\n<svg viewBox=\"0 0 "
		    "%d %d\" role=\"img\" aria-label=\"allocator segments\">\n",
		    HT_W, (int)rows * 16 + 8);
		for (size_t j = 0; j < s->nsegment_map && big > 0; j++)
			ht_segrow(h, &s->segment_map[j], j, big, 4 + (int)j * 16);
		y = 4 + (int)s->nsegment_map * 16 + 8;
		ht_before(h, s, y);
		fprintf(h->fp, "</svg>\n");
	}
}

/* DCGM's job statistics per GPU (issue 18), when read. */
static void
ht_dcgm(struct html *h)
{
	size_t	n = h->an->ndcgm < HT_ROWS_MAX ? h->an->ndcgm : HT_ROWS_MAX;
	char	line[512];

	if (h->an->ndcgm == 0)
		return;
	fprintf(h->fp, "<section id=\"dcgm\"><h2>DCGM job statistics</h2>"
	    "\n");
	for (size_t i = 0; i < n; i++) {
		report_dcgm(&h->an->dcgm[i], line, sizeof(line));
		fprintf(h->fp, "<p>");
		esc_html(h->fp, line, 0, 0);
		fprintf(h->fp, "</p>\n");
	}
	fprintf(h->fp, "</section>\n");
}

static void
ht_device(struct html *h)
{
	const struct analysis	*an = h->an;
	size_t			 n = an->ndevice < HT_ROWS_MAX ? an->ndevice :
				    HT_ROWS_MAX;

	size_t			 gpus = 0;

	if (an->ndevice == 0)
		return;
	for (size_t i = 0; i < n; i++)
		gpus += an->device[i].step == NULL;
	if (gpus == 0) {	/* Slurm's accounting only */
		fprintf(h->fp, "<section id=\"device\"><h2>GPU memory</h2>\n");
		for (size_t i = 0; i < n; i++)
			if (an->device[i].step != NULL) {
				char	line[512];

				report_gpu_acct(&an->device[i], line,
				    sizeof(line));
				fprintf(h->fp, "<p>Slurm accounting, ");
				esc_html(h->fp, line, 0, 0);
				fprintf(h->fp, "</p>\n");
			}
		fprintf(h->fp, "</section>\n");
		return;
	}
	fprintf(h->fp, "<section id=\"device\"><h2>GPU memory</h2>\n"
	    "<p class=\"legend dim\"><span><span class=\"sw\" style=\""
	    "background:#2f4b7c\"></span>allocated</span><span><span "
	    "class=\"sw\" style=\"background:#7d8fa9\"></span>reserved, not "
	    "allocated</span><span><span class=\"sw\" style=\"background:"
	    "#8e5ea2\"></span>held outside (other processes, contexts)</span>"
	    "<span><span class=\"sw\" style=\"background:#cfe8cf\"></span>"
	    "free</span><span><span class=\"sw\" style=\"background:#c62828"
	    "\"></span>requested</span></p>\n<svg viewBox=\"0 0 %d %d\" "
	    "role=\"img\" aria-label=\"GPU memory\">\n", HT_W, (int)n * 50 + 4);
	for (size_t i = 0, y = 4; i < n; i++)
		if (an->device[i].step == NULL) {	/* GPUs, not steps */
			ht_gpu(h, &an->device[i], (int)y);
			y += 50;
		}
	fprintf(h->fp, "</svg>\n");
	ht_device_table(h, n);
	ht_segmaps(h, n);
	for (size_t i = 0; i < n; i++) {
		char	line[640];

		if (an->device[i].snapshot == NULL)
			continue;
		fprintf(h->fp, "<p>GPU ");
		ht_s(h, an->device[i].gpu, "?");
		fprintf(h->fp, ", ");
		ht_s(h, report_snapshot(an->device[i].snapshot, line,
		    sizeof(line)), "");
		fprintf(h->fp, ".</p>\n");
	}
	if (an->ndevice > n)
		fprintf(h->fp, "<p>… and %zu more GPUs (see the JSON).</p>\n",
		    an->ndevice - n);
	fprintf(h->fp, "</section>\n");
}

static void
ht_processes(struct html *h)
{
	const struct evidence_list	*tl = &h->an->timeline;
	int				 any = 0;

	for (size_t i = 0; i < tl->n; i++) {
		const struct evidence	*ev = &tl->v[i];

		if (ev->kind == NULL || strcmp(ev->kind, "gpu_process") != 0)
			continue;
		if (!any++)
			fprintf(h->fp, "<section id=\"processes\"><h2>GPU "
			    "processes (nvidia-smi)</h2>\n<table><tr><th>node"
			    "</th><th>source</th><th>pid</th><th>record</th>"
			    "</tr>\n");
		fprintf(h->fp, "<tr><td>");
		ht_s(h, ev->node, "?");
		fprintf(h->fp, "</td><td>");
		ht_cite(h, ev);
		if (ev->pid >= 0)
			fprintf(h->fp, "</td><td>%" PRId64 "</td><td><code>",
			    ev->pid);
		else
			fprintf(h->fp, "</td><td>?</td><td><code>");
		esc_html(h->fp, ev->text, 300, 0);
		fprintf(h->fp, "</code></td></tr>\n");
	}
	if (any)
		fprintf(h->fp, "</table>\n</section>\n");
}

/* ---- lists ---- */

/* One folded member: its anchor, where and when (issue 19). */
static void
ht_fold_member(struct html *h, size_t i)
{
	const struct evidence	*ev = &h->an->timeline.v[i];
	char			 when[48];

	report_time(ev, when);
	fprintf(h->fp, "<li id=\"ev-%zu\">", i);
	ht_s(h, ev->node, "node unknown");
	fprintf(h->fp, " · %s · <code>", when);
	ht_s(h, ev->source, "?");
	if (ev->line != 0)
		fprintf(h->fp, ":%" PRIu32, ev->line);
	fprintf(h->fp, "</code></li>\n");
}

/* Identical evidence across nodes and ranks, once per group, with its
 * members one click away; they keep their ev-N anchors here. */
static void
ht_folds(struct html *h)
{
	const struct analysis	*an = h->an;

	if (an->nfolds == 0)
		return;
	fprintf(h->fp, "<section id=\"repeated\"><h2>Repeated evidence</h2>\n"
	    "<p class=\"dim\">The same line (same kind, same text once "
	    "node names, ranks, pids and times are set aside) on several "
	    "nodes or ranks, shown once.</p>\n");
	for (size_t i = 0; i < an->nfolds; i++) {
		const struct fold_group	*f = &an->folds[i];
		const struct evidence	*a = &an->timeline.v[f->members[0]];
		const struct evidence	*z = &an->timeline.v[f->members[f->n -
					    1]];
		char			 lab[96], t0[48], t1[48];

		fold_label(f, lab);
		report_time(a, t0);
		report_time(z, t1);
		fprintf(h->fp, "<div class=\"fold\" id=\"fold-%zu\"><p><b>%s"
		    "</b>", i, lab);
		if (f->kind != NULL) {
			fprintf(h->fp, " · ");
			ht_s(h, f->kind, "");
		}
		fprintf(h->fp, "</p><blockquote><code>");
		esc_html(h->fp, a->text, 600, 0);
		fprintf(h->fp, "</code></blockquote>\n<details><summary>first "
		    "<a href=\"#ev-%zu\">", f->members[0]);
		ht_s(h, a->node, "node unknown");
		fprintf(h->fp, "</a> at %s, last ", t0);
		ht_s(h, z->node, "node unknown");
		fprintf(h->fp, " at %s: all %zu</summary>\n<ol>\n", t1, f->n);
		for (size_t j = 1; j < f->n; j++)
			ht_fold_member(h, f->members[j]);
		fprintf(h->fp, "</ol></details></div>\n");
	}
	fprintf(h->fp, "</section>\n");
}

/* The job's collective timeouts folded per rank (issue 18). */
static void
ht_collective(struct html *h)
{
	const struct collective_q	*c = h->an->collective;

	if (c == NULL)
		return;
	fprintf(h->fp, "<section id=\"collective\"><h2>Collective stall"
	    "</h2>\n<p>");
	ht_s(h, c->summary, "");
	fprintf(h->fp, "</p>\n");
	for (size_t i = 0; i < c->nstalled && i < HT_ROWS_MAX; i++)
		if (c->stalled[i].evidence != NULL)
			ht_evline(h, c->stalled[i].evidence);
	for (size_t i = 0; i < c->evidence.n && i < HT_ROWS_MAX; i++)
		ht_evline(h, &c->evidence.v[i]);
	fprintf(h->fp, "</section>\n");
}

static void
ht_findings(struct html *h)
{
	const struct analysis	*an = h->an;

	if (an->nsecondary > 0)
		fprintf(h->fp, "<section id=\"cascade\"><h2>Cascade and "
		    "secondary findings</h2>\n");
	for (size_t i = 0; i < an->nsecondary; i++) {
		const struct finding	*f = &an->secondary[i];

		fprintf(h->fp, "<h3><code>");
		ht_s(h, f->cause, "?");
		fprintf(h->fp, "</code> ");
		ht_s(h, f->summary, "");
		fprintf(h->fp, "</h3>\n");
		for (size_t j = 0; j < f->evidence.n; j++)
			ht_evline(h, &f->evidence.v[j]);
	}
	if (an->nsecondary > 0)
		fprintf(h->fp, "</section>\n");
	if (an->nruled_out > 0)
		fprintf(h->fp, "<section id=\"ruled-out\"><h2>Ruled out</h2>\n");
	for (size_t i = 0; i < an->nruled_out; i++) {
		const struct ruled_out	*r = &an->ruled_out[i];

		fprintf(h->fp, "<h3><code>");
		ht_s(h, r->cause, "?");
		fprintf(h->fp, "</code></h3>\n<p>");
		ht_s(h, r->why, "");
		fprintf(h->fp, "</p>\n");
		for (size_t j = 0; j < r->evidence.n; j++)
			ht_evline(h, &r->evidence.v[j]);
	}
	if (an->nruled_out > 0)
		fprintf(h->fp, "</section>\n");
}

static void
ht_missing(struct html *h)
{
	const struct analysis	*an = h->an;

	if (an->nmissing == 0)
		return;
	fprintf(h->fp, "<section id=\"missing\"><h2>Missing evidence</h2>\n"
	    "<ul>\n");
	for (size_t i = 0; i < an->nmissing; i++) {
		fprintf(h->fp, "<li><b>");
		ht_s(h, an->missing[i].evidence, "?");
		fprintf(h->fp, "</b>: ");
		ht_s(h, an->missing[i].would_decide, "");
		fprintf(h->fp, "</li>\n");
	}
	fprintf(h->fp, "</ul>\n</section>\n");
}

/* The context block, one numbered line at a time, the cited line marked. */
static void
ht_context(struct html *h, const struct evidence *ev)
{
	char		*copy, *line, *nl;
	uint32_t	 no = ev->context_line;

	if (ev->context == NULL || (copy = strdup(ev->context)) == NULL) {
		fprintf(h->fp, "<pre><span class=\"cited\"><span class=\"ln\">"
		    "%6" PRIu32 "</span>  ", ev->line);
		esc_html(h->fp, ev->text, 0, 0);
		fprintf(h->fp, "</span></pre>\n");
		return;
	}
	fprintf(h->fp, "<pre>");
	for (line = copy; line != NULL; line = nl, no++) {
		unsigned	skipped;

		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		if (nl == NULL && *line == '\0')
			break;
		/* The kernel parser elides the dull middle of a long OOM
		 * report with a marker; keep the numbering true. */
		if (sscanf(line, "[... %u lines not shown ...]", &skipped) == 1) {
			fprintf(h->fp, "<span class=\"ln\">%6s</span>  ", "");
			esc_html(h->fp, line, 0, 0);
			fputc('\n', h->fp);
			no += skipped - 1;
			continue;
		}
		fprintf(h->fp, "%s<span class=\"ln\">%6" PRIu32 "</span>  ",
		    no == ev->line && no != 0 ? "<span class=\"cited\">" : "",
		    no);
		esc_html(h->fp, line, 0, 0);
		fprintf(h->fp, "%s\n", no == ev->line && no != 0 ? "</span>" :
		    "");
	}
	fprintf(h->fp, "</pre>\n");
	free(copy);
}

static void
ht_excerpt(struct html *h, const struct evidence *ev, size_t id)
{
	char	 when[48];

	report_time(ev, when);
	fprintf(h->fp, "<div class=\"ev\" id=\"ev-%zu\"><code>", id);
	ht_s(h, ev->source, "?");
	if (ev->line != 0)
		fprintf(h->fp, ":%" PRIu32, ev->line);
	fprintf(h->fp, "</code> <span class=\"dim\">");
	ht_s(h, ev->node, "node unknown");
	fprintf(h->fp, " · %s", when);
	if (ev->time_quality != NULL) {
		fprintf(h->fp, " (");
		ht_s(h, ev->time_quality, "");
		fprintf(h->fp, ")");
	}
	if (ev->kind != NULL) {
		fprintf(h->fp, " · ");
		ht_s(h, ev->kind, "");
	}
	if (ev->input != NULL) {
		fprintf(h->fp, " · input ");
		ht_s(h, ev->input, "");
	}
	fprintf(h->fp, "%s%s</span>\n", ev->initiating ? " · <b>initiating"
	    "</b>" : ev->cascade ? " · cascade" : "",
	    ev->out_of_order ? " · out of order" : "");
	ht_context(h, ev);
	fprintf(h->fp, "</div>\n");
}

static void
ht_excerpts(struct html *h)
{
	const struct evidence_list	*tl = &h->an->timeline;

	if (tl->n + h->nextra == 0)
		return;
	fprintf(h->fp, "<section id=\"evidence\"><h2>Evidence excerpts</h2>\n");
	for (size_t i = 0; i < tl->n; i++) {
		const struct fold_group	*f = analysis_fold_of(h->an, i);

		if (f != NULL && f->members[0] != i)
			continue;
		ht_excerpt(h, &tl->v[i], i);
		if (f != NULL)
			fprintf(h->fp, "<p class=\"dim\">The same line on "
			    "%zu more node%s or rank%s: <a href=\"#fold-%zu\">"
			    "repeated evidence</a>.</p>\n", f->n - 1,
			    f->n == 2 ? "" : "s", f->n == 2 ? "" : "s",
			    (size_t)(f - h->an->folds));
	}
	for (size_t i = 0; i < h->nextra; i++)
		ht_excerpt(h, h->extra[i], tl->n + i);
	fprintf(h->fp, "</section>\n");
}

/* The inputs alike to input i (rep[] of report_input_groups()), one
 * row: the list one click away (issue 19). */
static void
ht_input_group(struct html *h, const size_t *rep, size_t i, size_t n)
{
	const struct analysis	*an = h->an;
	char			 c[32];

	fold_count(n, c);
	fprintf(h->fp, "<details><summary>%s inputs</summary>\n<ol>\n", c);
	for (size_t j = i; j < an->ninputs; j++) {
		if (rep[j] != i)
			continue;
		fprintf(h->fp, "<li><code>");
		ht_s(h, an->inputs[j].path, "?");
		fprintf(h->fp, "</code> ");
		ht_s(h, an->inputs[j].node, "?");
		fprintf(h->fp, "</li>\n");
	}
	fprintf(h->fp, "</ol></details></td><td>%s nodes", c);
}

static void
ht_inputs(struct html *h)
{
	const struct analysis	*an = h->an;
	size_t			*rep = report_input_groups(an, HT_ROWS_MAX);

	fprintf(h->fp, "<section id=\"inputs\"><h2>Inputs</h2>\n<table><tr>"
	    "<th>input</th><th>node</th><th>manifest</th><th>integrity</th>"
	    "<th>notes</th></tr>\n");
	for (size_t i = 0; i < an->ninputs; i++) {
		const struct input_info	*in = &an->inputs[i];
		size_t			 n = 1;

		if (rep != NULL && rep[i] != i)
			continue;
		for (size_t j = i + 1; rep != NULL && j < an->ninputs; j++)
			n += rep[j] == i;
		fprintf(h->fp, "<tr><td>");
		if (n > 1)
			ht_input_group(h, rep, i, n);
		else {
			fprintf(h->fp, "<code>");
			ht_s(h, in->path, "?");
			fprintf(h->fp, "</code></td><td>");
			ht_s(h, in->node, "?");
		}
		fprintf(h->fp, "</td><td>%s</td><td>", in->manifest ? "yes" :
		    "no");
		ht_s(h, in->integrity, "unknown");
		fprintf(h->fp, "</td><td>");
		for (size_t j = 0; j < in->nnotes; j++) {
			fprintf(h->fp, "%s", j ? "<br>" : "");
			ht_s(h, in->notes[j], "");
		}
		fprintf(h->fp, "</td></tr>\n");
	}
	fprintf(h->fp, "</table>\n");
	free(rep);
	if (an->nskew > 0)
		fprintf(h->fp, "<h3>Clock skew</h3>\n<ul>\n");
	for (size_t i = 0; i < an->nskew; i++) {
		fprintf(h->fp, "<li>");
		ht_s(h, an->skew[i], "");
		fprintf(h->fp, "</li>\n");
	}
	fprintf(h->fp, "%s</section>\n", an->nskew > 0 ? "</ul>\n" : "");
}

enum err_code
report_html(const struct analysis *an, FILE *fp,
    const struct report_opts *opts, struct err *e)
{
	struct html	 h = { .fp = fp, .an = an };

	if (ht_collect(&h) == -1) {
		free(h.extra);
		return ERR(e, ERR_NOMEM, "HTML report");
	}
	ht_head(&h);
	ht_verdict(&h);
	ht_collective(&h);
	ht_folds(&h);
	ht_timeline(&h);
	ht_host(&h);
	ht_usage(&h);
	ht_breakdown(&h);
	ht_series(&h);
	ht_device(&h);
	ht_dcgm(&h);
	ht_processes(&h);
	ht_findings(&h);
	ht_missing(&h);
	ht_excerpts(&h);
	ht_inputs(&h);
	fprintf(fp, "<footer class=\"dim\">oomtrail ");
	ht_s(&h, an->tool_version, "");
	fprintf(fp, " · %s%s</footer>\n</main>\n</body>\n</html>\n",
	    ANALYSIS_SCHEMA, an->damaged ? " · some input was damaged or "
	    "failed its hash" : "");
	free(h.extra);
	if (fflush(fp) == EOF || ferror(fp))
		return ERR_SYS(e, ERR_IO, "writing the HTML report");
	return ERR_OK;
}
