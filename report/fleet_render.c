/*
 * fleet_render: the fleet report's model (fleet_model.c,
 * oomtrail.fleet/1) as JSON, Markdown, or one self-contained HTML file:
 * no script, no external resource (a Content-Security-Policy forbids
 * them), inline CSS and inline SVG bar charts whose coordinates are
 * integers. Every string that came from a record is escaped.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "fleet_model.h"
#include "report.h"

#define FR_BARS		12	/* bars per chart */
#define FR_WEEK_CAUSES	6	/* causes stacked per week; the rest "other" */
#define FR_W		1000
#define FR_CP		300	/* code points of a table cell */

static const char *const fr_colors[] = {
	"#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f",
	"#8d6e63",
};


/* ---- Markdown ---- */

static void
md_s(FILE *fp, const char *s, const char *dflt)
{
	esc_md(fp, s != NULL ? s : dflt, FR_CP, 0);
}

/* Up to max items of arr, comma separated ("and N more", "none"), the
 * strings through put (md_s or ht_s). */
static void
fr_list(FILE *fp, json_t *arr, size_t max,
    void (*put)(FILE *, const char *, const char *))
{
	json_t	*v;
	size_t	 i;

	json_array_foreach(arr, i, v) {
		if (i == max) {
			fprintf(fp, " and %zu more", json_array_size(arr) - max);
			break;
		}
		if (i > 0)
			fputs(", ", fp);
		if (json_is_integer(v))
			fprintf(fp, "%" JSON_INTEGER_FORMAT,
			    json_integer_value(v));
		else
			put(fp, json_string_value(v), "?");
	}
	if (json_array_size(arr) == 0)
		fputs("none", fp);
}

static void
md_list(FILE *fp, json_t *arr, size_t max)
{
	fr_list(fp, arr, max, md_s);
}

static void
md_causes(FILE *fp, json_t *causes, size_t max)
{
	json_t	*c;
	size_t	 i;

	json_array_foreach(causes, i, c) {
		if (i == max) {
			fprintf(fp, ", …");
			break;
		}
		fprintf(fp, "%s", i > 0 ? ", " : "");
		md_s(fp, fleet_gs(c, "cause"), "unknown");
		fprintf(fp, " %.1f", fleet_gd(c, "gpu_hours_lost"));
	}
}

static void
md_groups(FILE *fp, json_t *rows, const char *title, const char *name)
{
	json_t	*g;
	size_t	 i;

	fprintf(fp, "## %s\n\n", title);
	if (json_array_size(rows) == 0) {
		fprintf(fp, "_None._\n\n");
		return;
	}
	fprintf(fp, "| %s | jobs | GPU-hours lost | causes (GPU-hours) |\n"
	    "|---|---|---|---|\n", name);
	json_array_foreach(rows, i, g) {
		fputs("| ", fp);
		md_s(fp, fleet_gs(g, name), "unknown");
		fprintf(fp, " | %" PRId64 " | %.1f | ", fleet_gi(g, "jobs"),
		    fleet_gd(g, "gpu_hours_lost"));
		md_causes(fp, json_object_get(g, "causes"), 4);
		fputs(" |\n", fp);
	}
	fputc('\n', fp);
}

static void
md_sick(FILE *fp, json_t *rows, int is_node)
{
	json_t	*e, *l;
	size_t	 i, j;

	if (json_array_size(rows) == 0) {
		fprintf(fp, "_None._\n\n");
		return;
	}
	json_array_foreach(rows, i, e) {
		fprintf(fp, "%zu. **", i + 1);
		md_s(fp, is_node ? fleet_gs(e, "node") : fleet_gs(e, "key"), "?");
		fputs("**", fp);
		if (!is_node) {
			fputs(" on ", fp);
			md_s(fp, fleet_gs(e, "node"), "an unknown node");
		}
		fprintf(fp, ": faults in %" PRId64 " jobs (", fleet_gi(e, "jobs"));
		md_list(fp, json_object_get(e, "job_ids"), 20);
		fputs("); Xids ", fp);
		md_list(fp, json_object_get(e, "xids"), 16);
		fprintf(fp, "; ECC errors %" PRId64 "; faults: ",
		    fleet_gi(e, "ecc_errors"));
		md_list(fp, json_object_get(e, "faults"), 8);
		fprintf(fp, "; %.1f GPU-hours lost.\n   Action: ",
		    fleet_gd(e, "gpu_hours_lost"));
		md_s(fp, fleet_gs(e, "recommendation"), "?");
		fputs(".\n", fp);
		json_array_foreach(json_object_get(e, "evidence"), j, l) {
			fputs("   - job ", fp);
			md_s(fp, fleet_gs(l, "job"), "?");
			fputs(", ", fp);
			md_s(fp, fleet_gs(l, "node"), "?");
			if (fleet_gs(l, "source") != NULL) {
				fputs(", ", fp);
				md_s(fp, fleet_gs(l, "source"), "");
				if (fleet_gi(l, "line") > 0)
					fprintf(fp, ":%" PRId64, fleet_gi(l, "line"));
			}
			fputs(": ", fp);
			esc_md_code(fp, fleet_gs(l, "text") ? fleet_gs(l, "text") : "",
			    FR_CP, 0);
			fputc('\n', fp);
		}
	}
	fputc('\n', fp);
}

static void
render_md(json_t *m, FILE *fp)
{
	json_t	*c, *r, *h;
	size_t	 i;

	fprintf(fp, "# oomtrail fleet report\n\n%" PRId64 " jobs",
	    fleet_gi(m, "jobs"));
	if (fleet_gs(m, "since") != NULL) {
		fputs(" since ", fp);
		md_s(fp, fleet_gs(m, "since"), "");
		fprintf(fp, " (%" PRId64 " earlier or undated left out)",
		    fleet_gi(m, "jobs_left_out"));
	}
	fprintf(fp, ", %.1f GPU-hours lost (%" PRId64 " jobs without a "
	    "GPU count or elapsed time).\n\n", fleet_gd(m, "gpu_hours_lost"),
	    fleet_gi(m, "jobs_without_gpu_hours"));
	fprintf(fp, "## Causes by GPU-hours lost\n\n");
	if (json_array_size(json_object_get(m, "causes")) == 0)
		fprintf(fp, "_None._\n\n");
	else
		fprintf(fp, "| cause | failure domain | jobs | GPU-hours lost |"
		    " jobs without GPU-hours |\n|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(m, "causes"), i, c) {
		fputs("| ", fp);
		md_s(fp, fleet_gs(c, "cause"), "unknown");
		fputs(" | ", fp);
		md_s(fp, fleet_gs(c, "failure_domain"), "unknown");
		fprintf(fp, " | %" PRId64 " | %.1f | %" PRId64 " |\n",
		    fleet_gi(c, "jobs"), fleet_gd(c, "gpu_hours_lost"),
		    fleet_gi(c, "jobs_without_gpu_hours"));
	}
	if (json_array_size(json_object_get(m, "causes")) > 0)
		fputc('\n', fp);
	md_groups(fp, json_object_get(m, "weeks"), "Per week (from Monday, UTC)",
	    "week");
	md_groups(fp, json_object_get(m, "partitions"), "Per partition",
	    "partition");
	md_groups(fp, json_object_get(m, "gpu_models"), "Per GPU model",
	    "gpu_model");
	fprintf(fp, "## Sick hardware\n\nFaults (an Xid not caused by the "
	    "application, uncorrectable ECC, page retirement, row remapping) "
	    "on one GPU or node in %d jobs or more.\n\n### GPUs\n\n", 2);
	md_sick(fp, json_object_get(m, "sick_gpus"), 0);
	fprintf(fp, "### Nodes\n\n");
	md_sick(fp, json_object_get(m, "sick_nodes"), 1);
	fprintf(fp, "### Drain first\n\n");
	if (json_array_size(json_object_get(m, "drain_first")) == 0)
		fprintf(fp, "_None._\n");
	json_array_foreach(json_object_get(m, "drain_first"), i, c) {
		fprintf(fp, "%zu. ", i + 1);
		md_s(fp, fleet_gs(c, "node"), "?");
		fprintf(fp, " (%" PRId64 " jobs; sick GPUs: ", fleet_gi(c, "jobs"));
		md_list(fp, json_object_get(c, "sick_gpus"), 8);
		fputs(")\n", fp);
	}
	h = json_object_get(m, "host_oom");
	fprintf(fp, "\n## Repeat host OOMs\n\n%" PRId64 " host OOM jobs; %"
	    PRId64 " of them by unknown users (no user, or names "
	    "pseudonymised with a one-off key, which do not match across "
	    "bundles).\n\n", fleet_gi(h, "jobs"), fleet_gi(h, "unknown_user_jobs"));
	if (json_array_size(json_object_get(h, "repeats")) == 0)
		fprintf(fp, "_None._\n\n");
	else
		fprintf(fp, "| user | account | memory limit (bytes) | jobs | "
		    "GPU-hours lost | job ids |\n|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(h, "repeats"), i, r) {
		fputs("| ", fp);
		md_s(fp, fleet_gs(r, "user"), "?");
		fputs(" | ", fp);
		md_s(fp, fleet_gs(r, "account"), "unknown");
		if (fleet_gi(r, "limit_bytes") >= 0)
			fprintf(fp, " | %" PRId64, fleet_gi(r, "limit_bytes"));
		else
			fputs(" | unknown", fp);
		fprintf(fp, " | %" PRId64 " | %.1f | ", fleet_gi(r, "jobs"),
		    fleet_gd(r, "gpu_hours_lost"));
		md_list(fp, json_object_get(r, "job_ids"), 12);
		fputs(" |\n", fp);
	}
	if (json_array_size(json_object_get(h, "repeats")) > 0)
		fputc('\n', fp);
	r = json_object_get(m, "inconclusive");
	fprintf(fp, "## Inconclusive verdicts\n\n%" PRId64 " of %" PRId64
	    " jobs (%.1f%%). The missing evidence that would have decided "
	    "them, most often first:\n\n", fleet_gi(r, "jobs"), fleet_gi(m, "jobs"),
	    100.0 * fleet_gd(r, "share"));
	if (json_array_size(json_object_get(r, "missing_evidence")) == 0)
		fprintf(fp, "_None._\n");
	else
		fprintf(fp, "| missing evidence | jobs |\n|---|---|\n");
	json_array_foreach(json_object_get(r, "missing_evidence"), i, c) {
		fputs("| ", fp);
		md_s(fp, fleet_gs(c, "evidence"), "?");
		fprintf(fp, " | %" PRId64 " |\n", fleet_gi(c, "jobs"));
	}
}

/* ---- HTML ---- */

static const char fr_css[] =
    "*{box-sizing:border-box}"
    "body{margin:0;font:15px/1.45 system-ui,\"Segoe UI\",\"DejaVu Sans\","
    "sans-serif;color:#1d2430;background:#f4f5f7}"
    "main{max-width:1140px;margin:0 auto;padding:14px 18px}"
    "header,section{background:#fff;border:1px solid #d6dae1;"
    "border-radius:6px;padding:12px 16px;margin:0 0 14px;min-width:0}"
    "h1{font-size:1.45em;margin:0 0 6px}h2{font-size:1.12em;margin:0 0 8px}"
    "h3{font-size:1em;margin:10px 0 4px}"
    "code{font:13px/1.4 \"DejaVu Sans Mono\",ui-monospace,monospace;"
    "overflow-wrap:anywhere}"
    "svg{width:100%;height:auto;display:block}"
    "svg text{font:11px system-ui,\"DejaVu Sans\",sans-serif;fill:#333}"
    "table{border-collapse:collapse;width:100%}"
    "td,th{border-bottom:1px solid #e3e6eb;padding:3px 6px;text-align:left;"
    "vertical-align:top;overflow-wrap:anywhere}"
    "td:last-child{width:45%}"
    "th{background:#f3f4f6}.dim{color:#5d6573;font-size:.92em}"
    ".legend span{margin-right:14px;white-space:nowrap}"
    ".sw{display:inline-block;width:11px;height:11px;margin-right:4px;"
    "vertical-align:-1px;border-radius:2px}"
    "details{margin:4px 0}summary{cursor:pointer}"
    "ul{padding-left:20px;margin:4px 0}"
    ".act{background:#eef7ee;padding:4px 8px;border-radius:4px}"
    "@media print{body{background:#fff}main{max-width:none;padding:0}"
    "header,section{border:none;break-inside:avoid;padding:6px 0}}";

static void
ht_s(FILE *fp, const char *s, const char *dflt)
{
	esc_html(fp, s != NULL ? s : dflt, FR_CP, 0);
}

static void
ht_list(FILE *fp, json_t *arr, size_t max)
{
	fr_list(fp, arr, max, ht_s);
}

/* Horizontal bars: one per row (the first FR_BARS), GPU-hours lost. */
static void
ht_bars(FILE *fp, json_t *rows, const char *name, const char *title)
{
	json_t	*g;
	size_t	 i, n = json_array_size(rows);
	double	 max = 0;
	int	 h;

	if (n > FR_BARS)
		n = FR_BARS;
	if (n == 0)
		return;
	json_array_foreach(rows, i, g)
		if (fleet_gd(g, "gpu_hours_lost") > max)
			max = fleet_gd(g, "gpu_hours_lost");
	h = (int)n * 22 + 8;
	fprintf(fp, "<svg viewBox=\"0 0 %d %d\" role=\"img\"><title>", FR_W,
	    h);
	ht_s(fp, title, "");
	fputs("</title>\n", fp);
	for (i = 0; i < n; i++) {
		int	 w;

		g = json_array_get(rows, i);
		w = max > 0 ? (int)(fleet_gd(g, "gpu_hours_lost") / max * 600.0) : 0;
		fprintf(fp, "<text x=\"0\" y=\"%d\">", (int)i * 22 + 18);
		esc_html(fp, fleet_gs(g, name) ? fleet_gs(g, name) : "unknown", 40, 0);
		fprintf(fp, "</text><rect x=\"260\" y=\"%d\" width=\"%d\" "
		    "height=\"16\" fill=\"%s\"><title>", (int)i * 22 + 5,
		    w > 0 ? w : 1, fr_colors[i % 7]);
		ht_s(fp, fleet_gs(g, name), "unknown");
		fprintf(fp, ": %.1f GPU-hours, %" PRId64 " jobs</title></rect>"
		    "<text x=\"%d\" y=\"%d\">%.1f GPU-h · %" PRId64
		    " jobs</text>\n", fleet_gd(g, "gpu_hours_lost"), fleet_gi(g, "jobs"),
		    266 + w, (int)i * 22 + 18, fleet_gd(g, "gpu_hours_lost"),
		    fleet_gi(g, "jobs"));
	}
	fputs("</svg>\n", fp);
}

/* The weeks as stacked columns: the fleet's top causes, the rest
 * "other". */
static void
ht_weeks(FILE *fp, json_t *m)
{
	json_t		*weeks = json_object_get(m, "weeks");
	json_t		*top = json_object_get(m, "causes"), *w, *c;
	const char	*names[FR_WEEK_CAUSES];
	size_t		 i, j, k, n = json_array_size(weeks), nt = 0;
	double		 max = 0;
	int		 colw, x;

	if (n == 0)
		return;
	json_array_foreach(top, i, c) {
		const char *s = fleet_gs(c, "cause") ? fleet_gs(c, "cause") : "unknown";

		for (k = 0; k < nt && strcmp(names[k], s) != 0; k++)
			;
		if (k == nt && nt < FR_WEEK_CAUSES)
			names[nt++] = s;
	}
	json_array_foreach(weeks, i, w)
		if (fleet_gd(w, "gpu_hours_lost") > max)
			max = fleet_gd(w, "gpu_hours_lost");
	colw = (int)((FR_W - 60) / n);
	if (colw > 100)
		colw = 100;
	if (colw < 2)
		colw = 2;
	fprintf(fp, "<svg viewBox=\"0 0 %d 240\" role=\"img\" id=\"week-chart\">"
	    "<title>GPU-hours lost per week, by cause</title>\n"
	    "<line x1=\"50\" y1=\"210\" x2=\"%d\" y2=\"210\" stroke=\"#999\"/>"
	    "<text x=\"0\" y=\"20\">%.0f h</text><text x=\"0\" y=\"210\">0</text>"
	    "\n", FR_W, FR_W, max);
	json_array_foreach(weeks, i, w) {
		int	 y = 210;
		double	 other = fleet_gd(w, "gpu_hours_lost");

		x = 56 + (int)i * colw;
		for (k = 0; k <= nt; k++) {
			double	 v = 0;
			int	 hh;

			if (k < nt) {
				json_array_foreach(json_object_get(w, "causes"),
				    j, c)
					if (strcmp(fleet_gs(c, "cause") ? fleet_gs(c,
					    "cause") : "unknown", names[k]) == 0)
						v = fleet_gd(c, "gpu_hours_lost");
				other -= v;
			} else
				v = other > 0.0005 ? other : 0;
			hh = max > 0 ? (int)(v / max * 190.0 + 0.5) : 0;
			if (hh <= 0)
				continue;
			y -= hh;
			fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\"><title>", x, y,
			    colw > 3 ? colw - 2 : colw, hh,
			    fr_colors[k < nt ? k : 6]);
			ht_s(fp, fleet_gs(w, "week"), "undated");
			fputs(": ", fp);
			ht_s(fp, k < nt ? names[k] : "other", "");
			fprintf(fp, " %.1f GPU-hours</title></rect>\n", v);
		}
		if (n <= 16 || i % (n / 8 + 1) == 0) {
			fprintf(fp, "<text x=\"%d\" y=\"226\">", x);
			ht_s(fp, fleet_gs(w, "week"), "undated");
			fputs("</text>\n", fp);
		}
	}
	fputs("</svg>\n<p class=\"legend\">", fp);
	for (k = 0; k <= nt; k++) {
		fprintf(fp, "<span><i class=\"sw\" style=\"background:%s\"></i>",
		    fr_colors[k < nt ? k : 6]);
		ht_s(fp, k < nt ? names[k] : "other", "");
		fputs("</span>", fp);
	}
	fputs("</p>\n", fp);
}

static void
ht_groups(FILE *fp, json_t *rows, const char *id, const char *title,
    const char *name)
{
	json_t	*g, *c;
	size_t	 i, j;

	fprintf(fp, "<section id=\"%s\"><h2>", id);
	ht_s(fp, title, "");
	fputs("</h2>\n", fp);
	if (strcmp(name, "week") == 0)
		;
	else
		ht_bars(fp, rows, name, title);
	fprintf(fp, "<table><thead><tr><th>%s</th><th>jobs</th><th>GPU-hours "
	    "lost</th><th>causes (GPU-hours)</th></tr></thead><tbody>\n",
	    strcmp(name, "gpu_model") == 0 ? "GPU model" : name);
	json_array_foreach(rows, i, g) {
		fputs("<tr><td>", fp);
		ht_s(fp, fleet_gs(g, name), "unknown");
		fprintf(fp, "</td><td>%" PRId64 "</td><td>%.1f</td><td>",
		    fleet_gi(g, "jobs"), fleet_gd(g, "gpu_hours_lost"));
		json_array_foreach(json_object_get(g, "causes"), j, c) {
			if (j == 4) {
				fputs(", …", fp);
				break;
			}
			fputs(j > 0 ? ", " : "", fp);
			ht_s(fp, fleet_gs(c, "cause"), "unknown");
			fprintf(fp, " %.1f", fleet_gd(c, "gpu_hours_lost"));
		}
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table></section>\n", fp);
}

static void
ht_sick(FILE *fp, json_t *rows, int is_node)
{
	json_t	*e, *l;
	size_t	 i, j;

	if (json_array_size(rows) == 0) {
		fputs("<p>None.</p>\n", fp);
		return;
	}
	fprintf(fp, "<table class=\"sick\"><thead><tr><th>%s</th><th>jobs</th>"
	    "<th>Xids</th><th>ECC</th><th>faults</th><th>action and evidence"
	    "</th></tr></thead><tbody>\n", is_node ? "node" : "GPU (node)");
	json_array_foreach(rows, i, e) {
		fputs("<tr><td><b>", fp);
		ht_s(fp, is_node ? fleet_gs(e, "node") : fleet_gs(e, "key"), "?");
		fputs("</b>", fp);
		if (!is_node) {
			fputs("<br><span class=\"dim\">", fp);
			ht_s(fp, fleet_gs(e, "node"), "node unknown");
			fputs("</span>", fp);
		}
		fprintf(fp, "</td><td>%" PRId64 "</td><td>", fleet_gi(e, "jobs"));
		ht_list(fp, json_object_get(e, "xids"), 16);
		fprintf(fp, "</td><td>%" PRId64 "</td><td>",
		    fleet_gi(e, "ecc_errors"));
		ht_list(fp, json_object_get(e, "faults"), 8);
		fputs("</td><td><div class=\"act\">", fp);
		ht_s(fp, fleet_gs(e, "recommendation"), "");
		fputs("</div><details><summary>jobs and evidence lines"
		    "</summary><p>Jobs: ", fp);
		ht_list(fp, json_object_get(e, "job_ids"), 200);
		fputs("</p><ul>\n", fp);
		json_array_foreach(json_object_get(e, "evidence"), j, l) {
			fputs("<li>job ", fp);
			ht_s(fp, fleet_gs(l, "job"), "?");
			fputs(", ", fp);
			ht_s(fp, fleet_gs(l, "node"), "?");
			if (fleet_gs(l, "source") != NULL) {
				fputs(", ", fp);
				ht_s(fp, fleet_gs(l, "source"), "");
				if (fleet_gi(l, "line") > 0)
					fprintf(fp, ":%" PRId64, fleet_gi(l, "line"));
			}
			fputs(": <code>", fp);
			ht_s(fp, fleet_gs(l, "text"), "");
			fputs("</code></li>\n", fp);
		}
		fputs("</ul></details></td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
}

static void
render_html(json_t *m, FILE *fp)
{
	json_t	*c, *r, *h;
	size_t	 i;

	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<meta name=\"referrer\" "
	    "content=\"no-referrer\">\n<meta name=\"oomtrail-report\" "
	    "content=\"fleet\">\n<title>oomtrail fleet report</title>\n"
	    "<style>%s</style>\n</head>\n<body>\n<main>\n", fr_css);
	fprintf(fp, "<header id=\"fleet-summary\"><h1>oomtrail fleet report"
	    "</h1><p>%" PRId64 " jobs", fleet_gi(m, "jobs"));
	if (fleet_gs(m, "since") != NULL) {
		fputs(" since ", fp);
		ht_s(fp, fleet_gs(m, "since"), "");
		fprintf(fp, " (%" PRId64 " earlier or undated left out)",
		    fleet_gi(m, "jobs_left_out"));
	}
	fprintf(fp, ", <b>%.1f GPU-hours lost</b> (%" PRId64 " jobs without a "
	    "GPU count or elapsed time); %zu sick GPUs, %zu sick nodes; %.1f%% "
	    "inconclusive.</p></header>\n", fleet_gd(m, "gpu_hours_lost"),
	    fleet_gi(m, "jobs_without_gpu_hours"),
	    json_array_size(json_object_get(m, "sick_gpus")),
	    json_array_size(json_object_get(m, "sick_nodes")),
	    100.0 * fleet_gd(json_object_get(m, "inconclusive"), "share"));
	fputs("<section id=\"fleet-causes\"><h2>Causes by GPU-hours lost</h2>\n",
	    fp);
	ht_bars(fp, json_object_get(m, "causes"), "cause",
	    "GPU-hours lost by cause");
	fputs("<table><thead><tr><th>cause</th><th>failure domain</th>"
	    "<th>jobs</th><th>GPU-hours lost</th><th>jobs without GPU-hours"
	    "</th></tr></thead><tbody>\n", fp);
	json_array_foreach(json_object_get(m, "causes"), i, c) {
		fputs("<tr><td>", fp);
		ht_s(fp, fleet_gs(c, "cause"), "unknown");
		fputs("</td><td>", fp);
		ht_s(fp, fleet_gs(c, "failure_domain"), "unknown");
		fprintf(fp, "</td><td>%" PRId64 "</td><td>%.1f</td><td>%" PRId64
		    "</td></tr>\n", fleet_gi(c, "jobs"), fleet_gd(c, "gpu_hours_lost"),
		    fleet_gi(c, "jobs_without_gpu_hours"));
	}
	fputs("</tbody></table></section>\n<section id=\"fleet-weeks-chart\">"
	    "<h2>GPU-hours lost per week (from Monday, UTC)</h2>\n", fp);
	ht_weeks(fp, m);
	fputs("</section>\n", fp);
	ht_groups(fp, json_object_get(m, "weeks"), "fleet-weeks", "Per week",
	    "week");
	ht_groups(fp, json_object_get(m, "partitions"), "fleet-partitions",
	    "Per partition", "partition");
	ht_groups(fp, json_object_get(m, "gpu_models"), "fleet-models",
	    "Per GPU model", "gpu_model");
	fputs("<section id=\"fleet-sick\"><h2>Sick hardware</h2><p>Faults (an "
	    "Xid not caused by the application, uncorrectable ECC, page "
	    "retirement, row remapping) on one GPU or node in 2 jobs or more."
	    "</p>\n<h3>Drain first</h3><ol id=\"drain-first\">\n", fp);
	json_array_foreach(json_object_get(m, "drain_first"), i, c) {
		fputs("<li><b>", fp);
		ht_s(fp, fleet_gs(c, "node"), "?");
		fprintf(fp, "</b> (%" PRId64 " jobs; sick GPUs: ", fleet_gi(c,
		    "jobs"));
		ht_list(fp, json_object_get(c, "sick_gpus"), 8);
		fputs(")</li>\n", fp);
	}
	fputs("</ol>\n<h3>GPUs</h3>\n", fp);
	ht_sick(fp, json_object_get(m, "sick_gpus"), 0);
	fputs("<h3>Nodes</h3>\n", fp);
	ht_sick(fp, json_object_get(m, "sick_nodes"), 1);
	h = json_object_get(m, "host_oom");
	fprintf(fp, "</section>\n<section id=\"fleet-host-oom\"><h2>Repeat "
	    "host OOMs</h2><p>%" PRId64 " host OOM jobs; %" PRId64 " of them "
	    "by unknown users (no user, or names pseudonymised with a one-off "
	    "key, which do not match across bundles).</p>\n", fleet_gi(h, "jobs"),
	    fleet_gi(h, "unknown_user_jobs"));
	fputs("<table><thead><tr><th>user</th><th>account</th><th>memory limit "
	    "(bytes)</th><th>jobs</th><th>job ids</th></tr></thead><tbody>\n",
	    fp);
	json_array_foreach(json_object_get(h, "repeats"), i, r) {
		fputs("<tr><td>", fp);
		ht_s(fp, fleet_gs(r, "user"), "?");
		fputs("</td><td>", fp);
		ht_s(fp, fleet_gs(r, "account"), "unknown");
		if (fleet_gi(r, "limit_bytes") >= 0)
			fprintf(fp, "</td><td>%" PRId64, fleet_gi(r, "limit_bytes"));
		else
			fputs("</td><td>unknown", fp);
		fprintf(fp, "</td><td>%" PRId64 "</td><td><details><summary>"
		    "%zu job ids</summary>", fleet_gi(r, "jobs"), json_array_size(
		    json_object_get(r, "job_ids")));
		ht_list(fp, json_object_get(r, "job_ids"), 200);
		fputs("</details></td></tr>\n", fp);
	}
	r = json_object_get(m, "inconclusive");
	fprintf(fp, "</tbody></table></section>\n<section id=\"fleet-"
	    "inconclusive\"><h2>Inconclusive verdicts</h2><p>%" PRId64 " of %"
	    PRId64 " jobs (%.1f%%). The missing evidence that would have "
	    "decided them, most often first:</p>\n<table><thead><tr><th>"
	    "missing evidence</th><th>jobs</th></tr></thead><tbody>\n",
	    fleet_gi(r, "jobs"), fleet_gi(m, "jobs"), 100.0 * fleet_gd(r, "share"));
	json_array_foreach(json_object_get(r, "missing_evidence"), i, c) {
		fputs("<tr><td>", fp);
		ht_s(fp, fleet_gs(c, "evidence"), "?");
		fprintf(fp, "</td><td>%" PRId64 "</td></tr>\n", fleet_gi(c, "jobs"));
	}
	fputs("</tbody></table></section>\n<p class=\"dim\">oomtrail ", fp);
	ht_s(fp, fleet_gs(m, "tool_version"), "");
	fputs("</p>\n</main>\n</body>\n</html>\n", fp);
}

int
fleet_render(json_t *m, int fmt, FILE *fp)
{
	if (fmt == REPORT_JSON) {
		if (json_dumpf(m, fp, JSON_INDENT(2) | JSON_REAL_PRECISION(12))
		    != 0)
			return -1;
		fputc('\n', fp);
	} else if (fmt == REPORT_HTML)
		render_html(m, fp);
	else
		render_md(m, fp);
	return ferror(fp) ? -1 : 0;
}
