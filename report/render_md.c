/*
 * render_md: the analysis as GitHub-flavoured Markdown for a support
 * ticket. The verdict is on top; evidence is quoted as code spans with
 * its source:line; a compact timeline table shows a window of rows around
 * the initiating event; then ruled out, "What was not collected", the
 * quantities and the inputs.
 *
 * It summarises rather than dumps, so that a 256-node job still fits a
 * ticket (well under 64 KB): every list and table has a cap with an
 * "N more" line, cited lines are cut, and repeated secondary evidence is
 * grouped by kind with counts and two examples; a line repeated on many
 * nodes or ranks (an->folds) is one row and one "Repeated evidence" item. Bundle text is only ever
 * inside code spans (esc_md_code) and prose through esc_md, so it can
 * create no link, image, HTML or heading.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

#define MD_ROWS_DEFAULT	40	/* timeline rows */
#define MD_LIST_MAX	12	/* findings, ruled out */
#define MD_MISSING_MAX	24
#define MD_TABLE_MAX	24	/* quantity and input rows */
#define MD_EXAMPLES	2	/* quoted evidence per finding */
#define MD_KINDS_MAX	8	/* kinds counted per finding */
#define MD_QUOTE_CP	300	/* code points of a quoted line */
#define MD_CELL_CP	100	/* code points of a table excerpt */

static void
md_cite(FILE *fp, const struct evidence *ev, int flags)
{
	char	 cite[512];

	snprintf(cite, sizeof(cite), ev->line ? "%s:%" PRIu32 : "%s",
	    ev->source != NULL ? ev->source : "?", ev->line);
	esc_md_code(fp, cite, 120, flags);
}

/* "> `text` — `source:line` · node · time (quality)" */
static void
md_quote(FILE *fp, const struct evidence *ev, const char *indent)
{
	char	 when[48];

	report_time(ev, when);
	fprintf(fp, "%s> ", indent);
	esc_md_code(fp, ev->text, MD_QUOTE_CP, 0);
	fprintf(fp, "<br>\n%s> — ", indent);
	md_cite(fp, ev, 0);
	if (ev->node != NULL) {
		fprintf(fp, " · ");
		esc_md(fp, ev->node, 64, 0);
	}
	fprintf(fp, " · %s", when);
	if (ev->has_time && ev->time_quality != NULL) {
		fprintf(fp, " (");
		esc_md(fp, ev->time_quality, 32, 0);
		fprintf(fp, ")");
	}
	if (ev->xid != NULL) {
		char	note[1024];

		report_xid_note(ev->xid, note, sizeof(note));
		fprintf(fp, "<br>\n%s> ", indent);
		esc_md(fp, note, 0, 0);
	}
	fprintf(fp, "\n");
}

static void
md_more(FILE *fp, size_t total, size_t shown, const char *what)
{
	if (total > shown)
		fprintf(fp, "\n_… and %zu more %s (see the JSON or HTML "
		    "report)._\n", total - shown, what);
}

static void
md_verdict(FILE *fp, const struct verdict *v)
{
	fprintf(fp, "# oomtrail verdict: ");
	esc_md_code(fp, v->cause != NULL ? v->cause : "inconclusive", 64, 0);
	fprintf(fp, "\n\n**Boundary:** ");
	esc_md(fp, v->boundary != NULL ? v->boundary : "unknown", 64, 0);
	fprintf(fp, " · **Confidence:** ");
	esc_md(fp, v->confidence != NULL ? v->confidence : "unknown", 64, 0);
	if (v->rule != NULL) {
		fprintf(fp, " · **Rule:** ");
		esc_md_code(fp, v->rule, 64, 0);
	}
	fprintf(fp, "\n\n");
	if (v->summary != NULL) {
		esc_md(fp, v->summary, 0, 0);
		fprintf(fp, "\n\n");
	}
	if (v->confidence_reason != NULL) {
		fprintf(fp, "**Why this confidence:** ");
		esc_md(fp, v->confidence_reason, 0, 0);
		fprintf(fp, "\n\n");
	}
	fprintf(fp, "**Initiating evidence:**%s\n\n",
	    v->initiating == NULL ? " none found." : "");
	if (v->initiating != NULL) {
		md_quote(fp, v->initiating, "");
		fprintf(fp, "\n");
	}
	fprintf(fp, "**Next control:** ");
	esc_md(fp, v->next_action != NULL ? v->next_action :
	    "collect the evidence listed under What was not collected.",
	    0, 0);
	fprintf(fp, "\n");
	if (v->failure_domain != NULL && v->retry_outlook != NULL) {
		fprintf(fp, "\n**Retry:** ");
		esc_md_code(fp, v->retry_outlook, 64, 0);
		fprintf(fp, " (failure domain ");
		esc_md_code(fp, v->failure_domain, 64, 0);
		fprintf(fp, ")");
		if (v->outlook_reason != NULL) {
			fprintf(fp, ": ");
			esc_md(fp, v->outlook_reason, 0, 0);
		}
		fprintf(fp, "\n");
	}
}

/* "N events: kind ×a, kind ×b" for one finding's evidence. */
static void
md_kind_counts(FILE *fp, const struct evidence_list *l)
{
	const char	*kind[MD_KINDS_MAX];
	size_t		 count[MD_KINDS_MAX], nk = 0, other = 0, k;

	for (size_t i = 0; i < l->n; i++) {
		const char	*s = l->v[i].kind != NULL ? l->v[i].kind : "line";

		for (k = 0; k < nk && strcmp(kind[k], s) != 0; k++)
			;
		if (k == nk && nk == MD_KINDS_MAX) {
			other++;
			continue;
		}
		if (k == nk) {
			kind[nk] = s;
			count[nk++] = 0;
		}
		count[k]++;
	}
	fprintf(fp, " — %zu event%s", l->n, l->n == 1 ? "" : "s");
	for (k = 0; k < nk; k++) {
		fprintf(fp, "%s", k == 0 ? ": " : ", ");
		esc_md(fp, kind[k], 40, 0);
		fprintf(fp, " ×%zu", count[k]);
	}
	if (other > 0)
		fprintf(fp, ", other ×%zu", other);
}

static void
md_examples(FILE *fp, const struct evidence_list *l)
{
	size_t	 n = l->n < MD_EXAMPLES ? l->n : MD_EXAMPLES;

	for (size_t i = 0; i < n; i++) {
		fprintf(fp, "\n");
		md_quote(fp, &l->v[i], "  ");
	}
}

static void
md_findings(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->nsecondary < MD_LIST_MAX ? an->nsecondary :
		    MD_LIST_MAX;

	if (an->nsecondary == 0)
		return;
	fprintf(fp, "\n## Cascade and secondary findings\n\n");
	for (size_t i = 0; i < n; i++) {
		const struct finding	*f = &an->secondary[i];

		fprintf(fp, "- ");
		esc_md_code(fp, f->cause != NULL ? f->cause : "?", 64, 0);
		fprintf(fp, ": ");
		esc_md(fp, f->summary, 400, 0);
		md_kind_counts(fp, &f->evidence);
		fprintf(fp, "\n");
		md_examples(fp, &f->evidence);
	}
	md_more(fp, an->nsecondary, n, "findings");
}

/* The job's collective timeouts folded per rank (issue 18). */
static void
md_collective(FILE *fp, const struct analysis *an)
{
	const struct collective_q	*c = an->collective;
	size_t				 shown = 0;

	if (c == NULL)
		return;
	fprintf(fp, "\n## Collective stall\n\n");
	esc_md(fp, c->summary, 0, 0);
	fprintf(fp, "\n\n");
	for (size_t i = 0; i < c->nstalled && shown < MD_LIST_MAX; i++)
		if (c->stalled[i].evidence != NULL) {
			md_quote(fp, c->stalled[i].evidence, "");
			fprintf(fp, "\n");
			shown++;
		}
	for (size_t i = 0; i < c->evidence.n && i < MD_LIST_MAX; i++)
		md_quote(fp, &c->evidence.v[i], "");
}

static void
md_ruled_out(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->nruled_out < MD_LIST_MAX ? an->nruled_out :
		    MD_LIST_MAX;

	if (an->nruled_out == 0)
		return;
	fprintf(fp, "\n## Ruled out\n\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(fp, "- ");
		esc_md_code(fp, an->ruled_out[i].cause != NULL ?
		    an->ruled_out[i].cause : "?", 64, 0);
		fprintf(fp, ": ");
		esc_md(fp, an->ruled_out[i].why, 400, 0);
		fprintf(fp, "\n");
		md_examples(fp, &an->ruled_out[i].evidence);
	}
	md_more(fp, an->nruled_out, n, "alternatives");
}

static void
md_missing(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->nmissing < MD_MISSING_MAX ? an->nmissing :
		    MD_MISSING_MAX;

	if (an->nmissing == 0)
		return;
	fprintf(fp, "\n## What was not collected\n\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(fp, "- **");
		esc_md(fp, an->missing[i].evidence, 120, 0);
		fprintf(fp, "**: ");
		esc_md(fp, an->missing[i].would_decide, 400, 0);
		fprintf(fp, "\n");
	}
	md_more(fp, an->nmissing, n, "items");
}

/* The window of timeline rows to show: centred on the initiating event.
 * rows[] are the timeline indices shown (a folded group's first member
 * stands for the group). */
static void
md_window(const struct evidence_list *tl, const size_t *row, size_t n,
    size_t rows, size_t *lo, size_t *hi)
{
	size_t	 ini = 0;

	for (size_t i = 0; i < n; i++)
		if (tl->v[row[i]].initiating) {
			ini = i;
			break;
		}
	*lo = ini > rows / 2 ? ini - rows / 2 : 0;
	*hi = *lo + rows < n ? *lo + rows : n;
	if (*hi - *lo < rows)
		*lo = *hi > rows ? *hi - rows : 0;
}

static void
md_timeline_row(FILE *fp, const struct evidence *ev,
    const struct fold_group *f)
{
	char	 when[48], lab[96];

	report_time(ev, when);
	fprintf(fp, "| %s%s | ", when, ev->initiating ? " **initiating**" :
	    ev->cascade ? " _cascade_" : "");
	esc_md(fp, ev->node != NULL ? ev->node : "?", 48, ESC_TABLE);
	if (f != NULL) {
		fold_label(f, lab);
		fprintf(fp, " (first of %s)", lab);
	}
	fprintf(fp, " | ");
	md_cite(fp, ev, ESC_TABLE);
	fprintf(fp, " | ");
	esc_md(fp, ev->kind != NULL ? ev->kind : "", 32, ESC_TABLE);
	fprintf(fp, " | ");
	esc_md_code(fp, ev->text, MD_CELL_CP, ESC_TABLE);
	fprintf(fp, " |\n");
}

static void
md_timeline(FILE *fp, const struct analysis *an, size_t rows)
{
	const struct evidence_list	*tl = &an->timeline;
	size_t				 lo, hi, n = 0, *row;

	if (tl->n == 0)
		return;
	if ((row = calloc(tl->n, sizeof(*row))) == NULL)
		return;
	for (size_t i = 0; i < tl->n; i++) {
		const struct fold_group	*f = analysis_fold_of(an, i);

		if (f == NULL || f->members[0] == i ||
		    tl->v[i].initiating)
			row[n++] = i;
	}
	md_window(tl, row, n, rows, &lo, &hi);
	fprintf(fp, "\n## Timeline\n\n");
	if (n < tl->n)
		fprintf(fp, "_%zu events; lines repeated on other nodes or "
		    "ranks are shown once (see Repeated evidence)._\n\n",
		    tl->n);
	if (lo > 0)
		fprintf(fp, "_%zu earlier events not shown._\n\n", lo);
	fprintf(fp, "| time (UTC) | node | source:line | kind | text |\n"
	    "|---|---|---|---|---|\n");
	for (size_t i = lo; i < hi; i++) {
		const struct fold_group	*f = analysis_fold_of(an, row[i]);

		md_timeline_row(fp, &tl->v[row[i]], f != NULL &&
		    f->members[0] == row[i] ? f : NULL);
	}
	if (hi < n)
		fprintf(fp, "\n_%zu more events not shown._\n", n - hi);
	free(row);
}

/* Identical evidence across nodes and ranks, once per group (issue 19). */
static void
md_folds(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->nfolds < MD_LIST_MAX ? an->nfolds : MD_LIST_MAX;

	if (an->nfolds == 0)
		return;
	fprintf(fp, "\n## Repeated evidence\n\n");
	for (size_t i = 0; i < n; i++) {
		const struct fold_group	*f = &an->folds[i];
		const struct evidence	*a = &an->timeline.v[f->members[0]];
		const struct evidence	*z = &an->timeline.v[f->members[f->n -
					    1]];
		char			 lab[96], t0[48], t1[48];

		fold_label(f, lab);
		report_time(a, t0);
		report_time(z, t1);
		fprintf(fp, "- **%s**: ", lab);
		esc_md_code(fp, a->text, MD_QUOTE_CP, 0);
		fprintf(fp, " (");
		esc_md(fp, f->kind != NULL ? f->kind : "?", 32, 0);
		fprintf(fp, "; first ");
		esc_md(fp, a->node != NULL ? a->node : "node unknown", 48, 0);
		fprintf(fp, " at %s, last ", t0);
		esc_md(fp, z->node != NULL ? z->node : "node unknown", 48, 0);
		fprintf(fp, " at %s)\n", t1);
	}
	md_more(fp, an->nfolds, n, "groups");
}

static void
md_cell_bytes(FILE *fp, int64_t v)
{
	char	 b[32];

	report_bytes(v, b);
	fprintf(fp, " %s |", b);
}

static void
md_host(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->nhost < MD_TABLE_MAX ? an->nhost : MD_TABLE_MAX;

	if (an->nhost == 0)
		return;
	fprintf(fp, "\n### Host memory per step\n\n"
	    "| step | node | state | ReqMem | cgroup limit | MaxRSS | peak |"
	    " OOM kills |\n|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const struct host_q	*h = &an->host[i];

		fprintf(fp, "| ");
		esc_md(fp, h->step != NULL ? h->step : "?", 32, ESC_TABLE);
		fprintf(fp, " | ");
		esc_md(fp, h->node != NULL ? h->node : "?", 48, ESC_TABLE);
		fprintf(fp, " | ");
		esc_md(fp, h->state != NULL ? h->state : "?", 32, ESC_TABLE);
		fprintf(fp, " |");
		md_cell_bytes(fp, h->req_mem_bytes);
		md_cell_bytes(fp, h->cgroup_limit_bytes);
		md_cell_bytes(fp, h->max_rss_bytes);
		md_cell_bytes(fp, h->cgroup_peak_bytes);
		if (h->oom_kills >= 0)
			fprintf(fp, " %" PRId64 " |\n", h->oom_kills);
		else
			fprintf(fp, " unknown |\n");
	}
	md_more(fp, an->nhost, n, "steps");
}

static void
md_usage(FILE *fp, const struct analysis *an)
{
	for (size_t i = 0; i < an->nusage; i++) {
		const struct usage_q	*u = &an->usage[i];

		fprintf(fp, "\n### Memory as each meter saw it\n\nStep ");
		esc_md(fp, u->step != NULL ? u->step : "?", 32, 0);
		fprintf(fp, " on ");
		esc_md(fp, u->node != NULL ? u->node : "?", 48, 0);
		fprintf(fp, ", enforced by %s.\n\n| meter | bytes | "
		    "measures |\n|---|---|---|\n",
		    report_enforcer(u->enforced_by));
		for (size_t k = 0; k < report_nmeters; k++) {
			fprintf(fp, "| %s |", report_meters[k].label);
			md_cell_bytes(fp, report_meter_value(u, k));
			fprintf(fp, " %s |\n", report_meters[k].measures);
		}
		fprintf(fp, "\n");
		esc_md(fp, u->summary != NULL ? u->summary : "", 0, 0);
		fprintf(fp, "\n\nSources: ");
		for (size_t k = 0; k < u->evidence.n; k++) {
			fprintf(fp, "%s", k > 0 ? ", " : "");
			md_cite(fp, &u->evidence.v[k], 0);
		}
		fprintf(fp, "\n");
	}
}

#define MD_BAR	40	/* characters of the breakdown bar */

static void
md_breakdown(FILE *fp, const struct analysis *an)
{
	char	 bar[MD_BAR + 1];

	for (size_t i = 0; i < an->nbreakdown; i++) {
		const struct breakdown_q	*q = &an->breakdown[i];

		fprintf(fp, "\n### What filled the limit\n\nCgroup ");
		esc_md(fp, q->cgroup != NULL ? q->cgroup : "?", 160, 0);
		fprintf(fp, " on ");
		esc_md(fp, q->node != NULL ? q->node : "?", 48, 0);
		fprintf(fp, ", %s.\n\n", q->at != NULL &&
		    strcmp(q->at, "kill") == 0 ? "at the kill (the kernel's "
		    "Memory cgroup stats)" : "at collection (memory.stat)");
		report_bd_bar(q, MD_BAR, bar);
		fprintf(fp, "`[%s]` against the limit\n\n| part | bytes |\n"
		    "|---|---|\n", bar);
		for (size_t k = 0; k < BD_PARTS; k++) {
			fprintf(fp, "| `%c` %s |", report_parts[k].key,
			    report_parts[k].label);
			md_cell_bytes(fp, q->parts[k]);
			fprintf(fp, "\n");
		}
		fprintf(fp, "| charged |");
		md_cell_bytes(fp, q->usage_bytes);
		fprintf(fp, "\n| limit |");
		md_cell_bytes(fp, q->limit_bytes);
		fprintf(fp, "\n");
		if (q->nholders > 0)
			fprintf(fp, "\nLargest holders (of %" PRId64 " tasks):"
			    "\n\n| pid | name | step | RSS | anon | swap | "
			    "|\n|---|---|---|---|---|---|---|\n", q->tasks);
		for (size_t k = 0; k < q->nholders; k++) {
			const struct holder_q	*h = &q->holders[k];

			fprintf(fp, "| %" PRId64 " | ", h->pid);
			esc_md(fp, h->name != NULL ? h->name : "?", 32,
			    ESC_TABLE);
			fprintf(fp, " | ");
			esc_md(fp, h->step != NULL ? h->step : "", 32,
			    ESC_TABLE);
			fprintf(fp, " |");
			md_cell_bytes(fp, h->rss_bytes);
			md_cell_bytes(fp, h->anon_bytes);
			md_cell_bytes(fp, h->swap_bytes);
			fprintf(fp, " %s |\n", h->victim ? "victim" : "");
		}
		fprintf(fp, "\nSources: ");
		for (size_t k = 0; k < q->evidence.n; k++) {
			fprintf(fp, "%s", k > 0 ? ", " : "");
			md_cite(fp, &q->evidence.v[k], 0);
		}
		fprintf(fp, "\n");
	}
}

#define MD_SERIES_ROWS	8	/* sample rows per series */

static void
md_series_one(FILE *fp, const struct series_q *q)
{
	char		 gb[64];
	char		 b[32], when[48];
	struct evidence	 ev = { .has_time = 1 };
	size_t		 step = q->npoints > MD_SERIES_ROWS ?
			    (q->npoints + MD_SERIES_ROWS - 1) / MD_SERIES_ROWS :
			    1;

	fprintf(fp, "\n**");
	esc_md(fp, q->name != NULL ? q->name : "?", 64, 0);
	fprintf(fp, "** on ");
	esc_md(fp, q->node != NULL ? q->node : "?", 48, 0);
	fprintf(fp, ": `%s`", q->shape != NULL ? q->shape : "?");
	fprintf(fp, "%s", report_growth(q, gb));
	fprintf(fp, "%s", report_runway(q, gb));
	report_bytes(q->limit_bytes, b);
	fprintf(fp, ", limit %s", b);
	if (q->has_tenant) {
		ev.time_ns = q->tenant_ns;
		report_time(&ev, when);
		fprintf(fp, ", another process from %s", when);
	}
	fprintf(fp, "\n\n| %s | bytes |\n|---|---|\n", q->axis == NULL ||
	    strcmp(q->axis, "time") == 0 ? "time (UTC)" :
	    strcmp(q->axis, "iteration") == 0 ? "iteration" : "report");
	for (size_t i = 0; i < q->npoints; i += step) {
		size_t	k = i + step >= q->npoints ? q->npoints - 1 : i;

		ev.time_ns = q->t_ns[k];
		report_time(&ev, when);
		if (q->axis != NULL && strcmp(q->axis, "time") != 0)
			snprintf(when, sizeof(when), "%" PRId64,
			    (int64_t)(q->t_ns[k] / 1000000000LL));
		report_bytes(q->v[k], b);
		fprintf(fp, "| %s%s | %s |\n", when, q->has_step &&
		    q->t_ns[k] >= q->step_ns && (k == 0 ||
		    q->t_ns[k > step ? k - step : 0] < q->step_ns) ?
		    " (step)" : "", b);
		if (k == q->npoints - 1)
			break;
	}
}

static void
md_series(FILE *fp, const struct analysis *an)
{
	size_t	n = an->nseries < MD_TABLE_MAX ? an->nseries : MD_TABLE_MAX;

	if (an->nseries == 0)
		return;
	fprintf(fp, "\n### Memory over time\n");
	for (size_t i = 0; i < n; i++)
		md_series_one(fp, &an->series[i]);
	md_more(fp, an->nseries, n, "series");
}

/* DCGM's job statistics per GPU (issue 18), when read. */
static void
md_dcgm(FILE *fp, const struct analysis *an)
{
	size_t	n = an->ndcgm < MD_TABLE_MAX ? an->ndcgm : MD_TABLE_MAX;
	char	line[512];

	if (an->ndcgm == 0)
		return;
	fprintf(fp, "\n### DCGM job statistics\n\n");
	for (size_t i = 0; i < n; i++) {
		report_dcgm(&an->dcgm[i], line, sizeof(line));
		fprintf(fp, "- ");
		esc_md(fp, line, 0, 0);
		fprintf(fp, "\n");
	}
	md_more(fp, an->ndcgm, n, "GPUs");
}

static void
md_device(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->ndevice < MD_TABLE_MAX ? an->ndevice : MD_TABLE_MAX;

	size_t	 gpus = 0;

	if (an->ndevice == 0)
		return;
	for (size_t i = 0; i < n; i++)
		gpus += an->device[i].step == NULL;
	fprintf(fp, "\n### GPU memory\n\n");
	if (gpus > 0)
		fprintf(fp, "| GPU | node | product | capacity | reserved | "
		    "allocated | free | requested |\n"
		    "|---|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const struct device_q	*d = &an->device[i];

		if (d->step != NULL)	/* Slurm's accounting: below */
			continue;
		fprintf(fp, "| ");
		esc_md(fp, d->gpu != NULL ? d->gpu : "?", 48, ESC_TABLE);
		fprintf(fp, " | ");
		esc_md(fp, d->node != NULL ? d->node : "?", 48, ESC_TABLE);
		fprintf(fp, " | ");
		esc_md(fp, d->product != NULL ? d->product : "?", 48,
		    ESC_TABLE);
		if (d->api != NULL) {	/* ROCm's evidence (issue 18) */
			fprintf(fp, " (");
			esc_md(fp, d->api, 8, ESC_TABLE);
			fprintf(fp, ")");
		}
		fprintf(fp, " |");
		md_cell_bytes(fp, d->capacity_bytes);
		md_cell_bytes(fp, d->reserved_bytes);
		md_cell_bytes(fp, d->allocated_bytes);
		md_cell_bytes(fp, d->free_bytes);
		md_cell_bytes(fp, d->requested_bytes);
		fprintf(fp, "\n");
	}
	md_more(fp, an->ndevice, n, "GPUs");
	for (size_t i = 0; i < n; i++) {
		char	line[640];

		if (an->device[i].snapshot == NULL)
			continue;
		fprintf(fp, "\nGPU ");
		esc_md(fp, an->device[i].gpu != NULL ? an->device[i].gpu : "?",
		    48, 0);
		fprintf(fp, ", ");
		esc_md(fp, report_snapshot(an->device[i].snapshot, line,
		    sizeof(line)), 640, 0);
		fprintf(fp, ".\n");
	}
	for (size_t i = 0; i < n; i++)
		if (an->device[i].step != NULL) {
			char	line[512];

			report_gpu_acct(&an->device[i], line, sizeof(line));
			fprintf(fp, "\n- Slurm accounting, ");
			esc_md(fp, line, 0, 0);
			fprintf(fp, "\n");
		}
}

static void
md_inputs(FILE *fp, const struct analysis *an)
{
	size_t	 n = an->ninputs < MD_TABLE_MAX ? an->ninputs : MD_TABLE_MAX;

	if (an->ninputs > 0)
		fprintf(fp, "\n## Inputs\n\n| input | node | manifest |"
		    " integrity | notes |\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const struct input_info	*in = &an->inputs[i];

		fprintf(fp, "| ");
		esc_md_code(fp, in->path != NULL ? in->path : "?", 80,
		    ESC_TABLE);
		fprintf(fp, " | ");
		esc_md(fp, in->node != NULL ? in->node : "?", 48, ESC_TABLE);
		fprintf(fp, " | %s | ", in->manifest ? "yes" : "no");
		esc_md(fp, in->integrity != NULL ? in->integrity : "unknown",
		    32, ESC_TABLE);
		fprintf(fp, " | ");
		for (size_t j = 0; j < in->nnotes && j < 3; j++) {
			fprintf(fp, "%s", j > 0 ? "; " : "");
			esc_md(fp, in->notes[j], 120, ESC_TABLE);
		}
		fprintf(fp, " |\n");
	}
	md_more(fp, an->ninputs, n, "inputs");
	n = an->nskew < MD_TABLE_MAX ? an->nskew : MD_TABLE_MAX;
	if (an->nskew > 0)
		fprintf(fp, "\n### Clock skew\n\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(fp, "- ");
		esc_md(fp, an->skew[i], 200, 0);
		fprintf(fp, "\n");
	}
	md_more(fp, an->nskew, n, "notes");
}

enum err_code
report_md(const struct analysis *an, FILE *fp,
    const struct report_opts *opts, struct err *e)
{
	size_t	 rows = opts != NULL && opts->max_rows > 0 ? opts->max_rows :
		    MD_ROWS_DEFAULT;

	md_verdict(fp, &an->verdict);
	md_collective(fp, an);
	md_folds(fp, an);
	md_findings(fp, an);
	md_timeline(fp, an, rows);
	md_ruled_out(fp, an);
	md_missing(fp, an);
	if (an->nhost > 0 || an->ndevice > 0)
		fprintf(fp, "\n## Quantities\n");
	md_host(fp, an);
	md_usage(fp, an);
	md_breakdown(fp, an);
	md_series(fp, an);
	md_device(fp, an);
	md_dcgm(fp, an);
	md_inputs(fp, an);
	if (an->damaged)
		fprintf(fp, "\n**Some input was damaged or failed its hash; "
		    "see Inputs.**\n");
	fprintf(fp, "\n---\n_oomtrail ");
	esc_md(fp, an->tool_version != NULL ? an->tool_version : "", 32, 0);
	fprintf(fp, " · schema %s_\n", ANALYSIS_SCHEMA);
	if (fflush(fp) == EOF || ferror(fp))
		return ERR_SYS(e, ERR_IO, "writing the Markdown report");
	return ERR_OK;
}
